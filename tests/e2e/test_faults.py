"""A stored move is always followed through, whatever Discord answers.

Discord's errors are injected with SimCord's fault injection on the board edit, on the click's
response and on the DM after a move — a 500, a 429 (past discord.py's own retries) and a 403.
Each time the game moves on (the next player's ping, the private view, the computer's turn)
and the player who moved is told the truth."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import simcord

from bot import TavernBot
from storage import Repository
from tests.bot.secret_game import SecretNumbers, secret_game_registered
from tests.e2e.helpers import (
    Room,
    description_of,
    dm_history,
    last_dm,
    make_room,
    note_of,
    open_game,
    text_of,
)
from tests.e2e.test_ai_players import bot_with_delay

STATUSES = (500, 429, 403)
PEEK = '{"kind": "peek"}'
"""Typed as JSON: the test game has no text form of its own."""
REPOSTED = "Your move was made. The board could not be updated in place, so I posted it again."
FAILED = "Your move was made, but the board could not be updated. Use /status to show it again."
MADE = "your move was made, but Discord did not take my answer to your click."
DM_CLOSED = (
    "I cannot send you direct messages. Press Private on the board (or use /hand) to see your private view."
)
DM_FAILED = (
    "I could not send you a direct message just now. Press Private on the board (or use /hand) "
    "to see your private view."
)


@pytest.fixture
def secret_game() -> Iterator[SecretNumbers]:
    with secret_game_registered() as game:
        yield game


@pytest.fixture
def simcord_bot(tmp_path: Path, repository: Repository) -> TavernBot:
    return bot_with_delay(tmp_path, repository, 0)  # computer turns at once


async def start(room: Room, key: str, *, computer: bool = False) -> int:
    """Alice against bob (or a computer), alice to move; the board posted by /status."""
    alice, bob = room.players
    repo = room.repository
    lobby = await repo.create_lobby(
        key, guild_id=room.channel.guild.id, channel_id=room.channel.id,
        host_id=alice.id, host_name="alice", options={},
    )  # fmt: skip
    if computer:
        await repo.add_ai(lobby.id, "random", "computer")
    else:
        await repo.join(lobby.id, bob.id, "bob")
    await repo.start(lobby.id, seed=3)
    await alice.slash(room.channel, "status")
    return lobby.id


def fail(env: simcord.Env, method: str, path: str, status: int, *, times: int | None = 1) -> None:
    env.inject_error(method, path, status=status, code=50013 if status == 403 else 0, times=times)


def told(result: simcord.InteractionResult) -> list[str]:
    """What the interaction's follow-ups told its player: all but a turn ping, which follows the
    interaction in the channel (``bot.tokens``)."""
    return [f.content for f in result.followups if "your turn" not in f.content]


def pings_for(room: Room, member: simcord.MemberActor) -> list[str]:
    return [
        m.content for m in room.channel.history() if "your turn" in m.content and member.mention in m.content
    ]


@pytest.mark.parametrize("status", STATUSES)
async def test_a_failed_board_edit_reposts_the_board_and_the_game_moves_on(
    simcord_env: simcord.Env, repository: Repository, secret_game: SecretNumbers, status: int
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    game_id = await start(room, secret_game.key)
    old_board = (await repository.get(game_id)).message_id
    fail(simcord_env, "PATCH", f"/channels/{room.channel.id}/messages/{old_board}", status)

    moved = await alice.slash(room.channel, "move", action=PEEK)  # a typed move: the board is edited

    assert moved.response is not None and moved.response.content == "Done: peek."
    assert told(moved) == [REPOSTED]
    record = await repository.get(game_id)
    assert record.version == 1 and record.message_id != old_board  # the new message is the board
    board = room.message(record.message_id)
    assert f"Turn: {bob.mention}" in description_of(board)
    assert pings_for(room, bob)  # the next player is pinged
    assert '"mine":4' in description_of(dm_history(alice)[-1])  # the private view went out
    again = await bob.click(board, label="peek")  # the reposted board plays on
    assert again.acknowledged and not again.ephemeral


@pytest.mark.parametrize("status", STATUSES)
async def test_a_failed_click_response_reposts_the_board_and_tells_the_truth(
    simcord_env: simcord.Env, repository: Repository, secret_game: SecretNumbers, status: int
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    game_id = await start(room, secret_game.key)
    board = room.message((await repository.get(game_id)).message_id)
    fail(simcord_env, "POST", "/interactions/*/callback", status)

    clicked = await alice.click(board, label="peek")

    assert clicked.ephemeral and clicked.response is not None
    assert clicked.response.content == REPOSTED
    record = await repository.get(game_id)
    assert record.version == 1 and record.message_id != board.id
    assert pings_for(room, bob)
    assert '"mine":4' in description_of(dm_history(alice)[-1])


@pytest.mark.parametrize("status", STATUSES)
async def test_a_failed_dm_after_a_move_is_told_and_the_game_moves_on(
    simcord_env: simcord.Env, repository: Repository, secret_game: SecretNumbers, status: int
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    game_id = await start(room, secret_game.key)
    board = room.message((await repository.get(game_id)).message_id)
    fail(simcord_env, "POST", f"/channels/{alice.user.dm_channel.id}/messages", status)

    clicked = await alice.click(board, label="peek")

    assert clicked.acknowledged and not clicked.ephemeral  # the board, in the response
    (notice,) = [f for f in clicked.followups if f.ephemeral]
    assert note_of(notice) == (DM_CLOSED if status == 403 else DM_FAILED)
    assert '"mine":4' in description_of(notice)  # what the DM would have held
    assert (await repository.get(game_id)).version == 1
    assert pings_for(room, bob)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("PATCH", "/channels/{channel}/messages/{board}"),
        ("POST", "/interactions/*/callback"),
        ("POST", "/channels/{dm}/messages"),
    ],
)
@pytest.mark.parametrize("status", STATUSES)
async def test_a_computer_seat_moves_whatever_discord_answered(
    simcord_env: simcord.Env,
    repository: Repository,
    secret_game: SecretNumbers,
    method: str,
    path: str,
    status: int,
) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]
    game_id = await start(room, secret_game.key, computer=True)
    record = await repository.get(game_id)
    where = path.format(channel=room.channel.id, board=record.message_id, dm=alice.user.dm_channel.id)
    fail(simcord_env, method, where, status)

    await alice.click(room.message(record.message_id), label="peek")
    await simcord_env.settle()

    moves = await repository.moves(game_id)
    assert [m.seat for m in moves] == [0, 1]  # the computer has answered


async def test_when_the_board_cannot_be_posted_again_the_player_is_sent_to_status(
    simcord_env: simcord.Env, repository: Repository, secret_game: SecretNumbers
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    game_id = await start(room, secret_game.key)
    board = (await repository.get(game_id)).message_id
    fail(simcord_env, "PATCH", f"/channels/{room.channel.id}/messages/{board}", 500)
    fail(simcord_env, "POST", f"/channels/{room.channel.id}/messages", 500)  # the repost

    moved = await alice.slash(room.channel, "move", action=PEEK)

    assert told(moved) == [FAILED]
    assert (await repository.get(game_id)).version == 1
    assert pings_for(room, bob)  # the ping, posted after, went out
    shown = await bob.slash(room.channel, "status")
    assert shown.response is not None and f"Turn: {bob.mention}" in description_of(shown.response)


@pytest.mark.parametrize("status", STATUSES)
async def test_a_click_in_a_dm_whose_response_fails_still_places_and_sends_the_map(
    simcord_env: simcord.Env, repository: Repository, status: int
) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]
    record = await open_game(room, game="raid")
    fail(simcord_env, "POST", "/interactions/*/callback", status)  # the DM cannot be redrawn

    clicked = await alice.user.click(last_dm(alice), label="Random")

    assert "Nothing was changed" not in str(clicked.response and clicked.response.content)
    record = await repository.get(record.id)
    assert record.version == 1 and record.state.maps[0] is not None
    board = room.message(record.message_id)
    assert f"✅ {alice.mention} has placed" in text_of(board)
    assert "Your hazard map" in description_of(last_dm(alice))  # sent instead


@pytest.mark.parametrize("status", STATUSES)
async def test_a_failed_board_edit_after_a_raid_placement_reposts_the_board_and_play_begins(
    simcord_env: simcord.Env, repository: Repository, status: int
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room, game="raid")
    placed = await alice.user.click(last_dm(alice), label="Random")
    assert placed.acknowledged
    old_board = (await repository.get(record.id)).message_id
    fail(simcord_env, "PATCH", f"/channels/{room.channel.id}/messages/{old_board}", status)
    # The board's edit through the token of the Start click, whose answer the board is, fails too.
    fail(simcord_env, "PATCH", "/webhooks/*/messages/@original", status)

    second = await bob.user.click(last_dm(bob), label="Random")  # the walk begins: the board changes

    assert "Nothing was changed" not in str(second.response and second.response.content)
    record = await repository.get(record.id)
    assert record.version == 2 and record.state.phase == "play"
    assert record.message_id != old_board  # posted again, and that message is the board now
    assert "Your hazard map" in description_of(last_dm(bob))  # his map went out
    first = alice if record.state.current == 0 else bob
    assert pings_for(room, first)  # the first scout to walk is pinged in the channel


@pytest.mark.parametrize("status", [500, 429])
async def test_a_click_discord_would_not_answer_is_told_in_the_channel(
    simcord_env: simcord.Env, repository: Repository, secret_game: SecretNumbers, status: int
) -> None:
    """Every answer to the click fails (Discord shows "interaction failed"): once Discord takes
    messages again, the player is told in the channel that his move was made."""
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    game_id = await start(room, secret_game.key)
    board = room.message((await repository.get(game_id)).message_id)
    fail(simcord_env, "POST", "/interactions/*/callback", status, times=None)

    await alice.click(board, label="peek")

    told = [m.content for m in room.channel.history() if alice.mention in m.content]
    assert told == [f"{alice.mention} {MADE}"]
    record = await repository.get(game_id)
    assert record.version == 1 and record.message_id != board.id  # the board was posted again
    assert pings_for(room, bob)  # and the game moves on
