"""``strong`` on positions where the right answer is clear."""

from __future__ import annotations

from engine.ai import decide
from engine.games.pickomino import PickominoState
from tests.engine.pickomino_helpers import GAME, dice_fall, labels, position


def strong(state: PickominoState) -> str:
    return labels([decide(GAME, state, state.current, "strong", seed=0)])[0]


def test_steals_the_tile_that_swings_the_game() -> None:
    # 26 from the grill would end the game 2 worms to 4; stealing 26 leads 3 to 2
    state = position(grill=[21], stacks=[[22], [25, 26]], kept=["worm", "worm", "4", "4", "4", "4"])
    assert labels(GAME.legal_actions(state, 0)) == ["roll", "take 21", "take 26"]
    assert strong(state) == "take 26"


def test_does_not_end_a_lost_game() -> None:
    # taking 21 ends the game 2 to 4 (greedy would); rolling on keeps a chance
    state = position(grill=[21], stacks=[[22], [25, 26]], kept=["worm", "4", "4", "4", "4"])
    assert labels(GAME.legal_actions(state, 0)) == ["roll", "take 21"]
    assert strong(state) == "roll"
    assert labels([decide(GAME, state, 0, "greedy", seed=0)]) == ["take 21"]


def test_ends_a_won_game() -> None:
    state = position(grill=[21], stacks=[[25, 26], [22]], kept=["worm", "4", "4", "4", "4"])
    assert strong(state) == "take 21"


def test_keeps_the_last_chance_of_a_worm() -> None:
    state = dice_fall(position(kept=["5", "5", "5", "4", "4", "4"]), ["worm", "1"])
    assert strong(state) == "keep worm"


def test_takes_a_tile_the_last_die_cannot_better() -> None:
    # 33 with one die left: a 4 or more adds no worm, a 3, 5 or worm fails the turn
    state = position(kept=["worm", "worm", "worm", "5", "5", "5", "3"])
    assert strong(state) == "take 33"


def test_a_reused_policy_decides_like_a_fresh_one() -> None:
    """The plan kept between choices of a turn never leaks into another position."""
    import random

    from engine.ai import get_policy
    from engine.ai.playout import playout

    shared = get_policy("pickomino", "strong")
    game = playout(GAME, GAME.new(3, seed=21, options={}), random.Random(21))
    for step, played in zip(range(150), game, strict=False):
        state, seat = played.before, played.seat
        fresh = decide(GAME, state, seat, "strong", seed=step)
        assert decide(GAME, state, seat, shared, seed=step) == fresh


def test_turn_plan_values() -> None:
    from engine.ai.pickomino.turn import MAX_TOTAL, TurnPlan

    plan = TurnPlan([1.0] * (MAX_TOTAL + 1), fail=0.0)  # any stop with a worm wins
    assert plan.value(0b100000, 3, 5) == 1.0  # a worm kept: stop at once
    assert plan.value(0b011111, 1, 15) == 1 / 6  # one die, only a worm keeps the turn alive
    assert plan.start_value() > 1 - (5 / 6) ** 8  # more than a worm in the first roll


def test_a_stop_with_a_tile_to_take_cannot_choose_to_fail() -> None:
    """P8/P10: stopping with a worm and a tile on offer takes a tile; the plan must not count
    on failing instead, even where it would value a failed turn more."""
    from engine.ai.pickomino.strong import solve
    from engine.ai.pickomino.table import Table
    from engine.ai.pickomino.turn import WORM_BIT

    table = Table(grill=(21, 30), stacks=((25,), (24,)), me=0, rivals=(1,))

    def fewer_tiles_better(after: Table) -> float:
        return 1.0 - len(after.stacks[0]) / 10

    plan, take, fail = solve(fewer_tiles_better, table)
    assert fail > take[21]
    assert plan.value(WORM_BIT, 0, 21) == take[21]  # no dice left: must take 21
    assert plan.value(WORM_BIT, 0, 24) == max(take[21], take[24])  # 21 or the steal of 24
    assert plan.value(WORM_BIT, 0, 20) == fail  # nothing to take: the stop fails


def test_end_game_values_foresee_the_rival_reply() -> None:
    """With few grill tiles a position is valued after the rival's best reply turn, which is
    never kinder to us than his failing it (a fail is always one way his turn can end)."""
    from engine.ai.pickomino.strong import Evaluation, Weights
    from engine.ai.pickomino.table import Table

    evaluation = Evaluation(Weights())
    # we lead 4 worms to 2 with two grill tiles; the rival (seat 1) moves next
    table = Table(grill=(21, 22), stacks=((25, 26), (24,)), me=0, rivals=(1,))
    assert len(table.grill) <= evaluation.w.reply_tiles
    value = evaluation(table)
    rival_fails = Table(table.grill, table.stacks, 1, (0,)).after_fail()
    ours_after_fail = Table(rival_fails.grill, rival_fails.stacks, 0, (1,))
    assert 0.0 < value < evaluation.static(ours_after_fail, we_move=True)
    # the rival's chances of taking a tile make the position worth less than it looks
    assert value < evaluation.static(table, we_move=False)


def test_reads_the_tiebreak_option() -> None:
    """3 worms each is a tie under ``shared`` but a loss to the holder of the highest tile
    (the rival's 29) under ``highest_tile``. Taking the last grill tile to reach such a tie
    is right only when ties are shared; otherwise rolling on for the steal is the only hope."""
    from engine.ai.pickomino.strong import Evaluation, Weights
    from engine.ai.pickomino.table import Table

    evaluation = Evaluation(Weights())
    for shared, expected in ((False, 0.0), (True, 0.5)):
        end = Table(grill=(), stacks=((21, 25), (29,)), me=0, rivals=(1,), shared_ties=shared)
        assert evaluation(end) == expected
    kept = ["worm", "4", "4", "4", "4"]  # 21 with three dice left
    assert strong(position(grill=[21], stacks=[[25], [29]], kept=kept, tiebreak="shared")) == "take 21"
    assert strong(position(grill=[21], stacks=[[25], [29]], kept=kept)) == "roll"
