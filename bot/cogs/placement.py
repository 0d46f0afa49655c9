"""Secret placement, never in public: the **Place** form's submission and ``/place`` in a DM.

Both routes take the same text, answer only the placing player (an ephemeral reply, or the DM
itself), and store nothing unless the whole placement is valid (R7). A rejected one is answered
with every problem at once. An accepted one edits the board (the channel learns only "X has
placed") and reaches the player by DM with a picture of his map; when his DMs are closed the
picture comes in an ephemeral message instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.board import game_parts
from bot.cogs.play import edit_board
from bot.i18n import command_text, t
from bot.raid_place import FORM_ID, form_text, normalise_text, problem_lines, submitted_values
from bot.reply import Reply, UserMistake
from engine import IllegalAction, get_game
from storage.errors import StaleVersion
from storage.models import Applied, GameRecord, GameStatus

if TYPE_CHECKING:
    from bot.app import TavernBot
    from bot.cogs.play import Play

PLACE_KINDS = frozenset({"place", "place_random"})


def awaits_placement(record: GameRecord, user_id: int) -> bool:
    """Whether the user's seat in this game may place now (its legal actions include it)."""
    seat = record.seat_of(user_id)
    if seat is None or record.state is None or record.status is not GameStatus.ACTIVE:
        return False
    game = get_game(record.key)
    return any(a.kind in PLACE_KINDS for a in game.legal_actions(record.state, seat))


class Placement(commands.Cog):
    def __init__(self, bot: TavernBot) -> None:
        self.bot = bot

    @property
    def play(self) -> Play:
        cog = self.bot.get_cog("Play")
        assert cog is not None, "the Play cog is loaded with this one"
        return cog  # type: ignore[return-value]

    # -- the two routes ---------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every submitted Place form, whether this process showed it or one before a restart."""
        if interaction.type is not discord.InteractionType.modal_submit or interaction.data is None:
            return
        found = FORM_ID.fullmatch(str(interaction.data.get("custom_id", "")))
        if found is None:
            return
        text = form_text(submitted_values(interaction.data))
        await self.on_form(interaction, int(found[1]), text)

    async def on_form(self, interaction: discord.Interaction[Any], game_id: int, text: str) -> None:
        async with Reply(interaction) as reply:
            reply.game_id = game_id
            await self.submit(reply, await self.bot.repository.get(game_id), text)

    @app_commands.command(name="place", description=command_text("raid.cmd.place.description"))
    @app_commands.describe(
        placement=command_text("raid.cmd.place.placement"), game=command_text("raid.cmd.place.game")
    )
    @app_commands.dm_only()
    async def place(
        self, interaction: discord.Interaction[Any], placement: str, game: int | None = None
    ) -> None:
        async with Reply(interaction) as reply:
            record = await self._waiting_game(interaction.user.id, game)
            reply.game_id = record.id
            await self.submit(reply, record, placement)

    async def _waiting_game(self, user_id: int, game_id: int | None) -> GameRecord:
        """The game waiting for this user's placement: the one named, or the only one."""
        waiting = [g for g in await self.bot.repository.seated_games(user_id) if awaits_placement(g, user_id)]
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

    # -- placing ----------------------------------------------------------------------------
    async def submit(self, reply: Reply, record: GameRecord, text: str) -> None:
        user_id = reply.interaction.user.id
        seat = record.seat_of(user_id)
        if seat is None:
            raise UserMistake("play.not_in_game")
        if record.status is not GameStatus.ACTIVE:
            raise UserMistake("play.over" if record.status is GameStatus.FINISHED else "play.not_started")
        game = get_game(record.key)
        data = game.dump_action(game.parse_action(normalise_text(text)))  # unreadable → explained
        if data.get("kind") not in PLACE_KINDS:
            raise UserMistake("raid.place.not_a_placement")
        try:
            applied = await self._apply(record, seat, data)
        except IllegalAction as error:
            if error.code != "bad_placement":
                raise
            problems = "\n".join(f"• {line}" for line in problem_lines(reply.lang, error.params["problems"]))
            await reply.say(t(reply.lang, "raid.place.rejected", problems=problems)[:2000])
            return
        after = applied.game
        pictures = await self.bot.pictures(after.guild_id)
        embed, view, files = game_parts(after, reply.public_lang, applied.events, pictures=pictures)
        await reply.say(t(reply.lang, "raid.place.accepted"))
        await edit_board(self.bot, after, embed, view, files)
        # The DM with his map is the confirmation.
        await self.play.after_move(reply, record, applied, pictures=pictures)

    async def _apply(self, record: GameRecord, seat: int, data: dict[str, Any]) -> Applied:
        """Store the placement. Both seats place at once, so the other's placement may have
        moved the version on since ``record`` was read: then once more on the fresh record
        (a placement does not depend on the other seat's)."""
        repo = self.bot.repository
        try:
            return await repo.apply(record.id, expected_version=record.version, seat=seat, action=data)
        except StaleVersion:
            fresh = await repo.get(record.id)
            return await repo.apply(fresh.id, expected_version=fresh.version, seat=seat, action=data)


async def setup(bot: TavernBot) -> None:
    await bot.add_cog(Placement(bot))
