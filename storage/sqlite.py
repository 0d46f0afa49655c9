"""The SQLite backend (aiosqlite): one file, one connection that writes and a few that read.

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

Each aiosqlite connection has its own thread, and every call into it is a hand-off to that
thread and back. ``SqliteDatabase.run`` makes a whole transaction one hand-off: its work runs in
the connection's thread against the plain ``sqlite3`` connection (``ThreadConnection``), from
``BEGIN`` to ``COMMIT``; a move is stored that way.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

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
WAL_SWITCH_TRIES = 50
WAL_SWITCH_PAUSE = 0.05
"""Switching a file to WAL needs it to itself and SQLite answers "locked" at once, without
waiting out busy_timeout, when another program opens the same new file at that moment."""

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
}
"""Anything else: "cannot be used", with SQLite's own words."""


class SqliteConnection(Connection):
    for_update = ""  # a write transaction already holds the file's write lock

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    # execute_fetchall makes a query one hop to the connection's thread instead of three
    # (execute, fetch, close), which is most of the cost of a move.
    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._db.execute_fetchall(sql, params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self._db.execute(sql, params)
        return cursor.rowcount

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._db.executemany(sql, rows)


class ThreadConnection(Connection):
    """The plain ``sqlite3`` connection, used from its own thread inside ``SqliteDatabase.run``:
    each statement runs at once, so the work's coroutine never suspends."""

    for_update = ""

    def __init__(self, raw: sqlite3.Connection) -> None:
        self._raw = raw

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        cursor = self._raw.execute(sql, params)
        try:
            return list(cursor.fetchall())
        finally:
            cursor.close()

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = self._raw.execute(sql, params)
        try:
            return cursor.rowcount
        finally:
            cursor.close()

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._raw.executemany(sql, rows).close()


T = TypeVar("T")


def finish(work: Coroutine[Any, Any, T]) -> T:
    """Run to its end a coroutine that awaits only ``ThreadConnection`` calls, which never
    suspend: it returns (or raises) at its first step."""
    try:
        work.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    work.close()
    raise RuntimeError("a transaction's work awaited something other than its connection")


async def in_thread(db: aiosqlite.Connection, call: Callable[[sqlite3.Connection], T]) -> T:
    """``call`` on the plain connection, in the aiosqlite connection's thread, queued after the
    calls already handed to it: one hand-off. (aiosqlite's own methods are each one such call;
    it names this step ``_execute`` and has no public spelling of it.)"""

    def on_connection() -> T:
        return call(db._conn)

    return cast(T, await db._execute(on_connection))  # type: ignore[no-untyped-call]


def transact(raw: sqlite3.Connection, work: Work[T], begin: str | None) -> T:
    """``work`` from ``begin`` to ``COMMIT`` on ``raw`` (in its thread), rolled back if it raises;
    without ``begin``, its one statement commits by itself."""
    if begin is None:
        return finish(work(ThreadConnection(raw)))
    raw.execute(begin)
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
        self, db: aiosqlite.Connection, location: SqliteLocation, readers: Sequence[aiosqlite.Connection] = ()
    ) -> None:
        super().__init__(location)
        self._db = db
        self._connection = SqliteConnection(db)
        self._lock = asyncio.Lock()
        self._readers = tuple(readers)
        self._idle: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
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
                    return await in_thread(self._db, lambda raw: transact(raw, work, begin))
            reader = await self._idle.get()
            try:
                return await in_thread(reader, lambda raw: transact(raw, work, begin))
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
                await self._db.execute("BEGIN IMMEDIATE")
                try:
                    version = await self.schema_version(self._connection)
                    await self._connection.execute(f"PRAGMA user_version = {version:d}")
                finally:
                    await self._db.rollback()
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
async def _transaction(db: aiosqlite.Connection, begin: str | None) -> AsyncIterator[Connection]:
    """A transaction on ``db``, one statement at a time (each a hand-off to its thread); without
    ``begin``, one statement that commits by itself."""
    connection = SqliteConnection(db)
    if begin is None:
        try:
            yield connection
        except sqlite3.IntegrityError as exc:
            raise ConstraintViolation(str(exc)) from exc
        return
    await db.execute(begin)
    try:
        yield connection
    except sqlite3.IntegrityError as exc:
        await db.rollback()
        raise ConstraintViolation(str(exc)) from exc
    except BaseException:
        await db.rollback()
        raise
    await db.commit()


async def open_sqlite(location: SqliteLocation) -> SqliteDatabase:
    """Open (creating if needed) the file; ``DatabaseUnavailable`` naming it and what to do
    when it cannot be used."""
    try:
        location.ensure_folder()
    except OSError as exc:
        folder = Path(location.shown).parent
        raise DatabaseUnavailable(
            f"cannot create the folder {folder} for the database ({exc.strerror or exc}): "
            "create it, or set DATABASE_URL to a place the bot may write",
            path=location.shown,
        ) from exc
    try:
        # isolation_level=None: the backend issues BEGIN/COMMIT itself.
        db = await aiosqlite.connect(location.path, isolation_level=None)
    except sqlite3.Error as exc:
        raise unusable(location, exc) from exc
    try:
        db.row_factory = sqlite3.Row
        for pragma in PRAGMAS:
            await _run_pragma(db, pragma)
    except sqlite3.Error as exc:
        await db.close()
        raise unusable(location, exc) from exc
    except BaseException:
        await db.close()
        raise
    readers: list[aiosqlite.Connection] = []
    try:
        if not location.in_memory:  # a second connection to :memory: would be another database
            for _ in range(READERS):
                readers.append(await _open_reader(location))
    except BaseException as exc:
        for reader in readers:
            await reader.close()
        await db.close()
        if isinstance(exc, sqlite3.Error):
            raise unusable(location, exc) from exc
        raise
    return SqliteDatabase(db, location, readers)


async def _open_reader(location: SqliteLocation) -> aiosqlite.Connection:
    reader = await aiosqlite.connect(location.path, isolation_level=None)
    try:
        reader.row_factory = sqlite3.Row
        for pragma in READER_PRAGMAS:
            await _run_pragma(reader, pragma)
    except BaseException:
        await reader.close()
        raise
    return reader


async def _run_pragma(db: aiosqlite.Connection, pragma: str) -> None:
    for attempt in range(WAL_SWITCH_TRIES):
        try:
            # Close the cursor at once: journal_mode answers with a row, and a cursor left
            # open would make the first migration's COMMIT fail ("SQL statements in progress").
            async with db.execute(pragma):
                return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == WAL_SWITCH_TRIES - 1:
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
