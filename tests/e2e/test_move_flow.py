"""The one move path through the real bot: per-seat acting (simultaneous clicks of two seats
both apply, a double click of one seat does not), decision buttons in DMs, one ping per
started turn and always in the channel, timeouts that take a decision's default, and results
of a co-operative game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import simcord

import engine
from storage import GameStatus, Repository
from tests.bot.secret_game import DUET, TOGETHER, SecretNumbers, secret_game_registered
from tests.e2e.helpers import (
    answers,
    custom_id_of,
    description_of,
    dm_history,
    emit_click,
    field_names,
    field_of,
    labels,
    last_dm,
    let_time_pass,
    make_room,
    move_custom_id,
    open_game,
    sent_pings,
    start_secret,
    text_of,
)
from tests.e2e.raid_helpers import BOB_MAP, place_text
from tests.e2e.test_living import MINUTE, configure, make_server

PICKOMINO = engine.get_game("pickomino")


@pytest.fixture
def secret_game() -> Iterator[SecretNumbers]:
    with secret_game_registered() as game:
        yield game


# -- per-seat acting ----------------------------------------------------------------------------
async def test_both_raid_players_press_random_at_the_same_time_and_both_apply(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    """Both clicks are in flight together, both drawn at version 0: the second to be stored
    finds the game moved on, but its seat has not moved and may still place, so it applies."""
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room, game="raid")
    for member in (alice, bob):
        dm = last_dm(member)
        emit_click(simcord_env, member.id, dm, custom_id_of(dm, "Random"))
    await simcord_env.settle()

    record = await repository.get(record.id)
    assert record.version == 2 and record.state.phase == "play"
    assert {m.seat for m in await repository.moves(record.id)} == {0, 1}
    board = room.message(record.message_id)
    assert f"Turn: {alice.mention}" in description_of(board)


async def test_a_double_click_by_the_same_seat_is_refused_the_second_time(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]
    record = await open_game(room)
    board = room.message(record.message_id)
    roll = custom_id_of(board, "Roll")
    since = len(simcord_env.http_requests)
    emit_click(simcord_env, alice.id, board, roll)
    emit_click(simcord_env, alice.id, board, roll)  # the same button, twice at once
    await simcord_env.settle()
    assert len(await repository.moves(record.id)) == 1
    assert "That move is no longer current: use the latest board." in answers(simcord_env, since)


async def test_an_older_button_still_acts_for_a_seat_that_has_not_moved(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    """Bob's DM was drawn at version 0; alice has placed since (version 1). Bob has not moved,
    so his Random still places; pressed twice at once, the second is refused (his seat has
    moved since the version the button was drawn at)."""
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room, game="raid")
    bobs_dm = last_dm(bob)
    await alice.user.click(last_dm(alice), label="Random")
    assert (await repository.get(record.id)).version == 1

    since = len(simcord_env.http_requests)
    random = custom_id_of(bobs_dm, "Random")
    emit_click(simcord_env, bob.id, bobs_dm, random)
    emit_click(simcord_env, bob.id, bobs_dm, random)
    await simcord_env.settle()
    record = await repository.get(record.id)
    assert record.version == 2 and record.state.maps[1] is not None
    assert [m.seat for m in await repository.moves(record.id)] == [0, 1]
    assert "That move is no longer current: use the latest board." in answers(simcord_env, since)


async def test_a_click_of_a_seat_not_to_act_is_told_it_is_not_his_turn(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    bob = room.players[1]
    record = await open_game(room)
    refused = await bob.click(room.message(record.message_id), label="Roll")
    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == "It is not your turn."
    assert await repository.moves(record.id) == []


async def test_the_board_offers_every_seats_choice_and_a_click_acts_for_the_clicker(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    """A public decision of two seats with different choices: the board offers both (each once);
    a click acts for the clicker's seat when the choice is his, else he is told it is not."""
    with secret_game_registered(DUET):
        room = make_room(simcord_env, repository)
        alice, bob = room.players
        game_id = await start_secret(room, DUET.key)
        board = room.message((await repository.get(game_id)).message_id)
        assert labels(board) == {"peek": True, "poke": True, "Private": True}

        wrong = await alice.click(board, label="poke")  # bob's choice
        assert wrong.ephemeral and wrong.response is not None
        assert wrong.response.content == "That choice is not yours to make."
        assert await repository.moves(game_id) == []

        await alice.click(board, label="peek")
        board = room.message(board.id)
        assert labels(board) == {"poke": True, "Private": True}  # only bob's choice is left
        await bob.click(board, label="poke")
        assert [(m.seat, m.action) for m in await repository.moves(game_id)] == [
            (0, {"kind": "peek"}),
            (1, {"kind": "poke"}),
        ]


