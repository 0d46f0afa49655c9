"""A move stored by a bot killed with SIGKILL at any step of its follow-through reaches the
table once the bot is started again: the board shows the move, the next player is pinged
exactly once, the DM goes out exactly once, and nothing is owed any more.

A real process is killed (``tests.e2e.killed_bot``: the real bot on SimCord, killing itself at
the chosen step), and a new one starts on the same SQLite file and the same Discord."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
LEASE_SECONDS = "5"
"""The least lease the settings allow: a process started again takes over after it."""

STEPS = [
    ("before", "board"),  # stored, nothing shown yet
    ("after", "board"),  # the board shows the move; nobody was pinged
    ("after", "ping"),  # the ping is out but not marked done: sent again, it must not ping twice
    ("before", "dm"),  # pinged and marked; the DM not sent
    ("after", "dm"),  # the DM is out but not marked done: sent again, it must not arrive twice
]


def bot(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DEV_GUILD_ID", "SHARD_IDS", "SHARD_COUNT")}
    env |= {
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'tavern.db'}",
        "CLAIM_LEASE_SECONDS": LEASE_SECONDS,
        "LOG_LEVEL": "INFO",
    }
    return subprocess.run(
        [sys.executable, "-m", "tests.e2e.killed_bot", *args, ],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def owed_rows(tmp_path: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(tmp_path / "tavern.db") as db:
        return db.execute("SELECT game_id, version, parts FROM owed").fetchall()


@pytest.mark.parametrize(("when", "what"), STEPS)
def test_a_bot_killed_during_a_follow_through_delivers_it_once_when_started_again(
    tmp_path: Path, when: str, what: str
) -> None:
    world = str(tmp_path / "world")
    killed = bot(tmp_path, "play", world, when, what)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    game = json.loads(killed.stdout.splitlines()[0])["game"]
    ((game_id, version, _),) = owed_rows(tmp_path)  # the move is stored, its follow-through owed
    assert (game_id, version) == (game, 1)

    started = bot(tmp_path, "resume", world)

    assert started.returncode == 0, started.stderr
    assert "Traceback" not in started.stderr, started.stderr
    table = json.loads(started.stdout.splitlines()[-1])["table"]
    channel = table["games"]
    with sqlite3.connect(tmp_path / "tavern.db") as db:
        (board_id,) = db.execute("SELECT message_id FROM games WHERE id = ?", (game,)).fetchone()
    alice, bob = (row[0] for row in db_users(tmp_path, game))
    (board,) = [m for m in channel if m["id"] == board_id]
    assert board["embeds"] == [f"Turn: <@{bob}>"]  # the board shows the move
    pings = [m["content"] for m in channel if "your turn" in m["content"]]
    assert pings == [f"<@{bob}>, your turn in Secret Numbers #{game}."]  # exactly once
    dms = [e for m in table[f"dm {alice}"] for e in m["embeds"] if '"mine":4' in e]
    assert len(dms) == 1  # exactly once
    assert owed_rows(tmp_path) == []


def db_users(tmp_path: Path, game: int) -> list[tuple[int]]:
    with sqlite3.connect(tmp_path / "tavern.db") as db:
        return db.execute("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game,)).fetchall()
