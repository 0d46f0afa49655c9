"""``greedy``'s documented choices on hand-built positions."""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai import decide
from engine.games.pickomino import PickominoState
from tests.engine.pickomino_helpers import GAME, dice_fall, labels, position


def greedy(state: PickominoState) -> str:
    return labels([decide(GAME, state, state.current, "greedy", seed=0)])[0]


def keeps(roll: Sequence[str | int], kept: Sequence[str | int] = ()) -> str:
    return greedy(dice_fall(position(kept=kept), roll))


def test_keeps_the_face_that_scores_most() -> None:
    assert keeps(["worm", "worm", "5", "5", "5", "1", "2", "3"]) == "keep 5"  # 15 beats 10
    assert keeps(["1", "1", "1", "1", "1", "1", "2", "4"]) == "keep 1"  # 6 beats 4 and 2


def test_ties_go_worm_5_4_3_2_1() -> None:
    assert keeps(["worm", "worm", "worm", "5", "5", "5", "1", "2"]) == "keep worm"
    assert keeps(["5", "5", "5", "5", "4", "4", "4", "4", "worm"][:8], []) == "keep 5"  # 20 vs 16
    assert keeps(["4", "4", "4", "3", "3", "3", "3", "1"]) == "keep 4"  # 12 vs 12
    assert keeps(["2", "2", "2", "3", "3", "1", "1", "1"]) == "keep 3"  # 6 vs 6 vs 3


def test_worms_at_once_with_two_faces_kept() -> None:
    assert keeps(["worm", "3", "3", "3"], kept=["5", "5", "4", "4"]) == "keep worm"
    # with one face kept the worm must still score most
    assert keeps(["worm", "4", "4", "4", "1"], kept=["5", "5", "5"]) == "keep 4"


def test_stops_as_soon_as_a_tile_can_be_taken() -> None:
    state = position(kept=["worm", "worm", "worm", "5", "5", "5"])  # 30, two dice left
    assert greedy(state) == "take 30"


def test_steals_first() -> None:
    state = position(stacks=[[], [26]], kept=["worm", "worm", "4", "4", "4", "4"])  # 26
    assert labels(GAME.legal_actions(state, 0)) == ["roll", "take 25", "take 26"]
    assert greedy(state) == "take 26"


def test_rolls_on_without_a_tile_and_stops_without_dice() -> None:
    assert greedy(position(kept=["5", "5", "5"])) == "roll"  # no worm yet
    assert greedy(position(grill=[30], kept=["worm", "worm", "3", "3"])) == "roll"  # 16 < 30
    assert greedy(position(grill=[36], kept=["worm"] * 4 + ["1"] * 4)) == "stop"  # 24, no dice
