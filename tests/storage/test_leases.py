"""Claims' leases, and when a reminder, a timeout, a computer turn or a move's failed
follow-through falls due, are counted by the database's own clock (``storage.claims``), on SQLite
and on PostgreSQL. Of two processes on one database whose clocks disagree, the one whose clock
runs ahead cannot take a computer turn, a reminder, a timeout or an owed follow-through the other
still holds, nor find one due early; once the lease has run out by the database's clock, another
process takes the claim over whatever its own clock says; and an owner's renewal holds its claim
for a lease whatever the owner's clock says. Each process is a repository opened with its own
clock, as the bot's process opens it."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from bot.stored import open_repository
from storage import Repository
from tests.storage.helpers import (
    clocked_game,
    computers_game,
    database_now,
    end_leases,
    random_move,
    started_game,
    time_passes,
)
from tests.storage.servers import Raw

PAUSE = 1.5
HELD = 30.0
"""How long the holder has held its claim when the other process looks: half of its 60-second
lease left."""
EARLY = 30.0
"""How long before a reminder or timeout falls due the other process looks for it."""
SKEWS = [
    pytest.param(timedelta(seconds=10), id="10s"),
    pytest.param(timedelta(minutes=10), id="10min"),
    pytest.param(timedelta(minutes=-10), id="-10min"),
    pytest.param(timedelta(hours=1), id="1h"),
]
"""How far the other process's clock runs ahead of the true time (behind, when negative)."""
MINUTE = 60.0
RETRY_PAUSE = 5 * MINUTE
"""A failed follow-through's pause before it is tried again (the bot's fourth, ``bot.owed``)."""


def skewed(by: timedelta) -> Callable[[], datetime]:
    """A process's clock that runs ``by`` ahead of the machine's."""
    return lambda: datetime.now(UTC) + by


def taken_between(until: float, lease: float, before: float, after: float) -> bool:
    """Whether a lease ending at ``until`` was taken or renewed between ``before`` and ``after``
    by the database's clock (to the millisecond: SQLite reads it so)."""
    return before - 0.001 <= until - lease <= after + 0.001


@pytest.mark.parametrize("skew", SKEWS)
async def test_a_process_whose_clock_is_off_cannot_take_a_computer_turn_another_holds(
    repo: Repository, db_url: str, skew: timedelta
) -> None:
    game = await computers_game(repo, channel_id=1)
    await repo.turn_clock.sync(game.id)
    assert await repo.computer_turns.claim(game.id)
    other = await open_repository(db_url, clock=skewed(skew))
    try:
        await time_passes(repo, HELD)
        assert await other.computer_turns.claim_due(pause_seconds=PAUSE) == []
        assert not await other.computer_turns.claim(game.id)
        assert await repo.computer_turns.pending() == {game.id: repo.claimant.owner}
        await end_leases(repo)  # the holder died a lease ago
        assert await other.computer_turns.claim_due(pause_seconds=PAUSE) == [game.id]
        assert await repo.computer_turns.pending() == {game.id: other.claimant.owner}
        assert not await repo.computer_turns.renew(game.id)
    finally:
        await other.close()


@pytest.mark.parametrize("skew", SKEWS)
async def test_a_computer_players_pause_ends_by_the_databases_clock(
    repo: Repository, db_url: str, skew: timedelta
) -> None:
    """Nobody holds the computer turn: a process whose clock is off still waits out the pause
    from when the turn fell due, by the database's clock, and no longer."""
    game = await computers_game(repo, channel_id=1)
    await repo.turn_clock.sync(game.id)
    other = await open_repository(db_url, clock=skewed(skew))
    try:
        assert await other.computer_turns.claim_due(pause_seconds=60) == []
        await time_passes(repo, 30)
        assert await other.computer_turns.claim_due(pause_seconds=60) == []
        await time_passes(repo, 30)
        assert await other.computer_turns.claim_due(pause_seconds=60) == [game.id]
    finally:
        await other.close()


async def test_a_lease_run_out_by_the_databases_clock_is_taken_over_whatever_the_takers_clock_says(
    repo: Repository, db_url: str
) -> None:
    game = await computers_game(repo, channel_id=1)
    await repo.turn_clock.sync(game.id)
    assert await repo.computer_turns.claim(game.id)
    await end_leases(repo)
    behind = await open_repository(db_url, clock=skewed(timedelta(hours=-1)))
    try:
        assert await behind.computer_turns.claim_due(pause_seconds=PAUSE) == [game.id]
    finally:
        await behind.close()


@pytest.mark.parametrize("skew", SKEWS)
async def test_an_owner_renews_its_claim_whatever_its_clock_says(
    db_url: str, raw: Raw, skew: timedelta
) -> None:
    """The holder's clock runs ``skew`` behind the other process's: its renewal still holds the
    computer turn for a lease from the database's now."""
    holder = await open_repository(db_url, clock=skewed(-skew))
    ahead = await open_repository(db_url, clock=skewed(skew))
    try:
        game = await computers_game(holder, channel_id=1)
        await holder.turn_clock.sync(game.id)
        assert await holder.computer_turns.claim(game.id)
        await time_passes(holder, HELD)
        before = await database_now(holder)
        assert await holder.computer_turns.renew(game.id)
        after = await database_now(holder)
        until = await raw.value("SELECT lease_until FROM computer_turns")
        assert taken_between(until, holder.claimant.lease_seconds, before, after)
        await time_passes(holder, HELD)
        assert await ahead.computer_turns.claim_due(pause_seconds=PAUSE) == []
        assert not await ahead.computer_turns.claim(game.id)
    finally:
        await ahead.close()
        await holder.close()


