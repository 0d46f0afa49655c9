"""The real bot on SimCord with its games in PostgreSQL, as one of several processes would run:
on two gateway shards (``SHARD_COUNT=2``), a game with a computer player played by buttons to
its end across a restart, a computer turn left pending by a restart played by the new bot, and
the turn pings of a move announced late (as by another process) judged by the game as stored.
The server is a real PostgreSQL (``tests.storage.servers``)."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import simcord

import engine
from bot import TavernBot, create_bot
from bot.i18n import t
from bot.settings import Settings
from bot.stored import open_repository, turn_pings
from storage import GameRecord, GameStatus, Repository
from tests.e2e.helpers import Room, channel_pings, click_move, make_room, open_game
from tests.storage.servers import PostgresServer

ROOT = Path(__file__).resolve().parents[2]
PICKOMINO = engine.get_game("pickomino")


@pytest.fixture(scope="module")
def postgres_server() -> Iterator[PostgresServer]:
    server = PostgresServer.start()
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    return postgres_server.create_database()


@pytest.fixture
async def repository(postgres_url: str) -> AsyncIterator[Repository]:
    repo = await open_repository(postgres_url)
    yield repo
    await repo.close()


def sharded_bot(url: str, repository: Repository, *, delay: float = 0) -> TavernBot:
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, discord_token=None, database_url=url, ai_delay_seconds=delay, shard_count=2
    )
    return create_bot(settings, repository)


@pytest.fixture
def simcord_bot(postgres_url: str, repository: Repository) -> TavernBot:
    return sharded_bot(postgres_url, repository)


async def play_seat_zero(room: Room, game_id: int, chooser: random.Random, moves: int) -> GameRecord:
    """alice (seat 0) clicks random legal moves whenever she is to act, ``moves`` times or to
    the end; the computer and bob's turns are played in between (bob by the same chooser)."""
    for _ in range(moves):
        record = await room.repository.get(game_id)
        if record.status is not GameStatus.ACTIVE:
            return record
        (seat,) = PICKOMINO.to_act(record.state)
        assert record.seats[seat].ai is None, "a computer seat is left waiting"
        action = PICKOMINO.dump_action(chooser.choice(PICKOMINO.legal_actions(record.state, seat)))
        result = await click_move(room, record, action)
        assert result.acknowledged and not result.ephemeral, result
    return await room.repository.get(game_id)


def verify_command(url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "storage", "verify", "--database-url", url],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


@pytest.mark.simcord(settle_timeout=120.0)
async def test_a_game_on_postgresql_with_a_computer_goes_on_after_a_restart(
    simcord_env: simcord.Env, repository: Repository, postgres_url: str
) -> None:
    assert simcord_env.bot.shard_count == 2
    room = make_room(simcord_env, repository)
    alice, _ = room.players
    lobby = (await alice.slash(room.channel, "play", game="pickomino")).response
    assert lobby is not None
    await room.players[1].click(room.message(lobby.id), label="Join")
    await alice.click(room.message(lobby.id), label="Add AI: random")
    await alice.click(room.message(lobby.id), label="Start")
    record = await room.record()
    chooser = random.Random(2)
    record = await play_seat_zero(room, record.id, chooser, 12)
    assert record.status is GameStatus.ACTIVE
    board_id, before = record.message_id, record.version

    reopened = await open_repository(postgres_url)  # a new process: a new claim owner
    try:
        assert reopened.claimant.owner != repository.claimant.owner
        await simcord_env.restart_bot(sharded_bot(postgres_url, reopened))
        room.repository = reopened
        finished = await play_seat_zero(room, record.id, chooser, 1000)
        assert finished.status is GameStatus.FINISHED and finished.version > before
        assert finished.message_id == board_id  # the same board, driven by the new bot
        moves = await reopened.moves(record.id)
        assert len(moves) == finished.version and {m.seat for m in moves} == {0, 1, 2}
        assert await reopened.computer_turns.pending() == {}
        assert await reopened.verify() == []
    finally:
        await reopened.close()
    verified = verify_command(postgres_url)
    assert verified.returncode == 0 and "all agree with their move logs" in verified.stdout


@pytest.mark.simcord(settle_timeout=30.0)  # timers beyond 30 s wait for advance_time
async def test_a_computer_turn_pending_at_a_restart_is_played_by_the_new_bot(
    simcord_env: simcord.Env, repository: Repository, postgres_url: str
) -> None:
    # The computer waits 60 s before it moves: beyond the settle wait, so its turn stays pending.
    await simcord_env.restart_bot(sharded_bot(postgres_url, repository, delay=60))
    room = make_room(simcord_env, repository, names=("alice",))
    alice = room.players[0]
    lobby = (await alice.slash(room.channel, "play", game="pickomino")).response
    assert lobby is not None
    await alice.click(room.message(lobby.id), label="Add AI: random")
    await alice.click(room.message(lobby.id), label="Start")
    record = await room.record()
    while PICKOMINO.to_act(record.state) == (0,):  # alice plays until her turn ends
        await click_move(room, record, PICKOMINO.dump_action(PICKOMINO.legal_actions(record.state, 0)[0]))
        record = await repository.get(record.id)
    waiting = record.version
    assert await repository.computer_turns.pending() == {record.id: None}  # due, not yet claimed

    reopened = await open_repository(postgres_url)
    try:
        await simcord_env.restart_bot(sharded_bot(postgres_url, reopened, delay=0))
        await simcord_env.advance_time(30)  # the new bot's next pass claims it, and plays
        after = await reopened.get(record.id)
        assert after.version > waiting
        assert after.status is GameStatus.FINISHED or PICKOMINO.to_act(after.state) == (0,)
        assert await reopened.computer_turns.pending() == {}
    finally:
        await reopened.close()


async def test_a_move_announced_late_leaves_the_pings_to_the_game_as_stored(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    """Another process may follow a move through after newer moves were stored and announced:
    it must not judge the pings by its older position."""
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room)
    game = PICKOMINO
    history = [record]
    for seat in (0, 1):  # alice's turn, then bob's, to their ends
        while game.to_act(record.state) == (seat,):
            await click_move(room, record, game.dump_action(game.legal_actions(record.state, seat)[0]))
            record = await repository.get(record.id)
            history.append(record)
    assert game.to_act(record.state) == (0,)
    pings_now = channel_pings(room)
    assert pings_now == [t("en", "turn.ping", players=alice.mention, title="Pickomino", id=record.id)]
    # The move that ended alice's turn, announced again now, late: it pings bob (his turn began
    # with it) but the tidy-up sees the game as stored, where alice is to act and bob is not.
    end_of_alice = next(n for n, r in enumerate(history) if game.to_act(r.state) == (1,))
    before, late = history[end_of_alice - 1], history[end_of_alice]
    (last,) = [m for m in await repository.moves(record.id) if m.seq == late.version]
    step = game.apply(before.state, last.seat, game.parse_action(last.action))
    assert step.state == late.state
    channel = simcord_env.bot.get_partial_messageable(room.channel.id)
    await simcord_env.bot.turn_pings.after_move(before, late, step.events, "en", channel.send)
    assert channel_pings(room) == pings_now  # alice's ping stays; the late ping for bob is gone
    stored = await turn_pings.of_game(repository, record.id)
    assert [p.users for p in stored] == [frozenset({alice.id})]
    assert bob.id not in {u for p in stored for u in p.users}
