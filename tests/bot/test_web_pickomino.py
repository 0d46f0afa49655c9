"""Pickomino's web board, drawn from tables as the web table draws them: a seat's page offers a
control for each of its legal actions and for nothing else, everyone's page (and a finished
game) none; tiles and dice say what they are and what clicking them does, in English and in
Russian with no word missing; whatever a player is called reaches the page escaped."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import engine
from bot.board import table_of
from bot.i18n import catalogue
from bot.render import Table
from bot.web.boards import Pictures, web_board_for
from bot.web.snapshots import private_snapshot, public_snapshot, replay_snapshot
from engine.ai.playout import playout
from engine.core.move_log import replay_positions
from storage.models import GameRecord, GameStatus, SeatRecord
from tests.bot.test_render_from_redeal import positions, record_of
from tests.engine.pickomino_helpers import position

GAME = engine.get_game("pickomino")
BOARD = web_board_for("pickomino")
WEB = Path(__file__).resolve().parents[2] / "bot" / "games" / "pickomino" / "web"


class Parts(HTMLParser):
    """A drawn board read back: every element's attributes, and the text a reader meets (text
    nodes, and the labels and titles that say what a piece is)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.words: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        self.elements.append((tag, found))
        self.words += [found[name] for name in ("aria-label", "title") if name in found]

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.words.append(data.strip())

    def actions(self) -> list[dict[str, Any]]:
        return [json.loads(a["data-action"]) for _, a in self.elements if "data-action" in a]

    def with_action(self, action: dict[str, Any]) -> tuple[str, dict[str, str]]:
        (found,) = [(tag, a) for tag, a in self.elements if json.loads(a.get("data-action", "0")) == action]
        return found


def drawn(table: Table) -> str:
    return str(BOARD.board(table, Pictures(lambda name: f"/p/{name}", private=table.seat is not None)))


def parts_of(record: GameRecord, seat: int | None, lang: str = "en") -> tuple[Table, Parts]:
    table = table_of(record, lang, seat=seat, plain_names=True)
    return table, Parts(drawn(table))


def ordered(actions: Any) -> list[str]:
    return sorted(json.dumps(action, sort_keys=True) for action in actions)


def record_at(state: Any, version: int = 3, names: tuple[str, ...] = ()) -> GameRecord:
    record = record_of(GAME, state, version)
    if names:
        seats = tuple(SeatRecord(s, 100 + s, name) for s, name in enumerate(names))
        record = replace(record, seats=seats)
    return record


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_a_seat_is_offered_exactly_its_legal_actions_and_everyone_none(seed: int) -> None:
    kinds: set[str] = set()
    for version, state in positions(GAME, seed=seed):
        record = record_of(GAME, state, version)
        for seat in range(GAME.seats(state)):
            table, parts = parts_of(record, seat)
            # every legal action once, nothing else: a tile, a face, Roll or Stop
            assert ordered(parts.actions()) == ordered(table.actions), (seed, version, seat)
            kinds |= {str(action["kind"]) for action in table.actions}
            assert not [a for _, a in parts.elements if "data-choice" in a]
        _, everyone = parts_of(record, None)
        assert everyone.actions() == [] and not [a for _, a in everyone.elements if "data-choice" in a]
    assert kinds >= {"roll", "keep"}


def test_every_position_of_whole_games_offers_its_actions() -> None:
    """Whole games from start to end, every position, for the seat to act: takes from the
    grill and from another stack, Stop, and a finished game with no control at all."""
    kinds: set[str] = set()
    for seed in range(4):
        seats = 2 + seed
        state = GAME.new(seats, seed, {})
        for version, played in enumerate(playout(GAME, state, random.Random(seed)), 1):
            record = record_of(GAME, played.step.state, version)
            for seat in GAME.to_act(played.step.state):
                table, parts = parts_of(record, seat, "ru" if version % 2 else "en")
                assert ordered(parts.actions()) == ordered(table.actions)
                kinds |= {str(action["kind"]) for action in table.actions}
        assert record.status is GameStatus.FINISHED
        for seat in (None, *range(seats)):
            assert parts_of(record, seat)[1].actions() == []
    assert kinds == {"roll", "keep", "take", "stop"}


