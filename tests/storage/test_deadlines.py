"""Turn deadlines and server settings in storage: the clock of a seat, claims that fire once
(also across a reopened database), and settings validated by pydantic."""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from bot.stored import guild_settings, open_repository
from bot.stored.guild_settings import DEFAULT_SETTINGS, GuildSettings
from storage import Repository
from storage.backends import open_database
from storage.migrations import LATEST, migrate
from storage.turn_clock import TurnDeadline
from tests.storage.conftest import TickingClock
from tests.storage.helpers import PICKOMINO, clocked_game, database_now, end_leases, started_game
from tests.storage.servers import Raw

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def minutes(n: float) -> timedelta:
    return timedelta(minutes=n)


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


async def test_a_turn_gets_one_deadline_and_the_seats_own_moves_restart_it(repo: Repository) -> None:
    await guild_settings.write(repo, 1, GuildSettings(turn_limit_minutes=10, reminder_minutes=4))
    game = await started_game(repo)
    deadlines = await repo.turn_clock.sync(game.id, now=T0)
    assert set(deadlines) == {0}
    assert deadlines[0].reminder_at == T0 + minutes(4) and deadlines[0].deadline_at == T0 + minutes(10)
    assert await repo.turn_clock.next_due(T0) == T0 + minutes(4)

    roll = await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    moved = await repo.turn_clock.sync(game.id, now=T0 + minutes(1), present_seat=0)
    assert moved[0].deadline_at == T0 + minutes(11) and moved[0].version == roll.game.version
    assert await repo.turn_clock.deadlines(game.id) == moved


async def test_reminders_and_timeouts_are_claimed_once(repo: Repository) -> None:
    game = await clocked_game(repo, T0)

    assert await repo.turn_clock.claim_reminders(T0 + minutes(3)) == []
    (reminder,) = await repo.turn_clock.claim_reminders(T0 + minutes(4))
    assert (reminder.game_id, reminder.seat, reminder.user_id) == (game.id, 0, 11)
    assert await repo.turn_clock.claim_reminders(T0 + minutes(4.5)) == []  # held, within its lease
    assert await repo.turn_clock.complete_reminder(reminder)
    assert await repo.turn_clock.claim_reminders(T0 + minutes(9)) == []  # done: never again
    assert await repo.turn_clock.next_due(T0 + minutes(9)) == T0 + minutes(10)

    assert await repo.turn_clock.claim_timeouts(T0 + minutes(9)) == []
    now = T0 + minutes(10)
    (timeout,) = await repo.turn_clock.claim_timeouts(now)
    assert (timeout.seat, timeout.version, timeout.missed, timeout.tries) == (0, 0, 1, 1)
    # Due again only if its lease runs out: a lease from the database's now, told on the
    # caller's clock (to the millisecond).
    due = await repo.turn_clock.next_due(now)
    lease = timedelta(seconds=repo.claimant.lease_seconds, milliseconds=1)
    assert due is not None and now < due <= now + lease
    assert await repo.turn_clock.complete_timeout(timeout)
    assert await repo.turn_clock.claim_timeouts(T0 + minutes(60)) == []
    assert await repo.turn_clock.next_due(T0 + minutes(60)) is None


async def test_a_claim_carries_its_owner_and_its_lease(repo: Repository, raw: Raw) -> None:
    game = await started_game(repo)
    await repo.turn_clock.sync(game.id, now=T0)
    before = await database_now(repo)
    assert len(await repo.turn_clock.claim_timeouts(T0 + timedelta(days=1))) == 1
    after = await database_now(repo)
    row = (await raw.fetch("SELECT timeout_owner, timeout_until, timeout_tries FROM turn_deadlines"))[0]
    owner, until, tries = tuple(row)
    assert owner == repo.claimant.owner and tries == 1
    # The lease counts from the database's now, not from the caller's (SQLite reads its clock
    # to the millisecond).
    assert before - 0.001 <= until - repo.claimant.lease_seconds <= after + 0.001
    assert str(os.getpid()) in owner


