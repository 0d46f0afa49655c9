"""The attack-modifier pipeline on toy attacks: groups a → d, levels before numbers, set-to-N
that never raises, the clamp at zero."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from engine.games.berserk.modifiers import (
    Modifier,
    group_of,
    ordered,
    resolve,
    resolve_fixed,
    values_by_level,
)

SQUADS = {"s": 0, "s_friend": 0, "t": 1, "t_friend": 1}
WEAK, MEDIUM, STRONG = 0, 1, 2


def test_groups_by_creator() -> None:
    def squad(card: str) -> int:
        return SQUADS[card]

    assert [group_of(c, "s", "t", squad) for c in ("s_friend", "s", "t_friend", "t")] == ["a", "b", "c", "d"]


def test_groups_apply_in_order_then_by_serial() -> None:
    mods = [
        Modifier("t", "add", 1, "d"),
        Modifier("s_friend", "add", 1, "a", serial=2),
        Modifier("s", "add", 1, "b"),
        Modifier("s_friend", "add", 1, "a", serial=1),
        Modifier("t_friend", "add", 1, "c"),
    ]
    assert [(m.group, m.serial) for m in ordered(mods)] == [("a", 1), ("a", 2), ("b", 0), ("c", 0), ("d", 0)]


def test_additive_then_set_then_clamp() -> None:
    values = (3, 4, 6)
    mods = [Modifier("s_friend", "add", 1, "a"), Modifier("s", "add", 2, "b"), Modifier("t", "set", 1, "d")]
    result = resolve(MEDIUM, values, mods)
    assert (result.level, result.base, result.raw, result.value) == (MEDIUM, 4, 1, 1)


def test_set_to_n_never_raises() -> None:
    assert (
        resolve(WEAK, (1, 1, 1), [Modifier("s_friend", "add", -1, "a"), Modifier("t", "set", 1, "d")]).value
        == 0
    )
    assert resolve_fixed(0, [Modifier("t", "set", 2, "d")]).value == 0
    assert resolve_fixed(5, [Modifier("t", "set", 2, "d"), Modifier("t_friend", "set", 3, "c")]).value == 2


def test_the_clamp_keeps_the_raw_sum() -> None:
    result = resolve(STRONG, (1, 1, 1), [Modifier("s_friend", "add", -2, "a")])
    assert (result.raw, result.value) == (-1, 0)
    again = resolve(
        STRONG, (1, 1, 1), [Modifier("s_friend", "add", -2, "a"), Modifier("x", "add", 2, "a", 1)]
    )
    assert again.value == 1


def test_levels_change_before_the_base_is_read() -> None:
    mods = [Modifier("t_friend", "level", WEAK, "c"), Modifier("s", "add", 1, "b")]
    result = resolve(STRONG, (2, 3, 5), mods)
    assert (result.level, result.base, result.value) == (WEAK, 2, 3)


def test_a_miss_stays_a_miss() -> None:
    result = resolve(
        None, (2, 3, 5), [Modifier("t_friend", "level", STRONG, "c"), Modifier("s", "add", 3, "b")]
    )
    assert (result.level, result.value) == (None, 0)


def test_order_within_a_group_cannot_change_additions_or_sets() -> None:
    """Why the pipeline asks nobody to order modifiers inside a group when they are all
    additions and sets: every order gives the same value."""
    mods = [
        Modifier("s_friend", "add", 2, "a"),
        Modifier("s_friend", "add", -3, "a"),
        Modifier("t", "set", 2, "d"),
        Modifier("t", "set", 1, "d"),
    ]
    results = {
        resolve(MEDIUM, (1, 4, 6), [Modifier(m.creator, m.op, m.value, m.group, n) for n, m in enumerate(p)])
        for p in itertools.permutations(mods)
    }
    assert len(results) == 1


def modifiers_of(op: str, values: st.SearchStrategy[int]) -> st.SearchStrategy[Modifier]:
    """One kind of modifier, of any group and serial."""
    return st.builds(Modifier, st.just("x"), st.just(op), values, st.sampled_from("abcd"), st.integers(0, 3))


MODIFIERS = st.lists(
    st.one_of(
        modifiers_of("add", st.integers(-4, 4)),
        modifiers_of("set", st.integers(0, 5)),
        modifiers_of("level", st.integers(0, 2)),
    ),
    max_size=6,
)


@given(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6)), MODIFIERS)
def test_every_levels_value_at_once_is_each_levels_resolution(
    values: tuple[int, int, int], mods: list[Modifier]
) -> None:
    """The computer players' shortcut gives what the pipeline gives, level by level."""
    assert values_by_level(values, mods) == [resolve(level, values, mods).value for level in range(3)]
