"""``python -m bot`` stopped by SIGTERM (systemd, docker) or SIGINT (Ctrl-C) while computer
turns are being played: every claim this process holds is given back at once (another process
takes the turns over without waiting for a lease to run out, and delivers what a move cut off
still owed the table), no stored move is lost, the
database is closed, and the process exits 0 with one log line.

A real process is stopped with a real signal: ``tests.e2e.signalled_bot`` runs the bot's own
``main`` connected to SimCord instead of Discord, with three games of computers in play."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.stored import open_repository

ROOT = Path(__file__).resolve().parents[2]


def run_until_playing(tmp_path: Path) -> tuple[subprocess.Popen[str], list[int]]:
    env = {k: v for k, v in os.environ.items() if k not in ("DEV_GUILD_ID", "SHARD_IDS", "SHARD_COUNT")}
    env |= {
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "not.a.token",  # SimCord takes any
        "DATABASE_URL": f"sqlite:///{tmp_path / 'tavern.db'}",
        "AI_DELAY_SECONDS": "0",
        "LOG_LEVEL": "INFO",
        "LOG_FORMAT": "plain",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.e2e.signalled_bot"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()  # blocks until the computers have moved in every game
    assert line.startswith("playing"), (line, process.stderr and process.stderr.read())
    return process, [int(word) for word in line.split()[1:]]


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_gives_back_every_computer_turn_and_exits_0(
    tmp_path: Path, stop: signal.Signals
) -> None:
    process, games = run_until_playing(tmp_path)

    process.send_signal(stop)
    try:
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        raise

    assert process.returncode == 0, err
    assert "Task exception was never retrieved" not in err and "Traceback" not in err, err
    stopped = [line for line in err.splitlines() if "stopped on" in line]
    assert len(stopped) == 1 and stop.name in stopped[0], err
    asyncio.run(check_database(tmp_path, games))


async def check_database(tmp_path: Path, games: list[int]) -> None:
    repo = await open_repository(f"sqlite:///{tmp_path / 'tavern.db'}")
    try:
        assert all(owner is None for owner in (await repo.computer_turns.pending()).values())
        # What a move cut off by the stop still owes the table is given back too.
        assert all(owner is None for _, owner in await repo.owed.pending())
        for game_id in games:
            record = await repo.get(game_id)
            assert record.version == len(await repo.moves(game_id)) > 0  # every stored move kept
        assert await repo.verify() == []  # and each replays to the stored position
    finally:
        await repo.close()
    with sqlite3.connect(tmp_path / "tavern.db") as db:
        held = db.execute(
            "SELECT game_id FROM turn_deadlines WHERE reminder_owner IS NOT NULL OR timeout_owner IS NOT NULL"
        ).fetchall()
    assert held == []  # no reminder or timeout claimed either
