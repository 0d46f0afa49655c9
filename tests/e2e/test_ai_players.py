"""Computer players through the real bot: Add AI, AI turns played by themselves, a game of
computers only, Raid's placement by the AI, seat limits, and a restart with AI turns pending."""

from __future__ import annotations

import random
from pathlib import Path

import discord
import pytest
import simcord

import engine
from bot import TavernBot, create_bot
from bot.ai_players import decision_seed
from bot.settings import Settings
from bot.stored import open_repository
from bot.tokens import tokens_of
from storage import GameStatus, Repository
from tests.e2e.conftest import database_url
from tests.e2e.helpers import (
    Room,
    channel_pings,
    click_move,
    description_of,
    field_names,
    field_of,
    labels,
    let_time_pass,
    make_room,
    sent_pings,
)


def bot_with_delay(tmp_path: Path, repository: Repository, delay: float) -> TavernBot:
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, discord_token=None, database_url=database_url(tmp_path), ai_delay_seconds=delay
    )
    return create_bot(settings, repository)


@pytest.fixture
def simcord_bot(tmp_path: Path, repository: Repository) -> TavernBot:
    """The AIs move without a pause here, so a click settles only once they are done."""
    return bot_with_delay(tmp_path, repository, 0)


# A click settles only once every computer move it set off is played: a whole game of
# computers can take seconds on a busy machine, more than SimCord's default 5 s wait.
WHOLE_GAMES = pytest.mark.simcord(settle_timeout=120.0)


def first_field(message: discord.Message) -> str:
    """The value of a laid-out message's first field (a lobby's players)."""
    return field_of(message, field_names(message)[0])


STRONGEST = {"pickomino": "Add AI: strong", "raid": "Add AI: scout"}


async def lobby_with_ais(room: Room, game: str, ais: int) -> discord.Message | simcord.ResponseMessage:
    host = room.players[0]
    result = await host.slash(room.channel, "play", game=game)
    lobby = result.response
    assert lobby is not None and labels(lobby)[STRONGEST[game]] is True
    for _ in range(ais):
        added = await host.click(room.message(lobby.id), label=STRONGEST[game])
        assert added.acknowledged and not added.ephemeral, added
    return lobby


@WHOLE_GAMES
async def test_one_person_and_two_computers_play_pickomino_to_the_end(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository, names=("alice",))
    alice = room.players[0]
    lobby = await lobby_with_ais(room, "pickomino", 2)
    record = await room.record()
    assert [(s.user_id, s.ai, s.name) for s in record.seats] == [
        (alice.id, None, "alice"),
        (None, "strong", "🤖 strong"),
        (None, "strong", "🤖 strong"),
    ]
    players = first_field(room.message(lobby.id))
    assert players.splitlines() == [f"1. {alice.mention}", "2. 🤖 strong", "3. 🤖 strong"]
    await alice.click(room.message(lobby.id), label="Start")

    game = engine.get_game("pickomino")
    chooser = random.Random(5)
    clicks = 0
    while (record := await repository.get(record.id)).status is GameStatus.ACTIVE:
        (seat,) = game.to_act(record.state)
        assert seat == 0, "a computer seat is left waiting"  # the AIs moved by themselves
        action = game.dump_action(chooser.choice(game.legal_actions(record.state, 0)))
        result = await click_move(room, record, action)
        assert result.acknowledged and not result.ephemeral, result
        clicks += 1
    moves = await repository.moves(record.id)
    assert {m.seat for m in moves} == {0, 1, 2}
    assert sum(m.seat == 0 for m in moves) == clicks  # every other move was the computers'
    assert record.result is not None
    board = room.message(record.message_id)
    assert labels(board) == {} and description_of(board) == "Game over. The grill is empty."
    assert "🤖 strong" in str([(name, field_of(board, name)) for name in field_names(board)])
    pings = sent_pings(room.env)
    assert pings and all(p.startswith(f"{alice.mention}, your turn") for p in pings)
    assert channel_pings(room) == []  # each deleted once answered


