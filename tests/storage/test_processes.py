"""Two bot processes on one PostgreSQL database, as ``docs/running-several-processes.md``
describes them: clicks on the same game from both store one move and the other is answered stale
(on SQLite too); both processes' scheduler passes, racing on the same virtual clock, hand every
reminder, timeout and computer turn to exactly one of them; two processes whose clocks run ten
minutes ahead and ten minutes behind remind and time out every turn at its moment by the
database's clock, neither early nor late, and try a move's failed follow-through again after its
pause by the same clock (on SQLite too); a process killed with SIGKILL while
playing computer turns leaves only whole moves, and the other takes its claims over once their
lease has run out by the database's clock, however far its own clock has moved on. The bots are
the real bot on SimCord (``bot_process.py``); ``--check`` on the shared database shows what each
process needs to know. Time passes for the games as it does for the database: the stored moments
move back (``time_passes``) as the processes' virtual clocks move on."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import engine
from bot.stored import guild_settings, open_repository
from bot.stored.guild_settings import GuildSettings
from storage import GameStatus, Repository
from storage.migrations import LATEST
from tests.storage.helpers import computers_game, end_leases, random_move, started_game, time_passes

ROOT = Path(__file__).resolve().parents[2]
BOT = Path(__file__).with_name("bot_process.py")
RACER = Path(__file__).with_name("click_racer.py")
ANSWER_TIMEOUT = 300.0
STEP = 30
"""Seconds a step of the tests moves time on: a scheduler pass (``bot.scheduler.POLL_SECONDS``)."""


class Process:
    """A child process spoken to in lines: a command in, one JSON answer out."""

    def __init__(self, child: asyncio.subprocess.Process) -> None:
        self.child = child

    @classmethod
    async def start(cls, script: Path, *args: str) -> Process:
        child = await asyncio.create_subprocess_exec(
            sys.executable,
            str(script),
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        return cls(child)

    async def read(self) -> Any:
        assert self.child.stdout is not None and self.child.stderr is not None
        line = await asyncio.wait_for(self.child.stdout.readline(), timeout=ANSWER_TIMEOUT)
        if not line:
            raise AssertionError(f"the process stopped: {(await self.child.stderr.read()).decode()}")
        return json.loads(line)

    def send(self, command: str) -> None:
        assert self.child.stdin is not None
        self.child.stdin.write(f"{command}\n".encode())

    async def ask(self, command: str) -> Any:
        self.send(command)
        return await self.read()

    async def quit(self) -> None:
        if self.child.returncode is None:
            self.send("quit")
            try:
                await asyncio.wait_for(self.child.wait(), timeout=60)
            except TimeoutError:
                self.child.kill()
                await self.child.wait()


async def together(processes: list[Process], command: str) -> list[Any]:
    """The same command to every process at the same moment."""
    for process in processes:
        process.send(command)
    return list(await asyncio.gather(*(p.read() for p in processes)))


async def bots(
    url: str, count: int, *, channels: int, delay: float, skews: tuple[float, ...] = ()
) -> tuple[list[Process], dict[str, Any]]:
    """``count`` bot processes on ``url``, each in the same SimCord world (returned); ``skews``:
    how many seconds each process's clocks run ahead (0 by default)."""
    skews = skews or (0.0,) * count
    started = [await Process.start(BOT, url, str(channels), str(delay), str(skew)) for skew in skews]
    hellos = [await p.read() for p in started]
    world = {k: v for k, v in hellos[0].items() if k != "owner"}
    assert all({k: v for k, v in h.items() if k != "owner"} == world for h in hellos)
    assert len({h["owner"] for h in hellos}) == count  # each process claims as its own owner
    world["owners"] = [h["owner"] for h in hellos]
    return started, world


async def steps(repo: Repository, processes: list[Process], count: int) -> None:
    """``count`` steps of time for the games: each moves the stored moments back by a step and
    every process's virtual clock on by one, so their scheduler passes run at the same moment."""
    for _ in range(count):
        await time_passes(repo, STEP)
        await together(processes, f"advance {STEP}")


