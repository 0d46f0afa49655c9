"""The SQLite backend (the standard library's ``sqlite3``): one file, one connection that
writes and a few that read.

Writes take turns on the writing connection: each write transaction holds an ``asyncio.Lock``
from ``BEGIN IMMEDIATE`` to ``COMMIT``, so coroutines never interleave inside one, and the file's
write lock serialises a second process on the same file (``python -m storage verify``, a second
bot) too. The short reads a move and its follow-up make (a game, its deadlines, its pings) take
their turn on that connection too. Reads whose cost grows with the history stored, or that run
long (``aside``: a leaderboard, a player's statistics, a game's log, ``verify``, a copy), run on
the reading connections (``READERS``) instead: in WAL mode a reader sees the last commit without
waiting for the writer, and the writer never waits for a reader, so none of them holds up a
move. Every read on the reading connections was measured to cost the bot far more: with 100
games at once (``python bench/bot.py``) a click was acknowledged in about 14 ms at the median
with the short reads on the writing connection, and in about 175 ms with every read on the
reading connections. A database in memory has only its one connection, which then reads too,
under the same lock.

Each connection lives on a thread of its own (``Worker``), and every call into it is a
hand-off to that thread and back. ``SqliteDatabase.run`` makes a whole transaction one hand-off:
its work runs in the connection's thread against the plain ``sqlite3`` connection
(``ThreadConnection``), from ``BEGIN`` to ``COMMIT``; a move is stored that way. (The backend
used aiosqlite until it needed this one hand-off, which aiosqlite offers only through private
names; ``Worker`` is the little of it that is needed, on public ``asyncio`` and ``sqlite3``.)

Another program holding the file's lock (a second bot, an ``sqlite3`` shell inside a
transaction) makes a statement wait ``BUSY_TIMEOUT_MS`` and then fail as "locked"; opening the
file waits that long once (``WAL_SWITCH_TRIES``), then says so in one line.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

from storage.database import Connection, Database, Row, Work
from storage.errors import ConstraintViolation, DatabaseUnavailable
from storage.url import SqliteLocation

BUSY_TIMEOUT_MS = 5000
"""How long a write waits for another process's write to finish before failing."""

# Durability. WAL with synchronous=NORMAL: a commit appends to the write-ahead log without an
# fsync; the log is synced at checkpoints. A killed bot process (crash, OOM, SIGKILL) loses
# nothing that was committed, because the bytes are already in the OS; only a power cut or
# kernel crash can lose the last few moves, and even then the database stays consistent
# (each move is whole or absent). FULL would fsync on every move — one disk flush per click,
# the bottleneck for many concurrent games — to protect against power loss only, which
# a chat game can afford: the players see the board message and redo a move.
PRAGMAS = (
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}",
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
)
READERS = 2
"""Reading connections per process (each its own thread): one long read (``verify``, a copy)
still leaves one for the bot's reads."""
READER_PRAGMAS = (f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}", "PRAGMA query_only = ON")
WAL_SWITCH_PAUSE = 0.05
"""Switching a file to WAL needs it to itself and SQLite answers "locked" at once, without
waiting out busy_timeout, when another program opens the same new file at that moment: such an
answer is tried again after this pause."""
WAL_SWITCH_TRIES = 50
"""At most this many quick "locked" answers to a statement of the opening, 2.5 s in all. An
answer that took a while has waited out busy_timeout: the lock it met is held for real (another
program inside a transaction), and the opening gives up at once with one line, instead of
waiting busy_timeout once per try (50 tries of 5 s made minutes). So opening a locked file
takes about ``BUSY_TIMEOUT_MS``, never more than twice that."""
QUICK_ANSWER = 1.0
"""Seconds within which a "locked" answer counts as SQLite's immediate one."""

