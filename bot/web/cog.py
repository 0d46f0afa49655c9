"""``/web``, the private links sent at a game's start, and the web table's life.

Loaded only when ``WEB_ENABLED`` is on (``bot.app``): the cog starts the server in
``cog_load`` and stops it in ``cog_unload`` (the bot unloads its extensions when it closes),
and publishes the address the board messages link to while it serves.
"""

from __future__ import annotations

import logging
import time
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.host import Host
from bot.i18n import command_text, guild_language, t
from bot.render.web_links import WEB_SETTINGS, Links, bumped, generations, publish
from bot.reply import Reply, UserMistake
from bot.stored import player_settings
from bot.web import playing
from bot.web.playing import MoveAnswer, MoveRequest
from bot.web.server import WebTable
from bot.web.snapshots import title
from bot.web.tokens import Claims
from storage.models import GameRecord, GameStatus

log = logging.getLogger("tavern.web")

DAY = 86400.0


class Web(commands.Cog):
    def __init__(self, host: Host) -> None:
        self.host = host
        self.table = WebTable(host.settings, lambda: host.repository, self.play)

    async def cog_load(self) -> None:
        if self.host.client.user is None:
            # Not logged in: ``python -m bot --check`` loads the commands to list them, and
            # must not take the port of a bot running beside it.
            return
        await self.table.start()
        publish(self.table.links)

    async def cog_unload(self) -> None:
        publish(None)
        await self.table.stop()

    @property
    def links(self) -> Links:
        return self.table.links

    async def play(self, game_id: int, seat: int, request: MoveRequest, lang: str) -> MoveAnswer:
        """A move from a seat's web page, on the bot's loop (``bot.web.playing``)."""
        return await playing.play(self.host, game_id, seat, request, lang)

    # -- private links ---------------------------------------------------------------------------
    async def private_link(self, record: GameRecord, seat: int) -> str:
        """A fresh link to the seat's private page, at the seat's current generation."""
        user_id = record.seats[seat].user_id
        assert user_id is not None
        mine = await player_settings.read(self.host.repository, user_id, WEB_SETTINGS)
        generation = generations(mine).get(str(record.id), 0)
        expires = int(time.time() + self.host.settings.web_link_days * DAY)
        token = self.table.signer.issue(Claims(record.id, seat, generation, expires))
        return self.links.private(record.id, seat, token)

    async def revoke(self, record: GameRecord, seat: int) -> None:
        """Every link to the seat's page issued so far stops opening it (by any bot process:
        the generation is stored), and the pages open now are closed within seconds."""
        user_id = record.seats[seat].user_id
        assert user_id is not None
        mine = await player_settings.read(self.host.repository, user_id, WEB_SETTINGS)
        await player_settings.write(self.host.repository, user_id, WEB_SETTINGS, bumped(mine, record.id))
        self.table.nudge(record.id)

    @commands.Cog.listener("on_tavern_game_stored")
    async def stored(self, before: GameRecord | None, after: GameRecord) -> None:
        """Every stored move: the live pages look at once; at a game's start, each player is
        sent the link to his private page."""
        self.table.nudge(after.id)
        if before is not None or after.status is not GameStatus.ACTIVE:
            return
        for seat in after.seats:
            if seat.user_id is None:
                continue
            try:
                url = await self.private_link(after, seat.seat)
                channel = await self.host.client.create_dm(discord.Object(id=seat.user_id))
                lang = guild_language(self.host.client, after.guild_id)
                text = t(lang, "web.dm_link", title=title(after))
                await channel.send(text, view=link_view([(t(lang, "web.yours"), url)]))
            except discord.HTTPException as error:  # closed DMs: /web gives the link too
                log.info("could not send the web link of game %s to seat %s (%s)", after.id, seat.seat, error)

    # -- /web ------------------------------------------------------------------------------------
    @app_commands.command(name="web", description=command_text("cmd.web.description"))
    @app_commands.describe(game=command_text("cmd.web.game"), revoke=command_text("cmd.web.revoke"))
    async def web(
        self, interaction: discord.Interaction[Any], game: int | None = None, revoke: bool = False
    ) -> None:
        async with Reply(interaction) as reply:
            records = await self._games(interaction, game)
            lines: list[str] = []
            buttons: list[tuple[str, str]] = []
            for record in records[:5]:  # a DM lists the player's running games
                seat = record.seat_of(interaction.user.id)
                seated = seat is not None and not record.seats[seat].resigned and record.position is not None
                over = record.status in (GameStatus.FINISHED, GameStatus.ABANDONED)
                if revoke:
                    if seat is None or not seated:
                        raise UserMistake("web.revoke_no_seat")
                    await self.revoke(record, seat)
                    lines.append(t(reply.lang, "web.revoked", title=title(record)))
                lines.append(t(reply.lang, "web.live", title=title(record), url=self.links.board(record.id)))
                buttons.append((t(reply.lang, "web.board", id=record.id), self.links.board(record.id)))
                if over and record.status is GameStatus.FINISHED:
                    buttons.append((t(reply.lang, "web.replay_button"), self.links.replay(record.id)))
                if seated and seat is not None and not over:
                    url = await self.private_link(record, seat)
                    lines.append(t(reply.lang, "web.private_line", days=self.host.settings.web_link_days))
                    buttons.append((t(reply.lang, "web.yours_short", id=record.id), url))
            await reply.send_ephemeral(content="\n".join(lines), view=link_view(buttons))

    async def _games(self, interaction: discord.Interaction[Any], game_id: int | None) -> list[GameRecord]:
        repo = self.host.repository
        if game_id is not None:
            record = await repo.get(game_id)
            # another server's game is not ours to show; in a DM, only the player's own games
            if interaction.guild_id is not None and record.guild_id != interaction.guild_id:
                raise UserMistake("living.no_such_game", id=game_id)
            if interaction.guild_id is None and record.seat_of(interaction.user.id) is None:
                raise UserMistake("living.no_such_game", id=game_id)
            return [record]
        if interaction.guild_id is None:
            records = await repo.seated_games(interaction.user.id)
            if not records:
                raise UserMistake("web.no_games")
            return records
        found = await repo.by_channel(interaction.channel_id or 0)
        if found is None:
            raise UserMistake("play.no_game")
        return [found]


def link_view(buttons: list[tuple[str, str]]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for label, url in buttons[:25]:
        view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=label[:80], url=url))
    return view


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Web(cast(Host, bot)))  # ``TavernBot`` is the host of its cogs
