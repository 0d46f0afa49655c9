"""A move log (with a resignation) replays to the same state."""

from __future__ import annotations

import random
from itertools import islice
from typing import Any

from engine import RESIGN, get_game
from engine.ai.playout import playout
from engine.core import dump_json
from engine.core.move_log import play_logged, replay


def test_log_with_resignation_replays_identically() -> None:
    game = get_game("pickomino")
    chooser = random.Random(4)
    state = game.new(3, 99, {})
    log: list[tuple[int, Any]] = []
    for played in islice(playout(game, state, chooser), 30):
        log.append((played.seat, game.dump_action(played.action)))
        state = played.step.state
    assert len(log) == 30 and game.to_act(state)
    data = {"kind": RESIGN}  # seat 2 leaves after 30 moves, whoever is to act
    state = play_logged(game, state, 2, data)[0].state
    log.append((2, data))
    for played in playout(game, state, chooser):
        log.append((played.seat, game.dump_action(played.action)))
        state = played.step.state
    steps = list(replay(game, 3, 99, {}, log))
    assert len(steps) == len(log)
    assert dump_json(game.dump_state(steps[-1][2].state)) == dump_json(game.dump_state(state))
    assert any(e.kind == "resigned" for _, _, step in steps for e in step.events)
    result = game.result(state)
    assert result is not None and result.ranks[2] == 3
