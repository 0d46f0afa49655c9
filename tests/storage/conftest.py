"""Fixtures for storage tests: every test that takes ``db_url`` (or ``repo``) runs twice, on a
real SQLite file in a temporary folder and on a fresh database of a real PostgreSQL server
(``tests.storage.servers``); and a clock that moves one second per reading, so timestamps are
predictable. ``repo`` is opened as the bot opens it (``bot.stored.open_repository``), so a
server's settings (``bot.stored.guild_settings``) give its games' turn policy; a repository opened
without a policy reader counts with the default (``test_turn_policy.py``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.stored import open_repository
from storage import Repository
from tests.storage.servers import BACKENDS, PostgresServer, Raw


class TickingClock:
    def __init__(self) -> None:
        self.now = datetime(2024, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    server = PostgresServer.start()
    yield server
    server.stop()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the SQLite file of the ``sqlite`` backend lies."""
    return tmp_path / "data" / "tavern.db"


@pytest.fixture
def sqlite_url(db_path: Path) -> str:
    return f"sqlite:///{db_path}"


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    return postgres_server.create_database()


@pytest.fixture
def db_url(backend: str, request: pytest.FixtureRequest) -> str:
    """A new, empty database of the backend under test."""
    return str(request.getfixturevalue("sqlite_url" if backend == "sqlite" else "postgres_url"))


@pytest.fixture
def raw(db_url: str, backend: str) -> Raw:
    return Raw(db_url, backend)


@pytest.fixture
def clock() -> TickingClock:
    return TickingClock()


@pytest.fixture
async def repo(db_url: str, clock: TickingClock) -> AsyncIterator[Repository]:
    # The turn clock's tests set a server's turn limit and reminder as /config does.
    repository = await open_repository(db_url, clock=clock)
    yield repository
    await repository.close()
