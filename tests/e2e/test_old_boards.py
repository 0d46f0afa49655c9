"""Boards posted before boards were laid out — an embed with rows of buttons — keep working:
the next edit turns such a message into the layout (no embed left beside it), in place, and
the game plays on to its end; a click on an old board's button is answered by the new board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

import engine
from bot import TavernBot
from bot.board import board_controls, table_of
from bot.render.registry import renderer_for
from storage import GameRecord, GameStatus, Repository
from tests.e2e.conftest import make_bot
from tests.e2e.helpers import (
    Room,
    components_of,
    labels,
    let_time_pass,
    make_room,
    move_custom_id,
    open_game,
    seat_computers,
)


@pytest.fixture
def simcord_bot(tmp_path: Path, repository: Repository) -> TavernBot:
    return make_bot(tmp_path, repository, ai_delay_seconds=0)


async def post_old_board(bot: TavernBot, room: Room, record: GameRecord) -> discord.Message:
    """The board as the bot drew it before layouts: the renderer's embed and picture, the same
    buttons (custom ids drawn at the game's version) in a message's rows; it becomes the game's
    board."""
    table = table_of(record, "en")
    embed, files = renderer_for(record.key).board_message(table)
    rows = discord.ui.View(timeout=None)
    for item in board_controls(table):
        rows.add_item(item)
    channel = bot.get_channel(room.channel.id)
    assert isinstance(channel, discord.TextChannel)
    message = await channel.send(embed=embed, view=rows, files=files)
    await room.repository.set_message(record.id, message.id)
    assert message.embeds and not message.flags.components_v2
    return message


def laid_out(message: discord.Message) -> bool:
    kinds = {getattr(getattr(c, "type", None), "value", None) for c in components_of(message)}
    return not message.embeds and message.flags.components_v2 and 17 in kinds


@pytest.mark.simcord(settle_timeout=180.0)
@pytest.mark.parametrize("key", engine.game_keys())
async def test_an_old_board_of_computers_turns_into_the_layout_and_the_game_ends(
    key: str, simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot
) -> None:
    room = make_room(simcord_env, repository, names=("host",))
    lobby, _ = await seat_computers(room, key)
    record = await repository.start(lobby.id, seed=5)  # started in storage: no board posted yet
    old = await post_old_board(simcord_bot, room, record)
    for _ in range(2000):  # the computers' turns, each taken up by the bot's scheduler
        if (await repository.get(record.id)).status is not GameStatus.ACTIVE:
            break
        await let_time_pass(simcord_env, repository, 1.0)
    finished = await repository.get(record.id)
    assert finished.status is GameStatus.FINISHED and finished.version > 1
    assert finished.message_id == old.id  # edited in place, never posted again
    board = room.message(old.id)
    assert laid_out(board) and labels(board) == {}


async def test_a_click_on_an_old_board_is_answered_with_the_layout(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    old = await post_old_board(simcord_bot, room, record)
    alice = room.member(record.seats[0].user_id)
    clicked = await alice.click(old, custom_id=move_custom_id(record, {"kind": "roll"}))
    assert clicked.acknowledged and not clicked.ephemeral
    after = await repository.get(record.id)
    assert after.version == record.version + 1 and after.message_id == old.id
    board = room.message(old.id)
    assert laid_out(board)
    assert set(labels(board)) >= {"Private"}  # the new board's controls, the Keep buttons among them
    kept: Any = [c for c in components_of(board) if getattr(c, "custom_id", "").startswith("tv:m:")]
    assert kept and all(f":{after.version}:" in c.custom_id for c in kept)
