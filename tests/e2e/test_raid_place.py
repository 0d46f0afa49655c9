"""``/place`` in a DM finds the player's games waiting for his placement; it is not offered in a
server channel, where a typed placement could be seen."""

from __future__ import annotations

import simcord

from storage import Repository
from tests.e2e.helpers import Room, open_game
from tests.e2e.raid_helpers import BOB_MAP, place_text


async def test_place_in_a_dm_picks_the_waiting_game_or_asks_which(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    guild = simcord_env.create_guild()
    alice, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob"))
    rooms = [
        Room(simcord_env, guild.create_text_channel(f"raid-{i}"), [alice, bob], repository) for i in (1, 2)
    ]
    first = await open_game(rooms[0], game="raid")

    assert "place" not in alice.available_commands(rooms[0].channel)
    assert "place" in bob.user.available_commands()

    second = await open_game(rooms[1], game="raid")
    which = await bob.user.slash("place", placement=place_text(BOB_MAP))
    assert which.response is not None
    assert which.response.content == (
        f"Several games wait for your placement (#{second.id}, #{first.id}): give the game number too."
    )
    assert (await repository.get(first.id)).version == 0 and (await repository.get(second.id)).version == 0

    placed = await bob.user.slash("place", placement=place_text(BOB_MAP), game=first.id)
    assert placed.response is not None and placed.response.content.startswith("Your placement is stored.")
    assert (await repository.get(first.id)).state.maps[1] is not None
    assert (await repository.get(second.id)).version == 0

    again = await bob.user.slash("place", placement="random", game=first.id)
    assert again.response is not None
    assert again.response.content == f"Game #{first.id} is not waiting for your placement."
    only = await bob.user.slash("place", placement="random")  # now only the second one waits
    assert only.response is not None and only.response.content.startswith("Your placement is stored.")
    assert (await repository.get(second.id)).state.maps[1] is not None

    not_a_placement = await alice.user.slash("place", placement="A1 A5", game=first.id)
    assert not_a_placement.response is not None
    assert not_a_placement.response.content.startswith("That is not a placement")
    assert (await repository.get(first.id)).version == 1