async def test_a_person_whose_turn_comes_back_after_the_computer_answered_is_not_pinged_again(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot
) -> None:
    """He has just moved and is looking at the board, which shows his turn: a ping would notify
    him of what he sees, and cost a call to post and one to delete."""
    tokens_of(simcord_bot).clock = lambda: 0.0  # no time passes between his move and his turn
    room = make_room(simcord_env, repository, names=("alice",))
    alice = room.players[0]
    lobby = await lobby_with_ais(room, "pickomino", 1)
    await alice.click(room.message(lobby.id), label="Start")
    record = await room.record()
    started = sent_pings(room.env)
    assert started == [f"{alice.mention}, your turn in Pickomino #{record.id}."]  # the start's
    game = engine.get_game("pickomino")
    chooser = random.Random(3)
    turns = 0
    while turns < 3 and (record := await repository.get(record.id)).status is GameStatus.ACTIVE:
        action = game.dump_action(chooser.choice(game.legal_actions(record.state, 0)))
        await click_move(room, record, action)
        turns += any(m.seat == 1 for m in (await repository.moves(record.id))[record.version :])
    assert turns == 3  # the computer played three turns, each giving alice hers again
    assert sent_pings(room.env) == started


async def test_the_board_offers_no_buttons_while_a_computer_is_to_act(
    simcord_env: simcord.Env, tmp_path: Path, repository: Repository
) -> None:
    await simcord_env.restart_bot(bot_with_delay(tmp_path, repository, 30))  # the AI waits 30 s
    room = make_room(simcord_env, repository, names=("alice",))
    alice = room.players[0]
    lobby = await lobby_with_ais(room, "pickomino", 1)
    record = await room.record()
    await alice.click(room.message(lobby.id), label="Start")
    record = await repository.get(record.id)
    game = engine.get_game("pickomino")
    while game.to_act(record.state) == (0,):  # alice plays until her turn ends
        await click_move(room, record, game.dump_action(game.legal_actions(record.state, 0)[0]))
        record = await repository.get(record.id)
    assert game.to_act(record.state) == (1,)
    assert labels(room.message(record.message_id)) == {"Private": True}
    waiting = record.version
    await simcord_env.advance_time(31)  # the pause is over: the computer plays
    assert (await repository.get(record.id)).version > waiting


@WHOLE_GAMES
async def test_a_game_of_computers_only_plays_itself_to_the_end(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository, names=("host",))
    host = room.players[0]
    lobby = await lobby_with_ais(room, "pickomino", 2)
    left = await host.click(room.message(lobby.id), label="Leave")  # the host watches
    assert left.acknowledged and not left.ephemeral
    record = await room.record()
    assert record.status is GameStatus.LOBBY and [s.ai for s in record.seats] == ["strong", "strong"]

    await host.click(room.message(lobby.id), label="Start")

    finished = await repository.get(record.id)
    assert finished.status is GameStatus.FINISHED and finished.result is not None
    assert len(await repository.moves(record.id)) == finished.version > 20
    board = room.message(finished.message_id)
    assert description_of(board) == "Game over. The grill is empty." and labels(board) == {}
    assert not [m for m in room.channel.history() if "your turn" in m.content]  # nobody to ping


@WHOLE_GAMES
async def test_a_raid_of_computers_only_plays_itself_to_the_end_with_the_raid_board(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository, names=("host",))
    host = room.players[0]
    lobby = await lobby_with_ais(room, "raid", 1)  # Raid seats two: the host makes room
    await host.click(room.message(lobby.id), label="Leave")
    await host.click(room.message(lobby.id), label=STRONGEST["raid"])
    record = await room.record()
    assert [s.ai for s in record.seats] == ["scout", "scout"]
    await host.click(room.message(lobby.id), label="Start")

    finished = await repository.get(record.id)
    assert finished.status is GameStatus.FINISHED and finished.result is not None
    assert [m.action["kind"] for m in await repository.moves(finished.id)][:2] == ["place", "place"]
    board = room.message(finished.message_id)
    assert labels(board) == {}
    assert [a.filename for a in board.attachments] == ["raid-board.png"]  # the Raid renderer drew it


