"""``python -m bot``: one clear line and exit 1 without a token or with a bad one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

import bot.__main__ as entry
import engine
from bot import TavernBot
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_it_says_what_to_set(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "DISCORD_TOKEN" in lines[0] and ".env" in lines[0]


def test_settings_come_from_dotenv_and_empty_values_mean_unset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=\nLOG_LEVEL=debug\n", encoding="utf-8")
    settings = Settings()
    assert settings.discord_token is not None and settings.discord_token.get_secret_value() == "abc"
    assert "abc" not in repr(settings)
    assert settings.dev_guild_id is None
    assert settings.database_url == "sqlite:///data/tavern.db"
    assert settings.log_level == "DEBUG"


def test_a_bad_setting_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("DEV_GUILD_ID", "not-a-number")
    assert entry.main([]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "DEV_GUILD_ID" in err[0]


def test_a_token_discord_refuses_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Discord answers a bad token with 401, which discord.py raises as ``LoginFailure``
    from ``login``; no network here, so the bot's login is made to answer the same way."""

    class RefusedBot(TavernBot):
        async def login(self, token: str) -> None:
            raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setattr(entry, "create_bot", lambda settings: RefusedBot(settings))
    assert entry.main([]) == 1
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "refused" in lines[0]
    assert "Traceback" not in captured.err + captured.out


def test_an_unsupported_database_url_is_one_line_before_connecting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("DATABASE_URL", "mysql://user:secret@db/tavern")
    assert entry.main([]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "DATABASE_URL" in err[0] and "secret" not in err[0]


def test_help_says_what_the_bot_is_the_settings_it_reads_and_check(tmp_path: Path) -> None:
    """``--help`` works on a fresh machine: no token, no database, nothing written."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--help"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stderr == ""
    text = done.stdout
    assert text.startswith("usage: python -m bot [-h] [--check]")
    assert "Discord bot that hosts tabletop games" in text and "--check" in text
    for key in engine.game_keys():
        assert engine.get_game(key).title in text
    flowing = " ".join(text.split())  # the descriptions are wrapped to the terminal's width
    for name, field in Settings.model_fields.items():
        assert f"  {name.upper()} (" in text and field.description
        assert " ".join(field.description.split()) in flowing
    assert "(default sqlite:///data/tavern.db)" in text and "DISCORD_TOKEN (not set)" in text
    assert "applications.commands" in text
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_option_is_refused_with_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.main(["--bogus"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: python -m bot") and "--bogus" in err


def test_the_web_table_without_a_secret_names_the_setting_to_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("WEB_ENABLED", "true")
    monkeypatch.delenv("WEB_SECRET", raising=False)
    assert entry.main([]) == 1
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("Bad setting WEB_SECRET: WEB_ENABLED is on but WEB_SECRET is not set")
    assert list(tmp_path.iterdir()) == []


def test_env_example_and_help_agree_on_every_setting() -> None:
    """``.env.example`` names every setting, with the default ``--help`` shows (empty where
    there is none), and both give the same absolute SQLite path and the same AI_PROCESSES=0."""
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    values = dict(line.split("=", 1) for line in example.splitlines() if line and not line.startswith("#"))
    shown = entry.settings_help()
    for name, field in Settings.model_fields.items():
        value = values[name.upper()]
        expected = "not set" if field.default is None else f"default {value}"
        assert f"  {name.upper()} ({expected})\n" in shown, name
    flowing = " ".join(shown.split())
    for words in ("sqlite:////var/lib/tavern/tavern.db", "0 thinks in a thread of the bot's own process"):
        assert words in flowing and words in " ".join(example.split())
