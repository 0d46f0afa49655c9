"""A Raid computer player cannot peek: with the opponent's unrevealed objects moved (and
weak spots changed), its view is the same and so is its decision."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from engine.ai import decide
from engine.ai.playout import PolicyChoice, playout
from tests.engine.raid_helpers import GAME, hide_elsewhere


@pytest.mark.parametrize("name", ["scout", "random"])
def test_same_view_same_decision_whatever_the_opponent_hid(name: str) -> None:
    rng = random.Random(3)
    compared = 0
    for seed in range(3):
        choose = PolicyChoice(("scout", "random"), seed)  # decision n is seeded seed + n
        moves = playout(GAME, GAME.new(2, seed=seed, options={}), random.Random(seed), choose=choose)
        for n, played in enumerate(islice(moves, 120)):
            state, seat = played.before, played.seat
            other = hide_elsewhere(state, 1 - seat, rng)
            if other is not None:
                assert other.maps[1 - seat] != state.maps[1 - seat]
                assert GAME.view(other, seat) == GAME.view(state, seat)  # the comparison means something
                assert decide(GAME, other, seat, name, seed=n) == decide(GAME, state, seat, name, seed=n)
                compared += 1
    assert compared > 30
