"""What an interaction's token can no longer do is done by the ordinary call: once Discord
refuses the token (it has run out), the board of the next move is edited in place by the
channel's edit, with its picture, neither lost nor posted again."""

from __future__ import annotations

import simcord

from storage import Repository
from tests.e2e.helpers import last_dm, let_time_pass, make_room, open_game, text_of

EXPIRED = 16 * 60
"""Past an interaction token's 15 minutes, by SimCord's clock (the bot's own still thinks the
token fresh, so it tries it and meets Discord's refusal)."""


async def test_a_board_whose_token_ran_out_is_edited_in_place_by_the_channel(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room, game="raid")  # the board is the Start click's answer
    board = record.message_id
    await let_time_pass(simcord_env, repository, EXPIRED)
    since = len(simcord_env.backend.http_requests)

    for member in (alice, bob):  # each places his map in his DM: the board changes
        placed = await member.user.click(last_dm(member), label="Random")
        assert placed.acknowledged

    after = await repository.get(record.id)
    assert after.version == record.version + 2 and after.message_id == board  # not posted again
    calls = [f"{e.method} {e.path}" for e in simcord_env.backend.http_requests[since:]]
    assert any(c.startswith("PATCH /webhooks/") for c in calls)  # the token was tried, and refused
    assert f"PATCH /channels/{room.channel.id}/messages/{board}" in calls
    shown = room.message(board)
    assert "Turn 0 of 200" in text_of(shown)  # the walk has begun
    pictures = [simcord_env.backend.cdn.get(a.url) for a in shown.attachments]
    assert pictures and all(pictures)  # with its picture
