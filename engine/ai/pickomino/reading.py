"""What a Pickomino policy reads off its view: the dice as counts per face index."""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.pickomino.data import DICE, FACE_INDEX, FACE_VALUE
from engine.games.pickomino.view import PickominoView


@dataclass(frozen=True, slots=True)
class TurnDice:
    mask: int
    """Faces kept this turn, bit i for face index i."""
    kept: tuple[int, ...]
    roll: tuple[int, ...]
    """The unresolved roll counted per face index (all zero when none)."""
    total: int
    left: int
    """Dice not kept yet."""


def turn_dice(view: PickominoView) -> TurnDice:
    kept = [0] * 6
    for face, count in view.kept.items():
        kept[FACE_INDEX[face]] = count
    roll = [0] * 6
    for face in view.roll:
        roll[FACE_INDEX[face]] += 1
    mask = sum(1 << i for i in range(6) if kept[i])
    total = sum(c * v for c, v in zip(kept, FACE_VALUE, strict=True))
    return TurnDice(mask, tuple(kept), tuple(roll), total, DICE - sum(kept))
