"""Does storage stay flat as history grows? The reads a running bot makes, timed with 1,000
running games and no finished ones, then again once 20,000 finished games are stored, and what
one Pickomino move costs.

python bench/scale.py [--backend sqlite|postgresql] [--finished 20000] [--running 1000]

Reads (median of 15 calls each): the guild leaderboard and a player's statistics (/leaderboard,
/stats), the scheduler's idle pass (``unsynced_games``, ``claim_computer_turns`` and
``next_due``), the open games (``active_games``, as ``/games`` lists them) and ``count_games``.
Moves: per-move p50/p99, bytes the process writes per move (its write() calls; on SQLite
checkpoints included) and, on SQLite, pages appended to the write-ahead log per move.
Finished games are written directly, rows as ``apply`` writes them (a final position, seats,
results, standings); the running games are started and played through the repository.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import engine
from engine.ai.playout import playout
from engine.core import dump_json
from storage import GameStatus, Repository, open_repository
from storage.replay import snapshot
from storage.schema import ADD_STANDING, INSERT_RESULT, result_rows, standing_rows

PICKOMINO = engine.get_game("pickomino")
GUILDS = 50
PLAYERS = 2000
CALLS = 15
MOVES = 250
"""Moves timed; fewer than SQLite's autocheckpoint (1,000 pages), so the log only grows."""
PAGE, FRAME_HEADER, WAL_HEADER = 4096, 24, 32
T0 = "2026-01-01T12:00:00+00:00"


def finished_positions(count: int) -> list[tuple[Any, int]]:
    """A few real finished two-seat games: (final state, moves played)."""
    positions = []
    for seed in range(count):
        played = list(playout(PICKOMINO, PICKOMINO.new(2, seed, {}), random.Random(seed)))
        positions.append((played[-1].step.state, len(played)))
    return positions


async def add_finished(repo: Repository, count: int, first_channel: int) -> None:
    positions = finished_positions(20)
    options = dump_json({"tiebreak": "highest_tile"})
    rng = random.Random(first_channel)
    async with repo.database.transaction(write=True) as db:
        for n in range(count):
            state, moves = positions[n % len(positions)]
            users = rng.sample(range(1, PLAYERS + 1), 2)
            row = await db.fetch_one(
                "INSERT INTO games (key, guild_id, channel_id, host_id, options, seed, status, version,"
                " state, created_at, updated_at)"
                " VALUES ('pickomino', ?, ?, ?, ?, ?, 'finished', ?, ?, ?, ?) RETURNING id",
                (
                    n % GUILDS,
                    first_channel + n,
                    users[0],
                    options,
                    n % 20,
                    moves,
                    snapshot(PICKOMINO, state),
                    T0,
                    T0,
                ),
            )
            assert row is not None
            game_id = int(row[0])
            await db.execute_many(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                [(game_id, seat, user, f"user{user}") for seat, user in enumerate(users)],
            )
            result = PICKOMINO.result(state)
            assert result is not None
            await db.execute_many(INSERT_RESULT, result_rows(game_id, "pickomino", result, list(users), T0))
            await db.execute_many(ADD_STANDING, standing_rows("pickomino", n % GUILDS, result, list(users)))


async def add_running(repo: Repository, count: int) -> list[int]:
    rng, ids = random.Random(1), []
    now = datetime_now()
    for n in range(count):
        lobby = await repo.create_lobby(
            "pickomino", guild_id=n % GUILDS, channel_id=10_000_000 + n, host_id=1 + n % PLAYERS,
            host_name="host", options={},
        )  # fmt: skip
        await repo.join(lobby.id, PLAYERS + 1 + n, "guest")
        record = await repo.start(lobby.id, seed=n)
        for _ in range(3):
            seat = PICKOMINO.to_act(record.state)[0]
            action = PICKOMINO.dump_action(rng.choice(PICKOMINO.legal_actions(record.state, seat)))
            record = (
                await repo.apply(record.id, expected_version=record.version, seat=seat, action=action)
            ).game
        await repo.sync_turns(record.id, now=now)
        ids.append(record.id)
    return ids


def datetime_now() -> Any:
    from datetime import UTC, datetime

    return datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


async def timed(call: Callable[[], Awaitable[object]]) -> float:
    """Median milliseconds of ``CALLS`` calls."""
    times = []
    for _ in range(CALLS):
        began = time.perf_counter()
        await call()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


