"""Skill ratings through the real bot under SimCord: a game's final board shows each seat's
rating change, ``/leaderboard`` orders players by conservative rating with their games and lists
the provisional ones apart, per server and with ``everywhere`` over every server, ``/stats``
gives the rating and its trend, ``/config rate_computers`` rates games with a computer seat
(its level rated as a player), in English and in Russian."""

from __future__ import annotations

import re

import discord
import pytest
import simcord
from openskill.models import PlackettLuce

from bot.i18n import t
from bot.stored import guild_settings
from storage import GameStatus, Repository
from storage.ratings import PROVISIONAL_GAMES
from tests.e2e.helpers import (
    Room,
    description_of,
    field_names,
    field_of,
    footer_of,
    let_time_pass,
    make_room,
    title_of,
)
from tests.e2e.test_living import MINUTE, configure, make_server, start_game
from tests.e2e.test_words import russian  # noqa: F401  (the fixture: Russian users on a Russian server)

LIBRARY = PlackettLuce()
FIRST_WIN = LIBRARY.rate([[LIBRARY.rating()], [LIBRARY.rating()]], ranks=[1, 2])
"""Two new players' ratings after the first one wins, as the library gives them."""


def conservative(rating: object) -> float:
    return round(rating.mu - 3 * rating.sigma, 1)  # type: ignore[attr-defined]


LINKED = re.compile(r"\[(?P<title>.+)\]\((?P<url>[^)]+)\)")
"""A heading that links to a page (the leaderboard's, to the server's page on the web table)."""


def shown_text(message: discord.Message | simcord.ResponseMessage) -> str:
    """A laid-out message's title, status, fields (each name on a line above its value) and
    footer, a line each."""
    title = title_of(message)
    title = linked["title"] if (linked := LINKED.fullmatch(title)) else title
    fields = "\n".join(f"{name}\n{field_of(message, name)}" for name in field_names(message))
    try:
        footer = footer_of(message)
    except LookupError:  # a board has none
        footer = ""
    return f"{title}\n{description_of(message)}\n{fields}\n{footer}"


async def bob_resigns(room: Room, lang: str = "en") -> int:
    """A Pickomino duel that bob leaves: alice wins it (its lobby's buttons read in ``lang``)."""
    alice, bob = room.players
    lobby = await alice.slash(room.channel, "play", game="pickomino")
    assert lobby.response is not None
    await bob.click(lobby.response, label=t(lang, "lobby.button.join"))
    await alice.click(lobby.response, label=t(lang, "lobby.button.start"))
    record = await room.record()
    await bob.slash(room.channel, "resign")
    over = await room.repository.get(record.id)
    assert over.status is GameStatus.FINISHED and over.result is not None
    assert over.result.ranks[[s.user_id for s in over.seats].index(alice.id)] == 1
    return record.id


async def leaderboard(room: Room, **options: object) -> simcord.ResponseMessage:
    answer = await room.players[0].slash(room.channel, "leaderboard", game="pickomino", **options)
    assert answer.response is not None and not answer.ephemeral
    return answer.response


