"""What every renderer shares: the table being drawn, button looks, the final ranking, and
the generic renderer used by games that have no renderer of their own."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import discord
from pydantic import BaseModel, ValidationError

from bot.buttons import BUTTON_LABEL_LIMIT
from bot.i18n import catalogue, t
from bot.rating_words import change_text
from bot.render.layout import Subject
from engine import Decision, EngineError, Event, Game, Result
from engine.core import JSON, dump_json
from storage.models import SeatRecord
from storage.ratings import Change

EMBED_FIELD_LIMIT = 1024


@dataclass(frozen=True, slots=True)
class Table:
    """One game as a renderer sees it, for one audience: everyone (``seat`` is ``None``: the
    board, a spectator) or one seat (its DM, Private, ``/hand``). It holds only what the engine
    hands that audience — the views, that seat's legal actions and pending decision, the
    events it may learn — and never the game's state: a renderer cannot show what it never
    receives. ``bot.board.table_of`` builds one from a stored game."""

    game: Game[Any, Any, Any]
    """The rules: static facts, and actions and views to and from plain data. It holds no
    position of its own."""
    id: int
    version: int
    seats: tuple[SeatRecord, ...]
    lang: str
    seat: int | None = None
    """Whose table this is; ``None``: everyone's (the public board)."""
    active: bool = False
    """Whether the game is being played (not in its lobby, not over or abandoned)."""
    public: Any = None
    """The public view (``None`` while the game has not started)."""
    view: Any = None
    """The audience's view: the seat's own, or the public one for everyone."""
    waiting: tuple[int, ...] = ()
    """The seats the game waits for (a public fact)."""
    result: Result | None = None
    events: tuple[Event, ...] = ()
    """The events of the move just made that this audience may learn (empty when the board is
    redrawn from storage)."""
    actions: tuple[dict[str, Any], ...] = ()
    """The seat's legal actions as plain data (none for everyone)."""
    decision: Decision | None = None
    """The seat's pending decision; for everyone ``None``."""
    private: JSON | None = None
    """The part of the seat's view only it sees (``Game.private_view``)."""
    offered: Mapping[int, tuple[dict[str, Any], ...]] = field(default_factory=dict)
    """For everyone: the legal actions of each person the game waits for whose decision is
    taken in public (the board's buttons)."""
    decisions: tuple[Decision, ...] = ()
    """Every pending decision as this audience may see it (``Position.pending``): another
    seat's secret one says only who decides what kind of thing."""
    pictures: bool = True
    """Whether the server wants pictures; ``False``: a game draws its maps as text grids."""
    focus: str = ""
    """Where a seat's multi-step choice stands (``Focus``): its message shows the choices
    under it; ``""``: from the start."""
    plain_names: bool = False
    """Whether seats are named by their names rather than mentioned (a web page, where a
    mention means nothing)."""
    ratings: tuple[Change, ...] = ()
    """A finished game's rating changes in its server's ratings, by seat (none when unrated)."""

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def mention(self, seat: int) -> str:
        """A seat as shown in an embed: the user's mention (no ping inside embeds), or on a web
        page (``plain_names``) the seat's name."""
        record = self.seats[seat]
        return f"<@{record.user_id}>" if record.user_id is not None and not self.plain_names else record.name

    def to_act(self) -> tuple[int, ...]:
        return self.waiting

    def public_view(self) -> Any:
        return self.public


@dataclass(frozen=True, slots=True)
class ButtonLook:
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: str | None = None


@dataclass(frozen=True, slots=True)
class SelectOption:
    label: str
    value: str
    """What the choice stands for, as ``select_action`` reads it back (at most 100 characters)."""
    description: str | None = None
    emoji: str | None = None


@dataclass(frozen=True, slots=True)
class SelectLook:
    """A select menu in a seat's message: several of its choices picked at once (fight cards),
    or one of many (more than buttons can hold). ``name`` is how ``select_action`` knows it."""

    name: str
    placeholder: str
    options: tuple[SelectOption, ...]
    min_values: int = 1
    max_values: int = 1


@dataclass(frozen=True, slots=True)
class Focus:
    """What a pick in a menu may stand for instead of an action: the seat's message shown
    again narrowed to ``path`` — a multi-step choice (a creature, then what it does, then at
    whom). The path is the renderer's own; the message with its menus is redrawn from it, so
    nothing is remembered between the steps."""

    path: str


