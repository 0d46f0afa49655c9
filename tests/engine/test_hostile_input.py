"""Any input, of any size and shape, at every entry of every game ends in the engine's own
error with a short message: huge integers, deep nesting, unusual digits, very long text."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.core.errors import MAX_MESSAGE, MAX_TEXT
from tests.engine.nim import NIM

KEYS = (*engine.game_keys(), NIM.key)
"""Every registered game, and Nim (a game with no generator at all, never registered here)."""


def game_of(key: str) -> engine.Game[Any, Any, Any]:
    return NIM if key == NIM.key else engine.get_game(key)


HUGE = "9" * 5000  # past Python's 4,300-digit int conversion limit

TEXTS = [
    "take ²",
    "take ٣",
    f"take {HUGE}",
    f"keep {HUGE}",
    f"B{HUGE}",
    f"A1 down {HUGE}",
    f"guess {HUGE}",
    "zone ³",
    "pits: " + " ".join(f"C{n}" for n in range(10_000)),
    "pits: C3; traps: pits: A1",
    "x" * 10_000,
    "{" * 1000,
    "[" * 1000 + "]" * 1000,
    '{"kind": "take", "tile": ' + HUGE + "}",
    '{"kind": "guess", "zone": 1e999}',
    "\u202e" * 50,
    "🪱" * 3000,
]


def nested(depth: int) -> Any:
    value: Any = {"kind": "move"}
    for _ in range(depth):
        value = {"kind": "move", "path": [value]}
    return value


DATA = [
    nested(1000),
    {"kind": "place", "pits": [f"C{n}" for n in range(10_000)]},
    {"kind": "take", "tile": int("9" * 300)},
    {"kind": "guess", "zone": 10**100},
    {"kind": "move", "path": ["A1"] * 100_000},
    {"kind": "keep", "face": {"a": [1] * 10}},
    {"kind": "x" * 100_000},
    {f"k{n}": n for n in range(100_000)},
]


def assert_refused_briefly(game: engine.Game[Any, Any, Any], data: Any) -> None:
    try:
        action = game.parse_action(data)
    except engine.EngineError as exc:
        assert len(exc.message) <= MAX_MESSAGE
        assert all(len(v) <= MAX_TEXT for v in exc.params.values() if isinstance(v, str))
        return
    # Readable input may still be an illegal move: applying it must be refused briefly too.
    state = game.new(game.min_seats, 1, {})
    for seat in range(game.min_seats):
        try:
            game.apply(state, seat, action)
        except engine.EngineError as exc:
            assert len(exc.message) <= MAX_MESSAGE


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("text", TEXTS, ids=range(len(TEXTS)))
def test_hostile_text_is_refused_briefly(key: str, text: str) -> None:
    assert_refused_briefly(game_of(key), text)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("data", DATA, ids=range(len(DATA)))
def test_hostile_data_is_refused_briefly(key: str, data: Any) -> None:
    assert_refused_briefly(game_of(key), data)


@pytest.mark.parametrize("key", KEYS)
def test_a_thousand_levels_of_json_text_are_refused(key: str) -> None:
    text = json.dumps(nested(50))
    deep = "{" + '"kind": "move", "path": [' * 1000 + "]}" * 1000
    for candidate in (text, deep):
        assert_refused_briefly(game_of(key), candidate)
    assert sys.getrecursionlimit() >= 1000  # the refusal did not depend on raising it


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=50),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=40,
)
hostile_text = st.one_of(
    st.text(max_size=200),
    st.text(alphabet="0123456789²³¹⁴٣٤۵৫໕𝟗 ", min_size=1, max_size=60).map(lambda t: f"take {t}"),
    st.text(alphabet="0123456789²³¹⁴٣٤۵৫໕𝟗 ", min_size=1, max_size=60).map(lambda t: f"B{t}"),
    st.integers(min_value=10**300, max_value=10**400).map(lambda n: f"guess {n}"),
)


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=150, deadline=None)
@given(
    data=st.one_of(
        json_values, hostile_text, st.dictionaries(st.just("kind"), st.text(max_size=12)) | json_values
    )
)
def test_any_input_ends_in_the_engines_error(key: str, data: Any) -> None:
    assert_refused_briefly(game_of(key), data)
