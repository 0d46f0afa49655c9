"""The ``random`` policy for Raid: how its templates become concrete actions.

Raid's ``legal_actions`` list templates — ``place`` with no objects ('give a placement') and
``move`` with no path ('give a path'). The sampler fills them in uniformly from the seat's view:
a random valid placement, or a path of 1–3 random straight legs from the scout's cell that stays
on the map. Concrete items (``place_random``, a ``guess``, ``use_kit`` / ``leave_kit``) are
returned as they are.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from engine.ai.raid.geometry import room
from engine.games.raid.actions import Move, Place, TerroristSpot
from engine.games.raid.cells import ALL_CELLS, DELTAS, cell_name, coords
from engine.games.raid.view import RaidView


def fills(item: Any) -> bool:
    """Whether ``sample`` fills ``item`` in: only the two templates."""
    return (isinstance(item, Place) and item == Place()) or (isinstance(item, Move) and not item.path)


def sample(view: RaidView, item: Any, rng: random.Random) -> Any:
    if isinstance(item, Place) and item == Place():
        return random_place(view, rng)
    if isinstance(item, Move) and not item.path:
        return random_move(view, rng)
    return item


def random_place(view: RaidView, rng: random.Random) -> Place:
    """A uniformly random valid placement (R4–R6): cells without repeats per kind, never the
    entry, terrorists in buildings, weak spots 1…zones."""
    counts = view.counts
    free = [c for c in ALL_CELLS if c != view.entry]
    buildings = [c for c in view.buildings if c != view.entry]
    kit = rng.sample(free, counts["kit"])
    return Place(
        pits=tuple(rng.sample(free, counts["pits"])),
        traps=tuple(rng.sample(free, counts["traps"])),
        terrorists=tuple(
            TerroristSpot(c, rng.randint(1, view.zones)) for c in rng.sample(buildings, counts["terrorists"])
        ),
        kit=kit[0] if kit else None,
        artifacts=tuple(rng.sample(free, counts["artifacts"])),
    )


@cache
def _legs_from(cell: str) -> tuple[tuple[str, ...], ...]:
    """The straight legs a scout on ``cell`` can walk: per direction with room, in name order,
    the cells 1, 2, … steps away, up to the edge of the map."""
    col, row = coords(cell)
    legs: list[tuple[str, ...]] = []
    for direction, room_left in sorted(room(cell).items()):
        dc, dr = DELTAS[direction]
        if room_left > 0:
            legs.append(tuple(cell_name(col + dc * n, row + dr * n) for n in range(1, room_left + 1)))
    return tuple(legs)


def random_move(view: RaidView, rng: random.Random, max_legs: int = 3) -> Move:
    """1–``max_legs`` straight legs in random directions and lengths, never off the map."""
    assert view.seat is not None
    here = view.scouts[view.seat].cell
    waypoints: list[str] = []
    # ``randrange(1, n + 1)`` is what ``randint(1, n)`` calls: the same draws, one call fewer
    for _ in range(rng.randrange(1, max_legs + 1)):
        line = rng.choice(_legs_from(here))
        here = line[rng.randrange(1, len(line) + 1) - 1]
        waypoints.append(here)
    return Move(path=tuple(waypoints))
