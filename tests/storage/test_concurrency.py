"""Several repositories on one database — as several bot processes would have — never apply a
move twice, never hand out a reminder or a timeout twice, never seat two players in one seat
and never open two games in one channel."""

from __future__ import annotations

import asyncio
import os
import sys
from collections import Counter
from datetime import timedelta
from pathlib import Path

from bot.stored import guild_settings
from bot.stored.guild_settings import GuildSettings
from storage import ChannelBusy, GameStatus, Repository, open_repository
from storage.turn_clock import DueTurn
from tests.storage.helpers import computers_game, started_game, time_passes

ROOT = Path(__file__).resolve().parents[2]
RACER = Path(__file__).with_name("race_writer.py")


async def two_more(db_url: str) -> tuple[Repository, Repository]:
    return await open_repository(db_url), await open_repository(db_url)


async def test_two_processes_racing_on_the_same_games_store_each_move_once(
    repo: Repository, db_url: str
) -> None:
    games = [await started_game(repo, channel_id=n, ais=1, seed=n) for n in range(3)]
    ids = [str(game.id) for game in games]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    writers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            str(RACER),
            db_url,
            str(seed),
            "100",
            *ids,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
        )
        for seed in (1, 2)
    ]
    outputs = await asyncio.wait_for(asyncio.gather(*(w.communicate() for w in writers)), timeout=120)
    stored: Counter[tuple[int, int]] = Counter()
    for writer, (out, err) in zip(writers, outputs, strict=True):
        lines = out.decode().split()
        assert writer.returncode == 0 and lines[-1] == "done", err.decode()
        numbers = [line for line in out.decode().splitlines() if line not in ("stale", "done")]
        stored.update(tuple(map(int, line.split())) for line in numbers)  # type: ignore[misc]
    assert stored and max(stored.values()) == 1  # no (game, version) was stored by both
    for game in games:
        record = await repo.get(game.id)
        assert sorted(v for g, v in stored if g == game.id) == list(range(1, record.version + 1))
        assert len(await repo.moves(game.id)) == record.version
    assert await repo.verify() == []


async def test_concurrent_claims_hand_out_each_reminder_timeout_and_computer_turn_once(
    repo: Repository, db_url: str
) -> None:
    await guild_settings.write(repo, 1, GuildSettings(turn_limit_minutes=10, reminder_minutes=4))
    games = [await started_game(repo, channel_id=n, seed=n) for n in range(12)]
    computers = [await computers_game(repo, channel_id=100 + n, seed=n) for n in range(6)]
    for game in games + computers:
        await repo.turn_clock.sync(game.id)
    first, second = await two_more(db_url)
    racers = (first, second, first, second, repo, repo)
    try:

        async def race(claim: str, minutes: int) -> list[tuple[Repository, DueTurn]]:
            """``minutes`` pass, then every racer claims at once: each due seat goes to exactly
            one of them."""
            await time_passes(repo, minutes * 60)
            batches = await asyncio.gather(*(getattr(r.turn_clock, claim)() for r in racers))
            claimed = Counter((due.game_id, due.seat) for batch in batches for due in batch)
            assert set(claimed) == {(game.id, 0) for game in games}, claim
            assert set(claimed.values()) == {1}, claim
            return [(r, due) for r, batch in zip(racers, batches, strict=True) for due in batch]

        for holder, reminder in await race("claim_reminders", 4):
            assert await holder.turn_clock.complete_reminder(reminder)
        timeouts = await race("claim_timeouts", 6)
        turns = await asyncio.gather(*(r.computer_turns.claim_due(pause_seconds=1.5) for r in racers))
        taken = Counter(game_id for batch in turns for game_id in batch)
        assert set(taken) == {game.id for game in computers} and set(taken.values()) == {1}
        # Held, not done: due again when the leases run out (a lease from the database's now),
        # unless their holders settle them.
        due = await repo.turn_clock.next_due()
        lease = timedelta(seconds=repo.claimant.lease_seconds)
        assert due.at is not None and due.now < due.at <= due.now + lease
        for holder, timeout in timeouts:
            assert await holder.turn_clock.complete_timeout(timeout)
        assert (await repo.turn_clock.next_due()).at is None
    finally:
        await first.close()
        await second.close()


async def test_two_lobbies_opened_at_once_in_one_channel_make_one(repo: Repository, db_url: str) -> None:
    first, second = await two_more(db_url)
    try:
        outcomes = await asyncio.gather(
            *(
                r.create_lobby("pickomino", guild_id=1, channel_id=7, host_id=n, host_name="A", options={})
                for n, r in enumerate((first, second, repo))
            ),
            return_exceptions=True,
        )
        kinds = sorted(type(o).__name__ for o in outcomes)
        assert kinds == ["ChannelBusy", "ChannelBusy", "GameRecord"]
        [made] = [o for o in outcomes if not isinstance(o, BaseException)]
        assert all(o.params["game_id"] == made.id for o in outcomes if isinstance(o, ChannelBusy))
        assert [g.id for g in await repo.active_games()] == [made.id]
    finally:
        await first.close()
        await second.close()


async def test_players_joining_at_once_get_a_seat_each(repo: Repository, db_url: str) -> None:
    lobby = await repo.create_lobby(
        "pickomino", guild_id=1, channel_id=9, host_id=1, host_name="A", options={}
    )
    first, second = await two_more(db_url)
    try:
        await asyncio.gather(
            *(
                r.join(lobby.id, user, f"u{user}")
                for user, r in zip(range(2, 6), (first, second) * 2, strict=True)
            )
        )
        seated = await repo.get(lobby.id)
        assert [s.seat for s in seated.seats] == [0, 1, 2, 3, 4]
        assert sorted(s.user_id for s in seated.seats if s.user_id) == [1, 2, 3, 4, 5]
        started = await first.start(lobby.id, seed=3)
        assert started.status is GameStatus.ACTIVE
    finally:
        await first.close()
        await second.close()
