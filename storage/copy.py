"""``python -m storage copy SOURCE TARGET``: every row of one database into another, SQLite to
PostgreSQL or back, then the target checked by replaying every game.

Both databases are opened as the bot opens them (so both are migrated to the latest schema).
The whole copy is one transaction on the target: it ends with every row copied or with the
target as empty as it was. The source is read in one transaction too, so a bot still writing
to it cannot tear a game in half; stop the bot first all the same, or its later moves stay
behind.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from storage.database import Connection
from storage.errors import StorageError
from storage.models import Mismatch
from storage.repository import Repository, open_repository
from storage.schema import TABLES

BATCH = 2000
"""Rows read and written at a time: memory stays flat whatever the size of the database."""


class TargetNotEmpty(StorageError):
    code = "target_not_empty"


@dataclass(frozen=True, slots=True)
class CopyReport:
    rows: dict[str, int]
    """Rows copied per table."""
    mismatches: list[Mismatch] = field(default_factory=list)
    """Games of the target whose log does not replay to their stored rows."""


async def copy_database(source_url: str, target_url: str) -> CopyReport:
    source = await open_repository(source_url)
    try:
        target = await open_repository(target_url)
        try:
            with source.database.explained(), target.database.explained():
                return await _copy(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(source: Repository, target: Repository) -> CopyReport:
    before = await count_rows(target)
    filled = {table: count for table, count in before.items() if count}
    if filled:
        listed = ", ".join(f"{count} in {table}" for table, count in filled.items())
        raise TargetNotEmpty(
            f"the target {target.database.location.shown} is not empty ({listed}): "
            "copy only into a new, empty database",
            tables=filled,
        )
    rows: dict[str, int] = {}
    async with (
        source.database.transaction(write=False, aside=True) as reader,
        target.database.transaction(write=True) as writer,
    ):
        for table, key in TABLES.items():
            rows[table] = await copy_table(reader, writer, table, key)
        await target.database.after_copy(writer)
    after = await count_rows(target)
    if after != rows:
        raise StorageError(f"the target holds {after} rows after the copy, not the {rows} copied")
    return CopyReport(rows=rows, mismatches=await target.verify())


async def copy_table(reader: Connection, writer: Connection, table: str, key: tuple[str, ...]) -> int:
    """Copy ``table`` in key order, ``BATCH`` rows at a time; returns the rows copied."""
    order = ", ".join(key)
    after = f"({order}) > ({', '.join('?' * len(key))})"
    copied = 0
    last: tuple[object, ...] | None = None
    while True:
        where = "" if last is None else f" WHERE {after}"
        batch = await reader.fetch(
            f"SELECT * FROM {table}{where} ORDER BY {order} LIMIT {BATCH:d}", last or ()
        )
        if not batch:
            return copied
        columns = list(batch[0].keys())
        await writer.execute_many(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
            [tuple(row) for row in batch],
        )
        copied += len(batch)
        last = tuple(batch[-1][column] for column in key)


async def count_rows(repository: Repository) -> dict[str, int]:
    async with repository.database.transaction(write=False, aside=True) as conn:
        counts = {}
        for table in TABLES:
            row = await conn.fetch_one(f"SELECT COUNT(*) FROM {table}")
            assert row is not None
            counts[table] = int(row[0])
        return counts