def test_a_face_is_kept_whole_and_a_face_kept_before_says_why_it_is_not_a_control() -> None:
    state = position(seats=3, kept=["worm", "worm"], roll=["5", "5", "5", "worm", "2", "2"])
    _, parts = parts_of(record_at(state), 0)
    assert ordered(parts.actions()) == ordered([{"kind": "keep", "face": "5"}, {"kind": "keep", "face": "2"}])
    tag, five = parts.with_action({"kind": "keep", "face": "5"})
    assert tag == "button" and five["aria-label"] == "Keep the three 5s"
    assert parts.with_action({"kind": "keep", "face": "2"})[1]["aria-label"] == "Keep the two 2s"
    (blocked,) = [a for _, a in parts.elements if "blocked" in a.get("class", "").split()]
    assert blocked["title"] == "one worm: this face was kept earlier this turn"
    assert blocked["aria-label"] == blocked["title"] and blocked["tabindex"] == "-1"  # reached by arrows
    # the same roll for another seat and for everyone: the faces, nothing to click, no reason
    for seat in (1, None):
        _, other = parts_of(record_at(state), seat)
        assert other.actions() == [] and not [a for _, a in other.elements if "blocked" in a.get("class", "")]
        assert "three 5s" in other.words and "one worm" in other.words


def test_a_tile_taken_from_the_grill_or_stolen_is_clicked_where_it_lies() -> None:
    # E4: Masha stops at 26 with a worm; 26 is Pete's top tile (a steal) and 25 is on the grill
    state = position(seats=2, stacks=[(), (22, 26)], kept=["worm", "worm", "worm", "5", "5", "1"], current=0)
    state = state._replace(grill=tuple(t for t in state.grill if t != 26))
    table, parts = parts_of(record_at(state, names=("Masha", "Pete")), 0)
    assert ordered(table.actions) == ordered(
        [{"kind": "roll"}, {"kind": "take", "tile": 25}, {"kind": "take", "tile": 26}]
    )
    assert ordered(parts.actions()) == ordered(table.actions)
    grill_tile = parts.with_action({"kind": "take", "tile": 25})[1]
    assert grill_tile["aria-label"] == "Take tile 25: 2 worms" and grill_tile["data-row"] == "0"
    steal = parts.with_action({"kind": "take", "tile": 26})[1]
    assert steal["aria-label"] == "Take tile 26 from Pete: 2 worms" and "data-row" not in steal
    assert "Tile 22: in Pete's stack" in parts.words and "Tile 26: in Pete's stack" in parts.words
    assert "Roll the rest again, or stop and take a tile: click a lit tile." in parts.words
    # Pete, waiting, sees his own top tile as a tile, not a move
    _, pete = parts_of(record_at(state, names=("Masha", "Pete")), 1)
    assert pete.actions() == [] and "Tile 26: 2 worms" in pete.words


def test_stopping_says_before_the_click_that_the_turn_fails() -> None:
    state = position(seats=2, kept=["5", "5", "4"])  # 14 and no worm
    _, parts = parts_of(record_at(state), 0)
    assert ordered(parts.actions()) == ordered([{"kind": "roll"}, {"kind": "stop"}])
    stop = parts.with_action({"kind": "stop"})[1]
    assert stop["title"] == "Stopping now fails your turn (no worm kept)."
    assert "Roll again. Stopping now fails your turn (no worm kept)." in parts.words
    turned = position(seats=2, turned=[36], kept=["worm"] * 3 + ["5"] * 5)  # 40, no dice left
    turned = turned._replace(grill=(), stacks=((), ()))
    _, last = parts_of(record_at(turned), 0)
    assert last.actions() == [{"kind": "stop"}]
    assert "Tile 36: turned over, out of the game" in last.words


