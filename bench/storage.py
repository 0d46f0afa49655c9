"""Durable moves per second, SQLite against PostgreSQL with one or more processes.

Each process opens its own repository (as each bot process would), starts ``--games``
Pickomino games and plays them all to the end at once, random legal moves through
``Repository.apply``; every move is one committed transaction. Reported per configuration:
moves per second over all processes, each move's time from call to commit (p50, p99), the share
of a core each process used, the PostgreSQL server's share where this run started the server,
and then ``verify`` (every game replayed) and the moves stored against the moves played, so
nothing is lost.

python bench/storage.py                          SQLite 1 process, PostgreSQL 1, 2 and 4
python bench/storage.py --backend postgresql --processes 2 [--games 100] [--seats 4]
python bench/storage.py --backend postgresql --profile     where a move's CPU and I/O go
python bench/storage.py --rounds 3               the four, three times over (a shared machine is noisy)

After the table, for each PostgreSQL run, the server's work per move from its statistics:
transactions committed, rows written, the share of game row updates that were HOT (no index
touched), write-ahead log records and bytes, and WAL flushes (fsync), which show how many
commits each flush carried. ``--profile`` adds the client's CPU per move by part (cProfile of
every process, which slows it: the engine, JSON, the repository, the driver asyncpg, the event
loop, the rest).

SQLite is a file in a temporary folder with the bot's settings (WAL, synchronous=NORMAL).
PostgreSQL is the server ``--postgres-url`` names (its user may create databases; each
configuration gets a new database), else a throwaway server started by ``pgserver`` (a dev
dependency) in a temporary folder, with PostgreSQL's default durability (fsync on,
synchronous_commit on: every commit is flushed to disk).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import multiprocessing
import os
import pstats
import random
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import engine
from storage import GameStatus, Repository, open_repository
from storage.sqlite import PRAGMAS

HEADER = (
    "| backend | processes | games | moves | moves/s | p50 ms | p99 ms | CPU per process | server CPU"
    " | process CPU ms/move | server CPU ms/move | verify |"
)
DEFAULT_RUNS = (("sqlite", 1), ("postgresql", 1), ("postgresql", 2), ("postgresql", 4))


@dataclass(frozen=True, slots=True)
class WorkerResult:
    moves: int
    latencies: list[float]
    """Seconds per move, call to commit."""
    started: float
    ended: float
    cpu: float
    """CPU seconds the process used while playing."""
    parts: dict[str, float] | None = None
    """With ``--profile``: CPU seconds by part of the program (``PARTS``)."""


@dataclass(frozen=True, slots=True)
class RunResult:
    backend: str
    processes: int
    games: int
    workers: list[WorkerResult]
    server_cpu: float | None
    stored: int
    mismatches: int
    server_work: dict[str, float] | None = None
    """PostgreSQL: the server's statistics counted during the run."""

    @property
    def elapsed(self) -> float:
        return max(w.ended for w in self.workers) - min(w.started for w in self.workers)

    @property
    def moves(self) -> int:
        return sum(w.moves for w in self.workers)

    @property
    def rate(self) -> float:
        return self.moves / self.elapsed


async def play_one(repo: Repository, game_id: int, rng: random.Random, latencies: list[float]) -> int:
    """Play one started game to its end; returns the number of moves stored."""
    game = engine.get_game("pickomino")
    record = await repo.get(game_id)
    moves = 0
    while record.status == GameStatus.ACTIVE:
        seat = game.to_act(record.state)[0]
        action = game.dump_action(rng.choice(game.legal_actions(record.state, seat)))
        began = time.perf_counter()
        record = (await repo.apply(game_id, expected_version=record.version, seat=seat, action=action)).game
        latencies.append(time.perf_counter() - began)
        moves += 1
    return moves


PARTS = (
    ("engine", f"{os.sep}engine{os.sep}"),
    ("JSON", f"{os.sep}json{os.sep}"),
    ("repository", f"{os.sep}storage{os.sep}"),
    ("asyncpg", f"{os.sep}asyncpg{os.sep}"),
    ("event loop", f"{os.sep}asyncio{os.sep}"),
)
"""Parts of the program by where their code lies; anything else is "other" (the benchmark's
own loop, the standard library, C built-ins called from the parts above count as their caller
only when cProfile can attribute them, else as other)."""


