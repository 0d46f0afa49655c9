"""Does storage stay flat as history grows? The reads a running bot makes and what one Pickomino
move costs, in two databases side by side: both with the same 1,000 running games, the second
with 20,000 finished games more. Every figure is measured in turns, one database then the other,
so a busy machine slows both alike.

python bench/scale.py [--backend sqlite|postgresql|both] [--finished 20000] [--running 1000] [--any-core]

Reads (median of 101 calls each, of 15 for the slow ones): the rating boards of one server and
of every server and a player's statistics and ratings (/leaderboard, /stats; the player sits in
one finished game in 20, a regular), the win-count leaderboards the standings keep, the
scheduler's idle pass (``turn_clock.unsynced_games``,
``computer_turns.claim_due`` and ``turn_clock.next_due``), a start-up (opening the database, migrations
checked, and the scheduler's first pass), the open games (``active_games``, as ``/games`` lists
them), the game counts (``count_games``, as ``--check`` shows them), a player's running games
(``seated_games``: the regular, with a running game of his own and 1,000 finished ones in the
second database, as ``/place`` in a DM and Hobbit's commands find his games) and the game in a
channel (``by_channel``, which every command in a channel reads).

Moves (250 in each database, in turns of 25): per-move p50/p99, bytes the process writes per
move (its write() calls; on SQLite checkpoints included) and, on SQLite, pages appended to the
write-ahead log and hand-offs to the connections' threads per move. Finished games are written
directly, rows as ``apply`` writes them (a final position, seats, results, standings, and the
ratings and rating changes the games make in the order they are written; the triggers count
them); the running games are started and played through the repository.

Everything runs on one core: this process, its database threads and the PostgreSQL server it
starts. On a virtual machine a hand-off between two threads or processes costs some 80 µs more
when they sit on different cores than on the same one, and which core each connection's
thread or server process lands on is chance; a read of a tenth of a millisecond then measured
up to 2.5× slower in one database than in the other for that alone (``SELECT 1`` too).
``--any-core`` leaves the placement to the system.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import engine
from engine.ai.playout import playout
from engine.core import dump_json
from storage import GameStatus, Repository, open_repository
from storage.rating_rows import INSERT_CHANGE, change_row, match_of
from storage.ratings import Ledger
from storage.schema import ADD_STANDING, INSERT_RESULT, result_rows, standing_rows
from storage.snapshots import snapshot

PICKOMINO = engine.get_game("pickomino")
GUILDS = 50
PLAYERS = 2000
REGULAR = 77
"""The player whose statistics are read: in one finished game in ``REGULAR_EVERY``."""
REGULAR_EVERY = 20
CALLS = 101
"""Calls of each read in each database (a read of well under a millisecond is mostly the
hand-off to a connection's thread and back, which a busy machine makes vary)."""
SLOW_CALLS = 15
"""Calls of the reads that take milliseconds: a start-up, the open games."""
MOVES = 250
"""Moves timed in each database; fewer than SQLite's autocheckpoint (1,000 pages), so the log
only grows."""
MOVE_TURN = 25
"""Moves in one database before the other's turn."""
PAGE, FRAME_HEADER, WAL_HEADER = 4096, 24, 32
T0 = "2026-01-01T12:00:00+00:00"


def finished_positions(count: int) -> list[tuple[Any, int]]:
    """A few real finished two-seat games: (final state, moves played)."""
    positions = []
    for seed in range(count):
        played = list(playout(PICKOMINO, PICKOMINO.new(2, seed, {}), random.Random(seed)))
        positions.append((played[-1].step.state, len(played)))
    return positions


async def add_finished(repo: Repository, count: int, first_channel: int, ledger: Ledger) -> None:
    """``count`` finished games, rated in ``ledger`` after those it rated before (their ratings
    are written by ``write_ratings``)."""
    positions = finished_positions(20)
    options = dump_json({"tiebreak": "highest_tile"})
    rng = random.Random(first_channel)
    async with repo.database.transaction(write=True) as db:
        for n in range(count):
            state, moves = positions[n % len(positions)]
            users = rng.sample(range(1, PLAYERS + 1), 2)
            if n % REGULAR_EVERY == 0 and REGULAR not in users:
                users[0] = REGULAR
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
            seats = [(user, None) for user in users]
            match = match_of(game_id, "pickomino", n % GUILDS, {}, result, seats, rate_computers=False)
            assert match is not None
            seq = first_channel + n + 1  # every game is rated, in the order they are written
            await db.execute_many(INSERT_CHANGE, [change_row(c, seq) for c in ledger.play(match)])


async def write_ratings(repo: Repository, ledger: Ledger) -> None:
    async with repo.database.transaction(write=True) as db:
        await db.execute_many(
            "INSERT INTO ratings (key, guild_id, player, mu, sigma, games, conservative)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (*k, s.rating.mu, s.rating.sigma, s.games, s.rating.conservative)
                for k, s in ledger.standings.items()
            ],
        )


