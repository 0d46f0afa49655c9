"""Every policy only ever returns a legal action, over whole games and seat counts."""

from __future__ import annotations

import random

import pytest

from engine.ai import policies
from engine.ai.playout import PolicyChoice, playout
from tests.engine.pickomino_helpers import GAME


@pytest.mark.parametrize("name", policies("pickomino"))
@pytest.mark.parametrize("seats", [2, 3, 5])
def test_whole_games_with_only_legal_actions(name: str, seats: int) -> None:
    for seed in range(2):
        lineup = [name if s % 2 == 0 else "random" for s in range(seats)]
        state = GAME.new(seats, seed=100 * seats + seed, options={})
        for played in playout(GAME, state, random.Random(seed), choose=PolicyChoice(lineup, seed=0)):
            assert played.action in GAME.legal_actions(played.before, played.seat)
            state = played.step.state
        assert GAME.result(state) is not None
