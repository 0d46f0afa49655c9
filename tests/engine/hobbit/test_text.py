"""Hobbit in the terminal: the board as a seat sees it, one line per event, actions in words,
a whole game through ``python -m engine.play`` and a replay through ``engine.replay``."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from engine.ai.playout import Played, playout
from engine.core.text import text_renderer
from engine.play import main as play_main
from engine.replay import main as replay_main
from tests.engine.hobbit.helpers import BLUE, GAME, RED, YELLOW, play, position

TEXT = text_renderer("hobbit")


def test_the_board_shows_the_track_pieces_hands_and_the_decision() -> None:
    state = position(
        at={"R1": 8, "Y1": 10, "Bilbo": 31},
        ring=25,
        entangled=["Y1"],
        smaug=33,
        gandalf="G_EREBOR",
        hands={RED: ["BH11", "ES01"], YELLOW: ["BH02"]},
        face_up={"mirkwood": "MW06"},
    )
    board = TEXT.board(GAME.view(state, RED), RED)
    lines = board.split("\n")
    track = next(line for line in lines if line.startswith("track"))
    assert track[8:] == "s..m.m..m.mm..m.m.eeeD.x.x.x.r.x.x..x.x.x.g.kttt.f"
    marks = lines[lines.index(track) + 1]
    assert marks[8 + 33] == "S" and marks[8 + 25] == "o"
    assert "8: R1" in board and "10: Y1*" in board and "31: Bilbo(bare)" in board
    assert "Smaug on 33 · Gandalf at Erebor · ring lying on 25 · door locked, Key held by you" in board
    assert "Mirkwood 15 (face up: Azog 16)" in board
    assert "you (R): movement 1 2 3 5 · hand 2: BH11#1 Beorn 6, ES01#1 Bard 4/5 · Key" in board
    assert "seat 2 (Y): movement 1 2 3 5 · hand 1\n" in board  # another hand: its size only
    assert "Waiting for you to play a movement card" in board and "Legend:" in board


def test_the_fight_and_the_window_are_told_on_the_board() -> None:
    state = position(
        active=YELLOW,
        at={"R1": 10, "Y1": 7},
        face_up={"mirkwood": "MW04"},
        hands={RED: ["BH11"]},
        gandalf="G_MIRKWOOD",
    )
    state = play(state, "move MV-Y-3 Y1 fwd", "fight BH11#1")
    board = TEXT.board(GAME.view(state, BLUE), BLUE)
    assert "Fight: Warg pack 12 on 10; waiting for seat 2 to submit (Gandalf" in board
    assert "submitted so far: seat 1: Beorn 6" in board


def test_every_event_of_random_games_has_a_line() -> None:
    names = ["seat 0", "seat 1", "seat 2", "seat 3"]
    for seed in range(12):
        state = GAME.new(2 + seed % 3, seed, {})
        for move in playout(GAME, state, random.Random(seed), off_turn=0.05):
            for event in move.step.events:
                line = TEXT.event(event, names)
                assert line and not line.startswith(event.kind + ":"), event
            assert TEXT.action(GAME.dump_action(move.action))
            for seat in (None, move.seat):
                assert "track" in TEXT.board(GAME.view(move.step.state, seat), seat or 0)


def test_a_game_against_three_computers_reaches_the_end() -> None:
    out = io.StringIO()
    code = play_main(["hobbit", "--ai", "3", "--seed", "4"], io.StringIO("1\n" * 5000), out)
    text = out.getvalue()
    assert code == 0 and "Hobbit: you are seat 1; 3 computer players play heuristic" in text
    assert "You all lose together." in text or "You all win together!" in text


def logged(moves: list[Played]) -> dict[str, object]:
    """A played game's moves and result as an export file states them."""
    result = GAME.result(moves[-1].step.state)
    assert result is not None
    return {
        "moves": [{"seat": m.seat, "action": GAME.dump_action(m.action)} for m in moves],
        "result": {
            "ranks": list(result.ranks),
            "scores": list(result.scores),
            "draw": result.draw,
            "reason": result.reason,
            "team": result.team,
        },
    }


def test_a_replay_tells_the_game_and_reaches_its_result(tmp_path: Path) -> None:
    state = GAME.new(3, 9, {})
    moves = list(playout(GAME, state, random.Random(9)))
    path = tmp_path / "game.json"
    path.write_text(
        json.dumps(
            {
                "format": "tavern-replay",
                "version": 1,
                "game": "hobbit",
                "options": {},
                "seats": 3,
                "seed": 9,
                **logged(moves),
            }
        )
    )
    out, err = io.StringIO(), io.StringIO()
    assert replay_main([str(path)], out, err) == 0, err.getvalue()
    told = out.getvalue()
    assert f"Hobbit: 3 seats, seed 9, {len(moves)} moves" in told
    assert "— seat 2 begins a turn (round 1) —" in told and "Result (" in told and "the team lost" in told


@pytest.mark.parametrize(
    ("stated", "code"),
    [({"version": 1}, 0), ({"version": 3, "state_version": 1}, 0), ({"version": 3, "state_version": 2}, 1)],
)
def test_a_version_1_file_was_played_with_the_first_card_edition(
    tmp_path: Path, stated: dict[str, int], code: int
) -> None:
    """An export written before the editions names none: its two-player game replays with the
    first edition (Hobbit's upgrade from state version 1, which a version 1 file is read at); the
    same moves read at today's state version, whose options default to today's edition, reach
    another end (or none)."""
    state = GAME.new(2, 1, {"edition": 1})
    moves = list(playout(GAME, state, random.Random(1)))
    path = tmp_path / "game.json"
    path.write_text(
        json.dumps(
            {
                "format": "tavern-replay",
                **stated,
                "game": "hobbit",
                "options": {"colours": [], "max_rounds": 100},  # as stored before editions
                "seats": 2,
                "seed": 1,
                **logged(moves),
            }
        )
    )
    assert replay_main([str(path)], io.StringIO(), io.StringIO()) == code
