"""A restart loses nothing: the old board's buttons keep working with a fresh bot, and the
turn pings posted before it are still deleted once answered."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest
import simcord

import engine
from bot.stored import open_repository, turn_pings
from storage import GameRecord, GameStatus, Repository
from tests.e2e.conftest import database_url, make_bot
from tests.e2e.helpers import Room, channel_pings, click_move, make_room, open_game, play_by_buttons


async def test_the_game_goes_on_after_a_restart(
    simcord_env: simcord.Env, repository: Repository, tmp_path: Path
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    chooser = random.Random(3)
    assert await play_by_buttons(room, record.id, chooser, limit=6) == 6
    board_id = (await repository.get(record.id)).message_id

    reopened = await open_repository(database_url(tmp_path))
    try:
        await simcord_env.restart_bot(make_bot(tmp_path, reopened))
        room.repository = reopened
        assert simcord_env.bot.repository is reopened

        made = await play_by_buttons(room, record.id, chooser)

        finished = await reopened.get(record.id)
        assert finished.status is GameStatus.FINISHED
        assert finished.message_id == board_id  # the same message, driven by the new bot
        assert len(await reopened.moves(record.id)) == 6 + made
    finally:
        await reopened.close()


async def play_turn(room: Room, record: GameRecord, seat: int) -> GameRecord:
    """The seat plays until its turn ends (always the first legal action)."""
    game = engine.get_game(record.key)
    while game.to_act(record.state) == (seat,):
        await click_move(room, record, game.dump_action(game.legal_actions(record.state, seat)[0]))
        record = await room.repository.get(record.id)
    return record


def deletions(env: simcord.Env, message_id: int) -> list[str]:
    return [e.path for e in env.http_requests if e.method == "DELETE" and str(message_id) in e.path]


async def test_a_ping_posted_before_a_restart_is_deleted_after_it_once_answered(
    simcord_env: simcord.Env, repository: Repository, tmp_path: Path
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room)
    game = engine.get_game("pickomino")
    ping = room.channel.last_message
    assert ping is not None and ping.content == f"{alice.mention}, your turn in Pickomino #{record.id}."

    reopened = await open_repository(database_url(tmp_path))
    try:
        await simcord_env.restart_bot(make_bot(tmp_path, reopened))
        room.repository = reopened

        await click_move(room, record, {"kind": "roll"})  # alice is still to act: her ping stays
        record = await reopened.get(record.id)
        assert game.to_act(record.state) == (0,)
        assert channel_pings(room) == [ping.content]
        assert ping.id in [m.id for m in room.channel.history()]

        record = await play_turn(room, record, 0)  # her turn ends: the new bot deletes her ping

        assert ping.id not in [m.id for m in room.channel.history()]
        assert len(deletions(simcord_env, ping.id)) == 1
        assert channel_pings(room) == [f"{bob.mention}, your turn in Pickomino #{record.id}."]
        assert [p.users for p in await turn_pings.of_game(reopened, record.id)] == [frozenset({bob.id})]
    finally:
        await reopened.close()


async def test_a_ping_already_gone_after_a_restart_is_forgotten(
    simcord_env: simcord.Env, repository: Repository, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    ping = room.channel.last_message
    assert ping is not None
    assert [p.message_id for p in await turn_pings.of_game(repository, record.id)] == [ping.id]
    await simcord_env.restart_bot(make_bot(tmp_path, repository))
    # Someone else removed it while the bot was away: Discord answers the deletion with 404.
    simcord_env.inject_error(
        "DELETE",
        f"/channels/{room.channel.id}/messages/{ping.id}",
        status=404,
        code=10008,
        message="Unknown Message",
    )

    with caplog.at_level(logging.INFO, logger="tavern.bot"):
        record = await play_turn(room, record, 0)

    assert len(deletions(simcord_env, ping.id)) == 1
    assert any(f"could not delete turn ping {ping.id}" in r.getMessage() for r in caplog.records)
    assert ping.id not in [p.message_id for p in await turn_pings.of_game(repository, record.id)]
    assert len(await turn_pings.of_game(repository, record.id)) == 1  # bob's
