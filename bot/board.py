"""The one public message of a game: the lobby while seats fill, then the board. Built from
the stored record alone, so any handler can redraw it after a restart."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import discord

from bot.buttons import ChoiceButton, LobbyButton, MoveButton, MoveSelect, PrivateButton
from bot.i18n import players, t
from bot.options import option_words
from bot.policies import ai_choices
from bot.render import Menus, SelectLook, Table
from bot.render.layout import layout, seat_accent
from bot.render.menus import Choice, Step, menu, read
from bot.render.registry import renderer_for
from bot.render.web_links import board_link, replay_link
from engine import Event, get_game
from engine.core import dump_json
from engine.core.decisions import for_seat
from engine.core.position import Position
from storage.models import GameRecord, GameStatus
from storage.turn_clock import TurnDeadline

MAX_SELECTS = 4
"""Select menus in one message: each takes a row of five, and a message has five rows."""
MAX_SELECT_OPTIONS = 25

MORE = "more"
"""The menus holding the actions more than a message's buttons (``more0``, ``more1`` …)."""


def table_of(
    record: GameRecord,
    lang: str,
    events: tuple[Event, ...] = (),
    *,
    seat: int | None = None,
    pictures: bool = True,
    focus: str = "",
    at: Position[Any, Any] | None = None,
    plain_names: bool = False,
) -> Table:
    """What a renderer may see of a stored game for one audience (``seat``; ``None``:
    everyone): the engine's views, that seat's legal actions and decision, the events it may
    learn — never the state. ``at``: an earlier position of the game to draw instead of the
    stored one (a replay's step; ``record`` then says how the game stood there).
    ``plain_names``: seats named rather than mentioned (a web page)."""
    game = get_game(record.key)
    position = record.position if at is None else at
    active = record.status is GameStatus.ACTIVE
    base = Table(
        game,
        record.id,
        record.version,
        record.seats,
        lang,
        seat,
        active,
        pictures=pictures,
        focus=focus,
        plain_names=plain_names,
        ratings=record.ratings if at is None else (),  # a replay's step is before the end
    )
    if position is None:
        return replace(base, result=record.result)
    public = position.view(None)
    table = replace(
        base,
        public=public,
        view=public if seat is None else position.view(seat),
        waiting=position.to_act(),
        result=record.result or position.result(),
        events=position.events_for(events, seat),
        decisions=position.pending(seat),
    )
    if seat is not None:
        return replace(
            table,
            actions=tuple(position.legal_data(seat)),
            decision=position.decision(seat),
            private=position.private_view(seat),
        )
    renderer = renderer_for(record.key)
    offered: dict[int, tuple[dict[str, Any], ...]] = {}
    for waited in table.waiting:
        decision = for_seat(table.decisions, waited)
        if record.seats[waited].ai is None and not (
            decision is not None and renderer.decided_in_private(public, decision)
        ):
            offered[waited] = tuple(position.legal_data(waited))
    return replace(table, offered=offered)


def game_parts(
    record: GameRecord,
    lang: str,
    events: tuple[Event, ...] = (),
    *,
    deadlines: Mapping[int, TurnDeadline] | None = None,
    pictures: bool = True,
) -> tuple[discord.ui.LayoutView, list[discord.File]]:
    """The layout (words, pictures and controls) and attached files the game's message shows
    now. An edit passes the files as ``attachments`` so the old picture is replaced in the same
    call. ``deadlines`` (seat → its turn's deadline) adds a line with each as a Discord
    timestamp; ``pictures=False`` (a server setting) asks for text grids instead of pictures."""
    if record.status is GameStatus.LOBBY:
        return lobby_layout(record, lang), []
    if record.status is GameStatus.ABANDONED:
        game = get_game(record.key)
        title = t(lang, "lobby.title", title=game.title, id=record.id)
        return layout(discord.Embed(title=title, description=t(lang, "lobby.cancelled"))), []
    table = table_of(record, lang, events, pictures=pictures)
    renderer = renderer_for(record.key)
    embed, files = renderer.board_message(table)
    if record.status is GameStatus.FINISHED:
        return layout(embed, replay_controls(record.id, lang), accent=discord.Colour.gold()), files
    if deadlines:
        add_deadlines(embed, table, deadlines)
    waiting = table.to_act()
    accent = seat_accent(waiting[0]) if waiting else None
    return layout(embed, board_controls(table), subjects=renderer.subjects(table, None), accent=accent), files


def replay_controls(game_id: int, lang: str) -> list[discord.ui.Item[Any]]:
    """A finished game's board: only the link to its replay, when the bot serves the web table."""
    url = replay_link(game_id)
    if url is None:
        return []
    label = t(lang, "web.replay_button")
    return [discord.ui.Button(style=discord.ButtonStyle.link, url=url, label=label)]


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


def lobby_layout(record: GameRecord, lang: str) -> discord.ui.LayoutView:
    """The lobby's message: who sits, the options, and its buttons."""
    return layout(lobby_embed(record, lang), lobby_view(record, lang).children)


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
    renderer = renderer_for(table.game.key)
    offered: list[dict[str, Any]] = []
    for seat, legal in table.offered.items():
        for data in renderer.buttons(table, seat, list(legal)):
            if data not in offered:
                offered.append(data)
    return offered


def public_seats(table: Table) -> list[int]:
    """The people the game waits for whose decision is taken in public, in seat order."""
    return sorted(table.offered)


def seat_actions(table: Table, seat: int) -> list[dict[str, Any]]:
    """The buttons of one seat's own messages (its DM, Private, ``/hand``): its legal actions,
    secret decisions included."""
    return renderer_for(table.game.key).buttons(table, seat, list(table.actions))


