"""A check every game's policies can share: a choice depends on the seat's view alone.

``altered`` is the same position with things the seat may not know changed (other seats'
secrets; in Pickomino the seed, i.e. the dice still to come). The view must be the same,
and so must the policy's choice — and it must be the choice made from a view that went
through JSON, so nothing but plain view data can have been used.
"""

from __future__ import annotations

import json
import random
from typing import Any

from engine.ai import decide, get_policy
from engine.core.contract import Game


def assert_sees_only_its_view(
    game: Game[Any, Any, Any], state: Any, altered: Any, seat: int, policy: str, seed: int
) -> None:
    view = game.view(state, seat)
    assert game.dump_view(game.view(altered, seat)) == game.dump_view(view), "the alteration shows"
    chosen = decide(game, state, seat, policy, seed)
    assert decide(game, altered, seat, policy, seed) == chosen
    copied = game.load_view(json.loads(json.dumps(game.dump_view(view))))
    legal = game.legal_actions(state, seat)
    assert get_policy(game.key, policy).choose(copied, legal, random.Random(seed)) == chosen
