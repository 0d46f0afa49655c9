"""Games in plain text, for terminal play and the replay tool.

Each game may have a ``text`` module beside its rules (``engine/games/<key>/text.py``) with a
``TEXT`` renderer: one function drawing a seat's view, one telling an event. A game without
one is shown as plain data."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter

from engine.core.contract import Event
from engine.core.plain import JSON, dump_json


@dataclass(frozen=True, slots=True)
class TextRenderer:
    board: Callable[[Any, int], str]
    """The view of a seat as text (``view``, ``seat`` → lines)."""
    event: Callable[[Event, Sequence[str]], str]
    """One event as a line (empty: nothing to tell); the second argument names every seat."""
    action: Callable[[JSON], str] = field(default=lambda data: plain_action(data))
    """An action (plain data) in words: a menu item, a line of a replay."""
    reason: Callable[[str], str] = field(default=lambda reason: reason.replace("_", " "))
    """Why a game ended (``Result.reason``, ``grill_empty``) in words."""


def plain_board(view: Any, seat: int) -> str:
    return dump_json(TypeAdapter(type(view)).dump_python(view, mode="json"))


def plain_event(event: Event, names: Sequence[str]) -> str:
    return f"{event.kind}: {dump_json(event.data)}"


def plain_action(data: JSON) -> str:
    """``take 24``: the kind and the values, as one would type them."""
    if not isinstance(data, dict):
        return str(data)
    values = [
        " ".join(map(str, v)) if isinstance(v, list) else str(v) for k, v in data.items() if k != "kind"
    ]
    return " ".join([str(data.get("kind", "?")), *values]).strip()


PLAIN = TextRenderer(plain_board, plain_event)


def text_renderer(game_key: str) -> TextRenderer:
    """The game's own ``TEXT`` renderer, or ``PLAIN``."""
    package = f"engine.games.{game_key}"
    if not game_key.isidentifier() or importlib.util.find_spec(package) is None:
        return PLAIN
    module = f"{package}.text"
    if importlib.util.find_spec(module) is None:
        return PLAIN
    found: TextRenderer = importlib.import_module(module).TEXT
    return found


def seat_names(seats: int, you: int | None) -> list[str]:
    """``you`` for the reader's seat, ``seat N`` for the others, counted from 1 as on Discord."""
    return ["you" if s == you else f"seat {s + 1}" for s in range(seats)]
