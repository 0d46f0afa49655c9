"""The state's generator: a plain value, the same stream after a JSON round trip, and results
a test can fix in advance."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from pydantic import TypeAdapter

from engine.core.rng import MASK64, Rng, below, shuffled, word, words

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


def test_splitmix64_gives_the_reference_words() -> None:
    """The first words of SplitMix64 seeded with 0 and 1234567, as its reference C code
    (``splitmix64.c``, Vigna) prints them: stored games rest on these very numbers."""
    assert [word(0, n) for n in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert word(1234567, 0) == 6457827717110365317


def test_words_made_together_are_the_words_one_by_one() -> None:
    rng = random.Random(8)
    cases = [(0, 0, 1), (MASK64, MASK64, 3), (-5, 2, 7), (2**70 + 3, 0, 130)]
    cases += [(rng.getrandbits(64), rng.randrange(10**6), rng.randrange(0, 200)) for _ in range(200)]
    for seed, first, count in cases:
        assert words(seed, first, count) == tuple(word(seed, n) for n in range(first, first + count))
    assert words(3, 5, 0) == words(3, 5, -2) == ()


def test_a_shuffle_swaps_each_position_with_the_next_words_choice() -> None:
    """Fisher–Yates as stored games were dealt with: from the last position down to the
    second, swap with ``below(i + 1)`` of the next word."""
    for seed, draws, n in [(1, 0, 0), (1, 4, 1), (7, 9, 2), (2**64 - 1, 3, 99), (12, 0, 21)]:
        out, at = list(range(n)), draws
        for i in range(n - 1, 0, -1):
            j = below(seed, at, i + 1)
            at += 1
            out[i], out[j] = out[j], out[i]
        assert shuffled(seed, draws, range(n)) == (out, at)
