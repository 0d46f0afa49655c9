"""A move log (with a resignation) replays to the same state."""

from __future__ import annotations

import random

from engine import RESIGN, get_game
from engine.core import dump_json
from engine.core.replay import play_logged, replay


def test_log_with_resignation_replays_identically() -> None:
    game = get_game("pickomino")
    chooser = random.Random(4)
    state = game.new(3, 99, {})
    log = []
    while game.to_act(state):
        seat = game.to_act(state)[0]
        if len(log) == 30:
            data = {"kind": RESIGN}
            state = play_logged(game, state, 2, data)[0].state
            log.append((2, data))
            continue
        action = chooser.choice(game.legal_actions(state, seat))
        log.append((seat, game.dump_action(action)))
        state = game.apply(state, seat, action).state
    steps = list(replay(game, 3, 99, {}, log))
    assert len(steps) == len(log)
    assert dump_json(game.dump_state(steps[-1][2].state)) == dump_json(game.dump_state(state))
    assert any(e.kind == "resigned" for _, _, step in steps for e in step.events)
    result = game.result(state)
    assert result is not None and result.ranks[2] == 3
