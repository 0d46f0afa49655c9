"""``python -m storage copy``: every row from one backend to the other and back, the target
verified by replaying every game, and a refusal to copy into a database that is not empty."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.stored import dm_notices, guild_settings, player_settings, turn_pings
from bot.stored.guild_settings import GuildSettings
from bot.stored.turn_pings import TurnPing
from storage import GameStatus, Repository, open_repository
from storage.schema import TABLES
from tests.storage.helpers import computers_game, play, random_move, started_game, time_passes
from tests.storage.servers import PostgresServer, Raw

ROOT = Path(__file__).resolve().parents[2]


def fresh_url(backend: str, folder: Path, server: PostgresServer) -> str:
    if backend == "sqlite":
        return f"sqlite:///{folder / 'copy.db'}"
    return server.create_database()


@pytest.fixture
def other_url(backend: str, tmp_path: Path, postgres_server: PostgresServer) -> str:
    """A new, empty database of the other backend."""
    return fresh_url("postgresql" if backend == "sqlite" else "sqlite", tmp_path / "other", postgres_server)


def run_copy(source: str, target: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "storage", "copy", source, target],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )


async def every_row(url: str) -> dict[str, list[tuple[Any, ...]]]:
    raw = Raw(url, "sqlite" if url.startswith("sqlite") else "postgresql")
    return {
        table: [tuple(row) for row in await raw.fetch(f"SELECT * FROM {table} ORDER BY {', '.join(key)}")]
        for table, key in TABLES.items()
    }


async def a_bit_of_everything(repo: Repository) -> int:
    """Every table filled: finished, running, lobby and cancelled games, settings (a server's
    and a person's), deadlines (one claimed, so a missed turn), pings, a computer turn and a DM
    notice, and a move's follow-through still owed. Returns the running
    game's id."""
    rng = random.Random(8)
    settings = GuildSettings(turn_limit_minutes=10, reminder_minutes=4, channels=(5,))
    await guild_settings.write(repo, 1, settings)
    await player_settings.write(repo, 2**62, "pickomino", {"fast": True})
    await play(repo, await started_game(repo, channel_id=1, humans=(11, 12, 13)), rng)
    await repo.apply(
        (await started_game(repo, channel_id=2)).id, expected_version=0, seat=1, action={"kind": "resign"}
    )
    running = await play(repo, await started_game(repo, channel_id=3, ais=1), rng, moves=6)
    seat, action = random_move(running, rng)
    running = (  # the seventh owes the table its board, held by this process
        await repo.apply(
            running.id, expected_version=6, seat=seat, action=action, owes=lambda *_: {"board": True}
        )
    ).game
    await repo.turn_clock.sync(running.id)
    await time_passes(repo, 11 * 60)
    assert len(await repo.turn_clock.claim_timeouts()) == 1
    await turn_pings.record(repo, TurnPing(running.id, 3, 900_000_000_000_000_001, frozenset({11}), 7))
    await dm_notices.leave(repo, running.id, [12])
    computers = await computers_game(repo, channel_id=6)
    await repo.turn_clock.sync(computers.id)
    assert await repo.computer_turns.claim_due(pause_seconds=0) == [computers.id]
    await repo.create_lobby("raid", guild_id=2, channel_id=4, host_id=14, host_name="Dee", options={})
    cancelled = await repo.create_lobby(
        "pickomino", guild_id=2, channel_id=5, host_id=15, host_name="E", options={}
    )
    await repo.abandon(cancelled.id)
    return running.id


async def test_copy_to_the_other_backend_and_back_keeps_every_row(
    repo: Repository,
    db_url: str,
    other_url: str,
    backend: str,
    tmp_path: Path,
    postgres_server: PostgresServer,
) -> None:
    running = await a_bit_of_everything(repo)
    source_rows = await every_row(db_url)
    assert all(source_rows.values()), {t: len(r) for t, r in source_rows.items()}

    there = run_copy(db_url, other_url)
    assert there.returncode == 0, there.stdout + there.stderr
    assert "copied: 6 games" in there.stdout and "6 games checked, all agree" in there.stdout
    assert await every_row(other_url) == source_rows

    back_url = fresh_url(backend, tmp_path / "back", postgres_server)
    back = run_copy(other_url, back_url)
    assert back.returncode == 0, back.stdout + back.stderr
    assert await every_row(back_url) == source_rows

    # The copy is a database like any other: games go on, new ones get new ids.
    copied = await open_repository(other_url)
    try:
        game = await copied.get(running)
        assert game == await repo.get(running)
        assert (await play(copied, game, random.Random(1))).status is GameStatus.FINISHED
        lobby = await copied.create_lobby(
            "pickomino", guild_id=1, channel_id=7, host_id=1, host_name="A", options={}
        )
        assert lobby.id == 7
        assert await copied.verify() == []
    finally:
        await copied.close()


async def test_copy_refuses_a_target_that_is_not_empty(repo: Repository, db_url: str, other_url: str) -> None:
    await a_bit_of_everything(repo)
    target = await open_repository(other_url)
    try:
        await target.create_lobby("raid", guild_id=9, channel_id=9, host_id=9, host_name="Z", options={})
    finally:
        await target.close()
    before = await every_row(other_url)
    refused = run_copy(db_url, other_url)
    assert refused.returncode == 3
    assert (
        refused.stderr.startswith("error: the target ")
        and "not empty (1 in games, 1 in seats)" in refused.stderr
    )
    assert len(refused.stderr.strip().splitlines()) == 1
    assert await every_row(other_url) == before


def test_copy_from_a_missing_file_creates_nothing(tmp_path: Path) -> None:
    missing = tmp_path / "none.db"
    done = run_copy(f"sqlite:///{missing}", f"sqlite:///{tmp_path / 'target.db'}")
    assert done.returncode == 2 and f"no database file at {missing}" in done.stderr
    assert list(tmp_path.iterdir()) == []
