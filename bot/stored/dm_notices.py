"""Players whose DM could not go out, to be told at their next interaction with the game
(``dm_notices``): a row, since that interaction may reach any bot process."""

from __future__ import annotations

from collections.abc import Collection

from storage import Repository
from storage.database import Connection


async def leave_dm_notices(db: Connection, game_id: int, user_ids: Collection[int]) -> None:
    await db.execute_many(
        "INSERT INTO dm_notices (game_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
        [(game_id, user) for user in sorted(user_ids)],
    )


async def take_dm_notice(db: Connection, game_id: int, user_id: int) -> bool:
    """Whether a notice was waiting for the user (it is gone now)."""
    return (
        await db.execute("DELETE FROM dm_notices WHERE game_id = ? AND user_id = ?", (game_id, user_id)) == 1
    )


async def leave(repo: Repository, game_id: int, user_ids: Collection[int]) -> None:
    if not user_ids:
        return
    await repo.database.run(lambda db: leave_dm_notices(db, game_id, user_ids), write=True)


async def take(repo: Repository, game_id: int, user_id: int) -> bool:
    """Whether a notice was left for the user in this game; it is taken (gone) now."""
    return await repo.database.run(lambda db: take_dm_notice(db, game_id, user_id), write=True, single=True)
