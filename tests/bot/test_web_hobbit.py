"""Hobbit's web board, without a server: a seat's page offers exactly its legal actions — each
as a control carrying it, or (a move of several cards) the composer that puts it together from
cards it shows — over positions of random games and the worked examples' positions, so that
every kind of decision is met; nothing is offered to everyone, to a finished game or in a
replay; both languages draw every word; names are escaped."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import replace
from html.parser import HTMLParser
from typing import Any

import pytest

from bot.board import table_of
from bot.games.hobbit.web import WEB_BOARD
from bot.web.boards import Pictures
from bot.web.snapshots import replay_snapshot, replay_steps
from engine.ai.playout import playout
from storage import GameRecord, GameStatus, SeatRecord
from storage.models import MoveRecord
from tests.bot.hobbit_helpers import GAME, record_of
from tests.engine.hobbit.helpers import BLUE, RED, YELLOW, play, position

VOID = frozenset({"img", "br", "input", "hr", "meta", "link"})
COMPOSED = frozenset({"fight_submit", "free_web", "discard_to_limit", "sorrow_discard"})


class Page(HTMLParser):
    """Every element of a drawn board with its attributes and the composer it lies in."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str], dict[str, str] | None]] = []
        self._open: list[tuple[str, dict[str, str] | None]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        inside = self._open[-1][1] if self._open else None
        composer = found if "data-compose" in found else inside
        self.elements.append((tag, found, composer))
        if tag not in VOID:
            self._open.append((tag, composer))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            if self._open.pop()[0] == tag:
                break

    def actions(self) -> list[dict[str, Any]]:
        return [json.loads(a["data-action"]) for _, a, _ in self.elements if "data-action" in a]

    def composers(self) -> list[dict[str, str]]:
        return [a for _, a, _ in self.elements if "data-compose" in a]

    def within(self, composer: dict[str, str], css: str) -> list[dict[str, str]]:
        return [a for _, a, c in self.elements if c is composer and css in a.get("class", "").split()]


def drawn(record: GameRecord, seat: int | None, lang: str = "en") -> str:
    table = table_of(record, lang, seat=seat, plain_names=True)
    return str(WEB_BOARD.board(table, Pictures(lambda name: f"/p/{name}", private=seat is not None)))


def composed_by(page: Page, action: dict[str, Any]) -> bool:
    """Whether a composer of the page puts ``action`` together: of its kind (a web's for its
    dwarf), showing each of its cards (at the value used) and the card Gandalf doubles."""
    for composer in page.composers():
        if composer["data-compose"] != action["kind"]:
            continue
        if json.loads(composer["data-fields"]) != {k: v for k, v in action.items() if k == "dwarf"}:
            continue
        picks = {(p["data-card"], p.get("data-value", "")) for p in page.within(composer, "pickable")}
        wanted = {
            (u["card"], str(u["value"])) if isinstance(u, dict) else (u, "")
            for u in action.get("cards") or []
        }
        doubled = action.get("doubled")
        doubles = {d["data-double"] for d in page.within(composer, "double")}
        if wanted <= picks and (not doubled or doubled in doubles or composer.get("data-auto-double") == "1"):
            return True
    return False


def random_positions() -> Iterator[Any]:
    for seed, seats in ((1, 3), (2, 2), (4, 4), (6, 3)):
        state = GAME.new(seats, seed, {})
        for n, played in enumerate(playout(GAME, state, random.Random(seed))):
            if n % 3 == 0:
                yield played.step.state


def example_positions() -> Iterator[Any]:
    """The worked examples' positions where the rarer decisions come up (H11)."""
    yield play(  # T9: an attack on Smaug
        position(active=BLUE, smaug=30, at={"B1": 27}, hands={BLUE: ["BH11", "BH07", "BH02", "BH12"]}),
        "move MV-B-3 B1 fwd",
    )
    yield position(at={"R1": 14}, entangled=["R1"], hands={RED: ["BH11", "BH07", "BH09", "BH10", "ES01"]})
    yield position(  # T5c with Gandalf doubling a web's card
        at={"R1": 14}, entangled=["R1"], gandalf="G_MIRKWOOD", hands={RED: ["BH11", "BH07", "BH02", "BH03"]}
    )
    yield position(at={"R1": 14, "R2": None}, entangled=["R1"])  # no move at all: a skip
    yield play(  # T4 with Gandalf: a joint fight, the active player doubles a card
        position(
            active=YELLOW,
            at={"R1": 10, "Y1": 7},
            face_up={"mirkwood": "MW04"},
            gandalf="G_MIRKWOOD",
            hands={RED: ["BH11"], YELLOW: ["BH07", "BH02", "ES01"]},
        ),
        "move MV-Y-3 Y1 fwd",
        "fight BH11#1",
    )
    t15 = position(key=YELLOW, at={"R1": 43}, hands={RED: ["BH01", "BH03", "BH02", "BH16"]})
    yield (offered := play(t15, "move MV-R-1 R1 fwd"))  # a trade to offer, the Key to ask for
    yield play(offered, "offer 2 BH02#1 BH01#1 BH03#1")  # the reply
    yield play(offered, "offer 2 BH02#1 BH01#1 BH03#1", "accept KEY")  # the door
    five = ["BH01", "BH02", "BH03", "BH04", "BH05"]
    sorrow = position(at={"Y1": 5, "R1": 3}, hands={YELLOW: five}, tops={"mirkwood": ["MW14"]}, dice=[2])
    yield play(sorrow, "move MV-R-2 R1 fwd")  # a target
    yield play(sorrow, "move MV-R-2 R1 fwd", "target Y1")  # a Sorrow's discards
    yield position(active=BLUE, phase="limit", hands={BLUE: [*five, "BH06", "BH07"]})
    scout = position(phase="p2", smaug=40, at={"R1": 37, "R2": 12}, hands={RED: ["BH14"]}, dice=[4])
    yield play(scout, "scout BH14#1 die")
    window = position(
        active=YELLOW,
        smaug=40,
        gandalf="G_LAIR",
        at={"Y1": 37},
        hands={YELLOW: ["ES04", "BH11", "BH02"], BLUE: ["TR01", "TR06"], RED: ["TR04"]},
        tops={"beorn": ["BH22", "BH01"]},
    )
    yield play(window, "move MV-Y-3 Y1 fwd", "attack ES04#1 BH11#1", "end", "draw beorn", "pass")
    yield position(phase="p2", smaug=36, hands={BLUE: ["TR06"], RED: ["BH20", "BH17", "BH19"]})  # Gold


def every_position() -> Iterator[Any]:
    yield from example_positions()
    yield from random_positions()


def test_a_seats_page_offers_exactly_its_legal_actions() -> None:
    decisions: set[str] = set()
    kinds: set[str] = set()
    for version, state in enumerate(every_position(), 1):
        record = record_of(state, version)
        if record.status is not GameStatus.ACTIVE:
            continue
        for seat in range(GAME.seats(state)):
            legal = [GAME.dump_action(a) for a in GAME.legal_actions(state, seat)]
            page = Page(drawn(record, seat, "ru" if version % 2 else "en"))
            offered = page.actions()
            assert all(action in legal for action in offered), (version, seat)
            for action in legal:
                if action not in offered:
                    assert action["kind"] in COMPOSED and composed_by(page, action), (version, seat, action)
                kinds.add(str(action["kind"]))
            made = {c["data-compose"] for c in page.composers()}
            assert made <= {str(a["kind"]) for a in legal}, (version, seat)
            if seat in GAME.to_act(state):
                decisions.add(state.agenda[-1].kind)
    assert decisions == {
        "p1", "p2", "p3", "limit", "target", "scout", "fight", "attack", "sorrow", "trade_reply", "window"
    }  # fmt: skip
    assert kinds >= {
        "play_move_card", "skip_move_card", "free_web", "open_door", "play_bilbo", "play_elf", "play_eagle",
        "play_dwarf_run", "play_gandalf", "play_scout", "scout_choose", "trade_offer", "trade_accept",
        "trade_decline", "end_phase2", "draw", "discard_to_limit", "choose_target", "sorrow_discard",
        "fight_submit", "smaug_attack", "play_treasury", "pass_window",
    }  # fmt: skip


CONTROLS = re.compile(r"data-action|data-compose|data-open|data-submit|pickable")


def test_nothing_is_offered_to_everyone_a_finished_game_or_a_replay() -> None:
    state = GAME.new(2, 8, {})
    states = [state, *(p.step.state for p in playout(GAME, state, random.Random(8)))]
    record = record_of(states[len(states) // 2], 40)
    assert CONTROLS.search(drawn(record, GAME.to_act(record.state)[0]))  # the check can fail
    assert not CONTROLS.search(drawn(record, None))
    over = record_of(states[-1], len(states))
    assert over.status is GameStatus.FINISHED
    for seat in (None, 0, 1):
        assert not CONTROLS.search(drawn(over, seat))
    assert not CONTROLS.search(drawn(replace(record, status=GameStatus.FINISHED), 0))


def test_the_replay_and_its_reveal_offer_no_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    state = GAME.new(2, 8, {})
    moves = list(playout(GAME, state, random.Random(8)))
    record = record_of(moves[-1].step.state, len(moves))
    monkeypatch.setattr(type(GAME), "new", lambda self, seats, seed, options=None: state)
    logged = [
        MoveRecord(record.id, i + 1, p.seat, GAME.dump_action(p.action), record.created_at)
        for i, p in enumerate(moves)
    ]
    steps = replay_steps(record, logged)
    for move in (len(steps) // 2, len(steps) - 1):
        shot = replay_snapshot(record, steps, move, "en", lambda name: f"/p/{name}", "7-key")
        assert not CONTROLS.search(shot.data["board"] + shot.data["reveal"])
    assert "hand" in shot.data["reveal"]  # the reveal shows each seat's own board


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_both_languages_draw_every_word(lang: str) -> None:
    unknown = re.compile(r"hobbit[.-][a-z_]+[.-]")
    for version, state in enumerate(example_positions(), 1):
        record = record_of(state, version)
        for seat in (None, *range(GAME.seats(state))):
            html = drawn(record, seat, lang)
            assert not unknown.search(html), unknown.search(html)
    page = drawn(record_of(GAME.new(3, 1, {})), 0, lang)
    words = {"en": "Your decision", "ru": "Ваше решение"}
    assert words[lang] in page and words["ru" if lang == "en" else "en"] not in page


def test_names_are_escaped() -> None:
    record = record_of(GAME.new(3, 1, {}))
    seats = tuple(replace(s, name="<b>x</b>") if s.seat == 1 else s for s in record.seats)
    record = replace(record, seats=seats)
    for seat in (None, 0):
        html = drawn(record, seat)
        assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert isinstance(seats[0], SeatRecord)
