"""The interactions a game may still use: each for its own purpose, none after its lifetime by
the process's clock, none after Discord refused it, and no more games than ``KEPT``."""

from __future__ import annotations

from typing import Any

import pytest

from bot import tokens as tokens_module
from bot.tokens import JUST_MOVED, LIFETIME, Tokens


def interaction() -> Any:
    """Tokens keep interactions without opening them: any object stands for one."""
    return object()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_token_serves_until_its_lifetime_has_run_out() -> None:
    clock = Clock()
    tokens = Tokens(clock)
    click = interaction()
    tokens.note_board(1, 50, click)
    tokens.note_channel(1, click)
    tokens.note_ping(70, click)
    assert tokens.board(1, 50) is click and tokens.channel(1) is click and tokens.ping(70) is click
    assert tokens.board(1, 51) is None  # another message is the board now
    clock.now += LIFETIME - 1
    assert tokens.board(1, 50) is click
    clock.now += 1
    assert tokens.board(1, 50) is None and tokens.channel(1) is None and tokens.ping(70) is None


def test_a_refused_token_is_not_tried_again() -> None:
    tokens = Tokens(Clock())
    click = interaction()
    tokens.note_board(1, 50, click)
    tokens.note_channel(1, click)
    tokens.note_ping(70, click)
    tokens.forget(click)
    assert tokens.board(1, 50) is None and tokens.channel(1) is None and tokens.ping(70) is None


def test_a_person_watches_for_a_while_after_his_own_move() -> None:
    clock = Clock()
    tokens = Tokens(clock)
    tokens.note_moved(1, 0)
    assert tokens.just_moved(1) == 0
    clock.now += JUST_MOVED + 1
    assert tokens.just_moved(1) is None
    tokens.note_moved(1, 0)
    tokens.other_moved(1)  # a person moved without an interaction
    assert tokens.just_moved(1) is None


def test_the_least_recently_used_games_are_let_go(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tokens_module, "KEPT", 3)
    tokens = Tokens(Clock())
    clicks = [interaction() for _ in range(4)]
    for game, click in enumerate(clicks):
        tokens.note_channel(game, click)
    assert tokens.channel(0) is None
    assert [tokens.channel(g) for g in (1, 2, 3)] == clicks[1:]
