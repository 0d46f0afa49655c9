"""Raid map pictures and text grids: pure renderings of a view, leaking nothing."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.pictures.raid_map import (
    BUILDING,
    ENTRY,
    GAP,
    PANEL_HEIGHT,
    PANEL_WIDTH,
    known_objects,
    render_board,
    render_map,
    text_board,
    text_map,
)
from engine.games.raid import RaidState
from tests.engine.raid_helpers import GAME, hide_elsewhere, objects, play, position, random_path


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image


def mid_game(seed: int = 4, moves: int = 14) -> RaidState:
    rng = random.Random(seed)
    s = GAME.new(2, seed=seed)
    s = GAME.apply(s, 0, GAME.parse_action("random")).state
    s = GAME.apply(s, 1, GAME.parse_action("random")).state
    for _ in range(moves):
        seat = GAME.to_act(s)[0]
        action = rng.choice(GAME.legal_actions(s, seat))
        if action.kind == "move":
            action = GAME.parse_action({"kind": "move", "path": random_path(rng, s.scouts[seat].cell)})
        s = GAME.apply(s, seat, action).state
    assert s.phase == "play" and s.encounters
    return s


def test_board_and_map_are_pngs_of_the_expected_size() -> None:
    s = mid_game()
    for seat in (0, 1, None):
        board = decode(render_board(GAME.view(s, seat), ("Ann", "Bob")))
        assert board.size == (2 * PANEL_WIDTH + GAP, PANEL_HEIGHT)
        assert decode(render_map(GAME.view(s, seat), 0)).size == (PANEL_WIDTH, PANEL_HEIGHT)
    assert decode(render_board(GAME.view(GAME.new(2, seed=1), None))).mode == "RGB"


def test_buildings_and_entry_are_drawn_where_the_scenario_has_them() -> None:
    image = decode(render_map(GAME.view(GAME.new(2, seed=1), None), 0))
    # B2 is a building of old-town, A1 its entry; sample near each cell's top-left corner.
    label, header, cell = 24, 32, 44
    assert image.getpixel((label + 1 * cell + 3, header + label + 1 * cell + 20)) == BUILDING
    assert image.getpixel((label + 3, header + label + 3)) == ENTRY


def test_spectator_picture_identical_whatever_the_unrevealed_hazards() -> None:
    rng = random.Random(2)
    for seed in (4, 5, 6):
        s = mid_game(seed)
        for owner in (0, 1):
            other = hide_elsewhere(s, owner, rng)
            assert other is not None
            assert render_board(GAME.view(s, None)) == render_board(GAME.view(other, None))
            assert text_board(GAME.view(s, None)) == text_board(GAME.view(other, None))
            # the opponent's picture is unchanged, the owner's own picture shows the change
            assert render_board(GAME.view(s, 1 - owner)) == render_board(GAME.view(other, 1 - owner))
            assert render_board(GAME.view(s, owner)) != render_board(GAME.view(other, owner))


def test_text_grid_shows_what_the_viewer_knows() -> None:
    a_map = objects(pits=["C3"], terrorists=["B2=5"])
    b_map = objects(traps=["A3"], artifacts=["J9", "J10"], kit="D1")
    s = play(position((a_map, b_map)), "A5")  # A's scout hits the trap at A3
    spectator = GAME.view(s, None)
    assert text_map(spectator, 0).splitlines() == [
        "    A B C D E F G H I J",
        " 1  E . . . . . . . . .",
        " 2  * # # . . . # # # .",
        " 3  1 # # . . . # # # .",
        " 4  . . . . # . . . . .",
        " 5  . . . # # # . . . .",
        " 6  . # . . # . . # # .",
        " 7  . # . . . . . # # .",
        " 8  . # # . . # . . . .",
        " 9  . . . . . # # . . .",
        "10  . . . . . . . . . .",
    ]
    # B owns the map A walks: he sees his artifacts and kit there; A does not.
    assert "A" in text_map(GAME.view(s, 1), 0).splitlines()[9]
    assert "+" in text_map(GAME.view(s, 1), 0).splitlines()[1]
    assert text_map(GAME.view(s, 0), 0) == text_map(spectator, 0)
    # A sees his own pit and terrorist on the map B walks.
    own = text_map(GAME.view(s, 0), 1).splitlines()
    assert own[1:4] == [" 1  2 . . . . . . . . .", " 2  . T # . . . # # # .", " 3  . # O . . . # # # ."]
    assert text_map(GAME.view(s, None), 1).splitlines()[2] == " 2  . # # . . . # # # ."


def test_gone_objects_in_lower_case_and_everything_revealed_at_the_end() -> None:
    b_map = objects(artifacts=["A3", "J10"], terrorists=["B2=1"])
    s = play(position(((), b_map), scouts={0: {"cell": "B1"}}), "B2", "guess 1")
    grid = text_map(GAME.view(s, None), 0).splitlines()
    assert grid[2][4:].split()[1] == "1"  # the scout stands on the dead terrorist
    s = play(s, "A2", "B1")
    grid = text_map(GAME.view(s, None), 0).splitlines()
    assert grid[2][4:].split()[1] == "t"
    assert grid[3][4:].split()[0] == "."  # the artifact at A3 is still unknown
    over = GAME.resign(s, 1).state
    revealed = text_map(GAME.view(over, None), 0).splitlines()
    assert revealed[3][4:].split()[0] == "A" and revealed[10][4:].split()[9] == "A"
    assert [m.found for m in known_objects(GAME.view(over, None), 0)] == [False, False, True]
