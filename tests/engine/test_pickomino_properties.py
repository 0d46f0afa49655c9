"""Property tests: random legal Pickomino games through the public contract."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import IllegalAction
from engine.ai.playout import Played, playout
from engine.core import dump_event, dump_json, load_event
from engine.games.pickomino import Keep, Roll, Stop, Take
from engine.games.pickomino.data import FACES, TILE_WORMS, TILES
from tests.engine.pickomino_helpers import GAME

MAX_ACTIONS = 5_000  # far above any real game; reaching it means the game does not end


def random_game(seats: int, seed: int, chooser_seed: int) -> Iterator[Played]:
    """The moves of one random legal game."""
    state = GAME.new(seats, seed=seed, options={})
    return playout(GAME, state, random.Random(chooser_seed), max_moves=MAX_ACTIONS)


def check_invariants(state) -> None:  # type: ignore[no-untyped-def]
    held = [t for stack in state.stacks for t in stack]
    assert sorted([*state.grill, *state.turned, *held]) == list(TILES)  # exact partition
    assert list(state.grill) == sorted(state.grill)
    view = GAME.view(state, None)
    assert view.scores == tuple(sum(TILE_WORMS[t] for t in stack) for stack in state.stacks)


seats_st = st.integers(min_value=2, max_value=7)
seed_st = st.integers(min_value=0, max_value=2**63 - 1)


@settings(max_examples=60, deadline=None)
@given(seats=seats_st, seed=seed_st, chooser_seed=st.integers(0, 2**32))
def test_random_games_end_with_tiles_partitioned_and_scores_equal_worms(
    seats: int, seed: int, chooser_seed: int
) -> None:
    last = None
    for played in random_game(seats, seed, chooser_seed):
        check_invariants(played.before)
        last = played.step.state
    assert last is not None
    check_invariants(last)
    assert GAME.to_act(last) == () and last.grill == ()
    result = GAME.result(last)
    assert result is not None
    assert result.scores == tuple(float(s) for s in GAME.view(last, None).scores)
    assert 1 in result.ranks and sorted(result.ranks)[0] == 1


@settings(max_examples=25, deadline=None)
@given(seats=seats_st, seed=seed_st, chooser_seed=st.integers(0, 2**32))
def test_same_seed_and_actions_give_identical_states(seats: int, seed: int, chooser_seed: int) -> None:
    log = []
    final = None
    for played in random_game(seats, seed, chooser_seed):
        log.append((played.seat, GAME.dump_action(played.action)))
        final = played.step.state
    replayed = GAME.new(seats, seed=seed, options={})
    for seat, data in log:
        replayed = GAME.apply(replayed, seat, GAME.parse_action(json.loads(json.dumps(data)))).state
    assert dump_json(GAME.dump_state(replayed)) == dump_json(GAME.dump_state(final))


@settings(max_examples=25, deadline=None)
@given(seats=seats_st, seed=seed_st, chooser_seed=st.integers(0, 2**32))
def test_everything_round_trips_through_json_and_apply_never_mutates(
    seats: int, seed: int, chooser_seed: int
) -> None:
    # the driver applies a move only when asked for it: ``ahead`` is a position not yet played
    ahead = dump_json(GAME.dump_state(GAME.new(seats, seed=seed, options={})))
    for played in random_game(seats, seed, chooser_seed):
        state, seat = played.before, played.seat
        before = dump_json(GAME.dump_state(state))
        assert before == ahead  # apply left its input alone
        assert GAME.load_state(json.loads(before)) == state
        for viewer in (None, *range(seats)):
            view = GAME.view(state, viewer)
            text = dump_json(GAME.dump_view(view))
            assert GAME.load_view(json.loads(text)) == view
        for legal in GAME.legal_actions(state, seat):
            assert GAME.parse_action(json.loads(dump_json(GAME.dump_action(legal)))) == legal
        for event in played.step.events:
            assert load_event(json.loads(dump_json(dump_event(event)))) == event
        assert dump_json(GAME.dump_state(state)) == before  # so did views, actions and events
        ahead = dump_json(GAME.dump_state(played.step.state))


def illegal_candidates(state):  # type: ignore[no-untyped-def]
    """Actions that must be refused in this position, each with what makes it illegal."""
    seat = state.current
    legal = GAME.legal_actions(state, seat)
    out = [((seat + 1) % state.seats, legal[0], "wrong seat")]
    for i, face in enumerate(FACES):
        if state.phase != "keep" or not state.roll[i]:
            out.append((seat, Keep(face), "face not in the roll"))
        elif state.kept[i]:
            out.append((seat, Keep(face), "face already kept"))
    takeable = {a.tile for a in legal if isinstance(a, Take)}
    out.extend((seat, Take(t), "tile not takeable") for t in TILES if t not in takeable)
    if Roll() not in legal:
        out.append((seat, Roll(), "roll with no dice / wrong phase"))
    if Stop() not in legal:
        out.append((seat, Stop(), "stop not allowed"))
    return out


@settings(max_examples=25, deadline=None)
@given(seats=seats_st, seed=seed_st, chooser_seed=st.integers(0, 2**32))
def test_illegal_actions_raise_readable_reasons_and_change_nothing(
    seats: int, seed: int, chooser_seed: int
) -> None:
    for played in random_game(seats, seed, chooser_seed):
        state = played.before
        before = dump_json(GAME.dump_state(state))
        for seat, action, what in illegal_candidates(state):
            with pytest.raises(IllegalAction) as err:
                GAME.apply(state, seat, action)
            assert len(err.value.message) > 10, what
            assert err.value.code
        assert dump_json(GAME.dump_state(state)) == before


def test_roll_with_no_dice_left_is_refused() -> None:
    # All eight dice kept: the only choices are a tile or a failed stop.
    state = GAME.load_state(
        {**GAME.dump_state(GAME.new(2, seed=1, options={})), "phase": "decide", "kept": [0, 0, 0, 4, 0, 4]}
    )
    with pytest.raises(IllegalAction, match="no dice"):
        GAME.apply(state, 0, Roll())


def test_dice_are_fair() -> None:
    """The seeded dice show every face about equally often (6,000 expected each)."""
    faces: Counter[int] = Counter()
    state = GAME.new(2, seed=12345, options={})
    for n in range(4500):
        at_draw = GAME.load_state({**GAME.dump_state(state), "rng": [state.rng.seed, n, []]})
        rolled = GAME.apply(at_draw, 0, Roll())
        for face, count in enumerate(rolled.events[0].data["dice"]):
            faces[face] += count
    assert sum(faces.values()) == 36_000
    assert all(5_600 < faces[f] < 6_400 for f in range(6)), faces