def cpu_by_part(profile: cProfile.Profile) -> dict[str, float]:
    """Seconds of CPU spent in each part's own code (cProfile's total time, not cumulative)."""
    totals = dict.fromkeys([name for name, _ in PARTS] + ["other"], 0.0)
    stats = pstats.Stats(profile)
    for (filename, _, _), (_, _, own, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        part = next((name for name, marker in PARTS if marker in filename), "other")
        totals[part] += own
    return totals


async def work(url: str, index: int, games: int, seats: int, barrier: Any, profile: bool) -> WorkerResult:
    repo = await open_repository(url)
    try:
        ids = []
        for n in range(games):
            channel = index * games + n
            lobby = await repo.create_lobby(
                "pickomino",
                guild_id=1,
                channel_id=channel,
                host_id=1000 + channel,
                host_name="host",
                options={},
            )
            for seat in range(seats - 1):
                await repo.add_ai(lobby.id, "random", f"bot{seat}")
            ids.append((await repo.start(lobby.id, seed=channel)).id)
        barrier.wait()  # every process set up: play together
        latencies: list[float] = []
        profiler = cProfile.Profile(time.process_time) if profile else None  # CPU, not waiting
        started, cpu = time.monotonic(), time.process_time()
        if profiler is not None:
            profiler.enable()
        played = await asyncio.gather(*(play_one(repo, i, random.Random(i), latencies) for i in ids))
        if profiler is not None:
            profiler.disable()
        ended, cpu = time.monotonic(), time.process_time() - cpu
        barrier.wait()  # played: the parent reads the server's CPU …
        barrier.wait()  # … while every connection is still open
        parts = None if profiler is None else cpu_by_part(profiler)
        return WorkerResult(sum(played), latencies, started, ended, cpu, parts)
    finally:
        await repo.close()


def worker(url: str, index: int, games: int, seats: int, barrier: Any, results: Any, profile: bool) -> None:
    results.put((index, asyncio.run(work(url, index, games, seats, barrier, profile))))


class Postgres:
    """The server PostgreSQL runs go to: given, or a throwaway one."""

    def __init__(self, url: str | None) -> None:
        self._server: Any = None
        self._folder: Path | None = None
        if url is None:
            import pgserver.postgres_server as pgserver

            self._folder = Path(tempfile.mkdtemp(prefix="tavern-bench-pg-"))
            self._server = pgserver.get_server(self._folder / "data", cleanup_mode="delete")
            url = self._server.get_uri()
        self.url = url
        self._count = 0

    @property
    def pid(self) -> int | None:
        return None if self._server is None else int(self._server.get_pid())

    def new_database(self) -> str:
        self._count += 1
        name = f"tavern_bench_{os.getpid()}_{self._count}"
        asyncio.run(self._admin(f'CREATE DATABASE "{name}"'))
        parts = urlsplit(self.url)
        return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))

    async def settings(self) -> str:
        import asyncpg

        conn = await asyncpg.connect(self.url)
        try:
            names = ("server_version", "fsync", "synchronous_commit", "shared_buffers", "max_connections")
            values = [await conn.fetchval(f"SHOW {name}") for name in names]
        finally:
            await conn.close()
        return "; ".join(f"{n} = {v}" for n, v in zip(names, values, strict=True))

    async def work_done(self, database: str) -> dict[str, float]:
        """The server's counters of the work it did so far: in ``database`` (transactions, rows)
        and over the server (its write-ahead log; the benchmark's server serves nothing else)."""
        import asyncpg

        conn = await asyncpg.connect(self.url)
        try:
            db = await conn.fetchrow(
                "SELECT xact_commit, tup_inserted, tup_updated, tup_deleted FROM pg_stat_database"
                " WHERE datname = $1",
                database,
            )
            wal = await conn.fetchrow("SELECT wal_records, wal_bytes, wal_sync FROM pg_stat_wal")
        finally:
            await conn.close()
        assert db is not None and wal is not None
        return {**{k: float(v) for k, v in db.items()}, **{k: float(v) for k, v in wal.items()}}

    async def hot_updates(self, url: str) -> tuple[float, float]:
        """Updates of the games table, and how many of them were HOT (no index entry written)."""
        import asyncpg

        conn = await asyncpg.connect(url)
        try:
            row = await conn.fetchrow(
                "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = 'games'"
            )
        finally:
            await conn.close()
        assert row is not None
        return float(row[0]), float(row[1])

    async def _admin(self, sql: str) -> None:
        import asyncpg

        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    def close(self) -> None:
        if self._server is not None:
            self._server.cleanup()
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)


AUXILIARY = ("walwriter", "checkpointer", "background", "autovacuum", "logical")
"""PostgreSQL's own processes, by the first word of their title; the others serve connections."""


@dataclass(frozen=True, slots=True)
class ServerProcess:
    kind: str
    """``postmaster``, a name of ``AUXILIARY``, or ``backends`` (one per connection)."""
    user: float
    system: float
    """CPU seconds so far, in PostgreSQL itself and in the kernel on its behalf."""


