"""Whole Pickomino and Raid games through the real bot, where every move that stands beside
its thing is clicked on the button in that thing's section: the section is found by its words
(a face's dice, a tile's number, a fight's or a kit's cell), and its button, clicked by custom
id, plays exactly that move. A spectator's Private view keeps the roll as lines."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import simcord

import engine
from bot.games.pickomino.words import dice_text
from engine.ai.policy import decide, fill
from engine.games.pickomino.data import FACES
from storage import GameRecord, GameStatus, Repository
from tests.e2e.helpers import (
    Room,
    click_move,
    field_names,
    last_dm,
    make_room,
    move_custom_id,
    open_game,
    sections_of,
    text_of,
    value_of,
)

PICKOMINO = engine.get_game("pickomino")
RAID = engine.get_game("raid")
Thing = tuple[str, list[Any]]
"""A section's words, and its buttons: the one beside it, then those in the rows under it."""


def thing_named(message: Any, names: str) -> Thing:
    """The one section whose words contain ``names``."""
    (found,) = [thing for thing in sections_of(message) if names in thing[0]]
    return found


def button_for(thing: Thing, record: GameRecord, action: dict[str, Any]) -> str:
    """The custom id of the thing's button that plays ``action`` now."""
    wanted = move_custom_id(record, action)
    ids = [str(value_of(button, "custom_id")) for button in thing[1]]
    assert wanted in ids, (thing[0], action, ids)
    return wanted


def pickomino_name(record: GameRecord, action: dict[str, Any]) -> str:
    """How a face's or a tile's section begins: the face's dice as rolled, the tile's number."""
    if action["kind"] == "keep":
        face = str(action["face"])
        return dice_text([face] * record.state.roll[FACES.index(face)]) + " — "
    return f"`{action['tile']}`"


async def test_a_pickomino_game_played_by_the_buttons_beside_faces_and_tiles(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository, ("alice", "bob", "carol"))
    record = await open_game(room)
    chooser = random.Random(3)
    beside = {"keep": 0, "take": 0, "steal": 0}
    by_private = 0
    while (record := await repository.get(record.id)).status is GameStatus.ACTIVE:
        seat = PICKOMINO.to_act(record.state)[0]
        member = room.member(record.seats[seat].user_id)
        legal = [PICKOMINO.dump_action(a) for a in PICKOMINO.legal_actions(record.state, seat)]
        board = room.message(record.message_id)
        near = [a for a in legal if a["kind"] in ("keep", "take")]
        # every keep and take stands beside its thing, named by it; nothing else does
        assert len(sections_of(board)) == len(near)
        for action in near:
            button_for(thing_named(board, pickomino_name(record, action)), record, action)
        # mostly the greedy computer's move, so that turns succeed and stacks grow to steal from
        greedy = decide(PICKOMINO, record.state, seat, "greedy", seed=record.version)
        action = PICKOMINO.dump_action(greedy) if chooser.random() < 0.8 else chooser.choice(legal)
        if action not in near:
            result = await click_move(room, record, action)
        else:
            where: Any = board
            if action["kind"] == "keep" and by_private < 3:  # the seat's own message has them too
                shown = await member.click(board, label="Private")
                assert shown.ephemeral and shown.response is not None
                where, by_private = shown.response, by_private + 1
            thing = thing_named(where, pickomino_name(record, action))
            result = await member.click(where, custom_id=button_for(thing, record, action))
            stolen = action["kind"] == "take" and "on top of" in thing[0]
            beside["steal" if stolen else str(action["kind"])] += 1
        assert result.acknowledged and not result.ephemeral, result
        assert len(await repository.moves(record.id)) == record.version + 1  # that move, played
    assert record.result is not None and beside["keep"] and beside["take"] and by_private == 3
    assert sections_of(room.message(record.message_id)) == []  # the final board: nothing to act on


async def test_a_spectators_private_view_shows_the_roll_as_lines(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    await click_move(room, record, {"kind": "roll"})
    record = await repository.get(record.id)
    carol = room.channel.guild.add_member(simcord_env.create_user("carol"))
    shown = await carol.click(room.message(record.message_id), label="Private")
    assert shown.ephemeral and shown.response is not None
    assert "Roll" in field_names(shown.response) and sections_of(shown.response) == []  # lines, no buttons
    for n, face in enumerate(FACES):
        if record.state.roll[n]:
            assert dice_text([face] * record.state.roll[n]) + " — " in text_of(shown.response)


async def place_beside_the_map(room: Room, member: simcord.MemberActor, record: GameRecord) -> None:
    """The seat presses Random in the section of its map still to place, in its DM."""
    dm = last_dm(member)
    thing = thing_named(dm, "🗺️ Your map, to fill")
    assert [value_of(b, "label") for b in thing[1]] == ["Place", "Random"]
    # drawn when the game started: the other seat may have placed since
    custom_id = button_for(thing, replace(record, version=0), {"kind": "place_random"})
    placed = await member.user.click(dm, custom_id=custom_id)
    assert placed.acknowledged, placed
    assert (await room.record()).state.maps[record.seat_of(member.id) or 0] is not None


async def play_a_raid(room: Room, chooser: random.Random, beside: Counter[str]) -> None:
    """A whole Raid in the room: both seats place by Random beside their maps, paths are typed
    (the sampler's random ones), and every zone and kit move is clicked beside its thing."""
    record = await open_game(room, game="raid")
    for member in room.players:
        await place_beside_the_map(room, member, await room.record())
    record = await room.record()
    assert record.state.phase == "play"
    assert all(sections_of(last_dm(member)) == [] for member in room.players)  # placed: nothing left
    for _ in range(1000):
        record = await room.repository.get(record.id)
        if record.status is not GameStatus.ACTIVE:
            break
        seat = RAID.to_act(record.state)[0]
        member = room.member(record.seats[seat].user_id)
        view = RAID.view(record.state, None)
        legal = [RAID.dump_action(a) for a in RAID.legal_actions(record.state, seat)]
        board = room.message(record.message_id)
        if view.fight is None and view.kit is None:
            assert sections_of(board) == []  # a path is typed
            (template,) = RAID.legal_actions(record.state, seat)
            path = fill(RAID, record.state, seat, template, chooser)  # the sampler's random path
            result = await member.slash(room.channel, "move", action=RAID.typed(path))
            assert result.response is not None and result.response.content.startswith("Done"), result
            continue
        names = f"terrorist on {view.fight.cell}" if view.fight else f"first-aid kit on {view.kit.cell}"
        thing = thing_named(board, names)
        assert len(thing[1]) == len(legal)  # every zone not named (or use and leave), beside it
        action = chooser.choice(legal)
        clicked = await member.click(board, custom_id=button_for(thing, record, action))
        assert clicked.acknowledged and not clicked.ephemeral, clicked
        beside[str(action["kind"])] += 1
        assert (await room.repository.get(record.id)).version == record.version + 1
    record = await room.repository.get(record.id)
    assert record.status is GameStatus.FINISHED, "the raid did not end"
    assert sections_of(room.message(record.message_id)) == []


async def test_raids_played_with_fights_and_kits_by_the_buttons_beside_them(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    chooser = random.Random(5)
    beside: Counter[str] = Counter()
    games = 0
    # each game's maps are dealt from its own seed: raids follow one another in the channel
    # until a fight and a first-aid kit have both been met
    while games < 10 and not (beside["guess"] and beside["use_kit"] + beside["leave_kit"]):
        await play_a_raid(room, chooser, beside)
        games += 1
    assert beside["guess"] and beside["use_kit"] + beside["leave_kit"], beside
