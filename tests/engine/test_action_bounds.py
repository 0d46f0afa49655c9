"""Every number, text, list and mapping of every action of every game is bounded where the action
is read (``engine.core.inputs``): hostile values put in any field of any action kind — integers
of 5,000 digits, negative numbers, booleans, fractions, nested junk, very long text and lists —
end in ``BadAction`` or ``IllegalAction`` with a short message, and change nothing.

A number a player sends once reached the rules: a Raid placement whose weak spot had 5,000
digits raised ``ValueError`` where the placement's problems were written out (Python refuses to
write an integer of more than 4,300 digits as text)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.ai.playout import playout
from engine.core import Game, contract, dump_json
from engine.core.contract import MAX_INPUT_CHARS
from engine.core.errors import MAX_MESSAGE, MAX_NUMBER, MAX_TEXT
from engine.core.plain import JSON
from tests.engine.nim import NIM

KEYS = (*engine.game_keys(), NIM.key)
"""Every registered game, and Nim (never registered here: it is loaded through its object)."""
HUGE = 10**5000 - 1
"""An integer of 5,000 digits: past Python's limit on converting integers to text."""

HOSTILE: list[JSON] = [
    HUGE,
    -HUGE,
    -1,
    1000,
    10**15,
    2**63,
    True,
    False,
    1.5,
    1e308,
    float("inf"),
    float("nan"),
    "9" * 5000,
    "x" * MAX_INPUT_CHARS,
    "",
    None,
    [[[HUGE]]],
    {"a": {"b": [HUGE]}},
    [HUGE] * 3,
    ["x" * 200] * 300,
]
"""What is put in place of one value of an action."""

Path = tuple[str | int, ...]


def game_of(key: str) -> Game[Any, Any, Any]:
    return NIM if key == NIM.key else engine.get_game(key)


def unbounded(schema: dict[str, Any], defs: dict[str, Any], where: str) -> Iterator[str]:
    """Where a JSON schema leaves a number, a text, a list or a mapping without a bound."""
    if "$ref" in schema:
        yield from unbounded(defs[schema["$ref"].split("/")[-1]], defs, where)
        return
    for part in (*schema.get("anyOf", ()), *schema.get("oneOf", ()), *schema.get("allOf", ())):
        yield from unbounded(part, defs, where)
    kind = schema.get("type")
    if "const" in schema or "enum" in schema or kind in (None, "null", "boolean"):
        return
    if kind == "integer":
        low = "minimum" in schema or "exclusiveMinimum" in schema
        high = "maximum" in schema or "exclusiveMaximum" in schema
        if not (low and high):
            yield f"{where}: a number without both bounds"
    elif kind == "string":
        if "maxLength" not in schema:
            yield f"{where}: a text without a longest length"
    elif kind == "array":
        if "maxItems" not in schema:
            yield f"{where}: a list without a most items"
        yield from unbounded(schema.get("items", {}), defs, f"{where}[]")
    elif kind == "object":
        for name, part in schema.get("properties", {}).items():
            yield from unbounded(part, defs, f"{where}.{name}")
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):
            if "maxProperties" not in schema:
                yield f"{where}: a mapping without a most items"
            yield from unbounded(schema.get("propertyNames", {"type": "string"}), defs, f"{where} key")
            yield from unbounded(extra, defs, f"{where}{{}}")
    else:
        yield f"{where}: a value of type {kind}"


@pytest.mark.parametrize("key", KEYS)
def test_every_number_text_list_and_mapping_of_an_action_has_a_bound(key: str) -> None:
    schema = game_of(key).action_adapter.json_schema(mode="validation")
    defs = schema.get("$defs", {})
    kinds = schema.get("discriminator", {}).get("mapping") or {key: "#/$defs/"}
    found = [
        problem
        for kind, ref in kinds.items()
        for problem in unbounded({"$ref": ref} if ref != "#/$defs/" else schema, defs, kind)
    ]
    assert not found, "\n".join(found)