def move_buttons(table: Table, view: discord.ui.View, actions: list[dict[str, Any]]) -> None:
    """One button per action, drawn at the game's version."""
    renderer = renderer_for(table.game.key)
    for data in actions:
        look = renderer.button_look(table, data)
        view.add_item(
            MoveButton(
                table.id,
                table.version,
                data,
                label=look.label,
                style=look.style,
                emoji=look.emoji,
            )
        )


def place_actions(table: Table, view: discord.ui.View, actions: list[dict[str, Any]], slots: int) -> None:
    """The actions in ``slots`` free places of a message (five to a row): buttons while they
    fit; else the first rows stay buttons and the rest go into menus of 25 (``more``), each
    taking a row's five places, so none is left out while the message can hold it. A list
    longer still stays whole in ``/move`` (its autocomplete lists every legal action)."""
    if len(actions) <= slots:
        move_buttons(table, view, actions)
        return
    menus = min(slots // 5, -(-(len(actions) - slots) // (MAX_SELECT_OPTIONS - 5)))
    buttons = slots - 5 * menus
    move_buttons(table, view, actions[:buttons])
    renderer = renderer_for(table.game.key)
    rest = actions[buttons:]
    looks = []
    for number in range(menus):
        chunk = rest[number * MAX_SELECT_OPTIONS : (number + 1) * MAX_SELECT_OPTIONS]
        choices = []
        for n, data in enumerate(chunk):
            look = renderer.button_look(table, data)
            choices.append(Choice((Step(f"m{n}", look.label, emoji=look.emoji),), dump_json(data)))
        first = buttons + number * MAX_SELECT_OPTIONS + 1
        placeholder = t(table.lang, "board.more_moves", first=first, last=first + len(chunk) - 1)
        found = menu(f"{MORE}{number}", placeholder, choices, "", back="", done="")
        if found is not None:
            looks.append(found)
    add_selects(table, view, looks)


def more_action(name: str, values: list[str]) -> str | None:
    """The action (as JSON text) a pick in a ``more`` menu stands for; ``None`` for any other
    menu, which is the game's own."""
    if not name.startswith(MORE):
        return None
    picked = read(values)
    return picked if isinstance(picked, str) else None


def board_controls(table: Table) -> list[discord.ui.Item[Any]]:
    """The public decisions' menus (``Renderer.board_selects``) and actions
    (``board_actions``), then Private."""
    view = discord.ui.View(timeout=None)
    renderer = renderer_for(table.game.key)
    selects = renderer.board_selects(table)[:MAX_SELECTS] if isinstance(renderer, Menus) else []
    add_selects(table, view, selects)
    # a select takes a row; Private and the web table's link take a place each
    web = board_link(table.id)  # the web table's page, when the bot serves one
    place_actions(table, view, board_actions(table), 24 - 5 * len(selects) - (web is not None))
    view.add_item(PrivateButton(table.id, label=t(table.lang, "button.private")))
    if web is not None:
        label = t(table.lang, "web.button")
        view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, url=web, label=label))
    return view.children


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
                table.id,
                table.version,
                look.name,
                placeholder=look.placeholder[:150],
                options=options,
                min_values=min(look.min_values, len(options)),
                max_values=min(look.max_values, len(options)),
            )
        )


def seat_controls(table: Table, seat: int) -> list[discord.ui.Item[Any]]:
    """The select menus and buttons of the seat's pending decision for its private messages
    (none when it has nothing to decide)."""
    if not table.active:
        return []
    renderer = renderer_for(table.game.key)
    menus = renderer if isinstance(renderer, Menus) else None
    selects = [] if menus is None else menus.selects(table, seat, list(table.actions))[:MAX_SELECTS]
    actions = seat_actions(table, seat)
    choices = [] if menus is None else menus.choices(table, seat)
    if not actions and not selects and not choices:
        return []
    view = discord.ui.View(timeout=None)
    add_selects(table, view, selects)
    room = 25 - 5 * len(selects)  # a select takes a whole row
    place_actions(table, view, actions, room - len(choices))
    for choice in choices[:room]:
        view.add_item(
            ChoiceButton(
                table.id,
                table.version,
                choice.name,
                choice.value,
                label=choice.look.label,
                style=choice.look.style,
                emoji=choice.look.emoji,
            )
        )
    return view.children


def private_parts(
    record: GameRecord, seat: int, lang: str, *, pictures: bool = True, focus: str = "", note: str = ""
) -> tuple[discord.ui.LayoutView, list[discord.File]]:
    """A seat's private message: its private view as the game draws it, with the controls of
    its pending decision beside what they act on — the same in a DM, behind Private and for
    ``/hand``. ``focus``: where the seat's multi-step choice stands (``bot.render.Focus``);
    ``note``: a line above it (why it is shown)."""
    table = table_of(record, lang, seat=seat, pictures=pictures, focus=focus)
    renderer = renderer_for(record.key)
    embed, files = renderer.private_message(table, seat)
    controls = seat_controls(table, seat)
    subjects = renderer.subjects(table, seat)
    return layout(embed, controls, subjects=subjects, accent=seat_accent(seat), note=note), files


def jump_url(record: GameRecord) -> str:
    """A link to the game's message (or its channel when no message is known yet)."""
    where = "@me" if record.guild_id is None else str(record.guild_id)
    url = f"https://discord.com/channels/{where}/{record.channel_id}"
    return f"{url}/{record.message_id}" if record.message_id is not None else url
