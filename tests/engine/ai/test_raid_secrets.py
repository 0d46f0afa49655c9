"""A Raid computer player cannot peek: with the opponent's unrevealed objects moved (and
weak spots changed), its view is the same and so is its decision."""

from __future__ import annotations

import random

import pytest

from engine.ai import decide
from tests.engine.raid_helpers import GAME, hide_elsewhere


@pytest.mark.parametrize("name", ["scout", "random"])
def test_same_view_same_decision_whatever_the_opponent_hid(name: str) -> None:
    rng = random.Random(3)
    compared = 0
    for seed in range(3):
        state = GAME.new(2, seed=seed, options={})
        moves = 0
        while GAME.to_act(state) and moves < 120:
            seat = GAME.to_act(state)[0]
            other = hide_elsewhere(state, 1 - seat, rng)
            if other is not None:
                assert other.maps[1 - seat] != state.maps[1 - seat]
                assert GAME.view(other, seat) == GAME.view(state, seat)  # the comparison means something
                assert decide(GAME, other, seat, name, seed=moves) == decide(
                    GAME, state, seat, name, seed=moves
                )
                compared += 1
            lineup = ("scout", "random")
            state = GAME.apply(state, seat, decide(GAME, state, seat, lineup[seat], seed=seed + moves)).state
            moves += 1
    assert compared > 30
