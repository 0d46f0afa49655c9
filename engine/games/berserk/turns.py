"""Rounds and turns: the start step (B22), movement (B26), the end step (B24), the Muster
between rounds (B19) and the round cap (B58)."""

from __future__ import annotations

from engine.core.contract import TURN_STARTED, Event
from engine.games.berserk import board
from engine.games.berserk.cards import CARDS
from engine.games.berserk.creatures import field_cost, role, seat_of_role, turn_number, updated
from engine.games.berserk.effects import check_deaths, finish, suffer
from engine.games.berserk.state import (
    BerserkState,
    Creature,
    changed,
    changed_creature,
    new_creature,
    with_creatures,
)


def start_turn(state: BerserkState, seat: int, events: list[Event]) -> BerserkState:
    """B22: the seat's closed creatures open and its moves reset; every creature's per-turn
    flags clear; the seat's poisoned creatures suffer their poison together (not an attack);
    deaths are checked. The resolution loop runs next for whatever this raised."""
    state = changed(state, active=seat, stage="start", agenda=())
    events.append(Event(TURN_STARTED, {"seat": seat, "round": state.round, "turn": turn_number(state)}))
    # one pass over the creatures, each made positionally (``replace`` costs several times
    # as much, and every creature on the field changes at every turn)
    fresh: list[Creature] = []
    for c in state.creatures:
        if c.zone != "field":
            fresh.append(c)
        elif c.owner == seat:
            fresh.append(
                new_creature(
                    c.uid, c.card, c.owner, c.zone, c.cell, False, c.wounds, c.counters, c.poison,
                    CARDS[c.card].moves, False, 0, c.mods,
                )
            )
        elif c.struck or c.defended:
            fresh.append(
                new_creature(
                    c.uid, c.card, c.owner, c.zone, c.cell, c.closed, c.wounds, c.counters, c.poison,
                    c.moves, False, 0, c.mods,
                )
            )
        else:
            fresh.append(c)
    state = with_creatures(state, tuple(fresh))
    poisoned = [
        (c.uid, c.poison) for c in state.creatures if c.zone == "field" and c.owner == seat and c.poison
    ]
    if poisoned:
        state, _ = suffer(state, poisoned, events, "poison")
    return check_deaths(state, (), events)


def destinations(state: BerserkState, creature: Creature) -> dict[str, int]:
    """B26: the cells a creature may move to now, with the moves each costs (the shortest walk
    through empty cells)."""
    if creature.zone != "field" or creature.cell is None or creature.closed or creature.moves < 1:
        return {}
    taken = {c.cell for c in state.creatures if c.zone == "field" and c.cell is not None}
    return board.reachable(creature.cell, creature.moves, taken)


def end_turn(state: BerserkState, events: list[Event]) -> tuple[BerserkState, bool]:
    """B24: modifiers due to expire do; the turn passes. Returns the new position and whether a
    new round begins (P2's turn ended and the round cap is not reached)."""
    now = turn_number(state)
    expiring = [c for c in state.creatures if any(m.expires <= now for m in c.mods)]
    kept = (changed_creature(c, mods=tuple(m for m in c.mods if m.expires > now)) for c in expiring)
    state = updated(state, *kept)
    events.append(Event("turn_ended", {"seat": state.active, "turn": now}))
    if role(state, state.active) == 0:
        return changed(state, active=seat_of_role(state, 1)), False
    if state.round >= state.options.round_cap:
        return round_cap(state, events), False
    return changed(state, round=state.round + 1, active=seat_of_role(state, 0)), True


def round_cap(state: BerserkState, events: list[Event]) -> BerserkState:
    """B58: each player scores the printed cost of his creatures on the field; the higher
    score wins, a tie is a draw."""
    scores = [field_cost(state, seat) for seat in (0, 1)]
    events.append(Event("round_cap", {"scores": scores}))
    winner: int | str = "draw" if scores[0] == scores[1] else (0 if scores[0] > scores[1] else 1)
    return finish(state, winner, "round_cap", events)
