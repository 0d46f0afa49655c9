"""Shared steps of storage tests: set up a started Pickomino game and play random legal moves
through the repository, as the bot would."""

from __future__ import annotations

import random
from typing import Any

import engine
from bot.stored import guild_settings
from bot.stored.guild_settings import GuildSettings
from storage import GameRecord, GameStatus, Repository
from storage.turn_clock import current_clock, stored_clocks

PICKOMINO = engine.get_game("pickomino")


async def started_game(
    repo: Repository,
    *,
    channel_id: int = 100,
    guild_id: int | None = 1,
    humans: tuple[int, ...] = (11, 12),
    ais: int = 0,
    seed: int = 7,
    options: dict[str, Any] | None = None,
) -> GameRecord:
    """A running Pickomino game: ``humans[0]`` hosts, the others join, then ``ais`` computer
    players."""
    lobby = await repo.create_lobby(
        "pickomino",
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=humans[0],
        host_name=f"user{humans[0]}",
        options=options or {},
    )
    for user in humans[1:]:
        await repo.join(lobby.id, user, f"user{user}")
    for n in range(ais):
        await repo.add_ai(lobby.id, "random", f"bot{n}")
    return await repo.start(lobby.id, seed=seed)


async def clocked_game(repo: Repository, **started: Any) -> GameRecord:
    """A running Pickomino game on server 1, whose turn limit is 10 minutes with a reminder at 4,
    and whose seat 0 is to act from the database's now (its turn clock synced then)."""
    await guild_settings.write(repo, 1, GuildSettings(turn_limit_minutes=10, reminder_minutes=4))
    game = await started_game(repo, **started)
    await repo.turn_clock.sync(game.id)
    return game


async def computers_game(
    repo: Repository, *, channel_id: int, seed: int = 7, ais: int = 2, guild_id: int = 1
) -> GameRecord:
    """A running Pickomino game of computer players only (the host left the lobby to watch), so a
    computer seat is to act from the start."""
    host = 10_000 + channel_id % 10_000
    lobby = await repo.create_lobby(
        "pickomino", guild_id=guild_id, channel_id=channel_id, host_id=host, host_name="host", options={}
    )
    for n in range(ais):
        await repo.add_ai(lobby.id, "random", f"bot{n}")
    await repo.leave(lobby.id, host)
    return await repo.start(lobby.id, seed=seed)


def random_move(record: GameRecord, rng: random.Random) -> tuple[int, dict[str, Any]]:
    """A random legal move of the seat to act, as plain data."""
    seat = PICKOMINO.to_act(record.state)[0]
    action = rng.choice(PICKOMINO.legal_actions(record.state, seat))
    return seat, PICKOMINO.dump_action(action)


async def play(
    repo: Repository, record: GameRecord, rng: random.Random, moves: int | None = None
) -> GameRecord:
    """Play random legal moves until the game is over (or ``moves`` have been played)."""
    played = 0
    while record.status == GameStatus.ACTIVE and (moves is None or played < moves):
        seat, action = random_move(record, rng)
        record = (await repo.apply(record.id, expected_version=record.version, seat=seat, action=action)).game
        played += 1
    return record


LEASES = (
    ("computer_turns", "owner", "lease_until"),
    ("turn_deadlines", "reminder_owner", "reminder_until"),
    ("turn_deadlines", "timeout_owner", "timeout_until"),
    ("owed", "owner", "lease_until"),
)
"""Every claim's owner and lease end (``storage.claims``)."""


async def database_now(repo: Repository) -> float:
    """The database's own clock, in Unix seconds: what leases are counted by (the test server
    may be another machine, whose clock is not this one's)."""
    async with repo.database.transaction(write=False, single=True) as db:
        row = await db.fetch_one(f"SELECT {db.now}")
    assert row is not None
    return float(row[0])


CLOCK_MOMENTS = (
    ("turn_deadlines", ("reminder_at", "deadline_at", "reminder_until", "timeout_until")),
    ("games", ("turns_due",)),
    ("computer_turns", ("due_at", "lease_until")),
    ("owed", ("due_at", "lease_until")),
)
"""Every moment the turn clock, the computer turns, the owed follow-through and the claims store
(the database's Unix seconds), but the log's ``turn_at``, which ``time_passes`` leaves behind by
bringing the clocks up to date first."""


async def time_passes(repo: Repository, seconds: float) -> None:
    """``seconds`` pass for the games in the repository's database: every moment stored by the
    database's clock moves ``seconds`` back, as if everything had been stored that much earlier.
    The database's clock itself is real and never moved: what it says is now stays now. Written
    behind the turn clock's back, as only a test does. The log is append-only, so a seat's clock
    restarted by a move in the log (``storage.turn_clock``) is first brought up to date on its
    row (as the claim that finds it due does, ``current_clock``); its older moves' times are
    then never read again."""
    async with repo.database.transaction(write=True) as db:
        for (game_id,) in await db.fetch("SELECT DISTINCT game_id FROM turn_deadlines"):
            for clock in (await stored_clocks(db, int(game_id))).values():
                assert await current_clock(db, clock) is not None
        for table, columns in CLOCK_MOMENTS:
            moved = ", ".join(f"{column} = {column} - ?" for column in columns)
            await db.execute(f"UPDATE {table} SET {moved}", (seconds,) * len(columns))


async def end_leases(repo: Repository, *, after: float = -1.0) -> None:
    """Every lease held in the repository's database ends ``after`` seconds from the database's
    own now: by default it has run out, as if its holder had died a lease ago. Written behind
    the claims' back, as only a test does: leases are counted by the database's clock, which no
    test can move on."""
    async with repo.database.transaction(write=True) as db:
        for table, owner, until in LEASES:
            await db.execute(f"UPDATE {table} SET {until} = {db.now} + ? WHERE {owner} IS NOT NULL", (after,))
