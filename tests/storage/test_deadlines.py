"""Turn deadlines and server settings in storage: the clock of a seat, counted by the database's
clock; claims that fire once (also across a reopened database); and settings validated by
pydantic. Time passes for the games as it does for the database: the stored moments move back
(``time_passes``), the database's clock stays real."""

from __future__ import annotations

import os
from collections.abc import Awaitable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TypeVar

import pytest
from pydantic import ValidationError

from bot.stored import guild_settings, open_repository
from bot.stored.guild_settings import DEFAULT_SETTINGS, GuildSettings
from storage import Repository
from storage.backends import open_database
from storage.claims import from_epoch
from storage.migrations import LATEST, migrate
from storage.turn_clock import TurnDeadline
from tests.storage.conftest import TickingClock
from tests.storage.helpers import (
    PICKOMINO,
    clocked_game,
    database_now,
    end_leases,
    started_game,
    time_passes,
)
from tests.storage.servers import Raw

T = TypeVar("T")
MINUTE = 60.0


def minutes(n: float) -> timedelta:
    return timedelta(minutes=n)


async def timed(repo: Repository, call: Awaitable[T]) -> tuple[T, float, float]:
    """What ``call`` returns, and the database's clock just before and just after it."""
    before = await database_now(repo)
    result = await call
    return result, before, await database_now(repo)


def between(moment: datetime, before: float, after: float) -> bool:
    """Whether ``moment`` lies between two readings of the database's clock (to the millisecond:
    SQLite reads it so)."""
    return before - 0.001 <= moment.timestamp() <= after + 0.001


async def test_settings_default_and_stored(repo: Repository) -> None:
    assert await guild_settings.read(repo, 5) == DEFAULT_SETTINGS
    assert DEFAULT_SETTINGS.turn_limit_minutes == 24 * 60 and DEFAULT_SETTINGS.reminder_minutes == 120
    assert DEFAULT_SETTINGS.on_timeout == "ai"
    changed = GuildSettings(turn_limit_minutes=10, reminder_minutes=3, on_timeout="remove", channels=(7,))
    assert await guild_settings.write(repo, 5, changed) == changed
    assert await guild_settings.read(repo, 5) == changed
    assert await guild_settings.read(repo, 6) == DEFAULT_SETTINGS


