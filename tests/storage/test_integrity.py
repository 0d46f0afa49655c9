"""A damaged row costs one game, never the others; ``verify`` finds damage and says where."""

from __future__ import annotations

import json
import logging
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core import dump_json
from storage import GameRecord, GameStatus, GameUnavailable, Repository
from tests.storage.helpers import PICKOMINO, play, started_game
from tests.storage.servers import Raw

ROOT = Path(__file__).resolve().parents[2]


async def two_games(repo: Repository) -> tuple[GameRecord, GameRecord]:
    rng = random.Random(5)
    damaged = await play(repo, await started_game(repo, channel_id=1), rng, moves=6)
    healthy = await play(repo, await started_game(repo, channel_id=2), rng, moves=6)
    return damaged, healthy


CORRUPTIONS = {
    "unreadable state": ("UPDATE games SET state = '{\"seats\": 2,' WHERE id = ?", "JSONDecodeError"),
    "state the game rejects": (
        'UPDATE games SET state = \'{"seats": "two"}\' WHERE id = ?',
        "the stored state is damaged: seats",
    ),
    "options the game refuses": (
        'UPDATE games SET options = \'{"tiebreak": "coin"}\' WHERE id = ?',
        "the stored options are damaged: tiebreak",
    ),
    "unknown game key": ("UPDATE games SET key = 'chess' WHERE id = ?", "unknown game 'chess'"),
    "options not an object": ("UPDATE games SET options = '[1, 2]' WHERE id = ?", "not a JSON object"),
}


@pytest.mark.parametrize("corruption", CORRUPTIONS)
async def test_a_corrupt_row_makes_only_that_game_unavailable(
    repo: Repository, raw: Raw, corruption: str, caplog: pytest.LogCaptureFixture
) -> None:
    damaged, healthy = await two_games(repo)
    sql, reason = CORRUPTIONS[corruption]
    await raw.execute(sql, damaged.id)

    with caplog.at_level(logging.ERROR, logger="storage"), pytest.raises(GameUnavailable) as unavailable:
        await repo.get(damaged.id)
    assert unavailable.value.params["game_id"] == damaged.id
    assert reason in unavailable.value.params["reason"]
    assert any(f"game {damaged.id} is unavailable" in r.getMessage() for r in caplog.records)
    with pytest.raises(GameUnavailable):
        await repo.apply(damaged.id, expected_version=damaged.version, seat=0, action={"kind": "roll"})
    with pytest.raises(GameUnavailable):
        await repo.by_channel(1)

    # Every other game keeps working.
    assert [g.id for g in await repo.active_games()] == [healthy.id]
    assert await repo.get(healthy.id) == healthy
    assert (await play(repo, healthy, random.Random(1))).status == GameStatus.FINISHED

    [mismatch] = await repo.verify()
    assert mismatch.game_id == damaged.id

    # Abandoning the damaged game frees its channel for a new one.
    husk = await repo.abandon(damaged.id)
    assert husk.status == GameStatus.ABANDONED and husk.state is None
    assert await repo.by_channel(1) is None
    await repo.create_lobby("pickomino", guild_id=1, channel_id=1, host_id=11, host_name="Ann", options={})


async def test_an_unreadable_move_log_is_reported(repo: Repository, raw: Raw) -> None:
    damaged, healthy = await two_games(repo)
    await raw.drop_log_guard()  # the log refuses edits, so the damage must go around it
    await raw.execute("UPDATE moves SET action = '{\"kind\":' WHERE game_id = ? AND seq = 3", damaged.id)
    with pytest.raises(GameUnavailable):
        await repo.moves(damaged.id)
    assert len(await repo.moves(healthy.id)) == 6
    [mismatch] = await repo.verify()
    assert mismatch.game_id == damaged.id and "unreadable JSON" in mismatch.reason


async def test_a_logged_action_the_game_cannot_read_is_reported(repo: Repository, raw: Raw) -> None:
    damaged, healthy = await two_games(repo)
    await raw.drop_log_guard()  # the log refuses edits, so the damage must go around it
    unreadable = '{"kind": "keep", "face": "7"}'
    await raw.execute("UPDATE moves SET action = ? WHERE game_id = ? AND seq = 3", unreadable, damaged.id)
    with pytest.raises(GameUnavailable) as unavailable:
        await repo.moves(damaged.id)
    assert unavailable.value.params["game_id"] == damaged.id
    assert "the move log is damaged: move 3: " in unavailable.value.params["reason"]
    assert len(await repo.moves(healthy.id)) == 6


