"""What a Berserk computer player reads from its view: a position rebuilt from public facts
and its own secrets only, so it can ask the rules' own pure functions (strike tables,
modifiers, defenders, movement) about it; and how much each card is worth.

The rebuilt position has everything on the field and in both graveyards, the viewer's own
reserve, the stack and the queue. The opponent's reserve — unknown — is left out, and the
generator is a fixed one: the player never rolls dice through it, it only weighs them.
"""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.berserk.cards import (
    CARDS,
    Activated,
    Card,
    DefenderProps,
    Experience,
    NoCloseOnStrike,
    Shelter,
    StaticMod,
    Triggered,
    Unanswerable,
    Unblockable,
)
from engine.games.berserk.state import BerserkOptions, BerserkState, Creature, Side
from engine.games.berserk.view import BerserkView, UnitView
from engine.kits.resolution import Resolution

ABILITY_WORTH: dict[type, float] = {
    Experience: 1.5,
    StaticMod: 1.0,
    Unblockable: 1.0,
    Unanswerable: 1.5,
    DefenderProps: 1.5,
    NoCloseOnStrike: 1.5,
    Shelter: 1.5,
    Activated: 1.5,
    Triggered: 1.0,
}
"""What an ability entry adds to a card's worth, by kind (a rough guide, in strike points)."""


def worth(card: Card) -> float:
    """A card's worth in play: its body (half its life plus its three strike values) and its
    abilities."""
    return card.life / 2 + sum(card.strike) + sum(ABILITY_WORTH[type(a)] for a in card.abilities)


WORTH: dict[str, float] = {card_id: worth(card) for card_id, card in CARDS.items()}


def _creature(unit: UnitView, zone: str) -> Creature:
    return Creature(
        uid=unit.uid,
        card=unit.card,
        owner=unit.seat,
        zone=zone,  # type: ignore[arg-type]
        cell=unit.cell,
        closed=unit.closed,
        wounds=unit.wounds,
        counters=unit.counters,
        poison=unit.poison,
        moves=unit.moves,
        struck=unit.struck,
        defended=unit.defended,
        mods=unit.mods,
    )


def position(view: BerserkView) -> BerserkState:
    """The position as the viewer knows it (see the module docstring)."""
    creatures = [_creature(u, "field") for u in view.field]
    for side in view.sides:
        creatures.extend(_creature(u, "graveyard") for u in side.graveyard)
    if view.own is not None:
        creatures.extend(_creature(u, "reserve") for u in view.own.reserve)
    return BerserkState(
        rng=Rng(0),
        options=BerserkOptions(round_cap=view.round_cap, edition=view.edition),
        phase=view.phase,
        sides=(Side(deck=view.sides[0].deck), Side(deck=view.sides[1].deck)),
        first=view.first,
        creatures=tuple(creatures),
        round=view.round,
        active=view.active if view.active is not None else 0,
        stage=view.stage or "main",
        resolution=Resolution(stack=view.stack, queue=view.queue, raised=view.raised),
    )
