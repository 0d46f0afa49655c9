"""Raid boards, private views, path suggestions and placement problems in words: whole random
games in both languages within Discord's limits, pictures only from the spectator view, a text
grid when the picture fails."""

from __future__ import annotations

import random
import typing
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import islice
from typing import Any

import discord
import pytest

import engine
from bot.board import game_parts, table_of
from bot.games.raid.pictures import render_board, render_map, text_board, text_legend
from bot.games.raid.place import form_placement, normalise_text, problem_lines
from bot.games.raid.render import (
    BOARD_FILE,
    MAP_FILE,
    board_words,
    own_map_words,
    path_suggestions,
    straight_legs,
)
from bot.i18n import catalogue, explain
from bot.render.registry import renderer_for
from engine import Event, IllegalAction
from engine.ai.playout import playout
from engine.games.raid.state import Outcome
from storage import GameRecord, GameStatus, SeatRecord
from tests.bot.subject_helpers import laid_out
from tests.e2e.helpers import components_of, field_names, field_of, pictures_of, text_of

GAME = engine.get_game("raid")
NOW = datetime(2026, 1, 1, tzinfo=UTC)
NAMES = ("ann", "bob")
RENDERER = renderer_for("raid")
MOVES_PER_GAME = 35
"""Enough for every common encounter; drawing each board costs tens of milliseconds."""
ENCOUNTERS: dict[str, tuple[str, ...]] = {
    "artifact": ("collected",),
    "terrorist": ("fight", "miss", "killed"),
    "pit": ("fell",),
    "trap": ("wounded",),
    "kit": ("found", "used", "left"),
}


def record_of(state: Any, version: int = 0, status: GameStatus = GameStatus.ACTIVE) -> GameRecord:
    return GameRecord(
        id=7, key="raid", guild_id=1, channel_id=2, message_id=3, host_id=100, options={}, seed=9,
        status=status, version=version, state=state,
        seats=(SeatRecord(0, 100, "ann"), SeatRecord(1, 101, "bob")),
        created_at=NOW, updated_at=NOW, result=GAME.result(state),
    )  # fmt: skip


def png_of(files: list[discord.File]) -> bytes:
    assert len(files) == 1
    data: bytes = files[0].fp.read()
    return data


@dataclass
class Shown:
    """A layout as the message Discord is sent carries it (checked by SimCord's validator), for
    the readers of ``tests.e2e.helpers``."""

    components: list[dict[str, Any]]
    content: str = ""


def drawn(
    record: GameRecord, lang: str, events: tuple[Event, ...] = ()
) -> tuple[discord.Embed, Shown, list[discord.File]]:
    """The renderer's words for the board, the board as laid out, and its pictures."""
    view, files = game_parts(record, lang, events)
    embed, _ = RENDERER.board_message(table_of(record, lang, events))
    return embed, Shown(laid_out(view)), files


def buttons_of(message: Shown) -> list[dict[str, Any]]:
    """The message's buttons in the order they show, wherever they stand."""
    return [c for c in components_of(message) if c.get("type") == discord.ComponentType.button.value]


def check_limits(embed: discord.Embed, message: Shown) -> None:
    """The renderer's words within an embed's limits (the web table reads them too); the
    laid-out message passed SimCord's validator of Discord's (``laid_out``)."""
    assert len(embed) <= 6000 and len(embed.fields) <= 25
    assert embed.description is None or len(embed.description) <= 4096
    assert all(len(str(f.value)) <= 1024 and f.value for f in embed.fields)
    assert all(len(b.get("custom_id", "")) <= 100 for b in buttons_of(message))


