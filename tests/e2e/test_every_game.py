"""Every registered game plays on Discord: a lobby of computer players, started, played by the
real bot to its end, with a board drawn at every step. A game added without a working
renderer fails here."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

import engine
from bot import TavernBot
from storage import GameStatus, Repository
from tests.e2e.conftest import make_bot
from tests.e2e.helpers import labels, make_room, seat_computers, title_of


@pytest.fixture
def simcord_bot(tmp_path: Path, repository: Repository) -> TavernBot:
    # Computers move at once, so the Start click settles only once the whole game is played.
    return make_bot(tmp_path, repository, ai_delay_seconds=0)


@pytest.mark.simcord(settle_timeout=180.0)
@pytest.mark.parametrize("key", engine.game_keys())
async def test_a_game_of_computers_plays_to_its_end(
    key: str, simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository, names=("host",))
    record, lobby = await seat_computers(room, key)
    await room.players[0].click(room.message(lobby), label="Start")

    finished = await repository.get(record.id)
    assert finished.status is GameStatus.FINISHED and finished.result is not None
    assert len(await repository.moves(record.id)) == finished.version > 0
    board = room.message(finished.message_id)
    assert title_of(board), "the board was drawn"
    assert labels(board) == {}, "a finished game offers no moves"
