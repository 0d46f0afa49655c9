"""``/hint``: the strongest computer player's move for the caller's seat, from his view alone,
told only to him — and its typed form plays it."""

from __future__ import annotations

import re

import simcord

from storage import Repository
from tests.e2e.helpers import Room, make_room, open_game

TYPED = re.compile(r"`/move (.+?)`")


async def hint_and_play(room: Room, member: simcord.MemberActor, repository: Repository, game_id: int) -> str:
    """``member`` asks for a hint, then types what it says."""
    channel = room.channel
    before = await repository.get(game_id)
    hinted = await member.slash(channel, "hint")
    assert hinted.ephemeral and hinted.response is not None and hinted.response.content is not None
    assert (await repository.get(game_id)).version == before.version  # a hint plays nothing
    typed = TYPED.search(hinted.response.content)
    assert typed is not None, hinted.response.content
    await member.slash(channel, "move", action=typed.group(1))
    assert (await repository.get(game_id)).version == before.version + 1
    return hinted.response.content


async def test_a_hint_is_private_plays_nothing_and_its_typed_form_plays_it(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room)

    told = await hint_and_play(room, alice, repository, record.id)
    assert told.startswith("💡 From what you can see, the strongest computer player would play **Roll**")

    waiting = await bob.slash(room.channel, "hint")  # alice is still rolling
    assert waiting.ephemeral and waiting.response is not None
    assert waiting.response.content == "It is not your turn."


async def test_a_hint_for_a_secret_placement_is_a_whole_placement(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room, game="raid")

    told = await hint_and_play(room, alice, repository, record.id)
    assert "pits" in told and "artifacts" in told  # the whole map, told to alice alone
    await hint_and_play(room, bob, repository, record.id)
    after = await repository.get(record.id)
    assert [m.seat for m in await repository.moves(record.id)] == [0, 1]
    assert after.position is not None and after.position.to_act()  # both placed: the walk begins