async def test_a_claim_left_by_a_process_that_died_is_taken_over_after_its_lease(
    repo: Repository, db_url: str
) -> None:
    """Nobody else gets a held claim while its lease runs; then another process takes it over,
    as a further try of the same missed turn, and the first owner can no longer settle it."""
    await clocked_game(repo, T0)
    (reminder,) = await repo.turn_clock.claim_reminders(T0 + minutes(4))
    (timeout,) = await repo.turn_clock.claim_timeouts(T0 + minutes(10))
    other = await open_repository(db_url)
    try:
        assert other.claimant.owner != repo.claimant.owner
        assert await other.turn_clock.claim_timeouts(T0 + minutes(11)) == []
        await end_leases(repo)  # the first owner died a lease ago
        (taken,) = await other.turn_clock.claim_timeouts(T0 + minutes(11))
        assert (taken.seat, taken.version, taken.missed, taken.tries) == (0, 0, 1, 2)
        assert not await repo.turn_clock.complete_timeout(timeout)  # no longer the first owner's
        assert not await repo.turn_clock.release_timeout(timeout)
        assert await other.turn_clock.complete_timeout(taken)
        assert await other.turn_clock.claim_reminders(T0 + minutes(30)) == []  # the timeout settled it
        assert not await repo.turn_clock.complete_reminder(reminder)
    finally:
        await other.close()


async def test_a_released_timeout_is_due_again_and_counts_no_missed_turn(repo: Repository) -> None:
    game = await clocked_game(repo, T0)
    (claimed,) = await repo.turn_clock.claim_timeouts(T0 + minutes(10))
    assert await repo.turn_clock.release_timeout(claimed)
    assert await repo.turn_clock.next_due(T0 + minutes(10)) == T0 + minutes(10)
    (again,) = await repo.turn_clock.claim_timeouts(T0 + minutes(11))
    assert again == replace(claimed, tries=2)  # missed is 1 again, not 2

    # once the seat has moved, its old claim cannot be given back
    assert await repo.turn_clock.release_timeout(again)
    await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    await repo.turn_clock.sync(game.id, now=T0 + minutes(12), present_seat=0)
    assert not await repo.turn_clock.release_timeout(again)
    assert await repo.turn_clock.claim_timeouts(T0 + minutes(13)) == []


async def test_a_claim_survives_reopening_the_database(repo: Repository, db_url: str) -> None:
    game = await started_game(repo)
    await repo.turn_clock.sync(game.id, now=T0)
    (due,) = await repo.turn_clock.claim_timeouts(T0 + timedelta(days=1))
    again = await open_repository(db_url)
    try:
        assert await again.turn_clock.claim_timeouts(T0 + timedelta(days=1, seconds=30)) == []  # still held
        assert await repo.turn_clock.complete_timeout(due)
        assert await again.turn_clock.claim_timeouts(T0 + timedelta(days=2)) == []  # done
    finally:
        await again.close()


async def test_a_move_without_sync_holds_back_timeouts_until_synced(repo: Repository) -> None:
    """A move stored by a path that did not sync: the old deadline is not acted on, and the
    game is listed for the scheduler to sync."""
    game = await started_game(repo)
    await repo.turn_clock.sync(game.id, now=T0)
    await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    assert await repo.turn_clock.unsynced_games() == [game.id]
    assert await repo.turn_clock.claim_timeouts(T0 + timedelta(days=2)) == []
    await repo.turn_clock.sync(game.id, now=T0 + timedelta(days=2))
    assert await repo.turn_clock.unsynced_games() == []
    assert await repo.turn_clock.claim_timeouts(T0 + timedelta(days=2, minutes=1)) == []


async def first_legal_move(repo: Repository, game_id: int) -> int:
    record = await repo.get(game_id)
    seat = PICKOMINO.to_act(record.state)[0]
    action = PICKOMINO.dump_action(PICKOMINO.legal_actions(record.state, seat)[0])
    await repo.apply(game_id, expected_version=record.version, seat=seat, action=action)
    return seat


async def test_missed_turns_count_in_a_row_and_a_own_move_resets_them(repo: Repository) -> None:
    await guild_settings.write(repo, 1, GuildSettings(turn_limit_minutes=1, reminder_minutes=0))
    game = await started_game(repo)
    now = T0
    await repo.turn_clock.sync(game.id, now=now)
    for expected in (1, 2):
        now += minutes(1)
        (due,) = await repo.turn_clock.claim_timeouts(now)
        assert due.missed == expected
        await first_legal_move(repo, game.id)
        await repo.turn_clock.sync(game.id, now=now)  # played for the seat: not their own move
    seat = await first_legal_move(repo, game.id)
    await repo.turn_clock.sync(game.id, now=now, present_seat=seat)
    now += minutes(1)
    (due,) = await repo.turn_clock.claim_timeouts(now)
    assert due.missed == 1


async def test_a_finished_or_abandoned_game_loses_its_deadlines(repo: Repository) -> None:
    game = await started_game(repo)
    await repo.turn_clock.sync(game.id, now=T0)
    await repo.abandon(game.id)
    assert await repo.turn_clock.unsynced_games() == [game.id]
    assert await repo.turn_clock.sync(game.id, now=T0) == {}
    assert await repo.turn_clock.deadlines(game.id) == {} and await repo.turn_clock.next_due(T0) is None


