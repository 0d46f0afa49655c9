"""Lobby rules through the real bot: who may start, seat limits, one game per channel."""

from __future__ import annotations

import simcord

from storage import GameStatus, Repository
from tests.e2e.helpers import description_of, field_names, field_of, labels, make_room, open_game

LOBBY_BUTTONS = {
    "Join": True,
    "Leave": True,
    "Start": True,
    "Cancel": True,
    "Add AI: strong": True,
    "Add AI: greedy": True,
    "Add AI: random": True,
}


async def test_play_posts_a_lobby_with_its_buttons(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]

    result = await alice.slash(room.channel, "play", game="pickomino")

    assert result.response is not None and not result.ephemeral
    assert labels(result.response) == LOBBY_BUTTONS
    record = await room.record()
    assert record.status is GameStatus.LOBBY
    assert record.message_id == result.response.id
    assert [s.user_id for s in record.seats] == [alice.id]


async def test_join_and_leave_update_the_lobby(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    lobby = (await alice.slash(room.channel, "play", game="pickomino")).response
    assert lobby is not None

    await bob.click(lobby, label="Join")
    assert [s.user_id for s in (await room.record()).seats] == [alice.id, bob.id]
    shown = room.message(lobby.id)
    assert bob.mention in field_of(shown, field_names(shown)[0])

    again = await bob.click(lobby, label="Join")
    assert again.ephemeral and again.response is not None
    assert again.response.content == "You are already in this game."

    await bob.click(lobby, label="Leave")
    assert [s.user_id for s in (await room.record()).seats] == [alice.id]


async def test_only_the_host_starts(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room, start=False)
    bob = room.players[1]

    refused = await bob.click(room.message(record.message_id), label="Start")

    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == "Only the host can start the game."
    assert (await room.record()).status is GameStatus.LOBBY


async def test_only_the_host_cancels_and_a_cancelled_lobby_frees_the_channel(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room, start=False)
    alice, bob = room.players
    lobby = room.message(record.message_id)

    refused = await bob.click(lobby, label="Cancel")
    assert refused.response is not None and refused.response.content == "Only the host can cancel the lobby."

    await alice.click(lobby, label="Cancel")
    assert (await repository.get(record.id)).status is GameStatus.ABANDONED
    cancelled = room.message(record.message_id)
    assert description_of(cancelled) == "This lobby was cancelled."
    assert labels(cancelled) == {}
    assert await repository.by_channel(room.channel.id) is None
    fresh = await bob.slash(room.channel, "play", game="pickomino")
    assert fresh.response is not None and not fresh.ephemeral


async def test_too_few_players_cannot_start(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository, names=("alice",))
    alice = room.players[0]
    lobby = (await alice.slash(room.channel, "play", game="pickomino")).response
    assert lobby is not None

    refused = await alice.click(lobby, label="Start")

    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == "At least 2 players are needed to start."
    assert (await room.record()).status is GameStatus.LOBBY


async def test_a_full_game_refuses_a_joiner(simcord_env: simcord.Env, repository: Repository) -> None:
    names = tuple(f"player{i}" for i in range(8))
    room = make_room(simcord_env, repository, names=names)
    record = await open_game(room, start=False)  # seven join; the eighth is refused
    assert len((await room.record()).seats) == 7

    lobby = room.message(record.message_id)
    refused = await room.players[7].click(lobby, label="Join")

    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == "The game is full: 7 players at most."
    assert len((await room.record()).seats) == 7


async def test_a_second_play_in_a_busy_channel_links_the_running_game(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    bob = room.players[1]

    refused = await bob.slash(room.channel, "play", game="pickomino")

    assert refused.ephemeral and refused.response is not None
    link = f"https://discord.com/channels/{room.channel.guild.id}/{room.channel.id}/{record.message_id}"
    assert refused.response.content == f"This channel already has a game: {link}"
    assert len(await repository.active_games()) == 1


async def test_play_takes_the_games_options(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]

    offered = await alice.autocomplete(room.channel, "play", "options", "tie", game="pickomino")
    assert [c["value"] for c in offered] == ["tiebreak=highest_tile", "tiebreak=shared"]

    bad = await alice.slash(room.channel, "play", game="pickomino", options="tiebreak=coin")
    assert bad.ephemeral and bad.response is not None
    assert bad.response.content == "The option tiebreak cannot be “coin”: choose highest_tile, shared."
    assert await repository.by_channel(room.channel.id) is None

    await alice.slash(room.channel, "play", game="pickomino", options="tiebreak=shared")
    assert (await room.record()).options == {"tiebreak": "shared"}


async def test_the_host_leaving_abandons_the_lobby(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room, start=False)

    await room.players[0].click(room.message(record.message_id), label="Leave")

    assert (await repository.get(record.id)).status is GameStatus.ABANDONED
    message = room.message(record.message_id)
    assert description_of(message) == "This lobby was cancelled." and labels(message) == {}
