"""What an interaction's token can no longer do is done by the ordinary call: once Discord
refuses the token (it has run out), the board of the next move is edited in place by the
channel's edit, neither lost nor posted again."""

from __future__ import annotations

import simcord

from engine.core import dump_json
from storage import Repository
from tests.e2e.helpers import let_time_pass, make_room, open_game

EXPIRED = 16 * 60
"""Past an interaction token's 15 minutes, by SimCord's clock (the bot's own still thinks the
token fresh, so it tries it and meets Discord's refusal)."""


async def test_a_board_whose_token_ran_out_is_edited_in_place_by_the_channel(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]
    record = await open_game(room)
    board = record.message_id
    rolled = await alice.click(room.message(board), label="Roll")  # the board is its answer
    assert rolled.acknowledged and not rolled.ephemeral
    await let_time_pass(simcord_env, repository, EXPIRED)
    record = await repository.get(record.id)
    since = len(simcord_env.backend.http_requests)
    action = record.position.legal_data(0)[0]

    typed = await alice.slash(room.channel, "move", action=dump_json(action))

    assert typed.acknowledged
    after = await repository.get(record.id)
    assert after.version == record.version + 1 and after.message_id == board  # not posted again
    calls = [f"{e.method} {e.path}" for e in simcord_env.backend.http_requests[since:]]
    assert any(c.startswith("PATCH /webhooks/") for c in calls)  # the token was tried, and refused
    assert f"PATCH /channels/{room.channel.id}/messages/{board}" in calls
    shown = [c for row in room.message(board).components for c in row.to_dict()["components"]]
    assert any(f":{after.version}:" in str(c) for c in shown)  # its buttons act at the new version
