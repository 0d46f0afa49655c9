"""What a stored Raid position must hold beyond its fields' bounds (``Game.state_problem``):
each map a placement the options allow, each scout on the trail it walked with the artifacts it
collected, and the agenda exactly what the rules wait for in its phase."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from engine.core.rng import unscripted
from engine.core.stored import first_problem
from engine.games.raid.cells import ALL_CELLS, coords
from engine.games.raid.data import MAX_TURNS, MAX_WOUNDS, SEATS
from engine.games.raid.placement import check_placement, placement_of
from engine.games.raid.scenarios import SCENARIOS
from engine.games.raid.state import Fight, Hazard, Kit, PlaceObjects, RaidDecision, RaidState, Walk

Check = Callable[[RaidState], str | None]


def _maps(state: RaidState) -> str | None:
    """R4–R7: a placed map is a placement the options allow; pits and traps stay live (R14,
    R15), an object no longer live has been met."""
    for owner, objects in enumerate(state.maps):
        if objects is None:
            continue
        problems = check_placement(placement_of(objects), state.options)
        if problems:
            return f"the map of seat {owner}: {problems[0].message}"
        if any(_misplaced(h) for h in objects):
            return f"the map of seat {owner} holds an object that cannot be as it is"
    return None


def _misplaced(hazard: Hazard) -> bool:
    is_terrorist = hazard.kind == "terrorist"
    lasting = hazard.kind in ("pit", "trap")
    return (
        (hazard.zone is not None) != is_terrorist
        or (lasting and not hazard.live)
        or not (hazard.live or hazard.found)
    )


def _scouts(state: RaidState) -> str | None:
    """Each scout stands at the end of its trail, which starts at the entry and goes one cell
    at a time; it holds the artifacts it collected on the opponent's map."""
    entry = SCENARIOS[state.options.scenario].entry
    for seat, scout in enumerate(state.scouts):
        trail = scout.trail
        if trail[0] != entry or trail[-1] != scout.cell:
            return f"the trail of seat {seat}'s scout does not run from the entry to where it stands"
        if not all(step in _STEPS for step in pairwise(trail)):
            return f"the trail of seat {seat}'s scout jumps"
        objects = state.maps[1 - seat] or ()
        collected = sum(1 for h in objects if h.kind == "artifact" and not h.live)
        if scout.artifacts != collected:
            return f"seat {seat}'s scout holds {scout.artifacts} artifacts, having collected {collected}"
    return None


def _distance(a: str, b: str) -> int:
    (ac, ar), (bc, br) = coords(a), coords(b)
    return abs(ac - bc) + abs(ar - br)


_STEPS = frozenset((a, b) for a in ALL_CELLS for b in ALL_CELLS if _distance(a, b) == 1)
"""Every step a scout can take: to a cell beside its own, in a row or a column."""


def _phase(state: RaidState) -> str | None:
    """The agenda and the end are those of the phase: the placement of the seats without a map,
    then the walk of the seat whose turn it is (with a fight or a kit on top), then nothing."""
    over = state.phase == "over"
    if over != (state.end is not None) or over != (state.winner is not None):
        return f"the {state.phase} phase with the end {state.end!r} and the winner {state.winner!r}"
    expected = _AGENDA[state.phase](state)
    if state.agenda[: len(expected)] != expected:
        return f"the agenda {_kinds(state.agenda)} in the {state.phase} phase"
    if len(state.agenda) > len(expected) and not _interrupted(state, state.agenda[-1]):
        return f"a {state.agenda[-1].kind} decision that is not the walking scout's"
    if not over and (state.turn >= MAX_TURNS or any(s.wounds >= MAX_WOUNDS for s in state.scouts)):
        return "the game goes on past its turn limit or with a beaten scout"
    return None


def _placing(state: RaidState) -> tuple[RaidDecision, ...]:
    return (PlaceObjects(seats=tuple(s for s in range(SEATS) if state.maps[s] is None)),)


def _walking(state: RaidState) -> tuple[RaidDecision, ...]:
    if any(objects is None for objects in state.maps):
        return (PlaceObjects(seats=()),)  # never equal: play starts once both have placed
    return (Walk(seats=(state.current,)),)


_AGENDA: dict[str, Callable[[RaidState], tuple[RaidDecision, ...]]] = {
    "placement": _placing,
    "play": _walking,
    "over": lambda state: (),
}
"""What each phase waits for at the bottom of the agenda."""


def _interrupted(state: RaidState, decision: RaidDecision) -> bool:
    """Whether ``decision``, on top of the walk, is what the rules push there: a fight with a
    live terrorist (R13) or a first-aid kit found (R16), on the walking scout's cell."""
    seat = state.current
    cell = state.scouts[seat].cell
    objects = state.maps[1 - seat] or ()
    if isinstance(decision, Kit):
        live_kit = any(h.kind == "kit" and h.live and h.cell == cell for h in objects)
        return live_kit and decision == Kit(seats=(seat,), cell=cell)
    if not isinstance(decision, Fight) or not decision.target < len(objects):
        return False
    target = objects[decision.target]
    zones = tuple(z for z in range(1, state.options.zones + 1) if z not in decision.named)
    fight = Fight(
        seats=(seat,),
        options=zones,
        cell=cell,
        target=decision.target,
        named=decision.named,
        then=decision.then,
    )
    return (
        decision == fight
        and (target.kind, target.cell, target.live) == ("terrorist", cell, True)
        and all(n < len(objects) and objects[n].cell == cell for n in decision.then)
    )


def _kinds(agenda: tuple[RaidDecision, ...]) -> str:
    return "[" + ", ".join(d.kind for d in agenda) + "]"


CHECKS: tuple[Check, ...] = (_maps, _scouts, _phase, lambda state: unscripted(state.rng))


def state_problem(state: RaidState) -> str | None:
    return first_problem(state, CHECKS)
