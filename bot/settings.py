"""The bot's settings, read from the environment and from ``.env`` (see ``.env.example``)."""

from __future__ import annotations

import logging
from typing import Any, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    """The bot's token from the Discord developer portal. Required to connect."""
    database_url: str = "sqlite:///data/tavern.db"
    dev_guild_id: int | None = None
    """Sync slash commands to this one server (instant) instead of globally (slow to spread)."""
    log_level: str = "INFO"
    ai_delay_seconds: float = Field(1.5, ge=0, le=60)
    """Pause before each computer player's move, so people can follow the game."""

    log_format: Literal["plain", "json"] = "plain"
    """``plain``: one readable line per record; ``json``: one JSON object per line."""

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
