"""The PostgreSQL backend (asyncpg and its connection pool), for a bot shared by several
processes. Install its driver with ``pip install -e '.[postgresql]'``.

Write transactions run at READ COMMITTED and lock the game row they change
(``SELECT … FOR UPDATE``): two processes applying a move to the same game take turns, and the
second finds the version moved on (``StaleVersion``). Reads run at REPEATABLE READ, READ ONLY,
so a game and its seats are read from one snapshot. Claims of reminders and timeouts flip a
flag with ``UPDATE … WHERE flag = 0``: the second of two concurrent claims waits for the first
and then matches no row, so each is handed out once.

The schema version lives in a one-row table ``schema_version`` (SQLite keeps it in the file's
header); migration steps take a transaction-scoped advisory lock, so processes starting at
the same moment run each step once.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import lru_cache
from typing import Any, Literal, cast

from storage.database import Connection, Database, Row
from storage.errors import ConstraintViolation, DatabaseUnavailable
from storage.url import PostgresLocation

try:
    import asyncpg
except ImportError as missing:  # an optional extra: SQLite needs nothing of this
    DRIVER_MISSING: ImportError | None = missing
else:
    DRIVER_MISSING = None

CONNECT_TIMEOUT = 10.0
"""Seconds to wait for the server to answer before saying it cannot be reached."""
MIGRATION_LOCK = 0x7461_7665_726E  # "tavern": the advisory lock key of migration steps
VERSION_TABLE = "schema_version"
INSTALL = "pip install -e '.[postgresql]'"


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """``?`` placeholders as asyncpg's ``$1``, ``$2`` …; a ``?`` inside a quoted literal stays."""
    parts = sql.split("'")
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    for index in range(0, len(parts), 2):  # even parts lie outside quotes
        parts[index] = re.sub(r"\?", number, parts[index])
    return "'".join(parts)


