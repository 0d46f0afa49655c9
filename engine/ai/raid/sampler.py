"""The ``random`` policy for Raid: how its templates become concrete actions.

Raid's ``legal_actions`` list templates — ``place`` with no objects ('give a placement') and
``move`` with no path ('give a path'). The sampler fills them in uniformly from the seat's view:
a random valid placement, or a path of 1–3 random straight legs from the scout's cell that stays
on the map. Concrete items (``place_random``, a ``guess``, ``use_kit`` / ``leave_kit``) are
returned as they are.
"""

from __future__ import annotations

import random
from typing import Any

from engine.ai.raid.geometry import room
from engine.games.raid.actions import Move, Place, TerroristSpot
from engine.games.raid.cells import ALL_CELLS, DELTAS, cell_name, coords
from engine.games.raid.view import RaidView


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


def random_move(view: RaidView, rng: random.Random, max_legs: int = 3) -> Move:
    """1–``max_legs`` straight legs in random directions and lengths, never off the map."""
    assert view.seat is not None
    here = view.scouts[view.seat].cell
    waypoints: list[str] = []
    for _ in range(rng.randint(1, max_legs)):
        space = {d: n for d, n in room(here).items() if n > 0}
        direction = rng.choice(sorted(space))
        length = rng.randint(1, space[direction])
        col, row = coords(here)
        dc, dr = DELTAS[direction]
        here = cell_name(col + dc * length, row + dr * length)
        waypoints.append(here)
    return Move(path=tuple(waypoints))
