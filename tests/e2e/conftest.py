"""The real bot (``create_bot``) against SimCord, storing games in a SQLite file in tmp_path."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from selenium import webdriver

from bot import TavernBot, create_bot
from bot.settings import Settings
from bot.stored import open_repository
from storage import Repository
from tests.e2e.browser import start_browser


def database_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tavern.db'}"


def make_bot(tmp_path: Path, repository: Repository, **settings: object) -> TavernBot:
    """The bot on the test's database; ``settings`` override the defaults (``ai_delay_seconds=0``)."""
    chosen = Settings(_env_file=None, discord_token=None, database_url=database_url(tmp_path), **settings)  # type: ignore[call-arg, arg-type]
    return create_bot(chosen, repository)


@pytest.fixture
async def repository(tmp_path: Path) -> AsyncIterator[Repository]:
    repo = await open_repository(database_url(tmp_path))
    yield repo
    await repo.close()


@pytest.fixture
def simcord_bot(tmp_path: Path, repository: Repository) -> TavernBot:
    return make_bot(tmp_path, repository)


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    """One headless Chromium for a module's browser tests (started only where a test asks)."""
    driver = start_browser()
    try:
        yield driver
    finally:
        driver.quit()
