"""/hand, /resign, /status, /rules, /stats, /leaderboard, and the slow-interaction deferral."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
import simcord

from storage import GameStatus, Repository
from tests.e2e.helpers import (
    description_of,
    field_names,
    field_of,
    footer_of,
    labels,
    make_room,
    note_of,
    open_game,
    play_by_buttons,
    title_of,
)


async def test_hand_is_ephemeral_and_shows_a_stranger_the_spectator_view(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository, names=("alice", "bob", "carol"))
    carol = room.players.pop()
    await open_game(room)

    hand = await room.players[1].slash(room.channel, "hand")
    stranger = await carol.slash(room.channel, "hand")

    assert hand.ephemeral and hand.response is not None
    assert footer_of(hand.response) == "Pickomino has no secrets: everyone sees this."
    assert stranger.ephemeral and stranger.response is not None
    assert note_of(stranger.response).startswith("You are watching this game, not playing")
    assert title_of(stranger.response) == "Pickomino — game #1"


async def test_resigning_ends_a_two_player_game(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room)

    result = await bob.slash(room.channel, "resign")

    assert result.response is not None and not result.ephemeral
    assert result.response.content == f"{bob.mention} resigned."
    finished = await repository.get(record.id)
    assert finished.status is GameStatus.FINISHED and finished.result is not None
    assert finished.result.ranks == (1, 2)
    board = room.message(record.message_id)
    assert labels(board) == {} and description_of(board) == "Game over. Too few players are left."
    assert (await repository.user_stats(alice.id)).won == 1


async def test_resigning_lets_the_others_play_on(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository, names=("alice", "bob", "carol"))
    alice = room.players[0]
    record = await open_game(room)

    await alice.slash(room.channel, "resign")  # alice resigns during her own turn

    after = await repository.get(record.id)
    assert after.status is GameStatus.ACTIVE
    board = room.message(record.message_id)
    assert room.players[1].mention in description_of(board)
    assert room.channel.last_message is not None
    assert room.channel.last_message.content.startswith(f"{room.players[1].mention}, your turn")
    refused = await alice.slash(room.channel, "move", action="roll")
    assert refused.response is not None and refused.response.content == "It is not your turn."


async def test_rules_stats_and_leaderboard(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]
    record = await open_game(room)
    await play_by_buttons(room, record.id, random.Random(1))
    winner_seat = (await repository.get(record.id)).result.ranks.index(1)  # type: ignore[union-attr]
    winner = room.member(record.seats[winner_seat].user_id)

    rules = await alice.slash(room.channel, "rules", game="pickomino")
    assert rules.ephemeral and rules.response is not None
    assert title_of(rules.response) == "Pickomino — rules in short"
    assert "worm" in description_of(rules.response)

    stats = await winner.slash(room.channel, "stats")
    assert stats.ephemeral and stats.response is not None
    assert description_of(stats.response) == "Played 1 game, won 1"

    board = await alice.slash(room.channel, "leaderboard", game="pickomino")
    assert board.response is not None and not board.ephemeral
    (heading,) = field_names(board.response)  # one game each: both are provisional
    provisional = field_of(board.response, heading)
    assert provisional.splitlines()[0].startswith(f"{winner.mention} — ")
    assert provisional.endswith(" · 1 game")


async def test_no_game_in_the_channel(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository)
    for command, options in (("move", {"action": "roll"}), ("hand", {}), ("status", {}), ("resign", {})):
        result = await room.players[0].slash(room.channel, command, **options)
        assert result.ephemeral and result.response is not None
        assert result.response.content == "There is no game in this channel. Start one with /play.", command


@pytest.mark.simcord(settle_timeout=1.0)  # timers beyond 1 s wait for advance_time
async def test_a_slow_move_is_deferred_within_three_seconds_then_shown(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    slow_apply = repository.apply

    async def apply(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(2.5)  # a database under load (SimCord's clock: no real waiting)
        return await slow_apply(*args, **kwargs)

    monkeypatch.setattr(repository, "apply", apply)
    clicked = await room.players[0].click(room.message(record.message_id), label="Roll")
    assert not clicked.acknowledged

    await simcord_env.advance_time(2.1)  # the watchdog defers before Discord's 3 seconds
    assert clicked.acknowledged and clicked.deferred
    assert await repository.moves(record.id) == []

    await simcord_env.advance_time(1)
    assert len(await repository.moves(record.id)) == 1
    board = room.message(record.message_id)
    assert "Roll" in field_names(board)
