"""Raid map pictures and text grids: pure renderings of a view, leaking nothing, readable
without decoding (large icons, captions, a legend of every symbol)."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.games.raid.pictures import (
    BACKGROUND,
    BLOOD,
    BUILDING,
    CELL,
    ENTRY,
    GAP,
    HEADER,
    KIND_COLOURS,
    LABEL,
    LEGEND,
    PANEL_HEIGHT,
    PANEL_WIDTH,
    TEXT_LEGEND,
    Words,
    known_objects,
    legend_keys,
    render_board,
    render_map,
    text_board,
    text_legend,
    text_map,
)
from bot.games.raid.render import board_words
from bot.i18n import catalogue
from engine.ai.playout import playout
from engine.games.raid import RaidState
from tests.engine.raid_helpers import GAME, hide_elsewhere, objects, play, position


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image


def mid_game(seed: int = 4, moves: int = 14) -> RaidState:
    s = GAME.new(2, seed=seed)
    s = GAME.apply(s, 0, GAME.parse_action("random")).state
    s = GAME.apply(s, 1, GAME.parse_action("random")).state
    for _, played in zip(range(moves), playout(GAME, s, random.Random(seed)), strict=False):
        s = played.step.state
    assert s.phase == "play" and s.encounters
    return s


def test_board_and_map_are_pngs_of_the_expected_size() -> None:
    s = mid_game()
    for seat in (0, 1, None):
        board = decode(render_board(GAME.view(s, seat)))
        assert board.size == (2 * PANEL_WIDTH + GAP, PANEL_HEIGHT)
        assert decode(render_map(GAME.view(s, seat), 0)).size == (PANEL_WIDTH, PANEL_HEIGHT)
        with_legend = decode(render_board(GAME.view(s, seat), board_words("en", ("Ann", "Bob"))))
        assert with_legend.size[0] == 2 * PANEL_WIDTH + GAP and with_legend.size[1] > PANEL_HEIGHT + 100
    assert decode(render_board(GAME.view(GAME.new(2, seed=1), None))).mode == "RGB"


def cell_corner(cell: str, x0: int = 0) -> tuple[int, int]:
    col, row = "ABCDEFGHIJ".index(cell[0]), int(cell[1:]) - 1
    return x0 + LABEL + col * CELL, HEADER + LABEL + row * CELL


def test_buildings_and_entry_are_drawn_where_the_scenario_has_them() -> None:
    image = decode(render_map(GAME.view(GAME.new(2, seed=1), None), 0))
    # B2 is a building of old-town, A1 its entry; sample near each cell's top-left corner.
    x, y = cell_corner("B2")
    assert image.getpixel((x + 3, y + 20)) == BUILDING
    x, y = cell_corner("A1")
    assert image.getpixel((x + 3, y + 3)) == ENTRY


def test_an_object_alone_on_its_cell_is_drawn_large() -> None:
    """A kit alone on J10 fills most of its cell (on a phone the old 16-pixel corner icon was
    nearly invisible); two objects sharing C3 both show, smaller."""
    own = objects(pits=["C3"], traps=["C3"], kit="J10")
    s = position((own, ()))
    image = decode(render_map(GAME.view(s, 0), 1))
    x, y = cell_corner("J10")
    inside = [(x + dx, y + dy) for dx in (9, CELL - 10) for dy in (9, CELL - 10)]
    assert all(image.getpixel(p) == KIND_COLOURS["kit"] for p in inside)
    x, y = cell_corner("C3")
    colours = {image.getpixel((x + dx, y + dy)) for dx in range(CELL) for dy in range(CELL)}
    assert {KIND_COLOURS["pit"], KIND_COLOURS["trap"]} <= colours


def test_wounds_and_missed_turns_have_their_own_symbols_in_the_header() -> None:
    """The header shows wounds as drops of blood and missed turns as a pause sign: no red
    cross that could be taken for the kit."""
    s = position(((), ()), scouts={0: {"wounds": 3, "skip": 1}})
    image = decode(render_map(GAME.view(s, None), 0))
    header = {image.getpixel((x, y)) for x in range(PANEL_WIDTH) for y in range(HEADER)}
    assert BLOOD in header and KIND_COLOURS["kit"] not in header
    no_skip = decode(render_map(GAME.view(position(((), ()), scouts={0: {"wounds": 3}}), None), 0))
    box = (0, 0, PANEL_WIDTH, HEADER)
    assert image.crop(box).tobytes() != no_skip.crop(box).tobytes()  # the pause sign is drawn


def test_the_legend_names_every_symbol_in_both_languages() -> None:
    keys = set(legend_keys())
    assert set(LEGEND) <= keys and {key for _, key in TEXT_LEGEND} <= keys
    for lang in ("en", "ru"):
        for key in keys:
            assert catalogue().defines(lang, f"raid.legend.{key}"), (lang, key)
    view = GAME.view(mid_game(), None)
    plain = decode(render_board(view, Words(("a", "b"))))
    legend = decode(render_board(view, board_words("en", ("a", "b"))))
    strip = {
        legend.getpixel((x, y)) for x in range(legend.size[0]) for y in range(PANEL_HEIGHT, legend.size[1])
    }
    assert plain.size[1] == PANEL_HEIGHT and len(strip - {BACKGROUND}) > 20  # icons and words drawn
    text = text_legend(board_words("ru", ("a", "b")).legend).split(" · ")
    assert text[0] == "`1 2` разведчик 1 или 2"
    assert [line.split("`")[1] for line in text] == [symbol for symbol, _ in TEXT_LEGEND]
    assert {"A", "T", "O", "X", "+", "E", "#", "*"} <= {line.split("`")[1] for line in text}


def test_pictures_set_cyrillic_names_in_a_font_that_has_them() -> None:
    """A Cyrillic caption is drawn as letters, not as the empty boxes of a Latin-only font."""
    view = GAME.view(GAME.new(2, seed=1), None)
    cyrillic = decode(render_board(view, Words(("Ж" * 8, "b"))))
    boxes = decode(render_board(view, Words(("\uffff" * 8, "b"))))  # a character no font has
    assert cyrillic.crop((0, 0, PANEL_WIDTH, HEADER)) != boxes.crop((0, 0, PANEL_WIDTH, HEADER))


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
