"""The SQLite backend (aiosqlite): one file, one connection shared by every coroutine.

Each transaction holds an ``asyncio.Lock`` from ``BEGIN`` to ``COMMIT``, so coroutines never
interleave inside one; write transactions start with ``BEGIN IMMEDIATE`` so that a second
process on the same file (``python -m storage verify``, a second bot) is serialised too.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from storage.database import Connection, Database, Row
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


class SqliteDatabase(Database):
    backend = "sqlite"

    def __init__(self, db: aiosqlite.Connection, location: SqliteLocation) -> None:
        super().__init__(location)
        self._db = db
        self._connection = SqliteConnection(db)
        self._lock = asyncio.Lock()
        self.file = location

    @asynccontextmanager
    async def transaction(self, *, write: bool, single: bool = False) -> AsyncIterator[Connection]:
        # ``single`` changes nothing here: BEGIN and COMMIT cost no round trip to a server.
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield self._connection
            except sqlite3.IntegrityError as exc:
                await self._db.rollback()
                raise ConstraintViolation(str(exc)) from exc
            except BaseException:
                await self._db.rollback()
                raise
            await self._db.commit()

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
        return "one connection"

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()


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
    return SqliteDatabase(db, location)


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
