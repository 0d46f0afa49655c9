"""A game's options as ``/play`` takes them: ``name=value`` pairs, offered by autocomplete
from the game's pydantic options model (``Literal`` and ``bool`` fields)."""

from __future__ import annotations

import typing
from typing import Any

from engine import BadOptions, Game


def option_choices(game: Game[Any, Any, Any]) -> list[tuple[str, str]]:
    """Every ``(field, value)`` a player can pick from the options model."""
    found: list[tuple[str, str]] = []
    for name, field in game.options_model.model_fields.items():
        annotation = field.annotation
        if typing.get_origin(annotation) is typing.Literal:
            found += [(name, str(value)) for value in typing.get_args(annotation)]
        elif annotation is bool:
            found += [(name, "true"), (name, "false")]
    return found


def parse_options(text: str | None) -> dict[str, Any]:
    """``tiebreak=shared, x=1`` → ``{"tiebreak": "shared", "x": "1"}``; the game's options
    model then validates names and values (pydantic coerces ``"1"`` where a number is due)."""
    if not text or not text.strip():
        return {}
    options: dict[str, Any] = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise BadOptions(
                f"cannot read {part.strip()!r}: write name=value", "options_syntax", part=part.strip()
            )
        options[name.strip()] = value.strip()
    return options
