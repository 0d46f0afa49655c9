"""Each server's settings for its games (``/config``, the ``guild_settings`` table): where games
may be started, pictures, the turn limit and reminder, what happens at the limit.

Storage keeps no server settings; its turn clock asks only for a game's ``TurnPolicy`` (the limit
and the reminder), through the reader the bot's repository is opened with (``policy_of_server``,
``bot.stored.open_repository``), on the connection of the transaction that syncs the clock: a
move stored with the clock reads its server's policy in its own transaction."""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from storage import Repository
from storage.database import Connection
from storage.turn_clock import DEFAULT_TURN_POLICY, TurnPolicy

MAX_TURN_MINUTES = 60 * 24 * 30
"""A turn limit of at most 30 days."""


class GuildSettings(BaseModel):
    """One server's settings for its games (``/config``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turn_limit_minutes: int = Field(default=DEFAULT_TURN_POLICY.limit_minutes, ge=1, le=MAX_TURN_MINUTES)
    reminder_minutes: int = Field(default=DEFAULT_TURN_POLICY.reminder_minutes, ge=0, le=MAX_TURN_MINUTES)
    """Minutes into a turn before the player is reminded; 0 turns reminders off."""
    on_timeout: Literal["ai", "remove"] = "ai"
    """``ai``: a computer plays the timed-out turn. ``remove``: the same, and after
    ``remove_after`` missed turns in a row the seat resigns."""
    remove_after: int = Field(default=3, ge=1, le=100)
    channels: tuple[int, ...] = ()
    """Channels where ``/play`` may open games; empty means every channel."""
    pictures: bool = True
    """Boards and private views with pictures (maps, fields); ``False``: text grids instead, for
    servers whose members read with images turned off."""
    rate_computers: bool = False
    """Whether games with a computer seat are rated, each computer level rated as a player of
    its own (``storage.ratings``); by default they are not."""

    @model_validator(mode="after")
    def _reminder_before_limit(self) -> GuildSettings:
        if self.reminder_minutes >= self.turn_limit_minutes:
            raise ValueError(
                f"the reminder ({self.reminder_minutes} min) must come before the turn limit "
                f"({self.turn_limit_minutes} min); use 0 for no reminder"
            )
        return self

    def allows_channel(self, channel_id: int) -> bool:
        return not self.channels or channel_id in self.channels

    @property
    def turn_policy(self) -> TurnPolicy:
        """What the turn clock counts this server's games with."""
        return TurnPolicy(limit_minutes=self.turn_limit_minutes, reminder_minutes=self.reminder_minutes)


DEFAULT_SETTINGS = GuildSettings()


async def read_settings(db: Connection, guild_id: int | None) -> GuildSettings:
    if guild_id is None:
        return DEFAULT_SETTINGS
    row = await db.fetch_one("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
    if row is None:
        return DEFAULT_SETTINGS
    return GuildSettings.model_validate(json.loads(row[0]))


async def write_settings(db: Connection, guild_id: int, settings: GuildSettings, now: str) -> None:
    await db.execute(
        "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE"
        " SET settings = excluded.settings, updated_at = excluded.updated_at",
        (guild_id, settings.model_dump_json(), now),
    )


async def policy_of_server(db: Connection, guild_id: int | None) -> TurnPolicy:
    """The turn policy of a game on ``guild_id``, read on the syncing transaction's connection
    (a ``storage.turn_clock.TurnPolicyReader``)."""
    return (await read_settings(db, guild_id)).turn_policy


async def rates_computers(db: Connection, guild_id: int | None) -> bool:
    """Whether a game on ``guild_id`` with a computer seat is rated, read in the transaction
    that ends it (a ``storage.rating_rows.RatingPolicyReader``)."""
    return (await read_settings(db, guild_id)).rate_computers


async def read(repo: Repository, guild_id: int | None) -> GuildSettings:
    """The server's settings (the defaults for a server that set none, or outside any server)."""
    return await repo.database.run(lambda db: read_settings(db, guild_id), write=False, single=True)


async def write(repo: Repository, guild_id: int, settings: GuildSettings) -> GuildSettings:
    """Store the server's settings (the whole object, replacing any); as stored, read back in the
    same transaction."""
    now = repo.now()

    async def store(db: Connection) -> GuildSettings:
        await write_settings(db, guild_id, settings, now)
        return await read_settings(db, guild_id)

    return await repo.database.run(store, write=True)


__all__ = [
    "DEFAULT_SETTINGS",
    "MAX_TURN_MINUTES",
    "GuildSettings",
    "policy_of_server",
    "rates_computers",
    "read",
    "read_settings",
    "write",
    "write_settings",
]
