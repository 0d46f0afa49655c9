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

SQLite is a file in a temporary folder with the bot's settings (WAL, synchronous=NORMAL).
PostgreSQL is the server ``--postgres-url`` names (its user may create databases; each
configuration gets a new database), else a throwaway server started by ``pgserver`` (a dev
dependency) in a temporary folder, with PostgreSQL's default durability (fsync on,
synchronous_commit on: every commit is flushed to disk).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
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


@dataclass(frozen=True, slots=True)
class RunResult:
    backend: str
    processes: int
    games: int
    workers: list[WorkerResult]
    server_cpu: float | None
    stored: int
    mismatches: int

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


async def work(url: str, index: int, games: int, seats: int, barrier: Any) -> WorkerResult:
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
        started, cpu = time.monotonic(), time.process_time()
        played = await asyncio.gather(*(play_one(repo, i, random.Random(i), latencies) for i in ids))
        ended, cpu = time.monotonic(), time.process_time() - cpu
        barrier.wait()  # played: the parent reads the server's CPU …
        barrier.wait()  # … while every connection is still open
        return WorkerResult(sum(played), latencies, started, ended, cpu)
    finally:
        await repo.close()


def worker(url: str, index: int, games: int, seats: int, barrier: Any, results: Any) -> None:
    results.put((index, asyncio.run(work(url, index, games, seats, barrier))))


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


def server_cpu(pid: int) -> dict[int, float]:
    """CPU seconds used so far by the server process ``pid`` and each of its children (the
    backends, one per connection), by process id."""
    ticks = os.sysconf("SC_CLK_TCK")
    used = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(entry.name) == pid or int(fields[1]) == pid:  # fields: state, ppid, …, utime at 11
            used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / ticks
    return used


def server_cpu_between(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds the server used in between, by the processes still there at the end (a
    backend started in between counts from zero)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


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
    backend: str, processes: int, games: int, seats: int, postgres: Postgres | None, folder: Path
) -> RunResult:
    if backend == "sqlite":
        url = f"sqlite:///{folder / f'bench-{processes}.db'}"
    else:
        assert postgres is not None
        url = postgres.new_database()
    asyncio.run(stored_and_verified(url))  # create and migrate before the processes start
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(processes + 1)
    results = context.Queue()
    workers = [
        context.Process(target=worker, args=(url, index, games, seats, barrier, results))
        for index in range(processes)
    ]
    for process in workers:
        process.start()
    pid = None if postgres is None or backend != "postgresql" else postgres.pid
    barrier.wait()
    server_before = None if pid is None else server_cpu(pid)
    barrier.wait()
    server_used = (
        None if pid is None or server_before is None else server_cpu_between(server_before, server_cpu(pid))
    )
    barrier.wait()
    done = sorted((results.get() for _ in workers), key=lambda pair: pair[0])
    for process in workers:
        process.join()
        if process.exitcode != 0:
            raise SystemExit(f"a {backend} worker failed with exit code {process.exitcode}")
    stored, mismatches = asyncio.run(stored_and_verified(url))
    return RunResult(backend, processes, games, [r for _, r in done], server_used, stored, mismatches)


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


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("sqlite", "postgresql"))
    parser.add_argument("--processes", type=int, help="bot processes sharing the database (default 1)")
    parser.add_argument("--games", type=int, default=100, help="concurrent games per process")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--postgres-url", help="a server whose user may create databases")
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
        with tempfile.TemporaryDirectory() as folder:
            for backend, processes in runs:
                result = run(backend, processes, args.games, args.seats, postgres, Path(folder))
                results.append(result)
                print(report(result), flush=True)
        rates = {(r.backend, r.processes): r.rate for r in results}
        if ("postgresql", 1) in rates and ("postgresql", 2) in rates:
            gain = rates[("postgresql", 2)] / rates[("postgresql", 1)]
            print(f"\nPostgreSQL, 2 processes against 1: {gain:.2f}× the moves per second")
    finally:
        if postgres is not None:
            postgres.close()


if __name__ == "__main__":
    main()
