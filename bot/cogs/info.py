"""Information: ``/rules``, ``/stats``, ``/leaderboard``.

``/leaderboard`` orders a game's players by skill rating (``storage.ratings``), in the server's
ratings by default and over every server with ``everywhere``; ``/stats`` counts a person's games
and wins everywhere, and beside each game gives his rating and its trend in the ratings the
leaderboard shows by default (the server's, or in a direct message every server's)."""

from __future__ import annotations

from functools import partial
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

import engine
from bot.cogs.lobby import GAME_CHOICES
from bot.host import Host
from bot.i18n import command_text, players, t
from bot.rating_words import board_lines, mention, provisional_heading, rating_value, signed
from bot.render.layout import layout
from bot.render.registry import renderer_for
from bot.render.web_links import leaderboard_link
from bot.reply import Reply
from storage.rating_rows import PlayerRating
from storage.ratings import TREND_GAMES


def rating_text(lang: str, rating: PlayerRating) -> str:
    """``Rating 3.4 (+1.2 over the last 5 games)``: the rating and its trend."""
    return t(
        lang,
        "stats.rating",
        rating=rating_value(rating.rating),
        trend=signed(lang, rating.trend),
        games=min(rating.games, TREND_GAMES),
    )


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
            await reply.send_ephemeral(view=layout(embed))

    @app_commands.command(name="stats", description=command_text("cmd.stats.description"))
    async def stats(self, interaction: discord.Interaction[Any]) -> None:
        async with Reply(interaction) as reply:
            repo = self.host.repository
            stats = await repo.user_stats(interaction.user.id)
            ratings = {
                r.key: r
                for r in await repo.player_ratings(interaction.user.id, guild_id=interaction.guild_id)
            }
            embed = discord.Embed(
                title=t(reply.lang, "stats.title", player=interaction.user.display_name),
                description=t(reply.lang, "stats.total", played=stats.played, won=stats.won),
            )
            for key, (played, won) in sorted(stats.per_game.items()):
                known = key in engine.game_keys()
                title = engine.get_game(key).title if known else key
                line = "stats.together" if known and engine.get_game(key).cooperative else "stats.total"
                value = t(reply.lang, line, played=played, won=won)
                if key in ratings:
                    value = f"{value}\n{rating_text(reply.lang, ratings[key])}"
                embed.add_field(name=title, value=value)
            await reply.send_ephemeral(view=layout(embed))

    @app_commands.command(name="leaderboard", description=command_text("cmd.leaderboard.description"))
    @app_commands.describe(
        game=command_text("cmd.leaderboard.game"), everywhere=command_text("cmd.leaderboard.everywhere")
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: str, everywhere: bool = False
    ) -> None:
        async with Reply(interaction, ephemeral_defer=False) as reply:
            lang = reply.public_lang
            guild_id = None if everywhere else interaction.guild_id
            board = await self.host.repository.rating_board(game, guild_id=guild_id)
            scope = "leaderboard.everywhere" if guild_id is None else "leaderboard.this_server"
            embed = discord.Embed(
                title=t(lang, "leaderboard.title", title=engine.get_game(game).title),
                description="\n".join(board_lines(lang, board.rated, partial(mention, lang), numbered=True))
                or t(lang, "leaderboard.no_rated" if board.provisional else "leaderboard.empty"),
            )
            if board.provisional:
                lines = board_lines(lang, board.provisional, partial(mention, lang), numbered=False)
                embed.add_field(name=provisional_heading(lang), value="\n".join(lines), inline=False)
            embed.set_footer(text=t(lang, scope))
            # The server's page on the web table, public to whoever holds the link (as a game's).
            embed.url = None if guild_id is None else leaderboard_link(guild_id)
            await reply.post(view=layout(embed), allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Info(cast(Host, bot)))  # ``TavernBot`` is the host of its cogs