def _changed(status: str) -> int:
    """Rows changed, from a command status such as ``UPDATE 1`` or ``INSERT 0 3``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresConnection(Connection):
    for_update = " FOR UPDATE"
    # The server's clock when the statement began, the same for every row it visits; one
    # that waited for a row lock counts from before the wait, so it sees a lease renewed
    # meanwhile as live. (``extract`` gives a numeric since PostgreSQL 14: cast, so it adds to
    # and compares with the double precision columns and parameters.)
    now = "CAST(extract(epoch FROM statement_timestamp()) AS DOUBLE PRECISION)"

    def __init__(self, raw: asyncpg.pool.PoolConnectionProxy[asyncpg.Record]) -> None:
        self._raw = raw

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return cast(list[Row], await self._raw.fetch(numbered(sql), *params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _changed(await self._raw.execute(numbered(sql), *params))

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._raw.executemany(numbered(sql), rows)

    async def update_then_insert(
        self, guard: str, guard_params: Sequence[Any], insert: str, insert_params: Sequence[Any]
    ) -> Row | None:
        # One statement: the insert reads the row the guard returned, so it happens only then
        # (a data-modifying WITH runs whether or not the outer query reads it).
        sql = f"WITH guard AS ({guard}), inserted AS ({insert} FROM guard) SELECT * FROM guard"
        return await self.fetch_one(sql, (*guard_params, *insert_params))


class PostgresDatabase(Database):
    backend = "postgresql"

    def __init__(self, pool: asyncpg.Pool, location: PostgresLocation) -> None:
        super().__init__(location)
        self._pool = pool
        self.server = location

    @asynccontextmanager
    async def transaction(
        self, *, write: bool, single: bool = False, aside: bool = False
    ) -> AsyncIterator[Connection]:
        # ``aside`` changes nothing here: every connection of the pool reads beside the others.
        isolation: Literal["read_committed", "repeatable_read"] = (
            "read_committed" if write else "repeatable_read"
        )
        try:
            async with self._pool.acquire() as raw:
                try:
                    if single:  # one statement is a transaction of its own
                        yield PostgresConnection(raw)
                        return
                    async with raw.transaction(isolation=isolation, readonly=not write):
                        yield PostgresConnection(raw)
                except Exception as exc:
                    if lost(exc):
                        # Never handed out again: the pool opens a new connection in its place
                        # (the socket's end may not have been read yet, so the pool would not
                        # know this one is dead).
                        raw.terminate()
                    raise
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise ConstraintViolation(str(exc)) from exc
        except Exception as exc:
            # The server or the connection gone, on any step (acquire, a statement, COMMIT):
            # one error for the callers, whatever the driver or the socket raised.
            if not lost(exc):
                raise
            raise DatabaseUnavailable(
                f"PostgreSQL at {self.server.shown} went away ({type(exc).__name__}: {exc})",
                url=self.server.shown,
            ) from exc

    def migration_step(self) -> AbstractAsyncContextManager[Connection]:
        return self._migration_step()

    @asynccontextmanager
    async def _migration_step(self) -> AsyncIterator[Connection]:
        async with self.transaction(write=True) as conn:
            await conn.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            await conn.execute(f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE} (version INTEGER NOT NULL)")
            await conn.execute(
                f"INSERT INTO {VERSION_TABLE} (version) SELECT 0"
                f" WHERE NOT EXISTS (SELECT 1 FROM {VERSION_TABLE})"
            )
            yield conn

    async def schema_version(self, conn: Connection) -> int:
        exists = await conn.fetch_one(f"SELECT to_regclass('{VERSION_TABLE}') IS NOT NULL")
        if exists is None or not exists[0]:
            return 0
        row = await conn.fetch_one(f"SELECT version FROM {VERSION_TABLE}")
        return 0 if row is None else int(row[0])

    async def set_schema_version(self, conn: Connection, version: int) -> None:
        await conn.execute(f"UPDATE {VERSION_TABLE} SET version = ?", (version,))

    async def check_writable(self) -> None:
        from storage.schema import COUNTED_TABLES, TABLES

        async with self.transaction(write=False) as conn:
            row = await conn.fetch_one(
                "SELECT pg_is_in_recovery(), current_setting('default_transaction_read_only')"
            )
            denied = await conn.fetch(
                "SELECT t FROM unnest(?::text[]) AS t WHERE to_regclass(t) IS NOT NULL AND NOT ("
                "has_table_privilege(t, 'SELECT') AND has_table_privilege(t, 'INSERT')"
                " AND has_table_privilege(t, 'UPDATE') AND has_table_privilege(t, 'DELETE'))",
                ([*TABLES, *COUNTED_TABLES],),
            )
        assert row is not None
        where = f"the PostgreSQL database {self.server.shown}"
        if row[0]:
            raise DatabaseUnavailable(
                f"{where} is a read-only standby: point DATABASE_URL at the primary server",
                url=self.server.shown,
            )
        if row[1] == "on":
            raise DatabaseUnavailable(
                f"{where} makes every transaction read-only (default_transaction_read_only):"
                " turn that off for the bot's user or database",
                url=self.server.shown,
            )
        if denied:
            tables = ", ".join(str(r[0]) for r in denied)
            raise DatabaseUnavailable(
                f"{where} does not let its user write to {tables}: GRANT SELECT, INSERT, UPDATE, DELETE"
                " on them to the bot's user",
                url=self.server.shown,
            )

    def unusable(self, exc: BaseException) -> DatabaseUnavailable | None:
        if isinstance(exc, asyncpg.IntegrityConstraintViolationError):
            return None
        if isinstance(exc, OSError | TimeoutError | asyncpg.PostgresError | asyncpg.InterfaceError):
            return refused(self.server, exc)
        return None

    async def after_copy(self, conn: Connection) -> None:
        await conn.fetch(
            "SELECT setval(pg_get_serial_sequence('games', 'id'),"
            " COALESCE((SELECT MAX(id) FROM games), 0) + 1, false)"
        )

    @property
    def pool(self) -> str:
        return f"pool of {self._pool.get_min_size()}–{self._pool.get_max_size()} connections"

    async def close(self) -> None:
        await self._pool.close()


async def open_postgres(location: PostgresLocation, *, pool_size: int) -> PostgresDatabase:
    """A pool of connections to the server; ``DatabaseUnavailable`` (one line, password masked)
    when the driver is missing or the server cannot be reached or refuses the login."""
    if DRIVER_MISSING is not None:
        raise DatabaseUnavailable(
            f"DATABASE_URL names PostgreSQL, but its driver (asyncpg) is not installed: {INSTALL}",
            url=location.shown,
        )
    try:
        pool = await asyncpg.create_pool(
            location.url,
            min_size=1,
            max_size=pool_size,
            timeout=CONNECT_TIMEOUT,
            server_settings={"application_name": "tavern"},
            reset=_nothing_to_reset,
        )
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        raise refused(location, exc) from exc
    except ValueError as exc:  # the driver could not read the URL (a port that is not a number …)
        raise DatabaseUnavailable(
            f"DATABASE_URL {location.shown} cannot be read ({exc}); write it as "
            "postgresql://user:password@host:5432/database",
            url=location.shown,
        ) from exc
    assert pool is not None
    return PostgresDatabase(pool, location)


async def _nothing_to_reset(connection: asyncpg.Connection[asyncpg.Record]) -> None:
    """What the pool runs on a connection given back, instead of asyncpg's reset query
    (``pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL``): one more round trip and
    four statements for the server on every release, so on every read and every move. None of
    it is needed: this backend's transactions always end (asyncpg rolls back one left open before
    this runs), its advisory locks are transaction-scoped, and it opens no cursor outside a
    transaction, listens to nothing and changes no session setting."""


def lost(exc: BaseException) -> bool:
    """Whether ``exc`` says the server or the connection is gone, rather than that a statement
    was wrong: a socket error (``FileNotFoundError`` for a Unix socket no longer there), a
    timeout, the connection closed or cut (class 08), the server shutting down or not yet
    accepting (57P0x), or the pool or connection closed under the caller."""
    gone = (asyncpg.AdminShutdownError, asyncpg.CrashShutdownError, asyncpg.CannotConnectNowError)
    if isinstance(exc, (OSError, TimeoutError, asyncpg.PostgresConnectionError, *gone)):
        return True
    # The server's "terminating connection" arrived on an idle connection before the socket's
    # end: the driver has read an error nobody asked for, and refuses the next statement with
    # "cannot switch to state …; another operation is in progress". The pool never shares a
    # connection, so this is the connection being cut, not two callers on one connection.
    if isinstance(exc, asyncpg.InternalClientError) and "cannot switch to state" in str(exc):
        return True
    # asyncpg says "pool is closing", "connection is closed", "connection has been released
    # back to the pool" with a plain InterfaceError, which also reports mistakes in a call.
    return isinstance(exc, asyncpg.InterfaceError) and any(
        word in str(exc) for word in ("closed", "closing", "released")
    )


def refused(location: PostgresLocation, exc: BaseException) -> DatabaseUnavailable:
    """One line saying why the server cannot be used, and what to do."""
    where = f"PostgreSQL at {location.shown}"
    if isinstance(exc, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError):
        line = f"{where} refused the login ({exc}): check the user and password in DATABASE_URL"
    elif isinstance(exc, asyncpg.InvalidCatalogNameError):
        line = (
            f"{where} has no database {location.database!r}: create it "
            f"(createdb {location.database}) or fix the name in DATABASE_URL"
        )
    elif isinstance(exc, TimeoutError):
        line = f"{where} did not answer within {CONNECT_TIMEOUT:g} s: check the host and port in DATABASE_URL"
    elif isinstance(exc, OSError):
        line = (
            f"cannot reach {where} ({exc.strerror or exc}): start the server, or fix the host and "
            "port in DATABASE_URL"
        )
    else:
        line = f"{where} cannot be used ({type(exc).__name__}: {exc})"
    return DatabaseUnavailable(line, url=location.shown)
