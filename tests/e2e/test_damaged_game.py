"""A game whose stored data is damaged, through the real bot: a click or a command on it is told
so in a few words and changes nothing, and the bot goes on serving every other game: their
reminders and timeouts, and the computer turns it takes up after a restart."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
import simcord

from bot.i18n import explain
from bot.stored import open_repository
from storage import GameStatus, GameUnavailable, Repository
from tests.e2e.conftest import database_url
from tests.e2e.helpers import custom_id_of, let_time_pass, make_room, open_game
from tests.e2e.test_ai_players import bot_with_delay, lobby_with_ais
from tests.e2e.test_living import MINUTE, configure, dms, make_server, start_game, timeout_notices
from tests.storage.servers import Raw

DAMAGED = (
    "Game #{id} can't be loaded: its stored data is damaged. An operator can check it with "
    "`python -m storage verify`."
)


async def damage(tmp_path: Path, game_id: int) -> str:
    """Two dice more than a game has, written over the game's snapshot in SQL; the snapshot as
    it now stands."""
    raw = Raw(database_url(tmp_path), "sqlite")
    state = json.loads(await raw.value("SELECT state FROM games WHERE id = ?", game_id))
    state["roll"][0] = 2**63
    text = json.dumps(state)
    await raw.execute("UPDATE games SET state = ? WHERE id = ?", text, game_id)
    return text


async def test_a_click_on_a_damaged_game_is_told_so_and_another_game_goes_on(
    simcord_env: simcord.Env, repository: Repository, tmp_path: Path
) -> None:
    first, second = make_room(simcord_env, repository), make_room(simcord_env, repository)
    damaged, healthy = await open_game(first), await open_game(second)
    stored = await damage(tmp_path, damaged.id)
    alice = first.players[0]

    board = first.message(damaged.message_id)
    clicked = await alice.click(board, custom_id=custom_id_of(board, "Roll"))
    assert clicked.ephemeral and clicked.response is not None
    assert clicked.response.content == DAMAGED.format(id=damaged.id)
    status = await alice.slash(first.channel, "status")
    assert status.ephemeral and status.response is not None
    assert status.response.content == DAMAGED.format(id=damaged.id)
    raw = Raw(database_url(tmp_path), "sqlite")
    assert await raw.value("SELECT state FROM games WHERE id = ?", damaged.id) == stored
    assert await raw.value("SELECT COUNT(*) FROM moves WHERE game_id = ?", damaged.id) == 0

    other = second.message(healthy.message_id)
    rolled = await second.players[0].click(other, custom_id=custom_id_of(other, "Roll"))
    assert rolled.acknowledged and not rolled.ephemeral
    assert (await repository.get(healthy.id)).version == 1


def test_the_damaged_game_message_reads_in_russian() -> None:
    error = GameUnavailable("game 12 cannot be loaded", game_id=12, reason="roll.0: too many")
    assert explain("ru", error) == (
        "Игру №12 не удаётся загрузить: её сохранённые данные повреждены. "
        "Оператор может проверить их командой `python -m storage verify`."
    )
    assert explain("en", error) == DAMAGED.format(id=12)


@pytest.mark.simcord(settle_timeout=30.0)  # timers beyond 30 s wait for advance_time
async def test_after_a_restart_a_damaged_game_is_skipped_and_the_others_computers_play(
    simcord_env: simcord.Env, tmp_path: Path, repository: Repository, caplog: pytest.LogCaptureFixture
) -> None:
    # A 60 s pause, beyond the settle wait, keeps the first computer moves pending.
    await simcord_env.restart_bot(bot_with_delay(tmp_path, repository, 60))
    games = []
    for _ in range(2):
        room = make_room(simcord_env, repository, names=("host",))
        lobby = await lobby_with_ais(room, "pickomino", 2)
        await room.players[0].click(room.message(lobby.id), label="Leave")
        await room.players[0].click(room.message(lobby.id), label="Start")
        games.append(await room.record())
    damaged, healthy = games
    stored = await damage(tmp_path, damaged.id)

    reopened = await open_repository(database_url(tmp_path))
    try:
        with caplog.at_level(logging.WARNING):
            await simcord_env.restart_bot(bot_with_delay(tmp_path, reopened, 10))
            for _ in range(100):  # ten minutes (some sixty moves) per step
                await let_time_pass(simcord_env, reopened, 600)
                if (await reopened.get(healthy.id)).status is GameStatus.FINISHED:
                    break
        assert (await reopened.get(healthy.id)).status is GameStatus.FINISHED
        with pytest.raises(GameUnavailable):
            await reopened.get(damaged.id)
    finally:
        await reopened.close()
    raw = Raw(database_url(tmp_path), "sqlite")
    assert await raw.value("SELECT state FROM games WHERE id = ?", damaged.id) == stored
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any(f"game {damaged.id}" in line and "roll.0" in line for line in warned), warned


async def test_the_turn_clock_skips_a_damaged_game_and_keeps_time_for_the_others(
    simcord_env: simcord.Env, repository: Repository, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    servers = [make_server(simcord_env, repository) for _ in range(2)]
    for server in servers:
        await configure(server, turn_limit=10, reminder=3)
    damaged, healthy = [await start_game(server) for server in servers]
    stored = await damage(tmp_path, damaged)

    with caplog.at_level(logging.WARNING, logger="tavern.scheduler"):
        await let_time_pass(simcord_env, repository, 4 * MINUTE)
        assert dms(servers[0].alice) == [] and len(dms(servers[1].alice)) == 1
        await let_time_pass(simcord_env, repository, 7 * MINUTE)
    assert await repository.moves(damaged) == [] and await repository.moves(healthy) != []
    assert timeout_notices(servers[0].room) == [] and len(timeout_notices(servers[1].room)) == 1
    raw = Raw(database_url(tmp_path), "sqlite")
    assert await raw.value("SELECT state FROM games WHERE id = ?", damaged) == stored
    warned = [r.getMessage() for r in caplog.records]
    for what in ("no reminder is sent", "its timeout is given up"):
        assert any(line.startswith(f"game {damaged} is skipped, {what}") for line in warned), warned
