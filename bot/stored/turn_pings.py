"""The "your turn" pings the bot posted and has not deleted yet (``turn_pings``): one row per
Discord message with the people it names, so the pings of a game are still tidied after a
restart. A row that cannot be read is logged and left out; it goes when its game ends."""

from __future__ import annotations

import json
import logging
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from pydantic import StrictInt, TypeAdapter

from storage import Repository
from storage.database import Connection

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class TurnPing:
    """A posted "your turn" message, kept until no player it names is still to act."""

    game_id: int
    channel_id: int
    message_id: int
    users: frozenset[int]
    """The people it names."""
    version: int
    """The game version it was posted at."""


USER_IDS: TypeAdapter[list[int]] = TypeAdapter(list[StrictInt])

PING_COLUMNS = "game_id, channel_id, message_id, users, version"


def ping_from_row(row: Any) -> TurnPing:
    """The ping a ``turn_pings`` row (``PING_COLUMNS``) holds; ``ValueError`` if it cannot be read."""
    game_id, channel_id, message_id, users, version = tuple(row)
    for name, value in (("game_id", game_id), ("channel_id", channel_id), ("version", version)):
        if type(value) is not int:
            raise ValueError(f"{name} is not an integer: {value!r}")
    if not isinstance(users, str):
        raise ValueError(f"users is not JSON text: {users!r}")
    return TurnPing(game_id, channel_id, message_id, frozenset(USER_IDS.validate_json(users)), version)


async def record_ping(db: Connection, ping: TurnPing) -> None:
    await db.execute(
        f"INSERT INTO turn_pings ({PING_COLUMNS}) VALUES (?, ?, ?, ?, ?) ON CONFLICT (message_id)"
        " DO UPDATE SET game_id = excluded.game_id, channel_id = excluded.channel_id,"
        " users = excluded.users, version = excluded.version",
        (ping.game_id, ping.channel_id, ping.message_id, json.dumps(sorted(ping.users)), ping.version),
    )


async def read_pings(db: Connection, game_id: int) -> list[TurnPing]:
    """The game's stored pings, oldest first. A row that cannot be read is logged and skipped."""
    rows = await db.fetch(
        f"SELECT {PING_COLUMNS} FROM turn_pings WHERE game_id = ? ORDER BY message_id", (game_id,)
    )
    pings = []
    for row in rows:
        try:
            pings.append(ping_from_row(row))
        except (TypeError, ValueError) as exc:  # pydantic's ValidationError is a ValueError
            log.warning("turn ping %s of game %s is unreadable, skipped: %s", row[2], game_id, exc)
    return pings


async def forget_pings(db: Connection, message_ids: Collection[int]) -> None:
    await db.execute_many("DELETE FROM turn_pings WHERE message_id = ?", [(m,) for m in message_ids])


async def forget_game_pings(db: Connection, game_id: int) -> None:
    await db.execute("DELETE FROM turn_pings WHERE game_id = ?", (game_id,))


async def record(repo: Repository, ping: TurnPing) -> None:
    await repo.database.run(lambda db: record_ping(db, ping), write=True)


async def of_game(repo: Repository, game_id: int) -> list[TurnPing]:
    """The game's pings not yet forgotten, oldest first; an unreadable row is logged and left out."""
    return await repo.database.run(lambda db: read_pings(db, game_id), write=False, single=True)


async def forget(repo: Repository, message_ids: Collection[int]) -> None:
    if not message_ids:
        return
    await repo.database.run(lambda db: forget_pings(db, message_ids), write=True)


async def forget_game(repo: Repository, game_id: int) -> None:
    """Every ping of the game, unreadable rows included: for a game that is over."""
    await repo.database.run(lambda db: forget_game_pings(db, game_id), write=True)