def kinds_of(game: Game[Any, Any, Any]) -> dict[str, dict[str, Any]]:
    """Each action kind's schema, by kind."""
    schema = game.action_adapter.json_schema(mode="validation")
    defs = schema.get("$defs", {})
    mapping = schema.get("discriminator", {}).get("mapping")
    if mapping is None:
        return {schema["properties"]["kind"]["const"]: schema}
    return {kind: defs[ref.split("/")[-1]] for kind, ref in mapping.items()}


def skeleton(kind: str, schema: dict[str, Any]) -> dict[str, JSON]:
    """An action of ``kind`` with a plain value of its type in each field (a kind that random
    games did not reach still has each of its fields made hostile)."""
    plain: dict[str, JSON] = {"integer": 1, "string": "x", "array": [], "object": {}, "boolean": False}
    data: dict[str, JSON] = {"kind": kind}
    for name, part in schema.get("properties", {}).items():
        if name != "kind":
            types = [p.get("type") for p in part.get("anyOf", [part])]
            data[name] = next((plain[t] for t in types if t in plain), None)
    return data


def samples(game: Game[Any, Any, Any]) -> list[tuple[Any, int, dict[str, JSON]]]:
    """``(state, seat, action)``: a few actions of each kind that random games played, where
    they were played, and a skeleton of each kind they did not play, at a game's start."""
    found: dict[str, list[tuple[Any, int, dict[str, JSON]]]] = {}
    for seats in sorted({game.min_seats, game.max_seats}):
        for seed in range(3):
            start = game.new(seats, seed, {})
            for move in playout(game, start, random.Random(seed), off_turn=0.05):
                if move.action is not None:
                    data = json.loads(dump_json(game.dump_action(move.action)))
                    kept = found.setdefault(data["kind"], [])
                    if len(kept) < 2:
                        kept.append((move.before, move.seat, data))
    start = game.new(game.min_seats, 0, {})
    missing = [(start, 0, skeleton(k, s)) for k, s in kinds_of(game).items() if k not in found]
    return [sample for kept in found.values() for sample in kept] + missing


def places(data: JSON, path: Path = ()) -> Iterator[Path]:
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from places(value, (*path, key))
    elif isinstance(data, list):
        for n, value in enumerate(data):
            yield from places(value, (*path, n))


def replaced(data: JSON, path: Path, value: JSON) -> JSON:
    copy = json.loads(json.dumps(data))
    at = copy
    for part in path[:-1]:
        at = at[part]
    at[path[-1]] = value
    return copy


def short(exc: engine.EngineError) -> str | None:
    """What makes a refusal too long to show, or ``None``."""
    if len(str(exc)) > MAX_MESSAGE:
        return f"a message of {len(str(exc))} characters"
    for name, value in exc.params.items():
        if isinstance(value, str) and len(value) > MAX_TEXT:
            return f"the parameter {name} of {len(value)} characters"
        if isinstance(value, int) and abs(value) > MAX_NUMBER:
            return f"the parameter {name}, a number of {value.bit_length()} bits"
    return None


def trouble(game: Game[Any, Any, Any], state: Any, data: JSON, *, unreadable: bool = False) -> str | None:
    """What goes wrong reading ``data`` and playing it for every seat of ``state``, or ``None``
    when each ends in the engine's short refusal or a move (and ``state`` is left alone);
    ``unreadable``: ``data`` must be refused as it is read."""
    before = dump_json(game.dump_state(state))
    try:
        action = game.parse_action(data)
    except engine.EngineError as exc:
        return short(exc)
    except Exception as exc:
        return f"parse_action raised {type(exc).__name__}"
    if unreadable:
        return f"read as {game.typed(action)}"
    for seat in range(game.seats(state)):
        try:
            game.apply(state, seat, action)
        except engine.EngineError as exc:
            if short(exc) is not None:
                return f"seat {seat}: {short(exc)}"
        except Exception as exc:
            return f"seat {seat}: apply raised {type(exc).__name__}"
    return None if dump_json(game.dump_state(state)) == before else "the state changed"


