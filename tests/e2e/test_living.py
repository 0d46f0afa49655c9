"""Living games through SimCord: reminders, timeouts, server settings.

Turns fall due by the database's clock, and the scheduler's passes come on SimCord's virtual
time: ``let_time_pass`` moves the database's stored moments back as it moves the virtual clock
on, so a day of waiting takes no real time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import discord
import pytest
import simcord

import engine
from bot.stored import guild_settings, open_repository
from storage import GameStatus, Repository
from tests.e2e.conftest import database_url, make_bot
from tests.e2e.helpers import Room, field_names, field_of, let_time_pass
from tests.storage.helpers import database_now

PICKOMINO = engine.get_game("pickomino")
MINUTE = 60.0


@dataclass
class Server:
    room: Room
    guild: simcord.GuildHandle
    admin: simcord.MemberActor

    @property
    def alice(self) -> simcord.MemberActor:
        return self.room.players[0]

    @property
    def bob(self) -> simcord.MemberActor:
        return self.room.players[1]


def make_server(env: simcord.Env, repository: Repository, locale: str | None = None) -> Server:
    guild = env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("games")
    managers = guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[managers])
    players = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
    return Server(Room(env, channel, players, repository), guild, admin)


async def configure(server: Server, **options: object) -> simcord.InteractionResult:
    result = await server.admin.slash(server.room.channel, "config", **options)
    assert result.ephemeral and result.response is not None
    return result


async def start_game(server: Server) -> int:
    room = server.room
    lobby = await server.alice.slash(room.channel, "play", game="pickomino")
    assert lobby.response is not None
    await server.bob.click(lobby.response, label="Join")
    await server.alice.click(lobby.response, label="Start")
    return (await room.record()).id


def dms(member: simcord.MemberActor) -> list[str]:
    channel = member.user.dm_channel
    return [m.content for m in channel.history()]


def channel_texts(room: Room) -> list[str]:
    return [m.content for m in room.channel.history() if m.content]


def timeout_notices(room: Room) -> list[str]:
    return [text for text in channel_texts(room) if text.startswith("⌛")]


async def test_a_silent_player_is_reminded_once_then_the_computer_plays_his_turn(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    server = make_server(simcord_env, repository)
    room = server.room
    await configure(server, turn_limit=10, reminder=3)
    before = await database_now(repository)
    game_id = await start_game(server)
    after = await database_now(repository)

    record = await repository.get(game_id)
    deadline = (await repository.turn_clock.deadlines(game_id))[0].deadline_at
    assert before - 0.001 <= deadline.timestamp() - 10 * MINUTE <= after + 0.001  # by the database's clock
    board = room.message(record.message_id)
    field = field_of(board, "Time to move")
    shown = f"<t:{int(deadline.timestamp())}:R>"
    assert shown in field and str(server.alice.id) in field

    await let_time_pass(simcord_env, repository, 2 * MINUTE)
    assert dms(server.alice) == []
    passed = 2 * MINUTE
    while not dms(server.alice):  # pass by pass up to the one that reminds her
        await let_time_pass(simcord_env, repository, 30)
        passed += 30
    assert passed <= 4 * MINUTE
    (reminder,) = dms(server.alice)
    # It names the board's deadline: as the database holds it now that the stored moments
    # have moved back by the time that passed.
    now_due = (await repository.turn_clock.deadlines(game_id))[0].deadline_at
    assert now_due == deadline - timedelta(seconds=passed)
    assert (
        reminder.startswith("⏰ It is your turn in Pickomino #")
        and f"<t:{int(now_due.timestamp())}:R>" in reminder
    )
    await let_time_pass(simcord_env, repository, 9 * MINUTE - passed)
    assert len(dms(server.alice)) == 1 and await repository.moves(game_id) == []

    await let_time_pass(simcord_env, repository, 1 * MINUTE)
    moves = await repository.moves(game_id)
    after = await repository.get(game_id)
    assert moves and all(m.seat == 0 for m in moves)  # the computer played alice's turn ...
    assert after.status is GameStatus.FINISHED or PICKOMINO.to_act(after.state) == (1,)  # ... to its end
    assert timeout_notices(room) == [
        f"⌛ <@{server.alice.id}> ran out of time: the computer plays the turn for them."
    ]
    if after.status is GameStatus.ACTIVE:
        assert channel_texts(room)[-1] == f"<@{server.bob.id}>, your turn in Pickomino #{game_id}."
    board = room.message(after.message_id)
    assert str(server.bob.id) in field_of(board, "Time to move")

    await let_time_pass(simcord_env, repository, 5 * MINUTE)  # nothing fires twice
    assert len(await repository.moves(game_id)) == len(moves)
    assert len(timeout_notices(room)) == 1 and len(dms(server.alice)) == 1


async def test_a_restart_between_reminder_and_deadline_times_out_exactly_once(
    simcord_env: simcord.Env, repository: Repository, tmp_path: Path
) -> None:
    server = make_server(simcord_env, repository)
    room = server.room
    await configure(server, turn_limit=10, reminder=3)
    game_id = await start_game(server)
    await let_time_pass(simcord_env, repository, 4 * MINUTE)
    assert len(dms(server.alice)) == 1

    reopened = await open_repository(database_url(tmp_path))
    try:
        await simcord_env.restart_bot(make_bot(tmp_path, reopened))
        room.repository = reopened
        await let_time_pass(simcord_env, repository, 7 * MINUTE)
        moves = await reopened.moves(game_id)
        assert moves and all(m.seat == 0 for m in moves)
        assert len(timeout_notices(room)) == 1
        assert len(dms(server.alice)) == 1  # the reminder was not sent again after the restart

        await simcord_env.restart_bot(make_bot(tmp_path, reopened))
        await let_time_pass(simcord_env, repository, 2 * MINUTE)
        assert len(await reopened.moves(game_id)) == len(moves)
        assert len(timeout_notices(room)) == 1
    finally:
        await reopened.close()


async def test_a_reminder_to_closed_dms_pings_in_the_channel(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    server = make_server(simcord_env, repository)
    simcord_env.inject_error(
        "POST", f"/channels/{server.alice.user.dm_channel.id}/messages",
        status=403, code=50007, message="Cannot send messages to this user", times=None,
    )  # fmt: skip
    await configure(server, turn_limit=10, reminder=3)
    game_id = await start_game(server)
    await let_time_pass(simcord_env, repository, 4 * MINUTE)
    pings = [text for text in channel_texts(server.room) if text.startswith("⏰")]
    assert len(pings) == 1
    assert pings[0].startswith(f"⏰ <@{server.alice.id}>, it is your turn in Pickomino #{game_id}.")


async def test_under_remove_a_seat_resigns_after_n_missed_turns(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    server = make_server(simcord_env, repository)
    room = server.room
    await configure(server, turn_limit=1, reminder=0, on_timeout="remove", remove_after=2)
    game_id = await start_game(server)

    await let_time_pass(simcord_env, repository, MINUTE)  # alice misses once: the computer plays
    await let_time_pass(simcord_env, repository, MINUTE)  # bob misses once: the computer plays
    assert (await repository.get(game_id)).status is GameStatus.ACTIVE
    await let_time_pass(simcord_env, repository, MINUTE)  # alice misses twice: she leaves, bob wins

    finished = await repository.get(game_id)
    assert finished.status is GameStatus.FINISHED and finished.seats[0].resigned
    assert finished.result is not None and finished.result.winners == (1,)
    notices = timeout_notices(room)
    assert len(notices) == 3
    assert notices[2] == f"⌛ <@{server.alice.id}> ran out of time 2 times in a row and leaves the game."
    assert (await repository.moves(game_id))[-1].action == {"kind": "resign"}


async def test_only_managers_change_settings_and_bad_values_change_nothing(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    server = make_server(simcord_env, repository)
    room, bob = server.room, server.bob
    with pytest.raises(simcord.SetupError, match="default-member-permissions"):
        await bob.slash(room.channel, "config", turn_limit=5)  # Discord hides /config from him

    # A server may let others see the command; the bot still checks Manage Server itself.
    config = next(c for c in await simcord_env.bot.tree.fetch_commands() if c.name == "config")
    server.guild.set_command_permissions(config, {bob: True})
    refused = await bob.slash(room.channel, "config", turn_limit=5)
    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == (
        "Only members with the Manage Server permission can change the game settings."
    )
    assert (await guild_settings.read(repository, server.guild.id)).turn_limit_minutes == 24 * 60

    bad = await configure(server, turn_limit=10, reminder=10)
    assert bad.response is not None and bad.response.content is not None
    assert bad.response.content.startswith("These settings cannot be used, nothing was changed:")
    assert "reminder" in bad.response.content
    too_short = await configure(server, turn_limit=0)
    assert too_short.response is not None and "turn_limit" in str(too_short.response.content)
    assert (await guild_settings.read(repository, server.guild.id)).turn_limit_minutes == 24 * 60

    shown = await configure(server)
    assert shown.response is not None
    fields = {name: field_of(shown.response, name) for name in field_names(shown.response)}
    assert fields["Time for a turn"] == "24 h" and fields["Reminder after"] == "2 h"
    assert fields["When the time runs out"] == "the computer plays the turn"


async def test_play_is_refused_outside_the_allowed_channels(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    server = make_server(simcord_env, repository)
    lounge = server.guild.create_text_channel("lounge")
    tables = server.guild.create_text_channel("tables")
    await configure(server, allow_channel=tables)

    refused = await server.alice.slash(lounge, "play", game="pickomino")
    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == f"Games cannot be started in this channel. Use <#{tables.id}>."
    assert await repository.by_channel(lounge.id) is None

    opened = await server.alice.slash(tables, "play", game="pickomino")
    assert opened.response is not None and not opened.ephemeral
    assert await repository.by_channel(tables.id) is not None

    await configure(server, any_channel=True)
    anywhere = await server.alice.slash(lounge, "play", game="pickomino")
    assert anywhere.response is not None and not anywhere.ephemeral


async def test_a_raid_placement_and_move_are_played_for_absent_players(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    """Raid has hidden maps and free-form actions: the computer still plays the timed-out
    placements (both seats at once) and the first move; the game never stalls."""
    server = make_server(simcord_env, repository)
    room = server.room
    await configure(server, turn_limit=1, reminder=0)
    lobby = await repository.create_lobby(
        "raid", guild_id=server.guild.id, channel_id=room.channel.id,
        host_id=server.alice.id, host_name="alice", options={},
    )  # fmt: skip
    await repository.join(lobby.id, server.bob.id, "bob")
    await repository.start(lobby.id, seed=5)  # started outside the bot: the scheduler syncs it

    await let_time_pass(simcord_env, repository, MINUTE)  # first pass: the clocks start
    await let_time_pass(simcord_env, repository, MINUTE)  # both placements time out together
    moves = await repository.moves(lobby.id)
    assert sorted(m.seat for m in moves[:2]) == [0, 1]
    assert all(m.action["kind"] in ("place", "place_random") for m in moves[:2])
    await let_time_pass(simcord_env, repository, MINUTE)
    later = await repository.moves(lobby.id)
    assert len(later) > 2 and later[2].seat == 0 and later[2].action["kind"] == "move"
    assert len(timeout_notices(room)) == 3  # alice and bob placing, then alice moving


async def test_a_timeout_whose_handling_crashes_is_tried_again_by_the_next_pass(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.scheduler
    from storage.turn_clock import DueTurn

    real = bot.scheduler.play_timed_out_turn
    attempts: list[DueTurn] = []

    async def crashes_once(client: object, due: DueTurn) -> bool:
        attempts.append(due)
        if len(attempts) == 1:
            raise RuntimeError("Discord is down")
        return await real(client, due)  # type: ignore[arg-type]

    monkeypatch.setattr(bot.scheduler, "play_timed_out_turn", crashes_once)
    server = make_server(simcord_env, repository)
    await configure(server, turn_limit=10, reminder=3)
    game_id = await start_game(server)

    await let_time_pass(simcord_env, repository, 9 * MINUTE)
    while not attempts:  # pass by pass (30 s apart) up to the one that claims the timeout
        await let_time_pass(simcord_env, repository, 30)
    assert len(attempts) == 1 and await repository.moves(game_id) == []  # the first try failed
    await let_time_pass(simcord_env, repository, 30)
    assert len(attempts) == 2 and attempts[1].missed == 1  # the failed try counted no missed turn
    moves = await repository.moves(game_id)
    assert moves and all(m.seat == 0 for m in moves)  # the computer played alice's turn
    assert len(timeout_notices(server.room)) == 1
    await let_time_pass(simcord_env, repository, 5 * MINUTE)
    assert len(attempts) == 2  # and nothing fires again


async def test_a_russian_server_gets_its_reminders_and_timeout_notices_in_russian(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    """Messages sent without an interaction (the scheduler's) follow the server's language.
    SimCord gives every interaction the en-US locale, so this is where Russian is seen end to end."""
    from bot.i18n import t

    server = make_server(simcord_env, repository, locale="ru")
    room = server.room
    await configure(server, turn_limit=10, reminder=3)
    game_id = await start_game(server)

    await let_time_pass(simcord_env, repository, 4 * MINUTE)
    (reminder,) = dms(server.alice)
    assert reminder.startswith(f"⏰ Ваш ход в игре Pickomino №{game_id}. Время истекает <t:")
    await let_time_pass(simcord_env, repository, 7 * MINUTE)
    assert timeout_notices(room) == [t("ru", "living.timeout_played", player=f"<@{server.alice.id}>")]
    assert timeout_notices(room) == [
        f"⌛ У <@{server.alice.id}> истекло время: ход за него делает компьютер."
    ]
    assert (await repository.get(game_id)).status is GameStatus.ACTIVE  # one turn of sixteen tiles
    assert channel_texts(room)[-1] == f"<@{server.bob.id}>, ваш ход в игре Pickomino №{game_id}."
