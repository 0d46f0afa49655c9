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

Each aiosqlite connection lives on a thread of its own, and every call into it (a statement,
``COMMIT``, ``ROLLBACK``) is a hand-off to that thread and back. Only aiosqlite's public API is
used, so a transaction is as many hand-offs as it has statements, plus ``BEGIN`` and ``COMMIT``:
a plain move is four (``BEGIN IMMEDIATE``, the compare-and-swap, the log entry, ``COMMIT``); a
read of one statement is one. ``docs/storage.md`` gives what that costs a move. A transaction's
whole work handed to ``SqliteDatabase.run`` may suspend only in its connection's statements
(``Confined``): anything else it awaited would hold the write lock, and every other move, while
it waits.

Another program holding the file's lock (a second bot, an ``sqlite3`` shell inside a
transaction) makes a statement wait ``BUSY_TIMEOUT_MS`` and then fail as "locked"; opening the
file waits that long once (``WAL_SWITCH_TRIES``), then says so in one line.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Coroutine, Generator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

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

NOW = "((julianday('now') - 2440587.5) * 86400.0)"
"""The machine's clock in Unix seconds, to the millisecond, as SQLite reads it: the same value
for every row one statement visits. ``julianday`` rather than ``unixepoch('subsec')``, which
needs SQLite 3.42, newer than many a Python's ``sqlite3`` links (3.40.1 when this was written),
and rather than ``unixepoch()`` (3.38), which drops the fraction of the second."""


class SqliteConnection(Connection):
    """An aiosqlite connection inside one transaction: every statement, ``COMMIT`` and
    ``ROLLBACK`` one hand-off to its thread. ``handing_off`` tells whether the transaction's
    coroutine is waiting for one of them (``Confined``)."""

    for_update = ""  # a write transaction already holds the file's write lock
    now = NOW

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self.handing_off = False

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        # Executed and read to the end in one hand-off: nothing of the statement stays open.
        self.handing_off = True
        try:
            return list(await self._db.execute_fetchall(sql, params))
        finally:
            self.handing_off = False

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        self.handing_off = True
        try:
            cursor = await self._db.execute(sql, params)
            if cursor.description is not None:
                # A statement that answers with rows (``PRAGMA journal_mode``, ``… RETURNING``)
                # runs until they are read: read them in its thread, or the next COMMIT would
                # fail ("SQL statements in progress"). Other statements are done already.
                await cursor.fetchall()
            return cursor.rowcount
        finally:
            self.handing_off = False

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self.handing_off = True
        try:
            await self._db.executemany(sql, rows)
        finally:
            self.handing_off = False

    async def commit(self) -> None:
        self.handing_off = True
        try:
            await self._db.commit()
        finally:
            self.handing_off = False

    async def rollback(self) -> None:
        """Roll back the transaction; nothing when none is open (``BEGIN`` itself failed)."""
        self.handing_off = True
        try:
            await self._db.rollback()
        finally:
            self.handing_off = False


class Confined(Generic[T]):
    """A transaction's work (``SqliteDatabase.run``), awaited so that it may suspend only while
    its connection hands a statement off: awaiting anything else (a sleep, a message to send)
    raises ``RuntimeError`` there, and the transaction rolls back. Its steps are passed to the
    running task as they come (the ``await`` protocol); only the check is added."""

    def __init__(self, work: Coroutine[Any, Any, T], connection: SqliteConnection) -> None:
        self._work = work
        self._connection = connection

    def __await__(self) -> Generator[Any, None, T]:
        sent: Any = None
        thrown: BaseException | None = None
        while True:
            try:
                step = self._work.send(sent) if thrown is None else self._work.throw(thrown)
            except StopIteration as done:
                return cast(T, done.value)
            if not self._connection.handing_off:
                self._work.close()
                raise RuntimeError("a transaction's work awaited something other than its connection")
            try:
                sent, thrown = (yield step), None
            except BaseException as exc:  # a cancellation: the work hears it where it waits
                sent, thrown = None, exc


