"""Playing: move buttons, ``/move``, ``/hand`` and Private, ``/status``, ``/resign``.

Every handler follows the same order: reload the game from storage, check who is acting,
apply through the repository (which refuses a stale version), then redraw the one board
message — in the click's own response when the click came from the board.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.board import game_parts
from bot.i18n import command_text, reader_language, t
from bot.private import deliver_pending_notice, report_unreachable, send_private_views
from bot.render import Table, renderer_for
from bot.reply import Reply, UserMistake
from engine import RESIGN, get_game
from engine.core import dump_json
from storage.errors import StaleVersion
from storage.models import Applied, GameRecord, GameStatus

if TYPE_CHECKING:
    from bot.app import TavernBot

log = logging.getLogger("tavern.bot")


class Play(commands.Cog):
    def __init__(self, bot: TavernBot) -> None:
        self.bot = bot

    # -- finding the game and the seat --------------------------------------------------------
    async def _channel_game(self, interaction: discord.Interaction[Any]) -> GameRecord:
        record = await self.bot.repository.by_channel(interaction.channel_id or 0)
        if record is None:
            raise UserMistake("play.no_game")
        return record

    @staticmethod
    def _seat(record: GameRecord, user_id: int) -> int:
        seat = record.seat_of(user_id)
        if seat is None:
            raise UserMistake("play.not_in_game")
        return seat

    @staticmethod
    def _require_active(record: GameRecord) -> None:
        if record.status is GameStatus.LOBBY:
            raise UserMistake("play.not_started")
        if record.status is not GameStatus.ACTIVE:
            raise UserMistake("play.over")

    # -- moves ----------------------------------------------------------------------------
    async def on_move_click(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, action: dict[str, Any]
    ) -> None:
        async with Reply(interaction) as reply:
            reply.game_id = game_id
            record = await self.bot.repository.get(game_id)
            seat = self._seat(record, interaction.user.id)
            self._require_active(record)
            on_board = interaction.message is not None and interaction.message.id == record.message_id
            if version != record.version or not on_board:
                raise UserMistake("play.stale")
            game = get_game(record.key)
            table = Table(record, game, reply.lang)
            form = renderer_for(record.key).action_form(table, seat, action)
            if form is not None:  # the action needs typed input: its form applies it
                if seat not in game.to_act(record.state):
                    raise UserMistake("play.not_your_turn")
                await reply.open_form(form)
                return
            await self._apply(reply, record, seat, action, on_board=True)

    @app_commands.command(name="move", description=command_text("cmd.move.description"))
    @app_commands.describe(action=command_text("cmd.move.action"))
    async def move(self, interaction: discord.Interaction[Any], action: str) -> None:
        async with Reply(interaction) as reply:
            record = await self._channel_game(interaction)
            reply.game_id = record.id
            seat = self._seat(record, interaction.user.id)
            self._require_active(record)
            game = get_game(record.key)
            data = game.dump_action(game.parse_action(action))  # BadAction → explained
            await self._apply(reply, record, seat, data, on_board=False)

    @move.autocomplete("action")
    async def move_actions(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The caller's legal actions now, matching what was typed so far."""
        try:
            record = await self.bot.repository.by_channel(interaction.channel_id or 0)
            if record is None or record.status is not GameStatus.ACTIVE:
                return []
            seat = record.seat_of(interaction.user.id)
            if seat is None:
                return []
            game = get_game(record.key)
            renderer = renderer_for(record.key)
            lang = reader_language(interaction)
            suggested = renderer.suggest(Table(record, game, lang), seat, current)
            if suggested is not None:
                return [app_commands.Choice(name=n[:100], value=v[:100]) for n, v in suggested[:25]]
            typed = current.strip().lower()
            choices = []
            for action in game.legal_actions(record.state, seat):
                data = game.dump_action(action)
                name = renderer.action_text(lang, data)
                value = dump_json(data)
                if typed in name.lower() or typed in value.lower():
                    choices.append(app_commands.Choice(name=name[:100], value=value[:100]))
            return choices[:25]
        except Exception:
            log.exception("autocomplete of /move failed")
            return []

    @app_commands.command(name="resign", description=command_text("cmd.resign.description"))
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        async with Reply(interaction, ephemeral_defer=False) as reply:  # the news is public
            record = await self._channel_game(interaction)
            reply.game_id = record.id
            seat = self._seat(record, interaction.user.id)
            self._require_active(record)
            await self._apply(reply, record, seat, {"kind": RESIGN}, on_board=False, check_turn=False)

    async def _apply(
        self,
        reply: Reply,
        record: GameRecord,
        seat: int,
        action: dict[str, Any],
        *,
        on_board: bool,
        check_turn: bool = True,
    ) -> None:
        game = get_game(record.key)
        if check_turn and seat not in game.to_act(record.state):
            raise UserMistake("play.not_your_turn")
        try:
            applied = await self.bot.repository.apply(
                record.id,
                expected_version=record.version,
                seat=seat,
                action=action,
                turn_now=self.bot.clock(),
            )
        except StaleVersion:
            raise UserMistake("play.stale") from None
        after = applied.game
        pictures = await self.bot.pictures(after.guild_id)
        embed, view, files = game_parts(
            after, reply.public_lang, applied.events, deadlines=applied.deadlines, pictures=pictures
        )
        if on_board:  # the response itself: one call, the new picture included
            await reply.update_message(embed=embed, view=view, attachments=files)
        else:
            if action.get("kind") == RESIGN:
                await reply.say(
                    t(reply.public_lang, "play.resigned", player=f"<@{reply.interaction.user.id}>"),
                    ephemeral=False,
                )
            else:
                text = renderer_for(record.key).action_text(reply.lang, action)
                await reply.say(t(reply.lang, "play.done", action=text))
            await edit_board(self.bot, after, embed, view, files)
        await self.after_move(reply, record, applied, pictures=pictures)

    async def after_move(self, reply: Reply, before: GameRecord, applied: Applied, *, pictures: bool) -> None:
        """What follows every stored move: the turn ping, DMs of changed private views,
        notices for players whose DMs are closed; then computer seats now due are scheduled.
        ``pictures`` is the server's setting, already read for the board of this move."""
        after = applied.game
        await self.bot.turn_pings.after_move(before, after, applied.events, reply.public_lang, reply.followup)
        unreachable = await send_private_views(
            self.bot, before.state, after, reply.public_lang, pictures=pictures
        )
        await report_unreachable(
            reply, self.bot.dm_notices, after.id, unreachable, record=after, pictures=pictures
        )
        await deliver_pending_notice(reply, self.bot.dm_notices, after.id)
        self.bot.ai_players.schedule(after)

    # -- private views --------------------------------------------------------------------
    @app_commands.command(name="hand", description=command_text("cmd.hand.description"))
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async with Reply(interaction) as reply:
            record = await self._channel_game(interaction)
            await self._show_private(reply, record)

    async def on_private_click(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        async with Reply(interaction) as reply:
            await self._show_private(reply, await self.bot.repository.get(game_id))

    async def _show_private(self, reply: Reply, record: GameRecord) -> None:
        """A seat's private view; anyone else is a spectator and is told so, with the view
        every spectator has (the public board)."""
        reply.game_id = record.id
        renderer = renderer_for(record.key)
        seat = record.seat_of(reply.interaction.user.id)
        if record.state is None:
            raise UserMistake("play.not_started" if seat is not None else "play.not_in_game")
        table = Table(
            record, get_game(record.key), reply.lang, pictures=await self.bot.pictures(record.guild_id)
        )
        if seat is None and not renderer.spectators_see_private:
            await reply.send_ephemeral(content=t(reply.lang, "living.spectator"), embed=renderer.board(table))
            return
        embed, files = renderer.private_message(table, seat)
        await reply.send_ephemeral(embed=embed, files=files)
        self.bot.dm_notices.discard((record.id, reply.interaction.user.id))

    # -- the board --------------------------------------------------------------------------
    @app_commands.command(name="status", description=command_text("cmd.status.description"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        """Post the board again at the bottom of the channel; the new message becomes the
        game's board (older copies' buttons are then refused as out of date)."""
        async with Reply(interaction, ephemeral_defer=False) as reply:
            record = await self._channel_game(interaction)
            reply.game_id = record.id
            deadlines = await self.bot.repository.turn_deadlines(record.id)
            pictures = await self.bot.pictures(record.guild_id)
            embed, view, files = game_parts(record, reply.public_lang, deadlines=deadlines, pictures=pictures)
            message_id = await reply.post(embed=embed, view=view, files=files)
            if message_id is not None:
                await self.bot.repository.set_message(record.id, message_id)


async def edit_board(
    bot: TavernBot,
    record: GameRecord,
    embed: discord.Embed,
    view: discord.ui.View | None,
    files: list[discord.File] | None = None,
) -> None:
    """Edit the game's one board message in place (when it is known and still there): one
    REST call, its picture replaced with it."""
    if record.message_id is None:
        return
    channel = bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
    try:
        await channel.get_partial_message(record.message_id).edit(
            embed=embed, view=view, attachments=files or []
        )
    except discord.NotFound:
        log.warning("the board message of game %s is gone; /status posts a new one", record.id)


async def announce_move(bot: TavernBot, before: GameRecord, applied: Applied, lang: str) -> None:
    """A move stored without a click — a computer player's, or a turn played for a player who
    ran out of time — shown as a clicked one is: the board redrawn with the move's events, a
    ping for whoever acts next, DMs of changed private views (players who cannot be reached are
    told at their next interaction); then any computer seats now due are scheduled."""
    after = applied.game
    pictures = await bot.pictures(after.guild_id)
    embed, view, files = game_parts(
        after, lang, applied.events, deadlines=applied.deadlines, pictures=pictures
    )
    await edit_board(bot, after, embed, view, files)
    channel = bot.get_partial_messageable(after.channel_id, guild_id=after.guild_id)
    await bot.turn_pings.after_move(before, after, applied.events, lang, channel.send)
    unreachable = await send_private_views(bot, before.state, after, lang, pictures=pictures)
    bot.dm_notices.update((after.id, user_id) for user_id in unreachable)
    bot.ai_players.schedule(after)


async def setup(bot: TavernBot) -> None:
    await bot.add_cog(Play(bot))
