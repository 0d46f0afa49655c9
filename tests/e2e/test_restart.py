"""A restart loses nothing: the old board's buttons keep working with a fresh bot."""

from __future__ import annotations

import random
from pathlib import Path

import simcord

from storage import GameStatus, Repository, open_repository
from tests.e2e.conftest import database_url, make_bot
from tests.e2e.helpers import make_room, open_game, play_by_buttons


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
