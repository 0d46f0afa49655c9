"""The contract every registered game keeps, checked on random games of each.

A game gets all of this by registering: random playouts end; the same seed and moves give the
same game byte for byte; states, actions, events, views, private views and results round-trip
through JSON; ``apply`` never changes its input; illegal and unreadable actions are refused
with the state unchanged; the pending decisions, ``to_act`` and the legal actions agree; every
default is a move the game accepts; and what a seat may not know never shows in its view
(``redeal`` draws it again, and the seat's view, private view and legal actions stay the same).

A game is also held to the kind of information it declares (``Game.information``,
``Game.chance``): secrets and chance are looked for only where it declares them, and what it
declares is checked — perfect information shows every seat and a spectator the same thing; a
game without chance is the same game whatever its seed. Nim (``tests/engine/nim.py``), which
has neither secrets nor chance nor any generator, runs through the whole suite beside the
registered games.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from engine.ai.playout import Played, playout
from engine.core import Game, dump_event, dump_json, load_event
from engine.core.contract import RESULT_ADAPTER, TURN_STARTED
from engine.core.decisions import seats_of
from engine.core.errors import EngineError
from engine.core.move_log import replay
from engine.core.position import Position
from tests.engine.nim import NIM, Nim, nim_registered

KEYS = engine.game_keys()
SUITE = (*KEYS, NIM.key)
"""Every registered game, and Nim, registered only while its games are checked."""
GAMES_PER_SIZE = 3
"""Random games per seat count and game (each checked move by move)."""


def seat_counts(game: Game[Any, Any, Any]) -> range:
    return range(game.min_seats, game.max_seats + 1)


def random_games(game: Game[Any, Any, Any], **options: Any) -> Iterator[tuple[int, int, list[Played]]]:
    """``(seats, seed, moves)`` of a few random games per seat count, resignations and
    optional off-turn moves included."""
    for seats in seat_counts(game):
        for n in range(GAMES_PER_SIZE):
            seed = 1000 * seats + n
            state = game.new(seats, seed, {})
            moves = list(playout(game, state, random.Random(seed), off_turn=0.05, resign=0.002, **options))
            yield seats, seed, moves


@pytest.fixture(scope="module", params=SUITE)
def played(
    request: pytest.FixtureRequest,
) -> Iterator[tuple[Game[Any, Any, Any], list[tuple[int, int, list[Played]]]]]:
    if request.param == NIM.key:
        with nim_registered():
            yield NIM, list(random_games(NIM))
        assert NIM.key not in engine.game_keys()
        return
    game = engine.get_game(request.param)
    yield game, list(random_games(game))


def logged(game: Game[Any, Any, Any], moves: list[Played]) -> list[tuple[int, dict[str, Any]]]:
    return [(m.seat, {"kind": "resign"} if m.action is None else game.dump_action(m.action)) for m in moves]


def test_every_random_game_ends_with_a_result(played: Any) -> None:
    game, games = played
    for _, _, moves in games:
        final = moves[-1].step.state if moves else None
        assert final is not None and game.to_act(final) == () and game.pending(final) == ()
        result = game.result(final)
        assert result is not None and len(result.ranks) == len(result.scores) == game.seats(final)
        assert RESULT_ADAPTER.validate_python(RESULT_ADAPTER.dump_python(result, mode="json")) == result
        if game.cooperative:
            assert result.team in ("won", "lost")
        for move in moves[:-1]:
            assert game.result(move.step.state) is None


def test_the_same_seed_and_moves_give_the_same_game(played: Any) -> None:
    game, games = played
    for seats, seed, moves in games:
        again = [step for _, _, step in replay(game, seats, seed, {}, logged(game, moves))]
        for move, step in zip(moves, again, strict=True):
            assert dump_json(game.dump_state(step.state)) == dump_json(game.dump_state(move.step.state))
            assert [dump_event(e) for e in step.events] == [dump_event(e) for e in move.step.events]


def test_everything_round_trips_through_json(played: Any) -> None:
    game, games = played
    for seats, _, moves in games[:2]:
        for move in moves:
            state = move.step.state
            text = dump_json(game.dump_state(state))
            assert dump_json(game.dump_state(game.load_state(json.loads(text)))) == text
            if move.action is not None:
                data = json.loads(dump_json(game.dump_action(move.action)))
                assert game.parse_action(data) == move.action
            for event in move.step.events:
                assert load_event(json.loads(json.dumps(dump_event(event)))) == event
            for seat in (None, *range(seats)):
                view = game.dump_view(game.view(state, seat))
                assert game.dump_view(game.load_view(json.loads(json.dumps(view)))) == view
                if seat is not None:
                    private = game.private_view(state, seat)
                    assert private is None or json.loads(dump_json(private)) == private
                    for action in game.legal_actions(state, seat):
                        assert game.parse_action(game.dump_action(action)) == action


def test_apply_never_changes_its_input(played: Any) -> None:
    game, games = played
    for _, _, moves in games[:2]:
        for move in moves:
            before = dump_json(game.dump_state(move.before))
            if move.action is not None:
                game.apply(move.before, move.seat, move.action)
            else:
                game.resign(move.before, move.seat)
            assert dump_json(game.dump_state(move.before)) == before


def test_illegal_and_unreadable_actions_are_refused_and_change_nothing(played: Any) -> None:
    game, games = played
    rng = random.Random(3)
    for seats, _, moves in games[:2]:
        for move in moves[:: max(1, len(moves) // 40)]:
            state = move.before
            text = dump_json(game.dump_state(state))
            idle = [s for s in range(seats) if not game.legal_actions(state, s)]
            waited = [a for s in game.to_act(state) for a in game.legal_actions(state, s)]
            for seat in idle:
                for action in rng.sample(waited, min(3, len(waited))):
                    with pytest.raises(engine.EngineError):
                        game.apply(state, seat, action)
            for garbage in ({"kind": "no_such_move"}, {}, "", "{", [1, 2], 7):
                with pytest.raises(engine.BadAction):
                    game.parse_action(garbage)
            assert dump_json(game.dump_state(state)) == text
        final = moves[-1].step.state
        for seat in range(seats):
            assert game.legal_actions(final, seat) == []
            with pytest.raises(engine.EngineError):
                game.resign(final, seat)


def test_decisions_to_act_and_legal_actions_agree(played: Any) -> None:
    game, games = played
    for seats, _, moves in games:
        for move in moves:
            state = move.step.state
            pending = game.pending(state)
            assert game.to_act(state) == seats_of(pending)
            for seat in game.to_act(state):
                assert game.legal_actions(state, seat), f"seat {seat} is waited for but can do nothing"
                default = game.default_action(state, seat)
                if default is not None:
                    game.apply(state, seat, default)  # a default is always a move the game takes
            started = [e.data["seat"] for e in move.step.events if e.kind == TURN_STARTED]
            assert all(e.audience is None for e in move.step.events if e.kind == TURN_STARTED)
            assert all(0 <= s < seats for s in started)


def test_what_a_seat_may_not_know_never_shows(played: Any) -> None:
    """Non-interference: ``redeal`` changes what ``seat`` cannot see (the generator's future,
    other hands, hidden maps), and the seat's view, private view, pending decisions as it is
    handed them and legal actions stay the same. A game with secrets or chance has something
    to draw again, so its redealt positions do differ and the check can fail; a game with
    neither has nothing to redraw."""
    game, games = played
    differed = 0
    for seats, _, moves in games:
        for n, move in enumerate(moves[:: max(1, len(moves) // 25)]):
            state = move.step.state
            for seat in (None, *range(seats)):
                other = game.redeal(state, seat, 7_000 + n)
                if dump_json(game.dump_state(other)) != dump_json(game.dump_state(state)):
                    differed += 1
                view = dump_json(game.dump_view(game.view(state, seat)))
                assert dump_json(game.dump_view(game.view(other, seat))) == view
                # the pending decisions as this audience is handed them (a web page's and a
                # renderer's ``Table.decisions``): nothing in them it may not know
                assert Position(game, other).pending(seat) == Position(game, state).pending(seat)
                if seat is not None:
                    assert game.private_view(other, seat) == game.private_view(state, seat)
                    assert game.legal_actions(other, seat) == game.legal_actions(state, seat)
                    assert game.to_act(other) == game.to_act(state)
    if game.information == "imperfect" or game.chance:
        assert differed > 0
    else:
        assert differed == 0, "a game without secrets or chance has nothing to redeal"


def sample(moves: list[Played], count: int) -> list[Played]:
    return moves[:: max(1, len(moves) // count)]


def views_of(game: Game[Any, Any, Any], state: Any, seats: int) -> list[str]:
    """What each seat and a spectator may know of ``state``: views and private views."""
    seen = [dump_json(game.dump_view(game.view(state, seat))) for seat in (None, *range(seats))]
    return seen + [dump_json(game.private_view(state, seat)) for seat in range(seats)]


def test_the_declared_kind_of_information_is_one_the_suite_knows(played: Any) -> None:
    game, _ = played
    assert game.information in ("perfect", "imperfect") and isinstance(game.chance, bool)


def shows_every_seat_and_a_spectator_the_same(played: Any) -> None:
    """A game declaring perfect information: over random positions, every seat's view is the
    spectator's, nobody has a private view, no event is addressed to some seats only and no
    decision is secret."""
    game, games = played
    for seats, _, moves in games:
        for move in sample(moves, 40):
            state = move.step.state
            spectator = dump_json(game.dump_view(game.view(state, None)))
            for seat in range(seats):
                assert dump_json(game.dump_view(game.view(state, seat))) == spectator
                assert game.private_view(state, seat) is None
            assert all(event.audience is None for event in move.step.events)
            assert not any(decision.secret for decision in game.pending(state))


def hides_something_from_someone(played: Any) -> None:
    """A game declaring imperfect information: in some random position some seat or the
    spectator is shown something another is not (a view, a private view or an event)."""
    game, games = played
    for seats, _, moves in games:
        for move in sample(moves, 40):
            state = move.step.state
            views = {dump_json(game.dump_view(game.view(state, seat))) for seat in (None, *range(seats))}
            private = any(game.private_view(state, seat) is not None for seat in range(seats))
            addressed = any(event.audience is not None for event in move.step.events)
            if len(views) > 1 or private or addressed:
                return
    pytest.fail(f"{game.key} declares imperfect information, yet every seat saw the same")


def is_the_same_whatever_its_seed(played: Any) -> None:
    """A game declaring no chance: its random games, played again from other seeds, go through
    the very same positions and events."""
    game, games = played
    for seats, seed, moves in games:
        for other in (seed + 1, 7 * seed + 12_345):
            again = [step for _, _, step in replay(game, seats, other, {}, logged(game, moves))]
            assert len(again) == len(moves)
            for move, step in zip(moves, again, strict=True):
                assert dump_json(game.dump_state(step.state)) == dump_json(game.dump_state(move.step.state))
                assert [dump_event(e) for e in step.events] == [dump_event(e) for e in move.step.events]


def depends_on_its_seed(played: Any) -> None:
    """A game declaring chance: the moves of some random game, played again from another seed,
    show some seat or the spectator something else, or are no longer all legal."""
    game, games = played
    for seats, seed, moves in games:
        log = logged(game, moves)
        for other in (seed + 1, seed + 2):
            try:
                for move, (_, _, step) in zip(moves, replay(game, seats, other, {}, log), strict=False):
                    if views_of(game, step.state, seats) != views_of(game, move.step.state, seats):
                        return
                    if [dump_event(e) for e in step.events] != [dump_event(e) for e in move.step.events]:
                        return
            except EngineError:
                return  # a move legal under one seed is not under the other
    pytest.fail(f"{game.key} declares chance, yet its games are the same whatever the seed")


def test_the_information_a_game_declares_is_true(played: Any) -> None:
    """Perfect information: everyone is shown the same; imperfect: someone is not."""
    game, _ = played
    if game.information == "perfect":
        shows_every_seat_and_a_spectator_the_same(played)
    else:
        hides_something_from_someone(played)


def test_the_chance_a_game_declares_is_true(played: Any) -> None:
    """Chance: the seed matters; none: every seed plays the same game."""
    game, _ = played
    if game.chance:
        depends_on_its_seed(played)
    else:
        is_the_same_whatever_its_seed(played)


def test_the_defaults_assume_secrets_and_chance_and_only_a_game_with_neither_may_skip_redeal() -> None:
    assert (Game.information, Game.chance) == ("imperfect", True)
    state = NIM.new(2, 1, {})
    assert NIM.redeal(state, 0, 5) is state

    class Dice(Nim):
        key = "nim_with_dice"
        chance = True

    with pytest.raises(NotImplementedError, match="nim_with_dice"):
        Dice().redeal(state, 0, 5)


def test_every_played_action_typed_back_is_the_same_action(played: Any) -> None:
    """``typed`` spells an action as a player types it (what ``/hint`` tells him to type);
    ``parse_action`` reads it back to the same action."""
    game, games = played
    checked = 0
    for _, _, moves in games:
        for move in moves:
            if move.action is not None:
                assert game.parse_action(game.typed(move.action)) == move.action, game.typed(move.action)
                checked += 1
    assert checked > 0