@dataclass(frozen=True, slots=True)
class ChoiceLook:
    """A button of the renderer's own in a seat's message, standing for no listed action (a
    **Random** deck): a click hands ``name`` and ``value`` to ``Renderer.choose``."""

    name: str
    value: str
    """At most 40 characters of ``[a-z0-9_.=-]``."""
    look: ButtonLook


class Renderer:
    """How a game is drawn and worded on Discord. A game implements ``board``, ``private`` and
    ``action_look`` and may override the optional hooks below; what only some games need comes
    as capabilities it opts into by inheriting them too (``Menus``, ``Forms``,
    ``StandingChoices``). ``GenericRenderer`` is the plain implementation."""

    key: str = ""

    def board(self, table: Table) -> discord.Embed:
        raise NotImplementedError

    def action_look(self, lang: str, action: dict[str, Any]) -> ButtonLook:
        raise NotImplementedError

    def action_text(self, lang: str, action: dict[str, Any]) -> str:
        """How an action reads in ``/move`` autocomplete and confirmations."""
        return self.action_look(lang, action).label

    def private(self, table: Table, seat: int) -> discord.Embed:
        raise NotImplementedError

    # -- optional hooks, with defaults that suit most games -----------------------------------
    spectators_see_private = False
    """Whether someone without a seat may press Private (and gets ``private(table, None)``)."""

    def board_message(self, table: Table) -> tuple[discord.Embed, list[discord.File]]:
        """The board embed and the files attached to the board message (pictures the embed
        shows as ``attachment://…``)."""
        return self.board(table), []

    def private_message(self, table: Table, seat: int | None) -> tuple[discord.Embed, list[discord.File]]:
        """A private view with its attached files (``seat`` is ``None`` for a spectator)."""
        assert seat is not None, "this game has no spectator view"
        return self.private(table, seat), []

    def is_button(self, action: dict[str, Any]) -> bool:
        """Whether a legal action is offered as a board button (else it is typed with /move,
        e.g. a template standing for 'give a path')."""
        return True

    def buttons(self, table: Table, seat: int, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Which of the seat's legal ``actions`` are drawn as buttons, on the board and in its
        own messages (by default those ``is_button`` keeps); a game whose buttons depend on
        the position (all of a short list, none of a long one) says so here."""
        return [action for action in actions if self.is_button(action)]

    def button_look(self, table: Table, action: dict[str, Any]) -> ButtonLook:
        """A button's look, knowing the position (a label naming the creature on a cell); by
        default ``action_look``."""
        return self.action_look(table.lang, action)

    def decided_in_private(self, public: Any, decision: Decision) -> bool:
        """Whether a pending decision is offered only in its seat's own messages (a DM, Private,
        ``/hand``), never on the board: a secret one always; a game may add decisions taken
        out of turn, which no turn ping announces (a defender chosen during the other
        player's turn), so that a DM tells the player. ``public``: the public view."""
        return decision.secret

    def private_news(self, before: Any, after: Any) -> bool:
        """Whether a seat's private view (``Game.private_view``, ``before`` and ``after`` a
        move) changed in something the seat can read nowhere else: only then does the change
        alone bring a DM. By default any change; a game whose private view also repeats public
        facts says that a change of those alone is none (the board tells it to everyone)."""
        return bool(before != after)

    def refusal(self, lang: str, error: EngineError) -> str | None:
        """A game's own words for a refused action, when its error carries more than the
        catalogue's ``error.engine.<code>`` can say (every problem of a placement)."""
        return None

    def done_text(self, lang: str, action: dict[str, Any], *, dm_sent: bool) -> str:
        """The answer to the player whose typed action or form was stored. ``dm_sent``: his
        private view went out by DM with this move (only then may the answer say so)."""
        return t(lang, "play.done", action=self.action_text(lang, action))

    def rules_text(self, lang: str, game: Game[Any, Any, Any]) -> str | None:
        """``/rules``: ``rules.<key>`` from the game's catalogue part, given ``rules_params``
        (so the numbers a summary states are the game's own), or ``None`` without one."""
        key = f"rules.{game.key}"
        return t(lang, key, **self.rules_params(game)) if catalogue().has(key) else None

    def rules_params(self, game: Game[Any, Any, Any]) -> dict[str, Any]:
        """The numbers ``rules.<key>`` may state: the defaults of the game's options (none when
        an option has no default)."""
        try:
            defaults: dict[str, Any] = game.options_model().model_dump()
        except ValidationError:
            return {}
        return defaults

    def suggest(self, table: Table, seat: int, typed: str) -> list[tuple[str, str]] | None:
        """``/move`` autocomplete as (name, value) pairs, or ``None`` to list legal actions."""
        return None

    def subjects(self, table: Table, seat: int | None) -> list[Subject]:
        """The things the moves on a message act on (a die face, a card in hand, a creature),
        each with its actions, so that the message draws its button beside it
        (``bot.render.layout``); ``seat``: whose message (``None``: the board). Each action is
        one of the message's buttons; one no button shows is left out. By default none: every
        button stands in the rows under the message."""
        return []

    def event_text(self, table: Table, event: Event) -> str | None:
        """One event in words (``/history``), or ``None`` for an event with no line of its
        own. Which events may be shown is decided by the caller."""
        return generic_event_text(table, event)


class Menus:
    """A renderer's capability: select menus (several choices picked at once, or more than
    buttons hold), multi-step choices (``Focus``), and buttons of its own (``ChoiceLook``)."""

    def selects(self, table: Table, seat: int, actions: list[dict[str, Any]]) -> list[SelectLook]:
        """Select menus for a seat's own messages (its DM, Private, ``/hand``), drawn above the
        buttons of ``actions`` that ``is_button`` keeps. A choice comes back through
        ``select_action``. At most four menus, 25 options each (Discord's limits)."""
        return []

    def select_action(self, lang: str, name: str, values: list[str]) -> Any:
        """The action (plain data, or typed text the game parses) the picked ``values`` of the
        menu ``name`` stand for; ``None`` when the game has no such menu."""
        return None

    def board_selects(self, table: Table) -> list[SelectLook]:
        """Select menus on the public board, for the public decisions of the people the game
        waits for (never a decision taken in private). A pick there acts for whoever picks,
        if it is his to make, or opens his own message narrowed to a ``Focus``."""
        return []

    def choices(self, table: Table, seat: int) -> list[ChoiceLook]:
        """Buttons of the game's own in the seat's messages, beside its legal actions' buttons
        (a **Random** choice); a click is read back by ``choose``."""
        return []

    def choose(self, table: Table, seat: int, name: str, values: list[str]) -> Any:
        """What a pick in the menu ``name`` (or a click on a ``ChoiceLook`` of that name) stands
        for: an action (plain data, or typed text the game parses), a ``Focus``, or ``None``
        for a menu this game does not have. By default ``select_action``."""
        return self.select_action(table.lang, name, values)

    def fills_template(self, action: dict[str, Any]) -> bool:
        """Whether a chosen ``action`` fills in a template the game lists (a whole recruitment
        picked in a menu): no listed action equals it, so the engine judges it, as it judges
        typed input, when the seat may take that kind of action now."""
        return False


class Forms:
    """A renderer's capability: actions that need typed input open a form (a modal) instead of
    being applied at a click."""

    def action_form(self, table: Table, seat: int, action: dict[str, Any]) -> discord.ui.Modal | None:
        """A form (modal) that clicking the action's button opens instead of applying it, for
        actions that need typed input (a whole secret placement). Its custom id is
        ``form_id(game id, form name)``; the generic form route (``bot.cogs.forms``) hands the
        submitted values to ``form_action``, even after a restart."""
        return None

    def form_action(self, lang: str, form: str, values: dict[str, str]) -> Any:
        """The action (plain data, or typed text the game parses) a submitted form stands for;
        ``None`` for a form this game does not have."""
        return None


class StandingChoices:
    """A renderer's capability: settings each person chooses for himself for this game, under
    which the bot takes some of his decisions for him."""

    player_settings: type[BaseModel] | None = None
    """The game's own settings each person may choose for himself (a command of the game's
    folder sets them), stored per person and game (``Repository.player_settings``) and read
    with this model's defaults for what is not stored; ``None``: the game has none."""

    def standing_action(self, table: Table, seat: int) -> tuple[str, Any] | None:
        """What the bot does for the person at ``seat``, now waited for, if he turned the
        switch named here on in his ``player_settings`` (a window he asked to pass whenever he
        has nothing to play in it): the switch's field name and the action (plain data, or
        typed text the game parses); ``None``: nothing, he decides himself."""
        return None


def generic_event_text(table: Table, event: Event) -> str:
    """``<game>.event.<kind>`` from the catalogue with the event's data (and ``player``, the
    seat's name), else the kind and the data as they are."""
    seat = event.data.get("seat")
    who = table.mention(seat) if isinstance(seat, int) and 0 <= seat < len(table.seats) else ""
    key = f"{table.game.key}.event.{event.kind}"
    if catalogue().has(key):
        try:
            return t(table.lang, key, **{**event.data, "player": who})
        except (KeyError, IndexError, ValueError):
            pass  # the line needs data this event lacks: tell it plainly
    rest = {k: v for k, v in event.data.items() if k != "seat"}
    return " ".join(part for part in (who, event.kind, dump_json(rest) if rest else "") if part)


def ranking_lines(table: Table) -> list[str]:
    """``🥇 Alice — 7`` lines, best first, from the game's result; in a rated game each with
    the seat's rating change (a co-operative game's are told with its end, ``end_lines``)."""
    result = table.result
    if result is None:
        return []
    order = sorted(range(len(result.ranks)), key=lambda s: (result.ranks[s], s))
    changes = {c.seat: c for c in table.ratings} if result.team is None else {}
    lines = []
    for seat in order:
        rank = result.ranks[seat]
        score = result.scores[seat]
        shown = int(score) if float(score).is_integer() else score
        line = t(
            table.lang,
            "board.rank_line",
            medal=_MEDALS.get(rank, f"{rank}."),
            player=table.mention(seat),
            score=shown,
        )
        lines.append(f"{line} · {change_text(table.lang, changes[seat])}" if seat in changes else line)
    return lines


_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def end_lines(table: Table) -> list[str]:
    """Why the game ended, in words: for a co-operative game first whether everyone won or lost
    together; then the reason — ``<game>.end.<reason>`` from the game's catalogue part, else the
    shared ``board.end.<reason>``, else the reason as the game names it. ``player`` in a line is
    the (first) winner."""
    result = table.result
    if result is None:
        return []
    lines = []
    if result.team is not None:
        lines.append(t(table.lang, f"board.team.{result.team}"))
    if result.reason:
        winners = result.winners
        params = {"reason": result.reason, "player": table.mention(winners[0]) if winners else ""}
        keys = (f"{table.game.key}.end.{result.reason}", f"board.end.{result.reason}")
        key = next((k for k in keys if catalogue().has(k)), "board.end.other")
        lines.append(t(table.lang, key, **params))
    if result.team is not None and table.ratings:  # a table rated together: each seat's change
        changed = ", ".join(f"{table.mention(c.seat)} {change_text(table.lang, c)}" for c in table.ratings)
        lines.append(t(table.lang, "board.ratings", changes=changed))
    return lines


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class GenericRenderer(Renderer):
    """Shows the view as JSON and actions in their typed text form. Enough to play any game;
    a game gets a nicer board by registering its own renderer."""

    key = ""

    def board(self, table: Table) -> discord.Embed:
        embed = discord.Embed(title=t(table.lang, "board.title", title=table.game.title, id=table.id))
        players = ", ".join(table.mention(s) for s in table.to_act())
        if players:
            embed.description = t(table.lang, "board.turn", players=players)
        else:
            embed.description = " ".join([t(table.lang, "board.over"), *end_lines(table)])
            embed.add_field(name=t(table.lang, "board.ranking"), value="\n".join(ranking_lines(table)) or "—")
        view = dump_json(table.game.dump_view(table.public_view()))
        embed.add_field(
            name=t(table.lang, "board.view"), value=_clip(f"```json\n{view}\n```", 1000), inline=False
        )
        return embed

    def action_look(self, lang: str, action: dict[str, Any]) -> ButtonLook:
        words = [str(action.get("kind", "?"))]
        words += [str(v) for k, v in sorted(action.items()) if k != "kind"]
        return ButtonLook(_clip(" ".join(words), BUTTON_LABEL_LIMIT))

    def private(self, table: Table, seat: int) -> discord.Embed:
        view = dump_json(table.game.dump_view(table.view))
        embed = discord.Embed(title=t(table.lang, "private.title", title=table.game.title, id=table.id))
        embed.description = _clip(f"```json\n{view}\n```", 4000)
        return embed