def server_cpu(pid: int) -> dict[int, ServerProcess]:
    """The server process ``pid`` and each of its children, by process id."""
    ticks = os.sysconf("SC_CLK_TCK")
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            title = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # gone meanwhile
            continue
        if int(entry.name) == pid or int(fields[1]) == pid:  # fields: state, ppid, …, utime at 11
            name = title.removeprefix("postgres: ").split(" ", 1)[0] if title.startswith("postgres: ") else ""
            kind = "postmaster" if not name else name if name in AUXILIARY else "backends"
            found[int(entry.name)] = ServerProcess(kind, int(fields[11]) / ticks, int(fields[12]) / ticks)
    return found


def server_cpu_by_kind(
    before: dict[int, ServerProcess], after: dict[int, ServerProcess]
) -> dict[str, tuple[float, float]]:
    """CPU seconds (user, system) the server used in between, by kind of process, counting the
    processes still there at the end (a backend started in between counts from zero)."""
    used: dict[str, tuple[float, float]] = {}
    for pid, now in after.items():
        then = before.get(pid, ServerProcess(now.kind, 0.0, 0.0))
        user, system = used.get(now.kind, (0.0, 0.0))
        used[now.kind] = (user + now.user - then.user, system + now.system - then.system)
    return used


async def stored_and_verified(url: str) -> tuple[int, int]:
    repo = await open_repository(url)
    try:
        async with repo.database.transaction(write=False) as conn:
            row = await conn.fetch_one("SELECT COUNT(*) FROM moves")
        assert row is not None
        return int(row[0]), len(await repo.verify())
    finally:
        await repo.close()


def run(
    backend: str,
    processes: int,
    games: int,
    seats: int,
    postgres: Postgres | None,
    folder: Path,
    *,
    profile: bool = False,
) -> RunResult:
    if backend == "sqlite":  # a new file for every run
        url = f"sqlite:///{folder / f'bench-{time.monotonic_ns()}.db'}"
    else:
        assert postgres is not None
        url = postgres.new_database()
    asyncio.run(stored_and_verified(url))  # create and migrate before the processes start
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(processes + 1)
    results = context.Queue()
    workers = [
        context.Process(target=worker, args=(url, index, games, seats, barrier, results, profile))
        for index in range(processes)
    ]
    for process in workers:
        process.start()
    pid = None if postgres is None or backend != "postgresql" else postgres.pid
    counting = postgres is not None and backend == "postgresql"
    database = urlsplit(url).path.lstrip("/")
    barrier.wait()
    server_before = None if pid is None else server_cpu(pid)
    work_before = asyncio.run(postgres.work_done(database)) if counting and postgres else None
    hot_before = asyncio.run(postgres.hot_updates(url)) if counting and postgres else None
    barrier.wait()
    server_kinds = (
        None if pid is None or server_before is None else server_cpu_by_kind(server_before, server_cpu(pid))
    )
    server_used = (
        None if server_kinds is None else sum(user + system for user, system in server_kinds.values())
    )
    barrier.wait()
    done = sorted((results.get() for _ in workers), key=lambda pair: pair[0])
    for process in workers:
        process.join()
        if process.exitcode != 0:
            raise SystemExit(f"a {backend} worker failed with exit code {process.exitcode}")
    server_work = None
    if postgres is not None and work_before is not None and hot_before is not None:
        # A backend hands its statistics in at the latest when it exits: every connection of the
        # workers has closed by now (the verify below opens new ones).
        time.sleep(0.5)
        after = asyncio.run(postgres.work_done(database))
        server_work = {k: after[k] - work_before[k] for k in after}
        updates, hot = asyncio.run(postgres.hot_updates(url))
        server_work["games_updates"] = updates - hot_before[0]
        server_work["games_hot"] = hot - hot_before[1]
        for kind, (user, system) in (server_kinds or {}).items():
            server_work[f"cpu {kind} user"], server_work[f"cpu {kind} system"] = user, system
    stored, mismatches = asyncio.run(stored_and_verified(url))
    return RunResult(
        backend, processes, games, [r for _, r in done], server_used, stored, mismatches, server_work
    )


def percentile(values: list[float], share: float) -> float:
    return statistics.quantiles(values, n=1000, method="inclusive")[round(share * 1000) - 1]


def report(result: RunResult) -> str:
    latencies = [x for w in result.workers for x in w.latencies]
    shares = " ".join(f"{w.cpu / (w.ended - w.started):.0%}" for w in result.workers)
    client_ms = sum(w.cpu for w in result.workers) / result.moves * 1000
    server = "-" if result.server_cpu is None else f"{result.server_cpu / result.elapsed:.0%}"
    server_ms = "-" if result.server_cpu is None else f"{result.server_cpu / result.moves * 1000:.2f}"
    lost = result.moves - result.stored
    check = f"{result.mismatches} mismatches, {lost} lost"
    p50, p99 = (percentile(latencies, share) * 1000 for share in (0.5, 0.99))
    return (
        f"| {result.backend} | {result.processes} | {result.games * result.processes} | {result.moves:,} "
        f"| {result.rate:,.0f} | {p50:.1f} | {p99:.1f} | {shares} | {server} | {client_ms:.2f} | {server_ms} "
        f"| {check} |"
    )