@pytest.mark.parametrize("skew", SKEWS)
async def test_a_process_whose_clock_is_off_neither_finds_a_turn_due_early_nor_takes_a_held_claim(
    repo: Repository, db_url: str, skew: timedelta
) -> None:
    game = await clocked_game(repo)  # reminded at 4 minutes, timed out at 10
    lease = timedelta(seconds=repo.claimant.lease_seconds)
    other = await open_repository(db_url, clock=skewed(skew))
    try:
        await time_passes(repo, 4 * MINUTE - EARLY)
        assert await other.turn_clock.claim_reminders() == []  # not yet, whatever its clock says
        await time_passes(repo, EARLY)
        (reminder,) = await repo.turn_clock.claim_reminders()
        await time_passes(repo, HELD)
        assert await other.turn_clock.claim_reminders() == []
        await end_leases(repo)
        (taken,) = await other.turn_clock.claim_reminders()
        assert (taken.game_id, taken.seat, taken.version) == (game.id, 0, 0)
        assert not await repo.turn_clock.complete_reminder(reminder)
        assert await other.turn_clock.complete_reminder(taken)

        await time_passes(repo, 6 * MINUTE - HELD - EARLY)
        assert await other.turn_clock.claim_timeouts() == []  # not yet, whatever its clock says
        await time_passes(repo, EARLY)
        (timeout,) = await repo.turn_clock.claim_timeouts()
        await time_passes(repo, HELD)
        assert await other.turn_clock.claim_timeouts() == []
        # When the lease ends, by the database's clock.
        due = await other.turn_clock.next_due()
        assert due.at is not None and due.now < due.at <= due.now + lease and not due.ready
        await end_leases(repo)
        assert (await other.turn_clock.next_due()).ready
        (taken,) = await other.turn_clock.claim_timeouts()
        assert (taken.seat, taken.version, taken.missed, taken.tries) == (0, 0, 1, 2)
        assert not await repo.turn_clock.complete_timeout(timeout)
        assert not await repo.turn_clock.release_timeout(timeout)
        assert await other.turn_clock.complete_timeout(taken)
    finally:
        await other.close()


@pytest.mark.parametrize("skew", SKEWS)
async def test_a_clock_started_by_a_process_whose_clock_is_off_falls_due_on_time(
    db_url: str, skew: timedelta
) -> None:
    """One process starts the turn's clock and stores a move, the other claims: the seat is
    reminded and timed out at its moments, whichever of them runs ahead."""
    starter = await open_repository(db_url, clock=skewed(skew))
    claimer = await open_repository(db_url, clock=skewed(-skew))
    try:
        game = await clocked_game(starter)
        await time_passes(starter, MINUTE)
        await starter.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"}, clocked=True)
        await time_passes(starter, 4 * MINUTE - EARLY)
        assert await claimer.turn_clock.claim_reminders() == []
        await time_passes(starter, EARLY)
        assert [due.version for due in await claimer.turn_clock.claim_reminders()] == [1]
        await time_passes(starter, 6 * MINUTE - EARLY)
        assert await claimer.turn_clock.claim_timeouts() == []
        await time_passes(starter, EARLY)
        assert [due.version for due in await claimer.turn_clock.claim_timeouts()] == [1]
    finally:
        await claimer.close()
        await starter.close()


async def test_a_timeout_whose_lease_ran_out_is_taken_over_by_a_process_whose_clock_lags(
    repo: Repository, db_url: str
) -> None:
    """The timeout is due by the database's clock, and its lease has run out by it: a taker whose
    clock lags ten minutes takes it over."""
    await clocked_game(repo)
    await time_passes(repo, 10 * MINUTE)
    (timeout,) = await repo.turn_clock.claim_timeouts()
    await end_leases(repo)
    behind = await open_repository(db_url, clock=skewed(timedelta(minutes=-10)))
    try:
        (taken,) = await behind.turn_clock.claim_timeouts()
        assert (taken.seat, taken.version, taken.tries) == (timeout.seat, timeout.version, 2)
    finally:
        await behind.close()


@pytest.mark.parametrize("skew", SKEWS)
async def test_a_process_whose_clock_is_off_neither_takes_a_held_follow_through_nor_retries_one_early(
    repo: Repository, db_url: str, skew: timedelta
) -> None:
    """What a move owes the table (``storage.owed``): held by the process that stored it, taken
    over once its lease has run out, and given back with a pause that ends, all by the database's
    clock, whichever process gave it back and whichever looks for it."""
    game = await started_game(repo)
    seat, action = random_move(game, random.Random(1))
    await repo.apply(game.id, expected_version=0, seat=seat, action=action, owes=lambda *_: {"board": True})
    other = await open_repository(db_url, clock=skewed(skew))
    try:
        await time_passes(repo, HELD)
        assert await other.owed.claim_due() == []  # its holder's lease runs
        await end_leases(repo)
        (taken,) = await other.owed.claim_due()
        assert (taken.game_id, taken.version, taken.tries) == (game.id, 1, 0)
        assert not await repo.owed.settle(game.id, 1, None)  # the dead holder's word counts no more

        assert await other.owed.retry_later(game.id, 1, {"board": True}, RETRY_PAUSE)
        assert await repo.owed.claim_due() == [] and await other.owed.claim_due() == []
        await time_passes(repo, RETRY_PAUSE - EARLY)
        assert await repo.owed.claim_due() == [] and await other.owed.claim_due() == []
        await time_passes(repo, EARLY)
        (again,) = await repo.owed.claim_due()
        assert (again.game_id, again.version, again.tries) == (game.id, 1, 1)
    finally:
        await other.close()
