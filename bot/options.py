"""A game's options as ``/play`` takes them and the lobby shows them.

Typed as ``name=value`` pairs, offered by autocomplete from the game's pydantic options model
(``Literal`` and ``bool`` fields), each name and value checked here so a mistake is answered
in the reader's language; shown in words from the game's catalogue part:
``options.<game>.<name>.<value>`` (a whole phrase for one value) or ``options.<game>.<name>``
(a phrase with ``$value``), else plainly ``name: value``.
"""

from __future__ import annotations

import typing
from typing import Any

from annotated_types import Ge, Le
from pydantic import ValidationError
from pydantic.fields import FieldInfo

from bot.i18n import catalogue, t
from engine import BadOptions, Game

OPTIONS_LIMIT = 400
"""Characters of typed options read at all: every game's options fit in far fewer."""


def option_choices(game: Game[Any, Any, Any]) -> list[tuple[str, str]]:
    """Every ``(field, value)`` a player can pick from the options model."""
    found: list[tuple[str, str]] = []
    for name, field in game.options_model.model_fields.items():
        found += [(name, value) for value in _values(field)]
    return found


def _values(field: FieldInfo) -> list[str]:
    """The values a field can take, when they can be listed (``Literal`` or ``bool``)."""
    if typing.get_origin(field.annotation) is typing.Literal:
        return [str(value) for value in typing.get_args(field.annotation)]
    if field.annotation is bool:
        return ["true", "false"]
    return []


def _bounds(field: FieldInfo) -> tuple[int, int] | None:
    """``(least, most)`` of a whole-number field bounded on both sides."""
    if field.annotation is not int:
        return None
    low = next((m.ge for m in field.metadata if isinstance(m, Ge)), None)
    high = next((m.le for m in field.metadata if isinstance(m, Le)), None)
    return (low, high) if isinstance(low, int) and isinstance(high, int) else None


def choices_text(lang: str, field: FieldInfo) -> str | None:
    """What a field accepts, in words (``shared, highest_tile``; ``a whole number from 0 to
    12``), or ``None`` when it cannot be said."""
    values = _values(field)
    if values:
        return ", ".join(values)
    bounds = _bounds(field)
    if bounds is not None:
        return t(lang, "option.choices.range", min=bounds[0], max=bounds[1])
    return None


def parse_options(game: Game[Any, Any, Any], text: str | None, lang: str = "en") -> dict[str, Any]:
    """``tiebreak=shared, x=1`` → ``{"tiebreak": "shared", "x": "1"}``, each name and value
    checked against the game's options model (pydantic coerces ``"1"`` where a number is due).
    Refused with ``BadOptions``: a part without ``=`` (``options_syntax``), a name the game
    does not have (``unknown_option``), a value its field refuses (``option_value``, with
    ``choices`` in the reader's words when they can be listed)."""
    if not text or not text.strip():
        return {}
    if len(text) > OPTIONS_LIMIT:
        raise BadOptions("the options are too long", "too_long", limit=OPTIONS_LIMIT)
    fields = game.options_model.model_fields
    options: dict[str, Any] = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        name, sep, value = (piece.strip() for piece in part.partition("="))
        if not sep or not name or not value:
            raise BadOptions(
                f"cannot read {part.strip()!r}: write name=value", "options_syntax", part=part.strip()
            )
        if name not in fields:
            raise BadOptions(
                f"{game.title} has no option {name!r}", "unknown_option", name=name, names=", ".join(fields)
            )
        try:
            game.options_model.model_validate({name: value})
        except ValidationError as exc:
            if not any(error["loc"][:1] == (name,) for error in exc.errors()):
                options[name] = value  # refused for another field's sake: the game's own check decides
                continue
            choices = choices_text(lang, fields[name])
            extra = {"choices": choices} if choices is not None else {}
            raise BadOptions(
                f"the option {name} cannot be {value!r}", "option_value", name=name, value=value, **extra
            ) from None
        options[name] = value
    return options


def option_words(lang: str, game: str, name: str, value: Any) -> str:
    """One option as the lobby shows it, in the reader's language."""
    if isinstance(value, bool):
        shown = str(value).lower()
    elif isinstance(value, list | tuple):  # several values, one per seat
        shown = ", ".join(map(str, value))
    else:
        shown = str(value)
    whole = f"options.{game}.{name}.{shown}"
    if catalogue().has(whole):
        return t(lang, whole)
    if catalogue().has(f"options.{game}.{name}"):
        return t(lang, f"options.{game}.{name}", value=shown if isinstance(value, list | tuple) else value)
    return t(lang, "lobby.option", name=name, value=shown)