RESTORE = "restore it from a backup, or move it away to start with an empty database"
PROBLEMS = {
    # SQLite's primary error name → what is wrong with the file, and what to do.
    "SQLITE_NOTADB": ("is not an SQLite database", RESTORE),
    "SQLITE_CORRUPT": ("is damaged", RESTORE),
    "SQLITE_READONLY": ("cannot be written", "give the bot's user write access to the file and its folder"),
    "SQLITE_CANTOPEN": (
        "cannot be opened",
        "make sure the bot's user may read and write the file and write in its folder",
    ),
    "SQLITE_IOERR": ("cannot be read or written", "check the disk and the file's permissions"),
    "SQLITE_FULL": ("cannot grow", "free some disk space"),
    "SQLITE_BUSY": (
        "is locked by another program",
        "stop the program that holds it (another bot on the same file, an sqlite3 shell inside a"
        " transaction) or wait for it to finish, then try again",
    ),
}
"""Anything else: "cannot be used", with SQLite's own words."""


T = TypeVar("T")


class Worker:
    """One plain ``sqlite3`` connection and the one thread it lives on (SQLite's connections
    are used from the thread that made them). ``call`` hands a function of the connection to
    that thread and returns what it returns: one hand-off. Calls run in the order they were
    made, one at a time."""

    def __init__(self, executor: ThreadPoolExecutor, raw: sqlite3.Connection) -> None:
        self._executor = executor
        self._raw = raw

    @classmethod
    async def open(cls, path: str) -> Worker:
        """The connection, made on its thread; on failure the thread is ended before the error
        is raised, so nothing of it outlives the caller's event loop."""
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tavern-sqlite")

        def connect() -> sqlite3.Connection:
            # isolation_level=None: the backend issues BEGIN/COMMIT itself.
            raw = sqlite3.connect(path, isolation_level=None)
            raw.row_factory = sqlite3.Row
            return raw

        try:
            raw = await asyncio.get_running_loop().run_in_executor(executor, connect)
        except BaseException:
            executor.shutdown()  # the thread is idle: ends at once
            raise
        return cls(executor, raw)

    async def call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, self._raw)

    async def close(self) -> None:
        """Close the connection and end its thread (after the calls already handed to it)."""
        try:
            await self.call(sqlite3.Connection.close)
        except BaseException:
            self._executor.shutdown(wait=False)  # still busy (cancelled): ends after its call
            raise
        # Joins a thread that has nothing left to do: it ends at once. A thread left behind
        # could outlive the event loop and fail when it hands back its last answer.
        self._executor.shutdown()


def _fetch(raw: sqlite3.Connection, sql: str, params: Sequence[Any]) -> list[Row]:
    cursor = raw.execute(sql, params)
    try:
        return list(cursor.fetchall())
    finally:
        cursor.close()


def _execute(raw: sqlite3.Connection, sql: str, params: Sequence[Any] = ()) -> int:
    # The cursor is closed at once: one left open (journal_mode answers with a row) would make
    # the next COMMIT fail ("SQL statements in progress").
    cursor = raw.execute(sql, params)
    try:
        return cursor.rowcount
    finally:
        cursor.close()


NOW = "((julianday('now') - 2440587.5) * 86400.0)"
"""The machine's clock in Unix seconds, to the millisecond, as SQLite reads it: the same value
for every row one statement visits. ``julianday`` rather than ``unixepoch('subsec')``, which
needs SQLite 3.42, newer than many a Python's ``sqlite3`` links (3.40.1 when this was written),
and rather than ``unixepoch()`` (3.38), which drops the fraction of the second."""


