"""Each game's renderer, from its folder ``bot/games/<key>/`` (found from
``engine.game_keys()`` by name, never listed), or the generic one for a game without."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from typing import TypeVar

from bot.render import GENERIC, Renderer
from engine import game_keys

T = TypeVar("T")

GAMES = "bot.games"
"""The package holding one folder per game."""


def _folder(key: str, part: str = "") -> str | None:
    """The game's bot package (or its sub-package ``part``: ``web``), if it has one."""
    name = f"{GAMES}.{key}" + (f".{part}" if part else "")
    try:
        return name if importlib.util.find_spec(name) is not None else None
    except ModuleNotFoundError:  # a part of a game that has no folder at all
        return None


def from_folder(key: str, part: str, name: str, default: T) -> T:
    """What the game's package (``part``: its sub-package) exports as ``name``; ``default``
    for a game without one."""
    package = _folder(key, part)
    if package is None:
        return default
    found: T = getattr(importlib.import_module(package), name, default)
    return found


_given: dict[str, Renderer] = {}
"""Renderers given for games that have no folder (games defined by the tests)."""


def give_renderer(key: str, renderer: Renderer | None) -> None:
    """Draw the game ``key`` with ``renderer`` (``None``: no longer) although it has no folder:
    the tests' own games use it. A game of the project has its folder instead."""
    if renderer is None:
        _given.pop(key, None)
    else:
        _given[key] = renderer


def renderer_for(key: str) -> Renderer:
    """The game's renderer, from its folder; the generic one for a game without."""
    return _given.get(key) or _from_folder(key)


@cache
def _from_folder(key: str) -> Renderer:
    return from_folder(key, "", "RENDERER", GENERIC)


def game_extensions() -> tuple[str, ...]:
    """The games' own command modules (``bot/games/<key>/commands.py``), for ``load_extension``."""
    found = []
    for key in game_keys():
        package = _folder(key)
        if package is not None and importlib.util.find_spec(f"{package}.commands") is not None:
            found.append(f"{package}.commands")
    return tuple(found)
