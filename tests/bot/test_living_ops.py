"""Operations: ``python -m bot --check`` offline, and structured logs with guild, channel and
game fields that never show the token."""

from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.logging_setup import bound, setup_logging
from storage.migrations import LATEST

ROOT = Path(__file__).resolve().parents[2]


def run_check(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL", "LOG_FORMAT")}
    clean.update(PYTHONPATH=str(ROOT), **env)
    return subprocess.run(
        [sys.executable, "-m", "bot", "--check"], cwd=tmp_path, env=clean, capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip


def test_check_validates_the_database_and_lists_commands_offline(tmp_path: Path) -> None:
    done = run_check(tmp_path, DISCORD_TOKEN="not-a-real-token", DATABASE_URL="sqlite:///data/t.db")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert "token: set" in lines and "not-a-real-token" not in done.stdout
    database = (
        f"database: ok (sqlite at {tmp_path / 'data' / 't.db'}, one writing connection and 2 reading, "
        f"schema v{LATEST}, 0 games)"
    )
    assert database in lines and "verify: ok" in lines
    assert {"  /games", "  /history [game:]", "  /export [game:]", "  /play game: [options:]"} <= set(lines)
    assert "  /place placement: [game:]" in lines  # a game's own command, from its folder
    assert any(line.startswith("  /config ") for line in lines)
    assert (tmp_path / "data" / "t.db").exists()  # opened and migrated
    assert lines[-1] == "ready: python -m bot will connect to Discord with these settings"


@pytest.mark.parametrize(
    ("env", "expected", "stream", "last"),
    [
        (
            {"DATABASE_URL": "sqlite:///data/t.db"},
            "token: DISCORD_TOKEN is not set",
            "stdout",
            "not ready: DISCORD_TOKEN is not set (see .env.example)",
        ),
        (
            {"DISCORD_TOKEN": "x", "DATABASE_URL": "mysql://db"},
            "database: cannot open",
            "stdout",
            "not ready: the database cannot be opened (see .env.example)",
        ),
        ({"DISCORD_TOKEN": "x", "LOG_FORMAT": "xml"}, "Bad setting LOG_FORMAT", "stderr", None),
    ],
)
def test_check_fails_with_a_clear_line_and_ends_saying_why_it_is_not_ready(
    tmp_path: Path, env: dict[str, str], expected: str, stream: str, last: str | None
) -> None:
    done = run_check(tmp_path, **env)
    assert done.returncode == 1
    assert expected in getattr(done, stream)
    if last is not None:
        assert done.stdout.splitlines()[-1] == last


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    yield io.StringIO()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in saved[0]:
        root.addHandler(handler)
    root.setLevel(saved[1])


def test_json_lines_carry_guild_channel_and_game_and_hide_the_token(captured: io.StringIO) -> None:
    handler = setup_logging("INFO", "json", secrets=("s3cret-token",))
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(captured)
    log = logging.getLogger("tavern.test")
    with bound(guild_id=1, channel_id=2):
        log.info("moved", extra={"game_id": 3})
        log.warning("login with s3cret-token failed")
    log.info("outside")
    first, second, third = (json.loads(line) for line in captured.getvalue().splitlines())
    assert (first["guild_id"], first["channel_id"], first["game_id"], first["message"]) == (1, 2, 3, "moved")
    assert second["message"] == "login with [redacted] failed" and second["game_id"] is None
    assert third["guild_id"] is None and "s3cret-token" not in captured.getvalue()


def test_plain_lines_name_the_fields(captured: io.StringIO) -> None:
    handler = setup_logging("INFO", "plain")
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(captured)
    with bound(guild_id=10, channel_id=20, game_id=30):
        logging.getLogger("tavern.test").info("hello")
    assert captured.getvalue().rstrip().endswith("INFO tavern.test [guild=10 channel=20 game=30] hello")


def test_discord_pys_start_up_noise_is_left_out(captured: io.StringIO) -> None:
    """What discord.py says at every start (no voice libraries, logging in) is not written, so a
    token Discord refuses is told in Tavern's one line; its other lines still are."""
    handler = setup_logging("INFO", "plain")
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(captured)
    library = logging.getLogger("discord.client")
    library.warning("PyNaCl is not installed, voice will NOT be supported")
    library.warning("davey is not installed, voice will NOT be supported")
    library.info("logging in using static token")
    library.warning("Application has an interaction endpoint URL set")
    lines = captured.getvalue().splitlines()
    assert len(lines) == 1
    assert lines[0].endswith("WARNING discord.client [-] Application has an interaction endpoint URL set")
