"""A stored move always reaches the table: what Discord would not take after a move (an outage
past discord.py's own retries) is owed, and delivered once Discord answers again — the board
shows the move, the next player is pinged once, the DM goes out once — while a move whose
follow-through went through owes nothing. The start of a game owes its pings and DMs too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import simcord

from storage import GameStatus, Repository
from tests.bot.secret_game import SecretNumbers, secret_game_registered
from tests.e2e.helpers import channel_pings, description_of, dm_history, let_time_pass, make_room, open_game
from tests.e2e.test_faults import PEEK, fail, pings_for, start

OUTAGE = (
    ("PATCH", "/channels/{channel}/messages/*"),  # the board's edit
    ("POST", "/channels/{channel}/messages"),  # the board posted again, the ping
    ("POST", "/channels/{dm}/messages"),  # the DM
    ("*", "/webhooks/*"),  # an interaction's follow-ups and edits: the ping, the board
)


@pytest.fixture
def secret_game() -> Iterator[SecretNumbers]:
    with secret_game_registered() as game:
        yield game


def peeked(member: simcord.MemberActor) -> int:
    """The DMs showing the member's number after his peek."""
    return sum('"mine":4' in description_of(m) for m in dm_history(member) if m.components)


async def test_a_move_whose_follow_through_went_through_owes_nothing(
    simcord_env: simcord.Env, repository: Repository, secret_game: SecretNumbers
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    await start(room, secret_game.key)

    await alice.slash(room.channel, "move", action=PEEK)

    assert await repository.owed.pending() == []
    assert len(pings_for(room, bob)) == 1 and peeked(alice) == 1


async def test_what_an_outage_past_the_retries_kept_from_the_table_is_delivered_once_discord_answers(
    simcord_env: simcord.Env, repository: Repository, secret_game: SecretNumbers
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    game_id = await start(room, secret_game.key)
    board = (await repository.get(game_id)).message_id
    for method, path in OUTAGE:
        where = path.format(channel=room.channel.id, dm=alice.user.dm_channel.id)
        fail(simcord_env, method, where, 500, times=None)

    moved = await alice.slash(room.channel, "move", action=PEEK)

    assert moved.response is not None and moved.response.content == "Done: peek."
    assert (await repository.get(game_id)).version == 1  # stored
    assert f"Turn: {bob.mention}" not in description_of(room.message(board))
    assert pings_for(room, bob) == [] and peeked(alice) == 0  # nothing reached the table
    ((owed, holder),) = await repository.owed.pending()
    assert (owed.game_id, owed.version, owed.tries, holder) == (game_id, 1, 1, None)
    assert owed.parts == {"board": True, "ping": [1], "dm": [0]}

    await let_time_pass(simcord_env, repository, 600)  # Discord still down: the passes try again, and again
    ((owed, holder),) = await repository.owed.pending()
    assert owed.tries > 1 and holder is None
    assert pings_for(room, bob) == [] and peeked(alice) == 0
    simcord_env.backend.faults.clear()  # Discord answers again
    await let_time_pass(simcord_env, repository, 1800)  # the longest pause between tries

    assert await repository.owed.pending() == []
    record = await repository.get(game_id)
    shown = room.message(record.message_id)
    assert f"Turn: {bob.mention}" in description_of(shown)  # the board shows the move
    assert len(pings_for(room, bob)) == 1  # pinged once
    assert peeked(alice) == 1  # the DM went out once


async def test_what_the_start_of_a_game_owed_is_delivered_after_an_outage(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    lobby = await open_game(room, start=False, game="raid")
    channels = (room.channel.id, alice.user.dm_channel.id, bob.user.dm_channel.id)
    for channel in channels:  # the pings and DMs the start owes; the board is the click's answer
        fail(simcord_env, "POST", f"/channels/{channel}/messages", 500, times=None)
    fail(simcord_env, "POST", "/webhooks/*", 500, times=None)  # the ping as the click's follow-up

    started = await alice.click(room.message(lobby.message_id), label="Start")

    assert started.acknowledged  # the board, in the click's response
    record = await room.record()
    assert record.status is GameStatus.ACTIVE and record.version == 0
    ((owed, holder),) = await repository.owed.pending()
    assert (owed.game_id, owed.version, holder) == (record.id, 0, None)
    assert owed.parts == {"ping": [0, 1], "dm": [0, 1]}  # the board went out with the click
    assert channel_pings(room) == [] and dm_history(alice) == [] and dm_history(bob) == []
    simcord_env.backend.faults.clear()
    await let_time_pass(simcord_env, repository, 1800)

    assert await repository.owed.pending() == []
    assert channel_pings(room) == [f"{alice.mention} {bob.mention}, your turn in Raid #{record.id}."]
    assert len(dm_history(alice)) == 1 and len(dm_history(bob)) == 1  # each map's placement, once
