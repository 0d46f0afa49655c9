"""Berserk's board and private views.

The board (public) says whose decision is pending and how it is taken, lists both sides, each
side's creatures (strike, life left, counters, poison, open or closed), the stack, the trigger
queue and the triggers waiting to be declared, and shows the field as a picture drawn from the
*spectator* view — or as a text grid when the server turned pictures off, or drawing fails.
Its menu and buttons are those of the public decisions: the main phase (a creature, then what
it does) and **End turn**.

A seat's private message (its DM, Private, ``/hand``) holds what only it knows — its deck,
budget, squad, placement, reserve and Muster choice — with the field from its own side, and
the buttons and menus of its decision. The secret submissions are made only there, and so are
decisions taken out of turn (a defender, a trigger declaration, an answer in a response
window during the other player's turn): a DM tells the player, where no turn ping would.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.games.berserk.choices import (
    MENU_NAME,
    MENU_PLACEHOLDERS,
    RANDOM_SUBMISSIONS,
    TEMPLATES,
    button_actions,
    decision_kind,
    label,
    look,
    menu_actions,
    menu_choices,
    ref_name,
    typed,
)
from bot.games.berserk.events import event_line, player
from bot.games.berserk.forms import (
    FORM,
    RANDOM,
    RECRUIT_MENU,
    PlacementForm,
    form_placement,
    picked_recruits,
    placement_text,
    random_deck,
    recruit_menu,
)
from bot.games.berserk.pictures import LEGEND, Words, render_field, text_field
from bot.games.berserk.subjects import subjects
from bot.games.berserk.words import (
    SEAT_MARKS,
    ability_ids,
    ability_name,
    ability_text,
    card_name,
    card_of_uid,
    cost_text,
    deck_name,
    targets_itself,
    unit_at,
    unit_line,
    unit_name,
    unit_name_plain,
)
from bot.i18n import echo, t
from bot.render import menus
from bot.render.base import (
    ButtonLook,
    ChoiceLook,
    Forms,
    Menus,
    Renderer,
    SelectLook,
    Table,
    ranking_lines,
)
from bot.render.layout import Subject
from bot.render.painter import painted
from engine import Decision, EngineError, Event, Game
from engine.games.berserk import board
from engine.games.berserk.cards import CARDS, DECKS
from engine.games.berserk.setup import RESERVE, RESERVE_SIZE, deck_budget
from engine.games.berserk.state import DefenderStep
from engine.games.berserk.view import BerserkView
from engine.kits.resolution import Item

FIELD_FILE = "berserk-field.png"
FIELD_LIMIT = 1024
MESSAGE_LIMIT = 2000
EMBED_LIMIT = 6000
LAST_MOVE_LIMIT = 900
SETUP = frozenset({"deck", "seat", "recruit", "place"})
RANDOM_KINDS = frozenset({"choose_deck"})
"""The decisions with a **Random** button of the renderer's own (``choices``): the recruitment
and the placement have the engine's, a listed action (``RANDOM_ACTIONS``)."""
RANDOM_ACTIONS: dict[str, dict[str, Any]] = {
    submission: {"kind": kind} for kind, submission in RANDOM_SUBMISSIONS.items()
}
"""What a renderer's own **Random** button of a recruitment or a placement, drawn before those
were engine actions and still in a player's messages, stands for now."""
SUBJECTS = {"bad_recruitment": "recruit", "bad_placement": "place", "bad_declaration": "declare"}
"""Refusals told problem by problem, and the words each is told in."""
_TRIGGER_REF = re.compile(r"\b(\d+)\b")


