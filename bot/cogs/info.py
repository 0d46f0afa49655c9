"""Information: ``/rules``, ``/stats``, ``/leaderboard``."""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

import engine
from bot.cogs.lobby import GAME_CHOICES
from bot.host import Host
from bot.i18n import command_text, players, t
from bot.render.registry import renderer_for
from bot.reply import Reply
from storage.models import LeaderRow


def leaderboard_lines(lang: str, key: str, rows: list[LeaderRow]) -> list[str]:
    """One line per player, best first. A co-operative game's players win or lose together (a
    team win counts for every seat) and its points are the team's: only the games won together
    are told."""
    line = "leaderboard.together" if engine.get_game(key).cooperative else "leaderboard.line"
    return [
        t(
            lang,
            line,
            rank=place,
            player=f"<@{row.user_id}>",
            won=row.won,
            played=row.played,
            points=int(row.points) if float(row.points).is_integer() else row.points,
        )
        for place, row in enumerate(rows, start=1)
    ]


class Info(commands.Cog):
    def __init__(self, host: Host) -> None:
        self.host = host

    @app_commands.command(name="rules", description=command_text("cmd.rules.description"))
    @app_commands.describe(game=command_text("cmd.rules.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        async with Reply(interaction) as reply:
            found = engine.get_game(game)
            text = renderer_for(game).rules_text(reply.lang, found) or t(reply.lang, "rules.missing")
            embed = discord.Embed(title=t(reply.lang, "rules.title", title=found.title), description=text)
            embed.set_footer(text=players(reply.lang, found.min_seats, found.max_seats))
            await reply.send_ephemeral(embed=embed)

    @app_commands.command(name="stats", description=command_text("cmd.stats.description"))
    async def stats(self, interaction: discord.Interaction[Any]) -> None:
        async with Reply(interaction) as reply:
            stats = await self.host.repository.user_stats(interaction.user.id)
            embed = discord.Embed(
                title=t(reply.lang, "stats.title", player=interaction.user.display_name),
                description=t(reply.lang, "stats.total", played=stats.played, won=stats.won),
            )
            for key, (played, won) in sorted(stats.per_game.items()):
                known = key in engine.game_keys()
                title = engine.get_game(key).title if known else key
                line = "stats.together" if known and engine.get_game(key).cooperative else "stats.total"
                embed.add_field(name=title, value=t(reply.lang, line, played=played, won=won))
            await reply.send_ephemeral(embed=embed)

    @app_commands.command(name="leaderboard", description=command_text("cmd.leaderboard.description"))
    @app_commands.describe(game=command_text("cmd.leaderboard.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str) -> None:
        async with Reply(interaction, ephemeral_defer=False) as reply:
            rows = await self.host.repository.leaderboard(game, guild_id=interaction.guild_id)
            lines = leaderboard_lines(reply.public_lang, game, rows)
            embed = discord.Embed(
                title=t(reply.public_lang, "leaderboard.title", title=engine.get_game(game).title),
                description="\n".join(lines) or t(reply.public_lang, "leaderboard.empty"),
            )
            await reply.post(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Info(cast(Host, bot)))  # ``TavernBot`` is the host of its cogs
