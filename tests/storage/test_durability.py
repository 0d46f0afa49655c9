"""Crashes, restarts and schema upgrades lose nothing and never leave half a move."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import signal
import sqlite3
import sys
from pathlib import Path

import aiosqlite
import pytest

from engine.core import dump_json
from storage import GameStatus, Repository, StorageError, open_repository
from storage.schema import LATEST, migrate
from tests.storage.helpers import PICKOMINO, play, started_game

ROOT = Path(__file__).resolve().parents[2]
WRITER = Path(__file__).with_name("crash_writer.py")


def integrity_check(path: Path) -> str:
    with sqlite3.connect(path) as db:
        return str(db.execute("PRAGMA integrity_check").fetchone()[0])


@pytest.mark.parametrize("commits_before_kill", [40, 400])
async def test_a_writer_killed_mid_write_leaves_only_whole_moves(
    db_path: Path, db_url: str, commits_before_kill: int
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
    # The writer never closed the database: opening it must recover from the write-ahead log.
    assert Path(f"{db_path}-wal").stat().st_size > 0

    assert integrity_check(db_path) == "ok"
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
    db: aiosqlite.Connection, *, channel_id: int, status: str, users: tuple[int, ...], moves: int | None
) -> int:
    """A game written the way the v1 schema stored it; ``moves`` None plays it to the end."""
    rng = random.Random(channel_id)
    state = PICKOMINO.new(len(users), channel_id, {"tiebreak": "highest_tile"}) if status != "lobby" else None
    log: list[tuple[int, str]] = []
    while state is not None and PICKOMINO.to_act(state) and (moves is None or len(log) < moves):
        seat = PICKOMINO.to_act(state)[0]
        action = rng.choice(PICKOMINO.legal_actions(state, seat))
        state = PICKOMINO.apply(state, seat, action).state
        log.append((seat, dump_json(PICKOMINO.dump_action(action))))
    await db.execute("BEGIN")  # one transaction, not one disk sync per row
    cursor = await db.execute(
        "INSERT INTO games (key, guild_id, channel_id, host_id, options, seed, status, version, state,"
        " created_at, updated_at) VALUES ('pickomino', 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
    game_id = cursor.lastrowid
    assert game_id is not None
    await db.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
        [(game_id, seat, user, f"user{user}") for seat, user in enumerate(users)],
    )
    await db.executemany(
        "INSERT INTO moves (game_id, seq, seat, action, created_at) VALUES (?, ?, ?, ?, ?)",
        [(game_id, n, seat, action, "2023-05-01T10:30:00+00:00") for n, (seat, action) in enumerate(log, 1)],
    )
    await db.commit()
    return game_id


async def test_a_v1_database_is_upgraded_without_losing_rows(db_path: Path, db_url: str) -> None:
    db_path.parent.mkdir(parents=True)
    async with aiosqlite.connect(db_path, isolation_level=None) as db:
        assert await migrate(db, target=1) == 1
        lobby = await insert_v1_game(db, channel_id=1, status="lobby", users=(11,), moves=0)
        active = await insert_v1_game(db, channel_id=2, status="active", users=(11, 12), moves=9)
        finished = await insert_v1_game(db, channel_id=3, status="finished", users=(11, 12, 13), moves=None)
        with pytest.raises(sqlite3.OperationalError):  # v1 has no results table yet
            await db.execute("SELECT * FROM results")

    repo = await open_repository(db_url)
    try:
        with sqlite3.connect(db_path) as plain:
            assert plain.execute("PRAGMA user_version").fetchone()[0] == LATEST == 4
            assert plain.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3
            assert plain.execute("SELECT COUNT(*) FROM moves").fetchone()[0] > 9
        assert (await repo.get(lobby)).status == GameStatus.LOBBY
        assert len(await repo.moves(active)) == 9
        done = await repo.get(finished)
        assert done.status == GameStatus.FINISHED and done.result is not None
        # v2 filled in the results of the game finished under v1.
        for seat, user in enumerate((11, 12, 13)):
            stats = await repo.user_stats(user)
            assert (stats.played, stats.won) == (1, int(seat in done.result.winners))
        assert await repo.verify() == []
        game = await repo.get(active)
        assert (await play(repo, game, random.Random(0))).status == GameStatus.FINISHED
    finally:
        await repo.close()


async def test_migrating_twice_changes_nothing(db_url: str, db_path: Path) -> None:
    repo = await open_repository(db_url)
    await started_game(repo)
    await repo.close()
    with sqlite3.connect(db_path) as plain:
        schema = plain.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall()
    repo = await open_repository(db_url)
    await repo.close()
    with sqlite3.connect(db_path) as plain:
        assert plain.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall() == schema


async def test_a_database_from_a_newer_program_is_refused(db_path: Path, db_url: str) -> None:
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as plain:
        plain.execute(f"PRAGMA user_version = {LATEST + 1}")
    with pytest.raises(StorageError, match="newer than this program"):
        await open_repository(db_url)


async def test_the_move_log_refuses_rewrites(repo: Repository, db_path: Path) -> None:
    game = await play(repo, await started_game(repo), random.Random(1), moves=2)
    with sqlite3.connect(db_path) as plain:
        for statement in ("UPDATE moves SET seat = 1", "DELETE FROM moves"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                plain.execute(statement)
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


async def test_the_upgrade_skips_a_finished_game_it_cannot_read(
    db_path: Path, db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    db_path.parent.mkdir(parents=True)
    async with aiosqlite.connect(db_path, isolation_level=None) as db:
        await migrate(db, target=1)
        readable = await insert_v1_game(db, channel_id=1, status="finished", users=(11, 12), moves=None)
        damaged = await insert_v1_game(db, channel_id=2, status="finished", users=(13, 14), moves=None)
        await db.execute("UPDATE games SET state = '{' WHERE id = ?", (damaged,))

    with caplog.at_level(logging.WARNING, logger="storage"):
        repo = await open_repository(db_url)
    try:
        assert (await repo.user_stats(11)).played == 1
        assert (await repo.user_stats(13)).played == 0
        assert any(f"no results for game {damaged}" in r.getMessage() for r in caplog.records)
        assert {m.game_id for m in await repo.verify()} == {damaged}
        assert (await repo.get(readable)).status == GameStatus.FINISHED
    finally:
        await repo.close()
