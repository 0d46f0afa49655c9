"""Information: ``/rules``, ``/stats``, ``/leaderboard``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import engine
from bot.cogs.lobby import GAME_CHOICES
from bot.i18n import catalogue, command_text, t
from bot.reply import Reply

if TYPE_CHECKING:
    from bot.app import TavernBot


class Info(commands.Cog):
    def __init__(self, bot: TavernBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description=command_text("cmd.rules.description"))
    @app_commands.describe(game=command_text("cmd.rules.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        async with Reply(interaction) as reply:
            found = engine.get_game(game)
            key = f"rules.{game}"
            text = t(reply.lang, key) if catalogue().has(key) else t(reply.lang, "rules.missing")
            embed = discord.Embed(title=t(reply.lang, "rules.title", title=found.title), description=text)
            embed.set_footer(text=t(reply.lang, "rules.seats", min=found.min_seats, max=found.max_seats))
            await reply.send_ephemeral(embed=embed)

    @app_commands.command(name="stats", description=command_text("cmd.stats.description"))
    async def stats(self, interaction: discord.Interaction[Any]) -> None:
        async with Reply(interaction) as reply:
            stats = await self.bot.repository.user_stats(interaction.user.id)
            embed = discord.Embed(
                title=t(reply.lang, "stats.title", player=interaction.user.display_name),
                description=t(reply.lang, "stats.total", played=stats.played, won=stats.won),
            )
            for key, (played, won) in sorted(stats.per_game.items()):
                title = engine.get_game(key).title if key in engine.games() else key
                embed.add_field(name=title, value=t(reply.lang, "stats.total", played=played, won=won))
            await reply.send_ephemeral(embed=embed)

    @app_commands.command(name="leaderboard", description=command_text("cmd.leaderboard.description"))
    @app_commands.describe(game=command_text("cmd.leaderboard.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str) -> None:
        async with Reply(interaction, ephemeral_defer=False) as reply:
            rows = await self.bot.repository.leaderboard(game, guild_id=interaction.guild_id)
            lines = [
                t(
                    reply.public_lang,
                    "leaderboard.line",
                    rank=place,
                    player=f"<@{row.user_id}>",
                    won=row.won,
                    played=row.played,
                    points=int(row.points) if float(row.points).is_integer() else row.points,
                )
                for place, row in enumerate(rows, start=1)
            ]
            embed = discord.Embed(
                title=t(reply.public_lang, "leaderboard.title", title=engine.get_game(game).title),
                description="\n".join(lines) or t(reply.public_lang, "leaderboard.empty"),
            )
            await reply.post(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: TavernBot) -> None:
    await bot.add_cog(Info(bot))
