"""Whatever a player sees for a move, he can type: every legal action's button label and
``/move`` list entry, in English and Russian, typed back with ``/move`` names that same action
(``bot.typed.read_typed``) — for every game, over random games."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import pytest

import engine
from bot.board import table_of
from bot.typed import labels, read_typed
from engine.ai.playout import playout
from storage.models import GameRecord, GameStatus, SeatRecord

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def record_of(key: str, state: Any, seats: int, version: int) -> GameRecord:
    return GameRecord(
        id=5, key=key, guild_id=1, channel_id=2, message_id=3, host_id=100, options={}, seed=1,
        status=GameStatus.ACTIVE, version=version, state=state,
        seats=tuple(SeatRecord(s, 100 + s, f"p{s}") for s in range(seats)),
        created_at=NOW, updated_at=NOW,
    )  # fmt: skip


@pytest.mark.parametrize("key", engine.game_keys())
def test_every_label_typed_back_names_its_action(key: str) -> None:
    game = engine.get_game(key)
    checked = 0
    for seed in range(2):
        seats = game.max_seats if seed else game.min_seats
        state = game.new(seats, seed, {})
        for version, played in enumerate(playout(game, state, random.Random(seed))):
            if version % 3:
                continue
            record = record_of(key, played.step.state, seats, version)
            for seat in range(seats):
                for lang in ("en", "ru"):
                    table = table_of(record, lang, seat=seat)
                    for action in table.actions:
                        for label in labels(table, seat, action):
                            assert read_typed(table, seat, label) == action, (lang, label, action)
                            assert read_typed(table, seat, f"  {label.upper()} ") == action
                            checked += 1
    assert checked > 50
