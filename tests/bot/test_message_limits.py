"""Every message of every game keeps Discord's limits at its largest: the board and each
seat's own message at every step of random games with the most seats, pictures on and off,
in both languages, checked by SimCord's validator of message payloads (40 components, 4,000
characters of text, labels, custom ids). A text grid is never cut: the words fit whole."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import discord
import pytest
from simcord.components import COMPONENTS_V2_FLAG, validate_components

import engine
from bot.board import game_parts, private_parts
from engine.ai.playout import playout
from storage import GameRecord, GameStatus, SeatRecord

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def record_of(key: str, state: Any, seats: int, version: int) -> GameRecord:
    game = engine.get_game(key)
    result = game.result(state)
    return GameRecord(
        id=7, key=key, guild_id=1, channel_id=2, message_id=3, host_id=100, options={}, seed=9,
        status=GameStatus.ACTIVE if result is None else GameStatus.FINISHED, version=version,
        state=state, seats=tuple(SeatRecord(s, 100 + s, f"player{s}") for s in range(seats)),
        created_at=NOW, updated_at=NOW, result=result,
    )  # fmt: skip


def checked(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    components = validate_components(view.to_components(), flags=COMPONENTS_V2_FLAG)
    return components


def texts(components: list[dict[str, Any]]) -> list[str]:
    found = []
    for component in components:
        if component.get("type") == 10:
            found.append(str(component["content"]))
        found += texts(component.get("components") or [])
        if "accessory" in component:
            found += texts([component["accessory"]])
    return found


@pytest.mark.parametrize("key", engine.game_keys())
@pytest.mark.parametrize("seed", [1, 2])
def test_every_message_of_a_game_at_its_largest_keeps_discords_limits(key: str, seed: int) -> None:
    game = engine.get_game(key)
    seats = game.max_seats
    state = game.new(seats, seed)
    steps = [(state, ())] + [(p.step.state, p.step.events) for p in playout(game, state, random.Random(seed))]
    for version, (position, events) in enumerate(steps[:: max(1, len(steps) // 40)]):
        record = record_of(key, position, seats, version + 1)
        lang = ("en", "ru")[version % 2]
        for pictures in (True, False):
            board, _ = game_parts(record, lang, events, pictures=pictures)
            words = texts(checked(board))
            assert not any(w.endswith("…") and "```" in w for w in words), "a text grid was cut"
            if record.status is not GameStatus.ACTIVE:
                continue
            for seat in range(seats):
                mine, _ = private_parts(record, seat, lang, pictures=pictures)
                words = texts(checked(mine))
                assert not any(w.endswith("…") and "```" in w for w in words), "a text grid was cut"
