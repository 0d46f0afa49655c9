"""Paths (R9): waypoints turned into the cells a scout walks, with a precise reason when a
path cannot be walked."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.core.errors import IllegalAction
from engine.games.raid.cells import cell_name, coords, on_map, resolve_step


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def _where(col: int, row: int) -> str:
    """An off-map position in words: ``column 12, row 6`` (columns counted from A = 1)."""
    return f"column {col + 1}, row {row + 1}"


@lru_cache(maxsize=2048)
def _leg(col: int, row: int, to_col: int, to_row: int) -> tuple[str, ...]:
    """The cells of one straight leg on the map, its start excluded (there are few legs, and a
    playout walks thousands)."""
    dc, dr = _sign(to_col - col), _sign(to_row - row)
    cells = []
    while (col, row) != (to_col, to_row):
        col, row = col + dc, row + dr
        cells.append(cell_name(col, row))
    return tuple(cells)


_WALKABLE: dict[tuple[str, str], tuple[str, ...]] = {}
"""The cells of every leg walked so far, by its start and waypoint (a few thousand at most)."""


def _checked_leg(leg: int, here: str, waypoint: str) -> tuple[str, ...]:
    """The cells of leg number ``leg`` from ``here`` to ``waypoint``, or why it cannot be walked."""
    col, row = coords(here)
    to_col, to_row = resolve_step(here, waypoint)
    if (to_col, to_row) == (col, row):
        raise IllegalAction(
            f"leg {leg} ({waypoint} from {here}) has zero length: the scout is already there",
            "zero_leg",
            leg=leg,
            waypoint=waypoint,
            start=here,
        )
    if not on_map(to_col, to_row):
        raise IllegalAction(
            f"leg {leg} ({waypoint} from {here}) leaves the map: it would reach {_where(to_col, to_row)}",
            "off_map",
            leg=leg,
            waypoint=waypoint,
            start=here,
        )
    if to_col != col and to_row != row:
        raise IllegalAction(
            f"leg {leg} from {here} to {waypoint} is diagonal: each leg follows one row or one column",
            "diagonal",
            leg=leg,
            waypoint=waypoint,
            start=here,
        )
    return _leg(col, row, to_col, to_row)


def walk(start: str, path: Sequence[str]) -> list[str]:
    """The cells walked from ``start`` along ``path`` (canonical waypoints), ``start`` excluded.
    The scout's own cell may be given first (it is dropped). Raises ``IllegalAction`` with code
    ``empty_path``, ``zero_leg``, ``off_map`` or ``diagonal``."""
    waypoints = list(path[1:] if path and path[0] == start else path)
    if not waypoints:
        raise IllegalAction(
            f"the path is empty: give at least one waypoint after {start}", "empty_path", start=start
        )
    cells: list[str] = []
    here = start
    for leg, waypoint in enumerate(waypoints, start=1):
        found = _WALKABLE.get((here, waypoint))
        if found is None:
            found = _WALKABLE[here, waypoint] = _checked_leg(leg, here, waypoint)
        cells += found
        here = found[-1]
    return cells
