"""What a Berserk seat or a spectator sees — the one place that decides visibility (B60–B63).

Public: deck choices once both are in, seats and budgets, everything on the field (identity,
cell, open or closed, wounds, counters, poison, modifiers with creator and expiry), both
graveyards, reserve sizes, the stack, the queue and the raised triggers, and for each seat
whether a decision is pending to it and of which kind. Private (``own``, the seat's own view
only): its deck before the reveal of both, its recruitment, placement, reserve cards, Muster
choice and unrecruited cards. Dice, defender choices and trigger orders are public events.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pydantic import TypeAdapter

from engine.games.berserk.abilities import trigger_choices
from engine.games.berserk.attacks import displayed_strike
from engine.games.berserk.cards import DECKS
from engine.games.berserk.creatures import card, cell_key, field_cost, order_key, role, turn_number
from engine.games.berserk.setup import deck_budget, recruit_uids
from engine.games.berserk.state import (
    SIMULTANEOUS,
    BerserkState,
    Creature,
    EndReason,
    MusterChoice,
    Phase,
    Stage,
    StrikeMod,
)
from engine.kits.resolution import Candidate, Item, Raised, candidates

ROLE_NAMES = ("P1", "P2")


@dataclass(frozen=True, slots=True)
class UnitView:
    uid: str
    card: str
    name: str
    seat: int
    cell: str | None
    closed: bool
    life: int
    wounds: int
    counters: int
    max_counters: int
    poison: int
    moves: int
    strike: tuple[int, int, int]
    """As displayed (B52): printed plus temporary modifiers, each clamped at 0."""
    raw_strike: tuple[int, int, int]
    struck: bool
    defended: int
    mods: tuple[StrikeMod, ...]


@dataclass(frozen=True, slots=True)
class SideView:
    seat: int
    role: str | None
    """``P1`` or ``P2`` once the seats are chosen."""
    deck: str | None
    """Public once both decks are chosen."""
    budget: tuple[int, int] | None
    """(gold, silver) once the roles are known (B15)."""
    waiting: str | None
    """The kind of decision pending to this seat, if any."""
    sent: bool | None
    """In a simultaneous submission: whether this seat has sent it; ``None`` otherwise."""
    reserve: int | None
    """How many cards it has in reserve, from the Reveal on."""
    graveyard: tuple[UnitView, ...]
    field_cost: int


@dataclass(frozen=True, slots=True)
class OwnView:
    """A seat's private information (B60)."""

    deck: str | None
    recruits: tuple[str, ...] | None
    """Card ids recruited, in order."""
    uids: tuple[str, ...]
    """Their instance ids (before the Reveal; placement names these)."""
    placement: dict[str, str] | None
    """Its placement as sent, until the Reveal."""
    reserve: tuple[UnitView, ...]
    unrecruited: tuple[str, ...]
    muster: MusterChoice | None
    """Its Muster choice as sent, until both have chosen."""


@dataclass(frozen=True, slots=True)
class BerserkView:
    seat: int | None
    phase: Phase
    stage: Stage | None
    round: int
    round_cap: int
    edition: int
    """The budgets' edition (``BerserkOptions.edition``): what each deck recruits with is
    ``setup.deck_budget`` of it (B15)."""
    turn: int
    active: int | None
    first: int | None
    sides: tuple[SideView, SideView]
    field: tuple[UnitView, ...]
    """Creatures on the field, row by row from row 1."""
    stack: tuple[Item, ...]
    queue: tuple[Item, ...]
    raised: tuple[Raised, ...]
    """Triggers waiting for the declaration step."""
    decision: str | None
    """The kind of the decision pending to the viewer."""
    declaring: tuple[Candidate, ...]
    """The viewer's triggers to declare (``order_triggers``), with their target choices."""
    own: OwnView | None
    winner: int | str | None
    end: EndReason | None


VIEW_ADAPTER: TypeAdapter[BerserkView] = TypeAdapter(BerserkView)
OWN_ADAPTER: TypeAdapter[OwnView] = TypeAdapter(OwnView)