def told(value: JSON) -> str:
    """``value`` named in a failure (an integer of 5,000 digits cannot be written out)."""
    if isinstance(value, int) and abs(value) > MAX_NUMBER:
        return f"an integer of {value.bit_length()} bits"
    return repr(value)[:40]


@pytest.mark.parametrize("key", KEYS)
def test_a_hostile_value_in_any_field_of_any_action_is_refused_briefly(key: str) -> None:
    game = game_of(key)
    failures = []
    for state, _, data in samples(game):
        for path in places(data):
            if path in ((), ("kind",)):
                continue
            original = data
            for part in path:
                original = original[part]  # type: ignore[index]
            for value in HOSTILE:
                # true and false are never read as 1 and 0 (a move to seat 1, a pile 1)
                boolean = isinstance(value, bool) and not isinstance(original, bool)
                found = trouble(game, state, replaced(data, path, value), unreadable=boolean)
                if found is not None:
                    failures.append(f"{data['kind']} {'.'.join(map(str, path))} = {told(value)}: {found}")
    assert not failures, f"{len(failures)} hostile values got through:\n" + "\n".join(failures[:40])


def test_a_weak_spot_of_5000_digits_is_refused_where_the_placement_is_read() -> None:
    """A number too large to write is refused before the placement's problems are written out,
    and text longer than any action; any other weak spot that is no
    zone (a mistyped 77, a number of 16 or 199 digits) is listed with the placement's other
    problems (R7), quoted as given."""
    raid = engine.get_game("raid")
    for zone, message in ((HUGE, "larger than any move takes"), ("9" * 5000, "too long")):
        with pytest.raises(engine.BadAction, match=message):
            raid.parse_action({"kind": "place", "terrorists": [{"cell": "B2", "zone": zone}]})
    for zone in ("77", 10**15, "-5", "9" * 199):
        placement = raid.parse_action({"kind": "place", "terrorists": [{"cell": "B2", "zone": zone}]})
        with pytest.raises(engine.IllegalAction, match=f"weak spot {str(zone)[:40]}"):
            raid.apply(raid.new(2, 1, {}), 0, placement)


huge_or_junk = st.one_of(
    st.integers(),
    st.integers(min_value=10**30, max_value=10**4000),  # (printable when an example is shown)
    st.booleans(),
    st.floats(),
    st.text(max_size=300),
    st.recursive(st.integers() | st.text(max_size=5), lambda c: st.lists(c, max_size=4), max_leaves=8),
)


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=60, deadline=None)
@given(pick=st.randoms(use_true_random=False), value=huge_or_junk)
def test_any_value_anywhere_in_a_played_action_is_refused_briefly_or_played(
    key: str, pick: random.Random, value: JSON
) -> None:
    game = game_of(key)
    state, _, data = pick.choice(SAMPLES.setdefault(key, samples(game)))
    path = pick.choice([p for p in places(data) if p not in ((), ("kind",))] or [("kind",)])
    assert trouble(game, state, replaced(data, path, value)) is None


SAMPLES: dict[str, list[tuple[Any, int, dict[str, JSON]]]] = {}
"""Each game's samples, made once for the property test's examples."""


def test_an_error_shows_no_number_too_large_to_write_and_quotes_data_holding_one() -> None:
    """A parameter past ``MAX_NUMBER`` is shown as ``…``, and a refusal that quotes what was
    given quotes ``…`` for data Python cannot write out, rather than failing itself."""
    refused = engine.IllegalAction("no such zone", "bad_zone", zone=HUGE, seat=3)
    assert refused.params == {"zone": "…", "seat": 3}
    assert contract._quote({"zone": HUGE}) == "…"
    assert contract._quote({"zone": 4}) == "{'zone': 4}"
