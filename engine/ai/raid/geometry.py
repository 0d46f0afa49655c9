"""Grid helpers the Raid policies share: neighbours, distances, and a cell route turned into
straight-leg waypoints (R9)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.games.raid.cells import ALL_CELLS, DELTAS, SIZE, Direction, cell_name, coords, on_map


def neighbours(cell: str) -> Iterator[str]:
    col, row = coords(cell)
    for dc, dr in DELTAS.values():
        if on_map(col + dc, row + dr):
            yield cell_name(col + dc, row + dr)


def distance(a: str, b: str) -> int:
    """Steps between two cells (every cell may be walked, so this is the Manhattan distance)."""
    (ac, ar), (bc, br) = coords(a), coords(b)
    return abs(ac - bc) + abs(ar - br)


def room(cell: str) -> dict[Direction, int]:
    """How many cells the scout can walk from ``cell`` in each direction before the edge."""
    col, row = coords(cell)
    return {"up": row, "down": SIZE - 1 - row, "left": col, "right": SIZE - 1 - col}


def legs(start: str, route: Sequence[str]) -> list[str]:
    """Waypoints for a route of adjacent cells after ``start``: one waypoint per straight leg
    (the cell where the route turns, and the last cell)."""
    waypoints: list[str] = []
    here, heading = start, None
    for i, cell in enumerate(route):
        (hc, hr), (cc, cr) = coords(here), coords(cell)
        step = (cc - hc, cr - hr)
        if heading is not None and step != heading:
            waypoints.append(route[i - 1])
        heading, here = step, cell
    if route:
        waypoints.append(route[-1])
    return waypoints


__all__ = ["ALL_CELLS", "distance", "legs", "neighbours", "room"]