def test_every_encounter_outcome_has_words_in_both_languages() -> None:
    outcomes = set(typing.get_args(Outcome))
    assert {o for kinds in ENCOUNTERS.values() for o in kinds} == outcomes
    for kind, kinds in ENCOUNTERS.items():
        for outcome in kinds:
            key = f"raid.encounter.{kind}.{outcome}"
            assert catalogue().defines("en", key) and catalogue().defines("ru", key), key


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_boards_of_whole_random_games(lang: str) -> None:
    rng = random.Random(lang)
    seen: set[str] = set()
    for seed in range(2):
        moves = playout(GAME, GAME.new(2, seed=seed), rng)  # placements and paths: the sampler's
        for version, played in enumerate(islice(moves, MOVES_PER_GAME), 1):
            step = played.step
            state = step.state
            seen |= {f"{e.data['kind']}.{e.data['outcome']}" for e in step.events if e.kind == "encounter"}
            status = GameStatus.ACTIVE if GAME.to_act(state) else GameStatus.FINISHED
            record = record_of(state, version, status)
            embed, board, files = drawn(record, lang, step.events)
            check_limits(embed, board)
            # the picture on the board is the spectator's, byte for byte
            assert png_of(files) == render_board(GAME.view(state, None), board_words(lang, NAMES))
            assert pictures_of(board) == [f"attachment://{BOARD_FILE}"]
            if status is GameStatus.ACTIVE:
                table = table_of(record, lang)
                buttons = [GAME.dump_action(a) for a in GAME.legal_actions(state, GAME.to_act(state)[0])]
                buttons = [b for b in buttons if b["kind"] != "move"]
                if any(d.secret for d in GAME.pending(state)):  # placement: in each seat's DM
                    buttons = []
                assert len(buttons_of(board)) == len(buttons) + 1, buttons  # and Private
                assert table.to_act()
            lines = next(
                (field_of(board, n) for n in ("Last move", "Последний ход") if n in field_names(board)), ""
            )
            for event in step.events:
                if event.kind == "encounter":
                    assert event.data["cell"] in lines, (event, lines)
            # the owner's own objects never show on the public board before the end
            if state.phase != "over":
                assert "~~" not in str(embed.to_dict()) and "~~" not in text_of(board)
    assert {"artifact.collected", "terrorist.fight", "terrorist.miss", "trap.wounded"} <= seen


def test_the_end_reveals_both_maps_in_words_and_picture() -> None:
    state = GAME.new(2, seed=3)
    state = GAME.apply(state, 0, GAME.parse_action("random")).state
    state = GAME.apply(state, 1, GAME.parse_action("random")).state
    step = GAME.resign(state, 1)
    _, board, files = drawn(record_of(step.state, 3, GameStatus.FINISHED), "en", step.events)
    assert buttons_of(board) == []
    text = text_of(board)
    assert "The other player resigned: <@100> wins." in text and "<@101> resigned." in text
    for seat, name in ((0, "ann"), (1, "bob")):
        field = field_of(board, f"{name}'s hazard map")
        for hazard in state.maps[seat] or ():
            assert hazard.cell in field
    assert png_of(files) == render_board(GAME.view(step.state, None), board_words("en", NAMES))
    assert GAME.view(step.state, None).revealed_maps is not None


def test_a_picture_that_fails_becomes_the_text_grid(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> bytes:
        raise OSError("no font")

    monkeypatch.setattr("bot.games.raid.render.render_board", broken)
    state = GAME.new(2, seed=3)
    _, board, files = drawn(record_of(state), "en")
    assert files == [] and pictures_of(board) == []
    assert field_of(board, "Maps") == (
        "Left: ann walks bob's map\nRight: bob walks ann's map\n"
        f"```\n{text_board(GAME.view(state, None))}\n```"
    )
    assert field_of(board, "Legend") == text_legend(board_words("en", NAMES).legend)


def test_private_views_show_the_own_map_and_spectators_the_public_picture() -> None:
    state = GAME.new(2, seed=5)
    embed, files = RENDERER.private_message(table_of(record_of(state), "en", seat=0), 0)
    assert files == [] and "You have not placed your objects yet" in str(embed.description)
    state = GAME.apply(
        state,
        0,
        GAME.parse_action(
            "pits: B1 C1 D1 E1; traps: F1 G1 H1 I1; terrorists: B2=1 C2=2 G2=3 H2=4; "
            "kit: J1; artifacts: A2 A3 A4"
        ),
    ).state
    record = record_of(state, 1)
    embed, files = RENDERER.private_message(table_of(record, "en", seat=0), 0)
    assert files[0].filename == MAP_FILE
    assert png_of(files) == render_map(GAME.view(state, 0), 1, own_map_words("en", NAMES, 1))
    objects = next(f for f in embed.fields if f.name.startswith("Your objects"))
    assert "B1 C1 D1 E1" in str(objects.value) and "B2=1 C2=2 G2=3 H2=4" in str(objects.value)
    # bob has not placed: he sees nothing of ann's
    embed, files = RENDERER.private_message(table_of(record, "en", seat=1), 1)
    assert files == [] and "B1" not in str(embed.to_dict())
    embed, files = RENDERER.private_message(table_of(record, "en"), None)
    assert png_of(files) == render_board(GAME.view(state, None), board_words("en", NAMES))
    assert "B1 C1" not in str(embed.to_dict())


def test_straight_legs_reach_every_cell_of_the_row_and_column_far_ends_first() -> None:
    legs = straight_legs("C3")
    assert [cell for cell, _, _ in legs[:4]] == ["C1", "C10", "A3", "J3"]
    assert len(legs) == 18 and len({cell for cell, _, _ in legs}) == 18
    assert ("C1", "up", 2) in legs and ("D3", "right", 1) in legs


def test_path_suggestions_echo_what_is_typed_or_its_one_problem() -> None:
    assert path_suggestions("en", "A1", "")[0] == ("A10 (down 9 from A1)", "A10")
    typed = path_suggestions("en", "A1", "вниз 5, вправо 2")
    assert typed[0] == ("вниз 5, вправо 2 — ends on C6", "вниз 5, вправо 2")
    assert ("вниз 5, вправо 2 C1 (up 5 from C6)", "вниз 5, вправо 2 C1") in typed
    assert path_suggestions("en", "A1", "Б1 Б6")[0][0] == "Б1 Б6 — ends on B6"  # Cyrillic columns
    assert path_suggestions("en", "A1", "B6") == [
        ("Leg 1 from A1 to B6 is diagonal: each leg follows one row or one column.", "B6")
    ]
    assert path_suggestions("ru", "A1", "A11") == [
        ("A11 за пределами карты: столбцы A–J (А–К), строки 1–10.", "A11")
    ]
    assert path_suggestions("en", "A1", "left 2") == [("Leg 1 (left 2 from A1) leaves the map.", "left 2")]
    assert path_suggestions("en", "A1", "A1") == [
        ("The path is empty: give at least one waypoint after A1.", "A1")
    ]
    long = ", ".join(["down 1", "up 1"] * 9)  # 108 characters: no choice can carry it whole
    assert path_suggestions("en", "A1", long) == []
    assert all(len(v) <= 100 for _, v in path_suggestions("en", "A1", ", ".join(["down 1", "up 1"] * 7)))


def test_every_placement_problem_is_named_in_both_languages() -> None:
    state = GAME.new(2, seed=1)
    bad = "pits: A1 C3 C3 Z9 B; traps: A2; terrorists: A3=4 B2=9; kit: ; artifacts: A4 A5 A6"
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, 0, GAME.parse_action(bad))
    problems = caught.value.params["problems"]
    codes = {p["code"] for p in problems}
    assert codes == {
        "wrong_count",
        "on_entry",
        "off_map",
        "bad_cell",
        "not_in_building",
        "bad_zone",
    }
    for lang in ("en", "ru"):
        lines = problem_lines(lang, problems)
        assert len(lines) == len(problems)
        english = {p["message"] for p in problems}
        assert not english & set(lines), lines  # every one in the catalogue's words
    assert problem_lines("en", problems)[0] == "pits: 5 placed, 4 required."
    assert "first-aid kit: 0 placed, 1 required." in problem_lines("en", problems)


