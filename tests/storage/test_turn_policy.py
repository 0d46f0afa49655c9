"""The turn clock's policy: storage names no server setting, it asks the reader it was given for a
game's turn limit and reminder, on the connection of the move's own transaction; without a
reader every game counts with the default; the bot's reader gives a server's ``/config``."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot import create_bot
from bot.settings import Settings
from bot.stored import guild_settings
from bot.stored import open_repository as open_bot_repository
from bot.stored.guild_settings import GuildSettings
from storage import Repository, open_repository
from storage.database import Connection
from storage.turn_clock import DEFAULT_TURN_POLICY, TurnDeadline, TurnPolicy
from tests.storage.helpers import database_now, started_game


def minutes(n: float) -> timedelta:
    return timedelta(minutes=n)


async def roll(repo: Repository, game_id: int, version: int) -> dict[int, TurnDeadline]:
    """Seat 0 rolls (in Pickomino it is then still to act), with the turn clock."""
    applied = await repo.apply(
        game_id, expected_version=version, seat=0, action={"kind": "roll"}, clocked=True
    )
    return applied.deadlines


async def counts_with(repo: Repository, deadline: TurnDeadline, policy: TurnPolicy) -> bool:
    """Whether ``deadline`` was counted with ``policy`` from a moment of the database's clock no
    later than now: its reminder (or none) and its limit."""
    start = deadline.deadline_at - minutes(policy.limit_minutes)
    reminder = start + minutes(policy.reminder_minutes) if policy.reminder_minutes else None
    return deadline.reminder_at == reminder and start.timestamp() <= await database_now(repo) + 0.001


async def test_without_a_reader_every_game_counts_with_the_default_policy(db_url: str) -> None:
    repo = await open_repository(db_url)
    try:
        # A server's settings are the bot's: storage opened on its own does not read them.
        await guild_settings.write(repo, 1, GuildSettings(turn_limit_minutes=10, reminder_minutes=4))
        game = await started_game(repo, guild_id=1)
        synced = await repo.turn_clock.sync(game.id)
        assert await counts_with(repo, synced[0], DEFAULT_TURN_POLICY)
        moved = await roll(repo, game.id, 0)
        assert await counts_with(repo, moved[0], DEFAULT_TURN_POLICY)
        assert moved[0].deadline_at >= synced[0].deadline_at
    finally:
        await repo.close()


async def test_the_reader_is_asked_on_the_moves_connection_inside_its_transaction(db_url: str) -> None:
    asked: list[tuple[int | None, int]] = []

    async def policy(db: Connection, guild_id: int | None) -> TurnPolicy:
        # The game's version as this connection sees it: the move's own, not yet committed,
        # write is visible only inside the move's transaction.
        row = await db.fetch_one("SELECT MAX(version) FROM games")
        asked.append((guild_id, int(row[0]) if row is not None else -1))
        return TurnPolicy(limit_minutes=7, reminder_minutes=2)

    repo = await open_repository(db_url, turn_policy=policy)
    try:
        game = await started_game(repo, guild_id=42)
        deadlines = await roll(repo, game.id, 0)
        assert asked == [(42, 1)]
        assert set(deadlines) == {0} and deadlines[0].version == 1
        assert await counts_with(repo, deadlines[0], TurnPolicy(limit_minutes=7, reminder_minutes=2))
        assert await repo.turn_clock.deadlines(game.id) == deadlines
        synced = await repo.turn_clock.sync(game.id)  # synced again: the reader is asked again
        assert await counts_with(repo, synced[0], TurnPolicy(limit_minutes=7, reminder_minutes=2))
        assert asked == [(42, 1), (42, 1)]
    finally:
        await repo.close()


async def test_a_reader_that_fails_leaves_the_move_unstored(db_url: str) -> None:
    """The move, its policy and its deadlines are one transaction: no move without its clock."""

    async def broken(db: Connection, guild_id: int | None) -> TurnPolicy:
        raise RuntimeError("the settings cannot be read")

    repo = await open_repository(db_url, turn_policy=broken)
    try:
        game = await started_game(repo)
        with pytest.raises(RuntimeError):
            await roll(repo, game.id, 0)
        assert (await repo.get(game.id)).version == 0
        assert await repo.moves(game.id) == []
        assert await repo.turn_clock.deadlines(game.id) == {}
        await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})  # no clock: stored
        assert (await repo.get(game.id)).version == 1
    finally:
        await repo.close()


async def test_the_bots_reader_gives_each_servers_limit_and_reminder(repo: Repository) -> None:
    await guild_settings.write(repo, 1, GuildSettings(turn_limit_minutes=30, reminder_minutes=0))
    on_one = await started_game(repo, channel_id=1, guild_id=1)
    on_two = await started_game(repo, channel_id=2, guild_id=2)
    one = (await repo.turn_clock.sync(on_one.id))[0]
    assert (one.version, one.reminder_at) == (0, None)
    assert await counts_with(repo, one, TurnPolicy(limit_minutes=30, reminder_minutes=0))
    two = (await repo.turn_clock.sync(on_two.id))[0]
    assert await counts_with(repo, two, TurnPolicy(limit_minutes=24 * 60, reminder_minutes=120))


@pytest.mark.parametrize(("limit", "reminder"), [(0, 0), (10, 10), (10, 11), (10, -1)])
def test_a_policy_needs_a_limit_and_a_reminder_before_it(limit: int, reminder: int) -> None:
    with pytest.raises(ValueError):
        TurnPolicy(limit_minutes=limit, reminder_minutes=reminder)


def test_the_default_settings_are_the_default_policy() -> None:
    assert GuildSettings().turn_policy == DEFAULT_TURN_POLICY == TurnPolicy(24 * 60, 120)


async def test_the_bot_refuses_a_repository_that_ignores_the_servers_settings(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tavern.db'}"
    settings = Settings(_env_file=None, discord_token=None, database_url=url)  # type: ignore[call-arg]
    plain = await open_repository(url)
    try:
        with pytest.raises(ValueError, match=r"bot\.stored\.open_repository"):
            create_bot(settings, plain)
    finally:
        await plain.close()
    bots = await open_bot_repository(url)
    try:
        assert create_bot(settings, bots).repository is bots
    finally:
        await bots.close()
