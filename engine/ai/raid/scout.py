"""``scout``: a Raid player that places sensibly and explores systematically.

Placement (its own map, walked by the opponent): artifacts far from the entry and from each
other; terrorists in buildings, preferring buildings near an artifact (guards); pits and traps
on the cells a scout crosses first (near the entry) and next to the artifacts; the kit — which
only helps the opponent — near the entry, where it is found early, while its finder is still
unhurt. Every choice is weighted random, so the map differs from game to game.

Play (the opponent's map, seen only through its own view — ``knowledge.read``):
- Moving: a tour through unexplored cells, nearest first by a risk-weighted distance: walked
  cells are free, open unexplored cells cost 1, unexplored buildings more (only there can a
  terrorist wait; more so the more wounded the scout is), known pits and traps far more (they
  stay live). The first hazard met ends the turn, so the tour is only planned a few dozen cells
  ahead.
- The kit: used when found with enough wounds, else left and remembered; when wounded enough
  later the scout walks back to it.
- Fights: zones not yet named, in random order (nothing in a view tells a weak spot).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.ai.raid.geometry import distance, legs, neighbours
from engine.games.raid.actions import MAX_WAYPOINTS, Guess, LeaveKit, Move, Place, TerroristSpot, UseKit
from engine.games.raid.cells import ALL_CELLS
from engine.games.raid.knowledge import Knowledge, read
from engine.games.raid.view import RaidView

USE_KIT_AT = 5
"""Wounds at which a found kit is used rather than left for later."""
RETURN_TO_KIT_AT = 9
"""Wounds at which the scout walks back to a kit it left."""
TOUR_CELLS = 24
"""New cells planned per move: a hazard stops the scout long before, on average."""

PIT_COST = 10.0
TRAP_COST = 6.0
KIT_COST = 3.0
"""Entering the left kit's cell ends the turn without need."""
WALKED_COST = 0.05
OPEN_COST = 1.0
BUILDING_COST = 2.0
WOUND_BUILDING_COST = 0.4
"""Extra cost of an unexplored building per wound: a terrorist there costs 2.5 wounds on
average (6 zones), and a scout at 15 wounds has lost."""

_NEIGHBOURS: dict[str, tuple[str, ...]] = {c: tuple(neighbours(c)) for c in ALL_CELLS}


