"""What the bot's services need from the running bot, defined below them.

The move path (``bot.moves``), the computer players, the turn clock and the pings are given a
``Host`` — storage, the settings, Discord access and the computer-turn scheduler —
instead of importing the bot class: ``TavernBot`` implements it, and nothing but the entry
points imports ``bot.app``. Tests may hand the services any object of this shape.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

import discord

from bot.settings import Settings
from bot.thinking import Thinker
from engine import Event
from storage import Repository
from storage.models import GameRecord


class ComputerTurns(Protocol):
    """Plays the computer seats of a game in the background (``bot.ai_players.AIPlayers``)."""

    thinker: Thinker
    """Where computer players decide (a hint too)."""

    def schedule(self, record: GameRecord) -> None:
        """Play the game's pending computer turns in the background, if it has any."""
        ...

    def adopt(self, game_id: int) -> None:
        """Play a computer turn this process has claimed (one that no process was playing)."""
        ...

    async def play_for_seat(self, game_id: int, seat: int, policy: str | None = None) -> bool:
        """Play one computer move for ``seat`` now (a person's too: a timed-out turn)."""
        ...


Send = Callable[..., Awaitable[discord.Message]]
"""How a ping is posted: a message to the game's channel."""


class TurnPingsKeeper(Protocol):
    """Pings the players whose turn begins and tidies the answered pings (``bot.turns``)."""

    async def after_move(
        self,
        before: GameRecord | None,
        after: GameRecord,
        events: tuple[Event, ...],
        lang: str,
        send: Send,
        *,
        seats: tuple[int, ...] | None = None,
    ) -> None: ...


class Host(Protocol):
    settings: Settings

    @property
    def repository(self) -> Repository: ...

    @property
    def client(self) -> discord.Client:
        """Discord access: channels, DMs, users, guilds."""
        ...

    @property
    def computer_turns(self) -> ComputerTurns: ...

    @property
    def turn_pings(self) -> TurnPingsKeeper: ...

    async def pictures(self, guild_id: int | None) -> bool:
        """Whether this server wants pictures on boards and private views (``/config``)."""
        ...
