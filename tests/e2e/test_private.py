"""Private views reach their seat by DM; a closed DM (403) sends the player to Private."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import simcord

from storage import Repository
from tests.bot.secret_game import SecretNumbers, secret_game_registered
from tests.e2e.helpers import description_of, labels, make_room, note_of, text_of

DM_CLOSED = (
    "I cannot send you direct messages. Press Private on the board (or use /hand) to see your private view."
)


@pytest.fixture
def secret_game() -> Iterator[SecretNumbers]:
    with secret_game_registered() as game:
        yield game


async def test_changed_private_views_go_by_dm_and_a_403_points_to_private(
    simcord_env: simcord.Env, repository: Repository, secret_game: SecretNumbers
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    simcord_env.inject_error(
        "POST",
        f"/channels/{bob.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    lobby = await repository.create_lobby(
        secret_game.key, guild_id=room.channel.guild.id, channel_id=room.channel.id,
        host_id=alice.id, host_name="alice", options={},
    )  # fmt: skip
    await repository.join(lobby.id, bob.id, "bob")
    await repository.start(lobby.id, seed=3)  # secrets: alice 3, bob 3
    shown = await alice.slash(room.channel, "status")
    assert shown.response is not None
    board = room.message((await room.record()).message_id)
    assert labels(board) == {"peek": True, "poke": True, "Private": True}

    # alice peeks: only her secret changes, so only she gets a DM
    peeked = await alice.click(board, label="peek")
    assert [f for f in peeked.followups if f.ephemeral] == []
    alice_dms = alice.user.dm_channel and room.env.backend.messages.get(alice.user.dm_channel.id, {})
    assert alice_dms is not None and len(alice_dms) == 1
    assert '"mine":4' in description_of(next(iter(alice_dms.values())))

    # bob peeks: his DM fails with 403, and he is told ephemerally to use Private
    peeked = await bob.click(room.message(board.id), label="peek")
    assert [note_of(f) for f in peeked.followups if f.ephemeral] == [DM_CLOSED]

    # alice pokes bob: his secret changes, his DM fails; he hears it at his next interaction
    poked = await alice.click(room.message(board.id), label="poke")
    assert [f for f in poked.followups if f.ephemeral] == []
    private = await bob.click(room.message(board.id), label="Private")
    assert private.ephemeral and private.response is not None
    assert '"mine":5' in description_of(private.response)
    moved = await bob.click(room.message(board.id), label="peek")
    assert [note_of(f) for f in moved.followups if f.ephemeral] == [DM_CLOSED]

    # nothing private ever reached the channel
    history = room.channel.history()
    assert any('"mine":null' in text_of(m) for m in history)
    assert not any(re.search(r'"mine":[0-9]', text_of(m)) for m in history)
