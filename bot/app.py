"""The configured bot: application commands only, no privileged intents, on the gateway shards
the settings give this process (``SHARD_COUNT``, ``SHARD_IDS``; by default the one shard).

``TavernBot`` is the host of the bot's services (``bot.host.Host``): they are handed the bot
and never import this module; only the entry points do. It keeps nothing a move needs between
events: games, deadlines, pending computer turns, turn pings and DM notices are in storage, so
several processes can share one database and each serve whatever interaction its shards get."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai_players import AIPlayers
from bot.buttons import DYNAMIC_ITEMS
from bot.host import Host
from bot.i18n import CatalogueTranslator, reader_language, t
from bot.render.registry import game_extensions
from bot.scheduler import TurnScheduler
from bot.settings import Settings
from bot.stored import counts_with_server_settings, guild_settings, open_repository
from bot.turns import TurnPings
from storage import Repository
from storage.claims import Claimant

log = logging.getLogger("tavern.bot")

COGS = (
    "bot.cogs.lobby",
    "bot.cogs.play",
    "bot.cogs.forms",
    "bot.cogs.info",
    "bot.cogs.admin",
    "bot.cogs.history",
)
"""The generic cogs; each game's own commands (``bot/games/<key>/commands.py``) load with them."""

WEB_COG = "bot.web.cog"
"""``/web`` and the web table's server, loaded only when ``WEB_ENABLED`` is on."""

STOP_GRACE_SECONDS = 5.0
"""How long a stopping process waits for the moves under way (clicks, a computer's move, a
timeout being played) to be stored and shown before it cuts them off."""


class TavernBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, repository: Repository | None = None) -> None:
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:  # unset: this process runs every shard
            shards["shard_ids"] = list(settings.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned,  # unused: the bot has application commands only
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **shards,
        )
        self.settings = settings
        if repository is not None and not counts_with_server_settings(repository):
            # Else its turn clock would count every game with the default limit whatever a
            # server chose in /config, silently.
            raise ValueError("the bot's repository is opened with bot.stored.open_repository")
        self._repository = repository
        self._owns_repository = repository is None
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]
        host: Host = self  # the services' view of the bot (checked by mypy here)
        self._turn_pings = TurnPings(host)
        """The turn pings still to be answered, deleted once they are."""
        self.scheduler = TurnScheduler(host)
        self.ai_players = AIPlayers(host)
        """Background tasks playing the computer turns this process has claimed."""
        self.stopping = False
        """Set by ``shutdown``: interactions arriving from then on are left unanswered."""
        self._handling: set[asyncio.Task[Any]] = set()
        """The tasks handling the interactions received so far, until each is done."""
        parsers = self._connection.parsers
        parsers["INTERACTION_CREATE"] = self._gate(parsers["INTERACTION_CREATE"])

    @property
    def client(self) -> discord.Client:
        return self

    @property
    def computer_turns(self) -> AIPlayers:
        return self.ai_players

    @property
    def turn_pings(self) -> TurnPings:
        return self._turn_pings

    async def pictures(self, guild_id: int | None) -> bool:
        """Whether this server wants pictures on boards and private views (``/config``)."""
        return (await guild_settings.read(self.repository, guild_id)).pictures

    @property
    def repository(self) -> Repository:
        if self._repository is None:
            raise RuntimeError("storage is opened in setup_hook; the bot has not started yet")
        return self._repository

    @property
    def syncs_commands(self) -> bool:
        """Whether this process registers the slash commands with Discord: the one that runs
        shard 0, so several processes starting together do not each sync them."""
        return 0 in self.settings.shards

    async def setup_hook(self) -> None:
        if self._repository is None:
            claimant = Claimant.this_process(self.settings.claim_lease_seconds)
            self._repository = await open_repository(self.settings.database_url, claimant=claimant)
        await self.load_commands()
        # Computer turns left pending by a restart, or by a process that died, are claimed by
        # the scheduler's passes, of this process or another.
        if not self.syncs_commands:
            log.info("shards %s: the process running shard 0 syncs the commands", self.settings.shards)
        elif self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.settings.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))
        self.scheduler.start()

    async def load_commands(self) -> None:
        """Cogs, buttons and the catalogue translator — everything but connecting and syncing,
        so ``python -m bot --check`` can list the commands offline."""
        await self.tree.set_translator(CatalogueTranslator())
        web = (WEB_COG,) if self.settings.web_enabled else ()  # no /web while there is no web table
        for extension in (*COGS, *web, *game_extensions()):
            if extension not in self.extensions:
                await self.load_extension(extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS)

    def _gate(self, parse: Callable[[Any], None]) -> Callable[[Any], None]:
        """discord.py's parser of ``INTERACTION_CREATE``, closed once the bot is stopping. The
        tasks it starts (a command, a button, a form: discord.py starts one per interaction)
        are kept, so a shutdown can wait for the moves under way."""

        def take(data: Any) -> None:
            if self.stopping:  # unanswered, Discord tells the player it failed: nothing changed
                log.debug("stopping: an interaction is left unanswered")
                return
            before = asyncio.all_tasks()
            parse(data)
            for task in asyncio.all_tasks() - before:
                self._handling.add(task)
                task.add_done_callback(self._handling.discard)

        return take

    async def shutdown(self, grace: float = STOP_GRACE_SECONDS) -> int:
        """Stop serving, as on SIGTERM: take no new interaction, let the moves under way finish
        (``grace`` seconds at most, then they are cut off), give back every computer turn,
        timeout and reminder this process holds, and what its stored moves still owe the table,
        so another process takes them over at once
        rather than when their lease runs out, and close. Returns the computer turns given
        back."""
        self.stopping = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        self.ai_players.stop()  # each finishes the move it is making, then lets its turn go
        handling = [task for task in self._handling if not task.done()]
        if handling:
            await asyncio.wait(handling, timeout=grace)
            late = [task for task in handling if not task.done()]
            for task in late:  # past the grace: the player is told nothing, or "failed"
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)
        await self.scheduler.stop(grace=max(0.0, deadline - loop.time()))
        given_back = await self.ai_players.close(grace=max(0.0, deadline - loop.time()))
        try:  # what the moves cut off still owe: another process delivers it at once
            await self.repository.owed.release()
        except Exception:
            log.exception("could not give back the follow-through this process holds")
        await self.close()
        return given_back

    async def close(self) -> None:
        await self.scheduler.stop()
        if self._repository is not None:
            await self.ai_players.close()
        await super().close()
        if self._owns_repository and self._repository is not None:
            await self._repository.close()
            self._repository = None

    async def on_tree_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Last resort for errors outside the handlers' own ``Reply`` (a failed check,
        a transformer): log, and apologise if nothing was answered yet."""
        log.error("application command error", exc_info=error)
        if not interaction.response.is_done():
            await interaction.response.send_message(
                t(reader_language(interaction), "error.unexpected"), ephemeral=True
            )


def create_bot(settings: Settings | None = None, repository: Repository | None = None) -> TavernBot:
    """The bot, configured but not connected. Storage opens in ``setup_hook`` unless given. Its
    turn deadlines count by the database's clock, never this process's (``storage.claims``)."""
    return TavernBot(settings or Settings(), repository)
