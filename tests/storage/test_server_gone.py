"""PostgreSQL going away under a running repository: every operation says so with one error,
``DatabaseUnavailable``, whatever the driver or the socket raised; and a move whose connection
died around its commit is looked up again, so the caller learns the truth — stored (the move is
returned as played) or not stored (``DatabaseUnavailable``, the game as it was)."""

from __future__ import annotations

import contextlib
import random
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from storage import CommitUnknown, DatabaseUnavailable, MoveNotStored, Repository, open_repository
from storage.postgres import PostgresConnection
from tests.storage.conftest import TickingClock
from tests.storage.helpers import random_move, started_game

CUT = "SELECT pg_terminate_backend(pg_backend_pid())"
"""The server ends the connection that runs this, as a restart or an operator would."""


async def unreachable(*args: Any, **kwargs: Any) -> Any:
    raise FileNotFoundError(2, "No such file or directory")  # what a gone Unix socket raises


@pytest.fixture
async def pg_repo(postgres_url: str, clock: TickingClock) -> AsyncIterator[Repository]:
    repository = await open_repository(postgres_url, clock=clock)
    yield repository
    await repository.close()


def cut_after_the_move(monkeypatch: pytest.MonkeyPatch, *, then_unreachable: bool = False) -> None:
    """The next move's statement runs, then the server cuts its connection: a move of one
    statement is committed by then and only its answer is lost; a move in a transaction is not
    committed yet, and the cut rolls it back."""
    original = PostgresConnection.update_then_insert

    async def then_cut(self: PostgresConnection, *args: Any) -> Any:
        monkeypatch.setattr(PostgresConnection, "update_then_insert", original)
        row = await original(self, *args)
        if then_unreachable:
            monkeypatch.setattr(PostgresConnection, "fetch", unreachable)
        await self.execute(CUT)
        return row

    monkeypatch.setattr(PostgresConnection, "update_then_insert", then_cut)


async def test_a_move_committed_before_its_connection_died_is_returned_as_played(
    pg_repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await started_game(pg_repo)
    seat, action = random_move(game, random.Random(3))
    cut_after_the_move(monkeypatch)
    applied = await pg_repo.apply(game.id, expected_version=0, seat=seat, action=action)
    assert applied.game.version == 1
    stored = await pg_repo.get(game.id)
    assert (stored.version, stored.state) == (1, applied.game.state)
    assert [(m.seq, m.seat, m.action) for m in await pg_repo.moves(game.id)] == [(1, seat, action)]


async def test_a_move_whose_connection_died_before_commit_is_reported_not_stored(
    pg_repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await started_game(pg_repo)
    seat, action = random_move(game, random.Random(3))
    cut_after_the_move(monkeypatch)
    with pytest.raises(MoveNotStored):
        # With the turn clock the move is a transaction: the cut comes before its COMMIT.
        await pg_repo.apply(game.id, expected_version=0, seat=seat, action=action, clocked=True)
    assert (await pg_repo.get(game.id)).version == 0
    assert await pg_repo.moves(game.id) == []
    # The move can simply be made again.
    assert (await pg_repo.apply(game.id, expected_version=0, seat=seat, action=action)).game.version == 1


async def test_a_read_whose_connection_the_server_ends_is_database_unavailable(
    pg_repo: Repository, postgres_url: str
) -> None:
    game = await started_game(pg_repo)
    with pytest.raises(DatabaseUnavailable):
        await pg_repo.database.run(lambda db: db.fetch(CUT), write=False)
    # Every connection of the pool ended behind its back, as a server restart does: a read
    # is served by a new connection, or says the database is unavailable — nothing else.
    admin = await asyncpg.connect(postgres_url)
    try:
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE application_name = 'tavern' AND pid != pg_backend_pid()"
        )
    finally:
        await admin.close()
    with contextlib.suppress(DatabaseUnavailable):
        await pg_repo.get(game.id)
    assert (await pg_repo.get(game.id)).id == game.id  # the pool connects again


async def test_a_move_when_the_server_cannot_be_asked_again_is_commit_unknown(
    pg_repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await started_game(pg_repo)
    seat, action = random_move(game, random.Random(3))
    cut_after_the_move(monkeypatch, then_unreachable=True)
    monkeypatch.setattr("storage.repository.RECHECK_PAUSES", (0.0, 0.0))
    with pytest.raises(CommitUnknown):
        await pg_repo.apply(game.id, expected_version=0, seat=seat, action=action)
