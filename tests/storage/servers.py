"""The databases storage tests run against: a fresh SQLite file, or a fresh database on a real
PostgreSQL server — the one ``TAVERN_TEST_POSTGRES_URL`` names (its user may create databases
and roles, and the server must ask those roles for their password), else a throwaway server
that ``pgserver`` (PostgreSQL shipped in a wheel) starts in a temporary folder, so the tests
need nothing but Python."""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from storage.backends import open_database
from storage.database import Row
from storage.schema import TABLES

ENV = "TAVERN_TEST_POSTGRES_URL"
BACKENDS = ("sqlite", "postgresql")


class PostgresServer:
    def __init__(self, url: str, *, owned: Any = None, folder: Path | None = None) -> None:
        self.url = url
        self._owned = owned
        self._folder = folder
        self._names = itertools.count(1)
        self.created: list[str] = []
        self._role: tuple[str, str] | None = None
        self._role_database: str | None = None

    @classmethod
    def start(cls) -> PostgresServer:
        given = os.environ.get(ENV, "").strip()
        if given:
            return cls(given)
        import pgserver

        folder = Path(tempfile.mkdtemp(prefix="tavern-pg-"))
        server = pgserver.get_server(folder / "data", cleanup_mode="delete")
        return cls(server.get_uri(), owned=server, folder=folder)

    def database_url(self, name: str) -> str:
        parts = urlsplit(self.url)
        return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))

    def create_database(self) -> str:
        """A new, empty database; its URL."""
        name = f"tavern_test_{os.getpid()}_{next(self._names)}"
        self._admin(f'CREATE DATABASE "{name}"')
        self.created.append(name)
        return self.database_url(name)

    def password_role(self) -> tuple[str, str]:
        """A role that logs in only with its password (made once), and that password."""
        if self._role is None:
            role, password = f"tavern_pw_{os.getpid()}", f"pw-{os.getpid()}-right"
            self._admin(f"CREATE ROLE {role} LOGIN PASSWORD '{password}'")
            if self._owned is not None:  # the throwaway server trusts everyone: not this role
                hba = Path(self._owned.pgdata) / "pg_hba.conf"
                rules = f"local all {role} scram-sha-256\nhost all {role} all scram-sha-256\n"
                hba.write_text(rules + hba.read_text(encoding="utf-8"), encoding="utf-8")
                self._admin("SELECT pg_reload_conf()")
            self._role = (role, password)
        return self._role

    def role_database(self) -> str:
        """A database the password role owns."""
        if self._role_database is None:
            role, _ = self.password_role()
            name = f"tavern_test_{os.getpid()}_owned"
            self._admin(f'CREATE DATABASE "{name}" OWNER {role}')
            self.created.append(name)
            self._role_database = name
        return self._role_database

    def role_url(self, role: str, password: str, database: str) -> str:
        parts = urlsplit(self.database_url(database))
        host = parts.netloc.rsplit("@", 1)[-1]
        return urlunsplit(
            (parts.scheme, f"{role}:{password}@{host}", parts.path, parts.query, parts.fragment)
        )

    def stop(self) -> None:
        if self._owned is None:  # someone else's server: leave it as it was
            for name in self.created:
                self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            if self._role is not None:
                self._admin(f"DROP ROLE IF EXISTS {self._role[0]}")
            return
        # Nothing in it is kept: stop at once rather than write every database out first.
        import pgserver

        pgserver.pg_ctl(
            ["-m", "immediate", "-w", "stop"], pgdata=self._owned.pgdata, user=self._owned.system_user
        )
        self._owned.cleanup()
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)

    def _admin(self, sql: str) -> None:
        """Run ``sql`` on the server's own database; in a thread of its own, so a test already
        inside an event loop may call it."""

        async def run() -> None:
            conn = await asyncpg.connect(self.url)
            try:
                await conn.execute(sql)
            finally:
                await conn.close()

        with ThreadPoolExecutor(max_workers=1) as thread:
            thread.submit(asyncio.run, run()).result()


class Raw:
    """The test database reached behind the repository's back, as a hand edit or a damaged
    disk would, through a connection of its own."""

    def __init__(self, url: str, backend: str) -> None:
        self.url = url
        self.backend = backend

    async def execute(self, sql: str, *params: object) -> None:
        database = await open_database(self.url)
        try:
            async with database.transaction(write=True) as conn:
                await conn.execute(sql, params)
        finally:
            await database.close()

    async def fetch(self, sql: str, *params: object) -> list[Row]:
        database = await open_database(self.url)
        try:
            async with database.transaction(write=False) as conn:
                return await conn.fetch(sql, params)
        finally:
            await database.close()

    async def value(self, sql: str, *params: object) -> Any:
        rows = await self.fetch(sql, *params)
        return rows[0][0]

    async def drop_log_guard(self) -> None:
        """Drop the trigger that keeps the move log append-only, so a test can damage it."""
        on = " ON moves" if self.backend == "postgresql" else ""
        await self.execute(f"DROP TRIGGER moves_are_append_only_update{on}")

    async def version(self) -> int:
        database = await open_database(self.url)
        try:
            async with database.transaction(write=False) as conn:
                return await database.schema_version(conn)
        finally:
            await database.close()

    async def tables(self) -> set[str]:
        if self.backend == "sqlite":
            rows = await self.fetch("SELECT name FROM sqlite_master WHERE type = 'table'")
        else:
            rows = await self.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        return {str(row[0]) for row in rows} & set(TABLES)

    async def schema(self) -> list[tuple[Any, ...]]:
        """Every table, column, index and trigger, as the database describes them."""
        if self.backend == "sqlite":
            rows = await self.fetch("SELECT type, name, sql FROM sqlite_master ORDER BY name")
        else:
            rows = await self.fetch(
                "SELECT 'column', table_name || '.' || column_name, data_type || ' ' || is_nullable"
                " || ' ' || COALESCE(column_default, '') FROM information_schema.columns"
                " WHERE table_schema = current_schema()"
                " UNION ALL SELECT 'index', indexname, indexdef FROM pg_indexes"
                " WHERE schemaname = current_schema()"
                " UNION ALL SELECT 'trigger', trigger_name || ' ' || event_manipulation, action_statement"
                " FROM information_schema.triggers WHERE trigger_schema = current_schema()"
                " ORDER BY 1, 2"
            )
        return [tuple(row) for row in rows]
