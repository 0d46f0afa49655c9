"""The driver's chooser for games of computer players: each seat's own policy, decision ``n`` of
a game seeded ``seed + n``; a policy with one choice fixed; a timed chooser changes nothing."""

from __future__ import annotations

import random

import pytest

from engine.ai import decide, get_policy
from engine.ai.arena import TimedChoice
from engine.ai.playout import PolicyChoice, Preferring, playout
from engine.games.berserk.actions import ChooseDeck
from tests.engine.berserk.helpers import GAME as BERSERK
from tests.engine.pickomino_helpers import GAME as PICKOMINO


def moves_of(choose: PolicyChoice | TimedChoice, seed: int, driver: int = 0) -> list[tuple[int, object]]:
    state = PICKOMINO.new(3, seed=seed, options={})
    return [(p.seat, p.action) for p in playout(PICKOMINO, state, random.Random(driver), choose=choose)]


def test_each_seat_plays_its_own_policy_with_the_decision_count_as_seed() -> None:
    lineup = ["greedy", "random", "strong"]
    choose = PolicyChoice(lineup, seed=40)
    state = PICKOMINO.new(3, seed=7, options={})
    played = list(playout(PICKOMINO, state, random.Random(0), choose=choose))
    assert len(played) > 30 and choose.decisions == len(played)
    for n, move in enumerate(played):
        expected = decide(PICKOMINO, move.before, move.seat, lineup[move.seat], seed=40 + n)
        assert move.action == expected, (n, move.seat)
    # a seed one off plays another game: the seeds really are seed + n
    off_by_one = PolicyChoice(["random"] * 3, seed=41)
    assert moves_of(off_by_one, 7) != moves_of(PolicyChoice(["random"] * 3, seed=40), 7)


def test_names_are_looked_up_once_and_policy_objects_are_used_as_given() -> None:
    greedy = get_policy("pickomino", "greedy")
    choose = PolicyChoice([greedy, "random", "random"], seed=1)
    moves_of(choose, 3)
    assert choose.policies[0] is greedy
    assert all(not isinstance(p, str) for p in choose.policies)
    assert choose.policies[1] is not choose.policies[2]  # one object per seat


def test_the_same_seed_gives_the_same_game_whatever_the_driver_draws() -> None:
    first = moves_of(PolicyChoice(["random", "greedy", "random"], seed=5), 11, driver=1)
    again = moves_of(PolicyChoice(["random", "greedy", "random"], seed=5), 11, driver=2)
    assert first == again


def test_a_seat_without_a_policy_is_refused_plainly() -> None:
    with pytest.raises(IndexError, match="no policy for seat 2: 2 given"):
        moves_of(PolicyChoice(["random", "random"], seed=0), 1)


def test_preferring_plays_its_action_while_legal_and_the_policy_otherwise() -> None:
    baseline = get_policy("berserk", "baseline")
    prefer = Preferring(ChooseDeck("D3"), baseline)
    state = BERSERK.new(2, seed=4)
    legal = BERSERK.legal_actions(state, 0)
    assert ChooseDeck("D3") in legal
    assert prefer.choose(BERSERK.view(state, 0), legal, random.Random(0)) == ChooseDeck("D3")
    for seat in BERSERK.to_act(state):
        state = BERSERK.apply(state, seat, ChooseDeck("D1")).state
    for seed in range(5):
        seat = BERSERK.to_act(state)[0]
        view, legal = BERSERK.view(state, seat), BERSERK.legal_actions(state, seat)
        assert ChooseDeck("D3") not in legal
        chosen = prefer.choose(view, legal, random.Random(seed))
        assert chosen == baseline.choose(view, legal, random.Random(seed))


def test_a_timed_chooser_makes_the_same_moves_and_times_each() -> None:
    lineup = ["greedy", "random", "greedy"]
    timed = TimedChoice(PolicyChoice(lineup, seed=9))
    state = PICKOMINO.new(3, seed=2, options={})
    walls, cpus, moves = [], [], []
    for played in playout(PICKOMINO, state, random.Random(0), choose=timed):
        walls.append(timed.wall)
        cpus.append(timed.cpu)
        moves.append((played.seat, played.action))
    assert moves == moves_of(PolicyChoice(lineup, seed=9), 2)
    assert len(walls) == len(moves) and min(walls) >= 0 and min(cpus) >= 0


def test_random_games_draw_each_choice_as_randrange_would() -> None:
    """The hot path of random playouts draws its indices itself: the same words, the same
    games as choosing ``legal[rng.randrange(len(legal))]`` through the general loop."""

    def by_randrange(game: object, state: object, seat: int, rng: random.Random) -> object:
        legal = PICKOMINO.legal_actions(state, seat)  # type: ignore[arg-type]
        return legal[rng.randrange(len(legal))]

    for seed in range(20):
        state = PICKOMINO.new(2 + seed % 6, seed=seed, options={})
        fast = [(p.seat, p.action, p.step.state) for p in playout(PICKOMINO, state, random.Random(seed))]
        slow = playout(PICKOMINO, state, random.Random(seed), choose=by_randrange)
        assert fast == [(p.seat, p.action, p.step.state) for p in slow]


def test_a_generator_that_draws_otherwise_is_asked_for_its_choices() -> None:
    class Counting(random.Random):
        def random(self) -> float:  # a subclass that redefines ``random`` draws indices from it
            self.calls = getattr(self, "calls", 0) + 1
            return super().random()

    rng = Counting(3)
    played = list(playout(PICKOMINO, PICKOMINO.new(2, seed=3, options={}), rng))
    assert played and rng.calls >= len(played)


def test_random_games_with_templates_fill_them_as_the_general_loop_does() -> None:
    """A game whose sampler says which items it fills in (Berserk's setup templates) takes the
    hot path too: the same draws, the templates filled from the seat's view with the same
    generator, so the same games as ``random_choice`` through the general loop."""
    from engine.ai.playout import random_choice

    def through_the_general_loop(game: object, state: object, seat: int, rng: random.Random) -> object:
        return random_choice(BERSERK, state, seat, rng)

    filled: set[str] = set()
    for seed in range(4):
        state = BERSERK.new(2, seed=seed, options={})
        fast = [(p.seat, p.action, p.step.state) for p in playout(BERSERK, state, random.Random(seed))]
        slow = playout(BERSERK, state, random.Random(seed), choose=through_the_general_loop)
        assert fast == [(p.seat, p.action, p.step.state) for p in slow]
        filled |= {action.kind for _, action, _ in fast if action.kind in ("recruit", "place")}
    assert filled == {"recruit", "place"}  # templates were drawn (beside Random) and filled in
