"""``ByIdentity``: an answer worked out once per object, never handed to another object."""

from __future__ import annotations

from engine.games.raid.memo import ByIdentity


def test_the_same_object_is_answered_once_and_an_equal_one_again() -> None:
    calls: list[tuple[int, ...]] = []

    def total(key: tuple[int, ...]) -> int:
        calls.append(key)
        return sum(key)

    memo: ByIdentity[tuple[int, ...], int] = ByIdentity(total)
    first = tuple(range(5))
    assert memo(first) == memo(first) == 10
    assert len(calls) == 1
    equal = tuple(range(5))  # equal, but another object: worked out for it too
    assert equal is not first and memo(equal) == 10
    assert len(calls) == 2 and len(memo) == 2


def test_an_answer_is_kept_with_its_object_so_no_other_object_can_take_its_identity() -> None:
    memo: ByIdentity[list[int], int] = ByIdentity(len)
    for n in range(50):  # each list dies after the call, unless the memo holds it
        assert memo([0] * n) == n
    assert len(memo) == 50


def test_it_forgets_everything_once_full() -> None:
    memo: ByIdentity[tuple[int], int] = ByIdentity(lambda key: key[0], limit=3)
    keys = [(n,) for n in range(4)]
    for key in keys[:3]:
        memo(key)
    assert len(memo) == 3
    assert memo(keys[3]) == 3 and len(memo) == 1
    assert memo(keys[0]) == 0 and len(memo) == 2


def test_an_answer_known_another_way_is_taken_as_given() -> None:
    def refused(key: tuple[int, ...]) -> int:
        raise AssertionError("worked out although it was given")

    memo: ByIdentity[tuple[int, ...], int] = ByIdentity(refused)
    key = (1, 2, 3)
    memo.remember(key, 7)
    assert memo(key) == 7
