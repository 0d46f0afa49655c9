"""A move stored by a bot killed with SIGKILL at any step of its follow-through reaches the
table once the bot is started again: the board shows the move, the next player is pinged
exactly once (a ping that followed the move's interaction carries no nonce: it is found among
the channel's latest messages), the DM goes out exactly once, and nothing is owed any more.

A real process is killed (``tests.e2e.killed_bot``: the real bot on SimCord, killing itself at
the chosen step), and a new one starts on the same SQLite file and the same Discord."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from storage import open_repository
from tests.bot.secret_game import secret_game_registered
from tests.storage.servers import PostgresServer

ROOT = Path(__file__).resolve().parents[2]
LEASE_SECONDS = "5"
"""The least lease the settings allow: a process started again takes over after it."""

STEPS = [
    ("before", "board"),  # stored, nothing shown yet
    ("after", "board"),  # the board shows the move; nobody was pinged
    ("after", "ping"),  # the ping is out (a follow-up of the move's interaction), not marked done:
    # sent again, it must not ping twice
    ("before", "dm"),  # pinged and marked; the DM not sent
    ("after", "dm"),  # the DM is out but not marked done: sent again, it must not arrive twice
]


def environment(url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DEV_GUILD_ID", "SHARD_IDS", "SHARD_COUNT")}
    return env | {
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": url,
        "CLAIM_LEASE_SECONDS": LEASE_SECONDS,
        "LOG_LEVEL": "INFO",
    }


def bot(tmp_path: Path, *args: str, url: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tests.e2e.killed_bot", *args],
        cwd=tmp_path, env=environment(url or f"sqlite:///{tmp_path / 'tavern.db'}"),
        capture_output=True, text=True, timeout=300,
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
    assert board["descriptions"] == [f"Turn: <@{bob}>"]  # the board shows the move
    pings = [m["content"] for m in channel if "your turn" in m["content"]]
    # Exactly once, also after the ping that followed the move's interaction (no nonce: the new
    # process finds it among the channel's latest messages rather than by Discord's nonce).
    assert pings == [f"<@{bob}>, your turn in Secret Numbers #{game}."]
    dms = [e for m in table[f"dm {alice}"] for e in m["descriptions"] if '"mine":4' in e]
    assert len(dms) == 1  # exactly once
    assert owed_rows(tmp_path) == []


def db_users(tmp_path: Path, game: int) -> list[tuple[int]]:
    with sqlite3.connect(tmp_path / "tavern.db") as db:
        return db.execute("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game,)).fetchall()


@pytest.fixture(scope="module")
def postgres_server() -> Iterator[PostgresServer]:
    server = PostgresServer.start()
    yield server
    server.stop()


async def owed_on(url: str) -> list[Any]:
    repo = await open_repository(url)
    try:
        return [(owed.game_id, owed.version, owed.parts, owner) for owed, owner in await repo.owed.pending()]
    finally:
        await repo.close()


async def seats_on(url: str, game: int) -> tuple[int | None, ...]:
    repo = await open_repository(url)
    try:
        with secret_game_registered():
            return tuple(seat.user_id for seat in (await repo.get(game)).seats)
    finally:
        await repo.close()


@pytest.mark.parametrize(("when", "what", "owed"), [
    ("before", "board", {"board": True, "ping": [1], "dm": [0]}),
    ("before", "dm", {"dm": [0]}),
])  # fmt: skip
def test_on_postgresql_another_process_delivers_what_a_killed_one_owed(
    tmp_path: Path, postgres_server: PostgresServer, when: str, what: str, owed: dict[str, Any]
) -> None:
    url = postgres_server.create_database()
    asyncio.run(owed_on(url))  # the schema, made before either process opens it
    other = subprocess.Popen(
        [sys.executable, "-m", "tests.e2e.killed_bot", "serve", str(tmp_path / "other")],
        cwd=tmp_path, env=environment(url), text=True,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        assert other.stdout is not None and other.stdin is not None
        assert json.loads(other.stdout.readline()) == {"ready": True}
        killed = bot(tmp_path, "play", str(tmp_path / "world"), when, what, url=url)
        assert killed.returncode == -signal.SIGKILL, killed.stderr
        game = json.loads(killed.stdout.splitlines()[0])["game"]
        ((_, version, parts, holder),) = asyncio.run(owed_on(url))
        assert (version, parts) == (1, owed) and holder is not None  # held by the dead process

        out, err = other.communicate("deliver\n", timeout=300)
    finally:
        if other.poll() is None:
            other.kill()
            other.communicate()
    assert other.returncode == 0, err
    assert "Traceback" not in err, err
    assert asyncio.run(owed_on(url)) == []
    alice, bob = asyncio.run(seats_on(url, game))
    table = json.loads(out.splitlines()[-1])["table"]
    channel = table.get("games", [])
    pings = [m["content"] for m in channel if "your turn" in m["content"]]
    boards = [m for m in channel if m["descriptions"]]
    dms = [e for m in table.get(f"dm {alice}", []) for e in m["descriptions"] if '"mine":4' in e]
    assert len(dms) == 1  # the DM, by the other process, once
    if owed.get("board"):  # the killed process had shown nothing: the other shows it all
        # Its Discord has no board message of the killed one's: it posts the board again.
        assert [b["descriptions"] for b in boards] == [[f"Turn: <@{bob}>"]]
        assert pings == [f"<@{bob}>, your turn in Secret Numbers #{game}."]
    else:  # the board and the ping were delivered and marked: not again
        assert boards == [] and pings == []
