"""Each person's own settings for one game (``player_settings``, v10): one JSON object per person
and game, validated by the game's bot side (``Renderer.player_settings``), read whole and
replaced whole."""

from __future__ import annotations

import json
import logging
from typing import Any

from engine.core import dump_json
from storage import Repository

log = logging.getLogger(__name__)


async def read(repo: Repository, user_id: int, key: str) -> dict[str, Any]:
    """The settings ``user_id`` chose for the game ``key`` (``{}``: none yet). A stored value
    that is not a JSON object is logged and read as none."""
    async with repo.database.transaction(write=False) as db:
        row = await db.fetch_one(
            "SELECT settings FROM player_settings WHERE user_id = ? AND key = ?", (user_id, key)
        )
    if row is None:
        return {}
    try:
        found = json.loads(row[0])
    except ValueError:
        found = None
    if not isinstance(found, dict):
        log.warning("the %s settings of user %s cannot be read; using none", key, user_id)
        return {}
    return found


async def write(repo: Repository, user_id: int, key: str, settings: dict[str, Any]) -> None:
    """Store ``user_id``'s settings for the game ``key`` (the whole object, replacing any)."""
    now = repo.now()
    async with repo.database.transaction(write=True) as db:
        await db.execute(
            "INSERT INTO player_settings (user_id, key, settings, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_id, key) DO UPDATE"
            " SET settings = excluded.settings, updated_at = excluded.updated_at",
            (user_id, key, dump_json(settings), now),
        )