@asynccontextmanager
async def _transaction(db: aiosqlite.Connection, begin: str | None) -> AsyncIterator[SqliteConnection]:
    """A transaction on ``db``; without ``begin``, one statement that commits by itself. It is
    rolled back whatever ends it early, a cancellation included: the ``ROLLBACK`` is queued on
    the connection's thread before the caller lets another transaction start there."""
    connection = SqliteConnection(db)
    try:
        if begin is None:
            yield connection
            return
        try:
            await connection.execute(begin)
            yield connection
            await connection.commit()
        except BaseException:
            # A COMMIT that failed (or was cancelled after it was handed off) leaves nothing or
            # a still-open transaction: rolling back is right either way.
            await connection.rollback()
            raise
    except sqlite3.IntegrityError as exc:
        raise ConstraintViolation(str(exc)) from exc


class SqliteDatabase(Database):
    backend = "sqlite"

    def __init__(
        self,
        db: aiosqlite.Connection,
        location: SqliteLocation,
        readers: Sequence[aiosqlite.Connection] = (),
    ) -> None:
        super().__init__(location)
        self._db = db
        self._lock = asyncio.Lock()
        self._readers = tuple(readers)
        self._idle: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        for reader in self._readers:
            self._idle.put_nowait(reader)
        self.file = location

    def transaction(
        self, *, write: bool, single: bool = False, aside: bool = False
    ) -> AbstractAsyncContextManager[Connection]:
        return self._sqlite_transaction(write=write, single=single, aside=aside)

    @asynccontextmanager
    async def _sqlite_transaction(
        self, *, write: bool, single: bool, aside: bool
    ) -> AsyncIterator[SqliteConnection]:
        # ``single``: a read of one statement needs no BEGIN and COMMIT (two hand-offs). A write
        # always has them: ``update_then_insert`` is two statements here.
        begin = "BEGIN IMMEDIATE" if write else None if single else "BEGIN"
        if write or not aside or not self._readers:
            async with self._lock, _transaction(self._db, begin) as conn:
                yield conn
            return
        reader = await self._idle.get()
        try:
            async with _transaction(reader, begin) as conn:
                yield conn
        finally:
            self._idle.put_nowait(reader)

    async def run(self, work: Work[T], *, write: bool, single: bool = False, aside: bool = False) -> T:
        """``work`` in one transaction, each of its statements a hand-off (see the module
        docstring); refused and rolled back if it awaits anything else (``Confined``)."""
        async with self._sqlite_transaction(write=write, single=single, aside=aside) as conn:
            return await Confined(work(conn), conn)

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
        connection = SqliteConnection(self._db)
        try:
            async with self._lock:
                await connection.execute("BEGIN IMMEDIATE")
                try:
                    version = await self.schema_version(connection)
                    await connection.execute(f"PRAGMA user_version = {version:d}")
                finally:
                    await connection.rollback()
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
    opened: list[aiosqlite.Connection] = []
    try:
        if not location.in_memory:
            # aiosqlite ends the thread of a connection it could not open without letting the
            # caller wait for that: asked first, SQLite's refusal leaves no thread behind that
            # could outlive the event loop and fail when it hands back its last answer.
            await asyncio.to_thread(_open_and_close, location.path)
        db = await _open_connection(location, PRAGMAS)
        opened.append(db)
        if not location.in_memory:  # a second connection to :memory: would be another database
            for _ in range(READERS):
                opened.append(await _open_connection(location, READER_PRAGMAS))
    except BaseException as exc:
        for connection in reversed(opened):
            await connection.close()
        if isinstance(exc, sqlite3.Error):
            raise unusable(location, exc) from exc
        raise
    return SqliteDatabase(db, location, opened[1:])


def _open_and_close(path: str) -> None:
    sqlite3.connect(path).close()


async def _open_connection(location: SqliteLocation, pragmas: Sequence[str]) -> aiosqlite.Connection:
    # isolation_level=None: the backend issues BEGIN and COMMIT itself.
    db = await aiosqlite.connect(location.path, isolation_level=None)
    try:
        db.row_factory = sqlite3.Row
        connection = SqliteConnection(db)
        for pragma in pragmas:
            await _run_pragma(connection, pragma)
    except BaseException:
        await db.close()  # waits for its thread to end
        raise
    return db


async def _run_pragma(connection: SqliteConnection, pragma: str) -> None:
    for attempt in range(WAL_SWITCH_TRIES):
        began = time.monotonic()
        try:
            await connection.fetch(pragma)
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
