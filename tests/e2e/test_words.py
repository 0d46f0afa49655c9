"""What a newcomer reads, through the real bot: refusals that quote a short excerpt of what was
typed and ping nobody, however long the input; a placement's problems with how many more there
are; the lobby's options and player counts in words; ``/rules`` for every game in both
languages."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import simcord
from simcord import interactions as sim_interactions

import engine
from storage import Repository
from tests.e2e.helpers import (
    description_of,
    field_names,
    field_of,
    footer_of,
    last_dm,
    make_room,
    open_game,
    title_of,
)

LONG = 6000
"""Characters of the longest string option Discord lets a user send."""
USER = "<@123456789012345678>"
ROLE = "<@&123456789012345678>"


def answer_payload(env: simcord.Env) -> dict[str, Any]:
    """The ``data`` of the bot's last interaction response or follow-up, as sent."""
    for entry in reversed(env.http_requests):
        if entry.method == "POST" and ("/interactions/" in entry.path or "/webhooks/" in entry.path):
            body = entry.json if isinstance(entry.json, dict) else {}
            data = body.get("data", body)
            if isinstance(data, dict) and isinstance(data.get("content"), str):
                return data
    raise AssertionError("no answer was sent")


def assert_short_and_quiet(env: simcord.Env, result: simcord.InteractionResult) -> str:
    """The answer is ephemeral, a few lines at most, repeats no mention and may ping nobody."""
    assert result.ephemeral and result.response is not None
    text = str(result.response.content)
    assert 0 < len(text) <= 400, text
    assert "@everyone" not in text and USER not in text and ROLE not in text
    assert answer_payload(env)["allowed_mentions"] == {"parse": []}
    return text


