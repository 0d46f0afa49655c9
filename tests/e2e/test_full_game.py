"""Whole Pickomino games through the real bot: by buttons only, and by /move with autocomplete."""

from __future__ import annotations

import json
import random

import simcord

import engine
from bot.games.pickomino.words import dice_text, face_name
from engine.games.pickomino.data import FACES
from storage import GameStatus, Repository
from tests.e2e.helpers import (
    channel_pings,
    click_move,
    description_of,
    field_names,
    field_of,
    labels,
    make_room,
    open_game,
    play_by_buttons,
    sent_pings,
    text_of,
)


async def test_a_two_player_game_by_buttons_only(simcord_env: simcord.Env, repository: Repository) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room)
    assert record.status is GameStatus.ACTIVE
    board = room.message(record.message_id)
    assert labels(board) == {"Roll": True, "Private": True}
    assert alice.mention in description_of(board)
    ping = room.channel.last_message
    assert ping is not None and ping.content.startswith(f"{alice.mention}, your turn")

    requests_before = len(simcord_env.http_requests)
    made = await play_by_buttons(room, record.id, random.Random(7))
    requests = len(simcord_env.http_requests) - requests_before

    finished = await repository.get(record.id)
    assert finished.status is GameStatus.FINISHED and finished.result is not None
    assert made == len(await repository.moves(record.id))
    final = room.message(record.message_id)
    assert final.id == board.id  # one board, edited in place
    assert labels(final) == {}
    assert description_of(final) == "Game over. The grill is empty."
    ranking = field_of(final, "Final ranking")
    winner = finished.result.ranks.index(1)
    assert ranking.splitlines()[0].startswith(f"🥇 <@{finished.seats[winner].user_id}>")
    won = 0
    for member in (alice, bob):
        stats = await repository.user_stats(member.id)
        assert stats.played == 1
        won += stats.won
    assert won >= 1
    pings = sent_pings(simcord_env)
    assert len(pings) == finished.state.turn + 1  # once per turn, not once per move
    assert channel_pings(room) == []  # each deleted once answered: the channel keeps the board
    assert made > 2 * len(pings)
    assert requests / made <= 3, f"{requests} REST calls for {made} moves"


async def test_a_two_player_game_by_move_with_autocomplete(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    chooser = random.Random(11)
    game = engine.get_game("pickomino")
    made = requests = 0
    while (record := await repository.get(record.id)).status is GameStatus.ACTIVE:
        seat = game.to_act(record.state)[0]
        member = room.member(record.seats[seat].user_id)
        offered = await member.autocomplete(room.channel, "move", "action", "")
        legal = [game.dump_action(a) for a in game.legal_actions(record.state, seat)]
        assert [json.loads(c["value"]) for c in offered] == legal
        choice = chooser.choice(offered)
        before = len(simcord_env.http_requests)
        result = await member.slash(room.channel, "move", action=choice["value"])
        requests += len(simcord_env.http_requests) - before
        assert result.ephemeral and result.response is not None
        assert result.response.content == f"Done: {choice['name']}."
        made += 1
    assert record.status is GameStatus.FINISHED and record.result is not None
    assert made == len(await repository.moves(record.id))
    final = room.message(record.message_id)
    assert labels(final) == {} and description_of(final) == "Game over. The grill is empty."
    assert requests / made <= 3, f"{requests} REST calls for {made} moves"  # reply, board edit, pings


async def test_move_accepts_typed_text_and_explains_a_bad_one(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    alice = room.players[0]

    bad = await alice.slash(room.channel, "move", action="keep 5")
    assert bad.ephemeral and bad.response is not None
    assert bad.response.content == "Roll first."
    assert await repository.moves(record.id) == []

    rolled = await alice.slash(room.channel, "move", action="roll")
    assert rolled.response is not None and rolled.response.content == "Done: Roll."
    assert len(await repository.moves(record.id)) == 1
    board = room.message(record.message_id)
    record = await repository.get(record.id)
    faces = [face for n, face in enumerate(FACES) if record.state.roll[n]]
    # the roll is a heading over its faces, each a thing beside its Keep button
    assert "Roll" in field_names(board) and field_of(board, "Roll") == ""
    assert all(dice_text([face] * record.state.roll[FACES.index(face)]) in text_of(board) for face in faces)
    assert [label for label in labels(board) if label.startswith("Keep")] == [
        f"Keep {face_name('en', face)}" for face in faces
    ]


async def test_a_turn_ping_stays_until_its_player_has_moved_then_goes(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room)
    assert channel_pings(room) == [f"{alice.mention}, your turn in Pickomino #{record.id}."]

    game = engine.get_game("pickomino")
    await click_move(room, record, {"kind": "roll"})  # alice is still to act: her ping stays
    record = await repository.get(record.id)
    assert game.to_act(record.state) == (0,) and len(channel_pings(room)) == 1
    while game.to_act(record.state) == (0,):  # she plays her turn to its end
        await click_move(room, record, game.dump_action(game.legal_actions(record.state, 0)[0]))
        record = await repository.get(record.id)
    assert channel_pings(room) == [f"{bob.mention}, your turn in Pickomino #{record.id}."]
    assert len(sent_pings(simcord_env)) == 2
