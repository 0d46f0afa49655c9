"""Raid in the terminal and in the arena: a whole game against the scout, the text board."""

from __future__ import annotations

import io
from dataclasses import replace

from engine.ai.arena import run_arena
from engine.games.raid import Encounter
from engine.play import main, renderer
from tests.engine.raid_helpers import GAME, objects, position


def test_a_raid_game_against_the_scout_reaches_the_end() -> None:
    answers = ["random"] + ["down 1", "up 1", "1", "2", "3", "4", "5", "6", "leave"] * 400
    out = io.StringIO()
    code = main(["raid", "--ai", "1", "--seed", "5"], io.StringIO("".join(f"{a}\n" for a in answers)), out)
    text = out.getvalue()
    assert code == 0
    assert "computer player(s) play scout" in text and "Game over (" in text
    assert "seat 1 (scout): walked A1 →" in text


def test_raid_board_shows_own_map_and_what_is_known_of_theirs() -> None:
    state = position(
        (objects(traps=["C3"], artifacts=["J10"]), objects(pits=["B1"])),
        scouts={0: {"cell": "A2", "trail": ("A1", "B1", "A1", "A2")}, 1: {"cell": "C1"}},
    )
    state = replace(state, encounters=(Encounter(0, "B1", "pit", "fell", 0),))
    text = renderer("raid").board(GAME.view(state, 0), 0)
    lines = text.splitlines()
    assert (
        lines[2] == " 1  ~ O . . . . . . . .       1  E . @ . . . . . . ."
    )  # walked, their pit; their scout on C1
    assert lines[3].startswith(" 2  @ # #")  # our scout on A2 of their map
    assert lines[4].endswith(" 3  . # T . . . # # # .")  # our own trap C3
    assert lines[11].endswith("10  . . . . . . . . . A")  # our own artifact J10
    assert "you       on A2" in text and "Your move: type a path" in text


def test_the_arena_plays_raid() -> None:
    report = run_arena("raid", 2, 6, ["scout", "random"], seed=2)
    scout, rand = report.slots
    assert scout.wins + rand.wins + scout.ties == 6 and scout.wins > rand.wins
