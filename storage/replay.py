"""How a stored move meets the engine — the one place both ``apply`` and replay go through,
so a game replayed from its seed and log takes exactly the path it took when it was played."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import engine
from engine.core import JSON, dump_json


def play_stored(
    game: engine.Game[Any, Any, Any], state: Any, seat: int, action: Mapping[str, Any]
) -> tuple[engine.Step[Any], JSON]:
    """Play ``action`` (plain data) for ``seat``; returns the engine's step and the action as it
    is written to the log (normalised by the game, so the log holds one spelling per action).

    ``{"kind": "resign"}`` goes to ``game.resign``: resigning is not a move the game lists.
    Raises the engine's ``BadAction`` / ``IllegalAction``; ``state`` is never changed.
    """
    if action.get("kind") == engine.RESIGN:
        return game.resign(state, seat), {"kind": engine.RESIGN}
    parsed = game.parse_action(dict(action))
    return game.apply(state, seat, parsed), game.dump_action(parsed)


def replay(
    game: engine.Game[Any, Any, Any],
    seats: int,
    seed: int,
    options: Mapping[str, Any],
    moves: Iterable[tuple[int, Mapping[str, Any]]],
) -> Any:
    """The state reached from ``game.new(seats, seed, options)`` by the logged ``(seat, action)``
    moves. Raises the engine's error for the first move that cannot be played."""
    state = game.new(seats, seed, options)
    for seat, action in moves:
        state = play_stored(game, state, seat, action)[0].state
    return state


def snapshot(game: engine.Game[Any, Any, Any], state: Any) -> str:
    """The stored form of a state: canonical JSON, so equal states have equal text."""
    return dump_json(game.dump_state(state))