def test_the_form_builds_the_placement_from_each_input_on_its_own() -> None:
    values = {"pits": " C3  D7 ", "traps": "", "terrorists": "B2=4", "kit": "J10", "artifacts": "A5, A6;A7"}
    data = form_placement(values)
    assert data == {
        "kind": "place",
        "pits": ["C3", "D7"],
        "traps": [],
        "terrorists": ["B2=4"],
        "kit": "J10",
        "artifacts": ["A5", "A6", "A7"],
    }
    assert GAME.parse_action(data).kind == "place"
    assert form_placement({})["kit"] is None
    assert normalise_text("pits: C3\n\ntraps: D4") == "pits: C3;traps: D4"


def test_a_form_input_never_spills_into_another_section() -> None:
    """A ``;`` or ``traps:`` typed into the pits input stays in the pits: the placement is
    refused for bad pit cells, and the traps are what the traps input holds."""
    values = {
        "pits": "C1 D1 E1 F1; traps: G1 H1 I1 J1",
        "traps": "A5 B9 E1 J4",
        "terrorists": "B2=4 C2=1 G2=2 H2=3",
        "kit": "J10",
        "artifacts": "A2 A3 A4",
    }
    place = GAME.parse_action(form_placement(values))
    assert place.traps == ("A5", "B9", "E1", "J4")
    assert "traps:" in place.pits and len(place.pits) == 9
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(GAME.new(2, seed=1), 0, place)
    problems = problem_lines("en", caught.value.params["problems"])
    assert "pits: 9 placed, 4 required." in problems
    assert "pits: I cannot read the cell “traps:” (a column A–J and a row 1–10, like B6)." in problems
    assert not any(line.startswith("traps") for line in problems)


def test_off_map_is_explained_for_a_cell_and_for_a_leg() -> None:
    cell = engine.BadAction("K11 is off the map", "off_map", cell="K11")
    leg = IllegalAction("leaves", "off_map", leg=2, waypoint="up 3", start="B2")
    assert explain("en", cell) == "K11 is off the map: columns A–J, rows 1–10."
    assert explain("en", leg) == "Leg 2 (up 3 from B2) leaves the map."
    assert explain("ru", leg) == "Отрезок 2 (up 3 от B2) уходит за пределы карты."