async def moves_stored(repo: Repository) -> int:
    async with repo.database.transaction(write=False) as conn:
        row = await conn.fetch_one("SELECT COUNT(*) FROM moves")
    assert row is not None
    return int(row[0])


async def test_clicks_on_one_game_from_two_processes_store_one_move_the_other_is_stale(
    repo: Repository, db_url: str
) -> None:
    game = await started_game(repo, humans=(11, 12, 13))
    racers = [await Process.start(RACER, db_url) for _ in range(2)]
    try:
        rng = random.Random(4)
        record, rounds = game, 0
        while record.status is GameStatus.ACTIVE:
            seat, action = random_move(record, rng)
            click = json.dumps({"game": record.id, "version": record.version, "seat": seat, "action": action})
            answers = await together(racers, click)
            assert sorted(a["outcome"] for a in answers) == ["stale", "stored"], answers
            (stored,) = [a for a in answers if a["outcome"] == "stored"]
            assert stored["version"] == record.version + 1
            record = await repo.get(game.id)
            assert record.version == stored["version"]  # the click applied once, not twice
            rounds += 1
        assert rounds == record.version > 10
        assert len(await repo.moves(game.id)) == record.version
        assert await repo.verify() == []
    finally:
        for racer in racers:
            await racer.quit()


async def test_scheduler_passes_in_two_processes_handle_each_reminder_timeout_and_computer_turn_once(
    postgres_url: str,
) -> None:
    processes, world = await bots(postgres_url, 2, channels=9, delay=0)
    repo = await open_repository(postgres_url)
    try:
        guild, channels = world["guild"], world["channels"]
        await guild_settings.write(repo, guild, GuildSettings(turn_limit_minutes=10, reminder_minutes=4))
        people, computers = [], []
        for n, channel in enumerate(channels):  # started a step apart: due at different passes
            if n < 6:
                lobby = await repo.create_lobby(
                    "pickomino", guild_id=guild, channel_id=channel, host_id=world["alice"],
                    host_name="alice", options={},
                )  # fmt: skip
                await repo.join(lobby.id, world["bob"], "bob")
                people.append(await repo.start(lobby.id, seed=n))
            else:
                computers.append(await computers_game(repo, channel_id=channel, seed=n, guild_id=guild))
            await repo.turn_clock.sync((people + computers)[-1].id)
            await steps(repo, processes, 1)
        # 13 minutes from the first start (bob is not reminded yet), both processes' passes at
        # the same moments
        await steps(repo, processes, 26 - len(channels))
        reports = await together(processes, "report")
    finally:
        for process in processes:
            await process.quit()
    try:
        reminded = sum((Counter(r["reminded"]) for r in reports), Counter())
        assert reminded == {f"alice {game.id}": 1 for game in people}  # once per game, by one process
        timeouts = sum((Counter({int(c): n}) for r in reports for c, n in r["timeouts"].items()), Counter())
        assert {c: n for c, n in timeouts.items() if n} == {game.channel_id: 1 for game in people}
        adopted = [r["adopted"] for r in reports]
        assert sorted(adopted[0] + adopted[1]) == [game.id for game in computers]  # each by one process
        for game in people:
            record = await repo.get(game.id)
            moves = await repo.moves(game.id)
            assert moves and moves[0].seat == 0  # the computer played alice's turn, once
            assert engine.get_game("pickomino").to_act(record.state) == (1,)  # bob's turn now
        for game in computers:
            assert (await repo.get(game.id)).status is GameStatus.FINISHED
        assert await repo.computer_turns.pending() == {}
        assert await repo.verify() == []
    finally:
        await repo.close()


SKEW = 10 * 60.0
"""How far the clocks of the two processes of the skew test run ahead and behind."""


