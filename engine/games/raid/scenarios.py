"""The built-in scenarios (R2) as text grids, read and checked once at import.

``#`` is a building, ``E`` the entry (not a building), ``.`` open ground. ``old-town`` is the
map of the rules (``docs/rules/raid.md``); ``harbour`` and ``crossroads`` are ours. A scenario may name
its mission objects (R4: artifacts, hostages, treasure); the rules call them all artifacts.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.raid.cells import COLUMNS, SIZE, cell_name

MIN_BUILDINGS = 20
MAX_BUILDINGS = 30


@dataclass(frozen=True, slots=True)
class Scenario:
    name: str
    buildings: frozenset[str]
    entry: str
    artifact_name: str
    """What this scenario calls the mission objects (``artifacts``, ``hostages`` …)."""


_GRIDS: dict[str, tuple[str, str]] = {
    "old-town": (
        "artifacts",
        """
    A B C D E F G H I J
 1  E . . . . . . . . .
 2  . # # . . . # # # .
 3  . # # . . . # # # .
 4  . . . . # . . . . .
 5  . . . # # # . . . .
 6  . # . . # . . # # .
 7  . # . . . . . # # .
 8  . # # . . # . . . .
 9  . . . . . # # . . .
10  . . . . . . . . . .
""",
    ),
    "harbour": (
        "treasure",
        """
    A B C D E F G H I J
 1  . . . . . . . . . .
 2  . # # # . # # . . .
 3  . # . . . # # . # .
 4  . # . # . . . . # .
 5  . . . # # . # # # .
 6  . # . . . . # . . .
 7  . # # . # . # . . .
 8  . . . . # . . . # .
 9  . # # . # . . # # .
10  . . . . . . . . . E
""",
    ),
    "crossroads": (
        "hostages",
        """
    A B C D E F G H I J
 1  # # . . . . . . # #
 2  # . . . . . . . . #
 3  . . # # . . # # . .
 4  . # # . . . . # # .
 5  . . . . E . . . . .
 6  . . . . . . . . . .
 7  . # # . . . . # # .
 8  . . # # . . # # . .
 9  # . . . . . . . . #
10  # # . . . . . . # #
""",
    ),
}


class ScenarioError(ValueError):
    """A built-in scenario grid is malformed (raised at import, so it never reaches a game)."""


def parse_grid(name: str, artifact_name: str, text: str) -> Scenario:
    """Read one text grid: a header of the ten column letters, then rows ``1``–``10`` of ten
    symbols each; exactly one entry and 20–30 buildings."""
    lines = [line.split() for line in text.strip().splitlines()]
    if not lines or lines[0] != list(COLUMNS):
        raise ScenarioError(f"scenario {name}: the first line must be the columns {' '.join(COLUMNS)}")
    rows = lines[1:]
    if len(rows) != SIZE:
        raise ScenarioError(f"scenario {name}: {len(rows)} rows, not {SIZE}")
    buildings: set[str] = set()
    entries: list[str] = []
    for r, row in enumerate(rows):
        if row[:1] != [str(r + 1)] or len(row) != SIZE + 1:
            raise ScenarioError(f"scenario {name}: row {r + 1} must be its number and {SIZE} symbols")
        for c, symbol in enumerate(row[1:]):
            if symbol == "#":
                buildings.add(cell_name(c, r))
            elif symbol == "E":
                entries.append(cell_name(c, r))
            elif symbol != ".":
                raise ScenarioError(f"scenario {name}: unknown symbol {symbol!r} at {cell_name(c, r)}")
    if len(entries) != 1:
        raise ScenarioError(f"scenario {name}: {len(entries)} entry cells, not 1")
    if not MIN_BUILDINGS <= len(buildings) <= MAX_BUILDINGS:
        raise ScenarioError(
            f"scenario {name}: {len(buildings)} buildings, not {MIN_BUILDINGS}–{MAX_BUILDINGS}"
        )
    return Scenario(name, frozenset(buildings), entries[0], artifact_name)


SCENARIOS: dict[str, Scenario] = {
    name: parse_grid(name, artifact_name, grid) for name, (artifact_name, grid) in _GRIDS.items()
}
"""Every built-in scenario by name, the default (``old-town``) first."""

DEFAULT_SCENARIO = "old-town"