async def test_a_finished_game_shows_each_seat_s_rating_change_and_the_boards_rank_by_rating(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    game_id = await bob_resigns(room)

    won, lost = (conservative(team[0]) for team in FIRST_WIN)
    assert (won, lost) == (3.4, -1.8)
    board = room.message((await repository.get(game_id)).message_id)
    shown = shown_text(board)
    assert f"🥇 {alice.mention} — 0 · rating {won} (+{won})" in shown
    assert f"🥈 {bob.mention} — 0 · rating {lost} (−{-lost})" in shown

    first = shown_text(await leaderboard(room))
    assert "Nobody has played enough rated games yet to be ranked." in first
    assert f"Provisional (fewer than {PROVISIONAL_GAMES} rated games)" in first
    assert f"{alice.mention} — {won} · 1 game\n{bob.mention} — {lost} · 1 game" in first
    assert "Skill ratings in this server." in first

    stats = await alice.slash(room.channel, "stats")
    assert stats.response is not None
    assert f"Played 1 game, won 1\nRating {won} (+{won} over the last game)" in shown_text(stats.response)

    for _ in range(PROVISIONAL_GAMES - 1):
        await bob_resigns(room)
    ranked = shown_text(await leaderboard(room))
    lines = ranked.splitlines()
    assert lines[1].startswith(f"1. {alice.mention} — ") and lines[1].endswith(" · 5 games")
    assert lines[2].startswith(f"2. {bob.mention} — ") and "Provisional" not in ranked
    mine = (await repository.player_ratings(alice.id, guild_id=room.channel.guild.id))[0]
    assert lines[1] == f"1. {alice.mention} — {round(mine.rating.conservative, 1)} · 5 games"
    losing = await bob.slash(room.channel, "stats")
    assert losing.response is not None and "(−" in shown_text(losing.response)  # his trend falls

    # Another server: its own ratings, and both servers' games together with everywhere.
    elsewhere = simcord_env.create_guild()
    other = Room(
        simcord_env,
        elsewhere.create_text_channel("games"),
        [elsewhere.add_member(member.user) for member in (alice, bob)],
        repository,
    )
    await bob_resigns(other)
    there = shown_text(await leaderboard(other))
    assert f"{alice.mention} — {won} · 1 game" in there
    everywhere = shown_text(await leaderboard(other, everywhere=True))
    assert " · 6 games" in everywhere and "Skill ratings over every server." in everywhere


async def test_a_server_may_rate_games_with_a_computer_seat(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    guild = simcord_env.create_guild()
    managers = guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[managers])
    alice = guild.add_member(simcord_env.create_user("alice"))
    room = Room(simcord_env, guild.create_text_channel("games"), [alice], repository)

    async def against_the_computer() -> int:
        opened = await alice.slash(room.channel, "play", game="pickomino")
        assert opened.response is not None
        await alice.click(room.message(opened.response.id), label="Add AI: strong")
        await alice.click(room.message(opened.response.id), label="Start")
        record = await room.record()
        await alice.slash(room.channel, "resign")
        return record.id

    unrated = await repository.get(await against_the_computer())
    assert unrated.status is GameStatus.FINISHED and unrated.ratings == ()
    assert "No rated games yet." in shown_text(await leaderboard(room))

    saved = await admin.slash(room.channel, "config", rate_computers=True)
    assert saved.response is not None
    assert "Games with computer players\nRated: each computer level has a rating of its own." in shown_text(
        saved.response
    )
    assert (await guild_settings.read(repository, guild.id)).rate_computers

    rated = await repository.get(await against_the_computer())
    assert [c.player for c in rated.ratings] == [str(alice.id), "ai:strong"]
    shown = shown_text(await leaderboard(room))
    assert "🤖 strong — 3.4 · 1 game" in shown and f"{alice.mention} — -1.8 · 1 game" in shown


@pytest.mark.simcord(settle_timeout=60.0)  # the computer's turns for the absent: slow on a busy machine
async def test_a_game_decided_by_timeouts_is_rated_as_the_rules_rank_it(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    server = make_server(simcord_env, repository)
    await configure(server, turn_limit=1, reminder=0, on_timeout="remove", remove_after=2)
    game_id = await start_game(server)
    await let_time_pass(simcord_env, repository, 3 * MINUTE)  # alice misses twice and leaves

    over = await repository.get(game_id)
    assert over.status is GameStatus.FINISHED and over.result is not None and over.result.winners == (1,)
    lost, won = (conservative(team[0]) for team in reversed(FIRST_WIN))
    assert [(c.player, round(c.after.conservative, 1)) for c in over.ratings] == [
        (str(server.alice.id), lost),
        (str(server.bob.id), won),
    ]
    lines = shown_text(server.room.message(over.message_id)).splitlines()
    first = next(line for line in lines if line.startswith("🥇"))
    assert first.startswith(f"🥇 {server.bob.mention} — ") and first.endswith(f" · rating {won} (+{won})")
    assert await repository.verify() == []


@pytest.mark.usefixtures("russian")
async def test_the_boards_speak_russian_in_a_russian_server(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    game_id = await bob_resigns(room, "ru")
    board = shown_text(room.message((await repository.get(game_id)).message_id))
    assert f"{alice.mention} — 0 · рейтинг 3,4 (+3,4)" in board
    shown = shown_text(await leaderboard(room))
    assert "Pickomino — лучшие игроки" in shown
    assert "Предварительно (меньше 5 рейтинговых игр)" in shown
    assert f"{alice.mention} — 3,4 · 1 игра\n{bob.mention} — -1,8 · 1 игра" in shown
    assert "Рейтинг на этом сервере." in shown
    stats = await alice.slash(room.channel, "stats")
    assert stats.response is not None
    assert "Рейтинг 3,4 (+3,4 за последнюю игру)" in shown_text(stats.response)