async def test_computer_players_get_no_deadline(repo: Repository) -> None:
    game = await started_game(repo, humans=(11,), ais=1)
    record = game
    # Seat 0 (a person) acts first; play until the computer player is to act.
    while PICKOMINO.to_act(record.state) != (1,):
        action = PICKOMINO.dump_action(PICKOMINO.legal_actions(record.state, 0)[-1])
        record = (await repo.apply(game.id, expected_version=record.version, seat=0, action=action)).game
    assert await repo.turn_clock.sync(game.id, now=T0) == {}


async def test_a_move_applied_with_the_turn_clock_syncs_in_its_own_transaction(repo: Repository) -> None:
    game = await clocked_game(repo, T0)
    applied = await repo.apply(
        game.id, expected_version=0, seat=0, action={"kind": "roll"}, turn_now=T0 + minutes(2)
    )
    assert applied.deadlines[0].deadline_at == T0 + minutes(12)
    assert await repo.turn_clock.deadlines(game.id) == applied.deadlines
    assert await repo.turn_clock.unsynced_games() == []
    plain = await repo.apply(game.id, expected_version=1, seat=0, action=first_keep(applied.game.state))
    assert plain.deadlines == {} and await repo.turn_clock.unsynced_games() == [game.id]


def first_keep(state: object) -> dict[str, object]:
    action: dict[str, object] = PICKOMINO.dump_action(PICKOMINO.legal_actions(state, 0)[0])
    return action


async def clock_row(raw: Raw, game_id: int, seat: int) -> tuple[object, ...]:
    row = await raw.fetch(
        "SELECT version, reminder_at, deadline_at FROM turn_deadlines WHERE game_id = ? AND seat = ?",
        game_id,
        seat,
    )
    return tuple(row[0])


async def roll(repo: Repository, game_id: int, version: int, at: datetime) -> dict[int, TurnDeadline]:
    """Seat 0 rolls (in Pickomino it is then still to act, to keep dice), with the turn clock."""
    applied = await repo.apply(
        game_id, expected_version=version, seat=0, action={"kind": "roll"}, turn_now=at
    )
    return applied.deadlines


async def test_a_move_of_a_seat_still_to_act_leaves_its_row_and_its_clock_restarts_all_the_same(
    repo: Repository, raw: Raw
) -> None:
    """The row keeps the times it had, the earliest the seat can be due; every reader sees the
    clock counted from the move; the reminder and timeout come due from the move, and the claim
    that finds the stored time passed first brings the row up to date."""
    game = await clocked_game(repo, T0)
    stored = await clock_row(raw, game.id, 0)
    deadlines = await roll(repo, game.id, 0, T0 + minutes(2))
    assert deadlines[0] == TurnDeadline(game.id, 0, 1, T0 + minutes(6), T0 + minutes(12))
    assert await clock_row(raw, game.id, 0) == stored  # (0, T0 + 4 min, T0 + 10 min)
    assert await repo.turn_clock.deadlines(game.id) == deadlines
    assert await repo.turn_clock.unsynced_games() == []

    assert await repo.turn_clock.next_due(T0) == T0 + minutes(4)  # the stored time: a claim looks, and finds
    assert await repo.turn_clock.claim_reminders(T0 + minutes(4)) == []  # that the seat moved since
    assert await clock_row(raw, game.id, 0) == (
        1,
        (T0 + minutes(6)).timestamp(),
        (T0 + minutes(12)).timestamp(),
    )
    assert await repo.turn_clock.next_due(T0) == T0 + minutes(6)
    (reminder,) = await repo.turn_clock.claim_reminders(T0 + minutes(6))
    assert (reminder.seat, reminder.version) == (0, 1)
    assert await repo.turn_clock.complete_reminder(reminder)
    assert await repo.turn_clock.claim_timeouts(T0 + minutes(11)) == []
    (timeout,) = await repo.turn_clock.claim_timeouts(T0 + minutes(12))
    assert (timeout.seat, timeout.version, timeout.missed) == (0, 1, 1)


async def test_a_claim_that_finds_the_seat_moved_since_claims_at_once_when_still_due(
    repo: Repository,
) -> None:
    """A scheduler that was down past the moved deadline: the row is brought up to date and the
    timeout claimed in the same pass."""
    game = await clocked_game(repo, T0)
    await roll(repo, game.id, 0, T0 + minutes(2))
    (timeout,) = await repo.turn_clock.claim_timeouts(T0 + minutes(30))
    assert (timeout.seat, timeout.version, timeout.tries) == (0, 1, 1)
    assert await repo.turn_clock.claim_reminders(T0 + minutes(30)) == []  # the timeout settled it


