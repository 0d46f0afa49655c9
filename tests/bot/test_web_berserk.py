"""Berserk's web board, drawn from positions of random games: a seat's page offers exactly its
legal actions — as buttons, in the composer of a recruitment or a placement, or as the steps
of a move put together on the field — and nothing else; everyone's page and a seat's page once
the game is not running offer nothing; both languages draw every word; names are escaped."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from html.parser import HTMLParser
from typing import Any

import pytest

import engine
from bot.board import table_of
from bot.i18n import catalogue, t
from bot.web.boards import Pictures, web_board_for
from engine.ai.playout import playout
from storage.models import GameStatus, SeatRecord
from tests.bot.test_render_from_redeal import record_of

BERSERK = engine.get_game("berserk")
BOARD = web_board_for("berserk")
COMPOSED = {"recruit": {"kind": "recruit", "cards": []}, "place": {"kind": "place", "cells": {}}}
"""The template each composer stands for: the engine lists it beside Random."""


class Offered(HTMLParser):
    """Every move a page offers: controls' actions and choices, composers, and the actions of
    the paths its script puts together."""

    def __init__(self) -> None:
        super().__init__()
        self.actions: list[dict[str, Any]] = []
        self.choices: list[tuple[str, str]] = []
        self.composers: list[str] = []
        self.paths: list[dict[str, Any]] = []
        self._in_paths = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("data-action"):
            self.actions.append(json.loads(found["data-action"] or ""))
        if found.get("data-choice"):
            self.choices.append((found["data-choice"] or "", found.get("data-value") or ""))
        if found.get("data-composer"):
            self.composers.append(found["data-composer"] or "")
        self._in_paths = tag == "script" and "bz-paths" in (found.get("class") or "")

    def handle_data(self, data: str) -> None:
        if self._in_paths:
            self.paths.extend(json.loads(data))
            self._in_paths = False


def offered(html: str) -> Offered:
    parser = Offered()
    parser.feed(html)
    return parser


def page(record: Any, seat: int | None, lang: str = "en") -> str:
    table = table_of(record, lang, seat=seat, plain_names=True)
    return str(BOARD.board(table, Pictures(lambda name: name, private=seat is not None)))


def positions(seed: int) -> list[tuple[int, Any]]:
    """Every position of one random game."""
    state = BERSERK.new(2, seed, {})
    return [(0, state)] + [
        (n, p.step.state) for n, p in enumerate(playout(BERSERK, state, random.Random(seed)), 1)
    ]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_seats_page_offers_exactly_its_legal_actions(seed: int) -> None:
    kinds: set[str] = set()
    for version, state in positions(seed)[seed % 2 :: 2]:
        record = record_of(BERSERK, state, version)
        for seat in (0, 1):
            legal = [BERSERK.dump_action(a) for a in BERSERK.legal_actions(state, seat)]
            found = offered(page(record, seat))
            shown = found.actions + [COMPOSED[c] for c in found.composers if c in COMPOSED]
            shown += [p["action"] for p in found.paths]
            assert sorted(json.dumps(a, sort_keys=True) for a in shown) == sorted(
                json.dumps(a, sort_keys=True) for a in legal
            ), (version, seat)
            deciding = next((d.kind for d in BERSERK.pending(state) if seat in d.seats), None)
            assert found.choices == ([("random", "choose_deck")] if deciding == "choose_deck" else [])
            kinds |= {a["kind"] for a in legal}
            for path in found.paths:  # each step a value, a label, a kind, a cell or none, a hint
                assert path["steps"] and all(len(step) == 5 and step[1] for step in path["steps"])
    assert {"choose_deck", "recruit", "place", "move", "strike", "end_turn"} <= kinds


def test_the_steps_of_each_action_tell_it_apart_from_every_other() -> None:
    """Two legal actions never share their whole path, and a cell step names a cell."""
    for version, state in positions(4)[::3]:
        record = record_of(BERSERK, state, version)
        for seat in BERSERK.to_act(state):
            paths = offered(page(record, seat)).paths
            whole = [tuple(step[0] for step in p["steps"]) for p in paths]
            assert len(set(whole)) == len(whole), version
            for p in paths:
                for value, _, kind, cell, _ in p["steps"]:
                    assert cell is None or (cell == value and len(cell) == 2), (kind, value, cell)


def test_nobody_but_a_seat_of_a_running_game_is_offered_a_move() -> None:
    for version, state in positions(5)[::4]:
        record = record_of(BERSERK, state, version)
        stopped = replace(record, status=GameStatus.FINISHED)
        for html in (page(record, None), page(stopped, 0), page(stopped, 1)):
            found = offered(html)
            assert (found.actions, found.choices, found.composers, found.paths) == ([], [], [], [])
            assert "bz-controls" not in html


def test_both_languages_draw_every_word() -> None:
    """Each page draws in Russian without an English word of the web board's own."""
    words = catalogue()
    english = {
        key: t("en", key)
        for key in (i.replace("-", ".") for i in words.ids("en") if i.startswith("berserk-web-"))
        if not words.placeholders("en", key)
    }
    for version, state in positions(6)[::5]:
        record = record_of(BERSERK, state, version)
        for seat in (None, 0, 1):
            russian = page(record, seat, "ru")
            assert "поле" in russian.lower() or "колод" in russian.lower() or "отряд" in russian.lower()
            assert [k for k, words in english.items() if len(words) > 8 and words in russian] == []


def test_names_are_escaped() -> None:
    state = next(s for _, s in positions(7) if getattr(s, "phase", "") == "play")
    record = record_of(BERSERK, state, 9)
    seats = tuple(SeatRecord(s, 100 + s, "<b>x</b>" if s == 0 else "o'neil") for s in (0, 1))
    record = replace(record, seats=seats)
    for seat in (None, 0, 1):
        html = page(record, seat)
        assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
