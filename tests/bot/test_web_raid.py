"""Raid's web board, drawn from tables of positions of random games: a seat's page offers
exactly its legal actions — a button's action, or the composer that stands for a placement or a
path — and nothing for everyone, a finished game or the replay's reveal; both languages have
every word; the maps show each audience only what it knows; names are escaped."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import engine
from bot.board import table_of
from bot.games.raid.web import WEB_BOARD
from bot.i18n import catalogue
from bot.render import Table
from bot.web.boards import Pictures, web_board_for
from tests.bot.test_render_from_redeal import positions, record_of

RAID = engine.get_game("raid")
WEB = Path(__file__).resolve().parents[2] / "bot" / "games" / "raid" / "web"
SEEDS = (5, 6, 7)


class Parts(HTMLParser):
    """The controls and the cells' objects of a drawn board."""

    def __init__(self) -> None:
        super().__init__()
        self.actions: list[dict[str, Any]] = []
        self.composes: list[dict[str, Any]] = []
        self.buttons = 0
        self.marks: Counter[tuple[str, str]] = Counter()
        """(panel, kind) of every object drawn."""
        self._panel = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if "data-panel" in found:
            self._panel = str(found["data-panel"])
        if "data-action" in found:
            self.actions.append(json.loads(str(found["data-action"])))
        if "data-composes" in found:
            self.composes.append(json.loads(str(found["data-composes"])))
        if tag == "button":
            self.buttons += 1
        classes = str(found.get("class") or "").split()
        if "mark" in classes and self._panel:
            self.marks[(self._panel, classes[1])] += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":  # a map's section holds no other
            self._panel = ""


def drawn(table: Table) -> tuple[str, Parts]:
    html = str(web_board_for("raid").board(table, Pictures(lambda name: f"/p/{name}", private=True)))
    parts = Parts()
    parts.feed(html)
    return html, parts


@cache
def tables(lang: str = "en") -> list[tuple[Any, Table, Table, Table]]:
    """Each position with the tables of everyone and of both seats."""
    found = []
    for seed in SEEDS:
        for version, state in positions(RAID, seed):
            record = record_of(RAID, state, version)
            everyone = table_of(record, lang, plain_names=True)
            seats = [table_of(record, lang, seat=s, plain_names=True) for s in (0, 1)]
            found.append((state, everyone, *seats))
    return found


def canonical(actions: Any) -> list[str]:
    return sorted(json.dumps(a, sort_keys=True) for a in actions)


def test_the_web_board_is_raids_own() -> None:
    assert web_board_for("raid") is WEB_BOARD
    assert (WEB / "static" / str(WEB_BOARD.script)).is_file() and (
        WEB / "static" / str(WEB_BOARD.style)
    ).is_file()


def test_a_seat_is_offered_exactly_its_legal_actions_and_everyone_nothing() -> None:
    kinds: set[str] = set()
    for _, everyone, *seats in tables():
        _, public = drawn(everyone)
        assert public.actions == public.composes == [] and public.buttons == 0
        for table in seats:
            _, parts = drawn(table)
            assert canonical(parts.actions + parts.composes) == canonical(table.actions)
            kinds |= {str(a["kind"]) for a in table.actions}
            if not table.actions:
                assert parts.buttons == 0  # no composer's buttons, no cells to click
    # the random games reached every kind of decision
    assert kinds == {"place", "place_random", "move", "guess", "use_kit", "leave_kit"}


def test_a_finished_game_and_the_reveal_offer_no_move() -> None:
    """The end of a game, and a seat's table of a game not being played (the replay's reveal):
    no control, even where the table lists the seat's actions."""
    state = positions(RAID, SEEDS[0])[-1][1]
    finished = table_of(record_of(RAID, state, 99), "en", seat=0, plain_names=True)
    assert finished.result is not None
    revealed = [replace(seat, active=False) for _, _, *seats in tables() for seat in seats if seat.actions]
    assert revealed
    for table in (finished, *revealed):
        html, parts = drawn(table)
        assert parts.actions == parts.composes == [] and parts.buttons == 0, html[:300]


def test_each_audience_sees_only_the_objects_it_knows() -> None:
    """A seat's own map shows every object on it; the map it walks only what its scout met;
    everyone only what was met — until the end, when both maps are shown whole."""
    for state, everyone, *seats in tables():
        over = state.phase == "over"
        met = [Counter(h.kind for h in (m or ()) if h.found) for m in state.maps]
        whole = [Counter(h.kind for h in (m or ())) for m in state.maps]
        _, public = drawn(everyone)
        for owner in (0, 1):
            shown = Counter({kind: n for (panel, kind), n in public.marks.items() if panel == f"map{owner}"})
            assert shown == whole[owner] if over else shown <= met[owner]
        for seat, table in enumerate(seats):
            _, parts = drawn(table)
            own = Counter({kind: n for (panel, kind), n in parts.marks.items() if panel == "own"})
            walk = Counter({kind: n for (panel, kind), n in parts.marks.items() if panel == "walk"})
            assert own == whole[seat]
            assert walk == whole[1 - seat] if over else walk <= met[1 - seat]


KEYS = re.compile(r"""t\(lang, ["']([a-z_.]+)["']""")


def test_every_word_is_in_both_languages() -> None:
    named = set()
    for path in [*WEB.glob("templates/*.html"), WEB / "board.py"]:
        named |= set(KEYS.findall(path.read_text(encoding="utf-8")))
    named = {key for key in named if not key.endswith(".")}  # completed in code: drawn below
    named |= {f"raid.web.{key}" for key in ("weak_spot", "gone", "met", "walked", "cell")}
    assert len(named) > 25
    book = catalogue()
    assert [key for key in sorted(named) if not book.defines("en", key) or not book.defines("ru", key)] == []
    english = {key: book.text("en", key) for key in named if not book.placeholders("en", key)}
    for _, everyone, *seats in tables("ru"):
        for table in (everyone, *seats):
            html, _ = drawn(table)
            left = [text for text in english.values() if len(text) > 3 and f">{text}<" in html]
            assert left == [], left  # an English word on a Russian page


def test_names_are_escaped() -> None:
    _, state = positions(RAID, SEEDS[0])[6]
    record = record_of(RAID, state, 6)
    record = replace(record, seats=tuple(replace(s, name="<b>x</b>") for s in record.seats))
    for seat in (None, 0, 1):
        html, _ = drawn(table_of(record, "en", seat=seat, plain_names=True))
        assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_path_and_a_placement_are_composed_on_the_right_map(lang: str) -> None:
    """The placement is composed on the seat's own map, a path on the map it walks, and the
    composer starts the path at the scout's cell."""
    for state, _, *seats in tables(lang):
        for seat, table in enumerate(seats):
            html, _ = drawn(table)
            kinds = {str(a["kind"]) for a in table.actions}
            assert ('data-panel="own"' in html and 'data-mode="place"' in html) == ("place" in kinds)
            assert ('data-mode="walk"' in html) == ("move" in kinds)
            if "move" in kinds:
                assert f'data-start="{state.scouts[seat].cell}"' in html
