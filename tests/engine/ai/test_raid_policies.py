"""Raid computer players: legal moves over whole games, valid placements, and the scout's
behaviour (explores, avoids known hazards, uses the kit, names fresh zones)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from engine.ai import decide, get_policy, policies
from engine.ai.playout import PolicyChoice, playout
from engine.ai.raid.scout import RETURN_TO_KIT_AT, TOUR_CELLS, USE_KIT_AT
from engine.core.errors import EngineError
from engine.games.raid import Encounter, Guess, LeaveKit, Move, Place, PlaceRandom, UseKit
from engine.games.raid.actions import MAX_WAYPOINTS
from engine.games.raid.cells import ALL_CELLS
from engine.games.raid.paths import walk
from engine.games.raid.placement import check_placement
from tests.engine.raid_helpers import GAME, objects, play, position


def legal_kind(action: Any, legal: Sequence[Any]) -> bool:
    """Concrete actions are listed as they are; a placement or a path fills a listed template."""
    if isinstance(action, Place):
        return any(isinstance(a, Place) for a in legal) and action != Place()
    if isinstance(action, Move):
        return any(isinstance(a, Move) for a in legal) and len(action.path) > 0
    return action in legal


def play_out(lineup: Sequence[str], seed: int, options: dict[str, Any] | None = None) -> Any:
    state = GAME.new(2, seed=seed, options=options or {})
    choose = PolicyChoice(lineup, seed=seed * 1000)  # decision n is seeded seed * 1000 + n
    for played in playout(GAME, state, random.Random(seed), choose=choose):
        action = played.action  # it was accepted: an illegal action would have raised
        assert legal_kind(action, GAME.legal_actions(played.before, played.seat)), action
        if isinstance(action, Place):
            assert check_placement(action, played.before.options) == []
        if isinstance(action, Move):
            assert len(action.path) <= MAX_WAYPOINTS
        state = played.step.state
    return state


def test_raid_has_random_and_scout() -> None:
    assert policies("raid") == ("random", "scout")


@pytest.mark.parametrize(
    ("lineup", "options"),
    [
        (("scout", "random"), None),
        (("random", "scout"), {"scenario": "harbour"}),
        (("scout", "scout"), {"scenario": "crossroads", "zones": 3}),
        (("random", "random"), {"pits": 0, "kit": 0, "artifacts": 1}),
    ],
)
def test_whole_games_with_only_legal_actions(lineup: tuple[str, str], options: dict[str, Any] | None) -> None:
    for seed in range(3):
        state = play_out(lineup, seed, options)
        assert GAME.result(state) is not None


def test_random_uses_both_placement_forms_and_explicit_paths() -> None:
    state = GAME.new(2, seed=1, options={})
    picks = {type(decide(GAME, state, 0, "random", seed=s)) for s in range(30)}
    assert picks == {Place, PlaceRandom}


def test_scout_beats_random_most_of_the_time() -> None:
    wins = sum(
        play_out(("scout", "random") if g % 2 == 0 else ("random", "scout"), g).winner == g % 2
        for g in range(12)
    )
    assert wins >= 10


def test_scout_placement_is_valid_and_sensible() -> None:
    view = GAME.view(GAME.new(2, seed=0, options={}), 0)
    policy = get_policy("raid", "scout")
    far, near = 0, 0
    for s in range(40):
        place = policy.choose(view, GAME.legal_actions(GAME.new(2, seed=0, options={}), 0), random.Random(s))
        assert check_placement(place, GAME.options(2, {})) == []
        far += sum(_distance(a, view.entry) >= 8 for a in place.artifacts)
        near += sum(_distance(c, view.entry) <= 4 for c in (*place.pits, *place.traps))
    assert far / (40 * 3) > 0.6  # artifacts deep in the map (a uniform draw gives about 0.4)
    assert near / (40 * 8) > 0.25  # obstacles where every scout starts (uniform: about 0.14)


def _distance(a: str, b: str) -> int:
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:]))


def scout_move(state: Any, seed: int = 0) -> list[str]:
    action = decide(GAME, state, state.current, "scout", seed=seed)
    assert isinstance(action, Move)
    return walk(state.scouts[state.current].cell, action.path)


def test_scout_sweeps_the_whole_map_when_nothing_stops_it() -> None:
    state = position()  # empty hazard maps: no walk is ever stopped
    for turn in range(5):
        before = set(state.scouts[0].trail)
        action = decide(GAME, state, 0, "scout", seed=turn)
        fresh = set(walk(state.scouts[0].cell, action.path)) - before
        assert len(fresh) == min(TOUR_CELLS, 100 - len(before))
        state = play(state, action, {"kind": "move", "path": ["down 1" if turn % 2 == 0 else "up 1"]})
    assert set(state.scouts[0].trail) == set(ALL_CELLS)


def test_scout_boxed_in_by_hazards_crosses_the_trap_rather_than_the_pit() -> None:
    met = (Encounter(0, "B1", "trap", "wounded", 1), Encounter(0, "A2", "pit", "fell", 1))
    state = position(scouts={0: {"cell": "A1", "trail": ("A1", "B1", "A1", "A2", "A1"), "wounds": 1}})
    state = _with_encounters(state, met)
    assert scout_move(state)[0] == "B1"


def test_scout_avoids_a_known_trap_when_there_is_a_way_round() -> None:
    met = (Encounter(0, "C1", "trap", "wounded", 1),)
    state = position(scouts={0: {"cell": "B1", "trail": ("A1", "B1", "C1", "B1")}})
    state = _with_encounters(state, met)
    for seed in range(10):
        assert "C1" not in scout_move(state, seed)


def _with_encounters(state: Any, met: tuple[Encounter, ...]) -> Any:
    return replace(state, encounters=met)


def test_scout_uses_the_kit_when_wounded_enough_and_leaves_it_otherwise() -> None:
    kit_map = objects(kit="B1")
    for wounds, expected in ((USE_KIT_AT, UseKit), (USE_KIT_AT - 1, LeaveKit)):
        state = position((objects(), kit_map), scouts={0: {"wounds": wounds}})
        state = play(state, {"kind": "move", "path": ["B1"]})
        assert isinstance(decide(GAME, state, 0, "scout", seed=1), expected)


def test_scout_returns_to_a_kit_it_left_when_wounded() -> None:
    met = (Encounter(0, "D1", "kit", "found", 2), Encounter(0, "D1", "kit", "left", 2))
    trail = ("A1", "B1", "C1", "D1", "D2", "D3", "D4")
    state = position((objects(), objects(kit="D1")), scouts={0: {"cell": "D4", "trail": trail}})
    state = _with_encounters(state, met)
    healthy = scout_move(state)
    assert healthy[-1] != "D1"  # unhurt: it explores instead
    hurt = position(
        (objects(), objects(kit="D1")), scouts={0: {"cell": "D4", "trail": trail, "wounds": RETURN_TO_KIT_AT}}
    )
    hurt = _with_encounters(hurt, met)
    assert scout_move(hurt)[-1] == "D1"
    after = play(hurt, decide(GAME, hurt, 0, "scout", seed=0))
    assert GAME.dump_action(decide(GAME, after, 0, "scout", seed=0)) == {"kind": "use_kit"}


def test_scout_on_the_kit_cell_steps_off_and_back() -> None:
    met = (Encounter(0, "D1", "kit", "found", 2), Encounter(0, "D1", "kit", "left", 2))
    state = position(
        (objects(), objects(kit="D1")),
        scouts={0: {"cell": "D1", "trail": ("A1", "B1", "C1", "D1"), "wounds": 12}},
    )
    state = _with_encounters(state, met)
    cells = scout_move(state)
    assert len(cells) == 2 and cells[-1] == "D1"


def test_scout_names_only_zones_not_yet_named() -> None:
    state = position((objects(), objects(terrorists=["B2=6"])), scouts={0: {"cell": "B1"}})
    state = play(
        state, {"kind": "move", "path": ["B2"]}, {"kind": "guess", "zone": 1}, {"kind": "guess", "zone": 2}
    )
    picks = {decide(GAME, state, 0, "scout", seed=s) for s in range(40)}
    assert picks == {Guess(3), Guess(4), Guess(5), Guess(6)}


def test_scout_is_not_asked_for_a_seat_that_is_not_to_act() -> None:
    with pytest.raises(EngineError):
        decide(GAME, position(), 1, "scout", seed=0)