@lru_cache(maxsize=4096)
def unit_view(c: Creature) -> UnitView:
    """A creature as everyone sees it (kept for creatures that did not change: a view is made
    for every move of a random game)."""
    data = card(c)
    shown, raw = displayed_strike(c)
    return UnitView(
        uid=c.uid,
        card=c.card,
        name=data.name,
        seat=c.owner,
        cell=c.cell,
        closed=c.closed,
        life=data.life,
        wounds=c.wounds,
        counters=c.counters,
        max_counters=data.max_counters,
        poison=c.poison,
        moves=c.moves,
        strike=shown,
        raw_strike=raw,
        struck=c.struck,
        defended=c.defended,
        mods=c.mods,
    )


def _side(state: BerserkState, seat: int) -> SideView:
    waiting = next((d.kind for d in state.agenda if seat in d.seats), None)
    simultaneous = next((d.kind for d in state.agenda if d.kind in SIMULTANEOUS), None)
    known_roles = state.first is not None
    revealed = state.phase in ("play", "over")
    deck = state.sides[seat].deck if state.phase != "deck" else None
    return SideView(
        seat=seat,
        role=ROLE_NAMES[role(state, seat)] if known_roles else None,
        deck=deck,
        budget=deck_budget(DECKS[deck], state.options.edition) if deck is not None and known_roles else None,
        waiting=waiting,
        sent=None if simultaneous is None else waiting != simultaneous,
        reserve=sum(1 for c in state.creatures if c.owner == seat and c.zone == "reserve")
        if revealed
        else None,
        graveyard=tuple(
            unit_view(c)
            for c in sorted(state.creatures, key=order_key)
            if c.owner == seat and c.zone == "graveyard"
        ),
        field_cost=field_cost(state, seat),
    )


def own_view(state: BerserkState, seat: int) -> OwnView:
    side = state.sides[seat]
    recruits = side.recruits
    setting_up = state.phase in ("recruit", "place") and recruits is not None
    uids = tuple(recruit_uids(role(state, seat), recruits or ())) if setting_up else ()
    left = list(DECKS[side.deck].cards) if side.deck is not None else []
    for card_id in recruits or ():
        left.remove(card_id)
    return OwnView(
        deck=side.deck,
        recruits=recruits,
        uids=uids,
        placement=dict(side.placement) if side.placement is not None else None,
        reserve=tuple(
            unit_view(c)
            for c in sorted(state.creatures, key=order_key)
            if c.owner == seat and c.zone == "reserve"
        ),
        unrecruited=tuple(left) if recruits is not None else (),
        muster=side.muster,
    )


def make_view(state: BerserkState, seat: int | None) -> BerserkView:
    playing = state.phase in ("play", "over")
    mine = next((d for d in state.agenda if seat is not None and seat in d.seats), None)
    declaring: tuple[Candidate, ...] = ()
    if mine is not None and mine.kind == "order_triggers" and seat is not None:
        declaring, _ = candidates(state.resolution.raised, seat, lambda t: trigger_choices(state, t))
    on_field = sorted((c for c in state.creatures if c.zone == "field" and c.cell is not None), key=cell_key)
    return BerserkView(
        seat=seat,
        phase=state.phase,
        stage=state.stage if playing else None,
        round=state.round,
        round_cap=state.options.round_cap,
        edition=state.options.edition,
        turn=turn_number(state) if playing else 0,
        active=state.active if playing else None,
        first=state.first,
        sides=(_side(state, 0), _side(state, 1)),
        field=tuple(unit_view(c) for c in on_field),
        stack=state.resolution.stack,
        queue=state.resolution.queue,
        raised=state.resolution.raised,
        decision=None if mine is None else mine.kind,
        declaring=declaring,
        own=own_view(state, seat) if seat is not None and seat in (0, 1) else None,
        winner=state.winner,
        end=state.end,
    )
