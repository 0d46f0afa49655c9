"""What an arrival on an adventure space is expected to bring (H5): the face-up enemy if one
lies on the deck (H5.4), else the average over the cards still in it — an enemy is won when
the seat's own fight cards make its strength exactly (H5.3, Gandalf's doubling at his stop
included) and otherwise costs the party a push of about 6 spaces (10 − d); the other cards by
their effects (H5.9). Follow-ups after a chain enemy are not looked ahead to."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.ai.hobbit.smaug_move import smaug_moves
from engine.ai.hobbit.sums import exact, makes, reachable
from engine.ai.hobbit.table import Table
from engine.ai.hobbit.value import BARE, evaluate
from engine.ai.hobbit.worth import keep
from engine.games.hobbit.board import BILBO, FIGHT_STOP, FINISH, colour_of
from engine.games.hobbit.cards import card_of
from engine.games.hobbit.data import (
    AdventureDeck,
    Backward,
    Barrel,
    Enemy,
    Passage,
    RingSlips,
    SmaugCard,
    Sorrow,
    Thrush,
    Web,
)

SPEND = 0.45
"""The share of a fight card's keeping worth lost when it is spent on what it is for (a
fight, an attack): fight cards come back two draws a turn."""
LOST_FIGHT = 6
"""Spaces a lost fight pushes the party back, on average (10 − d, H5.3)."""
JOINT = 0.3
"""The chance that another fighting player makes a sum this hand cannot."""
SORROW = 7.0
THRUSH = 5.0
SMAUG_EVENT_FLOOR = -150.0
"""A Smaug event that would be fatal still leaves the window's Treasury cards (H6.2)."""


@dataclass(slots=True)
class Fights:
    """The seat's fight cards and what they make, worked out once per decision."""

    cards: list[str]
    bits: dict[bool, int] = field(default_factory=dict)
    costs: dict[tuple[int, bool], float | None] = field(default_factory=dict)

    @classmethod
    def of(cls, t: Table) -> Fights:
        cards = t.fight_hand()
        return cls(cards, {False: reachable(cards), True: reachable(cards, doubling=True)})

    def win_cost(self, strength: int, doubling: bool) -> float | None:
        """What winning a fight of ``strength`` with this hand spends, or ``None``."""
        key = (strength, doubling)
        if key not in self.costs:
            if not makes(self.bits[doubling], strength):
                self.costs[key] = None
            else:
                pick = exact(self.cards, strength, keep, doubling=doubling)
                self.costs[key] = None if pick is None else SPEND * sum(keep(c) for c, _ in pick.cards)
        return self.costs[key]


def doubling_at(t: Table, deck: AdventureDeck) -> bool:
    """Gandalf at this deck's stop: the active player may double one card (H5.3 step 3)."""
    return t.gandalf_stop == FIGHT_STOP[deck]


def arrival(t: Table, fights: Fights, figure: str, space: int) -> float:
    """The expected change in value when ``figure``, having moved forward onto ``space`` in
    table ``t``, meets the space's adventure (0 for ring-Bilbo or an exhausted deck)."""
    piece = t.piece(figure)
    deck = t.adventure_at(space)
    if deck is None or not t.counts(piece):
        return 0.0
    base = evaluate(t)
    party = [p.id for p in t.pieces if p.pos == space and t.counts(p)]
    joint = bool(t.party_seats(space, figure) - {t.active})
    up = t.face_up.get(deck)
    effects: dict[str, float] = {}

    def effect(card_type: str) -> float:
        if card_type not in effects:
            effects[card_type] = _effect(t, fights, base, deck, card_type, figure, space, party, joint)
        return effects[card_type]

    if up is not None:
        return effect(up.partition("#")[0])
    left = Counter(t.remaining[deck])
    total = sum(left.values())
    return sum(n * effect(kind) for kind, n in left.items()) / total


def _effect(
    t: Table,
    fights: Fights,
    base: float,
    deck: AdventureDeck,
    card_type: str,
    figure: str,
    space: int,
    party: list[str],
    joint: bool,
) -> float:
    card = card_of(f"{card_type}#1")
    if isinstance(card, Enemy):
        cost = fights.win_cost(card.strength, doubling_at(t, deck))
        lost = _shifted(t, party, -LOST_FIGHT) - base
        if cost is not None:
            return -cost
        return (1 - JOINT) * lost if joint else lost
    if isinstance(card, Web):
        caught = [p for p in party if p != BILBO and colour_of(p) in card.colours]
        if not caught:
            return 0.0
        return min(evaluate(t.tangled(p)) for p in caught) - base
    if isinstance(card, Barrel | Passage):
        return 0.7 * (_shifted(t, [figure], 3) - base)
    if isinstance(card, Backward):
        return max(_shifted(t, [p], -card.back) for p in party) - base
    if isinstance(card, Sorrow):
        return -SORROW
    if isinstance(card, Thrush):
        return THRUSH
    if isinstance(card, RingSlips):
        return -BARE if t.ring_on and t.bilbo.pos != space else 0.0
    if isinstance(card, SmaugCard):
        bonus = 0 if t.gandalf == "G_LAIR" else card.bonus
        return max(SMAUG_EVENT_FLOOR, smaug_moves(t, card.base + bonus).value - base)
    return 0.0


def _shifted(t: Table, figures: list[str], steps: int) -> float:
    moved = t
    for f in figures:
        pos = t.piece(f).pos
        if pos is not None:
            moved = moved.moved(f, max(0, min(pos + steps, FINISH)))
    return evaluate(moved)
