"""Only the seat to act may move; stale and double clicks are refused and never applied twice."""

from __future__ import annotations

import asyncio
import logging

import pytest
import simcord

import engine
from storage import Repository, StaleVersion
from tests.e2e.helpers import answers, click_move, emit_slash, last_dm, make_room, move_custom_id, open_game
from tests.e2e.raid_helpers import ALICE_MAP

ROLL = {"kind": "roll"}


async def test_wrong_user_and_outsider_are_refused(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository, names=("alice", "bob", "carol"))
    alice, bob, carol = room.players
    room.players = [alice, bob]
    record = await open_game(room)
    board = room.message(record.message_id)

    not_turn = await bob.click(board, label="Roll")
    outsider = await carol.click(board, label="Roll")

    assert not_turn.ephemeral and not_turn.response is not None
    assert not_turn.response.content == "It is not your turn."
    assert outsider.ephemeral and outsider.response is not None
    assert outsider.response.content == "You are not in this game."
    assert await repository.moves(record.id) == []
    assert (await repository.get(record.id)).version == record.version


async def test_a_click_on_an_older_board_is_refused(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]
    record = await open_game(room)
    old_board = room.message(record.message_id)

    status = await alice.slash(room.channel, "status")  # the board moves to a new message
    assert status.response is not None and not status.ephemeral
    record = await repository.get(record.id)
    assert record.message_id == status.response.id != old_board.id

    stale = await alice.click(old_board, label="Roll")  # same version, but not the board any more
    assert stale.ephemeral and stale.response is not None
    assert stale.response.content == "That move is no longer current: use the latest board."
    assert await repository.moves(record.id) == []

    rolled = await alice.click(room.message(record.message_id), label="Roll")
    assert not rolled.ephemeral
    assert len(await repository.moves(record.id)) == 1


async def test_a_click_made_against_an_older_version_is_not_applied_twice(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    """The double click: another interaction applied the same move first (here: through the
    repository, as a second bot process would); the click on the board as it was is refused."""
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    seat = engine.get_game(record.key).to_act(record.state)[0]
    await repository.apply(record.id, expected_version=record.version, seat=seat, action=ROLL)

    second = await click_move(room, record, ROLL)  # the board still shows version 0's Roll

    assert second.ephemeral and second.response is not None
    assert second.response.content == "That move is no longer current: use the latest board."
    assert len(await repository.moves(record.id)) == 1


async def test_two_concurrent_applies_of_one_click_store_one_move(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    seat = engine.get_game(record.key).to_act(record.state)[0]

    outcomes = await asyncio.gather(
        repository.apply(record.id, expected_version=record.version, seat=seat, action=ROLL),
        repository.apply(record.id, expected_version=record.version, seat=seat, action=ROLL),
        return_exceptions=True,
    )

    assert sum(isinstance(o, StaleVersion) for o in outcomes) == 1
    assert len(await repository.moves(record.id)) == 1
    refused = await click_move(room, record, ROLL)
    assert refused.response is not None and refused.response.content.startswith(
        "That move is no longer current"
    )


async def test_an_unexpected_error_is_logged_with_the_game_and_changes_nothing(
    simcord_env: simcord.Env,
    repository: Repository,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(repository, "apply", broken)
    with caplog.at_level(logging.ERROR, logger="tavern.bot"):
        result = await click_move(room, record, ROLL)

    assert result.ephemeral and result.response is not None
    assert result.response.content == "Sorry, something went wrong. Nothing was changed; please try again."
    assert any(f"game {record.id}" in r.getMessage() and r.exc_info for r in caplog.records)
    monkeypatch.undo()
    assert await repository.moves(record.id) == []
    assert move_custom_id(record, ROLL) in str(room.message(record.message_id).components)


async def test_a_click_on_an_older_lobby_message_is_refused(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    first = (await alice.slash(room.channel, "play", game="pickomino")).response
    assert first is not None
    reposted = await alice.slash(room.channel, "status")
    assert reposted.response is not None
    record = await room.record()
    assert record.message_id == reposted.response.id

    refused = await bob.click(first, label="Join")

    assert refused.ephemeral and refused.response is not None
    link = f"https://discord.com/channels/{room.channel.guild.id}/{room.channel.id}/{reposted.response.id}"
    assert refused.response.content == f"This message is out of date; use the latest one: {link}"
    assert len((await room.record()).seats) == 1
    await bob.click(reposted.response, label="Join")
    assert len((await room.record()).seats) == 2


async def test_a_finished_game_refuses_moves(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room)
    old_board = room.message(record.message_id)
    await alice.slash(room.channel, "status")
    await bob.slash(room.channel, "resign")  # the game ends

    refused = await alice.click(old_board, label="Roll")

    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == "This game is over."
    assert [m.action for m in await repository.moves(record.id)] == [{"kind": "resign"}]


async def test_a_forged_play_of_an_unknown_game_is_refused_in_words(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    """``/play`` offers its games as choices, but Discord does not check them: a forged
    interaction may name any game."""
    room = make_room(simcord_env, repository)
    since = len(simcord_env.http_requests)

    emit_slash(simcord_env, room.players[0].id, room.channel, "play", game="nosuchgame")
    await simcord_env.settle()

    assert answers(simcord_env, since) == ["There is no game called “nosuchgame”."]
    assert await repository.by_channel(room.channel.id) is None  # nothing opened


async def test_a_placement_form_with_a_huge_number_is_refused_in_words(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]
    record = await open_game(room, game="raid")
    shown = await alice.user.click(last_dm(alice), label="Place")

    huge = "9" * 199  # the input's whole 200 characters but one
    refused = await alice.user.submit_modal(shown, dict(ALICE_MAP, terrorists=f"={huge}"))

    assert refused.ephemeral and refused.response is not None
    text = refused.response.content
    assert "nothing was stored" in text and "went wrong" not in text
    assert len(text) < 2000
    assert (await repository.get(record.id)).version == record.version
