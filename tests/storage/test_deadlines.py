"""Turn deadlines and server settings in storage: the clock of a seat, claims that fire once
(also across a reopened database), and settings validated by pydantic."""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from storage import Repository, open_repository
from storage.living import DEFAULT_SETTINGS, GuildSettings
from tests.storage.helpers import PICKOMINO, started_game
from tests.storage.servers import Raw

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def minutes(n: float) -> timedelta:
    return timedelta(minutes=n)


async def test_settings_default_and_stored(repo: Repository) -> None:
    assert await repo.guild_settings(5) == DEFAULT_SETTINGS
    assert DEFAULT_SETTINGS.turn_limit_minutes == 24 * 60 and DEFAULT_SETTINGS.reminder_minutes == 120
    assert DEFAULT_SETTINGS.on_timeout == "ai"
    changed = GuildSettings(turn_limit_minutes=10, reminder_minutes=3, on_timeout="remove", channels=(7,))
    assert await repo.set_guild_settings(5, changed) == changed
    assert await repo.guild_settings(5) == changed
    assert await repo.guild_settings(6) == DEFAULT_SETTINGS


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
    await repo.set_guild_settings(1, GuildSettings(turn_limit_minutes=10, reminder_minutes=4))
    game = await started_game(repo)
    deadlines = await repo.sync_turns(game.id, now=T0)
    assert set(deadlines) == {0}
    assert deadlines[0].reminder_at == T0 + minutes(4) and deadlines[0].deadline_at == T0 + minutes(10)
    assert await repo.next_due() == T0 + minutes(4)

    roll = await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    moved = await repo.sync_turns(game.id, now=T0 + minutes(1), present_seat=0)
    assert moved[0].deadline_at == T0 + minutes(11) and moved[0].version == roll.game.version
    assert await repo.turn_deadlines(game.id) == moved


async def test_reminders_and_timeouts_are_claimed_once(repo: Repository) -> None:
    await repo.set_guild_settings(1, GuildSettings(turn_limit_minutes=10, reminder_minutes=4))
    game = await started_game(repo)
    await repo.sync_turns(game.id, now=T0)

    assert await repo.claim_reminders(T0 + minutes(3)) == []
    (reminder,) = await repo.claim_reminders(T0 + minutes(4))
    assert (reminder.game_id, reminder.seat, reminder.user_id) == (game.id, 0, 11)
    assert await repo.claim_reminders(T0 + minutes(4.5)) == []  # held, within its lease
    assert await repo.complete_reminder(reminder)
    assert await repo.claim_reminders(T0 + minutes(9)) == []  # done: never again
    assert await repo.next_due() == T0 + minutes(10)

    assert await repo.claim_timeouts(T0 + minutes(9)) == []
    (timeout,) = await repo.claim_timeouts(T0 + minutes(10))
    assert (timeout.seat, timeout.version, timeout.missed, timeout.tries) == (0, 0, 1, 1)
    assert await repo.next_due() == T0 + minutes(11)  # due again only if its lease runs out
    assert await repo.complete_timeout(timeout)
    assert await repo.claim_timeouts(T0 + minutes(60)) == []
    assert await repo.next_due() is None


async def test_a_claim_carries_its_owner_and_its_lease(repo: Repository, raw: Raw) -> None:
    game = await started_game(repo)
    await repo.sync_turns(game.id, now=T0)
    assert len(await repo.claim_timeouts(T0 + timedelta(days=1))) == 1
    row = (await raw.fetch("SELECT timeout_owner, timeout_until, timeout_tries FROM turn_deadlines"))[0]
    owner, until, tries = tuple(row)
    assert owner == repo.claimant.owner and tries == 1
    assert until == (T0 + timedelta(days=1, seconds=repo.claimant.lease_seconds)).timestamp()
    assert str(os.getpid()) in owner


async def test_a_claim_left_by_a_process_that_died_is_taken_over_after_its_lease(
    repo: Repository, db_url: str
) -> None:
    """Nobody else gets a held claim while its lease runs; then another process takes it over,
    as a further try of the same missed turn, and the first owner can no longer settle it."""
    await repo.set_guild_settings(1, GuildSettings(turn_limit_minutes=10, reminder_minutes=4))
    game = await started_game(repo)
    await repo.sync_turns(game.id, now=T0)
    lease = timedelta(seconds=repo.claimant.lease_seconds)
    (reminder,) = await repo.claim_reminders(T0 + minutes(4))
    (timeout,) = await repo.claim_timeouts(T0 + minutes(10))
    other = await open_repository(db_url)
    try:
        assert other.claimant.owner != repo.claimant.owner
        assert await other.claim_timeouts(T0 + minutes(10) + lease - timedelta(seconds=1)) == []
        (taken,) = await other.claim_timeouts(T0 + minutes(10) + lease)
        assert (taken.seat, taken.version, taken.missed, taken.tries) == (0, 0, 1, 2)
        assert not await repo.complete_timeout(timeout)  # no longer the first owner's
        assert not await repo.release_timeout(timeout)
        assert await other.complete_timeout(taken)
        assert await other.claim_reminders(T0 + minutes(30)) == []  # the timeout settled it
        assert not await repo.complete_reminder(reminder)
    finally:
        await other.close()


