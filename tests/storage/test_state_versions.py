"""A game stored at an older state version than its rules' is upgraded by its own hook and its
snapshot, a cache of its log, rebuilt by replaying the log when the database is opened; once,
however many processes open it at the same moment. Pickomino stands in for any game: its rules
are given a newer state version here."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

import engine
from storage import GameUnavailable, Repository, open_repository
from storage.backends import open_database
from storage.snapshots import snapshot
from storage.state_versions import upgrade_games
from tests.storage.helpers import PICKOMINO, play, started_game
from tests.storage.servers import Raw


async def _stale_games(repo: Repository, raw: Raw) -> tuple[int, int, str]:
    """A running game, its snapshot replaced by its first position (a stale cache), and a lobby;
    both stored at state version 1. The running game's snapshot as its log gives it."""
    game = await play(repo, await started_game(repo), random.Random(2), moves=12)
    lobby = await repo.create_lobby(
        "pickomino", guild_id=1, channel_id=200, host_id=11, host_name="user11", options={}
    )
    first = snapshot(PICKOMINO, PICKOMINO.new(len(game.seats), game.seed or 0, game.options))
    await raw.execute("UPDATE games SET state = ? WHERE id = ?", first, game.id)
    await raw.execute("UPDATE games SET state_version = 1")  # as the rules before stored them
    return game.id, lobby.id, snapshot(PICKOMINO, game.state)


@pytest.fixture
def newer_rules(monkeypatch: pytest.MonkeyPatch) -> list[tuple[dict[str, Any], int]]:
    """Pickomino's rules at state version 2, whose upgrade is recorded."""
    calls: list[tuple[dict[str, Any], int]] = []

    def upgrade(self: object, options: dict[str, Any], from_version: int) -> dict[str, Any]:
        calls.append((dict(options), from_version))
        return dict(options)

    monkeypatch.setattr(type(PICKOMINO), "state_version", 2)
    monkeypatch.setattr(type(PICKOMINO), "upgrade_options", upgrade)
    return calls


async def test_an_older_game_is_upgraded_and_rebuilt_from_its_log(
    repo: Repository, raw: Raw, db_url: str, newer_rules: list[tuple[dict[str, Any], int]]
) -> None:
    game_id, lobby_id, replayed = await _stale_games(repo, raw)
    reopened = await open_repository(db_url)
    try:
        assert sorted(from_version for _, from_version in newer_rules) == [1, 1]
        rows = await raw.fetch("SELECT id, state_version, state FROM games ORDER BY id")
        assert [(r[0], r[1]) for r in rows] == [(game_id, 2), (lobby_id, 2)]
        assert rows[0][2] == replayed  # the cache rebuilt from the log, not the stale snapshot kept
        assert rows[1][2] is None
        record = await reopened.get(game_id)
        assert snapshot(PICKOMINO, record.state) == replayed and record.version == 12
        assert await reopened.verify() == []
        newer_rules.clear()
        assert await upgrade_games(reopened.database) == []  # nothing left to upgrade
        assert newer_rules == []
        lobby = await reopened.get(lobby_id)
        assert lobby.options == json.loads(
            await raw.value("SELECT options FROM games WHERE id = ?", lobby_id)
        )
    finally:
        await reopened.close()


async def test_a_game_that_cannot_be_rebuilt_stays_as_stored_and_is_named(
    repo: Repository, raw: Raw, db_url: str, newer_rules: list[tuple[dict[str, Any], int]]
) -> None:
    game_id, _, _ = await _stale_games(repo, raw)
    await raw.execute("UPDATE games SET options = ? WHERE id = ?", '{"no such option": 1}', game_id)
    reopened = await open_repository(db_url)
    try:
        assert await raw.value("SELECT state_version FROM games WHERE id = ?", game_id) == 1
        with pytest.raises(GameUnavailable):
            await reopened.get(game_id)
        problems = [m.reason for m in await reopened.verify() if m.game_id == game_id]
        assert "stored at state version 1, not upgraded to 2" in problems
    finally:
        await reopened.close()


async def test_processes_opening_at_once_upgrade_each_game_once(
    repo: Repository, raw: Raw, db_url: str, newer_rules: list[tuple[dict[str, Any], int]]
) -> None:
    games = [await started_game(repo, channel_id=300 + n, seed=n) for n in range(6)]
    await raw.execute("UPDATE games SET state_version = 1")
    databases = [await open_database(db_url) for _ in range(3)]
    try:
        done = await asyncio.gather(*(upgrade_games(database) for database in databases))
    finally:
        for database in databases:
            await database.close()
    upgraded = [game_id for ids in done for game_id in ids]
    assert sorted(upgraded) == sorted(g.id for g in games)  # each once, by one of them
    assert len(newer_rules) == len(games)  # the others found it done under the row's lock
    assert await raw.value("SELECT COUNT(*) FROM games WHERE state_version != 2") == 0
    assert engine.get_game("pickomino").state_version == 2
