"""Lobbies: create, join, add AI, leave, start, abandon — and the rules each one enforces."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

import engine
from storage import ChannelBusy, GameNotFound, GameRecord, GameStatus, LobbyError, NotPlaying, Repository
from tests.storage.conftest import TickingClock
from tests.storage.helpers import PICKOMINO, started_game


async def new_lobby(
    repo: Repository, channel_id: int = 100, host_id: int = 11, guild_id: int | None = 1
) -> GameRecord:
    return await repo.create_lobby(
        "pickomino", guild_id=guild_id, channel_id=channel_id, host_id=host_id, host_name="Ann", options={}
    )


async def test_create_lobby_seats_the_host_and_stores_checked_options(repo: Repository) -> None:
    lobby = await repo.create_lobby(
        "pickomino", guild_id=5, channel_id=100, host_id=11, host_name="Ann", options={}
    )
    assert lobby.status == GameStatus.LOBBY
    assert (lobby.key, lobby.guild_id, lobby.channel_id, lobby.host_id) == ("pickomino", 5, 100, 11)
    assert [(s.seat, s.user_id, s.name, s.ai) for s in lobby.seats] == [(0, 11, "Ann", None)]
    assert lobby.options == {"tiebreak": "highest_tile"}  # the game's default, filled in
    assert lobby.state is None and lobby.seed is None and lobby.version == 0
    assert lobby.created_at == datetime(2024, 1, 1, 12, 0, 1, tzinfo=UTC)
    assert await repo.get(lobby.id) == lobby


async def test_create_lobby_refuses_unknown_games_and_bad_options(repo: Repository) -> None:
    with pytest.raises(engine.UnknownGame):
        await repo.create_lobby("chess", guild_id=1, channel_id=100, host_id=11, host_name="Ann", options={})
    with pytest.raises(engine.BadOptions):
        await repo.create_lobby(
            "pickomino", guild_id=1, channel_id=100, host_id=11, host_name="Ann", options={"tiebreak": "dice"}
        )
    assert await repo.by_channel(100) is None
    assert await repo.active_games() == []


async def test_one_lobby_or_game_per_channel(repo: Repository) -> None:
    first = await new_lobby(repo)
    with pytest.raises(ChannelBusy) as busy:
        await new_lobby(repo, host_id=12)
    assert busy.value.params["game_id"] == first.id
    other = await new_lobby(repo, channel_id=200, host_id=12)  # another channel is free
    await repo.join(first.id, 12, "Bob")
    await repo.start(first.id, seed=1)
    with pytest.raises(ChannelBusy):  # a running game keeps the channel busy
        await new_lobby(repo, host_id=13)
    await repo.abandon(first.id)
    again = await new_lobby(repo, host_id=13)
    assert again.id not in (first.id, other.id)


async def test_join_fills_seats_in_order_up_to_the_games_maximum(repo: Repository) -> None:
    lobby = await new_lobby(repo)
    for user in range(12, 12 + PICKOMINO.max_seats - 1):
        lobby = await repo.join(lobby.id, user, f"user{user}")
    assert [s.seat for s in lobby.seats] == list(range(PICKOMINO.max_seats))
    assert lobby.seats[1].user_id == 12
    with pytest.raises(LobbyError) as full:
        await repo.join(lobby.id, 99, "late")
    assert full.value.code == "game_full"
    with pytest.raises(LobbyError) as full_ai:
        await repo.add_ai(lobby.id, "random", "bot")
    assert full_ai.value.code == "game_full"
    assert len((await repo.get(lobby.id)).seats) == PICKOMINO.max_seats


async def test_join_twice_is_refused(repo: Repository) -> None:
    lobby = await new_lobby(repo)
    await repo.join(lobby.id, 12, "Bob")
    with pytest.raises(LobbyError) as seated:
        await repo.join(lobby.id, 12, "Bob")
    assert seated.value.code == "already_seated"
    with pytest.raises(LobbyError) as host:
        await repo.join(lobby.id, 11, "Ann")
    assert host.value.code == "already_seated"
    assert len((await repo.get(lobby.id)).seats) == 2


async def test_add_ai_takes_a_seat_without_a_user(repo: Repository) -> None:
    lobby = await new_lobby(repo)
    lobby = await repo.add_ai(lobby.id, "greedy", "Robo")
    seat = lobby.seats[1]
    assert (seat.seat, seat.user_id, seat.ai, seat.name, seat.is_ai) == (1, None, "greedy", "Robo", True)


async def test_leave_renumbers_the_later_seats(repo: Repository) -> None:
    lobby = await new_lobby(repo)
    await repo.join(lobby.id, 12, "Bob")
    await repo.add_ai(lobby.id, "random", "Robo")
    await repo.join(lobby.id, 13, "Cid")
    lobby = await repo.leave(lobby.id, 12)
    assert [(s.seat, s.user_id, s.name) for s in lobby.seats] == [
        (0, 11, "Ann"),
        (1, None, "Robo"),
        (2, 13, "Cid"),
    ]
    assert lobby.status == GameStatus.LOBBY
    with pytest.raises(LobbyError) as not_seated:
        await repo.leave(lobby.id, 12)
    assert not_seated.value.code == "not_seated"


async def test_the_host_leaving_abandons_the_lobby(repo: Repository) -> None:
    lobby = await new_lobby(repo)
    await repo.join(lobby.id, 12, "Bob")
    lobby = await repo.leave(lobby.id, 11)
    assert lobby.status == GameStatus.ABANDONED
    assert await repo.by_channel(100) is None
    with pytest.raises(LobbyError) as closed:
        await repo.join(lobby.id, 13, "Cid")
    assert closed.value.code == "not_in_lobby"


async def test_start_needs_enough_players(repo: Repository) -> None:
    lobby = await new_lobby(repo)
    with pytest.raises(LobbyError) as few:
        await repo.start(lobby.id, seed=1)
    assert few.value.code == "too_few_players"
    assert few.value.params["min"] == PICKOMINO.min_seats
    assert (await repo.get(lobby.id)).status == GameStatus.LOBBY


async def test_start_deals_the_game_from_the_seed(repo: Repository) -> None:
    game = await started_game(repo, humans=(11, 12), ais=1, seed=42)
    assert game.status == GameStatus.ACTIVE and game.seed == 42 and game.version == 0
    expected = PICKOMINO.new(3, 42, {"tiebreak": "highest_tile"})
    assert PICKOMINO.dump_state(game.state) == PICKOMINO.dump_state(expected)
    assert game.result is None


async def test_start_without_a_seed_draws_a_63_bit_one(repo: Repository) -> None:
    seeds = []
    for channel in (1, 2):
        lobby = await new_lobby(repo, channel_id=channel)
        await repo.join(lobby.id, 12, "Bob")
        game = await repo.start(lobby.id)
        assert game.seed is not None and 0 <= game.seed < 2**63
        assert game.state is not None and game.state.rng.seed == game.seed
        seeds.append(game.seed)
    assert seeds[0] != seeds[1]  # a collision has odds of 1 in 2**63


async def test_start_refuses_a_seed_sqlite_cannot_hold(repo: Repository) -> None:
    lobby = await new_lobby(repo)
    await repo.join(lobby.id, 12, "Bob")
    for seed in (-1, 2**63):
        with pytest.raises(ValueError, match="seed"):
            await repo.start(lobby.id, seed=seed)
    assert (await repo.get(lobby.id)).status == GameStatus.LOBBY


async def test_lobby_operations_after_start_are_refused(repo: Repository) -> None:
    game = await started_game(repo)
    for operation in (
        repo.join(game.id, 13, "Cid"),
        repo.add_ai(game.id, "random", "Robo"),
        repo.leave(game.id, 12),
        repo.start(game.id, seed=3),
    ):
        with pytest.raises(LobbyError) as refused:
            await operation
        assert refused.value.code == "not_in_lobby"
    assert await repo.get(game.id) == game


async def test_get_unknown_game(repo: Repository) -> None:
    with pytest.raises(GameNotFound):
        await repo.get(404)
    with pytest.raises(GameNotFound):
        await repo.join(404, 1, "x")
    with pytest.raises(GameNotFound):
        await repo.moves(404)


async def test_board_message_finds_the_game(repo: Repository) -> None:
    game = await started_game(repo)
    assert await repo.by_message(555) is None
    game = await repo.set_message(game.id, 555)
    assert game.message_id == 555
    assert await repo.by_message(555) == game
    assert await repo.by_channel(100) == game
    await repo.abandon(game.id)
    found = await repo.by_message(555)  # a finished or abandoned board still names its game
    assert found is not None and found.status == GameStatus.ABANDONED
    assert await repo.by_channel(100) is None


async def test_active_games_lists_lobbies_and_running_games_newest_first(repo: Repository) -> None:
    running = await started_game(repo, channel_id=1, guild_id=1)
    lobby = await new_lobby(repo, channel_id=2, guild_id=2)
    other_guild = await started_game(repo, channel_id=3, guild_id=2)
    dropped = await new_lobby(repo, channel_id=4, guild_id=1)
    await repo.abandon(dropped.id)
    assert [g.id for g in await repo.active_games()] == [other_guild.id, lobby.id, running.id]
    assert [g.id for g in await repo.active_games(guild_id=2)] == [other_guild.id, lobby.id]
    assert [g.id for g in await repo.active_games(guild_id=1)] == [running.id]


async def test_abandon_rules(repo: Repository, clock: TickingClock) -> None:
    game = await started_game(repo)
    abandoned = await repo.abandon(game.id)
    assert abandoned.status == GameStatus.ABANDONED
    assert abandoned.state == game.state and abandoned.updated_at == clock.now
    assert await repo.abandon(game.id) == abandoned  # twice: nothing more happens
    with pytest.raises(NotPlaying):
        await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})


async def test_the_host_may_leave_a_lobby_of_computers_to_watch_them_play(repo: Repository) -> None:
    lobby = await new_lobby(repo)
    await repo.add_ai(lobby.id, "greedy", "Robo")
    await repo.add_ai(lobby.id, "strong", "Robo 2")
    lobby = await repo.leave(lobby.id, 11)
    assert lobby.status == GameStatus.LOBBY and lobby.host_id == 11
    assert [(s.seat, s.ai) for s in lobby.seats] == [(0, "greedy"), (1, "strong")]
    started = await repo.start(lobby.id, seed=1)
    assert started.status == GameStatus.ACTIVE


async def test_the_host_alone_leaving_still_cancels_the_lobby(repo: Repository) -> None:
    lobby = await repo.leave((await new_lobby(repo)).id, 11)
    assert lobby.status == GameStatus.ABANDONED
