"""Answering one interaction: within Discord's 3 seconds, once, and safely.

``Reply`` is used as ``async with Reply(interaction) as reply:`` around a handler. It
- defers by itself if the handler has not answered after ``DEFER_AFTER`` seconds, so a slow
  database never costs the player an "interaction failed";
- sends every later message as a followup, so no handler needs to know what was sent first;
- turns a player's mistake (engine or storage error) into an ephemeral explanation, and an
  unexpected exception into a log line with the game id and a short apology. Handlers
  change nothing before the repository commits, so the game state stays as it was.

Its answers never ping: an explanation may quote what the player typed, so ``say`` and
``send_ephemeral`` allow no mentions unless told otherwise (turn pings go out elsewhere).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from types import TracebackType
from typing import Any

import discord

from bot.i18n import explain, public_language, reader_language, t
from bot.logging_setup import bind, log_context
from bot.render.layout import as_layout
from engine import EngineError
from storage.errors import StorageError

log = logging.getLogger("tavern.bot")

DEFER_AFTER = 2.0
"""Seconds before the watchdog defers; Discord's limit is 3."""
QUIET = discord.AllowedMentions.none()
"""The mentions an answer may make: none (it may quote what the player typed)."""


class UserMistake(Exception):
    """Something the player did that we refuse with an explanation (catalogue key)."""

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class Reply:
    def __init__(self, interaction: discord.Interaction[Any], *, ephemeral_defer: bool = True) -> None:
        self.interaction = interaction
        self.lang = reader_language(interaction)
        self.public_lang = public_language(interaction)
        self._game_id: int | None = None
        self._log_token: Any = None
        self._ephemeral_defer = ephemeral_defer
        self.subject: str | None = None
        """What the player gives here when it is not a move (``place``: a placement;
        ``options``: game options): his mistakes are explained in its words (``explain``)."""
        self._lock = asyncio.Lock()
        self._watchdog: asyncio.TimerHandle | None = None
        self._deferring: asyncio.Task[None] | None = None

    @property
    def game_id(self) -> int | None:
        """Set by the handler once known, so every log line (an unexpected error too) names it."""
        return self._game_id

    @game_id.setter
    def game_id(self, value: int | None) -> None:
        self._game_id = value
        bind(game_id=value)

    # -- lifecycle ------------------------------------------------------------------------
    async def __aenter__(self) -> Reply:
        self._log_token = bind(guild_id=self.interaction.guild_id, channel_id=self.interaction.channel_id)
        loop = asyncio.get_running_loop()
        self._watchdog = loop.call_later(DEFER_AFTER, self._start_defer)
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> bool:
        self._stop_watchdog()
        try:
            return await self._handle(error)
        finally:
            if self._log_token is not None:
                with contextlib.suppress(ValueError):  # only if entered in another context
                    log_context.reset(self._log_token)

    async def _handle(self, error: BaseException | None) -> bool:
        if error is None or not isinstance(error, Exception):
            return False
        try:
            if isinstance(error, UserMistake):
                await self.say(t(self.lang, error.key, **error.params))
            elif isinstance(error, EngineError | StorageError):
                await self.say(explain(self.lang, error, self.subject))
            else:
                log.error("unexpected error in game %s", self.game_id, exc_info=error)
                await self.say(t(self.lang, "error.unexpected"))
        except discord.HTTPException:
            log.exception("could not tell the user about an error in game %s", self.game_id)
        return True

    def _stop_watchdog(self) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
            self._watchdog = None

    def _start_defer(self) -> None:
        self._deferring = asyncio.get_running_loop().create_task(self._defer())

    async def _defer(self) -> None:
        async with self._lock:
            if self.interaction.response.is_done():
                return
            log.info("deferring a slow interaction in game %s", self.game_id)
            if self.interaction.type is discord.InteractionType.component:
                await self.interaction.response.defer()
            else:
                await self.interaction.response.defer(ephemeral=self._ephemeral_defer, thinking=True)

    # -- answers --------------------------------------------------------------------------
    @property
    def answered(self) -> bool:
        return self.interaction.response.is_done()

    async def say(self, text: str, *, ephemeral: bool = True, **kwargs: Any) -> None:
        """A message to the user (ephemeral by default, pinging nobody): the response, else a
        followup."""
        kwargs.setdefault("allowed_mentions", QUIET)
        async with self._lock:
            if not self.interaction.response.is_done():
                await self.interaction.response.send_message(text, ephemeral=ephemeral, **kwargs)
            else:
                await self.interaction.followup.send(text, ephemeral=ephemeral, **kwargs)

    async def send_ephemeral(self, **kwargs: Any) -> None:
        kwargs.setdefault("allowed_mentions", QUIET)
        async with self._lock:
            if not self.interaction.response.is_done():
                await self.interaction.response.send_message(ephemeral=True, **kwargs)
            else:
                await self.interaction.followup.send(ephemeral=True, **kwargs)

    async def post(self, **kwargs: Any) -> int | None:
        """A new public message; returns its id."""
        async with self._lock:
            if not self.interaction.response.is_done():
                callback = await self.interaction.response.send_message(**kwargs)
                return callback.message_id
            message = await self.interaction.followup.send(wait=True, **kwargs)
            return message.id

    async def update_message(self, **kwargs: Any) -> None:
        """Edit the message the clicked component is on, in the response itself (one call)."""
        kwargs = as_layout(kwargs)
        async with self._lock:
            if not self.interaction.response.is_done():
                await self.interaction.response.edit_message(**kwargs)
            else:
                await self.interaction.edit_original_response(**kwargs)

    def attached(self) -> set[str]:
        """The names of the files the clicked message holds (none for a command)."""
        message = self.interaction.message
        return {a.filename for a in message.attachments} if message is not None else set()

    async def open_form(self, modal: discord.ui.Modal) -> None:
        """Answer with a form (a modal must be the first response)."""
        async with self._lock:
            await self.interaction.response.send_modal(modal)

    async def followup(self, **kwargs: Any) -> discord.Message:
        """Another message after the response (a turn ping, a notice)."""
        async with self._lock:
            return await self.interaction.followup.send(wait=True, **kwargs)
