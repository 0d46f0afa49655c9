"""Which games exist. Each game package registers its one game object here on import."""

from __future__ import annotations

import importlib
from typing import Any

from engine.core.contract import Game
from engine.core.errors import UnknownGame

_GAME_PACKAGES = ("pickomino", "raid")
"""Game packages under ``engine.games``, in the order players see them."""

_registry: dict[str, Game[Any, Any, Any]] = {}


def register(game: Game[Any, Any, Any]) -> Game[Any, Any, Any]:
    _registry[game.key] = game
    return game


def _load_all() -> None:
    for name in _GAME_PACKAGES:
        if name not in _registry:
            importlib.import_module(f"engine.games.{name}")


def games() -> tuple[str, ...]:
    """The keys of every game, in display order."""
    _load_all()
    return tuple(k for k in _GAME_PACKAGES if k in _registry)


def get_game(key: str) -> Game[Any, Any, Any]:
    _load_all()
    try:
        return _registry[key]
    except KeyError:
        raise UnknownGame(f"unknown game {key!r}; known games: {', '.join(games())}", key=key) from None
