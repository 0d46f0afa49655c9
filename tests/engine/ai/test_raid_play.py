"""Raid in the terminal and in the arena: a whole game against the scout, the text board."""

from __future__ import annotations

import io
from dataclasses import replace

from engine.ai.arena import run_arena
from engine.core.text import text_renderer
from engine.games.raid import Encounter
from engine.play import main
from tests.engine.raid_helpers import GAME, objects, position


def test_a_raid_game_against_the_scout_reaches_the_end() -> None:
    answers = ["random"] + ["down 1", "up 1", "1", "2", "3", "4", "5", "6", "leave"] * 400
    out = io.StringIO()
    code = main(["raid", "--ai", "1", "--seed", "5"], io.StringIO("".join(f"{a}\n" for a in answers)), out)
    text = out.getvalue()
    assert code == 0
    assert "you are seat 1; 1 computer player plays scout" in text and "Game over (" in text
    assert "seat 2 (scout): walked A1 →" in text


def test_raid_board_shows_own_map_and_what_is_known_of_theirs() -> None:
    state = position(
        (objects(traps=["C3"], artifacts=["J10"]), objects(pits=["B1"])),
        scouts={0: {"cell": "A2", "trail": ("A1", "B1", "A1", "A2")}, 1: {"cell": "C1"}},
    )
    state = replace(state, encounters=(Encounter(0, "B1", "pit", "fell", 0),))
    text = text_renderer("raid").board(GAME.view(state, 0), 0)
    lines = text.splitlines()
    assert (
        lines[2] == " 1  * O . . . . . . . .       1  E . 2 . . . . . . ."
    )  # walked, their pit; their scout (seat 2) on C1
    assert lines[3].startswith(" 2  1 # #")  # our scout (seat 1) on A2 of their map
    assert lines[4].endswith(" 3  . # X . . . # # # .")  # our own trap C3, X as in the pictures
    assert lines[11].endswith("10  . . . . . . . . . A")  # our own artifact J10
    assert "you       on A2" in text and "Your move: type a path" in text


def test_the_arena_plays_raid() -> None:
    report = run_arena("raid", 2, 6, ["scout", "random"], seed=2)
    scout, rand = report.slots
    assert scout.wins + rand.wins + scout.ties == 6 and scout.wins > rand.wins


def test_in_a_fight_a_typed_number_names_the_zone_not_a_list_item() -> None:
    from engine.play import Menu, _ask

    b_map = objects(terrorists=["B2=4"], artifacts=["J8", "J9", "J10"])
    state = GAME.apply(position(((), b_map), scouts={0: {"cell": "B1"}}), 0, GAME.parse_action("B2")).state
    state = GAME.apply(state, 0, GAME.parse_action("guess 2")).state  # a miss: zone 2 is gone
    out = io.StringIO()
    chosen = _ask(GAME, Menu(tuple(GAME.legal_actions(state, 0))), io.StringIO("3\n"), out)
    assert chosen is not None and chosen.zone == 3  # the third item of the list is zone 4
    # numbers here are zones, so the zones left are listed without list numbers
    assert "  - zone 1\n  - zone 3\n  - zone 4\n" in out.getvalue() and "1." not in out.getvalue()
    assert "your move (type one; help, quit)> " in out.getvalue()


def test_menus_say_what_to_type_and_never_show_internal_data() -> None:
    out = io.StringIO()
    main(["raid", "--ai", "1", "--seed", "5"], io.StringIO("quit\n"), out)
    text = out.getvalue()
    assert "  1. place objects at random\n  or type your own placement: 'pits: C3 D7" in text
    assert "[]" not in text and "None" not in text
    assert "Legend: A artifact  T terrorist  O pit  X trap  + first-aid kit" in text


def test_both_maps_are_revealed_at_the_end() -> None:
    answers = ["random"] + ["down 1", "up 1", "1", "2", "3", "4", "5", "6", "leave"] * 400
    out = io.StringIO()
    main(["raid", "--ai", "1", "--seed", "5"], io.StringIO("".join(f"{a}\n" for a in answers)), out)
    final = out.getvalue().rsplit("Their map", 1)[1]
    assert final.startswith(", revealed")


def test_the_arena_reports_progress_on_long_runs() -> None:
    seen: list[tuple[int, int]] = []
    run_arena(
        "raid", 2, 4, ["scout", "random"], seed=3, progress=lambda done, total, _: seen.append((done, total))
    )
    assert seen and seen[-1] == (4, 4) and [d for d, _ in seen] == sorted(d for d, _ in seen)
