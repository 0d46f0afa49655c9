"""Pickomino boards in both languages for every position of whole games: every event is
described, Discord's limits hold, and the buttons are the legal actions of the seat to act."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

import engine
from bot.board import game_parts, table_of
from bot.i18n import catalogue
from bot.render.layout import COMPONENT_LIMIT, TEXT_LIMIT
from bot.render.registry import renderer_for
from engine import Event
from engine.ai.playout import playout
from storage import GameRecord, GameStatus, SeatRecord
from tests.e2e.helpers import components_of, description_of, field_names, field_of, labels, text_of

GAME = engine.get_game("pickomino")
NOW = datetime(2026, 1, 1, tzinfo=UTC)


def record_of(state: object, seats: int, version: int, status: GameStatus = GameStatus.ACTIVE) -> GameRecord:
    return GameRecord(
        id=5, key="pickomino", guild_id=1, channel_id=2, message_id=3, host_id=100, options={}, seed=9,
        status=status, version=version, state=state,
        seats=tuple(SeatRecord(s, 100 + s, f"p{s}") for s in range(seats)),
        created_at=NOW, updated_at=NOW, result=GAME.result(state),
    )  # fmt: skip


@dataclass
class Shown:
    """A layout as the message Discord is sent would carry it, for the readers of
    ``tests.e2e.helpers``."""

    components: list[dict[str, Any]]
    content: str = ""


def shown(record: GameRecord, lang: str, events: tuple[Event, ...] = ()) -> Shown:
    view, _ = game_parts(record, lang, events)
    return Shown(view.to_components())


def buttons_of(message: Shown) -> list[dict[str, Any]]:
    """The message's buttons in the order they show, wherever they stand."""
    return [c for c in components_of(message) if c.get("type") == discord.ComponentType.button.value]


def check_limits(record: GameRecord, lang: str, events: tuple[Event, ...], message: Shown) -> None:
    """The renderer's words within an embed's limits (the web table reads them too), the
    laid-out message within Discord's, and no field without words."""
    embed, _ = renderer_for(record.key).board_message(table_of(record, lang, events))
    assert len(embed) <= 6000 and len(embed.fields) <= 25
    assert all(len(str(f.value)) <= 1024 and f.value for f in embed.fields)
    every = components_of(message)
    assert len(every) <= COMPONENT_LIMIT
    assert (
        sum(len(c["content"]) for c in every if c.get("type") == discord.ComponentType.text_display.value)
        <= TEXT_LIMIT
    )
    assert all(
        len(b.get("custom_id", "")) <= 100 and len(b.get("label", "")) <= 80 for b in buttons_of(message)
    )
    # every field has words; the roll's heading stands over its faces, each a section of its own
    roll = {"Roll", "Бросок"}
    assert all(field_of(message, name).strip() for name in field_names(message) if name not in roll)
    if roll & set(field_names(message)):
        assert any(c.get("type") == discord.ComponentType.section.value for c in components_of(message))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("seats", [2, 7])
def test_boards_of_whole_games(lang: str, seats: int) -> None:
    kinds: set[str] = set()
    moves = playout(GAME, GAME.new(seats, seed=seats, options={}), random.Random(seats))
    for version, played in enumerate(moves, 1):
        step = played.step
        state = step.state
        kinds |= {e.kind for e in step.events}
        status = GameStatus.ACTIVE if GAME.to_act(state) else GameStatus.FINISHED
        record = record_of(state, seats, version, status)
        board = shown(record, lang, step.events)
        check_limits(record, lang, step.events, board)
        if status is GameStatus.ACTIVE:
            actor = GAME.to_act(state)[0]
            buttons = buttons_of(board)
            assert buttons[-1]["custom_id"] == "tv:p:5"  # Private, after the moves
            offered = [b["custom_id"] for b in buttons][:-1]
            assert len(offered) == len(GAME.legal_actions(state, actor))
            assert all(f":{version}:" in c for c in offered)
        described = next(
            (field_of(board, n) for n in ("Last move", "Последний ход") if n in field_names(board)),
            "",
        )
        for event in step.events:
            if event.kind in ("rolled", "kept", "took", "turn_failed"):
                assert described, event
    assert {"rolled", "kept", "took", "turn_failed", "game_over"} <= kinds
    # the board says why the game ended (P13: the grill is empty)
    assert description_of(board) in ("Game over. The grill is empty.", "Игра окончена. Гриль опустел.")
    assert buttons_of(board) == []


def test_russian_board_words() -> None:
    state = GAME.new(2, seed=1, options={})
    board = shown(record_of(state, 2, 0), "ru")
    assert list(labels(board)) == ["Бросить", "Лично"]
    assert field_names(board)[0] == "Гриль"


def test_a_resignation_and_a_steal_are_described() -> None:
    state = GAME.new(3, seed=1, options={})
    step = GAME.resign(state, 1)
    board = shown(record_of(step.state, 3, 1), "en", step.events)
    assert "<@101> resigned." in text_of(board)
    stole = Event("took", {"seat": 0, "tile": 25, "from_seat": 2, "total": 25})
    board = shown(record_of(state, 3, 1), "en", (stole,))
    assert "<@100> stole 25 from <@102>" in text_of(board)
    assert catalogue().has("pickomino.event.stole")