async def add_running(repo: Repository, count: int) -> list[int]:
    rng, ids = random.Random(1), []
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
        await repo.turn_clock.sync(record.id)
        ids.append(record.id)
    return ids


async def side_by_side(
    calls: tuple[Callable[[], Awaitable[object]], Callable[[], Awaitable[object]]], count: int
) -> tuple[float, float]:
    """Median milliseconds of ``count`` calls of each, taking turns (a shared machine's noise falls
    on both alike)."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(count):
        for call, spent in zip(calls, times, strict=True):
            began = time.perf_counter()
            await call()
            spent.append((time.perf_counter() - began) * 1000)
    return statistics.median(times[0]), statistics.median(times[1])


async def idle_pass(repo: Repository) -> None:
    """What the scheduler reads and claims in a pass with nothing due."""
    await repo.turn_clock.unsynced_games()
    await repo.computer_turns.claim_due(pause_seconds=1.5)
    await repo.turn_clock.next_due()


READS = {
    "rating board (one guild)": False,
    "rating board (everywhere)": False,
    "statistics of a player": False,
    "ratings of a player": False,
    "leaderboard by wins (one guild)": False,
    "leaderboard by wins (everywhere)": False,
    "scheduler idle pass": False,
    "start-up (open, first pass)": True,
    "open games (active_games)": True,
    "game counts (count_games)": False,
    "running games of a player (seated_games)": False,
    "the game in a channel (by_channel)": False,
}
"""The reads timed, and whether each is slow (``SLOW_CALLS``)."""


def read_calls(repo: Repository, url: str) -> dict[str, Callable[[], Awaitable[object]]]:
    async def start_up() -> None:
        started = await open_repository(url)
        try:
            await idle_pass(started)
        finally:
            await started.close()

    return {
        "rating board (one guild)": lambda: repo.rating_board("pickomino", guild_id=7),
        "rating board (everywhere)": lambda: repo.rating_board("pickomino", guild_id=None),
        "statistics of a player": lambda: repo.user_stats(REGULAR),
        "ratings of a player": lambda: repo.player_ratings(REGULAR, guild_id=None),
        "leaderboard by wins (one guild)": lambda: repo.leaderboard("pickomino", guild_id=7),
        "leaderboard by wins (everywhere)": lambda: repo.leaderboard("pickomino"),
        "scheduler idle pass": lambda: idle_pass(repo),
        "start-up (open, first pass)": start_up,
        "open games (active_games)": repo.active_games,
        "game counts (count_games)": repo.count_games,
        # /place in a DM and Hobbit's commands find the player's games by this: the regular
        # has a running game of his own, and a finished one in every REGULAR_EVERY.
        "running games of a player (seated_games)": lambda: repo.seated_games(REGULAR),
        "the game in a channel (by_channel)": lambda: repo.by_channel(10_000_000 + REGULAR - 1),
    }


HANDING_OFF = {
    # aiosqlite's classes → those of their methods the backend calls that each hand one call to
    # the connection's thread and wait for its answer
    aiosqlite.Connection: ("execute", "execute_fetchall", "executemany", "commit", "rollback"),
    aiosqlite.Cursor: ("fetchall",),
}


@contextlib.contextmanager
def handoffs() -> Iterator[list[tuple[object, str]]]:
    """Counts every call handed to an aiosqlite connection's thread while it is open
    (``HANDING_OFF``): the list holds the connection (or cursor) each went to, and the method."""
    calls: list[tuple[object, str]] = []
    originals = [(cls, name, getattr(cls, name)) for cls, names in HANDING_OFF.items() for name in names]

    def counted(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def call(self: object, *args: Any, **kwargs: Any) -> Any:
            calls.append((self, name))
            return original(self, *args, **kwargs)

        return call

    for cls, name, original in originals:
        setattr(cls, name, counted(name, original))
    try:
        yield calls
    finally:
        for cls, name, original in originals:
            setattr(cls, name, original)


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


@dataclass(slots=True)
class Moves:
    """What ``MOVES`` moves of one database cost."""

    path: Path | None
    """The SQLite file, whose write-ahead log is counted."""
    times: list[float] = field(default_factory=list)
    written: int = 0
    handed: int = 0

    def figures(self) -> tuple[float, float, float, float, float]:
        """p50 and p99 in ms; bytes written, write-ahead log pages and hand-offs per move."""
        count = len(self.times)
        cuts = statistics.quantiles(self.times, n=100, method="inclusive")
        return cuts[49], cuts[98], self.written / count, wal_frames(self.path) / count, self.handed / count


async def play_moves(repo: Repository, ids: list[int], rng: random.Random, count: int, into: Moves) -> None:
    """``count`` random moves of the running games; the process's bytes written and the
    hand-offs are counted over ``apply`` alone (each move's record is read before it)."""
    played = 0
    while played < count:
        record = await repo.get(rng.choice(ids))
        if record.status is not GameStatus.ACTIVE:
            continue
        seat = PICKOMINO.to_act(record.state)[0]
        action = PICKOMINO.dump_action(rng.choice(PICKOMINO.legal_actions(record.state, seat)))
        with handoffs() as calls:
            before = written_bytes()
            began = time.perf_counter()
            await repo.apply(record.id, expected_version=record.version, seat=seat, action=action)
            into.times.append((time.perf_counter() - began) * 1000)
            into.written += written_bytes() - before
        into.handed += len(calls)
        played += 1


async def moves_side_by_side(
    repos: tuple[Repository, Repository], ids: tuple[list[int], list[int]], paths: tuple[Path | None, ...]
) -> tuple[Moves, Moves]:
    """``MOVES`` moves in each database, in turns of ``MOVE_TURN``."""
    found = (Moves(paths[0]), Moves(paths[1]))
    rngs = (random.Random(2), random.Random(2))
    for path in paths:
        wal_frames(path, reset=True)
    for _ in range(MOVES // MOVE_TURN):
        for repo, game_ids, rng, into in zip(repos, ids, rngs, found, strict=True):
            await play_moves(repo, game_ids, rng, MOVE_TURN, into)
    return found


WHOLE_GAMES = 2
"""Games played from their start to their end for the write-ahead log's pages per move over
whole games (some 150 moves, well under the autocheckpoint's 1,000 pages)."""


async def whole_games(
    repo: Repository, path: Path | None, first_channel: int, *, clock: bool
) -> tuple[float, float, float, int, int]:
    """Write-ahead log pages, bytes the process writes and hand-offs (``apply`` alone) per move
    over ``WHOLE_GAMES`` two-seat games played to their end, the last moves (results, standings,
    counts) included, and the fewest and most hand-offs of one move; ``clock``: every move syncs
    the turn clock in its transaction, as the bot's moves do."""
    rng, records = random.Random(3), []
    for n in range(WHOLE_GAMES):
        lobby = await repo.create_lobby(
            "pickomino", guild_id=n % GUILDS, channel_id=first_channel + n, host_id=REGULAR,
            host_name="host", options={},
        )  # fmt: skip
        await repo.join(lobby.id, PLAYERS + 1, "guest")
        records.append(await repo.start(lobby.id, seed=n))
        if clock:
            await repo.turn_clock.sync(lobby.id)
    wal_frames(path, reset=True)
    before, played, handed, each = written_bytes(), 0, 0, set()
    for record in records:
        while record.status is GameStatus.ACTIVE:
            seat = PICKOMINO.to_act(record.state)[0]
            action = PICKOMINO.dump_action(rng.choice(PICKOMINO.legal_actions(record.state, seat)))
            with handoffs() as calls:
                record = (
                    await repo.apply(
                        record.id, expected_version=record.version, seat=seat, action=action,
                        clocked=clock,
                    )
                ).game  # fmt: skip
            handed += len(calls)
            each.add(len(calls))
            played += 1
    pages, written = wal_frames(path) / played, (written_bytes() - before) / played
    return pages, written, handed / played, min(each), max(each)


async def run(urls: tuple[str, str], backend: str, finished: int, running: int) -> None:
    """Two databases with the same running games, the second with ``finished`` games more,
    timed in turns."""
    paths = tuple(Path(url.removeprefix("sqlite:///")) if backend == "sqlite" else None for url in urls)
    empty, filled = await open_repository(urls[0]), await open_repository(urls[1])
    try:
        started, ledger = time.perf_counter(), Ledger()
        for first in range(0, finished, 5000):
            await add_finished(filled, min(5000, finished - first), first, ledger)
        await write_ratings(filled, ledger)
        took = time.perf_counter() - started
        # The running games come after the finished ones, as on a server with a history.
        ids = (await add_running(empty, running), await add_running(filled, running))
        for repo, path in zip((empty, filled), paths, strict=True):
            if path is not None:  # as the autocheckpoint soon would, after the filling's bulk
                wal_frames(path, reset=True)
            else:  # as autovacuum soon would: dead row versions gone, the planner's statistics
                async with repo.database.transaction(write=True, single=True) as db:
                    await db.execute("VACUUM ANALYZE")
        calls = read_calls(empty, urls[0]), read_calls(filled, urls[1])
        figures = {
            name: await side_by_side((calls[0][name], calls[1][name]), SLOW_CALLS if slow else CALLS)
            for name, slow in READS.items()
        }
        before, after = (m.figures() for m in await moves_side_by_side((empty, filled), ids, paths))
        # Plain moves, then moves syncing the turn clock; each [empty, filled].
        whole: list[list[tuple[float, float, float, int, int]]] = []
        if backend == "sqlite":
            for channel, clock in ((20_000_000, False), (20_000_100, True)):
                repos = (empty, filled)
                whole.append(
                    [await whole_games(r, p, channel, clock=clock) for r, p in zip(repos, paths, strict=True)]
                )
        print(f"{backend}: {running:,} running games; {finished:,} finished added in {took:.0f} s")
        print()
        print(f"| read | 0 finished (ms) | {finished:,} finished (ms) | ratio |")
        print("|---|---|---|---|")
        for name, (none, many) in figures.items():
            print(f"| {name} | {none:.2f} | {many:.2f} | {many / none:.1f}× |")
        print()
        print(f"| move | 0 finished | {finished:,} finished |")
        print("|---|---|---|")
        print(f"| p50 / p99 (ms) | {before[0]:.2f} / {before[1]:.2f} | {after[0]:.2f} / {after[1]:.2f} |")
        if backend == "sqlite":  # (PostgreSQL's server process does the writing)
            print(f"| bytes written by the process | {before[2]:,.0f} | {after[2]:,.0f} |")
            print(f"| write-ahead log pages | {before[3]:.2f} | {after[3]:.2f} |")
            print(f"| hand-offs to SQLite's threads | {before[4]:.2f} | {after[4]:.2f} |")
            for (few, lots), kind in zip(whole, ("plain moves", "moves syncing the turn clock"), strict=True):
                print(
                    f"| whole games, {kind}: log pages, bytes, hand-offs (a move's fewest–most) |"
                    f" {few[0]:.2f}, {few[1]:,.0f}, {few[2]:.2f} ({few[3]}–{few[4]}) |"
                    f" {lots[0]:.2f}, {lots[1]:,.0f}, {lots[2]:.2f} ({lots[3]}–{lots[4]}) |"
                )
        print()
    finally:
        await empty.close()
        await filled.close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--finished", type=int, default=20_000)
    parser.add_argument("--running", type=int, default=1_000)
    parser.add_argument("--postgres-url", help="a server whose user may create databases")
    parser.add_argument("--any-core", action="store_true", help="do not keep everything on one core")
    args = parser.parse_args()
    if not args.any_core:  # before any thread or server starts: they inherit it
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    if args.backend in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as folder:
            urls = (f"sqlite:///{Path(folder) / 'empty.db'}", f"sqlite:///{Path(folder) / 'filled.db'}")
            asyncio.run(run(urls, "sqlite", args.finished, args.running))
    if args.backend in ("postgresql", "both"):
        from bench.storage import Postgres

        postgres = Postgres(args.postgres_url)
        try:
            urls = (postgres.new_database(), postgres.new_database())
            asyncio.run(run(urls, "postgresql", args.finished, args.running))
        finally:
            postgres.close()


if __name__ == "__main__":
    main()
