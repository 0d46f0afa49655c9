"""The state's generator: a plain value, the same stream after a JSON round trip, and results
a test can fix in advance."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pydantic import TypeAdapter

from engine.core.rng import Rng

ADAPTER: TypeAdapter[Rng] = TypeAdapter(Rng)


def test_the_same_seed_gives_the_same_results_after_a_json_round_trip() -> None:
    rng = Rng(42)
    first, rng = rng.die()
    again = ADAPTER.validate_python(json.loads(json.dumps(ADAPTER.dump_python(rng, mode="json"))))
    assert again == rng
    assert [again.die()[0] for _ in range(3)] == [rng.die()[0] for _ in range(3)]
    assert Rng(42).die()[0] == first


def test_a_value_is_never_changed_by_drawing_from_it() -> None:
    rng = Rng(7, 3)
    _, after = rng.below(10)
    assert rng == Rng(7, 3) and after == Rng(7, 4)


def test_dice_are_fair() -> None:
    rng, faces = Rng(9), Counter[int]()
    for _ in range(6000):
        face, rng = rng.die()
        faces[face] += 1
    assert set(faces) == {1, 2, 3, 4, 5, 6} and all(850 < n < 1150 for n in faces.values())


def test_shuffles_are_permutations() -> None:
    cards, rng = Rng(3).shuffled(range(20))
    assert sorted(cards) == list(range(20)) and cards != list(range(20)) and rng.draws == 19


def test_scripted_results_come_first_then_the_stream_goes_on() -> None:
    rng = Rng.scripted(3, 6, seed=5)
    a, rng = rng.die()
    b, rng = rng.die()
    c, rng = rng.die()
    assert (a, b) == (3, 6) and c == Rng(5).die()[0]
    index, _ = Rng.scripted(2).below(3)
    assert index == 2
    with pytest.raises(ValueError, match="not in 1…6"):
        Rng.scripted(7).die()
    with pytest.raises(ValueError, match="at least 1"):
        Rng(1).below(0)


def test_reseeding_keeps_the_position_and_changes_the_future() -> None:
    rng = Rng(1, 5)
    other = rng.reseeded(2)
    assert other.draws == 5 and [other.word()[0]] != [rng.word()[0]]
