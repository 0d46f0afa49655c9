"""Raid's own command: ``/place`` in a DM with the bot, the typed twin of the Place form.

It takes the same text as the form, answers only the placing player (in the DM itself), and
stores nothing unless the whole placement is valid (R7): it is played through the bot's one
move path, like the form (``bot.moves.act``).
"""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.raid.place import FORM, normalise_text
from bot.games.raid.render import PLACE_KINDS
from bot.host import Host
from bot.i18n import command_text
from bot.moves import act, require_active, seat_of
from bot.reply import Reply, UserMistake
from engine import get_game
from storage.models import GameRecord, GameStatus


def awaits_placement(record: GameRecord, user_id: int) -> bool:
    """Whether the user's seat in this game may place now (its legal actions include it)."""
    seat = record.seat_of(user_id)
    position = record.position
    if seat is None or position is None or record.status is not GameStatus.ACTIVE:
        return False
    return any(a.kind in PLACE_KINDS for a in position.legal_actions(seat))


class RaidPlacement(commands.Cog):
    def __init__(self, host: Host) -> None:
        self.host = host

    @app_commands.command(name="place", description=command_text("raid.cmd.place.description"))
    @app_commands.describe(
        placement=command_text("raid.cmd.place.placement"), game=command_text("raid.cmd.place.game")
    )
    @app_commands.dm_only()
    async def place(
        self, interaction: discord.Interaction[Any], placement: str, game: int | None = None
    ) -> None:
        async with Reply(interaction) as reply:
            reply.subject = FORM  # mistakes are told as a placement's, not a move's
            record = await self._waiting_game(interaction.user.id, game)
            reply.game_id = record.id
            seat = seat_of(record, interaction.user.id)
            require_active(record)
            rules = get_game(record.key)
            data = rules.dump_action(rules.parse_action(normalise_text(placement)))  # unreadable → explained
            if data.get("kind") not in PLACE_KINDS:
                raise UserMistake("raid.place.not_a_placement")
            await act(self.host, reply, record, seat, data)

    async def _waiting_game(self, user_id: int, game_id: int | None) -> GameRecord:
        """The game waiting for this user's placement: the one named, or the only one."""
        seated = await self.host.repository.seated_games(user_id)
        waiting = [g for g in seated if g.key == "raid" and awaits_placement(g, user_id)]
        if game_id is not None:
            chosen = next((g for g in waiting if g.id == game_id), None)
            if chosen is None:
                raise UserMistake("raid.place.not_waiting", id=game_id)
            return chosen
        if not waiting:
            raise UserMistake("raid.place.no_game")
        if len(waiting) > 1:
            raise UserMistake("raid.place.which", games=", ".join(f"#{g.id}" for g in waiting))
        return waiting[0]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RaidPlacement(cast(Host, bot)))  # ``TavernBot`` is the host of its cogs
