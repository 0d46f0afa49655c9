"""Cells and paths as players type them (R1, R9): the one parser every typed cell goes through.

A cell is written column letter + row, ``B6``. Columns are ``A``–``J``; the original's Cyrillic
letters ``А Б В Г Д Е Ж З И К`` (no ``Й``) are aliases, and so is the Latin ``K`` — it looks like
the Cyrillic ``К`` of the original and there is no Latin column K to confuse it with. Letters are
case-insensitive. Inside the engine a cell is always its canonical Latin name (``"J6"``).

A waypoint of a path is a cell or a step: a direction and a number of cells (``down 5``; the
number defaults to 1). Russian direction words are accepted too (``вниз 5``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from engine.core.errors import BadAction

SIZE = 10
COLUMNS = "ABCDEFGHIJ"
CYRILLIC_COLUMNS = "АБВГДЕЖЗИК"

_COLUMN_INDEX: dict[str, int] = {
    **{letter: i for i, letter in enumerate(COLUMNS)},
    **{letter: i for i, letter in enumerate(CYRILLIC_COLUMNS)},
    "K": 9,
}
"""Upper-case column letter → column index 0–9."""

Direction = Literal["up", "down", "left", "right"]

DELTAS: dict[Direction, tuple[int, int]] = {
    "up": (0, -1),
    "down": (0, 1),
    "left": (-1, 0),
    "right": (1, 0),
}
"""(column, row) change of one step; row 1 is the top of the map."""

_DIRECTION_WORDS: dict[str, Direction] = {
    "up": "up",
    "down": "down",
    "left": "left",
    "right": "right",
    "вверх": "up",
    "наверх": "up",
    "вниз": "down",
    "влево": "left",
    "налево": "left",
    "вправо": "right",
    "направо": "right",
}

_CELL = re.compile(r"^([^\W\d_])\s*([0-9]{1,6})$")
_STEP = re.compile(r"^([^\W\d_]+)\s*([0-9]{1,6})?$")
_COUNT = re.compile(r"[0-9]{1,6}")
"""Numbers are ASCII digits, at most six: a row or a step count beyond the map is then named
as such, and no typed number can be too long to convert."""
_SEPARATORS = re.compile(r"(?:->|→|—|–|[\s,;])+")

CELLS_HELP = "a column A–J (or А–К) and a row 1–10, like B6"
WAYPOINT_HELP = "a waypoint is a cell like B6 or a step like 'down 3'"


def cell_name(col: int, row: int) -> str:
    """The canonical name of the cell at 0-based ``col`` and ``row``."""
    return f"{COLUMNS[col]}{row + 1}"


ALL_CELLS: tuple[str, ...] = tuple(cell_name(c, r) for r in range(SIZE) for c in range(SIZE))
"""Every cell, row by row (A1, B1 … J10)."""


@lru_cache(maxsize=256)
def coords(cell: str) -> tuple[int, int]:
    """0-based (column, row) of a canonical cell name."""
    return COLUMNS.index(cell[0]), int(cell[1:]) - 1


def on_map(col: int, row: int) -> bool:
    return 0 <= col < SIZE and 0 <= row < SIZE


def parse_cell(text: str) -> str:
    """The canonical name of a typed cell; ``BadAction`` (``bad_cell`` or ``off_map``) if it
    cannot be read or lies off the map."""
    raw = text.strip()
    match = _CELL.match(raw)
    if match is None:
        raise BadAction(f"cannot read the cell {raw!r}: write {CELLS_HELP}", "bad_cell", cell=raw)
    letter, digits = match.group(1).upper(), match.group(2)
    col = _COLUMN_INDEX.get(letter)
    if col is None:
        why = "the Cyrillic columns skip Й" if letter == "Й" else "columns are A–J (Cyrillic А–К, no Й)"
        raise BadAction(f"{raw} is off the map: {why}", "off_map", cell=raw)
    row = int(digits)
    if not 1 <= row <= SIZE:
        raise BadAction(f"{raw} is off the map: rows are 1–{SIZE}", "off_map", cell=raw)
    return cell_name(col, row - 1)


def try_cell(text: str) -> str | None:
    """The canonical name, or ``None`` when ``text`` is not a cell on the map."""
    try:
        return parse_cell(text)
    except BadAction:
        return None


def parse_step(text: str) -> tuple[Direction, int] | None:
    """``("down", 5)`` for ``down 5`` / ``ВНИЗ5``; ``None`` if ``text`` is not a step. A step of
    0 cells is a zero-length leg (``BadAction``)."""
    match = _STEP.match(text.strip().lower())
    if match is None or match.group(1) not in _DIRECTION_WORDS:
        return None
    count = int(match.group(2)) if match.group(2) else 1
    if count == 0:
        raise BadAction(f"{text.strip()!r} is a zero-length leg: a step moves 1 cell or more", "zero_leg")
    return _DIRECTION_WORDS[match.group(1)], count


def parse_waypoint(text: str) -> str:
    """The canonical form of one waypoint: ``B6`` or ``down 5``."""
    step = parse_step(text)
    if step is not None:
        return f"{step[0]} {step[1]}"
    if _CELL.match(text.strip()) is None:
        raise BadAction(
            f"cannot read {text.strip()!r} in the path: {WAYPOINT_HELP}", "bad_waypoint", waypoint=text
        )
    return parse_cell(text)


def parse_path_text(text: str) -> list[str]:
    """Waypoints from typed text: ``B1 B6 K6``, ``down 5, right 9``, ``вниз 5 вправо 9``, or a
    mix. A direction word may be followed by its count as the next word."""
    words = [w for w in _SEPARATORS.split(text.strip()) if w]
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word.lower() in _DIRECTION_WORDS and i + 1 < len(words) and _COUNT.fullmatch(words[i + 1]):
            word = f"{word} {words[i + 1]}"
            i += 1
        out.append(parse_waypoint(word))
        i += 1
    return out


@lru_cache(maxsize=4096)
def resolve_step(start: str, waypoint: str) -> tuple[int, int]:
    """The (column, row) a waypoint leads to from ``start`` — possibly off the map."""
    step = parse_step(waypoint)
    if step is None:
        return coords(waypoint)
    col, row = coords(start)
    dc, dr = DELTAS[step[0]]
    return col + dc * step[1], row + dr * step[1]
