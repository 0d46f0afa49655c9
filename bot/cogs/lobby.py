"""``/play`` and the lobby buttons: Join, Leave, Start, Cancel, and Add AI (one per policy)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

import engine
from bot.board import game_parts, jump_url
from bot.deadlines import sync_after_move
from bot.host import Host
from bot.i18n import command_text, reader_language, t
from bot.moves import follow
from bot.options import option_choices, option_words, parse_options
from bot.owed import owed_parts, owes
from bot.policies import ai_choices, default_policy
from bot.reply import Reply, UserMistake
from bot.stored import guild_settings
from storage import Repository
from storage.errors import ChannelBusy
from storage.models import Applied, GameRecord, GameStatus

LobbyOp = Callable[[Repository, GameRecord, discord.abc.User, str, str], Awaitable[GameRecord]]


def _add_ai(
    repo: Repository, lobby: GameRecord, user: discord.abc.User, lang: str, policy: str
) -> Awaitable[GameRecord]:
    # "ai" alone is the button of lobbies posted before the policy was chosen: the strongest
    policy = policy or default_policy(lobby.key)
    if policy not in ai_choices(lobby.key):
        raise UserMistake("lobby.unknown_ai", policy=policy)
    return repo.add_ai(lobby.id, policy, t(lang, "ai.seat_name", policy=policy))


LOBBY_OPS: dict[str, LobbyOp] = {
    "join": lambda repo, lobby, user, lang, arg: repo.join(lobby.id, user.id, user.display_name),
    "leave": lambda repo, lobby, user, lang, arg: repo.leave(lobby.id, user.id),
    "ai": _add_ai,
    # What the start owes the table (the board, the first pings, each hand by DM) is stored with it.
    "start": lambda repo, lobby, user, lang, arg: repo.start(lobby.id, owes=owes(mover=None)),
    "cancel": lambda repo, lobby, user, lang, arg: repo.abandon(lobby.id),
}
"""What each lobby button does to the stored lobby (``lang``: the channel's language; ``arg``:
what follows the dot of an op such as ``ai.greedy``)."""

HOST_ONLY = frozenset({"ai", "start", "cancel"})

GAME_CHOICES = [app_commands.Choice(name=engine.get_game(key).title, value=key) for key in engine.game_keys()]


class Lobby(commands.Cog):
    def __init__(self, host: Host) -> None:
        self.host = host

    @app_commands.command(name="play", description=command_text("cmd.play.description"))
    @app_commands.describe(game=command_text("cmd.play.game"), options=command_text("cmd.play.options"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def play(
        self, interaction: discord.Interaction[Any], game: str, options: str | None = None
    ) -> None:
        async with Reply(interaction, ephemeral_defer=False) as reply:
            reply.subject = "options"
            repo = self.host.repository
            channel_id = interaction.channel_id
            assert channel_id is not None
            settings = await guild_settings.read(repo, interaction.guild_id)
            if not settings.allows_channel(channel_id):
                allowed = ", ".join(f"<#{c}>" for c in settings.channels)
                raise UserMistake("living.play_channel", channels=allowed)
            busy = await repo.by_channel(channel_id)
            if busy is not None:
                raise UserMistake("lobby.busy", url=jump_url(busy))
            try:
                record = await repo.create_lobby(
                    game,
                    guild_id=interaction.guild_id,
                    channel_id=channel_id,
                    host_id=interaction.user.id,
                    host_name=interaction.user.display_name,
                    options=parse_options(engine.get_game(game), options, reply.lang),
                )
            except ChannelBusy as exc:  # another /play won the race
                raise UserMistake(
                    "lobby.busy", url=jump_url(await repo.get(int(exc.params["game_id"])))
                ) from None
            reply.game_id = record.id
            view, _ = game_parts(record, reply.public_lang)
            try:
                message_id = await reply.post(view=view)
            except Exception:
                await repo.abandon(record.id)  # never leave the channel busy with an invisible lobby
                raise
            if message_id is not None:
                await repo.set_message(record.id, message_id)

    @play.autocomplete("options")
    async def play_options(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        key = getattr(interaction.namespace, "game", None)
        if key not in engine.game_keys():
            return []
        lang = reader_language(interaction)
        choices = []
        for name, value in option_choices(engine.get_game(key)):
            text = f"{name}={value}"
            label = option_words(lang, key, name, value)
            if current.lower() in text.lower() or current.lower() in label.lower():
                choices.append(app_commands.Choice(name=label[:100], value=text))
        return choices[:25]

    async def on_lobby_click(self, interaction: discord.Interaction[Any], game_id: int, op: str) -> None:
        async with Reply(interaction) as reply:
            reply.game_id = game_id
            repo = self.host.repository
            record = await repo.get(game_id)
            if record.status is not GameStatus.LOBBY:
                raise UserMistake("lobby.closed")
            if interaction.message is None or interaction.message.id != record.message_id:
                raise UserMistake("play.stale_message", url=jump_url(record))
            user = interaction.user
            op, _, arg = op.partition(".")
            if op in HOST_ONLY and user.id != record.host_id:
                raise UserMistake(f"lobby.host_only.{op}")
            after = await LOBBY_OPS[op](repo, record, user, reply.public_lang, arg)
            if after.status is GameStatus.ACTIVE:  # started: the lobby message becomes the board
                deadlines = await sync_after_move(self.host, after, present_seat=None)
                owed = owed_parts(None, after, (), mover=None).dump()  # as ``start`` stored it
                started = Applied(game=after, events=(), deadlines=deadlines, owed=owed)
                await follow(self.host, None, started, reply.public_lang, reply=reply, board_in_response=True)
                return
            view, files = game_parts(after, reply.public_lang)
            await reply.update_message(view=view, attachments=files)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(cast(Host, bot)))  # ``TavernBot`` is the host of its cogs
