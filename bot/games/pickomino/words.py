"""Pickomino's dice and tiles in a line of text, shared by the board and the things its moves
act on (``subjects``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from engine.games.pickomino.data import TILE_WORMS

FACE_EMOJI: dict[str, str] = {"1": "1️⃣", "2": "2️⃣", "3": "3️⃣", "4": "4️⃣", "5": "5️⃣", "worm": "🪱"}
WORM = "🪱"


def face_name(lang: str, face: str) -> str:
    return t(lang, "pickomino.face.worm") if face == "worm" else face


def dice_text(faces: Sequence[str]) -> str:
    return " ".join(FACE_EMOJI[f] for f in faces)


def tile_text(tile: int) -> str:
    return f"`{tile}`{WORM * TILE_WORMS[tile]}"
