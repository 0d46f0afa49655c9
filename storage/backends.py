"""Which backend a database URL opens: ``sqlite:///…`` (the default) or ``postgresql://…``.

Kept apart from ``storage.database`` so that the interface never imports its backends, which
import it."""

from __future__ import annotations

from storage.database import POOL_SIZE, Database
from storage.url import DatabaseLocation, PostgresLocation, parse_database_url


async def open_database(url: str | DatabaseLocation, *, pool_size: int = POOL_SIZE) -> Database:
    """Connect to the database ``url`` names, creating an SQLite file (and its folders) if
    needed; no migration runs (``storage.repository.open_repository`` migrates)."""
    location = parse_database_url(url) if isinstance(url, str) else url
    if isinstance(location, PostgresLocation):
        from storage.postgres import open_postgres  # the driver is an optional extra

        return await open_postgres(location, pool_size=pool_size)
    from storage.sqlite import open_sqlite

    return await open_sqlite(location)
