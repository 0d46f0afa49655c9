"""Playing: move buttons, ``/move``, ``/hand`` and Private, ``/status``, ``/resign``.

Every handler follows the same order: reload the game from storage, check who is acting,
store the move through the one move path (``bot.moves``), which then redraws the board — in
the click's own response when the click came from the board — and does all that follows.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai_players import decision_seed
from bot.board import game_parts, more_action, private_parts, table_of
from bot.host import Host
from bot.i18n import command_text, echo, reader_language, t
from bot.moves import (
    act,
    check_click,
    follow,
    later,
    picture_later,
    refused,
    require_active,
    running,
    seat_of,
    store,
)
from bot.policies import default_policy
from bot.private import deliver_pending_notice, show_private
from bot.render import Focus, Forms, Menus, Table
from bot.render.layout import keep_held_pictures, layout
from bot.render.painter import deferring, drawn, drawn_if_free, pending
from bot.render.registry import renderer_for
from bot.reply import Reply, UserMistake
from bot.stored import dm_notices
from bot.typed import read_typed
from engine import RESIGN, IllegalAction
from engine.core import dump_json
from storage.models import GameRecord, GameStatus

log = logging.getLogger("tavern.bot")


class Play(commands.Cog):
    def __init__(self, host: Host) -> None:
        self.host = host

    async def _channel_game(self, interaction: discord.Interaction[Any]) -> GameRecord:
        record = await self.host.repository.by_channel(interaction.channel_id or 0)
        if record is None:
            raise UserMistake("play.no_game")
        return record

    # -- moves ----------------------------------------------------------------------------
    async def on_move_click(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, action: dict[str, Any]
    ) -> None:
        """A move button: on the board, or in a seat's DM or ephemeral message. It acts for the
        clicker's seat (``bot.moves.check_click``); the board is redrawn in the response when
        clicked on the board, the clicked private message when clicked there."""
        await self._on_component(interaction, game_id, version, lambda table, seat: action)

    async def on_move_select(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, name: str, values: list[str]
    ) -> None:
        """A choice in a select menu (or a game's own button, ``Renderer.choices``): the game's
        renderer reads it back into an action, which then goes the way of a clicked button —
        or into a ``Focus``, and the seat's message is shown narrowed to it."""

        def chosen(table: Table, seat: int) -> dict[str, Any] | Focus:
            picked = more_action(name, values)
            renderer = renderer_for(table.game.key)
            if picked is None and isinstance(renderer, Menus):
                picked = renderer.choose(table, seat, name, values)
            if picked is None:
                raise UserMistake("play.stale")
            if isinstance(picked, Focus):
                return picked
            game = table.game
            data: dict[str, Any] = game.dump_action(game.parse_action(picked))  # BadAction → explained
            return data

        await self._on_component(interaction, game_id, version, chosen)

    async def _on_component(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int,
        make_action: Callable[[Table, int], dict[str, Any] | Focus],
    ) -> None:
        async with Reply(interaction) as reply:
            reply.game_id = game_id
            record = await self.host.repository.get(game_id)
            seat = seat_of(record, interaction.user.id)
            require_active(record)
            message = interaction.message
            on_board = message is not None and message.id == record.message_id
            in_dm = interaction.guild_id is None
            ephemeral = message is not None and message.flags.ephemeral
            if not (on_board or in_dm or ephemeral):
                raise UserMistake("play.stale")  # an older board in the channel
            table = table_of(record, reply.lang, seat=seat)
            action = make_action(table, seat)
            if isinstance(action, Focus):
                await self._show_focus(reply, record, seat, action, on_board=on_board)
                return
            renderer = renderer_for(record.key)
            form = renderer.action_form(table, seat, action) if isinstance(renderer, Forms) else None
            if form is not None:  # the action needs typed input: its form applies it
                await check_click(self.host, record, seat, action, version)
                await reply.open_form(form)
                return
            try:
                applied = await store(self.host, record, seat, action, drawn_at=version)
            except IllegalAction as error:
                if await refused(reply, record, error):
                    return
                raise
            refreshed = None
            if not on_board and await self._redraw_private(reply, applied.game, seat):
                refreshed = interaction.user.id if in_dm else None
            await follow(
                self.host,
                record,
                applied,
                reply.public_lang,
                reply=reply,
                board_in_response=on_board,
                mover=seat,
                refreshed=refreshed,
            )

    async def _show_focus(
        self, reply: Reply, record: GameRecord, seat: int, focus: Focus, *, on_board: bool
    ) -> None:
        """One step of a multi-step choice: the seat's own message narrowed to ``focus`` — in
        place where it was picked in that message, else (a menu on the board) as an ephemeral
        message. Nothing is stored; only the seat that has something to choose gets it."""
        position = record.position
        if position is None or not position.legal_actions(seat):
            raise UserMistake("play.not_your_turn")
        pictures = await self.host.pictures(record.guild_id)
        view, files = await drawn(
            lambda: private_parts(record, seat, reply.lang, pictures=pictures, focus=focus.path)
        )
        if on_board:
            await reply.send_ephemeral(view=view, files=files)
        else:
            await reply.update_message(view=view, attachments=files)

    async def _redraw_private(self, reply: Reply, record: GameRecord, seat: int) -> bool:
        """The clicked private message, redrawn in the click's response: the seat's view now,
        with the buttons it has now. ``False`` (logged) when Discord refused: the move is
        stored all the same, and a DM follows if the view changed."""
        pictures = await self.host.pictures(record.guild_id)

        def parts() -> tuple[discord.ui.LayoutView, list[discord.File]]:
            return private_parts(record, seat, reply.lang, pictures=pictures)

        with deferring():
            built = parts()
        view, files = await drawn_if_free(parts, built)  # as on the board (``deliver_board``)
        try:
            if pending(files):  # the words now, the picture by an edit once drawn
                await reply.update_message(view=keep_held_pictures(view, reply.attached()))
                later(picture_later(self.host, reply, record, parts, files, board=False))
            else:
                await reply.update_message(view=view, attachments=files)
        except discord.HTTPException as exc:
            log.warning("could not redraw a private message of game %s (%s)", record.id, exc.status)
            return False
        return True

    @app_commands.command(name="move", description=command_text("cmd.move.description"))
    @app_commands.describe(action=command_text("cmd.move.action"))
    async def move(self, interaction: discord.Interaction[Any], action: str) -> None:
        async with Reply(interaction) as reply:
            record = await self._channel_game(interaction)
            reply.game_id = record.id
            seat = seat_of(record, interaction.user.id)
            require_active(record)
            data = read_typed(table_of(record, reply.lang, seat=seat), seat, action)  # BadAction → explained
            await act(self.host, reply, record, seat, data)

    @move.autocomplete("action")
    async def move_actions(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The caller's legal actions now, matching what was typed so far."""
        try:
            record = await self.host.repository.by_channel(interaction.channel_id or 0)
            if record is None or record.status is not GameStatus.ACTIVE:
                return []
            seat = record.seat_of(interaction.user.id)
            if seat is None:
                return []
            renderer = renderer_for(record.key)
            lang = reader_language(interaction)
            table = table_of(record, lang, seat=seat)
            suggested = renderer.suggest(table, seat, current)
            if suggested is not None:
                return [app_commands.Choice(name=n[:100], value=v[:100]) for n, v in suggested[:25]]
            typed = current.strip().lower()
            choices = []
            for data in table.actions:
                name = renderer.action_text(lang, data)
                value = dump_json(data)
                if typed in name.lower() or typed in value.lower():
                    choices.append(app_commands.Choice(name=name[:100], value=value[:100]))
            return choices[:25]
        except Exception:
            log.exception("autocomplete of /move failed")
            return []

    @app_commands.command(name="hint", description=command_text("cmd.hint.description"))
    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        """The move the game's strongest computer player would make in the caller's seat now,
        chosen from that seat's view alone (as every computer player chooses) and told only to
        him; nothing is played."""
        async with Reply(interaction) as reply:
            record = await self._channel_game(interaction)
            reply.game_id = record.id
            seat = seat_of(record, interaction.user.id)
            position = running(record)
            require_active(record)
            if seat not in position.to_act():
                raise UserMistake("play.not_your_turn")
            seed = decision_seed(record.id, record.version, seat)
            chosen = await self.host.computer_turns.thinker.decide(
                position, seat, default_policy(record.key), None, seed
            )
            data = position.game.dump_action(chosen)
            assert isinstance(data, dict)
            words = renderer_for(record.key).action_text(reply.lang, data)
            typed = echo(position.game.typed(chosen), limit=1500)
            await reply.send_ephemeral(content=t(reply.lang, "play.hint", action=words, typed=typed))

    @app_commands.command(name="resign", description=command_text("cmd.resign.description"))
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        async with Reply(interaction, ephemeral_defer=False) as reply:  # the news is public
            record = await self._channel_game(interaction)
            reply.game_id = record.id
            seat = seat_of(record, interaction.user.id)
            require_active(record)
            applied = await store(self.host, record, seat, {"kind": RESIGN})
            news = t(reply.public_lang, "play.resigned", player=f"<@{interaction.user.id}>")
            try:
                await reply.say(news, ephemeral=False)
            except discord.HTTPException:  # stored all the same: what follows must still happen
                log.exception("could not announce a resignation in game %s", record.id)
            await follow(self.host, record, applied, reply.public_lang, reply=reply, mover=seat)

    # -- private views --------------------------------------------------------------------
    @app_commands.command(name="hand", description=command_text("cmd.hand.description"))
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async with Reply(interaction) as reply:
            record = await self._channel_game(interaction)
            await self._show_private(reply, record)

    async def on_private_click(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        async with Reply(interaction) as reply:
            await self._show_private(reply, await self.host.repository.get(game_id))

    async def _show_private(self, reply: Reply, record: GameRecord) -> None:
        """A seat's private message, with its decision's buttons; anyone else is a spectator
        and is told so, with the view every spectator has (the public board)."""
        reply.game_id = record.id
        renderer = renderer_for(record.key)
        seat = record.seat_of(reply.interaction.user.id)
        if record.position is None:
            raise UserMistake("play.not_started" if seat is not None else "play.not_in_game")
        pictures = await self.host.pictures(record.guild_id)
        table = table_of(record, reply.lang, pictures=pictures)
        if seat is None:
            if not renderer.spectators_see_private:
                with deferring():  # the board's words: its picture, not sent, is not drawn
                    board = renderer.board(table).set_image(url=None)
                # the things the board lists beside its buttons, as lines: a spectator has none
                things = renderer.subjects(table, None)
                note = t(reply.lang, "living.spectator")
                await reply.send_ephemeral(view=layout(board, subjects=things, note=note))
                return

            def spectators() -> tuple[discord.ui.LayoutView, list[discord.File]]:
                embed, files = renderer.private_message(table, None)
                return layout(embed), files

            view, files = await drawn(spectators)
            await reply.send_ephemeral(view=view, files=files)
            return
        await show_private(reply, record, seat, pictures=pictures)
        await dm_notices.take(self.host.repository, record.id, reply.interaction.user.id)

    # -- the board --------------------------------------------------------------------------
    @app_commands.command(name="status", description=command_text("cmd.status.description"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        """Post the board again at the bottom of the channel; the new message becomes the
        game's board (older copies' buttons are then refused as out of date)."""
        async with Reply(interaction, ephemeral_defer=False) as reply:
            record = await self._channel_game(interaction)
            reply.game_id = record.id
            deadlines = await self.host.repository.turn_clock.deadlines(record.id)
            pictures = await self.host.pictures(record.guild_id)
            view, files = await drawn(
                lambda: game_parts(record, reply.public_lang, deadlines=deadlines, pictures=pictures)
            )
            message_id = await reply.post(view=view, files=files)
            if message_id is not None:
                await self.host.repository.set_message(record.id, message_id)
            await deliver_pending_notice(self.host, reply, record.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(cast(Host, bot)))  # ``TavernBot`` is the host of its cogs
