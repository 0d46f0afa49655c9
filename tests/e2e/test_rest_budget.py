"""Every game keeps to Discord's global limit: at most one REST call a move that counts against
it (the 50 a second a bot may make in all, besides interaction responses and the calls made with
an interaction's token), whether the moves are clicked on the board, clicked in a DM, picked in a
menu or typed with ``/move``, with every seat a person or against a computer seat. A computer
table playing by itself posts and deletes nothing in its channel after the start, so Discord's
per-channel limits (5 messages in 5 s, 5 deletions a second) are never reached by it.

The calls are read from SimCord's log of the bot's REST calls, and judged as Discord judges
them: a call to an interaction's callback, or to ``/webhooks/<application>/<token>`` with a
token of an interaction, is not counted."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
import simcord

import engine
from bot import TavernBot
from bot.buttons import encode_action
from bot.policies import ai_choices
from engine.ai import get_policy
from engine.ai.policy import decide_at
from engine.core import dump_json
from storage import GameStatus, Repository
from tests.e2e.conftest import make_bot
from tests.e2e.helpers import components_of, dm_history, make_room, seat_computers

BUDGET = 1.0
"""Counted calls a move, on average over a game's moves."""
MOVES = 30
"""Moves played at each table (or fewer, if its game ends)."""
_CALLBACK = re.compile(r"^/interactions/[0-9]+/[^/]+/callback$")
_WEBHOOK = re.compile(r"^/webhooks/[0-9]+/([^/]+)")


@pytest.fixture
def simcord_bot(tmp_path: Path, repository: Repository) -> TavernBot:
    return make_bot(tmp_path, repository, ai_delay_seconds=0)  # a computer answers at once


def counted(env: simcord.Env, since: int) -> list[str]:
    """The bot's REST calls after the ``since``-th that count against the global limit."""
    found = []
    for entry in env.backend.http_requests[since:]:
        path = str(entry.path)
        token = _WEBHOOK.match(path)
        if _CALLBACK.match(path) or (token and token[1] in env.backend.interaction_tokens):
            continue
        found.append(f"{entry.method} {path}")
    return found


def buttons_for(messages: list[Any], game_id: int, legal: set[str]) -> list[tuple[Any, str]]:
    """The buttons among ``messages`` that play one of the ``legal`` moves, with their message."""
    found = []
    for message in messages:
        for item in components_of(message):  # in a row, or beside a thing in a section
            custom_id = str(getattr(item, "custom_id", "") or "")
            if custom_id.startswith(f"tv:m:{game_id}:") and custom_id.split(":", 4)[4] in legal:
                found.append((message, custom_id))
    return found


async def one_move(room: Any, record: Any, seat: int, chooser: random.Random, typed: bool) -> None:
    """The person in ``seat`` makes a random legal move: a button he sees for it on the board or
    in his last DM, else (or when ``typed``) ``/move`` with the move written out."""
    position = record.position
    member = room.member(record.seats[seat].user_id)
    legal = {encode_action(a) for a in position.legal_data(seat)}
    places = [room.message(record.message_id)]
    if dm_history(member):
        places.append(dm_history(member)[-1])
    seen = [] if typed else buttons_for(places, record.id, legal)
    if seen:
        message, custom_id = seen[chooser.randrange(len(seen))]
        if message.guild is None:
            result = await member.user.click(message, custom_id=custom_id)
        else:
            result = await member.click(message, custom_id=custom_id)
    else:
        policy = get_policy(record.key, "random")
        action = position.game.dump_action(decide_at(position, seat, policy, chooser.randrange(2**32)))
        result = await member.slash(room.channel, "move", action=dump_json(action))
    assert result.acknowledged, result


async def play(room: Any, game_id: int, chooser: random.Random, typed: bool) -> int:
    """Up to ``MOVES`` moves by the people the game waits for; the moves stored, the computer's
    included."""
    start = (await room.repository.get(game_id)).version
    for _ in range(MOVES):
        record = await room.repository.get(game_id)
        if record.status is not GameStatus.ACTIVE:
            break
        people = [s for s in record.position.to_act() if record.seats[s].user_id is not None]
        assert people, "the game waits for nobody"
        await one_move(room, record, people[0], chooser, typed)
    return (await room.repository.get(game_id)).version - start


@pytest.mark.simcord(settle_timeout=120.0)
@pytest.mark.parametrize("typed", [False, True], ids=["clicked", "typed"])
@pytest.mark.parametrize("computer", [False, True], ids=["people", "computer"])
@pytest.mark.parametrize("key", engine.game_keys())
async def test_a_move_makes_at_most_one_call_that_counts_against_the_global_limit(
    key: str, computer: bool, typed: bool, simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository, names=("alice",) if computer else ("alice", "bob"))
    alice = room.players[0]
    lobby = (await alice.slash(room.channel, "play", game=key)).response
    assert lobby is not None
    if computer:
        await alice.click(room.message(lobby.id), label=f"Add AI: {ai_choices(key)[0]}")
    else:
        await room.players[1].click(room.message(lobby.id), label="Join")
    await alice.click(room.message(lobby.id), label="Start")
    record = await room.record()
    assert record.status is GameStatus.ACTIVE
    since = len(simcord_env.backend.http_requests)

    moves = await play(room, record.id, random.Random(f"{key}-{computer}-{typed}"), typed)

    calls = counted(simcord_env, since)
    assert moves >= 5, f"only {moves} moves were played"
    assert len(calls) / moves <= BUDGET, f"{len(calls)} counted calls for {moves} moves: {calls}"


@pytest.mark.simcord(settle_timeout=180.0)
@pytest.mark.parametrize("key", engine.game_keys())
async def test_a_table_of_computers_posts_and_deletes_nothing_in_its_channel(
    key: str, simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository, names=("host",))
    record, lobby = await seat_computers(room, key)
    since = len(simcord_env.backend.http_requests)

    await room.players[0].click(room.message(lobby), label="Start")  # settles once the game is over

    finished = await repository.get(record.id)
    assert finished.status is GameStatus.FINISHED and finished.version > 10
    channel = f"/channels/{room.channel.id}/messages"
    made = [c for c in counted(simcord_env, since) if c.split(" ", 1)[1].startswith(channel)]
    assert made == []  # no post, no deletion; the board edited through the Start click's token