async def done(processes: list[Process]) -> tuple[Counter[str], Counter[str]]:
    """What the processes did, together: reminders by ``"member game"``, and timeout notices
    by channel."""
    reports = await together(processes, "report")
    reminded, timeouts = (
        sum((Counter({str(k): n for k, n in r[part].items() if n}) for r in reports), Counter())
        for part in ("reminded", "timeouts")
    )
    return reminded, timeouts


async def test_bots_whose_clocks_run_ten_minutes_ahead_and_behind_remind_and_time_out_each_turn_on_time(
    repo: Repository, db_url: str
) -> None:
    """Each process starts two games through the bot; a turn is due by the database's clock,
    whichever process started it and whichever passes first: no reminder nor timeout minutes
    early or late, and each exactly once."""
    processes, world = await bots(db_url, 2, channels=4, delay=0, skews=(SKEW, -SKEW))
    try:
        await guild_settings.write(
            repo, world["guild"], GuildSettings(turn_limit_minutes=10, reminder_minutes=4)
        )
        ahead, behind = processes
        games = [
            (await starter.ask(f"start {n}"))["game"]
            for n, starter in enumerate((ahead, ahead, behind, behind))
        ]
        reminded = {f"alice {game}": 1 for game in games}
        timed_out = {str(channel): 1 for channel in world["channels"]}

        await steps(repo, processes, 4)  # 2 minutes
        assert await done(processes) == ({}, {})
        await steps(repo, processes, 6)  # 5 minutes: reminded at 4
        assert await done(processes) == (reminded, {})
        await steps(repo, processes, 6)  # 8 minutes
        assert await done(processes) == (reminded, {})
        await steps(repo, processes, 6)  # 11 minutes: timed out at 10
        assert await done(processes) == (reminded, timed_out)
    finally:
        for process in processes:
            await process.quit()
    for game in games:
        moves = await repo.moves(game)
        assert moves and all(m.seat == 0 for m in moves)  # the computer played alice's turn, once
        assert engine.get_game("pickomino").to_act((await repo.get(game)).state) == (1,)
    assert await repo.verify() == []


FIRST_PAUSE = 30.0
"""The pause before a failed follow-through is tried again the first time (``bot.owed.RETRY_SECONDS``)."""


async def owed_rows(repo: Repository) -> list[tuple[int, int, str | None, float]]:
    """Every move's follow-through still owed: its game, its failed tries, its holder, and the
    seconds until it is due by the database's clock."""
    async with repo.database.transaction(write=False, single=True) as db:
        rows = await db.fetch(f"SELECT game_id, tries, owner, due_at - {db.now} FROM owed ORDER BY game_id")
    return [(int(game), int(tries), owner, float(due)) for game, tries, owner, due in rows]


async def test_bots_whose_clocks_run_ten_minutes_ahead_and_behind_try_a_failed_follow_through_again_on_time(
    repo: Repository, db_url: str
) -> None:
    """Each process starts a game while its Discord refuses every message in the game's channel,
    so the start's turn ping is given back: due again after the first pause by the database's
    clock, whichever process gave it back. The passes of both before then take nothing (the
    process ahead does not try early), and once it is due the process behind delivers both at
    its next pass (it does not try late), each ping once."""
    processes, world = await bots(db_url, 2, channels=2, delay=0, skews=(SKEW, -SKEW))
    try:
        behind = processes[1]
        for n, process in enumerate(processes):
            await process.ask(f"outage {n}")
        games = sorted([(await process.ask(f"start {n}"))["game"] for n, process in enumerate(processes)])
        await together(processes, f"advance {STEP}")  # discord.py's retries run out: given back

        given_back = await owed_rows(repo)
        assert [row[:3] for row in given_back] == [(game, 1, None) for game in games]
        assert all(0 < due <= FIRST_PAUSE for *_, due in given_back), given_back
        await together(processes, f"advance {STEP}")  # both passes, before it is due
        assert [row[:3] for row in await owed_rows(repo)] == [(game, 1, None) for game in games]

        await together(processes, "mend")
        await time_passes(repo, FIRST_PAUSE)
        await behind.ask(f"advance {STEP}")  # its next pass, once due
        assert await owed_rows(repo) == []
        pings = [(await process.ask("report"))["pings"] for process in processes]
    finally:
        for process in processes:
            await process.quit()
    channels = [str(channel) for channel in world["channels"]]
    assert pings == [dict.fromkeys(channels, 0), dict.fromkeys(channels, 1)]  # delivered by behind, once


