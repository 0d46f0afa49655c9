"""Hobbit's difficulty through the real bot: offered by ``/play``'s options autocomplete, shown in
the lobby in the reader's words, stored in the game's options and played by the game."""

from __future__ import annotations

import simcord

from storage import Repository
from tests.e2e.helpers import field_of, make_room
from tests.e2e.hobbit_helpers import open_hobbit


async def test_choosing_hard_is_shown_in_the_lobby_and_stored_in_the_games_options(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players

    offered = await alice.autocomplete(room.channel, "play", "options", "diff", game="hobbit")
    assert [c["value"] for c in offered] == ["difficulty=easy", "difficulty=normal", "difficulty=hard"]

    bad = await alice.slash(room.channel, "play", game="hobbit", options="difficulty=brutal")
    assert bad.ephemeral and bad.response is not None
    assert bad.response.content == "The option difficulty cannot be “brutal”: choose easy, normal, hard."

    lobby = await alice.slash(room.channel, "play", game="hobbit", options="difficulty=hard")
    assert lobby.response is not None
    shown = field_of(lobby.response, "Options").splitlines()
    hard = (
        "Hard: Smaug wakes and Smaug prowls fly one space further, "
        "and at three and four players Smaug hunts too"
    )
    assert shown[-1] == hard
    assert (await room.record()).options["difficulty"] == "hard"

    await bob.click(room.message(lobby.response.id), label="Join")
    await alice.click(room.message(lobby.response.id), label="Start")
    record = await room.record()
    assert record.options["difficulty"] == "hard" and record.state.options.difficulty == "hard"


async def test_a_lobby_without_options_is_a_normal_game_of_the_latest_edition(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_hobbit(room)
    assert record.options["difficulty"] == "normal" and record.state.options.difficulty == "normal"
    assert record.options["edition"] == 3
