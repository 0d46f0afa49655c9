"""``seat_moved_since``: whether a seat has moved after a version (per-seat acting in the bot)."""

from __future__ import annotations

from storage import Repository
from storage.backends import open_database
from tests.storage.helpers import started_game


async def test_a_seat_has_moved_since_a_version_only_by_a_later_move_of_its_own(repo: Repository) -> None:
    game = await started_game(repo)
    assert not await repo.seat_moved_since(game.id, 0, 0)
    await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    assert await repo.seat_moved_since(game.id, 0, 0)  # the roll is move 1
    assert not await repo.seat_moved_since(game.id, 0, 1)  # nothing after it
    assert not await repo.seat_moved_since(game.id, 1, 0)  # the other seat has not moved


async def test_the_read_seeks_the_log_by_its_key(repo: Repository, db_url: str, backend: str) -> None:
    """Only the moves after the version are read: the (game_id, seq) key serves the query."""
    await started_game(repo)
    query = "SELECT 1 FROM moves WHERE game_id = ? AND seq > ? AND seat = ? LIMIT 1"
    database = await open_database(db_url)
    try:
        async with database.transaction(write=False) as db:
            if backend == "sqlite":  # the log is keyed by (game_id, seq) itself (v7)
                plan = await db.fetch(f"EXPLAIN QUERY PLAN {query}", (1, 0, 0))
                expected = "USING PRIMARY KEY (game_id=? AND seq>?)"
            else:  # a table this small would be read whole: ask how the key serves it
                await db.execute("SET LOCAL enable_seqscan = off")
                plan = await db.fetch(f"EXPLAIN {query}", (1, 0, 0))
                expected = "moves_game_id_seq_key"
    finally:
        await database.close()
    detail = " ".join(str(row[-1]) for row in plan)
    assert expected in detail, detail
