"""``replay_positions``: every step of a logged game as a ``Position``, with the events of the
move that led to it, matching the positions and events of playing the log move by move."""

from __future__ import annotations

import random

import engine
from engine.ai.playout import playout
from engine.core.move_log import replay_events, replay_positions
from engine.core.position import state_of


def test_every_step_of_a_logged_game_is_a_position_with_its_moves_events() -> None:
    game = engine.get_game("pickomino")
    state = game.new(2, 9, {})
    played = list(playout(game, state, random.Random(9)))
    moves = [(p.seat, game.dump_action(p.action)) for p in played]
    steps = list(replay_positions(game, 2, 9, {}, moves))
    assert len(steps) == len(moves) + 1
    assert steps[0][1] == () and state_of(steps[0][0]) == state
    for (position, events), p in zip(steps[1:], played, strict=True):
        assert state_of(position) == p.step.state and events == p.step.events
    assert [events for _, events in steps[1:]] == list(replay_events(game, 2, 9, {}, moves))
    assert steps[-1][0].result() is not None
