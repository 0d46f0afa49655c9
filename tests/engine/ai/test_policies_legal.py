"""Every policy only ever returns a legal action, over whole games and seat counts."""

from __future__ import annotations

import pytest

from engine.ai import decide, policies
from tests.engine.pickomino_helpers import GAME


@pytest.mark.parametrize("name", policies("pickomino"))
@pytest.mark.parametrize("seats", [2, 3, 5])
def test_whole_games_with_only_legal_actions(name: str, seats: int) -> None:
    for seed in range(2):
        lineup = [name if s % 2 == 0 else "random" for s in range(seats)]
        state = GAME.new(seats, seed=100 * seats + seed, options={})
        moves = 0
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            action = decide(GAME, state, seat, lineup[seat], seed=moves)
            assert action in GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, action).state
            moves += 1
        assert GAME.result(state) is not None
