"""Berserk positions as the bot's renderer sees them: stored records of random games, and every
choice a seat's menus lead to."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import engine
from bot.board import table_of
from bot.games import berserk
from bot.render import Focus
from bot.render.menus import read
from engine.ai.playout import playout
from engine.core.contract import Event
from storage import GameRecord, GameStatus, SeatRecord

GAME = engine.get_game("berserk")
RENDERER = berserk.RENDERER
NOW = datetime(2026, 1, 1, tzinfo=UTC)
NAMES = ("ann", "bob")


def record_of(state: Any, version: int = 1) -> GameRecord:
    result = GAME.result(state)
    return GameRecord(
        id=7, key="berserk", guild_id=1, channel_id=2, message_id=3, host_id=100, options={}, seed=9,
        status=GameStatus.ACTIVE if result is None else GameStatus.FINISHED, version=version, state=state,
        seats=(SeatRecord(0, 100, NAMES[0]), SeatRecord(1, 101, NAMES[1])),
        created_at=NOW, updated_at=NOW, result=result,
    )  # fmt: skip


def positions(seed: int) -> Iterator[tuple[Any, tuple[Event, ...]]]:
    """Every position of a random game (the start too), with the events that led to it."""
    state = GAME.new(2, seed)
    yield state, ()
    for played in playout(GAME, state, random.Random(seed)):
        yield played.step.state, played.step.events


def legal(state: Any, seat: int) -> list[dict[str, Any]]:
    return [GAME.dump_action(a) for a in GAME.legal_actions(state, seat)]


def menu_leaves(record: GameRecord, seat: int, lang: str = "en", focus: str = "") -> list[str]:
    """The typed text of every choice the seat's tree menu leads to, from ``focus`` down."""
    table = table_of(record, lang, seat=seat, focus=focus)
    found: list[str] = []
    for look in RENDERER.selects(table, seat, list(table.actions)):
        if look.name != "menu":
            continue
        for option in look.options:
            picked = read([option.value])
            if isinstance(picked, Focus):
                if len(picked.path) > len(focus):  # never back up
                    found += menu_leaves(record, seat, lang, picked.path)
            elif picked is not None:
                found.append(picked)
    return found
