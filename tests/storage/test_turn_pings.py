"""Posted turn pings in storage: the v4 upgrade, recording, listing and forgetting them (also
across a reopened database), and rows that cannot be read."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import asyncpg
import pytest

from bot.stored import turn_pings
from bot.stored.turn_pings import TurnPing
from storage import ConstraintViolation, GameStatus, Repository, open_repository
from storage.backends import open_database
from storage.migrations import LATEST, migrate
from tests.storage.conftest import TickingClock
from tests.storage.helpers import started_game
from tests.storage.servers import Raw

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


async def test_a_v3_database_is_upgraded_to_v4_without_losing_rows(db_url: str, raw: Raw) -> None:
    database = await open_database(db_url)
    assert await migrate(database, target=3) == 3
    v3 = Repository(database, clock=TickingClock())  # the v3 schema driven by today's code
    try:
        game = await started_game(v3)
        async with database.transaction(write=True) as db:  # seat 0's clock, as v3 stored it
            await db.execute(
                "INSERT INTO turn_deadlines (game_id, seat, version, reminder_at, deadline_at)"
                " VALUES (?, 0, 0, ?, ?)",
                (game.id, T0.timestamp() + 7200, T0.timestamp() + 86400),
            )
            await db.execute("INSERT INTO turn_sync (game_id, version) VALUES (?, 0)", (game.id,))
    finally:
        await v3.close()
    assert "turn_pings" not in await raw.tables()

    repo = await open_repository(db_url)
    try:
        assert await raw.version() == LATEST
        assert "turn_pings" in await raw.tables()
        assert await repo.get(game.id) == game
        assert set(await repo.turn_clock.deadlines(game.id)) == {0}
        assert await turn_pings.of_game(repo, game.id) == []
        posted = TurnPing(game.id, 100, 5001, frozenset({11}), 0)
        await turn_pings.record(repo, posted)
        assert await turn_pings.of_game(repo, game.id) == [posted]
    finally:
        await repo.close()


async def test_pings_are_recorded_listed_and_forgotten_across_a_reopen(repo: Repository, db_url: str) -> None:
    first = await started_game(repo, channel_id=100)
    second = await started_game(repo, channel_id=200, humans=(21, 22))
    a = TurnPing(first.id, 100, 5001, frozenset({11}), 0)
    b = TurnPing(first.id, 100, 5002, frozenset({11, 12}), 3)
    c = TurnPing(second.id, 200, 5003, frozenset({21}), 0)
    for posted in (a, b, c):
        await turn_pings.record(repo, posted)
    await turn_pings.record(repo, a)  # recording twice keeps one row

    reopened = await open_repository(db_url)
    try:
        assert await turn_pings.of_game(reopened, first.id) == [a, b]
        assert await turn_pings.of_game(reopened, second.id) == [c]
        await turn_pings.forget(reopened, [a.message_id])
        assert await turn_pings.of_game(reopened, first.id) == [b]
        await turn_pings.forget(reopened, [])
        await turn_pings.forget_game(reopened, first.id)
        assert await turn_pings.of_game(reopened, first.id) == []
        assert await turn_pings.of_game(reopened, second.id) == [c]  # another game's pings stay
    finally:
        await reopened.close()


async def test_a_ping_belongs_to_a_stored_game(repo: Repository) -> None:
    with pytest.raises(ConstraintViolation):
        await turn_pings.record(repo, TurnPing(999, 100, 5001, frozenset({11}), 0))


ANY_DATABASE = [
    ("users", "'{'"),
    ("users", "'[\"eleven\"]'"),
    ("users", "'[true]'"),
    ("users", "'{\"11\": 1}'"),
    ("users", "12"),
]
LOOSE_TYPES = [("channel_id", "'general'"), ("version", "1.5")]
"""Damage only SQLite's loosely typed columns can hold (PostgreSQL's refuse it, below)."""


async def damaged_ping_is_skipped(
    repo: Repository, raw: Raw, caplog: pytest.LogCaptureFixture, column: str, damage: str
) -> None:
    game = await started_game(repo)
    good = TurnPing(game.id, 100, 5001, frozenset({11}), 0)
    bad = TurnPing(game.id, 100, 5002, frozenset({12}), 1)
    await turn_pings.record(repo, good)
    await turn_pings.record(repo, bad)
    await raw.execute(f"UPDATE turn_pings SET {column} = {damage} WHERE message_id = ?", bad.message_id)

    with caplog.at_level(logging.WARNING, logger="storage"):
        assert await turn_pings.of_game(repo, game.id) == [good]
    assert any(
        f"turn ping {bad.message_id} of game {game.id} is unreadable" in r.getMessage()
        for r in caplog.records
    )

    # The game's end forgets it with the others.
    await turn_pings.forget_game(repo, game.id)
    assert await raw.value("SELECT COUNT(*) FROM turn_pings") == 0
    assert (await repo.get(game.id)).status is GameStatus.ACTIVE


@pytest.mark.parametrize(("column", "damage"), ANY_DATABASE)
async def test_a_row_that_cannot_be_read_is_logged_and_skipped(
    repo: Repository, raw: Raw, caplog: pytest.LogCaptureFixture, column: str, damage: str
) -> None:
    await damaged_ping_is_skipped(repo, raw, caplog, column, damage)


@pytest.mark.parametrize(("column", "damage"), LOOSE_TYPES)
async def test_a_row_of_the_wrong_type_is_logged_and_skipped_on_sqlite(
    sqlite_url: str, caplog: pytest.LogCaptureFixture, column: str, damage: str
) -> None:
    repo = await open_repository(sqlite_url)
    try:
        await damaged_ping_is_skipped(repo, Raw(sqlite_url, "sqlite"), caplog, column, damage)
    finally:
        await repo.close()


async def test_postgresql_columns_keep_their_types(postgres_url: str) -> None:
    """The same damage cannot reach a PostgreSQL row: text is refused, a fraction rounded."""
    repo = await open_repository(postgres_url)
    raw = Raw(postgres_url, "postgresql")
    try:
        game = await started_game(repo)
        ping = TurnPing(game.id, 100, 5002, frozenset({12}), 1)
        await turn_pings.record(repo, ping)
        with pytest.raises(asyncpg.InvalidTextRepresentationError):
            await raw.execute("UPDATE turn_pings SET channel_id = 'general' WHERE message_id = ?", 5002)
        await raw.execute("UPDATE turn_pings SET version = 1.5 WHERE message_id = ?", 5002)
        assert await turn_pings.of_game(repo, game.id) == [TurnPing(game.id, 100, 5002, frozenset({12}), 2)]
    finally:
        await repo.close()
