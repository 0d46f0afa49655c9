"""Hobbit's own commands: ``/hobbit autopass``, a player's standing choice to have Smaug
windows passed for him whenever he holds no Treasury card he could play in them (H6.5).

Without a choice it tells the player's setting; with one it stores it (per person, for every
Hobbit game, ``Repository.player_settings``) and has the bot look at once at the player's
running games, so a window already waiting for him is passed. The bot plays the pass through
the move path (``bot.standing``)."""

from __future__ import annotations

import logging
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

from bot.games.hobbit.settings import HobbitSettings
from bot.host import Host
from bot.i18n import command_text, t
from bot.reply import Reply
from bot.stored import player_settings
from storage.models import GameStatus

log = logging.getLogger("tavern.bot")

KEY = "hobbit"
SWITCH_CHOICES = [
    app_commands.Choice(name=command_text("hobbit.cmd.autopass.on"), value="on"),
    app_commands.Choice(name=command_text("hobbit.cmd.autopass.off"), value="off"),
]


async def read_settings(host: Host, user_id: int) -> HobbitSettings:
    stored = await player_settings.read(host.repository, user_id, KEY)
    try:
        return HobbitSettings.model_validate(stored)
    except ValidationError:
        log.warning("the Hobbit settings of user %s are not valid; using the defaults", user_id)
        return HobbitSettings()


class HobbitCommands(
    commands.GroupCog, group_name="hobbit", group_description=command_text("hobbit.cmd.description")
):
    def __init__(self, host: Host) -> None:
        self.host = host
        super().__init__()

    @app_commands.command(name="autopass", description=command_text("hobbit.cmd.autopass.description"))
    @app_commands.describe(switch=command_text("hobbit.cmd.autopass.switch"))
    @app_commands.choices(switch=SWITCH_CHOICES)
    async def autopass(self, interaction: discord.Interaction[Any], switch: str | None = None) -> None:
        async with Reply(interaction) as reply:
            user_id = interaction.user.id
            settings = await read_settings(self.host, user_id)
            if switch is not None:
                settings = settings.model_copy(update={"autopass": switch == "on"})
                await player_settings.write(self.host.repository, user_id, KEY, settings.model_dump())
            await reply.say(
                t(reply.lang, "hobbit.autopass.on" if settings.autopass else "hobbit.autopass.off")
            )
            if settings.autopass:
                for record in await self.host.repository.seated_games(user_id):
                    if record.key == KEY and record.status is GameStatus.ACTIVE:
                        self.host.computer_turns.schedule(record)  # a window waiting for him now


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HobbitCommands(cast(Host, bot)))  # ``TavernBot`` is the host of its cogs
