"""The shortcuts Hobbit's rules take for speed answer exactly as the long way round: the
working copy ``apply`` changes holds every field of the state, and trade prices listed pair by
pair are the general choice of two cards."""

from __future__ import annotations

import random
from dataclasses import fields

from engine.games.hobbit.cards import INSTANCES
from engine.games.hobbit.legal import _groups, _pairs, choices
from engine.games.hobbit.state import HobbitState
from tests.engine.hobbit.helpers import GAME


def test_the_working_copy_holds_every_field_and_shares_nothing_it_changes() -> None:
    state = GAME.new(4, 3, {})
    copy = state.working_copy()
    assert copy is not state
    assert all(getattr(copy, f.name) is getattr(state, f.name) for f in fields(HobbitState))


def test_trade_prices_pair_by_pair_are_every_choice_of_two() -> None:
    supply = [i for i, c in INSTANCES.items() if c.deck in ("beorn", "esgaroth", "treasury")]
    rng = random.Random(1)
    for _ in range(2000):
        hand = rng.sample(supply, rng.randint(0, 9))
        groups = _groups(hand)
        for without in (None, *(g[0] for g in groups)):
            rest = list(hand)
            if without is not None:
                rest.remove(without)
            assert sorted(_pairs(groups, without)) == sorted(choices(rest, 2)), (hand, without)
