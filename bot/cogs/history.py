"""Looking back and around: ``/games``, ``/history``, ``/export``."""

from __future__ import annotations

import io
import json
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.board import jump_url
from bot.history import export_data, history_lines, is_over
from bot.host import Host
from bot.i18n import command_text, t
from bot.render.layout import layout
from bot.reply import Reply, UserMistake
from engine import get_game
from storage.models import GameRecord

HISTORY_MOVES = 15
"""Moves shown by ``/history``."""
DESCRIPTION_LIMIT = 4000


class History(commands.Cog):
    def __init__(self, host: Host) -> None:
        self.host = host

    async def _game(self, interaction: discord.Interaction[Any], game_id: int | None) -> GameRecord:
        """The game named by id (of this server), else the open game in the channel."""
        repo = self.host.repository
        if game_id is None:
            record = await repo.by_channel(interaction.channel_id or 0)
            if record is None:
                raise UserMistake("play.no_game")
            return record
        record = await repo.get(game_id)
        if record.guild_id != interaction.guild_id:  # another server's game is not ours to show
            raise UserMistake("living.no_such_game", id=game_id)
        return record

    @app_commands.command(name="games", description=command_text("cmd.games.description"))
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        async with Reply(interaction) as reply:
            records = await self.host.repository.active_games(interaction.guild_id)
            lines = [
                t(
                    reply.lang,
                    f"living.games_line.{record.status}",
                    title=get_game(record.key).title,
                    id=record.id,
                    players=len(record.seats),
                    url=jump_url(record),
                )
                for record in records
            ]
            embed = discord.Embed(
                title=t(reply.lang, "living.games_title"),
                description=_clip("\n".join(lines)) or t(reply.lang, "living.games_none"),
            )
            await reply.send_ephemeral(view=layout(embed))

    @app_commands.command(name="history", description=command_text("cmd.history.description"))
    @app_commands.describe(game=command_text("cmd.history.game"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        async with Reply(interaction) as reply:
            record = await self._game(interaction, game)
            reply.game_id = record.id
            moves = await self.host.repository.moves(record.id)
            lines = history_lines(record, moves, reply.lang, limit=HISTORY_MOVES)
            embed = discord.Embed(
                title=t(reply.lang, "living.history_title", title=get_game(record.key).title, id=record.id),
                description=_clip("\n".join(lines), keep_end=True) or t(reply.lang, "living.history_empty"),
            )
            if not is_over(record):
                embed.set_footer(text=t(reply.lang, "living.history_public_only"))
            await reply.send_ephemeral(view=layout(embed))

    @app_commands.command(name="export", description=command_text("cmd.export.description"))
    @app_commands.describe(game=command_text("cmd.export.game"))
    @app_commands.guild_only()
    async def export(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        async with Reply(interaction) as reply:
            record = await self._game(interaction, game)
            reply.game_id = record.id
            if record.seed is None:
                raise UserMistake("play.not_started")
            if not is_over(record):
                # The replay holds the seed, which decides every roll and draw still to come.
                raise UserMistake("living.export_running")
            moves = await self.host.repository.moves(record.id)
            text = json.dumps(export_data(record, moves), ensure_ascii=False, indent=1)
            file = discord.File(
                io.BytesIO(text.encode("utf-8")), filename=f"tavern-{record.key}-{record.id}.json"
            )
            await reply.send_ephemeral(content=t(reply.lang, "living.export_done", id=record.id), file=file)


def _clip(text: str, *, keep_end: bool = False) -> str:
    if len(text) <= DESCRIPTION_LIMIT:
        return text
    if keep_end:  # the latest moves matter most
        return "…" + text[-(DESCRIPTION_LIMIT - 1) :]
    return text[: DESCRIPTION_LIMIT - 1] + "…"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(History(cast(Host, bot)))  # ``TavernBot`` is the host of its cogs
