"""The flow around the resolution loop (B43): the questions the loop asks of a Berserk
position, what follows when it ends (P1's start step after the Reveal or a Muster, the main
phase after a start step or an action), the decision a seat gets when it pauses, and the
opening of a round (the Muster, B19)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from engine.core.contract import Event
from engine.games.berserk.abilities import can_offer, trigger_choices
from engine.games.berserk.creatures import get, order_key, seat_of_role
from engine.games.berserk.execution import execute
from engine.games.berserk.setup import can_muster, muster, muster_due
from engine.games.berserk.state import (
    BerserkDecision,
    BerserkState,
    MainPhase,
    MusterCall,
    ResponseWindow,
    TriggerDeclaration,
    changed,
    with_agenda,
    with_resolution,
)
from engine.games.berserk.turns import start_turn
from engine.kits.build import builder
from engine.kits.resolution import (
    Candidate,
    Item,
    Raised,
    Resolution,
    Targets,
    candidates,
    default_declaration,
    settle,
)

SEATS = 2


_main_phase = builder(MainPhase)
"""``MainPhase`` without the frozen ``__init__``, every field given (kind, seats, options,
secret, default, data): one is made after almost every action."""
SEAT_ORDERS = ((0, 1), (1, 0))
"""The seats in turn order, by the seat of P1 (made once: the loop asks at every step)."""


class BerserkTable:
    """The questions the resolution loop asks of a Berserk position."""

    def resolution(self, state: BerserkState) -> Resolution:
        return state.resolution

    def with_resolution(self, state: BerserkState, resolution: Resolution) -> BerserkState:
        return with_resolution(state, resolution)

    def active(self, state: BerserkState) -> int:
        return state.active

    def seat_order(self, state: BerserkState) -> tuple[int, ...]:
        return SEAT_ORDERS[seat_of_role(state, 0)]

    def target_choices(self, state: BerserkState, trigger: Raised) -> Sequence[Targets]:
        return trigger_choices(state, trigger)

    def can_respond(self, state: BerserkState, seat: int) -> bool:
        return can_offer(state, seat, instants_only=True)

    def execute(self, state: BerserkState, item: Item, events: list[Event]) -> BerserkState:
        return execute(state, item, events)

    def over(self, state: BerserkState) -> bool:
        return state.phase == "over"


TABLE = BerserkTable()


def trigger_order(state: BerserkState) -> Callable[[Raised], tuple[object, ...]]:
    """B25a: triggers by their source's card id, then copy number, then the order their events
    arose."""

    def key(trigger: Raised) -> tuple[object, ...]:
        return (*order_key(get(state, trigger.source)), trigger.ref)

    return key


def proceed(state: BerserkState, events: list[Event]) -> BerserkState:
    """Run the resolution loop (B43); when it pauses, wait for that seat; when it ends, go on:
    after the Reveal or a Muster to P1's start step, after a start step or an action to the
    main phase."""
    while state.phase != "over":
        state, pause = settle(TABLE, state, events)
        if state.phase == "over":
            return state
        if pause is not None:
            decision: BerserkDecision
            if pause.kind == "declare":
                chosen = default_declaration(declarable(state, pause.seat), trigger_order(state))
                default = {
                    "kind": "order_triggers",
                    "entries": [{"ref": d.ref, "targets": list(d.targets)} for d in chosen],
                }
                decision = TriggerDeclaration(seats=(pause.seat,), default=default)
            else:
                decision = ResponseWindow(seats=(pause.seat,), default={"kind": "pass"})
            return with_agenda(state, (decision,))
        if state.stage in ("reveal", "muster"):
            state = start_turn(state, seat_of_role(state, 0), events)
            continue
        main = _main_phase("main", (state.active,), (), False, {"kind": "end_turn"}, {})
        return changed(state, stage="main", agenda=(main,))
    return state


def begin_round(state: BerserkState, events: list[Event]) -> BerserkState:
    """A new round: the Muster if either player has a reserve (B19), else P1's start step."""
    if not muster_due(state):
        return proceed(start_turn(state, state.active, events), events)
    state = changed(
        state,
        stage="muster",
        sides=(replace(state.sides[0], muster=None), replace(state.sides[1], muster=None)),
    )
    calls = tuple(
        MusterCall(seats=(s,), default={"kind": "muster"}) for s in range(SEATS) if can_muster(state, s)
    )
    if not calls:  # the engine submits none for both (B19.4, B19.5)
        return proceed(muster(state, events), events)
    events.append(Event("muster_open", {"seats": [d.seats[0] for d in calls]}))
    return changed(state, agenda=calls)


def declarable(state: BerserkState, seat: int) -> tuple[Candidate, ...]:
    """The seat's raised triggers it may declare now, with their target choices (B41)."""
    found, _ = candidates(state.resolution.raised, seat, lambda t: trigger_choices(state, t))
    return found
