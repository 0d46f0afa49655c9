"""A damaged stored position is refused with the engine's one error, ``DamagedState``, or it
is a position the game can answer about: never another exception, never a number the rules
then loop over for ever.

Real dumps of positions from random games of every game (Nim too) are damaged one way at a
time at every kind of place they hold — a value of another type, a negative or huge number, a
key dropped or added, a list shortened or lengthened, an unknown name — and read back. A
damage the game accepts must read back exactly as given (nothing coerced, defaulted or
dropped), and the game must answer everything the bot and storage ask of a position: the
pending decisions, the result, every seat's view, private view, legal actions and default.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from engine.ai.playout import playout
from engine.ai.policy import fill
from engine.core import DamagedState, Game, dump_json
from engine.core.errors import MAX_MESSAGE, EngineError
from engine.core.plain import JSON
from tests.engine.nim import NIM

KEYS = (*engine.game_keys(), NIM.key)
"""Every registered game, and Nim (never registered here: it is loaded through its object)."""
GAMES = 8
"""Random games per seat count (the fewest and the most seats) positions are taken from."""
PER_PLACE = 2
"""Places damaged per kind of place and position (``maps.*.*.zone``: two of a map's objects)."""
HUGE = 2**63

Path = tuple[str | int, ...]


def game_of(key: str) -> Game[Any, Any, Any]:
    return NIM if key == NIM.key else engine.get_game(key)


def positions(game: Game[Any, Any, Any]) -> list[Any]:
    """From random games at the fewest and the most seats, every position that waits for a kind
    of decision not seen before (or decisions at once), or holds a kind of place not seen
    before (a stacked strike, a fight's named zones), and each game's end."""
    found: list[Any] = []
    kinds_seen: set[tuple[Any, ...]] = set()
    places_seen: set[tuple[str, ...]] = set()
    for seats in sorted({game.min_seats, game.max_seats}):
        for seed in range(GAMES):
            moves = list(playout(game, game.new(seats, seed, {}), random.Random(seed)))
            for state in [*(move.before for move in moves), moves[-1].step.state]:
                kinds = (seats, *(decision.kind for decision in game.pending(state)))
                kinds_of_places = set(place_kinds(json.loads(dump_json(game.dump_state(state)))))
                if kinds not in kinds_seen or not kinds_of_places <= places_seen:
                    found.append(state)
                    kinds_seen.add(kinds)
                    places_seen |= kinds_of_places
    return found


def damages(value: JSON) -> list[tuple[str, JSON]]:
    """Each way ``value`` is damaged: ``(what, the damaged value)``."""
    if isinstance(value, bool):
        return [("a number", 7), ("text", "true")]
    if isinstance(value, int):
        return [
            ("negative", -value if value > 0 else -1),
            ("huge", HUGE),
            ("text", str(value)),
            ("null", None),
            ("a fraction", value + 0.5),
            ("a list", [value]),
        ]
    if isinstance(value, str):
        return [("a number", 7), ("null", None), ("unknown text", "☃"), ("empty text", "")]
    if value is None:
        return [("a number", 3), ("negative", -1), ("huge", HUGE), ("text", "x"), ("an object", {})]
    if isinstance(value, list):
        longer = [*value, value[-1]] if value else [0]
        return [("shorter", value[:-1]), ("longer", longer), ("an object", {})]
    if isinstance(value, dict):
        dropped = [(f"without {key}", {k: v for k, v in value.items() if k != key}) for key in value]
        return [("an extra key", {**value, "extra": 1}), ("a list", []), *dropped]
    return [("null", None)]


def places(data: JSON, path: Path = ()) -> Iterator[Path]:
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from places(value, (*path, key))
    elif isinstance(data, list):
        for n, value in enumerate(data):
            yield from places(value, (*path, n))


def place_kinds(data: JSON) -> dict[tuple[str, ...], list[Path]]:
    """The places of ``data`` by kind: a path with its list indexes left out."""
    kinds: dict[tuple[str, ...], list[Path]] = {}
    for path in places(data):
        kinds.setdefault(tuple("*" if isinstance(p, int) else p for p in path), []).append(path)
    return kinds


def chosen_places(data: JSON, rng: random.Random) -> list[Path]:
    """``PER_PLACE`` places of each kind."""
    kinds = place_kinds(data)
    return [path for found in kinds.values() for path in rng.sample(found, min(PER_PLACE, len(found)))]


def at(data: JSON, path: Path) -> JSON:
    for part in path:
        data = data[part]
    return data


def replaced(data: JSON, path: Path, value: JSON) -> JSON:
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    at(copy, path[:-1])[path[-1]] = value
    return copy


def answers_everything(game: Game[Any, Any, Any], state: Any) -> None:
    """Everything the bot and storage ask of a stored position."""
    seats = game.seats(state)
    game.pending(state)
    game.to_act(state)
    game.result(state)
    for seat in (None, *range(seats)):
        game.dump_view(game.view(state, seat))
    for seat in range(seats):
        game.private_view(state, seat)
        game.legal_actions(state, seat)
        game.default_action(state, seat)


def trouble(game: Game[Any, Any, Any], data: JSON) -> str | None:
    """What went wrong reading ``data`` back, or ``None`` when the game refused it as damaged
    or read it exactly as given and answers everything about it."""
    try:
        state = game.load_state(data)
    except DamagedState as exc:
        return None if len(exc.message) <= MAX_MESSAGE else f"a message of {len(exc.message)} characters"
    except Exception as exc:
        return f"load_state raised {type(exc).__name__}: {exc}"
    back = dump_json(game.dump_state(state))
    if back != dump_json(data):
        return f"accepted, but reads back otherwise: {back[:200]}"
    try:
        answers_everything(game, state)
    except Exception as exc:
        return f"accepted, but then {type(exc).__name__}: {exc}"
    return harmful(game, state)


@pytest.mark.parametrize("key", KEYS)
def test_a_damaged_position_is_refused_or_harmless(key: str) -> None:
    game = game_of(key)
    rng = random.Random(7)
    failures = []
    for state in positions(game):
        data = json.loads(dump_json(game.dump_state(state)))
        answers_everything(game, game.load_state(data))  # the position itself is sound
        for path in chosen_places(data, rng):
            for what, value in damages(at(data, path)):
                found = trouble(game, replaced(data, path, value))
                if found is not None:
                    failures.append(f"{'.'.join(map(str, path)) or 'the state'} {what}: {found}")
    assert not failures, f"{len(failures)} damages got through:\n" + "\n".join(failures[:40])


@pytest.mark.parametrize(
    ("key", "path", "where"),
    [("pickomino", ("roll", 0), "roll.0"), ("nim", ("piles", 0), "piles.0")],
)
def test_a_huge_count_is_refused_by_its_bound_and_named(key: str, path: Path, where: str) -> None:
    """Counts the rules loop over (dice listed face by face, a move per stone): 2**63 of them
    once kept the game listing for ever."""
    game = game_of(key)
    data = json.loads(dump_json(game.dump_state(game.new(2, 1, {}))))
    with pytest.raises(DamagedState, match=where):
        game.load_state(replaced(data, path, HUGE))


def test_a_key_dropped_or_added_is_named() -> None:
    game = game_of("pickomino")
    data = json.loads(dump_json(game.dump_state(game.new(2, 1, {}))))
    with pytest.raises(DamagedState, match="turn is missing"):
        game.load_state({k: v for k, v in data.items() if k != "turn"})
    with pytest.raises(DamagedState, match="extra is not part of the state"):
        game.load_state({**data, "extra": 1})
    with pytest.raises(DamagedState, match="'3' reads back as 3"):
        game.load_state({**data, "turn": "3"})


DECISION_FIELDS = frozenset(("kind", "seats", "options", "secret", "default", "data"))
"""The fields every pending decision has (``engine.core.decisions.Decision``): a dumped state's
objects holding them all are its stored decisions (an agenda's entries)."""


def decision_places(data: JSON) -> list[Path]:
    """Where ``data`` (a dumped state) keeps pending decisions."""
    return [
        path
        for path in places(data)
        if isinstance(at(data, path), dict) and DECISION_FIELDS <= at(data, path).keys()
    ]


def texts(data: JSON) -> list[str]:
    """Every text a dumped state holds, in order, each once: names a damaged reference may take."""
    return list(dict.fromkeys(v for path in places(data) if isinstance(v := at(data, path), str)))


def damages_inside(value: JSON, names: list[str], rng: random.Random) -> list[tuple[str, JSON]]:
    """Each way a value a pending decision relies on is damaged while keeping its type, so that
    it passes the schema: a number multiplied, negated, one more, huge; a list tripled; a name
    swapped for another name of the same position (a card or figure of the game, elsewhere)."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [("tripled", value * 3), ("negated", -value), ("one more", value + 1), ("huge", HUGE)]
    if isinstance(value, list) and value:
        return [("tripled", value * 3), ("its first item twice", [value[0], *value])]
    if isinstance(value, str) and len(names) > 1:
        return [("another name", rng.choice([n for n in names if n != value]))]
    return []


def harmful(game: Game[Any, Any, Any], state: Any) -> str | None:
    """What goes wrong when every seat of an accepted position plays each of its legal actions
    (templates filled in as a random game fills them) and its default: only the engine's
    refusal is harmless."""
    rng = random.Random(0)
    for seat in range(game.seats(state)):
        default = game.default_action(state, seat)
        for action in [*game.legal_actions(state, seat), *([default] if default is not None else [])]:
            try:
                game.apply(state, seat, fill(game, state, seat, action, rng))
            except EngineError:
                pass
            except Exception as exc:
                return f"seat {seat} playing {game.typed(action)} raised {type(exc).__name__}: {exc}"
    return None


@pytest.mark.parametrize("key", KEYS)
def test_a_damaged_pending_decision_is_refused_or_every_move_on_it_is_harmless(key: str) -> None:
    """What ``legal_actions`` and ``apply`` take from a pending decision (a price, a count, a
    seat, a card named, an index into the stack) is checked when a state is read back: a
    decision damaged there is refused, or each legal action of each seat is played or refused
    by the engine, never an exception of Python's (a tripled price once made every accepted
    trade fail removing a card from a hand)."""
    game = game_of(key)
    rng = random.Random(11)
    failures = []
    for state in positions(game):
        data = json.loads(dump_json(game.dump_state(state)))
        names = texts(data)
        for decision in decision_places(data):
            for path in places(at(data, decision), decision):
                for what, value in damages_inside(at(data, path), names, rng):
                    damaged = replaced(data, path, value)
                    found = trouble(game, damaged)
                    if found is None:
                        try:
                            loaded = game.load_state(damaged)
                        except DamagedState:
                            continue
                        found = harmful(game, loaded)
                    if found is not None:
                        failures.append(f"{'.'.join(map(str, path))} {what}: {found}")
    assert not failures, f"{len(failures)} damages got through:\n" + "\n".join(failures[:40])
