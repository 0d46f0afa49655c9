"""Posted turn pings in storage: the v4 upgrade, recording, listing and forgetting them (also
across a reopened database), and rows that cannot be read."""

from __future__ import annotations

import logging
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite
import pytest

from storage import GameStatus, Repository, open_repository
from storage.living import TurnPing
from storage.schema import LATEST, migrate
from tests.storage.conftest import TickingClock
from tests.storage.helpers import started_game

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def tables(db_path: Path) -> set[str]:
    with sqlite3.connect(db_path) as plain:
        return {row[0] for row in plain.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


async def test_a_v3_database_is_upgraded_to_v4_without_losing_rows(db_path: Path, db_url: str) -> None:
    db_path.parent.mkdir(parents=True)
    async with aiosqlite.connect(db_path, isolation_level=None) as db:
        assert await migrate(db, target=3) == 3
        db.row_factory = sqlite3.Row
        v3 = Repository(db, clock=TickingClock())  # the v3 schema driven by today's code
        game = await started_game(v3)
        await v3.sync_turns(game.id, now=T0)
    assert "turn_pings" not in tables(db_path)

    repo = await open_repository(db_url)
    try:
        with sqlite3.connect(db_path) as plain:
            assert plain.execute("PRAGMA user_version").fetchone()[0] == LATEST == 4
        assert "turn_pings" in tables(db_path)
        assert await repo.get(game.id) == game
        assert set(await repo.turn_deadlines(game.id)) == {0}
        assert await repo.turn_pings(game.id) == []
        posted = TurnPing(game.id, 100, 5001, frozenset({11}), 0)
        await repo.record_turn_ping(posted)
        assert await repo.turn_pings(game.id) == [posted]
    finally:
        await repo.close()


async def test_pings_are_recorded_listed_and_forgotten_across_a_reopen(repo: Repository, db_url: str) -> None:
    first = await started_game(repo, channel_id=100)
    second = await started_game(repo, channel_id=200, humans=(21, 22))
    a = TurnPing(first.id, 100, 5001, frozenset({11}), 0)
    b = TurnPing(first.id, 100, 5002, frozenset({11, 12}), 3)
    c = TurnPing(second.id, 200, 5003, frozenset({21}), 0)
    for posted in (a, b, c):
        await repo.record_turn_ping(posted)
    await repo.record_turn_ping(a)  # recording twice keeps one row

    reopened = await open_repository(db_url)
    try:
        assert await reopened.turn_pings(first.id) == [a, b]
        assert await reopened.turn_pings(second.id) == [c]
        await reopened.forget_turn_pings([a.message_id])
        assert await reopened.turn_pings(first.id) == [b]
        await reopened.forget_turn_pings([])
        await reopened.forget_game_pings(first.id)
        assert await reopened.turn_pings(first.id) == []
        assert await reopened.turn_pings(second.id) == [c]  # another game's pings stay
    finally:
        await reopened.close()


async def test_a_ping_belongs_to_a_stored_game(repo: Repository) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        await repo.record_turn_ping(TurnPing(999, 100, 5001, frozenset({11}), 0))


@pytest.mark.parametrize(
    ("column", "damage"),
    [
        ("users", "'{'"),
        ("users", "'[\"eleven\"]'"),
        ("users", "'[true]'"),
        ("users", "'{\"11\": 1}'"),
        ("users", "12"),
        ("channel_id", "'general'"),
        ("version", "1.5"),
    ],
)
async def test_a_row_that_cannot_be_read_is_logged_and_skipped(
    repo: Repository, db_path: Path, caplog: pytest.LogCaptureFixture, column: str, damage: str
) -> None:
    game = await started_game(repo)
    good = TurnPing(game.id, 100, 5001, frozenset({11}), 0)
    bad = TurnPing(game.id, 100, 5002, frozenset({12}), 1)
    await repo.record_turn_ping(good)
    await repo.record_turn_ping(bad)
    with sqlite3.connect(db_path) as plain:
        plain.execute(f"UPDATE turn_pings SET {column} = {damage} WHERE message_id = ?", (bad.message_id,))

    with caplog.at_level(logging.WARNING, logger="storage"):
        assert await repo.turn_pings(game.id) == [good]
    assert any(
        f"turn ping {bad.message_id} of game {game.id} is unreadable" in r.getMessage()
        for r in caplog.records
    )

    # The game's end forgets it with the others.
    await repo.forget_game_pings(game.id)
    with sqlite3.connect(db_path) as plain:
        assert plain.execute("SELECT COUNT(*) FROM turn_pings").fetchone()[0] == 0
    assert (await repo.get(game.id)).status is GameStatus.ACTIVE