class BerserkRenderer(Menus, Forms, Renderer):
    key = "berserk"

    # -- the board ------------------------------------------------------------------------
    def board(self, table: Table) -> discord.Embed:
        return self.board_message(table)[0]

    def board_message(self, table: Table) -> tuple[discord.Embed, list[discord.File]]:
        lang = table.lang
        view: BerserkView = table.public_view()
        over = view.phase == "over"
        embed = discord.Embed(
            title=t(lang, "board.title", title=table.game.title, id=table.id),
            description=self._headline(table, view),
            colour=discord.Colour.gold() if over else discord.Colour.dark_red(),
        )
        embed.add_field(
            name=t(lang, "berserk.board.sides"), value=_fit(self._sides(table, view)), inline=False
        )
        files: list[discord.File] = []
        if view.phase not in SETUP:
            if not table.active:  # in play the creatures are subjects, beside their buttons
                self._creatures(embed, table, view)
            self._resolution(embed, table, view, raised=not table.active)
            files = self._picture(embed, table, view)
        happened = [line for line in (self._event(table, e) for e in table.events) if line]
        if happened:
            embed.add_field(
                name=t(lang, "board.last_move"),
                value=_fit("\n".join(happened), LAST_MOVE_LIMIT, keep_end=True),
                inline=False,
            )
        if over:
            embed.add_field(
                name=t(lang, "board.ranking"), value="\n".join(ranking_lines(table)) or "—", inline=False
            )
        embed.set_footer(text=self.footer(lang, view))
        _within_limits(embed)
        return embed, files

    def _headline(self, table: Table, view: BerserkView) -> str:
        lang = table.lang
        if view.phase == "over":
            return " ".join([t(lang, "board.over"), self.end_text(table)])
        if view.phase == "seat":
            return t(
                lang,
                "berserk.board.seat",
                player=player(table, table.to_act()[0] if table.to_act() else None),
            )
        if view.phase in SETUP:
            lines = [t(lang, f"berserk.board.{view.phase}")]
            return "\n".join(lines + self.sent_lines(table, view))
        active = view.active if view.active is not None else 0
        lines = [
            t(
                lang,
                "berserk.board.round",
                round=view.round,
                cap=view.round_cap,
                player=player(table, active),
                role=view.sides[active].role or "",
            )
        ]
        pending = table.decisions  # a secret one says only who decides what kind of thing
        if any(d.kind == "muster" for d in pending):
            lines.append(t(lang, "berserk.board.muster", round=view.round))
            lines.extend(self.sent_lines(table, view))
        elif pending:
            decision = pending[0]
            seat = decision.seats[0]
            lines.append(
                t(
                    lang,
                    f"berserk.board.waiting.{decision.kind}",
                    player=player(table, seat),
                    private="yes" if self.decided_in_private(view, decision) else "no",
                )
            )
        return "\n".join(lines)

    def sent_lines(self, table: Table, view: BerserkView) -> list[str]:
        """Who has sent a simultaneous submission (public, B61), never what."""
        return [
            t(
                table.lang,
                "berserk.board.sent" if side.sent else "berserk.board.deciding",
                player=player(table, side.seat),
            )
            for side in view.sides
            if side.sent is not None
        ]

    def end_text(self, table: Table) -> str:
        result = table.result
        if result is None or result.reason is None:
            return ""
        if result.draw:
            return t(table.lang, f"berserk.end.{result.reason}.draw")
        return t(table.lang, f"berserk.end.{result.reason}", player=player(table, result.winners[0]))

    def _sides(self, table: Table, view: BerserkView) -> str:
        lang = table.lang
        lines = []
        for side in view.sides:
            deck = deck_name(lang, side.deck) if side.deck else t(lang, "berserk.board.no_deck")
            role = side.role or t(lang, "berserk.board.no_role")
            common = {
                "mark": SEAT_MARKS[side.seat],
                "player": table.mention(side.seat),
                "role": role,
                "deck": deck,
            }
            if view.phase in SETUP and side.budget is not None:
                gold, silver = side.budget
                lines.append(t(lang, "berserk.board.side.setup", gold=gold, silver=silver, **common))
            elif view.phase in SETUP:  # before the decks are revealed, nor is a budget
                lines.append(t(lang, "berserk.board.side.choosing", **common))
            else:
                lines.append(
                    t(
                        lang,
                        "berserk.board.side",
                        reserve=side.reserve or 0,
                        graveyard=len(side.graveyard),
                        cost=side.field_cost,
                        **common,
                    )
                )
        return "\n".join(lines)

    def _creatures(self, embed: discord.Embed, table: Table, view: BerserkView) -> None:
        for seat in (0, 1):
            units = [u for u in view.field if u.seat == seat]
            lines = [unit_line(table.lang, view, u) for u in units]
            embed.add_field(
                name=t(table.lang, "berserk.board.field", mark=SEAT_MARKS[seat], player=table.name(seat)),
                value=_fit("\n".join(lines) or t(table.lang, "berserk.board.no_creatures")),
                inline=False,
            )

    def _resolution(self, embed: discord.Embed, table: Table, view: BerserkView, *, raised: bool) -> None:
        """The stack and the queue; ``raised``: the triggers waiting to be declared too (else
        they are subjects, each beside the declarations that queue it first)."""
        lang = table.lang
        if view.stack:
            lines = [f"{n}. {self.item_text(table, i)}" for n, i in enumerate(reversed(view.stack), 1)]
            embed.add_field(name=t(lang, "berserk.board.stack"), value=_fit("\n".join(lines)), inline=False)
        if view.queue:
            lines = [f"{n}. {self.item_text(table, i)}" for n, i in enumerate(view.queue, 1)]
            embed.add_field(name=t(lang, "berserk.board.queue"), value=_fit("\n".join(lines)), inline=False)
        if raised and view.raised:
            lines = [
                "• "
                + t(
                    lang,
                    "berserk.raised",
                    ability=ability_name(lang, r.ability),
                    unit=unit_name(lang, view, r.source),
                    optional="yes" if r.optional else "no",
                )
                for r in view.raised
            ]
            embed.add_field(name=t(lang, "berserk.board.raised"), value=_fit("\n".join(lines)), inline=False)

    def item_text(self, table: Table, item: Item) -> str:
        """A stack or queue item: a strike, an ability with its targets, X and whether it will
        do anything (B36a), a trigger. Creatures on the field are named with their cells."""
        lang, view = table.lang, table.view
        if item.kind == "strike":
            return t(
                lang,
                "berserk.item.strike",
                attacker=unit_at(lang, view, item.source),
                target=unit_at(lang, view, item.targets[0]),
            )
        key = "berserk.item.ability" if item.kind == "ability" else "berserk.item.trigger"
        parts = [
            t(lang, key, ability=ability_name(lang, item.ability), unit=unit_at(lang, view, item.source))
        ]
        if item.targets and not targets_itself(card_of_uid(item.source), item.ability):
            named = ", ".join(unit_at(lang, view, u) for u in item.targets)
            parts.append(t(lang, "berserk.item.targets", targets=named))
        if item.data.get("x") is not None:
            parts.append(t(lang, "berserk.item.x", x=item.data["x"]))
        if item.data.get("paid") is False:
            parts.append(t(lang, "berserk.item.unpaid"))
        return " ".join(parts[:2]) + "".join(f" · {p}" for p in parts[2:])

    def footer(self, lang: str, view: BerserkView) -> str:
        if view.phase in SETUP:
            return t(lang, "berserk.board.footer.setup", cap=view.round_cap)
        return t(lang, "berserk.board.footer", round=view.round, cap=view.round_cap, turn=view.turn)

    def _picture(self, embed: discord.Embed, table: Table, view: BerserkView) -> list[discord.File]:
        """The field picture, its legend drawn in; the text grid with the same words instead when
        the server turned pictures off or when drawing fails."""
        words = self._words(table, view)
        picture = painted(FIELD_FILE, render_field, view, words) if table.pictures else None
        if picture is None:
            embed.add_field(
                name=t(table.lang, "berserk.board.grid"),
                value=_fit(f"```\n{text_field(view, words.names)}\n```"),
                inline=False,
            )
            seats = [f"{SEAT_MARKS[s]} {table.name(s)}" for s in (0, 1)]
            embed.add_field(
                name=t(table.lang, "berserk.board.legend"),
                value=t(table.lang, "berserk.grid.legend", first=seats[0], second=seats[1]),
                inline=False,
            )
            return []
        embed.set_image(url=f"attachment://{FIELD_FILE}")
        return [picture]

    def _words(self, table: Table, view: BerserkView) -> Words:
        lang = table.lang
        names = {u.uid: unit_name(lang, view, u.uid, marked=False) for u in view.field}
        strips = tuple(
            t(
                lang,
                "berserk.picture.strip",
                player=table.name(side.seat),
                role=side.role or "",
                reserve=side.reserve or 0,
                graveyard=len(side.graveyard),
            )
            for side in view.sides
        )
        legend = {key: t(lang, f"berserk.legend.{key}") for key in LEGEND if not key.startswith("seat")}
        for side in view.sides:
            legend[f"seat{side.seat}"] = t(
                lang, "berserk.legend.seat", player=table.name(side.seat), role=side.role or ""
            )
        return Words(names=names, strips=(strips[0], strips[1]), legend=legend)

    def _event(self, table: Table, event: Event) -> str | None:
        """A line for a public event; a seat's own events never show on the board."""
        return event_line(table, event) if event.visible_to(None) else None

    def event_text(self, table: Table, event: Event) -> str | None:
        """``/history``: the caller decides which events may be told (a seat's own once over)."""
        return event_line(table, event)

    def subjects(self, table: Table, seat: int | None) -> list[Subject]:
        return subjects(table, seat)

    # -- private views --------------------------------------------------------------------
    def private(self, table: Table, seat: int) -> discord.Embed:
        return self.private_message(table, seat)[0]

    def private_message(self, table: Table, seat: int | None) -> tuple[discord.Embed, list[discord.File]]:
        assert seat is not None, "Berserk has no private view for spectators"
        lang = table.lang
        view: BerserkView = table.view  # the seat's own: its deck, squad and reserve
        embed = discord.Embed(
            title=t(lang, "private.title", title=table.game.title, id=table.id),
            colour=discord.Colour.dark_red(),
        )
        if view.phase == "over":
            embed.description = " ".join([t(lang, "board.over"), self.end_text(table)])
            return embed, []
        if view.phase in SETUP:
            embed.description = self._setup(embed, table, view, seat)
            embed.set_footer(text=self.footer(lang, view))
            _within_limits(embed)
            return embed, []
        embed.description = self.prompt(table, view, seat)
        # the reserve, the creatures and the triggers waiting are its subjects (``subjects``)
        self._resolution(embed, table, view, raised=False)
        embed.set_footer(text=self.footer(lang, view))
        files = self._picture(embed, table, view)
        _within_limits(embed)
        return embed, files

    def _setup(self, embed: discord.Embed, table: Table, view: BerserkView, seat: int) -> str:
        """The secret setup: the decks, the budget and the deck's cards, the squad in order with
        the cells it is placed on."""
        lang = table.lang
        own = view.own
        kind = view.decision
        if view.phase == "deck":
            if kind != "choose_deck":
                return t(
                    lang, "berserk.private.deck_sent", deck=deck_name(lang, own.deck or "") if own else ""
                )
            # the decks are its subjects, each beside its button (``subjects``)
            return t(lang, "berserk.private.deck")
        if view.phase == "seat":
            if kind == "choose_seat":
                return t(lang, "berserk.private.seat")
            waiting = table.to_act()
            return t(lang, "berserk.ask.waiting", player=player(table, waiting[0] if waiting else None))
        assert own is not None and own.deck is not None
        gold, silver = view.sides[seat].budget or deck_budget(DECKS[own.deck], view.edition)
        lines = [t(lang, "berserk.private.budget", deck=deck_name(lang, own.deck), gold=gold, silver=silver)]
        if view.phase == "recruit":
            if kind == "recruit":
                lines.append(t(lang, "berserk.private.recruit"))
                self._deck_cards(embed, lang, own.deck)
            else:
                lines.append(t(lang, "berserk.private.recruit_sent"))
                lines.append(self._squad(table, view, seat))
            return "\n\n".join(lines)
        own_rows = board.ROLE_ROWS[0 if view.sides[seat].role == "P1" else 1]
        rows = f"{min(own_rows)}–{max(own_rows)}"
        if kind == "place":
            lines.append(t(lang, "berserk.private.place", rows=rows, reserve=RESERVE_SIZE))
        else:
            lines.append(t(lang, "berserk.private.placed"))
        lines.append(self._squad(table, view, seat))
        return "\n\n".join(lines)

    def _deck_cards(self, embed: discord.Embed, lang: str, deck_id: str) -> None:
        deck = DECKS[deck_id]
        for card_id in dict.fromkeys(deck.cards):
            card = CARDS[card_id]
            copies = deck.copies(card_id)
            name = t(
                lang,
                "berserk.private.card",
                name=card_name(lang, card_id),
                unique=t(lang, "berserk.private.unique") if card.unique else "",
                cost=cost_text(lang, card),
                life=card.life,
                strike="-".join(map(str, card.strike)),
                moves=card.moves,
                copies=t(lang, "berserk.private.copies", count=copies) if copies > 1 else "",
            )
            texts = [f"**{ability_name(lang, a)}**: {ability_text(lang, card, a)}" for a in ability_ids(card)]
            embed.add_field(
                name=name.replace("**", "")[:256], value=_fit("\n".join(texts) or "—"), inline=False
            )

    def _squad(self, table: Table, view: BerserkView, seat: int) -> str:
        """The recruited cards in order, numbered, each with its cell: as placed, or as the
        placement form starts (the default placement)."""
        lang = table.lang
        own = view.own
        assert own is not None
        cells = own.placement or _default_cells(table)
        lines = [f"**{t(lang, 'berserk.private.recruits')}**"]
        for number, uid in enumerate(own.uids, 1):
            where = cells.get(uid, "—")
            lines.append(
                t(
                    lang,
                    "berserk.private.place.line",
                    number=number,
                    name=unit_name_plain(lang, uid),
                    cell=t(lang, "berserk.private.reserve_cell") if where == RESERVE else where,
                )
            )
        return "\n".join(lines)

    def prompt(self, table: Table, view: BerserkView, seat: int) -> str:
        """What the seat must decide now, with what it needs to know to decide it."""
        lang = table.lang
        decision = table.decision
        if decision is None:
            pending = table.to_act()
            if pending:
                return t(lang, "berserk.ask.waiting", player=", ".join(player(table, s) for s in pending))
            return t(lang, "berserk.private.nothing")
        if decision.kind == "muster":
            return t(lang, "berserk.private.muster", cells=", ".join(_muster_cells(table)))
        if isinstance(decision, DefenderStep):
            strike = next(i for i in view.stack if i.ref == decision.strike)
            return t(
                lang,
                "berserk.ask.assign_defender",
                attacker=ref_name(lang, view, _cell_or_uid(view, strike.source)),
                target=ref_name(lang, view, _cell_or_uid(view, strike.targets[0])),
            )
        if decision.kind == "respond":
            nxt = (
                view.queue[0] if view.queue else view.stack[-1] if view.stack else None
            )  # the queue goes first
            if nxt is None:
                return t(lang, "berserk.ask.respond.empty")
            return t(lang, "berserk.ask.respond", next=self.item_text(table, nxt))
        return t(lang, f"berserk.ask.{decision.kind}")

    # -- decisions: where they are taken, buttons, menus, forms ------------------------------
    def decided_in_private(self, public: Any, decision: Decision) -> bool:
        """Secret decisions, and any decision of the player whose turn it is not (a defender,
        a trigger declaration, an answer in a window): no turn ping tells him, a DM does.
        ``public``: the public view (whose turn it is is public)."""
        return decision.secret or (public.phase == "play" and public.active not in decision.seats)

    def buttons(self, table: Table, seat: int, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return button_actions(table, seat, actions)

    def button_look(self, table: Table, action: dict[str, Any]) -> ButtonLook:
        return look(table.lang, action, table.view)

    def action_look(self, lang: str, action: dict[str, Any]) -> ButtonLook:
        return look(lang, action)

    def selects(self, table: Table, seat: int, actions: list[dict[str, Any]]) -> list[SelectLook]:
        """The recruitment menu, or the decision's tree menu narrowed to ``table.focus``."""
        if decision_kind(table, seat) == "recruit":
            found = recruit_menu(table.lang, table.view)
            return [found] if found is not None else []
        return self._tree(table, seat, actions, table.focus)

    def board_selects(self, table: Table) -> list[SelectLook]:
        """The tree menu of the public decision's human seat, from the top."""
        found: list[SelectLook] = []
        # ``offered``: the humans waited for whose decision is public, with their actions
        for seat, legal in sorted(table.offered.items()):
            found.extend(self._tree(table, seat, list(legal), ""))
        return found

    def _tree(self, table: Table, seat: int, actions: list[dict[str, Any]], focus: str) -> list[SelectLook]:
        rest = menu_actions(table, seat, actions)
        kind = decision_kind(table, seat)
        if not rest or kind is None:
            return []
        found = menus.menu(
            MENU_NAME,
            t(table.lang, MENU_PLACEHOLDERS.get(kind, "berserk.menu.act")),
            menu_choices(table, rest),
            focus,
            back=t(table.lang, "berserk.menu.back"),
            done=t(table.lang, "berserk.menu.done"),
            more=t(table.lang, "berserk.menu.more"),
        )
        return [found] if found is not None else []

    def choices(self, table: Table, seat: int) -> list[ChoiceLook]:
        kind = decision_kind(table, seat)
        if kind not in RANDOM_KINDS:
            return []
        random = ButtonLook(t(table.lang, "berserk.action.random"), discord.ButtonStyle.secondary, "🎲")
        return [ChoiceLook(RANDOM, kind, random)]

    def choose(self, table: Table, seat: int, name: str, values: list[str]) -> Any:
        if name == MENU_NAME:
            return menus.read(values)
        if name == RECRUIT_MENU:
            return picked_recruits(values) if values else None
        if name == RANDOM:
            kind = decision_kind(table, seat)
            if values != [kind]:
                return None  # a Random drawn for a decision that is over
            if kind == "choose_deck":
                return random_deck()
            return RANDOM_ACTIONS.get(kind or "")
        return None

    def fills_template(self, action: dict[str, Any]) -> bool:
        return action.get("kind") in TEMPLATES and bool(action.get("cards") or action.get("cells"))

    def action_form(self, table: Table, seat: int, action: dict[str, Any]) -> discord.ui.Modal | None:
        """The **Place** button's form, holding the default placement to start from."""
        if action.get("kind") != "place" or action.get("cells"):
            return None
        view: BerserkView = table.view
        own = view.own
        cells = _default_cells(table)
        start = placement_text([cells.get(uid, "") for uid in (own.uids if own else ())])
        return PlacementForm(table.id, table.lang, start)

    def form_action(self, lang: str, form: str, values: dict[str, str]) -> Any:
        return form_placement(values) if form == FORM else None

    def refusal(self, lang: str, error: EngineError) -> str | None:
        """A rejected recruitment, placement or declaration: every problem at once."""
        subject = SUBJECTS.get(error.code)
        if subject is None:
            return None
        problems = error.params.get("problems") or []
        lines = [f"• {problem_line(lang, subject, p)}" for p in problems if isinstance(p, dict)]
        return _fit(t(lang, f"berserk.rejected.{subject}", problems="\n".join(lines)), MESSAGE_LIMIT)

    def done_text(self, lang: str, action: dict[str, Any], *, dm_sent: bool) -> str:
        submitted = RANDOM_SUBMISSIONS.get(str(action.get("kind")), action.get("kind"))
        if submitted in TEMPLATES:
            return t(lang, f"berserk.{submitted}.stored")
        return super().done_text(lang, action, dm_sent=dm_sent)

    def rules_params(self, game: Game[Any, Any, Any]) -> dict[str, Any]:
        return {**super().rules_params(game), "reserve": RESERVE_SIZE}

    def suggest(self, table: Table, seat: int, typed_text: str) -> list[tuple[str, str]] | None:
        """``/move``: the seat's legal actions in words, each with what to type; of a recruitment
        or a placement, which are typed whole, only **Random**."""
        kind = decision_kind(table, seat)
        if kind is None:
            return None
        wanted = typed_text.strip().lower()
        found = []
        for action in (a for a in table.actions if a.get("kind") not in TEMPLATES):
            words, value = label(table.lang, action, table.view), typed(action)
            if wanted in words.lower() or wanted in value.lower():
                found.append((words, value))
        return found


# -- helpers ----------------------------------------------------------------------------------------
def problem_line(lang: str, subject: str, problem: dict[str, Any]) -> str:
    """One problem of a rejected submission in the reader's words; the engine's own message
    when the catalogue has none for it."""
    params: dict[str, Any] = {k: echo(v) if isinstance(v, str) else v for k, v in problem.items()}
    card = problem.get("card")
    if isinstance(card, str):
        if card in CARDS:
            params["card"] = card_name(lang, card)
        elif card.count(".") == 2 and card.split(".")[1] in {c.slug for c in CARDS.values()}:
            params["card"] = unit_name_plain(lang, card)
    if subject == "recruit" and problem.get("code") == "silver":
        params["cover"] = int(problem.get("silver", 0)) + int(problem.get("spare_gold", 0))
    if subject == "place":
        params["most"] = RESERVE_SIZE
    if subject == "declare":
        found = _TRIGGER_REF.search(str(problem.get("message", "")))
        params["ref"] = found.group(1) if found else "?"
    try:
        return t(lang, f"berserk.problem.{subject}.{problem.get('code')}", **params)
    except (KeyError, ValueError):
        return echo(str(problem.get("message", problem.get("code"))), 300)


def _default_cells(table: Table) -> dict[str, str]:
    """The placement the engine takes for an absent seat (B25a), where the form starts."""
    decision = table.decision  # the seat's own, with its default
    if decision is None or decision.kind != "place" or decision.default is None:
        return {}
    cells = decision.default.get("cells")
    return {str(k): str(v) for k, v in cells.items()} if isinstance(cells, dict) else {}


def _muster_cells(table: Table) -> list[str]:
    cells = {str(a["cell"]) for a in table.actions if a.get("cell")}
    return sorted(cells, key=board.CELL_INDEX.__getitem__)


def _cell_or_uid(view: BerserkView, uid: str) -> str:
    found = next((u for u in view.field if u.uid == uid), None)
    return found.cell if found is not None and found.cell else uid


def _fit(text: str, limit: int = FIELD_LIMIT, *, keep_end: bool = False) -> str:
    if len(text) <= limit:
        return text
    return "…" + text[-(limit - 1) :] if keep_end else text[: limit - 1] + "…"


def _within_limits(embed: discord.Embed) -> None:
    """An embed holds 6000 characters in all: the last move is shortened first, then the
    longest fields, until it fits."""
    for _ in range(2 * len(embed.fields)):
        if len(embed) <= EMBED_LIMIT:
            return
        longest = max(range(len(embed.fields)), key=lambda i: len(embed.fields[i].value or ""))
        field = embed.fields[longest]
        value = field.value or ""
        excess = len(embed) - EMBED_LIMIT
        keep = max(1, len(value) - excess - 1)
        embed.set_field_at(longest, name=field.name or "", value=value[:keep] + "…", inline=field.inline)
