"""Pickomino boards in both languages for every position of whole games: every event is
described, Discord's limits hold, and the buttons are the legal actions of the seat to act."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import discord
import pytest

import engine
from bot.board import game_message
from bot.i18n import catalogue
from engine import Event
from engine.ai.playout import playout
from storage import GameRecord, GameStatus, SeatRecord

GAME = engine.get_game("pickomino")
NOW = datetime(2026, 1, 1, tzinfo=UTC)


def record_of(state: object, seats: int, version: int, status: GameStatus = GameStatus.ACTIVE) -> GameRecord:
    return GameRecord(
        id=5, key="pickomino", guild_id=1, channel_id=2, message_id=3, host_id=100, options={}, seed=9,
        status=status, version=version, state=state,
        seats=tuple(SeatRecord(s, 100 + s, f"p{s}") for s in range(seats)),
        created_at=NOW, updated_at=NOW, result=GAME.result(state),
    )  # fmt: skip


def check_limits(embed: discord.Embed, view: discord.ui.View | None) -> None:
    assert len(embed) <= 6000 and len(embed.fields) <= 25
    assert all(len(str(f.value)) <= 1024 and f.value for f in embed.fields)
    if view is not None:
        assert len(view.children) <= 25


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
        embed, view = game_message(record_of(state, seats, version, status), lang, step.events)
        check_limits(embed, view)
        if view is not None:
            actor = GAME.to_act(state)[0]
            offered = [getattr(b, "custom_id", "") for b in view.children][:-1]
            assert len(offered) == len(GAME.legal_actions(state, actor))
            assert all(f":{version}:" in c for c in offered)
        described = next((f.value for f in embed.fields if f.name in ("Last move", "Последний ход")), "")
        for event in step.events:
            if event.kind in ("rolled", "kept", "took", "turn_failed"):
                assert described, event
    assert {"rolled", "kept", "took", "turn_failed", "game_over"} <= kinds
    # the board says why the game ended (P13: the grill is empty)
    assert embed.description in ("Game over. The grill is empty.", "Игра окончена. Гриль опустел.")
    assert view is None


def test_russian_board_words() -> None:
    state = GAME.new(2, seed=1, options={})
    embed, view = game_message(record_of(state, 2, 0), "ru")
    assert view is not None
    assert [b.item.label for b in view.children] == ["Бросить", "Лично"]  # type: ignore[attr-defined]
    assert embed.fields[0].name == "Гриль"


def test_a_resignation_and_a_steal_are_described() -> None:
    state = GAME.new(3, seed=1, options={})
    step = GAME.resign(state, 1)
    embed, _ = game_message(record_of(step.state, 3, 1), "en", step.events)
    assert "<@101> resigned." in str(embed.to_dict())
    stole = Event("took", {"seat": 0, "tile": 25, "from_seat": 2, "total": 25})
    embed, _ = game_message(record_of(state, 3, 1), "en", (stole,))
    assert "<@100> stole 25 from <@102>" in str(embed.to_dict())
    assert catalogue().has("pickomino.event.stole")