async def test_a_released_timeout_is_due_again_and_counts_no_missed_turn(repo: Repository) -> None:
    await repo.set_guild_settings(1, GuildSettings(turn_limit_minutes=10, reminder_minutes=4))
    game = await started_game(repo)
    await repo.sync_turns(game.id, now=T0)
    (claimed,) = await repo.claim_timeouts(T0 + minutes(10))
    assert await repo.release_timeout(claimed)
    assert await repo.next_due() == T0 + minutes(10)
    (again,) = await repo.claim_timeouts(T0 + minutes(11))
    assert again == replace(claimed, tries=2)  # missed is 1 again, not 2

    # once the seat has moved, its old claim cannot be given back
    assert await repo.release_timeout(again)
    await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    await repo.sync_turns(game.id, now=T0 + minutes(12), present_seat=0)
    assert not await repo.release_timeout(again)
    assert await repo.claim_timeouts(T0 + minutes(13)) == []


async def test_a_claim_survives_reopening_the_database(repo: Repository, db_url: str) -> None:
    game = await started_game(repo)
    await repo.sync_turns(game.id, now=T0)
    (due,) = await repo.claim_timeouts(T0 + timedelta(days=1))
    again = await open_repository(db_url)
    try:
        assert await again.claim_timeouts(T0 + timedelta(days=1, seconds=30)) == []  # still held
        assert await repo.complete_timeout(due)
        assert await again.claim_timeouts(T0 + timedelta(days=2)) == []  # done
    finally:
        await again.close()


async def test_a_move_without_sync_holds_back_timeouts_until_synced(repo: Repository) -> None:
    """A move stored by a path that did not sync: the old deadline is not acted on, and the
    game is listed for the scheduler to sync."""
    game = await started_game(repo)
    await repo.sync_turns(game.id, now=T0)
    await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    assert await repo.unsynced_games() == [game.id]
    assert await repo.claim_timeouts(T0 + timedelta(days=2)) == []
    await repo.sync_turns(game.id, now=T0 + timedelta(days=2))
    assert await repo.unsynced_games() == []
    assert await repo.claim_timeouts(T0 + timedelta(days=2, minutes=1)) == []


async def first_legal_move(repo: Repository, game_id: int) -> int:
    record = await repo.get(game_id)
    seat = PICKOMINO.to_act(record.state)[0]
    action = PICKOMINO.dump_action(PICKOMINO.legal_actions(record.state, seat)[0])
    await repo.apply(game_id, expected_version=record.version, seat=seat, action=action)
    return seat


async def test_missed_turns_count_in_a_row_and_a_own_move_resets_them(repo: Repository) -> None:
    await repo.set_guild_settings(1, GuildSettings(turn_limit_minutes=1, reminder_minutes=0))
    game = await started_game(repo)
    now = T0
    await repo.sync_turns(game.id, now=now)
    for expected in (1, 2):
        now += minutes(1)
        (due,) = await repo.claim_timeouts(now)
        assert due.missed == expected
        await first_legal_move(repo, game.id)
        await repo.sync_turns(game.id, now=now)  # played for the seat: not their own move
    seat = await first_legal_move(repo, game.id)
    await repo.sync_turns(game.id, now=now, present_seat=seat)
    now += minutes(1)
    (due,) = await repo.claim_timeouts(now)
    assert due.missed == 1


async def test_a_finished_or_abandoned_game_loses_its_deadlines(repo: Repository) -> None:
    game = await started_game(repo)
    await repo.sync_turns(game.id, now=T0)
    await repo.abandon(game.id)
    assert await repo.unsynced_games() == [game.id]
    assert await repo.sync_turns(game.id, now=T0) == {}
    assert await repo.turn_deadlines(game.id) == {} and await repo.next_due() is None


async def test_computer_players_get_no_deadline(repo: Repository) -> None:
    game = await started_game(repo, humans=(11,), ais=1)
    record = game
    # Seat 0 (a person) acts first; play until the computer player is to act.
    while PICKOMINO.to_act(record.state) != (1,):
        action = PICKOMINO.dump_action(PICKOMINO.legal_actions(record.state, 0)[-1])
        record = (await repo.apply(game.id, expected_version=record.version, seat=0, action=action)).game
    assert await repo.sync_turns(game.id, now=T0) == {}


async def test_a_move_applied_with_the_turn_clock_syncs_in_its_own_transaction(repo: Repository) -> None:
    await repo.set_guild_settings(1, GuildSettings(turn_limit_minutes=10, reminder_minutes=4))
    game = await started_game(repo)
    await repo.sync_turns(game.id, now=T0)
    applied = await repo.apply(
        game.id, expected_version=0, seat=0, action={"kind": "roll"}, turn_now=T0 + minutes(2)
    )
    assert applied.deadlines[0].deadline_at == T0 + minutes(12)
    assert await repo.turn_deadlines(game.id) == applied.deadlines
    assert await repo.unsynced_games() == []
    plain = await repo.apply(game.id, expected_version=1, seat=0, action=first_keep(applied.game.state))
    assert plain.deadlines == {} and await repo.unsynced_games() == [game.id]


def first_keep(state: object) -> dict[str, object]:
    action: dict[str, object] = PICKOMINO.dump_action(PICKOMINO.legal_actions(state, 0)[0])
    return action
