"""On PostgreSQL a timeout's claim and a move of the same seat run in transactions of their own,
possibly in two processes at once. Both go through the game's row first (a claim reads it
``FOR UPDATE``, a move updates it), so they take turns: whichever gets the row first commits
before the other reads anything. Here a third connection holds the row while both queue behind
it in a chosen order, then lets go, so each order is played for certain. (On SQLite every write
transaction takes the file's write lock first, so the two cannot interleave at all.)"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from datetime import timedelta
from typing import Any

import asyncpg
import pytest

from storage import Repository
from tests.storage.helpers import clocked_game, time_passes

LIMIT = 10 * 60.0
"""Seat 0's turn limit, in seconds (``clocked_game``)."""

pytestmark = pytest.mark.parametrize("backend", ["postgresql"])
"""PostgreSQL's ``repo`` and ``db_url`` only (the fixtures' other backend, SQLite, cannot interleave)."""


async def waiting_for_locks(holder: asyncpg.Connection, count: int) -> None:
    """Until ``count`` other sessions of this database wait for a lock. (Within a transaction
    the server shows the sessions as they were at its first look unless told to look again.)"""
    for _ in range(1000):
        await holder.execute("SELECT pg_stat_clear_snapshot()")
        waiting = await holder.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        )
        if waiting >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{count} sessions never came to wait for the game's row")


async def in_order(
    url: str, game_id: int, first: Coroutine[Any, Any, Any], second: Coroutine[Any, Any, Any]
) -> tuple[Any, Any]:
    """``first`` then ``second`` queue for the game's row while a third connection holds it;
    then it lets go, and both run to their ends. Their results, in that order."""
    holder = await asyncpg.connect(url)
    try:
        async with holder.transaction():
            await holder.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game_id)
            before = asyncio.ensure_future(first)
            await waiting_for_locks(holder, 1)
            after = asyncio.ensure_future(second)
            await waiting_for_locks(holder, 2)
        return await before, await after
    finally:
        await holder.close()


async def due_game(repo: Repository) -> int:
    """A game whose seat 0's time has just run out."""
    game_id = (await clocked_game(repo)).id
    await time_passes(repo, LIMIT)
    return game_id


def roll(repo: Repository, game_id: int) -> Coroutine[Any, Any, Any]:
    """Seat 0 rolls, with the turn clock (it is then still to act, to keep)."""
    return repo.apply(game_id, expected_version=0, seat=0, action={"kind": "roll"}, clocked=True)


async def test_a_move_that_takes_the_row_first_leaves_the_claim_nothing_to_claim(
    repo: Repository, db_url: str
) -> None:
    game_id = await due_game(repo)
    move, claim = roll(repo, game_id), repo.turn_clock.claim_timeouts()
    applied, claimed = await in_order(db_url, game_id, move, claim)
    assert applied.game.version == 1
    assert claimed == []  # the seat moved: its clock starts again from the move
    assert (await repo.turn_clock.deadlines(game_id))[0] == applied.deadlines[0]
    assert applied.deadlines[0].deadline_at - applied.deadlines[0].reminder_at == timedelta(minutes=6)
    await time_passes(repo, LIMIT - 30)
    assert await repo.turn_clock.claim_timeouts() == []
    await time_passes(repo, 30)
    (later,) = await repo.turn_clock.claim_timeouts()
    assert (later.seat, later.missed) == (0, 1)


async def test_a_claim_that_takes_the_row_first_is_void_once_the_seat_has_moved(
    repo: Repository, db_url: str
) -> None:
    game_id = await due_game(repo)
    claim, move = repo.turn_clock.claim_timeouts(), roll(repo, game_id)
    claimed, applied = await in_order(db_url, game_id, claim, move)
    (timeout,) = claimed
    assert (timeout.seat, timeout.version, timeout.missed) == (0, 0, 1)
    assert applied.game.version == 1  # the move is stored all the same
    # Whoever holds the claim finds the turn played: the claim is void, and the seat's clock
    # runs afresh from its move.
    assert not await repo.turn_clock.complete_timeout(timeout)
    assert (await repo.turn_clock.deadlines(game_id))[0] == applied.deadlines[0]
    await time_passes(repo, LIMIT - 30)
    assert await repo.turn_clock.claim_timeouts() == []
    await time_passes(repo, 30)
    (again,) = await repo.turn_clock.claim_timeouts()
    assert (again.seat, again.version) == (0, 1)