async def test_the_host_picks_each_computer_player_s_policy(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository, names=("alice",))
    alice = room.players[0]
    lobby = (await alice.slash(room.channel, "play", game="pickomino")).response
    assert lobby is not None
    ai_buttons = [label for label in labels(lobby) if label.startswith("Add AI")]
    assert ai_buttons == ["Add AI: strong", "Add AI: greedy", "Add AI: random"]  # strongest first
    for label in ("Add AI: greedy", "Add AI: random"):
        added = await alice.click(room.message(lobby.id), label=label)
        assert added.acknowledged and not added.ephemeral, added
    record = await room.record()
    assert [(s.ai, s.name) for s in record.seats[1:]] == [("greedy", "🤖 greedy"), ("random", "🤖 random")]
    players = first_field(room.message(lobby.id))
    assert players.splitlines()[1:] == ["2. 🤖 greedy", "3. 🤖 random"]


async def test_add_ai_respects_the_seat_limit_and_the_host(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    lobby = await lobby_with_ais(room, "raid", 1)  # Raid seats exactly 2
    refused = await bob.click(room.message(lobby.id), label=STRONGEST["raid"])
    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == "Only the host can add computer players."
    full = await alice.click(room.message(lobby.id), label=STRONGEST["raid"])
    assert full.ephemeral and full.response is not None
    assert full.response.content == "The game is full: 2 players at most."
    record = await room.record()
    assert [s.ai for s in record.seats] == [None, "scout"]


async def test_a_raid_computer_places_its_objects_at_the_start(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository, names=("alice",))
    alice = room.players[0]
    lobby = await lobby_with_ais(room, "raid", 1)
    await alice.click(room.message(lobby.id), label="Start")
    record = await room.record()
    assert record.state.maps[1] is not None and record.state.maps[0] is None  # only the AI placed
    moves = await repository.moves(record.id)
    assert [(m.seat, m.action["kind"]) for m in moves] == [(1, "place")]

    placed = await alice.slash(room.channel, "move", action="random")
    assert placed.response is not None and placed.ephemeral
    record = await room.record()
    assert record.state.phase == "play" and engine.get_game("raid").to_act(record.state) == (0,)


@pytest.mark.simcord(settle_timeout=30.0)  # timers beyond 30 s wait for advance_time
async def test_pending_computer_turns_resume_after_a_restart(
    simcord_env: simcord.Env, tmp_path: Path, repository: Repository
) -> None:
    # A 60 s pause, beyond the settle wait, keeps the first computer move pending.
    await simcord_env.restart_bot(bot_with_delay(tmp_path, repository, 60))
    room = make_room(simcord_env, repository, names=("host",))
    lobby = await lobby_with_ais(room, "pickomino", 2)
    await room.players[0].click(room.message(lobby.id), label="Leave")
    await room.players[0].click(room.message(lobby.id), label="Start")
    record = await room.record()
    assert record.status is GameStatus.ACTIVE and record.version == 0

    reopened = await open_repository(database_url(tmp_path))
    try:
        # 10 s per move: more than SimCord's fixed 5 s wait for a bot to start, so the new bot
        # starts before it plays, and the virtual clock then drives the whole game.
        await simcord_env.restart_bot(bot_with_delay(tmp_path, reopened, 10))
        assert (await reopened.get(record.id)).version == 0
        for _ in range(100):  # ten minutes (some sixty moves) per step
            await let_time_pass(simcord_env, reopened, 600)
            if (await reopened.get(record.id)).status is GameStatus.FINISHED:
                break
        assert (await reopened.get(record.id)).status is GameStatus.FINISHED
    finally:
        await reopened.close()


def test_the_delay_is_a_checked_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AI_DELAY_SECONDS", "0.25")
    assert Settings(_env_file=None).ai_delay_seconds == 0.25  # type: ignore[call-arg]
    monkeypatch.setenv("AI_DELAY_SECONDS", "-1")
    with pytest.raises(ValueError, match="ai_delay_seconds"):
        Settings(_env_file=None)  # type: ignore[call-arg]
    monkeypatch.delenv("AI_DELAY_SECONDS")
    assert Settings(_env_file=None).ai_delay_seconds == 1.5  # type: ignore[call-arg]


async def test_play_for_seat_plays_only_a_seat_that_is_to_act(
    simcord_env: simcord.Env, tmp_path: Path, repository: Repository
) -> None:
    """The entry point for other code (a timed-out turn): one move, reproducible, or nothing."""
    await simcord_env.restart_bot(bot_with_delay(tmp_path, repository, 60))
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    lobby = (await alice.slash(room.channel, "play", game="pickomino")).response
    assert lobby is not None
    await bob.click(room.message(lobby.id), label="Join")
    await alice.click(room.message(lobby.id), label="Start")
    record = await room.record()
    bot = simcord_env.bot
    assert isinstance(bot, TavernBot)
    assert await bot.ai_players.play_for_seat(record.id, 1, "greedy") is False  # bob is not to act
    assert await bot.ai_players.play_for_seat(record.id, 0, "greedy") is True  # alice's turn, for her
    (move,) = await repository.moves(record.id)
    assert move.seat == 0 and move.action == {"kind": "roll"}  # the only legal first move
    board = room.message(record.message_id)
    assert "Roll" in field_names(board)  # announced on the board
    assert decision_seed(record.id, 1, 0) == decision_seed(record.id, 1, 0) != decision_seed(record.id, 1, 1)


async def test_an_old_add_ai_button_seats_the_strongest_and_a_forged_policy_is_refused(
    repository: Repository,
) -> None:
    """Lobbies posted before the policy buttons carry the op ``ai`` alone; a custom id with a
    policy the game does not have is refused with a message and changes nothing."""
    from bot.cogs.lobby import LOBBY_OPS
    from bot.reply import UserMistake

    lobby = await repository.create_lobby(
        "pickomino", guild_id=1, channel_id=2, host_id=3, host_name="host", options={}
    )
    host = discord.Object(3)
    after = await LOBBY_OPS["ai"](repository, lobby, host, "en", "")
    assert [(s.ai, s.name) for s in after.seats[1:]] == [("strong", "🤖 strong")]
    with pytest.raises(UserMistake) as refused:
        await LOBBY_OPS["ai"](repository, after, host, "en", "scout")
    assert refused.value.key == "lobby.unknown_ai" and refused.value.params == {"policy": "scout"}
    assert (await repository.get(lobby.id)).seats == after.seats


def test_a_seat_keeps_its_policy_object_between_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``strong`` works out at the start of a turn serves the turn's later decisions: the
    process that decides keeps each seat's policy object under the key the bot gives it."""
    import engine.ai.kept
    from bot.ai_players import AIPlayers
    from bot.settings import Settings
    from engine.ai.kept import kept_policy

    class Host:
        settings = Settings(_env_file=None, discord_token=None)

    players, other = AIPlayers(Host()), AIPlayers(Host())  # type: ignore[arg-type]  # no bot
    first = kept_policy(players.kept(1, 0, "strong"), "pickomino", "strong")
    assert kept_policy(players.kept(1, 0, "strong"), "pickomino", "strong") is first
    assert kept_policy(players.kept(1, 1, "strong"), "pickomino", "strong") is not first
    assert kept_policy(players.kept(2, 0, "strong"), "pickomino", "strong") is not first
    # another bot of the same process (a test's) has its own game 1
    assert kept_policy(other.kept(1, 0, "strong"), "pickomino", "strong") is not first
    monkeypatch.setattr(engine.ai.kept, "POLICIES_KEPT", 2)
    kept_policy(players.kept(3, 0, "greedy"), "pickomino", "greedy")  # too many: game 1 seat 0 goes
    assert kept_policy(players.kept(1, 0, "strong"), "pickomino", "strong") is not first
