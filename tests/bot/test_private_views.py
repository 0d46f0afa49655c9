"""Which seats get a DM: those whose private part of the view changed (engine decides)."""

from __future__ import annotations

import engine
from bot.private import changed_private_views
from tests.bot.secret_game import SECRET, Peek, Poke


def test_pickomino_has_nothing_private_so_nobody_is_written_to() -> None:
    game = engine.get_game("pickomino")
    before = game.new(3, seed=5, options={})
    after = game.apply(before, 0, game.legal_actions(before, 0)[0]).state
    assert changed_private_views(game, None, before, range(3)) == []
    assert changed_private_views(game, before, after, range(3)) == []


def test_at_the_start_every_seat_with_a_secret_is_written_to() -> None:
    state = SECRET.new(2, seed=3)
    assert changed_private_views(SECRET, None, state, range(2)) == [0, 1]


def test_only_the_seat_whose_secret_changed_is_written_to() -> None:
    state = SECRET.new(2, seed=3)
    peeked = SECRET.apply(state, 0, Peek()).state  # seat 0's secret changes
    assert changed_private_views(SECRET, state, peeked, range(2)) == [0]
    poked = SECRET.apply(peeked, 1, Poke()).state  # seat 1 changes seat 0's secret
    assert changed_private_views(SECRET, peeked, poked, range(2)) == [0]


def test_a_public_change_alone_writes_to_nobody() -> None:
    state = SECRET.new(2, seed=3)
    moved = type(state)(turn=1, secrets=state.secrets, moves=1)  # only public fields differ
    assert changed_private_views(SECRET, state, moved, range(2)) == []
