"""H8.7–H8.10: the end of the game, checked after every atomic step (H8.9). Once it is over
nothing else resolves: ``finish`` raises ``Ended``, which ``apply`` catches, so whatever was
still to happen (pushes, draws, phases) is dropped."""

from __future__ import annotations

from engine.core.contract import Event
from engine.games.hobbit.board import DRAGON, FINISH
from engine.games.hobbit.state import WON, EndReason, HobbitState


class Ended(Exception):
    """The game ended in the middle of resolving an action; the working copy holds the end."""


def loss(state: HobbitState) -> EndReason | None:
    """H8.8 (the round limit apart)."""
    if state.smaug == DRAGON:
        return "smaug_reached_esgaroth"
    if state.bilbo.pos is None:
        return "bilbo_killed"
    dead = [0] * state.seats
    for f in state.figures:
        if f.seat is not None and f.pos is None:
            dead[f.seat] += 1
            if dead[f.seat] >= 2:
                return "dwarves_lost"
    return None


def won(state: HobbitState) -> bool:
    """H8.7: Bilbo on FINISH and at least one dwarf of every player there."""
    if state.bilbo.pos != FINISH:
        return False
    home = {f.seat for f in state.figures if f.seat is not None and f.pos == FINISH}
    return len(home) == state.seats


def check(work: HobbitState, events: list[Event]) -> None:
    """H8.9: loss before win."""
    reason = loss(work)
    if reason is not None:
        finish(work, reason, events)
    if won(work):
        finish(work, "erebor_reached", events)


def finish(work: HobbitState, reason: EndReason, events: list[Event]) -> None:
    work.end = reason
    work.agenda = ()
    events.append(Event("game_over", {"won": reason in WON, "reason": reason}))
    raise Ended(reason)
