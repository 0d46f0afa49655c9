"""Replaying a stored game: a seed, the options and the move log give back every position.

Storage, the replay tool and tests all route a logged move through ``apply_logged`` so a
resignation (stored as ``{"kind": "resign"}``) replays exactly as it was played.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from engine.core.contract import JSON, RESIGN, Game, Step


def apply_logged(game: Game[Any, Any, Any], state: Any, seat: int, data: Mapping[str, JSON]) -> Step[Any]:
    """Apply one move as stored in a log: plain data, or a resignation."""
    if data.get("kind") == RESIGN:
        return game.resign(state, seat)
    return game.apply(state, seat, game.parse_action(dict(data)))


def replay(
    game: Game[Any, Any, Any],
    seats: int,
    seed: int,
    options: Mapping[str, Any],
    moves: Iterable[tuple[int, Mapping[str, JSON]]],
) -> Iterator[tuple[int, Mapping[str, JSON], Step[Any]]]:
    """Yield ``(seat, action, step)`` for every logged move, from a fresh game."""
    state = game.new(seats, seed, options)
    for seat, data in moves:
        step = apply_logged(game, state, seat, data)
        yield seat, data, step
        state = step.state
