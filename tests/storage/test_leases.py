"""Claims' leases are counted by the database's own clock (``storage.claims``), on SQLite and on
PostgreSQL. Of two processes on one database whose clocks disagree, the one whose clock runs
ahead cannot take a computer turn, a reminder or a timeout the other still holds; once the lease
has run out by the database's clock, another process takes the claim over whatever its own clock
says; and an owner's renewal holds its claim for a lease whatever the owner's clock says. Each
process is a repository and the clock its bot reads (the ``now`` given to every call)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.stored import open_repository
from storage import Repository
from tests.storage.helpers import clocked_game, computers_game, database_now, end_leases
from tests.storage.servers import Raw

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
"""The holder's clock when it claims."""
PAUSE = 1.5
HELD = timedelta(seconds=55)
"""How long the holder has held its claim by its own clock when the other process looks: 5 s
of its 60-second lease left, had the lease been counted by the holder's clock."""
SKEWS = [pytest.param(timedelta(seconds=10), id="10s"), pytest.param(timedelta(hours=1), id="1h")]
"""How far the other process's clock runs ahead of the holder's."""


def minutes(n: float) -> timedelta:
    return timedelta(minutes=n)


def taken_between(until: float, lease: float, before: float, after: float) -> bool:
    """Whether a lease ending at ``until`` was taken or renewed between ``before`` and ``after``
    by the database's clock (to the millisecond: SQLite reads it so)."""
    return before - 0.001 <= until - lease <= after + 0.001


@pytest.mark.parametrize("skew", SKEWS)
async def test_a_process_whose_clock_runs_ahead_cannot_take_a_computer_turn_another_holds(
    repo: Repository, db_url: str, skew: timedelta
) -> None:
    game = await computers_game(repo, channel_id=1)
    await repo.turn_clock.sync(game.id, now=T0)
    assert await repo.computer_turns.claim(game.id)
    ahead = await open_repository(db_url)
    try:
        now = T0 + HELD + skew  # the other process's clock
        assert await ahead.computer_turns.claim_due(now, pause_seconds=PAUSE) == []
        assert not await ahead.computer_turns.claim(game.id)
        assert await repo.computer_turns.pending() == {game.id: repo.claimant.owner}
        await end_leases(repo)  # the holder died a lease ago
        assert await ahead.computer_turns.claim_due(now, pause_seconds=PAUSE) == [game.id]
        assert await repo.computer_turns.pending() == {game.id: ahead.claimant.owner}
        assert not await repo.computer_turns.renew(game.id)
    finally:
        await ahead.close()


async def test_a_lease_run_out_by_the_databases_clock_is_taken_over_whatever_the_takers_clock_says(
    repo: Repository, db_url: str
) -> None:
    game = await computers_game(repo, channel_id=1)
    await repo.turn_clock.sync(game.id, now=T0)
    assert await repo.computer_turns.claim(game.id)
    await end_leases(repo)
    behind = await open_repository(db_url)
    try:
        now = T0 - timedelta(hours=1)  # its clock, an hour behind the holder's when it claimed
        assert await behind.computer_turns.claim_due(now, pause_seconds=PAUSE) == [game.id]
    finally:
        await behind.close()


@pytest.mark.parametrize("skew", SKEWS)
async def test_an_owner_renews_its_claim_whatever_its_clock_says(
    repo: Repository, db_url: str, raw: Raw, skew: timedelta
) -> None:
    """The holder's clock runs ``skew`` behind the other process's: its renewal still holds the
    computer turn for a lease from the database's now."""
    game = await computers_game(repo, channel_id=1)
    await repo.turn_clock.sync(game.id, now=T0)
    assert await repo.computer_turns.claim(game.id)
    before = await database_now(repo)
    assert await repo.computer_turns.renew(game.id)
    after = await database_now(repo)
    until = await raw.value("SELECT lease_until FROM computer_turns")
    assert taken_between(until, repo.claimant.lease_seconds, before, after)
    ahead = await open_repository(db_url)
    try:
        assert await ahead.computer_turns.claim_due(T0 + HELD + skew, pause_seconds=PAUSE) == []
        assert not await ahead.computer_turns.claim(game.id)
    finally:
        await ahead.close()


@pytest.mark.parametrize("skew", SKEWS)
async def test_a_process_whose_clock_runs_ahead_cannot_take_a_reminder_or_timeout_another_holds(
    repo: Repository, db_url: str, skew: timedelta
) -> None:
    game = await clocked_game(repo, T0)  # reminded at 4 minutes, timed out at 10
    lease = timedelta(seconds=repo.claimant.lease_seconds)
    ahead = await open_repository(db_url)
    try:
        (reminder,) = await repo.turn_clock.claim_reminders(T0 + minutes(4))
        now = T0 + minutes(4) + HELD + skew  # the other process's clock
        assert await ahead.turn_clock.claim_reminders(now) == []
        await end_leases(repo)
        (taken,) = await ahead.turn_clock.claim_reminders(now)
        assert (taken.game_id, taken.seat, taken.version) == (game.id, 0, 0)
        assert not await repo.turn_clock.complete_reminder(reminder)
        assert await ahead.turn_clock.complete_reminder(taken)

        (timeout,) = await repo.turn_clock.claim_timeouts(T0 + minutes(10))
        now = T0 + minutes(10) + HELD + skew
        assert await ahead.turn_clock.claim_timeouts(now) == []
        # When the lease ends, told on the other process's clock (to the millisecond).
        due = await ahead.turn_clock.next_due(now)
        assert due is not None and now < due <= now + lease + timedelta(milliseconds=1)
        await end_leases(repo)
        due = await ahead.turn_clock.next_due(now)
        assert due is not None and due <= now
        (taken,) = await ahead.turn_clock.claim_timeouts(now)
        assert (taken.seat, taken.version, taken.missed, taken.tries) == (0, 0, 1, 2)
        assert not await repo.turn_clock.complete_timeout(timeout)
        assert not await repo.turn_clock.release_timeout(timeout)
        assert await ahead.turn_clock.complete_timeout(taken)
    finally:
        await ahead.close()


async def test_a_timeout_whose_lease_ran_out_is_taken_over_by_a_process_whose_clock_lags(
    repo: Repository, db_url: str
) -> None:
    """The taker's clock reads the moment the holder claimed (by the holder's clock): the
    timeout is due by the game's time, and the lease has run out by the database's."""
    await clocked_game(repo, T0)
    (timeout,) = await repo.turn_clock.claim_timeouts(T0 + minutes(10))
    await end_leases(repo)
    behind = await open_repository(db_url)
    try:
        (taken,) = await behind.turn_clock.claim_timeouts(T0 + minutes(10))
        assert (taken.seat, taken.version, taken.tries) == (timeout.seat, timeout.version, 2)
    finally:
        await behind.close()
