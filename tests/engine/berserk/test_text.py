"""Typed actions, the text board and event lines, and a whole game in the terminal."""

from __future__ import annotations

import io
import random

import pytest

from engine import BadAction
from engine.ai.playout import playout
from engine.core.contract import Event
from engine.core.text import text_renderer
from engine.games.berserk import Activate, AssignDefender, Move, OrderTriggers, Place, Recruit, TriggerEntry
from engine.games.berserk.typed import typed_text
from engine.play import main
from tests.engine.berserk.helpers import GAME, U, play, position

TEXT = text_renderer("berserk")


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("move C3 d3", Move("c3", "d3")),
        ("activate b2 sap c3", Activate("b2", "sap", ("c3",))),
        ("activate a1 skull_shot c5 x=2", Activate("a1", "skull_shot", ("c5",), 2)),
        ("activate p1.charon.1 accumulate", Activate("P1.charon.1", "accumulate")),
        ("defend none", AssignDefender(None)),
        ("defend b4", AssignDefender("b4")),
        ("order 3 5=c4", OrderTriggers((TriggerEntry(3), TriggerEntry(5, ("c4",))))),
        ("recruit c01, C02 C02", Recruit(("C01", "C02", "C02"))),
        ("place b3 c3 reserve", Place({"1": "b3", "2": "c3", "3": "reserve"})),
        ("place P1.nomad.1=b3 2=reserve", Place({"P1.nomad.1": "b3", "2": "reserve"})),
    ],
)
def test_typed_forms(text: str, action: object) -> None:
    assert GAME.parse_action(text) == action
    assert GAME.parse_action(GAME.dump_action(action)) == action


@pytest.mark.parametrize("text", ["jump c3", "move c3", "strike c3", "order x", "activate b2", "defend"])
def test_unreadable_forms_say_how_to_write_them(text: str) -> None:
    with pytest.raises(BadAction) as refused:
        GAME.parse_action(text)
    assert refused.value.code == "unreadable"


def test_simple_words() -> None:
    assert [GAME.parse_action(w).kind for w in ("end", "pass", "first", "D3", "muster none")] == [
        "end_turn",
        "pass",
        "choose_seat",
        "choose_deck",
        "muster",
    ]


def test_the_board_shows_the_field_creatures_and_the_stack() -> None:
    s = position(p1=[U("nomad", "c3"), U("ingri", "b2")], p2=[U("murk", "c4", closed=True, poison=1)])
    s = play(s, "strike c3 c4")
    board = TEXT.board(GAME.view(s, 0), 0)
    assert "  4 .       .       murk*" in board and "  3 .       .       NOMA*" in board
    assert "  c4 Murk             2-2-3   life 13/13  closed  poison 1  moves 1" in board.splitlines()
    assert "Stack (top last): [1] strike of P1.nomad.1 → P2.murk.1" in board
    assert "Declare an instant ('activate …') or 'pass'" in board
    other = TEXT.board(GAME.view(s, 1), 1)
    assert other.splitlines()[1].startswith("     a") and "  1 ." in other.splitlines()[2]  # row 1 on top
    assert "Waiting for seat 1 (respond)" in other


def test_events_read_as_words() -> None:
    names = ["you", "seat 1"]
    struck = {
        "attacker": "P1.nomad.1",
        "target": "P2.murk.1",
        "level": "strong",
        "value": 1,
        "counter_level": "weak",
        "counter_value": 2,
    }
    assert TEXT.event(Event("strike_resolved", struck), names) == (
        "P1.nomad.1 → P2.murk.1: strong 1; counter-strike weak 2"
    )
    assert (
        TEXT.event(Event("turn_started", {"seat": 0, "round": 2, "turn": 3}), names)
        == "— round 2: your turn —"
    )
    assert TEXT.event(Event("your_placement", {"seat": 0, "cells": {}}, audience=(0,)), names) == ""


def test_lines_about_the_reader_say_you_with_the_verb_agreeing() -> None:
    mine, theirs = ["you", "seat 1"], ["seat 0", "you"]
    roll = Event("seat_roll", {"rolls": [[5, 2]], "winner": 0})
    assert TEXT.event(roll, mine) == "Seat roll 5–2: you choose"
    assert TEXT.event(roll, theirs) == "Seat roll 5–2: seat 0 chooses"
    chosen = Event("seats_chosen", {"seat": 0, "choice": "first", "first": 0})
    assert TEXT.event(chosen, mine) == "you chose first: you are P1"
    assert TEXT.event(chosen, theirs) == "seat 0 chose first: seat 0 is P1"
    assert TEXT.event(Event("passed", {"seat": 1}), theirs) == "you pass"
    assert TEXT.event(Event("passed", {"seat": 1}), mine) == "seat 1 passes"
    over = Event("game_over", {"winner": 0, "reason": "defeat"})
    assert TEXT.event(over, mine) == "Game over (defeat): you win"
    assert TEXT.event(Event("resigned", {"seat": 0}), mine) == "you resign"


def test_what_the_reader_must_decide_is_a_whole_sentence() -> None:
    won = GAME.new(2, 3)
    for seat in (0, 1):
        won = GAME.apply(won, seat, GAME.parse_action("deck D1")).state
    seat = GAME.to_act(won)[0]
    board = TEXT.board(GAME.view(won, seat), seat)
    assert "You won the roll: type 'first' or 'second'" in board and "You must" not in board
    main_phase = TEXT.board(GAME.view(position(p1=[U("nomad", "c3")], p2=[U("nomad", "c5")]), 0), 0)
    assert "Your main phase: move, strike, activate, or end" in main_phase and "You must" not in main_phase


def test_a_whole_game_in_the_terminal() -> None:
    out = io.StringIO()
    code = main(["berserk", "--ai", "1", "--seed", "3"], io.StringIO("default\n" * 5000), out)
    text = out.getvalue()
    assert code == 0 and "Game over (" in text and "Ranks: you" in text
    assert "Recruit within your budget" in text and "Revealed:" in text


def test_every_menu_item_reads_back_as_the_same_action() -> None:
    """What a menu carries is what one types: each listed action's typed form parses back to it.
    Random games, and a response window (an open Ingri), which random games seldom reach."""
    window = play(position(p1=[U("ingri", "b2"), U("nomad", "c3")], p2=[U("nomad", "c4")]), "strike c3 c4")
    positions = [(window, 0)]
    for seed in (3, 6):
        positions += [(p.before, p.seat) for p in playout(GAME, GAME.new(2, seed), random.Random(seed))]
    seen: set[str] = set()
    for state, seat in positions:
        for action in GAME.legal_actions(state, seat):
            if action.kind in ("recruit", "place"):  # templates: they say what to type
                continue
            words = typed_text(GAME.dump_action(action))
            assert GAME.parse_action(words) == action, words
            seen.add(action.kind)
    assert seen == {
        "choose_deck",
        "choose_seat",
        "recruit_random",
        "place_random",
        "muster",
        "move",
        "strike",
        "activate",
        "end_turn",
        "assign_defender",
        "order_triggers",
        "pass",
    }
