"""What a stored move owes the table (v15, ``storage.owed``): written in the move's own
transaction, held by the process that stored it, marked part by part, given back for later when
a delivery fails, and taken over by another process once its holder's lease has run out. When a
row is due, and when a lease has run out, is the database's clock: time passes for the rows as
it does for the turn clock (``time_passes``)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from storage import GameRecord, Repository, StaleVersion, open_repository
from tests.storage.helpers import end_leases, started_game, time_passes

PARTS = {"board": True, "ping": [1], "dm": [0]}
PAUSE = 30.0
"""The pause before a failed delivery is tried again (the bot's first, ``bot.owed.RETRY_SECONDS``)."""


def owes(parts: dict[str, Any] | None) -> Any:
    def work_out(before: GameRecord, after: GameRecord, events: tuple[Any, ...]) -> dict[str, Any] | None:
        assert after.version == before.version + 1 and after.state is not None
        return parts

    return work_out


async def roll(repo: Repository, record: GameRecord, parts: dict[str, Any] | None = PARTS) -> GameRecord:
    """The seat to act plays its first legal action."""
    game = engine.get_game(record.key)
    seat = game.to_act(record.state)[0]
    action = game.dump_action(game.legal_actions(record.state, seat)[0])
    applied = await repo.apply(
        record.id,
        expected_version=record.version,
        seat=seat,
        action=action,
        clocked=True,
        owes=owes(parts),
    )
    assert applied.owed == parts
    return applied.game


async def owed_rows(repo: Repository) -> list[tuple[int, int, Any, int, str | None]]:
    return [(o.game_id, o.version, o.parts, o.tries, owner) for o, owner in await repo.owed.pending()]


async def test_a_move_owes_its_parts_in_its_own_transaction_held_by_the_process_that_stored_it(
    repo: Repository,
) -> None:
    game = await started_game(repo)
    moved = await roll(repo, game)
    assert await owed_rows(repo) == [(game.id, 1, PARTS, 0, repo.claimant.owner)]
    await roll(repo, moved, None)  # a move that owes nothing writes no row
    assert [row[1] for row in await owed_rows(repo)] == [1]


async def test_a_move_that_is_not_stored_owes_nothing(repo: Repository) -> None:
    game = await started_game(repo)
    await roll(repo, game)
    with pytest.raises(StaleVersion):
        await roll(repo, game)  # made at version 0 again: refused, and no second row
    assert [row[1] for row in await owed_rows(repo)] == [1]


async def test_parts_are_settled_one_by_one_and_the_row_goes_with_the_last(repo: Repository) -> None:
    game = await started_game(repo)
    await roll(repo, game)
    assert await repo.owed.settle(game.id, 1, {"ping": [1], "dm": [0]})
    assert await owed_rows(repo) == [(game.id, 1, {"ping": [1], "dm": [0]}, 0, repo.claimant.owner)]
    assert await repo.owed.settle(game.id, 1, None)
    assert await owed_rows(repo) == []
    assert not await repo.owed.settle(game.id, 1, None)  # nothing left to settle


async def test_a_failed_delivery_is_due_again_after_its_pause_one_try_more(repo: Repository) -> None:
    game = await started_game(repo)
    await roll(repo, game)
    assert await repo.owed.retry_later(game.id, 1, {"dm": [0]}, PAUSE)
    assert await owed_rows(repo) == [(game.id, 1, {"dm": [0]}, 1, None)]
    assert await repo.owed.claim_due() == []
    await time_passes(repo, PAUSE - 10)
    assert await repo.owed.claim_due() == []  # ten seconds of its pause left
    await time_passes(repo, 10)
    (claimed,) = await repo.owed.claim_due()
    assert (claimed.game_id, claimed.version, claimed.parts, claimed.tries) == (game.id, 1, {"dm": [0]}, 1)
    assert await owed_rows(repo) == [(game.id, 1, {"dm": [0]}, 1, repo.claimant.owner)]
    await time_passes(repo, 30)  # within its lease
    assert await repo.owed.claim_due() == []  # held: nobody claims it twice


async def test_a_row_left_by_a_process_that_died_is_taken_over_once_its_lease_has_run_out(
    repo: Repository, db_url: str
) -> None:
    game = await started_game(repo)
    await roll(repo, game)
    other = await open_repository(db_url)
    try:
        assert await other.owed.claim_due() == []  # its holder's lease runs
        await end_leases(repo)  # the holder died a lease ago
        (claimed,) = await other.owed.claim_due()
        assert (claimed.game_id, claimed.version, claimed.parts) == (game.id, 1, PARTS)
        assert not await repo.owed.settle(game.id, 1, None)  # the dead holder's word counts no more
        assert await other.owed.settle(game.id, 1, None)
        assert await owed_rows(repo) == []
    finally:
        await other.close()


async def test_a_process_that_stops_gives_back_what_it_holds_due_at_once(
    repo: Repository, db_url: str
) -> None:
    first = await started_game(repo, channel_id=1)
    second = await started_game(repo, channel_id=2)
    await roll(repo, first)
    await roll(repo, second)
    assert await repo.owed.release() == 2
    other = await open_repository(db_url)
    try:
        claimed = await other.owed.claim_due()
        assert [(o.game_id, o.version) for o in claimed] == [(first.id, 1), (second.id, 1)]
    finally:
        await other.close()
