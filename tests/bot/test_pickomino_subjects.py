"""The things Pickomino's moves act on: each face of the roll beside its Keep, each tile to take
beside its Take, in both languages, on the board and in the seat's own message; the roll is no
longer a field of its own; every message of a seven-seat game within Discord's limits."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from bot.board import game_parts, private_parts, table_of
from bot.render.registry import renderer_for
from engine.ai.playout import playout
from engine.games.pickomino.state import Phase, PickominoState
from storage import GameStatus
from tests.bot.subject_helpers import check, laid_out, record_of, sections, subjects

PICKOMINO = engine.get_game("pickomino")


def pickomino(phase: Phase, roll: tuple[int, ...], kept: tuple[int, ...], **fields: Any) -> PickominoState:
    state = PICKOMINO.new(3, seed=1, options={})
    assert isinstance(state, PickominoState)
    return state._replace(phase=phase, roll=roll, kept=kept, **fields)


ROLL = (2, 0, 0, 0, 3, 1)
"""Two 1s, three 5s and a worm, with two worms kept earlier this turn."""
KEPT = (0, 0, 0, 0, 0, 2)
FACES = {
    "en": ["**Roll**", "1️⃣ 1️⃣ — 2 × 1, 2 points", "5️⃣ 5️⃣ 5️⃣ — 3 × 5, 15 points", "🪱 — kept already this turn"],
    "ru": [
        "**Бросок**",
        "1️⃣ 1️⃣ — 2 × 1, 2 очка",
        "5️⃣ 5️⃣ 5️⃣ — 3 × 5, 15 очков",
        "🪱 — это значение уже отложено в этот ход",
    ],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_face_of_the_roll_is_a_thing_with_its_keep_and_a_kept_face_a_line(lang: str) -> None:
    record = record_of("pickomino", pickomino("keep", ROLL, KEPT), 3)
    keeps = (), ({"kind": "keep", "face": "1"},), ({"kind": "keep", "face": "5"},), ()
    for seat in (None, 0):  # the board offers seat 0's keeps; seat 0's own message too
        found = subjects(record, lang, seat)
        assert [s.text for s in found] == FACES[lang]
        assert [s.actions for s in found] == list(keeps)
    for seat in (1, 2):  # not their turn: the same things, no buttons
        assert [s.actions for s in subjects(record, lang, seat)] == [(), (), (), ()]
        assert [s.text for s in subjects(record, lang, seat)] == FACES[lang]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_roll_is_a_heading_over_its_faces_beside_their_keep_buttons(lang: str) -> None:
    record = record_of("pickomino", pickomino("keep", ROLL, KEPT), 3)
    roll = {"en": "Roll", "ru": "Бросок"}[lang]
    table = table_of(record, lang)
    embed, _ = renderer_for("pickomino").board_message(table)
    assert roll not in [field.name for field in embed.fields]
    keep_1, keep_5 = {"en": ("Keep 1", "Keep 5"), "ru": ("Отложить 1", "Отложить 5")}[lang]
    view, _ = game_parts(record, lang)
    assert sections(laid_out(view)) == [
        (FACES[lang][1], [keep_1]),
        (FACES[lang][2], [keep_5]),
    ]
    # in the container: the heading, the two faces beside their buttons, the face kept earlier
    container = laid_out(view)[0]["components"]
    at = [item.get("content") for item in container].index(FACES[lang][0])
    parts = container[at : at + 4]
    assert [item["type"] for item in parts] == [10, 9, 9, 10]
    assert parts[3]["content"] == FACES[lang][3]
    mine, _ = private_parts(record, 0, lang)
    assert sections(laid_out(mine)) == sections(laid_out(view))


TILES = {
    "en": ["`26`🪱🪱 on the grill", "`27`🪱🪱 on top of <@102>'s stack"],
    "ru": ["`26`🪱🪱 на гриле", "`27`🪱🪱 сверху в стопке <@102>"],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_tile_to_take_is_a_thing_with_its_take_on_the_grill_or_on_a_stack(lang: str) -> None:
    # three 4s and three worms kept: 27: the grill's 26 (27 is on seat 2's stack: a steal)
    grill = tuple(tile for tile in range(21, 37) if tile not in (27, 30))
    state = pickomino("decide", (0,) * 6, (0, 0, 0, 3, 0, 3), grill=grill, stacks=((30,), (), (27,)))
    record = record_of("pickomino", state, 3)
    takes = [({"kind": "take", "tile": 26},), ({"kind": "take", "tile": 27},)]
    for seat in (None, 0):
        found = subjects(record, lang, seat)
        assert [s.text for s in found] == TILES[lang] and [s.actions for s in found] == takes
    view, _ = game_parts(record, lang)
    take = {"en": "Take", "ru": "Взять"}[lang]
    assert sections(laid_out(view)) == [
        (TILES[lang][0], [f"{take} 26"]),
        (TILES[lang][1], [f"{take} 27"]),
    ]


def test_a_computer_players_roll_is_shown_as_lines_without_buttons() -> None:
    record = record_of("pickomino", pickomino("keep", ROLL, KEPT), 3, ai=(0,))
    assert [s.actions for s in subjects(record, "en", None)] == [(), (), (), ()]
    view, _ = game_parts(record, "en")
    shown = str(laid_out(view))
    assert all(text in shown for text in FACES["en"]) and sections(laid_out(view)) == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_pickomino_message_of_a_seven_seat_game_keeps_to_the_limits(lang: str) -> None:
    seats = 7
    shown = 0
    for version, played in enumerate(
        playout(PICKOMINO, PICKOMINO.new(seats, seed=3), random.Random(lang)), 1
    ):
        record = record_of("pickomino", played.step.state, seats, version)
        board, _ = game_parts(record, lang, played.step.events)
        check(board)
        if record.status is GameStatus.ACTIVE:
            for seat in range(seats):
                check(private_parts(record, seat, lang)[0])
            shown += len(sections(laid_out(board)))
    assert shown > 100  # keeps and takes stood beside their things all game long
