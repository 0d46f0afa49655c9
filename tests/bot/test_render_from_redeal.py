"""Non-interference through the renderers, for every game: what the bot draws and words for an
audience — the board everyone sees, a seat's private message with its buttons and menus, its
``/move`` suggestions, the pictures byte for byte — is the same for a position and for
``redeal`` of it, which draws again everything that audience may not know. A renderer that
read a hidden card, map or the generator's future would tell the two apart."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

import engine
from bot.board import game_parts, private_parts, table_of
from bot.render import Forms, StandingChoices
from bot.render.registry import renderer_for
from engine.ai.playout import playout
from engine.core import Game, dump_json
from storage.models import GameRecord, GameStatus, SeatRecord

NOW = datetime(2026, 1, 1, tzinfo=UTC)
POSITIONS = 10
"""Positions per game, spread over a random game from start to end."""


def record_of(game: Game[Any, Any, Any], state: Any, version: int) -> GameRecord:
    result = game.result(state)
    seats = tuple(SeatRecord(s, 100 + s, f"player{s}") for s in range(game.seats(state)))
    return GameRecord(
        id=11, key=game.key, guild_id=1, channel_id=2, message_id=3, host_id=100, options={}, seed=5,
        status=GameStatus.ACTIVE if result is None else GameStatus.FINISHED, version=version, state=state,
        seats=seats, created_at=NOW, updated_at=NOW, result=result,
    )  # fmt: skip


def drawn(parts: tuple[discord.ui.LayoutView, list[discord.File]]) -> list[Any]:
    """A message as Discord receives it: its components (words, pictures' addresses, controls)
    and the files' bytes."""
    view, files = parts
    shown: list[Any] = [view.to_components()]
    for file in files:
        file.fp.seek(0)
        shown.append((file.filename, file.fp.read()))
    return shown


def everything_for(record: GameRecord, audience: int | None, lang: str) -> list[Any]:
    """All the bot draws and words of ``record`` for ``audience`` (``None``: a spectator)."""
    shown: list[Any] = []
    for pictures in (True, False):
        shown += drawn(game_parts(record, lang, pictures=pictures))
        if audience is not None:
            shown += drawn(private_parts(record, audience, lang, pictures=pictures))
    if audience is not None and record.status is GameStatus.ACTIVE:
        renderer = renderer_for(record.key)
        table = table_of(record, lang, seat=audience)
        shown.append(renderer.suggest(table, audience, ""))
        if isinstance(renderer, StandingChoices):
            shown.append(renderer.standing_action(table, audience))
        if isinstance(renderer, Forms):
            for action in table.actions:
                form = renderer.action_form(table, audience, action)
                shown.append(None if form is None else form.to_components())
    return shown


def positions(game: Game[Any, Any, Any], seed: int) -> list[tuple[int, Any]]:
    """``(version, state)`` of about ``POSITIONS`` positions of one random game."""
    seats = min(game.max_seats, max(game.min_seats, 3))
    state = game.new(seats, seed, {})
    found = [(0, state)]
    found += [(n, p.step.state) for n, p in enumerate(playout(game, state, random.Random(seed)), 1)]
    return found[:: max(1, len(found) // POSITIONS)]


@pytest.mark.parametrize("key", engine.game_keys())
def test_nothing_drawn_tells_a_position_from_its_redeal(key: str) -> None:
    game = engine.get_game(key)
    differed = 0
    for version, state in positions(game, seed=3):
        for audience in (None, *range(game.seats(state))):
            other = game.redeal(state, audience, 900 + version)
            if dump_json(game.dump_state(other)) != dump_json(game.dump_state(state)):
                differed += 1
            lang = "ru" if version % 2 else "en"
            mine = everything_for(record_of(game, state, version), audience, lang)
            theirs = everything_for(record_of(game, other, version), audience, lang)
            assert mine == theirs, (key, version, audience)
    assert differed > 0  # the redealt positions do differ, so the check can fail
