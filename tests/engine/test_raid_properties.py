"""Property tests: random placements and random legal paths played to the end.

Invariants: every game ends; wounds never exceed 15; collected artifacts never exceed placed
ones; a seat's (and a spectator's) view does not change when the opponent's unrevealed objects
change; state, view, actions and events round-trip through JSON; ``apply`` never changes its
input; the same seed and actions give the same game.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.playout import playout
from engine.core.contract import dump_event, load_event
from engine.core.plain import dump_json
from engine.games.raid import SCENARIOS, Move, RaidState
from engine.games.raid.data import MAX_TURNS, MAX_WOUNDS
from tests.engine.raid_helpers import GAME, hide_elsewhere, random_path, random_valid_place

OPTIONS = st.fixed_dictionaries(
    {
        "scenario": st.sampled_from(list(SCENARIOS)),
        "pits": st.integers(0, 8),
        "traps": st.integers(0, 8),
        "terrorists": st.integers(0, 8),
        "kit": st.integers(0, 1),
        "artifacts": st.integers(1, 5),
        "zones": st.integers(2, 8),
    }
)


class PlainChoice:
    """A random legal action as a player sends it, in plain data: placements random
    (engine-drawn, or explicit when ``explicit``), paths random straight legs from the scout's
    cell. The driver is given it parsed; ``data`` keeps the last one as written."""

    def __init__(self, explicit: bool) -> None:
        self.explicit = explicit
        self.data: Any = None

    def __call__(self, game: Any, state: RaidState, seat: int, rng: random.Random) -> Any:
        self.data = self.write(state, seat, rng)
        return GAME.parse_action(self.data)

    def write(self, state: RaidState, seat: int, rng: random.Random) -> Any:
        legal = GAME.legal_actions(state, seat)
        action = rng.choice(legal)
        if action.kind == "place":
            if self.explicit:
                return random_valid_place(rng, state.options.model_dump())
            return {"kind": "place_random"}
        if action.kind == "place_random":
            return {"kind": "place_random"}
        if isinstance(action, Move):
            return {"kind": "move", "path": random_path(rng, state.scouts[seat].cell)}
        return GAME.dump_action(action)


def check_secrets(state: RaidState, rng: random.Random) -> None:
    for seat in (0, 1):
        other = hide_elsewhere(state, 1 - seat, rng)
        if other is None:
            continue
        for viewer in (seat, None):
            assert GAME.dump_view(GAME.view(state, viewer)) == GAME.dump_view(GAME.view(other, viewer))
        assert GAME.to_act(state) == GAME.to_act(other)
        # The owner sees the change: the comparison above is not vacuous.
        assert GAME.dump_view(GAME.view(state, 1 - seat)) != GAME.dump_view(GAME.view(other, 1 - seat))


def check_fight_secret(state: RaidState) -> None:
    """The weak spot of the terrorist being fought is still secret: changing it to another
    zone not yet named changes no view but its owner's."""
    fight = state.fight
    if fight is None:
        return
    owner = 1 - fight.seat
    objects = state.maps[owner]
    assert objects is not None
    terrorist = objects[fight.target]
    spare = [z for z in range(1, state.options.zones + 1) if z not in fight.named and z != terrorist.zone]
    if not spare:
        return
    changed = (*objects[: fight.target], replace(terrorist, zone=spare[0]), *objects[fight.target + 1 :])
    other = replace(state, maps=tuple(changed if s == owner else m for s, m in enumerate(state.maps)))
    for viewer in (fight.seat, None):
        assert GAME.dump_view(GAME.view(state, viewer)) == GAME.dump_view(GAME.view(other, viewer))
    assert GAME.legal_actions(state, fight.seat) == GAME.legal_actions(other, fight.seat)


def check_invariants(state: RaidState) -> None:
    for seat, scout in enumerate(state.scouts):
        assert 0 <= scout.wounds <= MAX_WOUNDS
        assert scout.artifacts <= state.options.artifacts
        opponent = state.maps[1 - seat] or ()
        collected = sum(1 for h in opponent if h.kind == "artifact" and not h.live)
        assert scout.artifacts == collected
    assert state.turn <= MAX_TURNS


def round_trip(state: RaidState, events: Any, action: Any) -> None:
    data = json.loads(dump_json(GAME.dump_state(state)))
    assert GAME.dump_state(GAME.load_state(data)) == GAME.dump_state(state)
    for seat in (0, 1, None):
        view = GAME.dump_view(GAME.view(state, seat))
        assert GAME.dump_view(GAME.load_view(json.loads(dump_json(view)))) == view
    for event in events:
        assert load_event(json.loads(dump_json(dump_event(event)))) == event
    parsed = GAME.parse_action(action)
    assert GAME.parse_action(json.loads(dump_json(GAME.dump_action(parsed)))) == parsed


def play_out(seed: int, chooser: int, options: dict[str, Any], explicit: bool) -> tuple[RaidState, list[Any]]:
    rng = random.Random(chooser)
    state = GAME.new(2, seed=seed, options=options)
    choose = PlainChoice(explicit)
    log: list[Any] = []
    # the driver applies a move only when asked for it: ``ahead`` is a position not yet played
    ahead = GAME.dump_state(state)
    for step_no, played in enumerate(playout(GAME, state, rng, choose=choose, max_moves=5000)):
        seat, step, action = played.seat, played.step, choose.data
        assert GAME.dump_state(played.before) == ahead  # apply never changes its input
        for event in step.events:
            if "map" in event.data:
                assert event.audience == (seat,)  # a placement goes to its owner only
            if "maps" in event.data:
                assert event.kind == "game_over" and step.state.phase == "over"
        log.append((seat, action))
        state = step.state
        check_invariants(state)
        if state.phase != "over":
            check_secrets(state, rng)
            check_fight_secret(state)
        if step_no % 25 == 0 or state.phase == "over":
            round_trip(state, step.events, action)
        ahead = GAME.dump_state(state)
    return state, log


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    chooser=st.integers(0, 2**32),
    options=OPTIONS,
    explicit=st.booleans(),
)
def test_random_games_end_and_keep_invariants(
    seed: int, chooser: int, options: dict[str, Any], explicit: bool
) -> None:
    state, _ = play_out(seed, chooser, options, explicit)
    assert GAME.to_act(state) == ()
    result = GAME.result(state)
    assert result is not None
    assert state.end in ("mission", "beaten", "turn_limit")
    if state.end == "mission":
        assert state.scouts[result.winners[0]].artifacts == state.options.artifacts
    if state.end == "beaten":
        assert state.scouts[1 - result.winners[0]].wounds == MAX_WOUNDS
    if state.end == "turn_limit":
        assert result.draw and state.turn == MAX_TURNS
    for seat in (0, 1, None):
        assert GAME.view(state, seat).revealed_maps == state.maps


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**40), chooser=st.integers(0, 2**32), explicit=st.booleans())
def test_same_seed_and_actions_same_game(seed: int, chooser: int, explicit: bool) -> None:
    first, log = play_out(seed, chooser, {}, explicit)
    again = GAME.new(2, seed=seed, options={})
    for seat, action in log:
        again = GAME.apply(again, seat, GAME.parse_action(action)).state
    assert dump_json(GAME.dump_state(again)) == dump_json(GAME.dump_state(first))
