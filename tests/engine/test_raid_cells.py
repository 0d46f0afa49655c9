"""R1 and R9: how cells and paths are typed, and the precise errors for bad ones."""

from __future__ import annotations

import pytest

from engine import BadAction, IllegalAction
from engine.games.raid import Move
from engine.games.raid.cells import parse_cell, parse_path_text
from engine.games.raid.paths import walk
from tests.engine.raid_helpers import GAME, position


@pytest.mark.parametrize(
    ("typed", "cell"),
    [
        ("B6", "B6"),
        ("b6", "B6"),
        (" j10 ", "J10"),
        ("А1", "A1"),  # Cyrillic А
        ("Б6", "B6"),
        ("в3", "C3"),  # Cyrillic в is the third column
        ("Г4", "D4"),
        ("Е2", "F2"),  # Cyrillic Е is the sixth column
        ("И9", "I9"),
        ("К6", "J6"),  # Cyrillic К, the last column (no Й)
        ("k6", "J6"),  # Latin K: the look-alike of the original's К
    ],
)
def test_r1_cells_latin_and_cyrillic(typed: str, cell: str) -> None:
    assert parse_cell(typed) == cell


@pytest.mark.parametrize(
    ("typed", "code", "words"),
    [
        ("B", "bad_cell", "cannot read"),
        ("66", "bad_cell", "cannot read"),
        ("B6x", "bad_cell", "cannot read"),
        ("", "bad_cell", "cannot read"),
        ("L5", "off_map", "columns are A–J"),
        ("Й5", "off_map", "skip Й"),
        ("Л2", "off_map", "off the map"),
        ("A0", "off_map", "rows are 1–10"),
        ("C11", "off_map", "rows are 1–10"),
    ],
)
def test_r1_bad_cells(typed: str, code: str, words: str) -> None:
    with pytest.raises(BadAction, match=words) as err:
        parse_cell(typed)
    assert err.value.code == code


def test_r9_path_text_forms() -> None:
    assert parse_path_text("B1 B6 K6") == ["B1", "B6", "J6"]
    assert parse_path_text("down 5, right 9") == ["down 5", "right 9"]
    assert parse_path_text("вниз 5, вправо 9") == ["down 5", "right 9"]
    assert parse_path_text("Up, LEFT 2; b3 -> b5") == ["up 1", "left 2", "B3", "B5"]
    assert GAME.parse_action("move down 5, right 9") == Move(("down 5", "right 9"))
    assert GAME.parse_action("Б1 Б6 К6") == Move(("B1", "B6", "J6"))
    assert GAME.parse_action({"kind": "move", "path": ["b1", "вниз 2"]}) == Move(("B1", "down 2"))
    assert GAME.parse_action({"kind": "move", "path": "b1 вниз 2"}) == Move(("B1", "down 2"))


def test_r9_both_forms_walk_the_same_cells() -> None:
    by_cells = walk("A1", parse_path_text("B1 B6 K6"))
    by_steps = walk("A1", ["right 1", "down 5", "right 8"])
    assert by_cells == by_steps
    assert by_cells == ["B1", "B2", "B3", "B4", "B5", "B6", "C6", "D6", "E6", "F6", "G6", "H6", "I6", "J6"]
    assert walk("A1", parse_path_text("down 5, right 9"))[-1] == "J6"
    assert walk("C3", ["C3", "C1"]) == ["C2", "C1"]  # the scout's own cell may come first


@pytest.mark.parametrize(
    ("typed", "code", "words"),
    [
        ("B1 B6 Z6", "off_map", "Z6 is off the map"),
        ("B1 B11", "off_map", "rows are 1–10"),
        ("dwn 5", "bad_waypoint", "cannot read 'dwn'"),
        ("B1 5", "bad_waypoint", "cannot read '5'"),
        ("down 0", "zero_leg", "zero-length"),
        ("", "empty", "empty"),
    ],
)
def test_r9_malformed_paths_rejected_when_read(typed: str, code: str, words: str) -> None:
    with pytest.raises(BadAction, match=words) as err:
        GAME.parse_action(typed)
    assert err.value.code == code


@pytest.mark.parametrize(
    ("path", "code", "words"),
    [
        ([], "empty_path", "the path is empty"),
        (["A1"], "empty_path", "the path is empty"),
        (["B2"], "diagonal", "leg 1 from A1 to B2 is diagonal"),
        (["A4", "C6"], "diagonal", "leg 2 from A4 to C6 is diagonal"),
        (["up 1"], "off_map", "leg 1 \\(up 1 from A1\\) leaves the map"),
        (["A5", "right 12"], "off_map", "column 13, row 5"),
        (["A3", "A3"], "zero_leg", "leg 2 .* zero length"),
    ],
)
def test_r9_unwalkable_paths_explained_and_nothing_changes(path: list[str], code: str, words: str) -> None:
    state = position()
    before = GAME.dump_state(state)
    with pytest.raises(IllegalAction, match=words) as err:
        GAME.apply(state, 0, Move(tuple(path)))
    assert err.value.code == code
    assert GAME.dump_state(state) == before
