"""One interface, two backends: what the repository, the migrations and the copy command ask
of a database, answered by SQLite (``storage.sqlite``, the default) or PostgreSQL
(``storage.postgres``).

Every statement is written once, in the SQL both databases speak, with ``?`` placeholders;
the PostgreSQL backend numbers them (``$1``, ``$2`` …) for its driver. Only the schema's
definitions differ between the two (``storage.migrations`` keeps both side by side), and the few
things each database does its own way live in its backend: how a transaction starts, where the
schema version is kept, how a migration is made exclusive.

Each operation runs in ``Database.transaction``, or hands its whole work to ``Database.run``
(the transaction's whole work as one function, nothing but its statements awaited): it commits
when the block ends and rolls back when it raises, and a write the schema refuses (a foreign or
unique key, the append-only log) leaves it as ``ConstraintViolation`` whichever backend refused
it. A move is stored by a compare-and-swap on the game's version; the lobby's operations, which
read a game to change it, read its row with ``Connection.for_update``: on PostgreSQL that locks
the row until the transaction ends, so two processes never both act on the same lobby; on
SQLite a write transaction already holds the database's single write lock.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, contextmanager
from typing import Any, Protocol, TypeVar

from storage.errors import DatabaseUnavailable
from storage.url import DatabaseLocation

POOL_SIZE = 10
"""PostgreSQL connections per process at most; each bot process has its own pool."""

T = TypeVar("T")

Work = Callable[["Connection"], Coroutine[Any, Any, T]]
"""A transaction's whole work (``Database.run``): statements on its connection and plain
computation between them, nothing else awaited."""


class Row(Protocol):
    """A result row, read by column name or by position (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...

    def keys(self) -> Any: ...


class Connection(ABC):
    """A connection inside one transaction."""

    for_update: str
    """Appended to a ``SELECT`` of a row the transaction is about to change: locks it where the
    backend locks rows, so concurrent writers of the same row take turns."""

    now: str
    """An SQL expression: the database's own clock now, in Unix seconds (a floating-point
    number). Claims count their leases by it (``storage.claims``), never by a caller's clock, so
    processes whose clocks disagree still agree on whether a lease has run out: every process
    asks the one database server (SQLite: the one machine the file lies on)."""

    @abstractmethod
    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns how many rows it changed."""

    @abstractmethod
    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def update_then_insert(
        self, guard: str, guard_params: Sequence[Any], insert: str, insert_params: Sequence[Any]
    ) -> Row | None:
        """Run ``guard`` (an ``UPDATE … RETURNING`` of at most one row) and, only if it changed
        a row, ``insert`` (an ``INSERT … SELECT`` without a ``FROM``); the row the guard
        returned, or ``None``. A backend that can does both in one statement, one round trip."""
        row = await self.fetch_one(guard, guard_params)
        if row is None:
            return None
        await self.execute(insert, insert_params)
        return row


class Database(ABC):
    """An open database: SQLite's connections to one file, or a PostgreSQL connection pool."""

    backend: str
    """``sqlite`` or ``postgresql``: which of a migration's statements this database runs."""

    def __init__(self, location: DatabaseLocation) -> None:
        self.location = location

    @abstractmethod
    def transaction(
        self, *, write: bool, single: bool = False, aside: bool = False
    ) -> AbstractAsyncContextManager[Connection]:
        """A transaction: committed when the block ends, rolled back when it raises. Reads
        take one too, for a consistent view of a game and its seats. ``single``: the block runs
        one statement, atomic by itself, and a backend that can runs it without ``BEGIN`` and
        ``COMMIT`` (two round trips fewer). ``aside``: a read whose cost grows with the history
        stored or that runs long (a leaderboard, a game's log, ``verify``), which a backend
        that can runs beside the moves so it never holds them up (SQLite: on a reading
        connection)."""

    async def run(self, work: Work[T], *, write: bool, single: bool = False, aside: bool = False) -> T:
        """``work`` in one transaction (as ``transaction`` runs a block), and what it returns.
        ``work`` awaits nothing but its connection's statements and changes nothing that other
        tasks share: a transaction that waited on anything else would hold its locks (on SQLite
        the one write lock, so every move) meanwhile. SQLite refuses such work and rolls it back
        (``storage.sqlite.Confined``)."""
        async with self.transaction(write=write, single=single, aside=aside) as conn:
            return await work(conn)

    @abstractmethod
    def migration_step(self) -> AbstractAsyncContextManager[Connection]:
        """A write transaction that no other process runs a migration step beside."""

    @abstractmethod
    async def schema_version(self, conn: Connection) -> int:
        """How far the schema has been migrated (0: an empty database)."""

    @abstractmethod
    async def set_schema_version(self, conn: Connection, version: int) -> None:
        """Record ``version``, in the step's transaction: it commits with the step or not at all."""

    @abstractmethod
    async def check_writable(self) -> None:
        """``DatabaseUnavailable`` if the database can be read but not written (``--check``).
        Writes nothing."""

    def unusable(self, exc: BaseException) -> DatabaseUnavailable | None:
        """What ``exc``, raised while using this database, says about the database itself:
        ``DatabaseUnavailable`` when it is broken or out of reach (the tools report it in one
        line), ``None`` for any other error."""
        return None

    @contextmanager
    def explained(self) -> Iterator[None]:
        """Turn an error that means the database itself cannot be used into its
        ``DatabaseUnavailable`` (see ``unusable``); let every other error through."""
        try:
            yield
        except Exception as exc:
            unavailable = self.unusable(exc)
            if unavailable is None:
                raise
            raise unavailable from exc

    @abstractmethod
    async def after_copy(self, conn: Connection) -> None:
        """Bring what the database numbers by itself (new game ids) past the copied rows."""

    @property
    @abstractmethod
    def pool(self) -> str:
        """How this process connects, for ``--check``: SQLite's connections or a pool's size."""

    @abstractmethod
    async def close(self) -> None: ...
