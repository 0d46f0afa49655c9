"""A whole Raid game between two members through the real bot: secret placement by the Place
form and by /place in a DM, moves by /move, a fight by zone buttons, a first-aid kit, the end
by collecting every artifact — and nothing secret in the channel before the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import simcord

from bot.games.raid.pictures import render_board, render_map
from bot.games.raid.render import board_words, own_map_words
from storage import GameStatus, Repository
from tests.e2e.conftest import make_bot
from tests.e2e.helpers import (
    Room,
    click_in_dm,
    description_of,
    dm_history,
    labels,
    last_dm,
    make_room,
    note_of,
    open_game,
    pictures_of,
    text_of,
)
from tests.e2e.raid_helpers import (
    ALICE_MAP,
    BOB_MAP,
    RAID,
    SECRET_ONLY,
    assert_no_secret_in_channel,
    channel_versions,
    mentioned,
    place_text,
    public_pictures,
)

NAMES = ("alice", "bob")


def dm_messages(room: Room, member: simcord.MemberActor) -> list[Any]:
    """The DMs the bot sent (answers to what the player did there are not among them)."""
    return dm_history(member)


def dm_pictures(room: Room, member: simcord.MemberActor) -> list[bytes]:
    blobs = []
    for message in dm_messages(room, member):
        for attachment in message.attachments:
            blob = room.env.backend.cdn.get(attachment.url)
            assert blob is not None
            blobs.append(blob)
    return blobs


async def move(room: Room, member: simcord.MemberActor, path: str) -> tuple[simcord.InteractionResult, int]:
    """``/move`` a path; returns the result and the REST calls the bot made for it."""
    before = len(room.env.http_requests)
    result = await member.slash(room.channel, "move", action=path)
    return result, len(room.env.http_requests) - before


async def test_a_whole_raid_through_the_bot_leaks_nothing_before_the_end(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room, game="raid")
    assert record.status is GameStatus.ACTIVE and record.state.phase == "placement"
    board = room.message(record.message_id)
    assert labels(board) == {"Private": True}  # placement is secret: its buttons come by DM
    # the board's picture is its attachment (which SimCord, as Discord, serves from its CDN)
    attached = [a.url for a in board.attachments if a.filename == "raid-board.png"]
    assert attached and pictures_of(board)[:1] == attached
    for member in (alice, bob):
        assert labels(last_dm(member)) == {"Place": True, "Random": True}

    # -- alice places by the form: first with mistakes, every one listed, nothing stored --------
    shown = await alice.user.click(last_dm(alice), label="Place")
    assert shown.modal is not None and shown.modal["custom_id"] == f"tv:f:{record.id}:place"
    wrong = dict(ALICE_MAP, pits="J5 J6 J7 J8 A2", terrorists="G3=1 H2=2 I3=3 D1=4", kit="A1")
    rejected = await alice.user.submit_modal(shown, wrong)
    assert rejected.ephemeral and rejected.response is not None
    text = rejected.response.content
    assert "nothing was stored" in text
    assert "pits: 5 placed, 4 required." in text
    assert "terrorists: D1 is not a building" in text
    assert "first-aid kit: nothing may be placed on the entry cell A1." in text
    assert (await room.record()).version == record.version

    shown = await alice.user.click(last_dm(alice), label="Place")
    accepted = await alice.user.submit_modal(shown, ALICE_MAP)
    assert accepted.ephemeral and accepted.response is not None
    assert accepted.response.content.startswith("Your placement is stored.")
    record = await room.record()
    assert record.version == 1 and record.state.maps[0] is not None and record.state.maps[1] is None
    # the confirmation: a DM with a picture of her own map, her objects on it
    own = render_map(RAID.view(record.state, 0), 1, own_map_words("en", NAMES, 1))
    assert dm_pictures(room, alice) == [own]
    first, confirmation = dm_messages(room, alice)  # at the start: how to place; then her map
    assert "You have not placed your objects yet" in text_of(first)
    assert "C1 H9 H10 I10" in text_of(confirmation)
    board = room.message(board.id)
    assert f"{alice.mention} has placed." in text_of(board)

    # -- bob places by /place in a DM: two reasons named (E7), then a valid one -----------------
    bad = await bob.user.slash(
        "place", placement=place_text(dict(BOB_MAP, pits="J1 J2 J3 J4 J5", terrorists="A2=4 G2=1 H3=2 I6=3"))
    )
    assert bad.response is not None and bad.response.channel_id == bob.user.dm_channel.id
    assert "pits: 5 placed, 4 required." in bad.response.content
    assert "terrorists: A2 is not a building" in bad.response.content
    assert (await room.record()).version == 1
    unreadable = await bob.user.slash("place", placement="pits C3; traps: D4")
    assert unreadable.response is not None and "cannot read" in unreadable.response.content
    placed = await bob.user.slash("place", placement=place_text(BOB_MAP))
    assert placed.response is not None and placed.response.content.startswith("Your placement is stored.")
    record = await room.record()
    assert record.state.phase == "play" and record.version == 2
    assert dm_pictures(room, bob) == [
        render_map(RAID.view(record.state, 1), 0, own_map_words("en", NAMES, 0))
    ]
    again = await bob.user.slash("place", placement="random")
    assert again.response is not None
    assert again.response.content == "No Raid game is waiting for your placement."

    board = room.message(board.id)
    assert labels(board) == {"Private": True}  # moves are typed with /move
    assert f"Turn: {alice.mention}" in description_of(board)

    # -- play --------------------------------------------------------------------------------
    calls: list[int] = []
    offered = await alice.autocomplete(room.channel, "move", "action", "")
    assert offered[:2] == [
        {"name": "A10 (down 9 from A1)", "value": "A10"},
        {"name": "J1 (right 9 from A1)", "value": "J1"},
    ]
    assert len(offered) == 18  # the far ends first, then every nearer cell of row 1 and column A

    result, n = await move(room, alice, "A1 A3")  # bob's artifact on A3
    calls.append(n)
    assert result.ephemeral and result.response is not None and result.response.content == "Done: Move A1 A3."
    board = room.message(board.id)
    assert f"{alice.mention} collected an artifact on A3." in text_of(board)

    result, n = await move(room, bob, "right 3")  # alice's trap on C1 stops him
    calls.append(n)
    board = room.message(board.id)
    assert f"{bob.mention} stepped into a trap on C1: a wound, 1 wound in all." in text_of(board)

    result, n = await move(room, alice, "B3")  # a terrorist, weak spot 4
    calls.append(n)
    board = room.message(board.id)
    assert labels(board) == {f"Zone {z}": True for z in range(1, 7)} | {"Private": True}
    clicks: list[int] = []
    before = len(simcord_env.http_requests)
    missed = await alice.click(board, label="Zone 2")
    clicks.append(len(simcord_env.http_requests) - before)
    assert missed.acknowledged and not missed.ephemeral
    board = room.message(board.id)
    assert "Zone 2" not in labels(board) and "Zone 4" in labels(board)
    assert f"{alice.mention} named zone 2 on B3: missed: a wound, 1 wound in all." in text_of(board)
    wrong_player = await bob.click(board, label="Zone 4")
    assert wrong_player.ephemeral and wrong_player.response is not None
    assert wrong_player.response.content == "It is not your turn."
    before = len(simcord_env.http_requests)
    await alice.click(room.message(board.id), label="Zone 4")
    clicks.append(len(simcord_env.http_requests) - before)
    board = room.message(board.id)
    assert f"{alice.mention} named zone 4 on B3: the terrorist is dead." in text_of(board)

    result, n = await move(room, bob, "D1")  # alice's first-aid kit
    calls.append(n)
    board = room.message(board.id)
    assert labels(board) == {"Use the kit": True, "Leave it": True, "Private": True}
    before = len(simcord_env.http_requests)
    await bob.click(board, label="Use the kit")
    clicks.append(len(simcord_env.http_requests) - before)
    record = await room.record()
    assert record.state.scouts[1].wounds == 0 and record.state.current == 0

    # bad input: answered ephemerally with the precise problem, nothing stored
    version = record.version
    for path, answer in (
        ("A3 C5", "Leg 2 from A3 to C5 is diagonal: each leg follows one row or one column."),
        ("B11", "B11 is off the map: columns A–J, rows 1–10."),
        ("up 5", "Leg 1 (up 5 from B3) leaves the map."),
        ("hello", "I cannot read “hello” in the path: a waypoint is a cell like B6 or a step like `down 3`."),
    ):
        refused, _ = await move(room, alice, path)
        assert refused.ephemeral and refused.response is not None
        assert refused.response.content == answer, path
        suggested = await alice.autocomplete(room.channel, "move", "action", path)
        assert [c["name"] for c in suggested] == [answer], path
    assert (await room.record()).version == version

    suggested = await alice.autocomplete(room.channel, "move", "action", "A3 A5")
    assert suggested[0] == {"name": "A3 A5 — ends on A5", "value": "A3 A5"}
    assert {"A3 A5 A10", "A3 A5 J5"} <= {c["value"] for c in suggested}
    result, n = await move(room, alice, "A3 A5")  # the second artifact (A3 is empty now)
    calls.append(n)
    result, n = await move(room, bob, "down 2")
    calls.append(n)

    versions = channel_versions(simcord_env, room.channel.id)
    before_end = len(versions)
    result, n = await move(room, alice, "A7")  # the third: mission complete
    calls.append(n)

    # -- the end --------------------------------------------------------------------------------
    record = await repository.get(record.id)
    assert record.status is GameStatus.FINISHED and record.result is not None
    assert record.result.ranks == (1, 2)
    assert (await repository.user_stats(alice.id)).won == 1
    board = room.message(board.id)
    assert labels(board) == {}
    final = text_of(board)
    assert f"{alice.mention} collected every artifact and wins." in final
    assert mentioned(final, SECRET_ONLY[0] | SECRET_ONLY[1]) == SECRET_ONLY[0] | SECRET_ONLY[1]

    versions = channel_versions(simcord_env, room.channel.id)
    pictures = await public_pictures(repository, record)
    assert_no_secret_in_channel(versions, pictures, until=before_end)
    assert versions[-1].pictures == [pictures[-1]]  # the final picture: both maps revealed
    revealed = render_board(RAID.view(record.state, None), board_words("en", NAMES))
    assert revealed == pictures[-1] != pictures[-2]
    # the check can fail: the revealing board names secret cells
    try:
        assert_no_secret_in_channel(versions, pictures)
    except AssertionError:
        pass
    else:
        raise AssertionError("the final board should name the revealed hazards")
    # per /move: the reply, the board edit (picture included), the turn ping, the deletion of
    # the ping it answers; no DM to the owner of the map when the scout met something on it
    # (the board tells every encounter)
    assert max(calls) <= 4, calls
    # per button: the response that edits the board, the ping when the turn passes and the
    # deletion of the one it answers, the DM
    assert max(clicks) <= 4, clicks
    print(f"REST calls per raid button click: {clicks}")
    print(f"REST calls per raid /move: {calls}, mean {sum(calls) / len(calls):.2f}")


async def test_placement_is_refused_for_non_players_and_after_placing(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository, names=("alice", "bob", "carol"))
    carol = room.players.pop()
    record = await open_game(room, game="raid")
    board = room.message(record.message_id)

    assert labels(board) == {"Private": True}  # nothing to place for a stranger
    spectator = await carol.click(board, label="Private")
    assert spectator.ephemeral and spectator.response is not None
    assert description_of(spectator.response) == "You are not playing: this is what both players know."
    assert [a.filename for a in spectator.response.attachments] == ["raid-board.png"]
    assert labels(spectator.response) == {}

    alice = room.players[0]
    invitation = last_dm(alice)
    random = await alice.user.click(invitation, label="Random")
    assert random.acknowledged and not random.ephemeral
    record = await room.record()
    assert record.state.maps[0] is not None
    # her DM is redrawn in place: her map now, no buttons left (her placement is made)
    invitation = next(m for m in dm_history(alice) if m.id == invitation.id)
    assert labels(invitation) == {} and "Your hazard map" in description_of(invitation)
    assert len(dm_history(alice)) == 1
    board = room.message(board.id)
    assert labels(board) == {"Private": True}
    again = await alice.user.slash("place", placement="random")
    assert again.response is not None
    assert again.response.content == "No Raid game is waiting for your placement."
    moved = await alice.slash(room.channel, "move", action="A1 A3")
    assert moved.response is not None and moved.response.content == "It is not your turn."
    assert (await room.record()).version == record.version


async def test_a_closed_dm_gets_the_map_in_an_ephemeral_message_and_resigning_reveals_the_maps(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room, game="raid")
    simcord_env.inject_error(
        "POST",
        f"/channels/{bob.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    board = room.message(record.message_id)
    private = await bob.click(board, label="Private")  # no DM reached him: Private has the buttons
    assert private.ephemeral and private.response is not None
    assert labels(private.response) == {"Place": True, "Random": True}
    shown = await bob.click(private.response, label="Place")
    placed = await bob.submit_modal(shown, BOB_MAP)
    record = await room.record()
    assert placed.response is not None and placed.response.content.startswith("Your placement is stored.")
    fallback = [f for f in placed.followups if f.ephemeral and f.attachments]
    assert len(fallback) == 1
    assert note_of(fallback[0]).startswith("I cannot send you direct messages.")
    picture = await fallback[0].attachments[0].read()
    assert picture == render_map(RAID.view(record.state, 1), 0, own_map_words("en", NAMES, 0))

    hand = await bob.slash(room.channel, "hand")
    assert hand.ephemeral and hand.response is not None
    assert await hand.response.attachments[0].read() == picture
    assert "J1 J2 J3 J4" in text_of(hand.response)

    await click_in_dm(alice, "Random")
    record = await room.record()
    assert record.state.phase == "play"
    resigned = await bob.slash(room.channel, "resign")
    assert resigned.response is not None and not resigned.ephemeral
    record = await repository.get(record.id)
    assert (
        record.status is GameStatus.FINISHED and record.result is not None and record.result.ranks == (1, 2)
    )
    final = room.message(board.id)
    text = text_of(final)
    assert "The other player resigned" in text and "bob's hazard map" in text and "J1 J2 J3 J4" in text
    versions = channel_versions(simcord_env, room.channel.id)
    assert versions[-1].pictures == [render_board(RAID.view(record.state, None), board_words("en", NAMES))]
    assert not mentioned("".join(v.text for v in versions[:-1]), SECRET_ONLY[1])


async def test_the_first_mover_is_pinged_when_placement_ends_whoever_placed_last(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    """Seat 0 is to act before (placing) and after (moving): the turn_started event still
    makes play's first turn a new turn, so he is pinged once."""
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    await open_game(room, game="raid")
    await click_in_dm(bob, "Random")
    pings_before = [m for m in room.channel.history() if "your turn" in m.content]
    await click_in_dm(alice, "Random")
    pings = [m for m in room.channel.history() if "your turn" in m.content]
    assert len(pings) == len(pings_before) + 1
    assert alice.mention in pings[-1].content and bob.mention not in pings[-1].content


async def test_a_place_form_shown_before_a_restart_is_answered_after_it(
    simcord_env: simcord.Env, repository: Repository, tmp_path: Path
) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]
    record = await open_game(room, game="raid")
    shown = await alice.user.click(last_dm(alice), label="Place")
    assert shown.modal is not None

    await simcord_env.restart_bot(make_bot(tmp_path, repository))  # alice is still typing
    accepted = await alice.user.submit_modal(shown, ALICE_MAP)

    assert accepted.ephemeral and accepted.response is not None
    assert accepted.response.content.startswith("Your placement is stored.")
    record = await room.record()
    assert record.version == 1 and record.state.maps[0] is not None and record.state.maps[1] is None
