"""Berserk's shortcuts give what their definitions give: a position or creature made
positionally equals the one ``dataclasses.replace`` makes, field for field."""

from __future__ import annotations

import random
from dataclasses import fields, replace

from engine.ai.playout import play_to_end, playout
from engine.games.berserk.rules import BERSERK
from engine.games.berserk.state import (
    BerserkState,
    Creature,
    StrikeMod,
    new_creature,
    with_agenda,
    with_creatures,
    with_resolution,
)


def _middle_of_a_game() -> BerserkState:
    state = BERSERK.new(2, 3, {})
    for n, played in enumerate(playout(BERSERK, state, random.Random(3))):
        if n == 60:
            return played.step.state  # type: ignore[no-any-return]
    raise AssertionError("the game ended early")


def test_new_creature_is_the_dataclass_made_by_init() -> None:
    values = ("P1.nomad.2", "C01", 0, "field", "c3", True, 2, 1, 1, 0, True, 1, (StrikeMod("x", 1, 3, 4),))
    made, built = Creature(*values), new_creature(*values)
    assert made == built and type(built) is Creature
    assert [getattr(built, f.name) for f in fields(Creature)] == list(values)


def test_positional_changes_equal_replace() -> None:
    state = _middle_of_a_game()
    creatures = tuple(reversed(state.creatures))
    assert with_creatures(state, creatures) == replace(state, creatures=creatures)
    assert with_agenda(state, ()) == replace(state, agenda=())
    res = state.resolution.passed()
    assert with_resolution(state, res) == replace(state, resolution=res)
    assert res == replace(state.resolution, passes=state.resolution.passes + 1)


def test_a_playout_leaves_every_position_as_it_was_returned() -> None:
    state = BERSERK.new(2, 5, {})
    seen = []
    for played in playout(BERSERK, state, random.Random(5)):
        seen.append((played.step.state, BERSERK.dump_state(played.step.state)))
    assert all(BERSERK.dump_state(s) == dumped for s, dumped in seen)
    assert play_to_end(BERSERK, state, random.Random(5)) == seen[-1][0]


def test_the_main_phase_made_without_init_is_the_decision_init_makes() -> None:
    from engine.games.berserk.loop import _main_phase
    from engine.games.berserk.state import MainPhase

    made = _main_phase("main", (1,), (), False, {"kind": "end_turn"}, {})
    assert made == MainPhase(seats=(1,), default={"kind": "end_turn"}) and type(made) is MainPhase


def test_can_offer_says_whether_offers_lists_any() -> None:
    from engine.games.berserk.abilities import can_offer, offers

    checked = 0
    for seed in range(6):
        for played in playout(BERSERK, BERSERK.new(2, seed, {}), random.Random(seed)):
            state = played.step.state
            for seat in (0, 1):
                for instants in (True, False):
                    listed = offers(state, seat, instants_only=instants)
                    assert can_offer(state, seat, instants_only=instants) == bool(listed)
                    checked += bool(listed)
    assert checked > 100
