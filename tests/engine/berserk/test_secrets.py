"""What stays secret (B60–B63), checked move by move over random games: no view or event a
seat may see names a card in the other seat's reserve or its hidden recruitment, and the uids
on the field and in the graveyards always carry the lowest copy numbers, so numbering reveals
nothing about a reserve."""

from __future__ import annotations

import random
from collections import defaultdict

from engine.ai.playout import playout
from engine.core.plain import dump_json
from engine.games.berserk.setup import recruit_uids
from engine.games.berserk.state import BerserkState
from tests.engine.berserk.helpers import GAME


def hidden_from(state: BerserkState, seat: int | None) -> set[str]:
    """Instance ids ``seat`` may not know: the other seats' reserve cards, and before the
    Reveal their recruited cards."""
    hidden: set[str] = set()
    for other in (0, 1):
        if other == seat:
            continue
        hidden |= {c.uid for c in state.creatures if c.owner == other and c.zone == "reserve"}
        recruits = state.sides[other].recruits
        if state.phase in ("recruit", "place") and recruits is not None and state.first is not None:
            role = 0 if other == state.first else 1
            hidden |= set(recruit_uids(role, recruits))
    return hidden


def test_reserve_and_recruitment_never_reach_another_seat() -> None:
    checked = 0
    for seed in range(4):
        state = GAME.new(2, seed)
        for played in playout(GAME, state, random.Random(seed)):
            state = played.step.state
            for seat in (None, 0, 1):
                secret = hidden_from(state, seat)
                if not secret:
                    continue
                seen = dump_json(GAME.dump_view(GAME.view(state, seat)))
                seen += "".join(dump_json(e.data) for e in played.step.events if e.visible_to(seat))
                assert not any(f'"{uid}"' in seen for uid in secret), (seed, seat, secret)
                checked += 1
    assert checked > 100  # the games did have secrets to keep


def test_public_copy_numbers_are_always_the_lowest() -> None:
    for seed in range(4):
        state = GAME.new(2, seed)
        for played in playout(GAME, state, random.Random(seed)):
            state = played.step.state
            public: dict[tuple[int, str], list[int]] = defaultdict(list)
            for c in state.creatures:
                if c.zone != "reserve":
                    public[c.owner, c.card].append(c.copy)
            for copies in public.values():
                assert sorted(copies) == list(range(1, len(copies) + 1))
