"""Crashes, restarts and schema upgrades lose nothing and never leave half a move."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import signal
import sqlite3
import subprocess
import sys
from itertools import islice
from pathlib import Path

import pytest

from engine.ai.playout import playout
from engine.core import dump_json
from storage import ConstraintViolation, GameStatus, Repository, StorageError, open_repository
from storage.backends import open_database
from storage.database import Connection
from storage.migrations import LATEST, migrate
from tests.storage.helpers import PICKOMINO, play, started_game
from tests.storage.servers import Raw

ROOT = Path(__file__).resolve().parents[2]
WRITER = Path(__file__).with_name("crash_writer.py")


def integrity_check(path: Path) -> str:
    with sqlite3.connect(path) as db:
        return str(db.execute("PRAGMA integrity_check").fetchone()[0])


@pytest.mark.parametrize("commits_before_kill", [40, 400])
async def test_a_writer_killed_mid_write_leaves_only_whole_moves(
    backend: str, db_path: Path, db_url: str, commits_before_kill: int
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    writer = await asyncio.create_subprocess_exec(
        sys.executable,
        str(WRITER),
        db_url,
        "20",
        str(commits_before_kill),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    assert writer.stdout is not None and writer.stderr is not None
    committed: dict[int, int] = {}
    reported = 0
    try:
        while reported < commits_before_kill:
            line = await asyncio.wait_for(writer.stdout.readline(), timeout=60)
            if not line:
                raise AssertionError(f"the writer stopped: {(await writer.stderr.read()).decode()}")
            game_id, version = map(int, line.split())
            committed[game_id] = version
            reported += 1
    finally:
        writer.send_signal(signal.SIGKILL)  # no cleanup, no checkpoint
        await writer.wait()
    assert writer.returncode == -signal.SIGKILL
    # Commits the writer reported before it died but that were not read yet (a busy machine
    # lets it run ahead of the reading): each is a commit too.
    for line in (await writer.stdout.read()).splitlines():
        game_id, version = map(int, line.split())
        committed[game_id] = version
    if backend == "sqlite":
        # The writer never closed the file: opening it must recover from the write-ahead log.
        assert Path(f"{db_path}-wal").stat().st_size > 0
        assert integrity_check(db_path) == "ok"
    # Every committed move replays, as the command a person would run says.
    verified = subprocess.run(
        [sys.executable, "-m", "storage", "verify", "--database-url", db_url],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "all agree with their move logs" in verified.stdout
    repo = await open_repository(db_url)
    try:
        assert await repo.verify() == []  # every snapshot is its log replayed; version = log length
        for game_id, version in committed.items():
            stored = await repo.get(game_id)
            # Whatever was reported committed survived; at most one more move got in after.
            assert version <= stored.version <= version + 1
            assert len(await repo.moves(game_id)) == stored.version
        # The survivors play on.
        for game in await repo.active_games():
            if game.status == GameStatus.ACTIVE:
                await play(repo, game, random.Random(game.id), moves=3)
        assert await repo.verify() == []
    finally:
        await repo.close()


async def test_reopened_games_continue_where_they_were(db_url: str) -> None:
    rng = random.Random(11)
    repo = await open_repository(db_url)
    before = []
    for n in range(5):
        game = await started_game(repo, channel_id=n, humans=(11, 12, 13), seed=n)
        before.append(await play(repo, game, rng, moves=5 + 7 * n))
    lobby = await repo.create_lobby(
        "pickomino", guild_id=1, channel_id=99, host_id=5, host_name="E", options={}
    )
    await repo.close()

    repo = await open_repository(db_url)
    try:
        assert await repo.active_games() == [lobby, *reversed(before)]
        assert await repo.verify() == []
        for game in before:
            assert [m.seq for m in await repo.moves(game.id)] == list(range(1, game.version + 1))
            done = await play(repo, await repo.get(game.id), rng)
            assert done.status == GameStatus.FINISHED
        assert await repo.verify() == []
        assert (await repo.user_stats(11)).played == 5
    finally:
        await repo.close()


async def insert_v1_game(
    db: Connection, *, channel_id: int, status: str, users: tuple[int, ...], moves: int | None
) -> int:
    """A game written the way the v1 schema stored it; ``moves`` None plays it to the end."""
    state = PICKOMINO.new(len(users), channel_id, {"tiebreak": "highest_tile"}) if status != "lobby" else None
    log: list[tuple[int, str]] = []
    if state is not None:
        for played in islice(playout(PICKOMINO, state, random.Random(channel_id)), moves):
            log.append((played.seat, dump_json(PICKOMINO.dump_action(played.action))))
            state = played.step.state
    inserted = await db.fetch_one(
        "INSERT INTO games (key, guild_id, channel_id, host_id, options, seed, status, version, state,"
        " created_at, updated_at) VALUES ('pickomino', 1, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            channel_id,
            users[0],
            dump_json({"tiebreak": "highest_tile"}),
            None if state is None else channel_id,
            status,
            len(log),
            None if state is None else dump_json(PICKOMINO.dump_state(state)),
            "2023-05-01T10:00:00+00:00",
            "2023-05-01T11:00:00+00:00",
        ),
    )
    assert inserted is not None
    game_id = int(inserted[0])
    await db.execute_many(
        "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
        [(game_id, seat, user, f"user{user}") for seat, user in enumerate(users)],
    )
    await db.execute_many(
        "INSERT INTO moves (game_id, seq, seat, action, created_at) VALUES (?, ?, ?, ?, ?)",
        [(game_id, n, seat, action, "2023-05-01T10:30:00+00:00") for n, (seat, action) in enumerate(log, 1)],
    )
    return game_id


async def test_a_v1_database_is_upgraded_without_losing_rows(db_url: str, raw: Raw) -> None:
    database = await open_database(db_url)
    try:
        assert await migrate(database, target=1) == 1
        async with database.transaction(write=True) as db:
            lobby = await insert_v1_game(db, channel_id=1, status="lobby", users=(11,), moves=0)
            active = await insert_v1_game(db, channel_id=2, status="active", users=(11, 12), moves=9)
            finished = await insert_v1_game(
                db, channel_id=3, status="finished", users=(11, 12, 13), moves=None
            )
    finally:
        await database.close()
    assert await raw.tables() == {"games", "seats", "moves"}  # v1 has no results table yet

    repo = await open_repository(db_url)
    try:
        assert await raw.version() == LATEST
        assert await raw.value("SELECT COUNT(*) FROM games") == 3
        assert await raw.value("SELECT COUNT(*) FROM moves") > 9
        assert (await repo.get(lobby)).status == GameStatus.LOBBY
        assert len(await repo.moves(active)) == 9
        done = await repo.get(finished)
        assert done.status == GameStatus.FINISHED and done.result is not None
        # v2 filled in the results of the game finished under v1.
        for seat, user in enumerate((11, 12, 13)):
            stats = await repo.user_stats(user)
            assert (stats.played, stats.won) == (1, int(seat in done.result.winners))
        # v6 counted it in the standings the leaderboards read.
        board = {
            row.user_id: (row.played, row.won, row.points) for row in await repo.leaderboard("pickomino")
        }
        assert board == {
            user: (1, int(seat in done.result.winners), done.result.scores[seat])
            for seat, user in enumerate((11, 12, 13))
        }
        assert await repo.leaderboard("pickomino", guild_id=1) == await repo.leaderboard("pickomino")
        assert await repo.verify() == []
        game = await repo.get(active)
        assert (await play(repo, game, random.Random(0))).status == GameStatus.FINISHED
    finally:
        await repo.close()


async def test_migrating_twice_changes_nothing(db_url: str, raw: Raw) -> None:
    repo = await open_repository(db_url)
    await started_game(repo)
    await repo.close()
    schema = await raw.schema()
    assert len(schema) > 20
    repo = await open_repository(db_url)
    await repo.close()
    assert await raw.schema() == schema


async def test_a_database_from_a_newer_program_is_refused(db_url: str) -> None:
    database = await open_database(db_url)
    try:
        async with database.migration_step() as db:
            await database.set_schema_version(db, LATEST + 1)
    finally:
        await database.close()
    with pytest.raises(StorageError, match="newer than this program"):
        await open_repository(db_url)


async def test_the_move_log_refuses_rewrites(repo: Repository, raw: Raw) -> None:
    game = await play(repo, await started_game(repo), random.Random(1), moves=2)
    for statement in ("UPDATE moves SET seat = 1", "DELETE FROM moves"):
        with pytest.raises(ConstraintViolation, match="append-only"):
            await raw.execute(statement)
    assert len(await repo.moves(game.id)) == 2


async def test_two_programs_opening_a_new_file_at_once_both_work(db_url: str) -> None:
    first, second = await asyncio.gather(open_repository(db_url), open_repository(db_url))
    try:
        lobby = await first.create_lobby(
            "pickomino", guild_id=1, channel_id=1, host_id=1, host_name="A", options={}
        )
        assert await second.get(lobby.id) == lobby
    finally:
        await first.close()
        await second.close()


async def test_the_upgrade_rebuilds_a_snapshot_it_cannot_read_and_skips_a_log_it_cannot_replay(
    db_url: str, raw: Raw, caplog: pytest.LogCaptureFixture
) -> None:
    """v2 cannot read a damaged snapshot, so it gives that game no results; v5 rebuilds every
    snapshot from its log, which mends it. A game whose log itself is damaged keeps its rows as
    they are, and verify names it."""
    database = await open_database(db_url)
    try:
        await migrate(database, target=1)
        async with database.transaction(write=True) as db:
            readable = await insert_v1_game(db, channel_id=1, status="finished", users=(11, 12), moves=None)
            damaged = await insert_v1_game(db, channel_id=2, status="finished", users=(13, 14), moves=None)
            broken_log = await insert_v1_game(db, channel_id=3, status="active", users=(15, 16), moves=4)
    finally:
        await database.close()
    await raw.execute("UPDATE games SET state = '{' WHERE id = ?", damaged)
    await raw.drop_log_guard()
    await raw.execute('UPDATE moves SET action = \'{"kind": "fly"}\' WHERE game_id = ?', broken_log)

    with caplog.at_level(logging.WARNING, logger="storage"):
        repo = await open_repository(db_url)
    try:
        assert any(f"no results for game {damaged}" in r.getMessage() for r in caplog.records)
        assert any(f"game {broken_log} keeps its old snapshot" in r.getMessage() for r in caplog.records)
        assert (await repo.user_stats(11)).played == 1
        assert (await repo.user_stats(13)).played == 1
        assert {m.game_id for m in await repo.verify()} == {broken_log}
        assert (await repo.get(readable)).status == GameStatus.FINISHED
        assert (await repo.get(damaged)).status == GameStatus.FINISHED
    finally:
        await repo.close()
