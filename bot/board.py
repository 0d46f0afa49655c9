"""The one public message of a game: the lobby while seats fill, then the board. Built from
the stored record alone, so any handler can redraw it after a restart."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.buttons import ChoiceButton, LobbyButton, MoveButton, MoveSelect, PrivateButton
from bot.games import renderer_for
from bot.i18n import players, t
from bot.options import option_words
from bot.policies import ai_choices
from bot.render import SelectLook, Table
from engine import Event, get_game
from engine.core.decisions import for_seat
from storage.models import GameRecord, GameStatus
from storage.turn_clock import TurnDeadline

MAX_SELECTS = 4
"""Select menus in one message: each takes a row of five, and a message has five rows."""
MAX_SELECT_OPTIONS = 25

MAX_ACTION_BUTTONS = 24
"""A message holds 25 buttons; one is Private. Games with more choices use ``/move``."""


def table_of(
    record: GameRecord, lang: str, events: tuple[Event, ...] = (), *, pictures: bool = True, focus: str = ""
) -> Table:
    return Table(record, get_game(record.key), lang, events, pictures, focus)


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
    seated = "\n".join(
        f"{seat.seat + 1}. " + (f"<@{seat.user_id}>" if seat.user_id is not None else seat.name)
        for seat in record.seats
    )
    needed = players(lang, game.min_seats, game.max_seats)
    embed.add_field(
        name=t(lang, "lobby.players", count=len(record.seats), needed=needed),
        value=seated or "—",
        inline=False,
    )
    if record.options:
        order = list(game.options_model.model_fields)  # as the game lists them, not as stored
        chosen = sorted(
            record.options.items(), key=lambda o: order.index(o[0]) if o[0] in order else len(order)
        )
        shown = [option_words(lang, record.key, name, value) for name, value in chosen]
        embed.add_field(name=t(lang, "lobby.options"), value="\n".join(shown)[:1024], inline=False)
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


def board_actions(table: Table) -> list[dict[str, Any]]:
    """The actions offered as buttons on the public board: the union of the legal actions of
    the people the game waits for, in seat order, each once — a click then acts for the seat
    of whoever clicks, if the action is legal for him. The actions of a decision taken in
    private (a secret one: they would tell what only that seat may know) are left out: they
    go to its DM and ephemeral messages. Computer seats move by themselves and get none."""
    record, game, state = table.record, table.game, table.state
    renderer = renderer_for(record.key)
    offered: list[dict[str, Any]] = []
    for seat in public_seats(table):
        legal = [game.dump_action(action) for action in game.legal_actions(state, seat)]
        for data in renderer.buttons(table, seat, legal):
            if data not in offered:
                offered.append(data)
    return offered


def public_seats(table: Table) -> list[int]:
    """The people the game waits for whose decision is taken in public, in seat order."""
    record, game, state = table.record, table.game, table.state
    renderer = renderer_for(record.key)
    pending = game.pending(state)
    found = []
    for seat in table.to_act():
        decision = for_seat(pending, seat)
        if record.seats[seat].ai is None and not (
            decision is not None and renderer.decided_in_private(state, decision)
        ):
            found.append(seat)
    return found


def seat_actions(table: Table, seat: int) -> list[dict[str, Any]]:
    """The buttons of one seat's own messages (its DM, Private, ``/hand``): its legal actions,
    secret decisions included."""
    renderer = renderer_for(table.record.key)
    found = [table.game.dump_action(a) for a in table.game.legal_actions(table.state, seat)]
    return renderer.buttons(table, seat, found)


def move_buttons(table: Table, view: discord.ui.View, actions: list[dict[str, Any]]) -> None:
    """One button per action, drawn at the game's version (a message holds 25 at most; games
    with more choices use ``/move``)."""
    renderer = renderer_for(table.record.key)
    for data in actions[:MAX_ACTION_BUTTONS]:
        look = renderer.button_look(table, data)
        view.add_item(
            MoveButton(
                table.record.id,
                table.record.version,
                data,
                label=look.label,
                style=look.style,
                emoji=look.emoji,
            )
        )


def board_view(table: Table) -> discord.ui.View:
    """The public decisions' menus (``Renderer.board_selects``) and actions
    (``board_actions``), then Private."""
    view = discord.ui.View(timeout=None)
    selects = renderer_for(table.record.key).board_selects(table)[:MAX_SELECTS]
    add_selects(table, view, selects)
    move_buttons(table, view, board_actions(table)[: 24 - 5 * len(selects)])  # a select takes a row
    view.add_item(PrivateButton(table.record.id, label=t(table.lang, "button.private")))
    return view


def add_selects(table: Table, view: discord.ui.View, selects: list[SelectLook]) -> None:
    """The menus, each drawn at the game's version, within Discord's limits."""
    for look in selects:
        options = [
            discord.SelectOption(
                label=o.label[:100], value=o.value[:100], description=o.description, emoji=o.emoji
            )
            for o in look.options[:MAX_SELECT_OPTIONS]
        ]
        view.add_item(
            MoveSelect(
                table.record.id,
                table.record.version,
                look.name,
                placeholder=look.placeholder[:150],
                options=options,
                min_values=min(look.min_values, len(options)),
                max_values=min(look.max_values, len(options)),
            )
        )


def seat_view(table: Table, seat: int) -> discord.ui.View | None:
    """The select menus and buttons of the seat's pending decision for its private messages;
    ``None`` when it has nothing to decide."""
    if table.state is None or table.record.status is not GameStatus.ACTIVE:
        return None
    renderer = renderer_for(table.record.key)
    legal = [table.game.dump_action(a) for a in table.game.legal_actions(table.state, seat)]
    selects = renderer.selects(table, seat, legal)[:MAX_SELECTS]
    actions = seat_actions(table, seat)
    choices = renderer.choices(table, seat)
    if not actions and not selects and not choices:
        return None
    view = discord.ui.View(timeout=None)
    add_selects(table, view, selects)
    room = 25 - 5 * len(selects)  # a select takes a whole row
    move_buttons(table, view, actions[: room - len(choices)])
    for choice in choices[:room]:
        view.add_item(
            ChoiceButton(
                table.record.id,
                table.record.version,
                choice.name,
                choice.value,
                label=choice.look.label,
                style=choice.look.style,
                emoji=choice.look.emoji,
            )
        )
    return view


def private_parts(
    record: GameRecord, seat: int, lang: str, *, pictures: bool = True, focus: str = ""
) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File]]:
    """A seat's private message: its private view as the game draws it, with the buttons of
    its pending decision — the same in a DM, behind Private and for ``/hand``. ``focus``:
    where the seat's multi-step choice stands (``bot.render.Focus``)."""
    table = table_of(record, lang, pictures=pictures, focus=focus)
    embed, files = renderer_for(record.key).private_message(table, seat)
    return embed, seat_view(table, seat), files


def with_view(view: discord.ui.View | None) -> dict[str, Any]:
    """``view=`` for a message send, left out when there are no buttons (sending accepts no
    ``None``)."""
    return {} if view is None else {"view": view}


def jump_url(record: GameRecord) -> str:
    """A link to the game's message (or its channel when no message is known yet)."""
    where = "@me" if record.guild_id is None else str(record.guild_id)
    url = f"https://discord.com/channels/{where}/{record.channel_id}"
    return f"{url}/{record.message_id}" if record.message_id is not None else url
