"""Pickomino's components as data (rules P1–P3)."""

from __future__ import annotations

from typing import Literal

Face = Literal["1", "2", "3", "4", "5", "worm"]

FACES: tuple[Face, ...] = ("1", "2", "3", "4", "5", "worm")
"""Die faces by index; the index is how the engine counts dice (P1)."""

WORM = 5
"""Index of the worm face."""

FACE_VALUE: tuple[int, ...] = (1, 2, 3, 4, 5, 5)
"""Points per face index: pips, and 5 for a worm (P1)."""

FACE_INDEX: dict[str, int] = {face: i for i, face in enumerate(FACES)}

DICE = 8

TILES: tuple[int, ...] = tuple(range(21, 37))

TILE_WORMS: dict[int, int] = {t: 1 + (t - 21) // 4 for t in TILES}
"""21–24 → 1, 25–28 → 2, 29–32 → 3, 33–36 → 4 (P2)."""

HIGHEST_TILE = TILES[-1]


def faces_of(counts: tuple[int, ...] | list[int]) -> tuple[Face, ...]:
    """Dice counted per face index as the sorted faces a player sees on the table."""
    return tuple(FACES[i] for i in range(6) for _ in range(counts[i]))
