"""What a stored Pickomino position must hold beyond its fields' bounds (``Game.state_problem``):
each tile lies in one place, the grill is in order, a stack per seat, the dice of the phase."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.core.rng import unscripted
from engine.core.stored import first_problem
from engine.games.pickomino.data import DICE, TILES
from engine.games.pickomino.state import PickominoState

Check = Callable[[PickominoState], str | None]


def _seats(state: PickominoState) -> str | None:
    if len(state.stacks) != state.seats:
        return f"{len(state.stacks)} stacks for {state.seats} seats"
    if state.current >= state.seats or any(seat >= state.seats for seat in state.resigned):
        return f"a seat beyond the {state.seats} seats"
    if len(set(state.resigned)) != len(state.resigned):
        return "a seat resigned twice"
    if any(state.stacks[seat] for seat in state.resigned):
        return "a seat that resigned still holds tiles"
    return None


def _tiles(state: PickominoState) -> str | None:
    """P2: the sixteen tiles, each on the grill, turned over or in one stack."""
    where = Counter(state.grill + state.turned + tuple(t for stack in state.stacks for t in stack))
    if where != Counter(TILES):
        return "the tiles on the grill, turned over and in the stacks are not each tile once"
    if list(state.grill) != sorted(state.grill):
        return "the grill is not in order"
    return None


_DICE: dict[str, Callable[[int, int], bool]] = {
    "roll": lambda rolled, kept: rolled == kept == 0,
    "keep": lambda rolled, kept: rolled > 0 and rolled + kept == DICE,
    "decide": lambda rolled, kept: rolled == 0 and kept > 0,
    "over": lambda rolled, kept: rolled == kept == 0,
}
"""The dice of each phase, rolled and kept: none before the roll or once over, the roll of
every die not kept while a face is to be kept, some kept after a keep."""


def _dice(state: PickominoState) -> str | None:
    rolled, kept = sum(state.roll), sum(state.kept)
    if not _DICE[state.phase](rolled, kept):
        return f"{rolled} dice rolled and {kept} kept in the {state.phase} phase"
    return None


def _turn(state: PickominoState) -> str | None:
    playing = state.seats - len(state.resigned)
    if state.phase == "over":
        return None
    if playing < 2 or not state.grill:
        return "the game goes on with fewer than two players or an empty grill"
    if state.current in state.resigned:
        return f"seat {state.current}, which resigned, is to play"
    return None


CHECKS: tuple[Check, ...] = (_seats, _tiles, _dice, _turn, lambda state: unscripted(state.rng))


def state_problem(state: PickominoState) -> str | None:
    return first_problem(state, CHECKS)