async def test_a_process_killed_while_playing_leaves_whole_moves_and_the_other_takes_over(
    postgres_url: str,
) -> None:
    (first, second), world = await bots(postgres_url, 2, channels=3, delay=5)
    repo = await open_repository(postgres_url)
    try:
        games = [
            await computers_game(repo, channel_id=channel, seed=n, guild_id=world["guild"])
            for n, channel in enumerate(world["channels"])
        ]
        for game in games:
            await repo.turn_clock.sync(game.id)
        await time_passes(repo, STEP)
        await first.ask(f"advance {STEP}")  # its pass claims the three computer turns
        assert await repo.computer_turns.pending() == {game.id: world["owners"][0] for game in games}
        first.send("run 1")  # and plays them, a move every 5 virtual seconds per game
        while await moves_stored(repo) < 30:
            assert first.child.returncode is None, "the first bot stopped by itself"
            await asyncio.sleep(0.2)
        first.child.send_signal(signal.SIGKILL)  # in the middle of its move loop
        await first.child.wait()
        assert first.child.returncode == -signal.SIGKILL
        at_kill = {game.id: (await repo.get(game.id)).version for game in games}

        verified = subprocess.run(
            [sys.executable, "-m", "storage", "verify", "--database-url", postgres_url],
            cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert verified.returncode == 0, verified.stdout + verified.stderr  # every committed move replays

        # Its claims stay its own until their lease runs out by the database's clock (made an
        # hour from now, so that the test's own pace cannot run it out): the other process
        # waits, however far its clock moves on …
        unfinished = [g.id for g in games if (await repo.get(g.id)).status is GameStatus.ACTIVE]
        assert unfinished
        assert set((await repo.computer_turns.pending()).values()) == {world["owners"][0]}
        await end_leases(repo, after=3600)
        await second.ask("advance 600")  # ten leases by its own clock
        assert await repo.computer_turns.pending() == {g: world["owners"][0] for g in unfinished}
        assert {g: (await repo.get(g)).version for g in unfinished} == {g: at_kill[g] for g in unfinished}
        # … and takes them over at its first pass after the lease.
        await end_leases(repo)
        for _ in range(200):
            await second.ask("advance 60")
            if not await repo.active_games():
                break
        report = await second.ask("report")
    finally:
        await second.quit()
        if first.child.returncode is None:
            first.child.kill()
            await first.child.wait()
    try:
        for game in games:
            finished = await repo.get(game.id)
            assert finished.status is GameStatus.FINISHED
            assert finished.version == len(await repo.moves(game.id))
        assert sorted(report["adopted"]) == unfinished  # played on by the other process
        assert await repo.computer_turns.pending() == {}
        assert await repo.verify() == []
    finally:
        await repo.close()


def test_check_on_the_shared_database_shows_the_backend_pool_shards_and_schema(
    postgres_url: str, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env.update(
        PYTHONPATH=str(ROOT), DISCORD_TOKEN="x", DATABASE_URL=postgres_url, SHARD_COUNT="2", SHARD_IDS="1"
    )
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--check"], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[2] == (
        "shards: 1 of 2 in this process (the other processes run the rest); direct messages and"
        " syncing the commands are left to the process with shard 0"
    )
    (database,) = [line for line in lines if line.startswith("database: ")]
    assert database.startswith("database: ok (postgresql at postgresql://")
    assert database.endswith(f", pool of 1–10 connections, schema v{LATEST}, 0 games)")
