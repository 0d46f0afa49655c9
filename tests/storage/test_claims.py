"""Computer turns and DM notices in storage (v8): a game whose computer seats are to act has a
computer turn that one process at a time claims, with a lease; the notices for players whose DM
failed wait in storage; and a v7 database is upgraded with the computer turns it had pending."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.stored import dm_notices
from storage import Repository, open_repository
from storage.backends import open_database
from storage.migrations import LATEST, migrate
from tests.storage.conftest import TickingClock
from tests.storage.helpers import PICKOMINO, computers_game, end_leases, started_game, time_passes
from tests.storage.servers import Raw

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
"""When the v7 database's timeout fell due."""
PAUSE = 30.0
"""A computer player's pause before it moves, in seconds."""


async def test_a_computer_to_act_leaves_a_computer_turn_and_a_person_to_act_none(repo: Repository) -> None:
    computers = await computers_game(repo, channel_id=1)
    people = await started_game(repo, channel_id=2, humans=(11,), ais=1)  # the person moves first
    for game in (computers, people):
        await repo.turn_clock.sync(game.id)
    assert await repo.computer_turns.pending() == {computers.id: None}


async def test_a_computer_turn_is_claimed_after_the_pause_and_held_until_its_lease_runs_out(
    repo: Repository, db_url: str
) -> None:
    game = await computers_game(repo, channel_id=1)
    await repo.turn_clock.sync(game.id)
    assert await repo.computer_turns.claim_due(pause_seconds=PAUSE) == []  # still pausing
    other = await open_repository(db_url)
    try:
        assert await repo.computer_turns.claim(game.id)  # the storing process, after its pause
        assert await repo.computer_turns.claim(game.id)  # its own: again
        assert await repo.computer_turns.pending() == {game.id: repo.claimant.owner}
        assert not await other.computer_turns.claim(game.id)
        await time_passes(repo, 30)
        assert await other.computer_turns.claim_due(pause_seconds=PAUSE) == []
        # A lease that ran out while nobody took the turn over: its holder renews it, for a
        # lease from the database's now.
        await end_leases(repo)
        assert await repo.computer_turns.renew(game.id)
        await time_passes(repo, 30)
        assert await other.computer_turns.claim_due(pause_seconds=0) == []
        # The holder died: once its lease has run out, another process takes the turn over.
        await end_leases(repo)
        assert await other.computer_turns.claim_due(pause_seconds=PAUSE) == [game.id]
        assert await repo.computer_turns.pending() == {game.id: other.claimant.owner}
        assert not await repo.computer_turns.renew(game.id)
        assert not await repo.computer_turns.finish(game.id, game.version)
        assert not await repo.computer_turns.release(game.id)
        assert await other.computer_turns.release(game.id)  # given back: anyone claims it at once
        assert await repo.computer_turns.claim_due(pause_seconds=PAUSE) == [game.id]
    finally:
        await other.close()


async def test_a_computer_turn_ends_only_once_no_newer_move_made_computers_due_again(
    repo: Repository,
) -> None:
    game = await computers_game(repo, channel_id=1)
    await repo.turn_clock.sync(game.id)
    assert await repo.computer_turns.claim(game.id)
    seat = PICKOMINO.to_act(game.state)[0]
    applied = await repo.apply(game.id, expected_version=0, seat=seat, action={"kind": "roll"}, clocked=True)
    assert applied.game.version == 1
    assert not await repo.computer_turns.finish(game.id, 0)  # the move at version 1 is newer
    assert await repo.computer_turns.pending() == {game.id: repo.claimant.owner}  # the claim stays its own
    assert await repo.computer_turns.finish(game.id, 1)
    assert await repo.computer_turns.pending() == {}
    assert not await repo.computer_turns.claim(game.id)  # nothing left to play


async def test_dm_notices_wait_in_storage_and_are_taken_once(repo: Repository, db_url: str) -> None:
    game = await started_game(repo)
    await dm_notices.leave(repo, game.id, [11, 12])
    await dm_notices.leave(repo, game.id, [12])  # left twice: told once
    await dm_notices.leave(repo, game.id, [])
    other = await open_repository(db_url)  # the player's next interaction reaches another process
    try:
        assert await dm_notices.take(other, game.id, 12)
        assert not await dm_notices.take(other, game.id, 12)
        assert not await dm_notices.take(repo, game.id, 12)
        assert await dm_notices.take(repo, game.id, 11)
    finally:
        await other.close()


async def test_a_v7_database_is_upgraded_with_its_pending_computer_turns(db_url: str, raw: Raw) -> None:
    database = await open_database(db_url)
    assert await migrate(database, target=7) == 7
    v7 = Repository(database, clock=TickingClock())  # the v7 schema driven by today's code
    try:
        computers = await computers_game(v7, channel_id=1)
        people = await started_game(v7, channel_id=2, humans=(11,), ais=1)
        abandoned = await computers_game(v7, channel_id=3)
        await v7.abandon(abandoned.id)
        async with database.transaction(write=True) as db:  # a timeout v7 claimed by its flag
            await db.execute(
                "INSERT INTO turn_deadlines (game_id, seat, version, reminder_at, deadline_at,"
                " reminded, timed_out) VALUES (?, 0, 0, ?, ?, 1, 1)",
                (people.id, T0.timestamp(), T0.timestamp() + 600),
            )
            await db.execute("INSERT INTO turn_sync (game_id, version) VALUES (?, 0)", (people.id,))
    finally:
        await v7.close()
    assert "computer_turns" not in await raw.tables()

    repo = await open_repository(db_url)
    try:
        assert await raw.version() == LATEST
        assert await repo.computer_turns.pending() == {computers.id: None}
        due = await raw.value("SELECT due_at FROM computer_turns")
        assert due == 0  # due at once: before v8 each process looked for it when it started
        assert await repo.computer_turns.claim_due(pause_seconds=PAUSE) == [computers.id]
        # A timeout v7 had flipped is done: no process claims it again.
        assert await repo.turn_clock.claim_timeouts() == []
        assert (await repo.turn_clock.next_due()).at is None
    finally:
        await repo.close()
