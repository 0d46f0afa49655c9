"""Replaying a stored game: a seed, the options and the move log give back every position.

Storage, the replay tool and tests all route a logged move through ``play_logged`` so a
resignation (stored as ``{"kind": "resign"}``) replays exactly as it was played.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from engine.core.contract import RESIGN, Event, Game, Step
from engine.core.plain import JSON
from engine.core.position import Position


def play_logged(
    game: Game[Any, Any, Any], state: Any, seat: int, data: Mapping[str, JSON]
) -> tuple[Step[Any], JSON]:
    """Play one move given as plain data for ``seat``; return the step and the move as it is
    written to a log (normalised by the game, so a log holds one spelling per action).

    ``{"kind": "resign"}`` goes to ``game.resign``: resigning is not a move the game lists.
    Raises the engine's ``BadAction`` / ``IllegalAction``; ``state`` is never changed.
    """
    if data.get("kind") == RESIGN:
        return game.resign(state, seat), {"kind": RESIGN}
    action = game.parse_action(dict(data))
    return game.apply(state, seat, action), game.dump_action(action)


def upgraded_options(
    game: Game[Any, Any, Any], options: Mapping[str, Any], stored_version: int
) -> dict[str, Any]:
    """The options of a game stored at state version ``stored_version``, as the game's current
    rules read them (``Game.upgrade_options``; unchanged when the version is current).
    ``ValueError`` for a version newer than the rules: stored by a later program."""
    if stored_version > game.state_version:
        raise ValueError(
            f"stored at {game.title}'s state version {stored_version}, newer than these rules "
            f"({game.state_version})"
        )
    if stored_version == game.state_version:
        return dict(options)
    return game.upgrade_options(dict(options), stored_version)


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
        step = play_logged(game, state, seat, data)[0]
        yield seat, data, step
        state = step.state


def final_state(
    game: Game[Any, Any, Any],
    seats: int,
    seed: int,
    options: Mapping[str, Any],
    moves: Iterable[tuple[int, Mapping[str, JSON]]],
) -> Any:
    """The state reached by the logged moves; the engine's error for the first bad one."""
    state = None
    for _, _, step in replay(game, seats, seed, options, moves):
        state = step.state
    return state if state is not None else game.new(seats, seed, options)


def replay_events(
    game: Game[Any, Any, Any],
    seats: int,
    seed: int,
    options: Mapping[str, Any],
    moves: Iterable[tuple[int, Mapping[str, JSON]]],
) -> Iterator[tuple[Event, ...]]:
    """The events of every logged move, in order: what a history of the game may tell, with
    no position along (the bot words events and never holds a state)."""
    for _, _, step in replay(game, seats, seed, options, moves):
        yield step.events


def replay_positions(
    game: Game[Any, Any, Any],
    seats: int,
    seed: int,
    options: Mapping[str, Any],
    moves: Iterable[tuple[int, Mapping[str, JSON]]],
) -> Iterator[tuple[Position[Any, Any], tuple[Event, ...]]]:
    """Every position of a logged game as a surface may ask about it: the start (with no
    events), then the position after each move with the events that move produced. The
    states stay inside the ``Position``s, so a replay viewer can draw each step for one
    audience at a time without ever holding a state."""
    state = game.new(seats, seed, options)
    yield Position(game, state), ()
    for _, _, step in replay(game, seats, seed, options, moves):
        yield Position(game, step.state), step.events
