"""Turn deadlines and server settings in storage: the clock of a seat, claims that fire once
(also across a reopened database), and settings validated by pydantic."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from storage import Repository, open_repository
from storage.living import DEFAULT_SETTINGS, GuildSettings
from tests.storage.helpers import PICKOMINO, started_game

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
    reminders = await repo.claim_reminders(T0 + minutes(4))
    assert [(r.game_id, r.seat, r.user_id) for r in reminders] == [(game.id, 0, 11)]
    assert await repo.claim_reminders(T0 + minutes(5)) == []
    assert await repo.next_due() == T0 + minutes(10)

    assert await repo.claim_timeouts(T0 + minutes(9)) == []
    timeouts = await repo.claim_timeouts(T0 + minutes(10))
    assert [(d.seat, d.version, d.missed) for d in timeouts] == [(0, 0, 1)]
    assert await repo.claim_timeouts(T0 + minutes(60)) == []
    assert await repo.next_due() is None


async def test_a_released_timeout_is_due_again_and_counts_no_missed_turn(repo: Repository) -> None:
    await repo.set_guild_settings(1, GuildSettings(turn_limit_minutes=10, reminder_minutes=4))
    game = await started_game(repo)
    await repo.sync_turns(game.id, now=T0)
    (claimed,) = await repo.claim_timeouts(T0 + minutes(10))
    assert await repo.release_timeout(claimed)
    assert await repo.next_due() == T0 + minutes(10)
    (again,) = await repo.claim_timeouts(T0 + minutes(11))
    assert again == claimed  # missed is 1 again, not 2

    # once the seat has moved, its old claim cannot be given back
    assert await repo.release_timeout(again)
    await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    await repo.sync_turns(game.id, now=T0 + minutes(12), present_seat=0)
    assert not await repo.release_timeout(again)
    assert await repo.claim_timeouts(T0 + minutes(13)) == []


async def test_a_claim_survives_reopening_the_database(repo: Repository, db_url: str) -> None:
    game = await started_game(repo)
    await repo.sync_turns(game.id, now=T0)
    assert len(await repo.claim_timeouts(T0 + timedelta(days=1))) == 1
    again = await open_repository(db_url)
    try:
        assert await again.claim_timeouts(T0 + timedelta(days=2)) == []
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