@pytest.fixture
def russian(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every interaction comes from a Russian user on a Russian server (SimCord sends en-US)."""
    made = sim_interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = made(*args, **kwargs)
        payload["locale"] = "ru"
        if "guild_locale" in payload:
            payload["guild_locale"] = "ru"
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", base_payload)
    yield


async def test_a_6000_character_move_is_answered_short(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    alice = room.players[0]

    long = await alice.slash(room.channel, "move", action="x" * LONG)
    assert assert_short_and_quiet(simcord_env, long) == "That is too long: 4000 characters at most."

    pinging = await alice.slash(room.channel, "move", action=f"@everyone {USER} {ROLE} " + "y" * 300)
    text = assert_short_and_quiet(simcord_env, pinging)
    assert text.startswith("I cannot read the move “@") and text.endswith("…”.")
    assert await repository.moves(record.id) == []


async def test_a_6000_character_placement_is_answered_short(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room, game="raid")
    bob = room.players[1]

    long = await bob.user.slash("place", placement="pits: " + "A" * LONG)
    assert assert_short_and_quiet(simcord_env, long) == "That is too long: 4000 characters at most."

    unreadable = await bob.user.slash("place", placement=f"traps: A1; {USER} @everyone " + "z" * 3000)
    text = assert_short_and_quiet(simcord_env, unreadable)
    assert text.startswith("I cannot read this part of the placement: “") and "move" not in text

    one_cell = await bob.user.slash("place", placement="pits: " + "Q" * 3000)
    text = assert_short_and_quiet_long(simcord_env, one_cell)
    assert len(text) < 500
    assert text.startswith("Your placement is rejected and nothing was stored.")
    assert "pits: I cannot read the cell “QQQ" in text and "…”" in text
    assert (await repository.get(record.id)).version == record.version


async def test_a_placement_with_many_problems_says_how_many_more(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    """The engine lists the first 20 problems of a placement and counts the rest."""
    room = make_room(simcord_env, repository)
    record = await open_game(room, game="raid")
    bob = room.players[1]
    bad_cells = " ".join(f"Z{n}" for n in range(1, 31))

    refused = await bob.user.slash("place", placement=f"pits: {bad_cells}")

    text = assert_short_and_quiet_long(simcord_env, refused)
    lines = text.splitlines()
    assert lines[1] == "• pits: 30 placed, 4 required."
    assert sum(line.startswith("• pits: Z") and line.endswith("is off the map.") for line in lines) == 19
    assert "…and 15 more problems." in lines  # 11 more cells, and traps, terrorists, kit, artifacts
    assert (await repository.get(record.id)).version == record.version


def assert_short_and_quiet_long(env: simcord.Env, result: simcord.InteractionResult) -> str:
    """A whole placement's problems: within one message, pinging nobody."""
    assert result.ephemeral and result.response is not None
    text = str(result.response.content)
    assert len(text) <= 2000 and answer_payload(env)["allowed_mentions"] == {"parse": []}
    return text


async def test_6000_characters_of_options_are_answered_short(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]

    for options, expected in (
        ("x" * LONG, "That is too long: 400 characters at most."),
        (f"{USER}@everyone" + "q" * 500, "That is too long: 400 characters at most."),
        (f"{USER} @everyone " + "q" * 200, None),
        ("tiebreak=coin", "The option tiebreak cannot be “coin”: choose highest_tile, shared."),
        ("colour=red", "This game has no option “colour”. Its options: tiebreak."),
    ):
        refused = await alice.slash(room.channel, "play", game="pickomino", options=options)
        text = assert_short_and_quiet(simcord_env, refused)
        if expected is not None:
            assert text == expected
        else:
            assert text.startswith("I cannot read the option “")
            assert text.endswith("…”: write name=value, like the choices offered.")
        assert await repository.by_channel(room.channel.id) is None


async def test_the_place_form_keeps_each_field_to_itself(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room, game="raid")
    alice = room.players[0]
    shown = await alice.user.click(last_dm(alice), label="Place")
    values = {
        "pits": "J5 J6 J7 J8; traps: C1 H9 H10 I10",
        "traps": "",
        "terrorists": "G3=1 H2=2 I3=3 E5=4",
        "kit": "D1",
        "artifacts": "J9 G10 A10",
    }

    refused = await alice.user.submit_modal(shown, values)

    text = assert_short_and_quiet_long(simcord_env, refused)
    assert "• pits: 9 placed, 4 required." in text
    assert "• pits: I cannot read the cell “traps:”" in text
    assert "• traps: 0 placed, 4 required." in text  # the traps input was empty, and stays so
    assert (await repository.get(record.id)).version == record.version


async def test_the_lobby_shows_options_and_player_counts_in_words(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]
    lobby = await alice.slash(room.channel, "play", game="pickomino", options="tiebreak=shared")
    assert lobby.response is not None
    assert field_of(lobby.response, "Options") == "Tie-break: tied players share the win"
    assert "Players seated: 1 · the game is for 2–7 players" in field_names(lobby.response)
    await alice.click(lobby.response, label="Cancel")

    raid = await alice.slash(room.channel, "play", game="raid", options="pits=1, zones=4")
    assert raid.response is not None
    assert "Players seated: 1 · the game is for 2 players" in field_names(raid.response)
    assert field_of(raid.response, "Options").splitlines() == [
        "Map: the old town",
        "1 pit on each map",
        "4 traps on each map",
        "4 terrorists on each map",
        "1 first-aid kit on each map",
        "3 artifacts on each map",
        "Weak spots: zones 1–4",
    ]


async def test_the_lobby_in_a_russian_server(
    simcord_env: simcord.Env, repository: Repository, russian: None
) -> None:
    room = make_room(simcord_env, repository)
    lobby = await room.players[0].slash(room.channel, "play", game="raid", options="artifacts=5")
    assert lobby.response is not None
    assert "За столом: 1 · играют 2 игрока" in field_names(lobby.response)
    assert "5 артефактов на каждой карте" in field_of(lobby.response, "Настройки").splitlines()


@pytest.mark.parametrize("key", sorted(engine.game_keys()))
async def test_rules_of_every_game_in_english(
    simcord_env: simcord.Env, repository: Repository, key: str
) -> None:
    room = make_room(simcord_env, repository)
    game = engine.get_game(key)
    rules = await room.players[0].slash(room.channel, "rules", game=key)
    assert rules.ephemeral and rules.response is not None
    assert title_of(rules.response) == f"{game.title} — rules in short"
    description = description_of(rules.response)
    assert description != "No summary yet for this game." and len(description) <= 4096
    if game.min_seats == game.max_seats:
        assert footer_of(rules.response) == f"{game.min_seats} players"
    else:
        assert footer_of(rules.response) == f"{game.min_seats}–{game.max_seats} players"


@pytest.mark.parametrize("key", sorted(engine.game_keys()))
async def test_rules_of_every_game_in_russian(
    simcord_env: simcord.Env, repository: Repository, russian: None, key: str
) -> None:
    room = make_room(simcord_env, repository)
    game = engine.get_game(key)
    rules = await room.players[0].slash(room.channel, "rules", game=key)
    assert rules.ephemeral and rules.response is not None
    assert title_of(rules.response) == f"{game.title} — правила вкратце"
    description = description_of(rules.response)
    assert description != "Для этой игры пока нет краткого описания."
    assert any("а" <= ch <= "я" for ch in description)
    assert footer_of(rules.response).endswith(("игрока", "игроков"))
