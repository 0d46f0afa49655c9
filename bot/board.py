"""The one public message of a game: the lobby while seats fill, then the board. Built from
the stored record alone, so any handler can redraw it after a restart."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.ai_players import ai_choices
from bot.buttons import LobbyButton, MoveButton, PrivateButton
from bot.i18n import t
from bot.render import Table, renderer_for
from engine import Event, get_game
from storage.living import TurnDeadline
from storage.models import GameRecord, GameStatus

MAX_ACTION_BUTTONS = 24
"""A message holds 25 buttons; one is Private. Games with more choices use ``/move``."""


def table_of(
    record: GameRecord, lang: str, events: tuple[Event, ...] = (), *, pictures: bool = True
) -> Table:
    return Table(record, get_game(record.key), lang, events, pictures)


def game_message(
    record: GameRecord,
    lang: str,
    events: tuple[Event, ...] = (),
    *,
    deadlines: Mapping[int, TurnDeadline] | None = None,
    pictures: bool = True,
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The embed and buttons the game's message shows now (see ``game_parts``)."""
    embed, view, _ = game_parts(record, lang, events, deadlines=deadlines, pictures=pictures)
    return embed, view


def game_parts(
    record: GameRecord,
    lang: str,
    events: tuple[Event, ...] = (),
    *,
    deadlines: Mapping[int, TurnDeadline] | None = None,
    pictures: bool = True,
) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File]]:
    """The embed, buttons and attached files (pictures) the game's message shows now. An
    edit passes the files as ``attachments`` so the old picture is replaced in the same call.
    ``deadlines`` (seat → its turn's deadline) adds a line with each as a Discord timestamp;
    ``pictures=False`` (a server setting) asks for text grids instead of pictures."""
    if record.status is GameStatus.LOBBY:
        return lobby_embed(record, lang), lobby_view(record, lang), []
    if record.status is GameStatus.ABANDONED:
        game = get_game(record.key)
        return (
            discord.Embed(
                title=t(lang, "lobby.title", title=game.title, id=record.id),
                description=t(lang, "lobby.cancelled"),
            ),
            None,
            [],
        )
    table = table_of(record, lang, events, pictures=pictures)
    embed, files = renderer_for(record.key).board_message(table)
    if record.status is GameStatus.FINISHED:
        return embed, None, files
    if deadlines:
        add_deadlines(embed, table, deadlines)
    return embed, board_view(table), files


def add_deadlines(embed: discord.Embed, table: Table, deadlines: Mapping[int, TurnDeadline]) -> None:
    lines = [
        t(
            table.lang,
            "living.deadline_line",
            player=table.mention(seat),
            at=f"<t:{int(d.deadline_at.timestamp())}:R>",
        )
        for seat, d in sorted(deadlines.items())
    ]
    embed.add_field(name=t(table.lang, "living.deadline"), value="\n".join(lines), inline=False)


def lobby_embed(record: GameRecord, lang: str) -> discord.Embed:
    game = get_game(record.key)
    embed = discord.Embed(
        title=t(lang, "lobby.title", title=game.title, id=record.id),
        description=t(lang, "lobby.host", host=f"<@{record.host_id}>"),
        colour=discord.Colour.blurple(),
    )
    players = "\n".join(
        f"{seat.seat + 1}. " + (f"<@{seat.user_id}>" if seat.user_id is not None else seat.name)
        for seat in record.seats
    )
    embed.add_field(
        name=t(lang, "lobby.players", count=len(record.seats), min=game.min_seats, max=game.max_seats),
        value=players or "—",
        inline=False,
    )
    if record.options:
        shown = ", ".join(f"{key}: {value}" for key, value in sorted(record.options.items()))
        embed.add_field(name=t(lang, "lobby.options"), value=shown, inline=False)
    embed.set_footer(text=t(lang, "lobby.footer"))
    return embed


def lobby_view(record: GameRecord, lang: str) -> discord.ui.View:
    """Join, Leave, Start and Cancel, then one Add AI button per computer policy of the game,
    strongest first (the host picks how hard a game he wants)."""
    view = discord.ui.View(timeout=None)
    looks: tuple[tuple[str, discord.ButtonStyle], ...] = (
        ("join", discord.ButtonStyle.success),
        ("leave", discord.ButtonStyle.secondary),
        ("start", discord.ButtonStyle.primary),
        ("cancel", discord.ButtonStyle.danger),
    )
    for op, style in looks:
        view.add_item(LobbyButton(record.id, op, label=t(lang, f"lobby.button.{op}"), style=style))
    for policy in ai_choices(record.key):
        label = t(lang, "lobby.button.ai_policy", policy=policy)
        style = discord.ButtonStyle.secondary
        view.add_item(LobbyButton(record.id, f"ai.{policy}", label=label, style=style))
    return view


def shared_actions(table: Table) -> list[Any]:
    """The actions offered as buttons: those of the seat to act; when several seats act at
    once (a simultaneous phase), their actions if they are the same for all of them — a
    click then acts for whichever of them clicks. Otherwise none (``/move`` only)."""
    # Computer seats move by themselves: only people get buttons.
    to_act = [seat for seat in table.to_act() if table.record.seats[seat].ai is None]
    if not to_act:
        return []
    state = table.record.state
    first: list[Any] = table.game.legal_actions(state, to_act[0])
    if any(table.game.legal_actions(state, seat) != first for seat in to_act[1:]):
        return []
    return first


def board_view(table: Table) -> discord.ui.View:
    """The legal actions of the seat(s) to act (see ``shared_actions``), then Private. A
    computer seat gets no buttons: it moves by itself."""
    record, game = table.record, table.game
    view = discord.ui.View(timeout=None)
    renderer = renderer_for(record.key)
    buttons = [a for a in (game.dump_action(a) for a in shared_actions(table)) if renderer.is_button(a)]
    for data in buttons[:MAX_ACTION_BUTTONS]:
        look = renderer.action_look(table.lang, data)
        view.add_item(
            MoveButton(record.id, record.version, data, label=look.label, style=look.style, emoji=look.emoji)
        )
    view.add_item(PrivateButton(record.id, label=t(table.lang, "button.private")))
    return view


def jump_url(record: GameRecord) -> str:
    """A link to the game's message (or its channel when no message is known yet)."""
    where = "@me" if record.guild_id is None else str(record.guild_id)
    url = f"https://discord.com/channels/{where}/{record.channel_id}"
    return f"{url}/{record.message_id}" if record.message_id is not None else url
