"""Nothing under ``bot/`` can reach a game's state: the bot asks a stored game's ``Position``
(views, legal actions, decisions, results) and hands its renderers ``Table``s holding only
what the engine gave that audience.

Two checks: the source of every bot module never names a state (no ``.state`` attribute, no
state class, no way into a ``Position``), and the tables built for every audience of random
positions of every game hold no state object anywhere inside them."""

from __future__ import annotations

import ast
import random
from dataclasses import fields, is_dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import engine
from bot.board import table_of
from engine.ai.playout import playout
from engine.core.position import Position
from storage.models import GameRecord, GameStatus, SeatRecord

BOT = Path(__file__).resolve().parents[2] / "bot"
FORBIDDEN_ATTRIBUTES = {"state", "_state", "_Position__state", "load_state", "redeal"}
"""Ways to a state: a stored record's or a step's ``state``, a position's inside, and the
engine calls that make one."""
FORBIDDEN_NAMES = {"state_of", "replay", "final_state", "play_logged"}
"""Engine calls that hand out states (the bot replays a log through ``replay_events``)."""


def offences(source: str, name: str) -> list[str]:
    """Every place in ``source`` that names a state or a way to one."""
    found = []
    for node in ast.walk(ast.parse(source, name)):
        where = f"{name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            found.append(f"{where} .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            found.append(f"{where} {node.id}")
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name.endswith("State") or alias.name in FORBIDDEN_NAMES:
                    found.append(f"{where} imports {alias.name}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr")
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in FORBIDDEN_ATTRIBUTES
        ):
            found.append(f"{where} getattr {node.args[1].value}")
    return found


def test_no_bot_module_names_a_state() -> None:
    modules = sorted(BOT.rglob("*.py"))
    assert len(modules) > 40  # the whole bot is read
    found = [o for path in modules for o in offences(path.read_text(encoding="utf-8"), str(path))]
    assert found == []


def test_the_source_check_catches_each_way_to_a_state() -> None:
    leaky = (
        "from engine.games.raid.state import RaidState\n"
        "from engine.core.position import state_of\n"
        "def board(table, record, position):\n"
        "    hidden = record.state.maps\n"
        "    inside = position._Position__state\n"
        "    again = state_of(position)\n"
        "    return getattr(record, 'state')\n"
    )
    found = offences(leaky, "leaky.py")
    assert sorted(o.split(" ", 1)[0] for o in found) == [f"leaky.py:{n}" for n in (1, 2, 4, 5, 6, 7)], found


NOW = datetime(2026, 1, 1, tzinfo=UTC)


def record_of(state: Any, key: str, seats: int) -> GameRecord:
    return GameRecord(
        id=1, key=key, guild_id=1, channel_id=2, message_id=3, host_id=100, options={}, seed=1,
        status=GameStatus.ACTIVE, version=1, state=state,
        seats=tuple(SeatRecord(s, 100 + s, f"p{s}") for s in range(seats)),
        created_at=NOW, updated_at=NOW,
    )  # fmt: skip


def reachable(root: Any) -> list[Any]:
    """Every object inside ``root``: dataclass fields, slots, attributes, items."""
    seen: dict[int, Any] = {}
    todo = [root]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, str | bytes | int | float | bool | type(None) | type):
            continue
        seen[id(item)] = item
        if isinstance(item, dict):
            todo += [*item.keys(), *item.values()]
        elif isinstance(item, list | tuple | set | frozenset):
            todo += list(item)
        elif is_dataclass(item):
            todo += [getattr(item, f.name) for f in fields(item)]
        else:
            slots = getattr(type(item), "__slots__", ())
            todo += [getattr(item, name) for name in slots if hasattr(item, name)]
            todo += list(getattr(item, "__dict__", {}).values())
    return list(seen.values())


@pytest.mark.parametrize("key", engine.game_keys())
def test_tables_for_every_audience_hold_no_state(key: str) -> None:
    game = engine.get_game(key)
    seats = game.min_seats
    state = game.new(seats, 4, {})
    kind = type(state)
    checked = 0
    for n, played in enumerate(playout(game, state, random.Random(4))):
        if n % 7:
            continue
        record = record_of(played.step.state, key, seats)
        for audience in (None, *range(seats)):
            table = table_of(record, "en", played.step.events, seat=audience)
            inside = reachable(table)
            assert not [o for o in inside if isinstance(o, kind | Position)], (key, n, audience)
            checked += 1
    assert checked > 3
