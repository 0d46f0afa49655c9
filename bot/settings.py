"""The bot's settings, read from the environment and from ``.env`` (see ``.env.example``)."""

from __future__ import annotations

import logging
from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

MAX_SHARDS = 4096
"""More gateway shards than Discord hands out to any bot."""
MIN_SECRET = 32
"""Characters of ``WEB_SECRET``: a key short enough to guess would let anyone sign links."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", use_attribute_docstrings=True
    )
    # Each docstring is the setting's line in ``python -m bot --help``.

    discord_token: SecretStr | None = None
    """The bot's token from the Discord developer portal (Bot → Reset Token). Required to run."""
    database_url: str = "sqlite:///data/tavern.db"
    """Where games are stored: sqlite:///data/tavern.db (three slashes: relative to the working
    folder), sqlite:////var/lib/tavern/tavern.db (four: absolute), or
    postgresql://user:password@host/db. The file's own folder is created if the one above it
    exists."""
    dev_guild_id: int | None = None
    """A server id to sync slash commands to at once while developing; unset: sync globally."""
    log_level: str = "INFO"
    """How much the bot logs: DEBUG, INFO, WARNING or ERROR."""
    ai_delay_seconds: float = Field(1.5, ge=0, le=60)
    """Seconds a computer player waits before each move, so people can follow (0–60)."""
    ai_processes: int = Field(1, ge=0, le=16)
    """Worker processes in which computer players think, so that their thinking never holds up
    a click (0–16; 0 thinks in a thread of the bot's own process, for a machine with one core)."""

    log_format: Literal["plain", "json"] = "plain"
    """Log lines: plain (one readable line each) or json (one JSON object per line)."""

    shard_count: int = Field(1, ge=1, le=MAX_SHARDS)
    """How many gateway shards the whole bot runs on, over all its processes (1 to 4096)."""
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    """The shards this process runs, e.g. 0,1 (each from 0 to SHARD_COUNT-1); unset: all of them."""
    claim_lease_seconds: float = Field(60.0, ge=5, le=3600)
    """Seconds a process holds a claimed timeout, reminder or computer turn before another process
    may take it over (5-3600); a process that died leaves its claims to the others after this."""

    web_enabled: bool = False
    """Whether the bot serves the web table (live boards, replays, each player's private page);
    off by default: it opens a port, and its links must reach the players (WEB_BASE_URL)."""
    web_host: str = "127.0.0.1"
    """The address the web table listens on: 127.0.0.1 (this machine only, behind a reverse
    proxy) or 0.0.0.0 (every interface)."""
    web_port: int = Field(8080, ge=0, le=65535)
    """The web table's port (0: any free port, for tests)."""
    web_base_url: str | None = None
    """The address players open, used in every link the bot sends (e.g. https://tavern.example.org);
    unset: http://WEB_HOST:WEB_PORT."""
    web_secret: SecretStr | None = Field(None, validate_default=True)
    """The key that signs private links (at least 32 characters; required when WEB_ENABLED is on).
    Changing it makes every private link sent so far invalid."""
    web_link_days: float = Field(7.0, gt=0, le=366)
    """Days a private link stays valid (/web sends a fresh one)."""
    web_streams_per_client: int = Field(8, ge=1, le=1000)
    """Live pages one address may keep open at once; more are refused (429)."""
    web_moves_per_minute: int = Field(120, ge=1, le=6000)
    """Moves one private link may send a minute (a quarter of them at once); more are refused
    (429)."""
    web_max_connections: int = Field(4096, ge=16, le=100_000)
    """Connections the web table keeps open at once (a live page holds one); more are answered
    503."""
    web_header_seconds: float = Field(5.0, gt=0, le=120)
    """Seconds a request's headers may take to arrive before its connection is closed."""

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: Any) -> Any:
        # SHARD_IDS=0,1 in the environment; an empty value means every shard.
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",")]
            if not any(parts):
                return None
            if not all(part.isdigit() for part in parts):
                raise ValueError(f"{value!r} is not a list of shard numbers: write it as 0,1")
            return tuple(int(part) for part in parts)
        return value

    @field_validator("shard_ids")
    @classmethod
    def _within_the_count(cls, value: tuple[int, ...] | None, info: ValidationInfo) -> tuple[int, ...] | None:
        if value is None:
            return None
        count = info.data.get("shard_count")
        if count is None:  # SHARD_COUNT itself was refused, and says so
            return value
        if not value:
            raise ValueError("name at least one shard, or leave SHARD_IDS empty for all of them")
        if len(set(value)) != len(value):
            raise ValueError(f"{','.join(map(str, value))} names a shard twice")
        outside = [shard for shard in value if shard >= count]
        if outside:
            raise ValueError(
                f"shard {outside[0]} does not exist with SHARD_COUNT={count} (shards are numbered 0 to"
                f" {count - 1}): set SHARD_COUNT to the number of shards over all processes"
            )
        return tuple(sorted(value))

    @property
    def shards(self) -> tuple[int, ...]:
        """The shards this process runs."""
        return self.shard_ids if self.shard_ids is not None else tuple(range(self.shard_count))

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower_format(cls, value: Any) -> Any:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("web_base_url")
    @classmethod
    def _web_address(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if not value.startswith(("http://", "https://")) or " " in value:
            raise ValueError(f"{value!r} is not a web address: write it as https://host[:port][/path]")
        return value.rstrip("/")

    @field_validator("web_secret")
    @classmethod
    def _long_secret(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and len(value.get_secret_value()) < MIN_SECRET:
            raise ValueError(
                f"WEB_SECRET must be at least {MIN_SECRET} characters: make one with"
                " python -c 'import secrets; print(secrets.token_urlsafe(32))'"
            )
        return value

    @field_validator("web_secret")
    @classmethod
    def _web_needs_a_secret(cls, value: SecretStr | None, info: ValidationInfo) -> SecretStr | None:
        # A check of WEB_SECRET (validated even when unset), so that the error names it.
        if value is None and info.data.get("web_enabled"):
            raise ValueError(
                "WEB_ENABLED is on but WEB_SECRET is not set: make one with"
                " python -c 'import secrets; print(secrets.token_urlsafe(32))'"
            )
        return value

    @property
    def web_address(self) -> str:
        """Where links to the web table point."""
        return self.web_base_url or f"http://{self.web_host}:{self.web_port}"

    @field_validator("discord_token", "dev_guild_id", "web_base_url", "web_secret", mode="before")
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
