"""A game's snapshot: the stored form of its position, a cache of its move log. Moves meet the
engine through ``engine.core.move_log``, the one place ``apply``, ``verify`` and the rebuild of an
upgraded game (``storage.state_versions``) go through, so a game replayed from its seed and log
takes exactly the path it took when it was played."""

from __future__ import annotations

from typing import Any

import engine
from engine.core import dump_json


def snapshot(game: engine.Game[Any, Any, Any], state: Any) -> str:
    """The stored form of a state: canonical JSON, so equal states have equal text."""
    return dump_json(game.dump_state(state))
