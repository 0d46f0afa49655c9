"""Shards: ``SHARD_COUNT`` and ``SHARD_IDS`` say which of the bot's gateway shards a process runs
(checked by pydantic, a bad combination refused in one line), the bot is built on them, and
``python -m bot --check`` shows the plan."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import bot.__main__ as entry
from bot import create_bot
from bot.check import shard_plan
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
SHARD_SETTINGS = ("SHARD_COUNT", "SHARD_IDS")


@pytest.fixture(autouse=True)
def no_shard_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in (*SHARD_SETTINGS, "DISCORD_TOKEN", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no .env of the developer's


def settings(**env: str) -> Settings:
    os.environ.update(env)
    return Settings(_env_file=None)  # type: ignore[call-arg]


def test_without_shard_settings_one_process_runs_the_whole_bot() -> None:
    plain = settings()
    assert (plain.shard_count, plain.shard_ids, plain.shards) == (1, None, (0,))
    made = create_bot(plain)
    assert made.shard_count == 1 and made.shard_ids is None  # discord.py runs every shard
    assert made.syncs_commands


@pytest.mark.parametrize(
    ("env", "count", "ids"),
    [
        ({"SHARD_COUNT": "4"}, 4, None),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,1"}, 4, (0, 1)),
        ({"SHARD_COUNT": "4", "SHARD_IDS": " 3, 2 "}, 4, (2, 3)),
        ({"SHARD_COUNT": "2", "SHARD_IDS": ""}, 2, None),  # empty: every shard
    ],
)
def test_shard_settings_are_read_from_the_environment(
    env: dict[str, str], count: int, ids: tuple[int, ...] | None
) -> None:
    read = settings(**env)
    assert (read.shard_count, read.shard_ids) == (count, ids)
    made = create_bot(read)
    assert made.shard_count == count
    assert made.shard_ids == (None if ids is None else list(ids))
    assert made.syncs_commands is (ids is None or 0 in ids)


def test_shard_settings_come_from_dotenv(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("SHARD_COUNT=3\nSHARD_IDS=1,2\n", encoding="utf-8")
    read = Settings()
    assert (read.shard_count, read.shards) == (3, (1, 2))


@pytest.mark.parametrize(
    ("env", "where", "says"),
    [
        ({"SHARD_IDS": "0,1"}, "SHARD_IDS", "shard 1 does not exist with SHARD_COUNT=1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS", "shards are numbered 0 to 1"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "1,1"}, "SHARD_IDS", "1,1 names a shard twice"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "one"}, "SHARD_IDS", "write it as 0,1"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,-1"}, "SHARD_IDS", "write it as 0,1"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT", "greater than or equal to 1"),
        ({"SHARD_COUNT": "many"}, "SHARD_COUNT", "valid integer"),
        ({"CLAIM_LEASE_SECONDS": "1"}, "CLAIM_LEASE_SECONDS", "greater than or equal to 5"),
    ],
)
def test_a_bad_shard_plan_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    env: dict[str, str],
    where: str,
    says: str,
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert entry.main([]) == 1
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and captured.out == ""
    assert lines[0].startswith(f"Bad setting {where}: ") and says in lines[0], lines[0]
    assert "Value error" not in lines[0] and lines[0].endswith("(see .env.example).")


@pytest.mark.parametrize(
    ("env", "plan"),
    [
        ({}, "1 (the whole bot) in this process; direct messages arrive here (shard 0), and this process"),
        ({"SHARD_COUNT": "4"}, "all 4 in this process; direct messages arrive here (shard 0)"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,1"}, "0, 1 of 4 in this process (the other processes run"),
        (
            {"SHARD_COUNT": "4", "SHARD_IDS": "2,3"},
            "2, 3 of 4 in this process (the other processes run the rest); direct messages and syncing"
            " the commands are left to the process with shard 0",
        ),
    ],
)
def test_the_shard_plan_says_what_this_process_runs(env: dict[str, str], plan: str) -> None:
    assert shard_plan(settings(**env)).startswith(plan)


def test_check_shows_the_shard_plan(tmp_path: Path) -> None:
    clean = {
        k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL", *SHARD_SETTINGS)
    }
    clean.update(
        PYTHONPATH=str(ROOT),
        DISCORD_TOKEN="x",
        DATABASE_URL="sqlite:///t.db",
        SHARD_COUNT="4",
        SHARD_IDS="2,3",
    )
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--check"], cwd=tmp_path, env=clean, capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[2] == f"shards: {shard_plan(Settings(_env_file=None, shard_count=4, shard_ids='2,3'))}"  # type: ignore[call-arg, arg-type]
    assert lines[2].startswith("shards: 2, 3 of 4 in this process")


def test_the_example_settings_explain_the_shards_and_load(tmp_path: Path) -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    for name in Settings.model_fields:
        assert f"\n{name.upper()}=" in example, name  # every setting is in the example
    assert "shard 0" in example and "docs/running-several-processes.md" in example
    (tmp_path / ".env").write_text(example, encoding="utf-8")
    loaded = Settings()
    assert (loaded.shard_count, loaded.shard_ids, loaded.claim_lease_seconds) == (1, None, 60.0)
