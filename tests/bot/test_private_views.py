"""Which seats get a DM: those whose private view (``Game.private_view``) changed in something
they can read nowhere else (``Renderer.private_news``), and those that newly have a secret
decision — the engine decides, the bot diffs nothing else."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import engine
from bot.private import private_decision, seats_to_write
from engine.ai.playout import playout
from engine.core.position import Position
from tests.bot.secret_game import SECRET, Peek, Poke

RAID = engine.get_game("raid")


def write(game: Any, before: Any, after: Any, seats: list[int], *, mover: int | None = None) -> list[int]:
    """``seats_to_write`` between two states, as the bot holds them (positions)."""
    was = None if before is None else Position(game, before)
    return seats_to_write(was, Position(game, after), seats, mover=mover)


def test_pickomino_has_nothing_private_so_nobody_is_written_to() -> None:
    game = engine.get_game("pickomino")
    before = game.new(3, seed=5, options={})
    after = game.apply(before, 0, game.legal_actions(before, 0)[0]).state
    assert write(game, None, before, [0, 1, 2]) == []
    assert write(game, before, after, [0, 1, 2], mover=0) == []


def test_at_the_start_every_seat_with_a_secret_is_written_to() -> None:
    state = SECRET.new(2, seed=3)
    assert write(SECRET, None, state, [0, 1]) == [0, 1]


def test_only_the_seat_whose_secret_changed_is_written_to() -> None:
    state = SECRET.new(2, seed=3)
    peeked = SECRET.apply(state, 0, Peek()).state  # seat 0's secret changes
    assert write(SECRET, state, peeked, [0, 1], mover=0) == [0]
    poked = SECRET.apply(peeked, 1, Poke()).state  # seat 1 changes seat 0's secret
    assert write(SECRET, peeked, poked, [0, 1], mover=1) == [0]


def test_a_public_change_alone_writes_to_nobody() -> None:
    state = SECRET.new(2, seed=3)
    moved = replace(state, turn=1, moves=1)  # only public fields differ
    assert write(SECRET, state, moved, [0, 1]) == []


def test_a_secret_decision_is_sent_once_to_each_seat_that_takes_it() -> None:
    """Raid's placement is secret: at the start both seats get its buttons although neither has
    a private view yet; when one places, only he is written to (his map) — the other's
    decision is the same one, shared, so he gets nothing new."""
    start = RAID.new(2, seed=7)
    assert RAID.private_view(start, 0) is None
    assert write(RAID, None, start, [0, 1]) == [0, 1]
    placed = RAID.apply(start, 0, RAID.parse_action("random")).state
    assert write(RAID, start, placed, [0, 1], mover=0) == [0]


def test_only_people_given_are_written_to() -> None:
    assert write(RAID, None, RAID.new(2, seed=7), [1]) == [1]


def test_an_object_met_on_a_raid_map_tells_its_owner_nothing_new() -> None:
    """Raid's private view is the seat's own map, which marks the objects the other scout met:
    every encounter is on the board, so that change alone sends its owner no DM."""
    met = 0
    for seed in range(40):
        for played in playout(RAID, RAID.new(2, seed=seed), random.Random(seed)):
            before, after = played.before, played.step.state
            if played.seat != 1 or before.maps[0] is None:
                continue
            mine, now = RAID.private_view(before, 0), RAID.private_view(after, 0)
            if mine == now or private_decision(Position(RAID, after), 0) is not None:
                continue
            assert mine is not None and now is not None
            assert [(o["kind"], o["cell"]) for o in mine["own_map"]] == [
                (o["kind"], o["cell"]) for o in now["own_map"]
            ]  # only marks of objects met changed
            assert write(RAID, before, after, [0, 1], mover=1) == []
            met += 1
        if met >= 3:
            break
    assert met >= 3
