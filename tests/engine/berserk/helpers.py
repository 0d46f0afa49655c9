"""Build Berserk positions by hand for rule tests, as the examples describe them: creatures on
cells, P1 (seat 0) in his main phase, dice fixed in advance."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.contract import Event
from engine.core.rng import Rng
from engine.games.berserk import BERSERK, CARDS
from engine.games.berserk.creatures import at_cells, uid_for
from engine.games.berserk.state import BerserkOptions, BerserkState, Creature, MainPhase, Side

GAME = BERSERK
SLUGS = {c.slug: c.id for c in CARDS.values()}


@dataclass(frozen=True)
class U:
    """A creature to put in a position: its card (slug), its cell (``None``: in reserve) and
    any state fields (``closed=True``, ``wounds=2`` …)."""

    slug: str
    cell: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)

    def __init__(self, slug: str, cell: str | None = None, **fields: Any) -> None:
        object.__setattr__(self, "slug", slug)
        object.__setattr__(self, "cell", cell)
        object.__setattr__(self, "fields", fields)


def position(
    p1: Iterable[U] = (),
    p2: Iterable[U] = (),
    *,
    dice: Sequence[int] = (),
    active: int = 0,
    round: int = 1,
    round_cap: int = 20,
) -> BerserkState:
    """A position in play: seat 0 is P1; ``active`` in his main phase with the stack and queue
    empty. Copies are numbered per card in the order given."""
    creatures: list[Creature] = []
    for seat, units in ((0, p1), (1, p2)):
        copies: Counter[str] = Counter()
        for u in units:
            card_id = SLUGS[u.slug]
            copies[card_id] += 1
            zone = "field" if u.cell is not None else "reserve"
            c = Creature(uid_for(seat, card_id, copies[card_id]), card_id, seat, zone, cell=u.cell)
            c = replace(c, moves=CARDS[card_id].moves if zone == "field" else 0)
            creatures.append(replace(c, **u.fields))
    return BerserkState(
        rng=Rng.scripted(*dice, seed=5),
        options=BerserkOptions(round_cap=round_cap),
        phase="play",
        sides=(Side(), Side()),
        first=0,
        creatures=tuple(creatures),
        round=round,
        active=active,
        stage="main",
        agenda=(MainPhase(seats=(active,), default={"kind": "end_turn"}),),
    )


def play(state: BerserkState, *actions: Any, seat: int | None = None) -> BerserkState:
    """Apply actions (text or data) for whoever is to act (or ``seat``)."""
    for action in actions:
        who = GAME.to_act(state)[0] if seat is None else seat
        state = GAME.apply(state, who, GAME.parse_action(action)).state
    return state


def step(state: BerserkState, action: Any, seat: int | None = None) -> tuple[BerserkState, list[Event]]:
    who = GAME.to_act(state)[0] if seat is None else seat
    done = GAME.apply(state, who, GAME.parse_action(action))
    return done.state, list(done.events)


def at(state: BerserkState, cell: str) -> Creature:
    return at_cells(state)[cell]


def unit(state: BerserkState, uid: str) -> Creature:
    return next(c for c in state.creatures if c.uid == uid)


def waiting(state: BerserkState) -> list[str]:
    """The kinds of the pending decisions."""
    return [d.kind for d in GAME.pending(state)]


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]
