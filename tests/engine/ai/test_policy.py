"""The policy interface: registry, the generic random policy, samplers and ``decide``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine.ai import (
    RandomPolicy,
    UnknownPolicy,
    decide,
    get_policy,
    policies,
    register_sampler,
)
from engine.ai.playout import playout
from engine.ai.policy import fill
from engine.games.pickomino import PickominoView
from tests.engine.ai.view_only import assert_sees_only_its_view
from tests.engine.pickomino_helpers import GAME, dice_fall, position


class Spy:
    """A policy that records what it was given and plays the first legal action."""

    def __init__(self) -> None:
        self.seen: list[tuple[Any, list[Any]]] = []

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        self.seen.append((view, list(legal)))
        return legal[0]


def test_every_game_has_random_and_pickomino_has_its_own() -> None:
    assert policies("pickomino")[0] == "random"
    assert {"greedy", "strong"} <= set(policies("pickomino"))
    assert isinstance(get_policy("pickomino", "random"), RandomPolicy)


def test_unknown_policy_is_a_clear_error() -> None:
    with pytest.raises(UnknownPolicy, match="no policy 'genius' for pickomino; known: random"):
        get_policy("pickomino", "genius")


def test_random_works_for_a_game_without_an_ai_package() -> None:
    policy = get_policy("no_such_game", "random")
    assert policies("no_such_game") == ("random",)
    picks = {policy.choose(None, ["a", "b", "c"], random.Random(s)) for s in range(40)}
    assert picks == {"a", "b", "c"}


def test_random_fills_templates_through_the_games_sampler() -> None:
    def sample(view: Any, template: Any, rng: random.Random) -> Any:
        return {"kind": template, "cell": [view["size"], rng.randrange(3)]}

    register_sampler("template_game", sample)
    action = get_policy("template_game", "random").choose({"size": 9}, ["move"], random.Random(1))
    assert action["kind"] == "move" and action["cell"][0] == 9 and action["cell"][1] in range(3)


class ViewCounter:
    """A game to ``fill`` for: it counts the views it builds."""

    key = "counted_template_game"

    def __init__(self) -> None:
        self.views = 0

    def view(self, state: Any, seat: int) -> Any:
        self.views += 1
        return {"size": 9}


def test_fill_builds_a_view_only_for_what_the_sampler_says_it_fills() -> None:
    def sample(view: Any, item: Any, rng: random.Random) -> Any:
        return {"kind": item, "size": view["size"]} if item == "template" else item

    game = ViewCounter()
    register_sampler(game.key, sample, lambda item: item == "template")
    rng = random.Random(1)
    assert fill(game, None, 0, "concrete", rng) == "concrete"  # type: ignore[arg-type]
    assert game.views == 0
    assert fill(game, None, 0, "template", rng) == {"kind": "template", "size": 9}  # type: ignore[arg-type]
    assert game.views == 1
    register_sampler(game.key, sample)  # without ``fills``: a view for every item, as before
    assert fill(game, None, 0, "concrete", rng) == "concrete"  # type: ignore[arg-type]
    assert game.views == 2


def test_berserk_fills_exactly_its_two_templates() -> None:
    from engine.ai.berserk.sampler import fills
    from engine.games.berserk.actions import END_TURN, PLACE_TEMPLATE, RECRUIT_TEMPLATE, Place, Recruit

    assert fills(RECRUIT_TEMPLATE) and fills(PLACE_TEMPLATE)
    assert not any(fills(a) for a in (END_TURN, Recruit(("C01",)), Place({"1": "b3"})))


def test_decide_gives_the_policy_the_seats_view_never_the_state() -> None:
    spy = Spy()
    state = dice_fall(position(stacks=[[], [25]]), ["worm", "worm", "1", "2", "3", "3", "4", "5"])
    action = decide(GAME, state, 0, spy, seed=3)
    ((view, legal),) = spy.seen
    assert isinstance(view, PickominoView) and view == GAME.view(state, 0)
    assert legal == GAME.legal_actions(state, 0) and action == legal[0]


def test_decide_refuses_a_seat_that_is_not_to_act() -> None:
    from engine import IllegalAction

    with pytest.raises(IllegalAction):
        decide(GAME, position(), 1, "random", seed=0)


@pytest.mark.parametrize("name", ["random", "greedy", "strong"])
def test_policies_cannot_peek_at_the_dice_to_come(name: str) -> None:
    """Pickomino's only secret is the future dice (the seed in the state): another seed,
    same view, same choice."""
    game = playout(GAME, GAME.new(2, seed=11, options={}), random.Random(5))
    for step, played in zip(range(120), game, strict=False):
        state, seat = played.before, played.seat
        assert_sees_only_its_view(GAME, state, GAME.redeal(state, seat, state.rng.seed + 1), seat, name, step)
