"""Games stored at an older state version than their rules': their options upgraded by the
game's own hook (``engine.Game.upgrade_options``) and their snapshot rebuilt from the log.

Each game's row records the state version (``engine.Game.state_version``) its options and
snapshot were written at (``games.state_version``, v13). The snapshot is a cache of the log: when
a game's rules move to a newer version, opening the database (``upgrade_games``, run by
``storage.repository.open_repository`` after the migrations) replays every game stored at an
older one from its seed with its upgraded options and stores the options, the new snapshot and
the version. Nothing here knows any game: the registry lists the games, each says its version
and upgrades its own options.

Each game is upgraded in its own write transaction that takes its row first (on PostgreSQL
``FOR UPDATE``, as a move does; on SQLite the write lock) and reads its version again, so of
processes opening the database at once one upgrades it and the others find it done; a move
stored meanwhile by another process is either seen (the replay includes it) or, having started
from the old snapshot, matches no row in its compare-and-swap and reads the game again. The
game's version (its count of moves) does not change. A game whose log does not replay keeps its
rows and its old version (logged): it is unavailable until mended, and ``python -m storage
verify`` names it.
"""

from __future__ import annotations

import json
import logging
from functools import partial
from typing import Any

import engine
from engine.core import dump_json
from engine.core.move_log import final_state, upgraded_options
from storage.database import Connection, Database
from storage.snapshots import snapshot

log = logging.getLogger(__name__)

STALE = "SELECT id FROM games WHERE key = ? AND state_version < ? ORDER BY id"
"""A game's rows stored at an older state version than ``?`` (a seek of ``games_by_state_version``)."""


async def upgrade_games(database: Database) -> list[int]:
    """Upgrade every game stored at an older state version than its rules'; the ids upgraded."""
    upgraded: list[int] = []
    for key in engine.game_keys():
        current = engine.get_game(key).state_version
        async with database.transaction(write=False, single=True) as db:
            stale = [int(row[0]) for row in await db.fetch(STALE, (key, current))]
        for game_id in stale:
            if await database.run(partial(upgrade_game, game_id=game_id), write=True):
                upgraded.append(game_id)
    if upgraded:
        log.info("upgraded %d games stored at an older state version", len(upgraded))
    return upgraded


async def upgrade_game(db: Connection, *, game_id: int) -> bool:
    """Upgrade one game if it is still stored at an older state version (see the module
    docstring); whether this transaction upgraded it."""
    row = await db.fetch_one(
        "SELECT key, options, seed, state, state_version FROM games WHERE id = ?" + db.for_update, (game_id,)
    )
    if row is None:
        return False
    key, options_text, seed, state_text, stored_version = tuple(row)
    try:
        game = engine.get_game(key)
        if stored_version >= game.state_version:
            return False  # another process upgraded it first
        options = json.loads(options_text)
        if not isinstance(options, dict):
            raise ValueError("the options are not a JSON object")
        options = upgraded_options(game, options, stored_version)
        rebuilt = None
        if state_text is not None:  # started: its position is its log replayed
            rebuilt = snapshot(game, await _replayed(db, game, game_id, seed, options))
    except Exception as exc:  # any game that cannot be upgraded: leave it to verify
        log.warning("game %s stays at state version %s: %s", game_id, stored_version, exc)
        return False
    await db.execute(
        "UPDATE games SET options = ?, state = ?, state_version = ? WHERE id = ?",
        (dump_json(options), rebuilt, game.state_version, game_id),
    )
    return True


async def _replayed(
    db: Connection, game: engine.Game[Any, Any, Any], game_id: int, seed: int, options: dict[str, Any]
) -> Any:
    seats = await db.fetch_one("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,))
    moves = [
        (seat, json.loads(action))
        for seat, action in await db.fetch(
            "SELECT seat, action FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
        )
    ]
    assert seats is not None
    return final_state(game, int(seats[0]), seed, options, moves)