class ScoutPolicy:
    def choose(self, view: RaidView, legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        if isinstance(first, Place):
            return place(view, rng)
        if isinstance(first, Guess):
            return rng.choice(list(legal))
        if isinstance(first, UseKit | LeaveKit):
            wanted = UseKit if view.scouts[view.seat or 0].wounds >= USE_KIT_AT else LeaveKit
            return next(a for a in legal if isinstance(a, wanted))
        return move(view, rng)


# -- play -----------------------------------------------------------------------------------
def move(view: RaidView, rng: random.Random) -> Move:
    known = read(view)
    if known.kit is not None and known.wounds >= RETURN_TO_KIT_AT:
        return Move(path=tuple(legs(known.here, _route_to_kit(known, view))))
    route = _tour(known, view, rng)
    if not route:  # everything explored (cannot happen while artifacts remain): step anywhere
        route = [rng.choice(_NEIGHBOURS[known.here])]
    return Move(path=tuple(legs(known.here, route)[:MAX_WAYPOINTS]))


def _cost(known: Knowledge, view: RaidView) -> Callable[[str, frozenset[str]], float]:
    buildings = frozenset(view.buildings)
    building = BUILDING_COST + WOUND_BUILDING_COST * known.wounds

    def cost(cell: str, walked: frozenset[str]) -> float:
        if cell in known.pits:
            return PIT_COST
        if cell in known.traps:
            return TRAP_COST + known.wounds
        if cell == known.kit:
            return KIT_COST
        if cell in walked:
            return WALKED_COST
        return building if cell in buildings else OPEN_COST

    return cost


def _paths(
    start: str, cost: Callable[[str, frozenset[str]], float], walked: frozenset[str]
) -> tuple[dict[str, float], dict[str, str]]:
    """Dijkstra from ``start``: the cheapest cost to enter every cell, and each cell's parent."""
    best = {start: 0.0}
    parent: dict[str, str] = {}
    queue = [(0.0, start)]
    while queue:
        d, cell = heapq.heappop(queue)
        if d > best[cell]:
            continue
        for nxt in _NEIGHBOURS[cell]:
            nd = d + cost(nxt, walked)
            if nd < best.get(nxt, float("inf")):
                best[nxt], parent[nxt] = nd, cell
                heapq.heappush(queue, (nd, nxt))
    return best, parent


def _route(parent: dict[str, str], start: str, target: str) -> list[str]:
    route = [target]
    while route[-1] != start:
        route.append(parent[route[-1]])
    return route[-2::-1]


def _tour(known: Knowledge, view: RaidView, rng: random.Random) -> list[str]:
    """Nearest unexplored cell, then the nearest from there, … for ``TOUR_CELLS`` new cells.
    A small random jitter breaks ties, so two scouts do not walk in step."""
    cost = _cost(known, view)
    walked = known.explored | {known.here}
    hazards = known.pits | known.traps | ({known.kit} if known.kit else set())
    here, route, explored = known.here, list[str](), len(walked)
    while True:
        todo = [c for c in ALL_CELLS if c not in walked and c not in hazards]
        if not todo or len(walked) - explored >= TOUR_CELLS:
            return route
        best, parent = _paths(here, cost, walked)
        target = min(todo, key=lambda c: best[c] + rng.random() * 0.01)
        leg = _route(parent, here, target)
        route += leg
        walked = walked | set(leg)
        here = target
        if any(c in hazards for c in leg):  # a known hazard ends the walk there anyway
            return route


def _route_to_kit(known: Knowledge, view: RaidView) -> list[str]:
    assert known.kit is not None
    cost = _cost(known, view)
    walked = known.explored | {known.here}
    if known.here == known.kit:  # step off and back on: only entering a cell meets its objects
        out = min(_NEIGHBOURS[known.here], key=lambda c: cost(c, walked))
        return [out, known.kit]
    _, parent = _paths(known.here, lambda c, w: 0.0 if c == known.kit else cost(c, w), walked)
    return _route(parent, known.here, known.kit)


# -- placement ------------------------------------------------------------------------------
def _weighted(rng: random.Random, cells: Sequence[str], weights: Sequence[float], k: int) -> list[str]:
    """``k`` distinct cells drawn with probability proportional to their weights."""
    pool, w = list(cells), list(weights)
    out: list[str] = []
    for _ in range(min(k, len(pool))):
        i = rng.choices(range(len(pool)), weights=w)[0]
        out.append(pool.pop(i))
        w.pop(i)
    return out


def place(view: RaidView, rng: random.Random) -> Place:
    counts, entry = view.counts, view.entry
    free = [c for c in ALL_CELLS if c != entry]
    buildings = [c for c in view.buildings if c != entry]
    artifacts: list[str] = []
    for _ in range(counts["artifacts"]):
        pool = [c for c in free if c not in artifacts]
        spread = [min([distance(c, entry), *(distance(c, a) for a in artifacts)]) for c in pool]
        artifacts += _weighted(rng, pool, [s**3 for s in spread], 1)

    def near_artifact(cell: str, within: int) -> bool:
        return any(distance(cell, a) <= within for a in artifacts)

    guards = [4.0 if near_artifact(c, 2) else 1.0 for c in buildings]
    terrorists = _weighted(rng, buildings, guards, counts["terrorists"])
    obstacle = [
        (3.0 if distance(c, entry) <= 4 else 1.0) + (3.0 if near_artifact(c, 1) else 0.0) for c in free
    ]
    pits = _weighted(rng, free, obstacle, counts["pits"])
    traps = _weighted(rng, free, obstacle, counts["traps"])
    kit_cells = [c for c in free if 2 <= distance(c, entry) <= 4]
    kit = _weighted(rng, kit_cells or free, [1.0] * len(kit_cells or free), counts["kit"])
    return Place(
        pits=tuple(pits),
        traps=tuple(traps),
        terrorists=tuple(TerroristSpot(c, rng.randint(1, view.zones)) for c in terrorists),
        kit=kit[0] if kit else None,
        artifacts=tuple(artifacts),
    )