async def test_a_seat_moving_after_its_reminder_is_reminded_again_later(repo: Repository, raw: Raw) -> None:
    """A clock something was claimed on starts afresh on the row itself: the reminder went out,
    the seat moved, so a new reminder is due from the move."""
    game = await clocked_game(repo, T0)
    (reminder,) = await repo.turn_clock.claim_reminders(T0 + minutes(4))
    assert await repo.turn_clock.complete_reminder(reminder)
    await roll(repo, game.id, 0, T0 + minutes(5))
    assert await clock_row(raw, game.id, 0) == (
        1,
        (T0 + minutes(9)).timestamp(),
        (T0 + minutes(15)).timestamp(),
    )
    assert await repo.turn_clock.next_due(T0) == T0 + minutes(9)
    (again,) = await repo.turn_clock.claim_reminders(T0 + minutes(9))
    assert (again.seat, again.version) == (0, 1)


async def test_a_claim_held_when_the_seat_moves_is_void(repo: Repository) -> None:
    game = await clocked_game(repo, T0)
    (timeout,) = await repo.turn_clock.claim_timeouts(T0 + minutes(10))
    deadlines = await roll(repo, game.id, 0, T0 + minutes(10))
    assert deadlines[0].version == 1 and deadlines[0].deadline_at == T0 + minutes(20)
    assert not await repo.turn_clock.complete_timeout(timeout)  # the clock it was claimed on is gone
    assert await repo.turn_clock.claim_timeouts(T0 + minutes(19)) == []
    assert [due.version for due in await repo.turn_clock.claim_timeouts(T0 + minutes(20))] == [1]


async def test_new_settings_count_from_the_next_clock_and_a_running_one_keeps_its_own(
    repo: Repository, raw: Raw
) -> None:
    """A clock restarted in place counts with the settings it was started with, as the fresh
    row that move would have written did; a move under other settings writes its row again."""
    game = await clocked_game(repo, T0)
    await roll(repo, game.id, 0, T0 + minutes(1))
    await guild_settings.write(repo, 1, GuildSettings(turn_limit_minutes=30, reminder_minutes=0))
    assert (await repo.turn_clock.deadlines(game.id))[0].deadline_at == T0 + minutes(11)
    assert [due.version for due in await repo.turn_clock.claim_timeouts(T0 + minutes(11))] == [1]

    record = await repo.get(game.id)
    seat = PICKOMINO.to_act(record.state)[0]
    action = PICKOMINO.dump_action(PICKOMINO.legal_actions(record.state, seat)[0])
    applied = await repo.apply(
        game.id, expected_version=record.version, seat=seat, action=action, turn_now=T0 + minutes(12)
    )
    assert applied.deadlines[seat] == TurnDeadline(game.id, seat, 2, None, T0 + minutes(42))
    assert await clock_row(raw, game.id, seat) == (2, None, (T0 + minutes(42)).timestamp())
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
        async with database.transaction(write=True) as db:  # the clocks as v10 kept them
            for game, reminded in ((running, 0), (moved, 1)):
                await db.execute(
                    "INSERT INTO turn_deadlines (game_id, seat, version, reminder_at, deadline_at, reminded)"
                    " VALUES (?, 0, 0, ?, ?, ?)",
                    (game.id, (T0 + minutes(4)).timestamp(), (T0 + minutes(10)).timestamp(), reminded),
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
            (running.id, (T0 + minutes(4)).timestamp()),
            (moved.id, (T0 + minutes(10)).timestamp()),
        ]
        assert await repo.turn_clock.deadlines(running.id) == {
            0: TurnDeadline(running.id, 0, 0, T0 + minutes(4), T0 + minutes(10))
        }
        assert await repo.turn_clock.next_due(T0) == T0 + minutes(4)

        # A clock written before v12 does not know its settings: the seat's move writes it anew.
        applied = await roll(repo, running.id, 0, T0 + minutes(1))
        assert applied[0] == TurnDeadline(running.id, 0, 1, T0 + minutes(5), T0 + minutes(11))
        assert await clock_row(raw, running.id, 0) == (
            1,
            (T0 + minutes(5)).timestamp(),
            (T0 + minutes(11)).timestamp(),
        )
        # The moved game is not synced yet.
        assert await repo.turn_clock.claim_timeouts(T0 + minutes(10)) == []
        (reminder,) = await repo.turn_clock.claim_reminders(T0 + minutes(5))
        assert (reminder.game_id, reminder.version) == (running.id, 1)
    finally:
        await repo.close()