@pytest.mark.parametrize(
    "fields",
    [
        {"turn_limit_minutes": 0, "reminder_minutes": 0},
        {"turn_limit_minutes": 10, "reminder_minutes": 10},
        {"on_timeout": "kick"},
        {"remove_after": 0},
        {"colour": "red"},
    ],
)
def test_bad_settings_are_refused(fields: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        GuildSettings.model_validate(fields)


async def test_a_turn_gets_one_deadline_from_the_databases_now_and_the_seats_own_moves_restart_it(
    repo: Repository,
) -> None:
    await guild_settings.write(repo, 1, GuildSettings(turn_limit_minutes=10, reminder_minutes=4))
    game = await started_game(repo)
    deadlines, before, after = await timed(repo, repo.turn_clock.sync(game.id))
    assert set(deadlines) == {0}
    start = deadlines[0].deadline_at - minutes(10)
    assert between(start, before, after) and deadlines[0].reminder_at == start + minutes(4)
    due = await repo.turn_clock.next_due()
    assert due.at == start + minutes(4) and not due.ready and due.now.timestamp() >= after - 0.001

    await time_passes(repo, MINUTE)
    roll = await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    moved, before, after = await timed(repo, repo.turn_clock.sync(game.id, present_seat=0))
    assert (
        between(moved[0].deadline_at - minutes(10), before, after) and moved[0].version == roll.game.version
    )
    assert await repo.turn_clock.deadlines(game.id) == moved


async def test_reminders_and_timeouts_are_claimed_once(repo: Repository) -> None:
    game = await clocked_game(repo)

    await time_passes(repo, 3 * MINUTE)
    assert await repo.turn_clock.claim_reminders() == []
    await time_passes(repo, MINUTE)
    (reminder,) = await repo.turn_clock.claim_reminders()
    assert (reminder.game_id, reminder.seat, reminder.user_id) == (game.id, 0, 11)
    await time_passes(repo, 30)
    assert await repo.turn_clock.claim_reminders() == []  # held, within its lease
    assert await repo.turn_clock.complete_reminder(reminder)
    await time_passes(repo, 4.5 * MINUTE)
    assert await repo.turn_clock.claim_reminders() == []  # done: never again
    due = await repo.turn_clock.next_due()
    assert due.at == (await repo.turn_clock.deadlines(game.id))[0].deadline_at and not due.ready

    assert await repo.turn_clock.claim_timeouts() == []
    await time_passes(repo, MINUTE)
    (timeout,) = await repo.turn_clock.claim_timeouts()
    assert (timeout.seat, timeout.version, timeout.missed, timeout.tries) == (0, 0, 1, 1)
    # Due again only if its lease runs out: a lease from the database's now.
    due = await repo.turn_clock.next_due()
    lease = timedelta(seconds=repo.claimant.lease_seconds)
    assert due.at is not None and due.now < due.at <= due.now + lease
    assert await repo.turn_clock.complete_timeout(timeout)
    await time_passes(repo, 50 * MINUTE)
    assert await repo.turn_clock.claim_timeouts() == []
    assert (await repo.turn_clock.next_due()).at is None


async def test_nothing_falls_due_before_its_time_by_the_databases_clock(repo: Repository) -> None:
    """The clock started at the database's now: half a minute before its time a reminder or a
    timeout is not due, and it is once its time has passed."""
    await clocked_game(repo)
    await time_passes(repo, 3.5 * MINUTE)
    assert not (await repo.turn_clock.next_due()).ready
    assert await repo.turn_clock.claim_reminders() == [] and await repo.turn_clock.claim_timeouts() == []
    await time_passes(repo, 0.5 * MINUTE)
    assert (await repo.turn_clock.next_due()).ready
    assert len(await repo.turn_clock.claim_reminders()) == 1
    await time_passes(repo, 5.5 * MINUTE)
    assert await repo.turn_clock.claim_timeouts() == []
    await time_passes(repo, 0.5 * MINUTE)
    assert len(await repo.turn_clock.claim_timeouts()) == 1


async def test_a_claim_carries_its_owner_and_its_lease(repo: Repository, raw: Raw) -> None:
    game = await started_game(repo)
    await repo.turn_clock.sync(game.id)
    await time_passes(repo, 24 * 60 * MINUTE)
    timeouts, before, after = await timed(repo, repo.turn_clock.claim_timeouts())
    assert len(timeouts) == 1
    row = (await raw.fetch("SELECT timeout_owner, timeout_until, timeout_tries FROM turn_deadlines"))[0]
    owner, until, tries = tuple(row)
    assert owner == repo.claimant.owner and tries == 1
    # The lease counts from the database's now (SQLite reads its clock to the millisecond).
    assert between(from_epoch(until - repo.claimant.lease_seconds), before, after)
    assert str(os.getpid()) in owner


async def test_a_claim_left_by_a_process_that_died_is_taken_over_after_its_lease(
    repo: Repository, db_url: str
) -> None:
    """Nobody else gets a held claim while its lease runs; then another process takes it over,
    as a further try of the same missed turn, and the first owner can no longer settle it."""
    await clocked_game(repo)
    await time_passes(repo, 4 * MINUTE)
    (reminder,) = await repo.turn_clock.claim_reminders()
    await time_passes(repo, 6 * MINUTE)
    (timeout,) = await repo.turn_clock.claim_timeouts()
    other = await open_repository(db_url)
    try:
        assert other.claimant.owner != repo.claimant.owner
        await time_passes(repo, 30)
        assert await other.turn_clock.claim_timeouts() == []
        await end_leases(repo)  # the first owner died a lease ago
        (taken,) = await other.turn_clock.claim_timeouts()
        assert (taken.seat, taken.version, taken.missed, taken.tries) == (0, 0, 1, 2)
        assert not await repo.turn_clock.complete_timeout(timeout)  # no longer the first owner's
        assert not await repo.turn_clock.release_timeout(timeout)
        assert await other.turn_clock.complete_timeout(taken)
        await time_passes(repo, 20 * MINUTE)
        assert await other.turn_clock.claim_reminders() == []  # the timeout settled it
        assert not await repo.turn_clock.complete_reminder(reminder)
    finally:
        await other.close()


async def test_a_released_timeout_is_due_again_and_counts_no_missed_turn(repo: Repository) -> None:
    game = await clocked_game(repo)
    await time_passes(repo, 10 * MINUTE)
    (claimed,) = await repo.turn_clock.claim_timeouts()
    assert await repo.turn_clock.release_timeout(claimed)
    due = await repo.turn_clock.next_due()
    assert due.ready and due.at == (await repo.turn_clock.deadlines(game.id))[0].deadline_at
    await time_passes(repo, MINUTE)
    (again,) = await repo.turn_clock.claim_timeouts()
    assert again == replace(claimed, tries=2)  # missed is 1 again, not 2

    # once the seat has moved, its old claim cannot be given back
    assert await repo.turn_clock.release_timeout(again)
    await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    await repo.turn_clock.sync(game.id, present_seat=0)
    assert not await repo.turn_clock.release_timeout(again)
    await time_passes(repo, MINUTE)
    assert await repo.turn_clock.claim_timeouts() == []


async def test_a_claim_survives_reopening_the_database(repo: Repository, db_url: str) -> None:
    game = await started_game(repo)
    await repo.turn_clock.sync(game.id)
    await time_passes(repo, 24 * 60 * MINUTE)
    (due,) = await repo.turn_clock.claim_timeouts()
    again = await open_repository(db_url)
    try:
        await time_passes(repo, 30)
        assert await again.turn_clock.claim_timeouts() == []  # still held
        assert await repo.turn_clock.complete_timeout(due)
        await time_passes(repo, 24 * 60 * MINUTE)
        assert await again.turn_clock.claim_timeouts() == []  # done
    finally:
        await again.close()


async def test_a_move_without_sync_holds_back_timeouts_until_synced(repo: Repository) -> None:
    """A move stored by a path that did not sync: the old deadline is not acted on, and the
    game is listed for the scheduler to sync."""
    game = await started_game(repo)
    await repo.turn_clock.sync(game.id)
    await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    assert await repo.turn_clock.unsynced_games() == [game.id]
    await time_passes(repo, 2 * 24 * 60 * MINUTE)
    assert await repo.turn_clock.claim_timeouts() == []
    await repo.turn_clock.sync(game.id)
    assert await repo.turn_clock.unsynced_games() == []
    await time_passes(repo, MINUTE)
    assert await repo.turn_clock.claim_timeouts() == []


async def first_legal_move(repo: Repository, game_id: int) -> int:
    record = await repo.get(game_id)
    seat = PICKOMINO.to_act(record.state)[0]
    action = PICKOMINO.dump_action(PICKOMINO.legal_actions(record.state, seat)[0])
    await repo.apply(game_id, expected_version=record.version, seat=seat, action=action)
    return seat


async def test_missed_turns_count_in_a_row_and_a_own_move_resets_them(repo: Repository) -> None:
    await guild_settings.write(repo, 1, GuildSettings(turn_limit_minutes=1, reminder_minutes=0))
    game = await started_game(repo)
    await repo.turn_clock.sync(game.id)
    for expected in (1, 2):
        await time_passes(repo, MINUTE)
        (due,) = await repo.turn_clock.claim_timeouts()
        assert due.missed == expected
        await first_legal_move(repo, game.id)
        await repo.turn_clock.sync(game.id)  # played for the seat: not their own move
    seat = await first_legal_move(repo, game.id)
    await repo.turn_clock.sync(game.id, present_seat=seat)
    await time_passes(repo, MINUTE)
    (due,) = await repo.turn_clock.claim_timeouts()
    assert due.missed == 1


async def test_a_finished_or_abandoned_game_loses_its_deadlines(repo: Repository) -> None:
    game = await started_game(repo)
    await repo.turn_clock.sync(game.id)
    await repo.abandon(game.id)
    assert await repo.turn_clock.unsynced_games() == [game.id]
    assert await repo.turn_clock.sync(game.id) == {}
    assert await repo.turn_clock.deadlines(game.id) == {} and (await repo.turn_clock.next_due()).at is None


async def test_computer_players_get_no_deadline(repo: Repository) -> None:
    game = await started_game(repo, humans=(11,), ais=1)
    record = game
    # Seat 0 (a person) acts first; play until the computer player is to act.
    while PICKOMINO.to_act(record.state) != (1,):
        action = PICKOMINO.dump_action(PICKOMINO.legal_actions(record.state, 0)[-1])
        record = (await repo.apply(game.id, expected_version=record.version, seat=0, action=action)).game
    assert await repo.turn_clock.sync(game.id) == {}


async def test_a_move_applied_with_the_turn_clock_syncs_in_its_own_transaction(repo: Repository) -> None:
    game = await clocked_game(repo)
    await time_passes(repo, 2 * MINUTE)
    applied, before, after = await timed(
        repo, repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"}, clocked=True)
    )
    assert between(applied.deadlines[0].deadline_at - minutes(10), before, after)
    assert await repo.turn_clock.deadlines(game.id) == applied.deadlines
    assert await repo.turn_clock.unsynced_games() == []
    plain = await repo.apply(game.id, expected_version=1, seat=0, action=first_keep(applied.game.state))
    assert plain.deadlines == {} and await repo.turn_clock.unsynced_games() == [game.id]


def first_keep(state: object) -> dict[str, object]:
    action: dict[str, object] = PICKOMINO.dump_action(PICKOMINO.legal_actions(state, 0)[0])
    return action


async def clock_row(raw: Raw, game_id: int, seat: int) -> tuple[int, float | None, float]:
    """A seat's row as stored: its version, reminder and deadline (the database's Unix seconds)."""
    row = await raw.fetch(
        "SELECT version, reminder_at, deadline_at FROM turn_deadlines WHERE game_id = ? AND seat = ?",
        game_id,
        seat,
    )
    version, reminder, deadline = tuple(row[0])
    return int(version), reminder, deadline


def holds(
    row: tuple[int, float | None, float], version: int, reminder: datetime | None, deadline: datetime
) -> bool:
    """Whether ``row`` (``clock_row``) holds this clock, to the millisecond."""
    times = (row[1], reminder), (row[2], deadline)
    return row[0] == version and all(
        (kept is None) == (moment is None) and (moment is None or abs(kept - moment.timestamp()) < 0.001)
        for kept, moment in times
    )


async def roll(repo: Repository, game_id: int, version: int) -> dict[int, TurnDeadline]:
    """Seat 0 rolls (in Pickomino it is then still to act, to keep dice), with the turn clock."""
    applied = await repo.apply(
        game_id, expected_version=version, seat=0, action={"kind": "roll"}, clocked=True
    )
    return applied.deadlines


async def test_a_move_of_a_seat_still_to_act_leaves_its_row_and_its_clock_restarts_all_the_same(
    repo: Repository, raw: Raw
) -> None:
    """The row keeps the times it had, the earliest the seat can be due; every reader sees the
    clock counted from the move; the reminder and timeout come due from the move, and the claim
    that finds the stored time passed first brings the row up to date."""
    game = await clocked_game(repo)
    first = (await repo.turn_clock.deadlines(game.id))[0]
    await time_passes(repo, 2 * MINUTE)
    deadlines = await roll(repo, game.id, 0)
    moved = deadlines[0]
    assert (moved.version, moved.reminder_at) == (1, moved.deadline_at - minutes(6))
    assert first.reminder_at is not None  # the row keeps its times, two minutes nearer now
    assert holds(
        await clock_row(raw, game.id, 0), 0, first.reminder_at - minutes(2), first.deadline_at - minutes(2)
    )
    assert await repo.turn_clock.deadlines(game.id) == deadlines
    assert await repo.turn_clock.unsynced_games() == []

    await time_passes(repo, 2 * MINUTE)
    # The stored time came due: a claim looks, and finds that the seat moved since.
    assert (await repo.turn_clock.next_due()).ready
    assert await repo.turn_clock.claim_reminders() == []
    assert holds(
        await clock_row(raw, game.id, 0), 1, moved.reminder_at - minutes(2), moved.deadline_at - minutes(2)
    )
    due = await repo.turn_clock.next_due()
    assert due.at == (await repo.turn_clock.deadlines(game.id))[0].reminder_at and not due.ready
    await time_passes(repo, 2 * MINUTE)
    (reminder,) = await repo.turn_clock.claim_reminders()
    assert (reminder.seat, reminder.version) == (0, 1)
    assert await repo.turn_clock.complete_reminder(reminder)
    await time_passes(repo, 5 * MINUTE)
    assert await repo.turn_clock.claim_timeouts() == []
    await time_passes(repo, MINUTE)
    (timeout,) = await repo.turn_clock.claim_timeouts()
    assert (timeout.seat, timeout.version, timeout.missed) == (0, 1, 1)


async def test_a_claim_that_finds_the_seat_moved_since_claims_at_once_when_still_due(
    repo: Repository,
) -> None:
    """A scheduler that was down past the moved deadline: the row is brought up to date and the
    timeout claimed in the same pass."""
    game = await clocked_game(repo)
    await time_passes(repo, 2 * MINUTE)
    await roll(repo, game.id, 0)
    await time_passes(repo, 28 * MINUTE)
    (timeout,) = await repo.turn_clock.claim_timeouts()
    assert (timeout.seat, timeout.version, timeout.tries) == (0, 1, 1)
    assert await repo.turn_clock.claim_reminders() == []  # the timeout settled it


async def test_a_seat_moving_after_its_reminder_is_reminded_again_later(repo: Repository, raw: Raw) -> None:
    """A clock something was claimed on starts afresh on the row itself: the reminder went out,
    the seat moved, so a new reminder is due from the move."""
    game = await clocked_game(repo)
    await time_passes(repo, 4 * MINUTE)
    (reminder,) = await repo.turn_clock.claim_reminders()
    assert await repo.turn_clock.complete_reminder(reminder)
    await time_passes(repo, MINUTE)
    moved = (await roll(repo, game.id, 0))[0]
    assert holds(await clock_row(raw, game.id, 0), 1, moved.reminder_at, moved.deadline_at)
    assert (await repo.turn_clock.next_due()).at == moved.reminder_at
    await time_passes(repo, 4 * MINUTE)
    (again,) = await repo.turn_clock.claim_reminders()
    assert (again.seat, again.version) == (0, 1)


async def test_a_claim_held_when_the_seat_moves_is_void(repo: Repository) -> None:
    game = await clocked_game(repo)
    await time_passes(repo, 10 * MINUTE)
    (timeout,) = await repo.turn_clock.claim_timeouts()
    deadlines, before, after = await timed(repo, roll(repo, game.id, 0))
    assert deadlines[0].version == 1 and between(deadlines[0].deadline_at - minutes(10), before, after)
    assert not await repo.turn_clock.complete_timeout(timeout)  # the clock it was claimed on is gone
    await time_passes(repo, 9 * MINUTE)
    assert await repo.turn_clock.claim_timeouts() == []
    await time_passes(repo, MINUTE)
    assert [due.version for due in await repo.turn_clock.claim_timeouts()] == [1]


async def test_new_settings_count_from_the_next_clock_and_a_running_one_keeps_its_own(
    repo: Repository, raw: Raw
) -> None:
    """A clock restarted in place counts with the settings it was started with, as the fresh
    row that move would have written did; a move under other settings writes its row again."""
    game = await clocked_game(repo)
    await time_passes(repo, MINUTE)
    rolled = (await roll(repo, game.id, 0))[0]
    await guild_settings.write(repo, 1, GuildSettings(turn_limit_minutes=30, reminder_minutes=0))
    assert (await repo.turn_clock.deadlines(game.id))[0] == rolled  # 10 minutes from the roll
    await time_passes(repo, 10 * MINUTE)
    assert [due.version for due in await repo.turn_clock.claim_timeouts()] == [1]

    record = await repo.get(game.id)
    seat = PICKOMINO.to_act(record.state)[0]
    action = PICKOMINO.dump_action(PICKOMINO.legal_actions(record.state, seat)[0])
    applied, before, after = await timed(
        repo, repo.apply(game.id, expected_version=record.version, seat=seat, action=action, clocked=True)
    )
    deadline = applied.deadlines[seat]
    assert deadline == TurnDeadline(game.id, seat, 2, None, deadline.deadline_at)
    assert between(deadline.deadline_at - minutes(30), before, after)
    assert holds(await clock_row(raw, game.id, seat), 2, None, deadline.deadline_at)
    assert await repo.turn_clock.deadlines(game.id) == applied.deadlines


async def test_a_v10_database_is_upgraded_with_its_clocks_kept_and_synced_on_the_games_rows(
    db_url: str, raw: Raw
) -> None:
    database = await open_database(db_url)
    assert await migrate(database, target=10) == 10
    v10 = Repository(database, clock=TickingClock())  # the v10 schema driven by today's code
    try:
        await guild_settings.write(v10, 1, GuildSettings(turn_limit_minutes=10, reminder_minutes=4))
        running = await started_game(v10, channel_id=1)
        moved = await started_game(v10, channel_id=2)
        await v10.apply(moved.id, expected_version=0, seat=0, action={"kind": "roll"})  # not synced
        stopped = await started_game(v10, channel_id=3)
        await v10.abandon(stopped.id)
        start = await database_now(v10)
        async with database.transaction(write=True) as db:  # the clocks as v10 kept them
            for game, reminded in ((running, 0), (moved, 1)):
                await db.execute(
                    "INSERT INTO turn_deadlines (game_id, seat, version, reminder_at, deadline_at, reminded)"
                    " VALUES (?, 0, 0, ?, ?, ?)",
                    (game.id, start + 4 * MINUTE, start + 10 * MINUTE, reminded),
                )
            for game in (running, moved, stopped):
                await db.execute("INSERT INTO turn_sync (game_id, version) VALUES (?, 0)", (game.id,))
    finally:
        await v10.close()

    repo = await open_repository(db_url)
    try:
        assert await raw.version() == LATEST
        assert "turn_sync" not in await raw.tables()
        assert await repo.turn_clock.unsynced_games() == [moved.id]
        due = await raw.fetch("SELECT id, turns_due FROM games WHERE status = 'active' ORDER BY id")
        assert [tuple(row) for row in due] == [
            (running.id, start + 4 * MINUTE),
            (moved.id, start + 10 * MINUTE),
        ]
        assert await repo.turn_clock.deadlines(running.id) == {
            0: TurnDeadline(running.id, 0, 0, from_epoch(start + 4 * MINUTE), from_epoch(start + 10 * MINUTE))
        }
        assert (await repo.turn_clock.next_due()).at == from_epoch(start + 4 * MINUTE)

        # A clock written before v12 does not know its settings: the seat's move writes it anew.
        await time_passes(repo, MINUTE)
        applied = (await roll(repo, running.id, 0))[0]
        assert (applied.version, applied.reminder_at) == (1, applied.deadline_at - minutes(6))
        assert holds(await clock_row(raw, running.id, 0), 1, applied.reminder_at, applied.deadline_at)
        await time_passes(repo, 9 * MINUTE)
        # The moved game is not synced yet.
        assert await repo.turn_clock.claim_timeouts() == []
        (reminder,) = await repo.turn_clock.claim_reminders()
        assert (reminder.game_id, reminder.version) == (running.id, 1)
    finally:
        await repo.close()