def profile_report(result: RunResult) -> str:
    """Where a move's CPU went in the client processes, and what the server did per move."""
    moves = result.moves
    lines = [f"per move, {result.backend} with {result.processes} process(es), {moves:,} moves:"]
    totals: dict[str, float] = {}
    for w in result.workers:
        for part, seconds in (w.parts or {}).items():
            totals[part] = totals.get(part, 0.0) + seconds
    profiled = sum(totals.values())
    if profiled:
        shown = ", ".join(
            f"{part} {seconds / moves * 1000:.3f} ms ({seconds / profiled:.0%})"
            for part, seconds in sorted(totals.items(), key=lambda item: -item[1])
        )
        lines.append(f"  client CPU by part (under cProfile, which slows it): {shown}")
    work = result.server_work
    if work is not None:
        updates = work["games_updates"]
        lines.append(
            f"  server: {work['xact_commit'] / moves:.2f} transactions committed,"
            f" {work['tup_inserted'] / moves:.2f} rows inserted, {work['tup_updated'] / moves:.2f} updated,"
            f" {work['tup_deleted'] / moves:.2f} deleted;"
            f" HOT game row updates {work['games_hot'] / updates if updates else 0:.0%}"
        )
        lines.append(
            f"  write-ahead log: {work['wal_records'] / moves:.1f} records,"
            f" {work['wal_bytes'] / moves:,.0f} bytes,"
            f" {work['wal_sync'] / moves:.3f} flushes (fsync) per move:"
            f" {moves / work['wal_sync'] if work['wal_sync'] else 0:.1f} moves per flush"
        )
        kinds = sorted({key.split(" ")[1] for key in work if key.startswith("cpu ")})
        spent = [
            (kind, work[f"cpu {kind} user"] / moves * 1e6, work[f"cpu {kind} system"] / moves * 1e6)
            for kind in kinds
        ]
        shown = ", ".join(
            f"{kind} {user:.0f} + {system:.0f}"
            for kind, user, system in sorted(spent, key=lambda k: -k[1] - k[2])
        )
        lines.append(f"  server CPU µs per move by process, PostgreSQL + kernel: {shown}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("sqlite", "postgresql"))
    parser.add_argument("--processes", type=int, help="bot processes sharing the database (default 1)")
    parser.add_argument("--games", type=int, default=100, help="concurrent games per process")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--postgres-url", help="a server whose user may create databases")
    parser.add_argument(
        "--profile", action="store_true", help="also show where a move's CPU and I/O go (see above)"
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="run the configurations this many times, one after the other each round (a shared machine"
        " is noisy): every run is a row, and the gain is the median of the rounds'",
    )
    args = parser.parse_args()
    if args.backend is None and args.processes is None:
        runs: tuple[tuple[str, int], ...] = DEFAULT_RUNS
    else:
        runs = ((args.backend or "sqlite", args.processes or 1),)
    if any(backend == "sqlite" and processes != 1 for backend, processes in runs):
        parser.error("SQLite is one process's file: --processes applies to postgresql")
    postgres = Postgres(args.postgres_url) if any(b == "postgresql" for b, _ in runs) else None
    try:
        print(
            f"{os.cpu_count()} cores; {args.games} concurrent Pickomino games per process, {args.seats} seats"
        )
        print(f"sqlite: {'; '.join(p.removeprefix('PRAGMA ') for p in PRAGMAS)}")
        if postgres is not None:
            print(f"postgresql: {asyncio.run(postgres.settings())}")
        print()
        print(HEADER)
        print("|---" * HEADER.count(" | ") + "|---|")
        results = []
        gains = []
        with tempfile.TemporaryDirectory() as folder:
            for _ in range(args.rounds):
                rates = {}
                for backend, processes in runs:
                    result = run(
                        backend,
                        processes,
                        args.games,
                        args.seats,
                        postgres,
                        Path(folder),
                        profile=args.profile,
                    )
                    results.append(result)
                    rates[(backend, processes)] = result.rate
                    print(report(result), flush=True)
                if ("postgresql", 1) in rates and ("postgresql", 2) in rates:
                    gains.append(rates[("postgresql", 2)] / rates[("postgresql", 1)])
        for result in results:
            if result.server_work is not None or args.profile:
                print(f"\n{profile_report(result)}")
        if gains:
            shown = ", ".join(f"{gain:.2f}×" for gain in gains)
            print(
                f"\nPostgreSQL, 2 processes against 1: {statistics.median(gains):.2f}× the moves per second"
                + (f" (median of {shown})" if len(gains) > 1 else "")
            )
    finally:
        if postgres is not None:
            postgres.close()


if __name__ == "__main__":
    main()