# -- decisions by DM ----------------------------------------------------------------------------
async def test_a_dm_carries_the_decision_buttons_and_a_click_there_edits_the_board(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room, game="raid")
    board = room.message(record.message_id)
    assert labels(board) == {"Private": True}  # a secret decision: no buttons in public
    invitation = last_dm(alice)
    assert labels(invitation) == {"Place": True, "Random": True}
    assert f"tv:m:{record.id}:0:place_random" == custom_id_of(invitation, "Random")

    before = len(simcord_env.http_requests)
    clicked = await alice.user.click(invitation, label="Random")
    calls = len(simcord_env.http_requests) - before
    assert clicked.acknowledged and not clicked.ephemeral
    record = await repository.get(record.id)
    assert record.version == 1 and record.state.maps[0] is not None
    board = room.message(record.message_id)
    assert f"✅ {alice.mention} has placed" in text_of(board)  # the channel's board
    redrawn = next(m for m in dm_history(alice) if m.id == invitation.id)
    assert labels(redrawn) == {} and "Your hazard map" in description_of(redrawn)
    assert len(dm_history(alice)) == 1  # redrawn in place, not sent again
    assert len(dm_history(bob)) == 1  # bob's decision is the same one: nothing new for him
    assert calls <= 3, calls  # the response (his DM redrawn), the board edit, nothing else

    private = await bob.click(board, label="Private")  # Private shows the same, ephemerally
    assert private.ephemeral and private.response is not None
    assert labels(private.response) == {"Place": True, "Random": True}


# -- pings --------------------------------------------------------------------------------------
async def test_one_ping_per_started_turn_and_none_for_moves_within_a_turn(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    assert len(sent_pings(simcord_env)) == 1  # the start: alice
    turns = 1
    for _ in range(40):
        record = await repository.get(record.id)
        if record.status is not GameStatus.ACTIVE:
            break
        seat = PICKOMINO.to_act(record.state)[0]
        action = PICKOMINO.dump_action(PICKOMINO.legal_actions(record.state, seat)[-1])
        member = room.member(record.seats[seat].user_id)
        before = len(sent_pings(simcord_env))
        await member.click(room.message(record.message_id), custom_id=move_custom_id(record, action))
        after = await repository.get(record.id)
        new_turn = after.status is GameStatus.ACTIVE and PICKOMINO.to_act(after.state)[0] != seat
        turns += new_turn
        assert len(sent_pings(simcord_env)) == before + new_turn
    assert turns > 2 and len(sent_pings(simcord_env)) == turns


async def test_a_ping_for_a_placement_made_in_a_dm_goes_to_the_channel(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    await open_game(room, game="raid")
    await alice.user.click(last_dm(alice), label="Random")
    placed = await bob.user.slash("place", placement=place_text(BOB_MAP))  # the last placement
    assert placed.response is not None
    assert not [f for f in placed.followups if "your turn" in (f.content or "")]
    assert not [m for m in dm_history(bob) + dm_history(alice) if "your turn" in m.content]
    pings = [m for m in room.channel.history() if "your turn" in m.content]
    assert alice.mention in pings[-1].content and bob.mention not in pings[-1].content


# -- timeouts -----------------------------------------------------------------------------------
async def test_a_timeout_takes_the_decisions_default(
    simcord_env: simcord.Env, repository: Repository, secret_game: SecretNumbers
) -> None:
    server = make_server(simcord_env, repository)
    await configure(server, turn_limit=10, reminder=3)
    game_id = await start_secret(server.room, secret_game.key)
    await let_time_pass(simcord_env, repository, 11 * MINUTE)
    (move,) = await repository.moves(game_id)
    assert (move.seat, move.action) == (0, {"kind": "peek"})  # the default, not a computer's pick
    assert (await repository.get(game_id)).version == 1


# -- results ------------------------------------------------------------------------------------
async def test_a_cooperative_game_ends_won_together_and_counts_for_every_seat(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    with secret_game_registered(TOGETHER):
        room = make_room(simcord_env, repository)
        alice, bob = room.players
        game_id = await start_secret(room, TOGETHER.key)
        for turn in range(4):
            member = (alice, bob)[turn % 2]
            record = await repository.get(game_id)
            await member.click(room.message(record.message_id), label="peek")
        record = await repository.get(game_id)
        assert record.status is GameStatus.FINISHED and record.result is not None
        assert record.result.team == "won"  # 3 + 3 + 2 + 2 is even
        board = room.message(record.message_id)
        # The table won together against the game at its normal rating: the library moves two new
        # players' conservative ratings from 0 to 2.4 each (PlackettLuce, a team of two against two).
        assert description_of(board) == (
            "Game over. Everyone won together! The game ended (even)."
            f" Ratings: <@{alice.id}> rating 2.4 (+2.4), <@{bob.id}> rating 2.4 (+2.4)."
        )
        for member in (alice, bob):
            stats = await member.slash(room.channel, "stats")
            assert stats.response is not None
            fields = {name: field_of(stats.response, name) for name in field_names(stats.response)}
            assert fields == {
                "Secret Together": "Played 1 game, won together 1\nRating 2.4 (+2.4 over the last game)"
            }
            assert (await repository.user_stats(member.id)).won == 1
        rows = await repository.leaderboard(TOGETHER.key, guild_id=room.channel.guild.id)
        assert [(row.user_id, row.won, row.played) for row in rows] == [(alice.id, 1, 1), (bob.id, 1, 1)]
