"""``/config``: a server's settings for its games, for members with Manage Server.

Discord hides the command from other members (``default_permissions``), but a server can
change who sees a command, so the handler checks the caller's permissions again itself.
Called without options it shows the settings; with options it validates the new settings as
a whole (pydantic) and stores them, or explains what is wrong and changes nothing.
"""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

from bot.host import Host
from bot.i18n import command_text, t
from bot.render.layout import layout
from bot.reply import Reply, UserMistake
from bot.stored import guild_settings
from bot.stored.guild_settings import GuildSettings

TIMEOUT_CHOICES = [
    app_commands.Choice(name=command_text("cmd.config.on_timeout.ai"), value="ai"),
    app_commands.Choice(name=command_text("cmd.config.on_timeout.remove"), value="remove"),
]


def settings_embed(lang: str, settings: GuildSettings) -> discord.Embed:
    embed = discord.Embed(title=t(lang, "living.config_title"))
    embed.add_field(
        name=t(lang, "living.config_turn_limit"), value=duration(lang, settings.turn_limit_minutes)
    )
    reminder = (
        duration(lang, settings.reminder_minutes)
        if settings.reminder_minutes
        else t(lang, "living.config_off")
    )
    embed.add_field(name=t(lang, "living.config_reminder"), value=reminder)
    on_timeout = (
        t(lang, "living.config_on_timeout_ai")
        if settings.on_timeout == "ai"
        else t(lang, "living.config_on_timeout_remove", n=settings.remove_after)
    )
    embed.add_field(name=t(lang, "living.config_on_timeout"), value=on_timeout, inline=False)
    channels = " ".join(f"<#{c}>" for c in settings.channels) or t(lang, "living.config_any_channel")
    embed.add_field(name=t(lang, "living.config_channels"), value=channels, inline=False)
    shown = t(lang, "living.config_pictures_on" if settings.pictures else "living.config_pictures_off")
    embed.add_field(name=t(lang, "living.config_pictures"), value=shown, inline=False)
    rated = t(
        lang,
        "living.config_rate_computers_on" if settings.rate_computers else "living.config_rate_computers_off",
    )
    embed.add_field(name=t(lang, "living.config_rate_computers"), value=rated, inline=False)
    return embed


def duration(lang: str, minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    if hours and rest:
        return t(lang, "living.hours_minutes", h=hours, m=rest)
    if hours:
        return t(lang, "living.hours", h=hours)
    return t(lang, "living.minutes", m=rest)


class Admin(commands.Cog):
    def __init__(self, host: Host) -> None:
        self.host = host

    @app_commands.command(name="config", description=command_text("cmd.config.description"))
    @app_commands.describe(
        turn_limit=command_text("cmd.config.turn_limit"),
        reminder=command_text("cmd.config.reminder"),
        on_timeout=command_text("cmd.config.on_timeout"),
        remove_after=command_text("cmd.config.remove_after"),
        allow_channel=command_text("cmd.config.allow_channel"),
        disallow_channel=command_text("cmd.config.disallow_channel"),
        any_channel=command_text("cmd.config.any_channel"),
        pictures=command_text("cmd.config.pictures"),
        rate_computers=command_text("cmd.config.rate_computers"),
    )
    @app_commands.choices(on_timeout=TIMEOUT_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def config(
        self,
        interaction: discord.Interaction[Any],
        turn_limit: int | None = None,
        reminder: int | None = None,
        on_timeout: str | None = None,
        remove_after: int | None = None,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        any_channel: bool | None = None,
        pictures: bool | None = None,
        rate_computers: bool | None = None,
    ) -> None:
        async with Reply(interaction) as reply:
            if interaction.guild_id is None:
                raise UserMistake("living.config_guild_only")
            if not interaction.permissions.manage_guild:
                raise UserMistake("living.config_admin_only")
            repo = self.host.repository
            current = await guild_settings.read(repo, interaction.guild_id)
            changes: dict[str, Any] = {
                name: value
                for name, value in (
                    ("turn_limit_minutes", turn_limit),
                    ("reminder_minutes", reminder),
                    ("on_timeout", on_timeout),
                    ("remove_after", remove_after),
                    ("pictures", pictures),
                    ("rate_computers", rate_computers),
                )
                if value is not None
            }
            channels = list(current.channels)
            if any_channel:
                channels = []
            if allow_channel is not None and allow_channel.id not in channels:
                channels.append(allow_channel.id)
            if disallow_channel is not None and disallow_channel.id in channels:
                channels.remove(disallow_channel.id)
            if tuple(channels) != current.channels:
                changes["channels"] = tuple(channels)
            if not changes:
                await reply.send_ephemeral(view=layout(settings_embed(reply.lang, current)))
                return
            try:
                updated = GuildSettings.model_validate({**current.model_dump(), **changes})
            except ValidationError as exc:
                problems = "; ".join(_problem(error) for error in exc.errors())
                raise UserMistake("living.config_invalid", problems=problems) from None
            stored = await guild_settings.write(repo, interaction.guild_id, updated)
            saved = t(reply.lang, "living.config_saved")
            await reply.send_ephemeral(view=layout(settings_embed(reply.lang, stored), note=saved))


def _problem(error: Any) -> str:
    """A pydantic error as ``field: message`` with the field named as in the command."""
    names = {
        "turn_limit_minutes": "turn_limit",
        "reminder_minutes": "reminder",
        "remove_after": "remove_after",
        "on_timeout": "on_timeout",
    }
    where = ".".join(names.get(str(p), str(p)) for p in error.get("loc", ()))
    message = str(error.get("msg", "")).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Admin(cast(Host, bot)))  # ``TavernBot`` is the host of its cogs
