"""Policy objects kept between decisions, and one decision with them: what a process that
decides for computer seats (the bot's worker, or the bot itself) calls.

Policy objects are caches: what a policy works out once in a turn (Pickomino's ``strong``
plans the whole turn) serves the turn's later decisions, and a fresh one decides the same,
only more slowly. So a process keeps a bounded number of them, by a key its caller chooses
(the bot's: its own token, the game, the seat and the policy's name), the least recently used
going first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

from engine.ai.policy import Policy, decide_at, get_policy
from engine.core.position import Position

POLICIES_KEPT = 256
"""Policy objects kept in a process; the least recently used go first."""

_kept: OrderedDict[Hashable, Policy] = OrderedDict()


def kept_policy(key: Hashable, game_key: str, name: str) -> Policy:
    """The policy object kept under ``key`` (made on first use), for its next decisions."""
    found = _kept.get(key)
    if found is None:
        found = _kept[key] = get_policy(game_key, name)
        while len(_kept) > POLICIES_KEPT:
            _kept.popitem(last=False)
    _kept.move_to_end(key)
    return found


def think(position: Position[Any, Any], seat: int, name: str, kept: Hashable | None, seed: int) -> Any:
    """The move policy ``name`` makes for ``seat`` (``decide_at``), with the policy object kept
    under ``kept`` (``None``: a fresh one, as for a hint)."""
    policy = get_policy(position.key, name) if kept is None else kept_policy(kept, position.key, name)
    return decide_at(position, seat, policy, seed)
