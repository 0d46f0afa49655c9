"""The bot's settings, read from the environment and from ``.env`` (see ``.env.example``)."""

from __future__ import annotations

import logging
from typing import Any, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", use_attribute_docstrings=True
    )
    # Each docstring is the setting's line in ``python -m bot --help``.

    discord_token: SecretStr | None = None
    """The bot's token from the Discord developer portal (Bot → Reset Token). Required to run."""
    database_url: str = "sqlite:///data/tavern.db"
    """Where games are stored: sqlite:///data/tavern.db (three slashes: relative to the working
    folder), sqlite:////var/lib/tavern.db (four: absolute), or postgresql://user:password@host/db."""
    dev_guild_id: int | None = None
    """A server id to sync slash commands to at once while developing; unset: sync globally."""
    log_level: str = "INFO"
    """How much the bot logs: DEBUG, INFO, WARNING or ERROR."""
    ai_delay_seconds: float = Field(1.5, ge=0, le=60)
    """Seconds a computer player waits before each move, so people can follow (0–60)."""

    log_format: Literal["plain", "json"] = "plain"
    """Log lines: plain (one readable line each) or json (one JSON object per line)."""

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower_format(cls, value: Any) -> Any:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("discord_token", "dev_guild_id", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: Any) -> Any:
        # ``.env.example`` leaves optional settings as ``NAME=``: an empty value means "not set".
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError(f"unknown log level {value!r}: use DEBUG, INFO, WARNING or ERROR")
        return level
