"""Paths (R9): waypoints turned into the cells a scout walks, with a precise reason when a
path cannot be walked."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.errors import IllegalAction
from engine.games.raid.cells import cell_name, coords, on_map, resolve_step


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def _where(col: int, row: int) -> str:
    """An off-map position in words: ``column 12, row 6`` (columns counted from A = 1)."""
    return f"column {col + 1}, row {row + 1}"


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
        dc, dr = _sign(to_col - col), _sign(to_row - row)
        while (col, row) != (to_col, to_row):
            col, row = col + dc, row + dr
            cells.append(cell_name(col, row))
        here = cells[-1]
    return cells
