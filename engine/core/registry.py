"""Which games exist. Every package under ``engine/games/`` is a game: importing it registers
its one game object here (``register``), so adding a game touches nothing in the core."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from engine.core.contract import Game
from engine.core.errors import UnknownGame

_registry: dict[str, Game[Any, Any, Any]] = {}
_discovered = False


def register(game: Game[Any, Any, Any]) -> Game[Any, Any, Any]:
    _registry[game.key] = game
    return game


def _discover() -> None:
    """Import every game package once (each registers itself on import)."""
    global _discovered
    if _discovered:
        return
    import engine.games as packages

    for found in pkgutil.iter_modules(packages.__path__):
        if found.ispkg:
            importlib.import_module(f"{packages.__name__}.{found.name}")
    _discovered = True


def game_keys() -> tuple[str, ...]:
    """The keys of every game, in the order players see them (``Game.order``, then key)."""
    _discover()
    return tuple(sorted(_registry, key=lambda k: (_registry[k].order, k)))


def get_game(key: str) -> Game[Any, Any, Any]:
    _discover()
    try:
        return _registry[key]
    except KeyError:
        raise UnknownGame(f"unknown game {key!r}; known games: {', '.join(game_keys())}", key=key) from None
