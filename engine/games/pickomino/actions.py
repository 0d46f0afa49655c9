"""Pickomino actions as data: ``roll``, ``keep(face)``, ``take(tile)``, ``stop``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, TypeAdapter

from engine.core.errors import BadAction
from engine.core.inputs import WHOLE
from engine.games.pickomino.data import FACES, TILES, Face

_NUMBER = re.compile(r"[0-9]{1,6}")
"""A typed tile: ASCII digits (``str.isdigit`` would take ``²``, which ``int`` refuses)."""

_FACE_ALIASES = {"w": "worm", "worms": "worm", "🪱": "worm", "6": "worm"}


def _face(value: Any) -> Any:
    """Accept ``5`` as well as ``"5"``, and ``w`` for a worm."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str):
        value = value.strip().lower()
        value = _FACE_ALIASES.get(value, value)
    return value


FaceField = Annotated[Face, BeforeValidator(_face)]


@dataclass(frozen=True, slots=True)
class Roll:
    kind: Literal["roll"] = "roll"


@dataclass(frozen=True, slots=True)
class Keep:
    face: FaceField
    kind: Literal["keep"] = "keep"


@dataclass(frozen=True, slots=True)
class Take:
    tile: Annotated[int, Field(ge=TILES[0], le=TILES[-1]), WHOLE]
    kind: Literal["take"] = "take"


@dataclass(frozen=True, slots=True)
class Stop:
    kind: Literal["stop"] = "stop"


PickominoAction = Annotated[Roll | Keep | Take | Stop, Field(discriminator="kind")]
ACTION_ADAPTER: TypeAdapter[Roll | Keep | Take | Stop] = TypeAdapter(PickominoAction)

# One shared instance per distinct action: ``legal_actions`` hands these out without
# allocating, and ``apply`` can compare by identity first.
ROLL = Roll()
STOP = Stop()
KEEP: tuple[Keep, ...] = tuple(Keep(face) for face in FACES)
TAKE: dict[int, Take] = {t: Take(t) for t in TILES}


def typed_text(data: dict[str, Any]) -> str:
    """An action as ``parse_text`` reads it: ``roll``, ``stop``, ``keep 5``, ``take 24``."""
    kind = str(data["kind"])
    value = data.get("face") if kind == "keep" else data.get("tile") if kind == "take" else None
    return kind if value is None else f"{kind} {value}"


def parse_text(text: str) -> dict[str, Any]:
    """``roll`` · ``stop`` · ``keep 5`` / ``keep worm`` · ``take 24`` (case-insensitive)."""
    words = text.lower().replace(":", " ").split()
    if not words:
        raise BadAction("an empty action", "empty")
    verb, args = words[0], words[1:]
    if verb in ("roll", "stop") and not args:
        return {"kind": verb}
    if verb == "keep" and len(args) == 1:
        return {"kind": "keep", "face": args[0]}
    if verb == "take" and len(args) == 1 and _NUMBER.fullmatch(args[0]):
        return {"kind": "take", "tile": int(args[0])}
    raise BadAction(
        f"cannot read {text!r}: write roll, stop, keep <face> or take <tile>",
        "unreadable",
        text=text,
    )