async def reads(repo: Repository) -> dict[str, float]:
    async def idle_pass() -> None:
        now = datetime_now()
        await repo.unsynced_games()
        await repo.claim_computer_turns(now, pause_seconds=1.5)
        await repo.next_due()

    return {
        "leaderboard (one guild)": await timed(lambda: repo.leaderboard("pickomino", guild_id=7)),
        "leaderboard (everywhere)": await timed(lambda: repo.leaderboard("pickomino")),
        "statistics of a player": await timed(lambda: repo.user_stats(77)),
        "scheduler idle pass": await timed(idle_pass),
        "open games (active_games)": await timed(repo.active_games),
        "count_games": await timed(repo.count_games),
    }


def written_bytes() -> int:
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("wchar:"):
            return int(line.split()[1])
    raise RuntimeError("no /proc/self/io")


def wal_frames(path: Path | None, *, reset: bool = False) -> int:
    """Frames in the SQLite file's write-ahead log (``reset``: checkpoint it and empty it
    first). Fewer moves than the autocheckpoint's 1,000 pages never trigger a checkpoint."""
    if path is None:
        return 0
    if reset:
        with sqlite3.connect(path) as plain:
            plain.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    wal = Path(f"{path}-wal")
    return 0 if not wal.exists() else max(0, (wal.stat().st_size - WAL_HEADER) // (PAGE + FRAME_HEADER))


async def moves(
    repo: Repository, ids: list[int], count: int, path: Path | None
) -> tuple[float, float, float, float]:
    """Per-move p50 and p99 in ms, bytes written and write-ahead log pages per move."""
    rng, times = random.Random(2), []
    wal_frames(path, reset=True)
    before = written_bytes()
    played = 0
    while played < count:
        record = await repo.get(rng.choice(ids))
        if record.status is not GameStatus.ACTIVE:
            continue
        seat = PICKOMINO.to_act(record.state)[0]
        action = PICKOMINO.dump_action(rng.choice(PICKOMINO.legal_actions(record.state, seat)))
        began = time.perf_counter()
        await repo.apply(record.id, expected_version=record.version, seat=seat, action=action)
        times.append((time.perf_counter() - began) * 1000)
        played += 1
    per_move = (written_bytes() - before) / count
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    return cuts[49], cuts[98], per_move, wal_frames(path) / count


async def run(url: str, backend: str, finished: int, running: int) -> None:
    path = Path(url.removeprefix("sqlite:///")) if backend == "sqlite" else None
    repo = await open_repository(url)
    try:
        ids = await add_running(repo, running)
        empty = await reads(repo)
        before = await moves(repo, ids, MOVES, path)
        started = time.perf_counter()
        for first in range(0, finished, 5000):
            await add_finished(repo, min(5000, finished - first), first)
        if backend == "postgresql":  # as autovacuum soon would: the planner learns most games are over
            async with repo.database.transaction(write=True) as db:
                await db.execute("ANALYZE")
        filled = await reads(repo)
        after = await moves(repo, ids, MOVES, path)
        took = time.perf_counter() - started
        print(f"{backend}: {running:,} running games; {finished:,} finished added in {took:.0f} s")
        print()
        print(f"| read | 0 finished (ms) | {finished:,} finished (ms) | ratio |")
        print("|---|---|---|---|")
        for name in empty:
            print(f"| {name} | {empty[name]:.2f} | {filled[name]:.2f} | {filled[name] / empty[name]:.1f}× |")
        print()
        print(f"| move | 0 finished | {finished:,} finished |")
        print("|---|---|---|")
        print(f"| p50 / p99 (ms) | {before[0]:.2f} / {before[1]:.2f} | {after[0]:.2f} / {after[1]:.2f} |")
        if backend == "sqlite":  # (PostgreSQL's server process does the writing)
            print(f"| bytes written by the process | {before[2]:,.0f} | {after[2]:,.0f} |")
            print(f"| write-ahead log pages | {before[3]:.2f} | {after[3]:.2f} |")
    finally:
        await repo.close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--finished", type=int, default=20_000)
    parser.add_argument("--running", type=int, default=1_000)
    parser.add_argument("--postgres-url", help="a server whose user may create databases")
    args = parser.parse_args()
    if args.backend == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            asyncio.run(run(f"sqlite:///{Path(folder) / 'scale.db'}", "sqlite", args.finished, args.running))
        return
    from bench.storage import Postgres

    postgres = Postgres(args.postgres_url)
    try:
        asyncio.run(run(postgres.new_database(), "postgresql", args.finished, args.running))
    finally:
        postgres.close()


if __name__ == "__main__":
    main()