class SqliteConnection(Connection):
    """A transaction's connection one statement at a time, each a hand-off to its thread."""

    for_update = ""  # a write transaction already holds the file's write lock
    now = NOW

    def __init__(self, worker: Worker) -> None:
        self._worker = worker

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._worker.call(lambda raw: _fetch(raw, sql, params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await self._worker.call(lambda raw: _execute(raw, sql, params))

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._worker.call(lambda raw: raw.executemany(sql, rows).close())


class ThreadConnection(Connection):
    """The plain ``sqlite3`` connection, used from its own thread inside ``SqliteDatabase.run``:
    each statement runs at once, so the work's coroutine never suspends."""

    for_update = ""
    now = NOW

    def __init__(self, raw: sqlite3.Connection) -> None:
        self._raw = raw

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return _fetch(self._raw, sql, params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _execute(self._raw, sql, params)

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._raw.executemany(sql, rows).close()


def finish(work: Coroutine[Any, Any, T]) -> T:
    """Run to its end a coroutine that awaits only ``ThreadConnection`` calls, which never
    suspend: it returns (or raises) at its first step."""
    try:
        work.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    work.close()
    raise RuntimeError("a transaction's work awaited something other than its connection")


def transact(raw: sqlite3.Connection, work: Work[T], begin: str | None) -> T:
    """``work`` from ``begin`` to ``COMMIT`` on ``raw`` (in its thread), rolled back if it raises;
    without ``begin``, its one statement commits by itself."""
    if begin is None:
        return finish(work(ThreadConnection(raw)))
    _execute(raw, begin)
    try:
        result = finish(work(ThreadConnection(raw)))
        raw.commit()
    except BaseException:
        raw.rollback()
        raise
    return result


class SqliteDatabase(Database):
    backend = "sqlite"

    def __init__(
        self, db: Worker, location: SqliteLocation, readers: Sequence[Worker] = ()
    ) -> None:
        super().__init__(location)
        self._db = db
        self._connection = SqliteConnection(db)
        self._lock = asyncio.Lock()
        self._readers = tuple(readers)
        self._idle: asyncio.Queue[Worker] = asyncio.Queue()
        for reader in self._readers:
            self._idle.put_nowait(reader)
        self.file = location

    @asynccontextmanager
    async def transaction(
        self, *, write: bool, single: bool = False, aside: bool = False
    ) -> AsyncIterator[Connection]:
        # ``single``: a read of one statement needs no BEGIN and COMMIT (two hand-offs). A write
        # always has them: ``update_then_insert`` is two statements here.
        if write or not aside or not self._readers:
            async with self._lock:
                begin = "BEGIN IMMEDIATE" if write else None if single else "BEGIN"
                async with _transaction(self._db, begin) as conn:
                    yield conn
            return
        reader = await self._idle.get()
        try:
            async with _transaction(reader, None if single else "BEGIN") as conn:
                yield conn
        finally:
            self._idle.put_nowait(reader)

    async def run(self, work: Work[T], *, write: bool, single: bool = False, aside: bool = False) -> T:
        """``work`` whole in a connection's thread: one hand-off (see the module docstring)."""
        begin = "BEGIN IMMEDIATE" if write else None if single else "BEGIN"
        try:
            if write or not aside or not self._readers:
                async with self._lock:
                    return await self._db.call(lambda raw: transact(raw, work, begin))
            reader = await self._idle.get()
            try:
                return await reader.call(lambda raw: transact(raw, work, begin))
            finally:
                self._idle.put_nowait(reader)
        except sqlite3.IntegrityError as exc:
            raise ConstraintViolation(str(exc)) from exc

    def migration_step(self) -> AbstractAsyncContextManager[Connection]:
        # BEGIN IMMEDIATE takes the file's write lock: another process migrating the same
        # file waits, then finds the step done.
        return self.transaction(write=True)

    async def schema_version(self, conn: Connection) -> int:
        row = await conn.fetch_one("PRAGMA user_version")
        assert row is not None
        return int(row[0])

    async def set_schema_version(self, conn: Connection, version: int) -> None:
        # PRAGMA user_version is transactional: it commits with the step or not at all.
        await conn.execute(f"PRAGMA user_version = {version:d}")

    async def check_writable(self) -> None:
        """Rewrite the header's user_version with its own value and roll back: the smallest
        write SQLite makes, refused at once by a file or folder that cannot be written."""
        if self.file.in_memory:
            return
        try:
            async with self._lock:
                await self._connection.execute("BEGIN IMMEDIATE")
                try:
                    version = await self.schema_version(self._connection)
                    await self._connection.execute(f"PRAGMA user_version = {version:d}")
                finally:
                    await self._db.call(sqlite3.Connection.rollback)
        except sqlite3.Error as exc:
            raise unusable(self.file, exc) from exc

    async def after_copy(self, conn: Connection) -> None:
        """Nothing to do: a new game takes the id after the largest one stored."""

    def unusable(self, exc: BaseException) -> DatabaseUnavailable | None:
        # Only what says the file itself is wrong; a mistake in a statement stays what it is.
        if isinstance(exc, sqlite3.Error) and primary_error(exc) in PROBLEMS:
            return unusable(self.file, exc)
        return None

    @property
    def pool(self) -> str:
        if not self._readers:
            return "one connection"
        return f"one writing connection and {len(self._readers)} reading"

    async def close(self) -> None:
        for reader in self._readers:
            await reader.close()
        async with self._lock:
            await self._db.close()


@asynccontextmanager
async def _transaction(db: Worker, begin: str | None) -> AsyncIterator[Connection]:
    """A transaction on ``db``, one statement at a time (each a hand-off to its thread); without
    ``begin``, one statement that commits by itself."""
    connection = SqliteConnection(db)
    if begin is None:
        try:
            yield connection
        except sqlite3.IntegrityError as exc:
            raise ConstraintViolation(str(exc)) from exc
        return
    await connection.execute(begin)
    try:
        yield connection
    except sqlite3.IntegrityError as exc:
        await db.call(sqlite3.Connection.rollback)
        raise ConstraintViolation(str(exc)) from exc
    except BaseException:
        await db.call(sqlite3.Connection.rollback)
        raise
    await db.call(sqlite3.Connection.commit)


async def open_sqlite(location: SqliteLocation) -> SqliteDatabase:
    """Open (creating if needed) the file; ``DatabaseUnavailable`` naming it and what to do
    when it cannot be used. Nothing is left open when it cannot: every connection made is
    closed, and its thread ended, before the error is raised."""
    try:
        location.ensure_folder()
    except OSError as exc:
        folder = Path(location.shown).parent
        raise DatabaseUnavailable(
            f"cannot create the folder {folder} for the database ({exc.strerror or exc}): "
            "create it, or set DATABASE_URL to a place the bot may write",
            path=location.shown,
        ) from exc
    if not location.in_memory and Path(location.path).is_dir():
        raise DatabaseUnavailable(
            f"the database file {location.shown} is a folder: move it away, or set DATABASE_URL"
            " to a file in it",
            path=location.shown,
        )
    opened: list[Worker] = []
    try:
        db = await _open_connection(location, PRAGMAS)
        opened.append(db)
        if not location.in_memory:  # a second connection to :memory: would be another database
            for _ in range(READERS):
                opened.append(await _open_connection(location, READER_PRAGMAS))
    except BaseException as exc:
        for worker in reversed(opened):
            await worker.close()
        if isinstance(exc, sqlite3.Error):
            raise unusable(location, exc) from exc
        raise
    return SqliteDatabase(db, location, opened[1:])


async def _open_connection(location: SqliteLocation, pragmas: Sequence[str]) -> Worker:
    worker = await Worker.open(location.path)
    try:
        for pragma in pragmas:
            await _run_pragma(worker, pragma)
    except BaseException:
        await worker.close()
        raise
    return worker


async def _run_pragma(db: Worker, pragma: str) -> None:
    for attempt in range(WAL_SWITCH_TRIES):
        began = time.monotonic()
        try:
            await db.call(lambda raw: _execute(raw, pragma))
            return
        except sqlite3.OperationalError as exc:
            quick = time.monotonic() - began < QUICK_ANSWER
            if "locked" not in str(exc) or not quick or attempt == WAL_SWITCH_TRIES - 1:
                raise
            await asyncio.sleep(WAL_SWITCH_PAUSE)


def primary_error(exc: sqlite3.Error) -> str:
    """SQLite's primary error name: ``SQLITE_IOERR_SHORT_READ`` → ``SQLITE_IOERR``."""
    return "_".join(getattr(exc, "sqlite_errorname", "").split("_")[:2])


def unusable(location: SqliteLocation, exc: sqlite3.Error) -> DatabaseUnavailable:
    """One line naming the file, what SQLite found and what to do about it."""
    what, advice = PROBLEMS.get(primary_error(exc), ("cannot be used", "see SQLite's message"))
    return DatabaseUnavailable(
        f"the database file {location.shown} {what} (SQLite: {exc}): {advice}", path=location.shown
    )