CYRILLIC = re.compile("[А-Яа-яЁё]")
LATIN = re.compile("[A-Za-z]")


@pytest.mark.parametrize(("lang", "names", "foreign"), [
    ("en", ("alice", "bob", "carol"), CYRILLIC),
    ("ru", ("Маша", "Петя", "Ваня"), LATIN),
])  # fmt: skip
def test_both_languages_draw_every_word_in_their_own(lang: str, names: tuple[str, ...], foreign: Any) -> None:
    """Every word a reader meets on any board of a whole game — text, labels and titles — is
    in the page's language: a word missing from a catalogue would show in English (or fail)."""
    state = GAME.new(3, 11, {})
    seen: set[str] = set()
    for version, played in enumerate(playout(GAME, state, random.Random(11)), 1):
        record = record_at(played.step.state, version, names)
        for seat in (None, 0, 1, 2):
            _, parts = parts_of(record, seat, lang)
            strange = [word for word in parts.words if foreign.search(word)]
            assert strange == [], (version, seat)
            seen |= set(parts.words)
    assert len(seen) > 100


def test_every_key_the_board_names_is_in_both_catalogues() -> None:
    named: set[str] = set()
    for path in [*WEB.glob("*.py"), *WEB.glob("templates/*.html")]:
        named |= set(re.findall(r"[\"'](pickomino\.[a-z_.]+|board\.[a-z_.]+)[\"']", path.read_text("utf-8")))
    assert "pickomino.web.keep" in named and len(named) > 20
    missing = [key for key in named if not all(catalogue().defines(lang, key) for lang in ("en", "ru"))]
    assert sorted(missing) == []


def test_what_a_player_is_called_reaches_the_page_escaped() -> None:
    state = position(seats=2, stacks=[(), (24,)], kept=["worm", "worm", "5", "5", "4"], current=0)
    record = record_at(state, names=("<b>x</b>", "<img src=x onerror=alert(1)>"))
    for seat in (None, 0, 1):
        html = drawn(table_of(record, "en", seat=seat, plain_names=True))
        assert "<b>x</b>" not in html and "<img" not in html
        assert "&lt;b&gt;x&lt;/b&gt;" in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    steal = Parts(drawn(table_of(record, "en", seat=0, plain_names=True)))
    assert steal.with_action({"kind": "take", "tile": 24})[1]["aria-label"] == (
        "Take tile 24 from <img src=x onerror=alert(1)>: 1 worm"
    )  # the label, as a browser reads it back


def test_a_finished_game_and_its_replay_show_no_control() -> None:
    """The pages of a finished game (everyone's, a seat's) show the ranking; its replay, at
    any move and in the end's reveal of each seat's own board, is read-only."""
    state = GAME.new(2, 5, {})  # the seed record_of stores, which the replay starts from
    logged = []
    for played in playout(GAME, state, random.Random(3)):
        logged.append((played.seat, GAME.dump_action(played.action)))
        state = played.step.state
    record = record_at(state, len(logged), ("alice", "bob"))
    assert record.status is GameStatus.FINISHED
    public = public_snapshot(record, [], "en", lambda name: name, "7-key").data["board"]
    mine = private_snapshot(record, 0, [], "en", lambda name: name, "7-key").data["board"]
    for html in (public, mine):
        parts = Parts(html)
        assert parts.actions() == [] and "Final ranking" in parts.words
        assert any(word.startswith("🥇") for word in parts.words)
    steps = list(replay_positions(GAME, 2, 5, {}, logged))
    for move in (len(logged) // 2, len(logged)):
        shown = replay_snapshot(record, steps, move, "en", lambda name: name, "7-key").data
        board, reveal = Parts(shown["board"]), Parts(shown["reveal"])
        assert board.actions() == [] and reveal.actions() == []
        assert ("Final ranking" in board.words) == (move == len(logged))
    ends = [a for tag, a in reveal.elements if tag == "section" and "pk-end" in a["class"].split()]
    assert [a["aria-label"] for a in ends] == ["Final ranking"] * 2  # each seat's own board