def _set(path: tuple[str | int, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(state: dict[str, Any]) -> None:
        *parents, last = path
        place: Any = state
        for part in parents:
            place = place[part]
        place[last] = value

    return change


SNAPSHOT_DAMAGE: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "a dice count of 2**63": (_set(("roll", 0), 2**63), "roll.0"),
    "a tile twice": (lambda state: state["grill"].append(state["grill"][0]), "each tile once"),
    "a field dropped": (lambda state: state.pop("turn"), "turn is missing"),
    "a seat beyond the table": (_set(("current",), 5), "a seat beyond the 2 seats"),
}
"""Damage that reads as JSON and that the game's types alone once let through, and what the
report names."""


@pytest.mark.parametrize("damage", SNAPSHOT_DAMAGE)
async def test_a_damaged_snapshot_costs_only_its_game_and_verify_names_it(
    repo: Repository, raw: Raw, db_url: str, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    damaged, healthy = await two_games(repo)
    change, named = SNAPSHOT_DAMAGE[damage]
    state = json.loads(await raw.value("SELECT state FROM games WHERE id = ?", damaged.id))
    change(state)
    await raw.execute("UPDATE games SET state = ? WHERE id = ?", json.dumps(state), damaged.id)

    with pytest.raises(GameUnavailable) as unavailable:
        await repo.get(damaged.id)
    assert unavailable.value.params["game_id"] == damaged.id
    reason = unavailable.value.params["reason"]
    assert reason.startswith("the stored state is damaged: ") and named in reason
    with caplog.at_level(logging.WARNING, logger="storage"):
        assert [g.id for g in await repo.seated_games(11)] == [healthy.id]
        assert [g.id for g in await repo.active_games()] == [healthy.id]
    left_out = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any(f"game {damaged.id} is left out of" in line and named in line for line in left_out)
    assert (await play(repo, healthy, random.Random(1))).status == GameStatus.FINISHED

    done = run_verify("--database-url", db_url)
    assert done.returncode == 1
    assert f"MISMATCH game {damaged.id}: the stored state is damaged: " in done.stdout
    assert named in done.stdout and f"1 with mismatches: {damaged.id}" in done.stdout


@pytest.mark.parametrize(
    ("sql", "reason"),
    [
        ("UPDATE games SET version = 5 WHERE id = ?", "version 5 but 6 moves"),
        ("UPDATE games SET seed = seed + 1 WHERE id = ?", "the log cannot be replayed: no "),
        ("UPDATE games SET state = NULL WHERE id = ?", "the game is active but has no snapshot"),
        ("UPDATE games SET status = 'lobby' WHERE id = ?", "a lobby has a snapshot"),
        (
            "INSERT INTO results (game_id, seat, user_id, key, rank, score, won, finished_at)"
            " VALUES (?, 0, 11, 'pickomino', 1, 0, 1, '2024-01-01T00:00:00+00:00')",
            "results are stored, but the game is active",
        ),
        ("UPDATE games SET status = 'finished' WHERE id = ?", "not over"),
        ("DELETE FROM seats WHERE game_id = ? AND seat = 1", "cannot"),
    ],
)
async def test_verify_finds_rows_that_disagree_with_the_log(
    repo: Repository, raw: Raw, sql: str, reason: str
) -> None:
    damaged, _ = await two_games(repo)
    assert await repo.verify() == []
    await raw.execute(sql, damaged.id)
    mismatches = await repo.verify()
    assert {m.game_id for m in mismatches} == {damaged.id}
    assert any(reason in m.reason for m in mismatches), mismatches


async def test_verify_checks_the_results_of_finished_games(repo: Repository, raw: Raw) -> None:
    finished = await play(repo, await started_game(repo, humans=(11, 12, 13)), random.Random(4))
    assert await repo.verify() == []
    await raw.execute("UPDATE results SET won = 1 - won WHERE game_id = ? AND seat = 0", finished.id)
    [mismatch] = await repo.verify()
    assert mismatch.reason == "the results rows differ from the replayed result"


def run_verify(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "storage", "verify", *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_verify_command_on_a_sound_database(repo: Repository, db_url: str) -> None:
    await two_games(repo)
    await play(repo, await started_game(repo, channel_id=3), random.Random(2))
    await repo.create_lobby("pickomino", guild_id=1, channel_id=4, host_id=11, host_name="Ann", options={})
    done = run_verify("--database-url", db_url)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 games checked, all agree" in done.stdout
    from_env = run_verify(env={"DATABASE_URL": db_url})
    assert from_env.returncode == 0 and "4 games checked" in from_env.stdout


async def test_verify_command_names_a_tampered_game(repo: Repository, raw: Raw, db_url: str) -> None:
    damaged, healthy = await two_games(repo)
    other = PICKOMINO.new(2, 999, {})  # a valid state, just not this game's
    await raw.execute(
        "UPDATE games SET state = ? WHERE id = ?", dump_json(PICKOMINO.dump_state(other)), damaged.id
    )
    done = run_verify("--database-url", db_url)
    assert done.returncode == 1
    assert f"MISMATCH game {damaged.id}: the snapshot differs from the replayed log" in done.stdout
    assert f"game {healthy.id}:" not in done.stdout
    assert f"2 games checked, 1 with mismatches: {damaged.id}" in done.stdout


async def test_verify_command_reports_a_corrupt_row_instead_of_crashing(
    repo: Repository, raw: Raw, db_url: str
) -> None:
    damaged, _ = await two_games(repo)
    await raw.execute("UPDATE games SET key = 'chess' WHERE id = ?", damaged.id)
    done = run_verify("--database-url", db_url)
    assert done.returncode == 1
    assert f"MISMATCH game {damaged.id}: unknown game key" in done.stdout
    assert "Traceback" not in done.stderr


def test_verify_command_refuses_bad_urls_and_missing_files(tmp_path: Path) -> None:
    unsupported = run_verify("--database-url", "mysql://u:secret@host/db")
    assert unsupported.returncode == 2
    assert "scheme 'mysql'" in unsupported.stderr and "secret" not in unsupported.stderr
    missing = run_verify("--database-url", f"sqlite:///{tmp_path / 'none.db'}")
    assert missing.returncode == 2 and "no database file" in missing.stderr
    assert not (tmp_path / "none.db").exists()


async def test_the_database_not_the_cache_is_the_truth(repo: Repository, raw: Raw) -> None:
    game, _ = await two_games(repo)
    assert (await repo.get(game.id)).state == game.state  # decoded once, now cached
    other = PICKOMINO.new(2, 999, {})
    await raw.execute(
        "UPDATE games SET state = ? WHERE id = ?", dump_json(PICKOMINO.dump_state(other)), game.id
    )
    assert (await repo.get(game.id)).state == other
