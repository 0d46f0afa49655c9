"""Fixtures for storage tests: a real SQLite file in a temporary folder and a clock that moves
one second per reading, so timestamps are predictable."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from storage import Repository, open_repository


class TickingClock:
    def __init__(self) -> None:
        self.now = datetime(2024, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "tavern.db"


@pytest.fixture
def db_url(db_path: Path) -> str:
    return f"sqlite:///{db_path}"


@pytest.fixture
def clock() -> TickingClock:
    return TickingClock()


@pytest.fixture
async def repo(db_url: str, clock: TickingClock) -> AsyncIterator[Repository]:
    repository = await open_repository(db_url, clock=clock)
    yield repository
    await repository.close()
