"""Hobbit's board and private views.

The board (public) tells the round, whose turn and which phase, the decision pending and whose
it is (taken in private or on the board), Smaug — where he is and, in a window, how far he is
about to fly and who plays or passes now — Gandalf's stop, the ring, the door and who holds
Thorin's Key, every player's dwarves, hand size and movement cards, the decks with the enemies
lying face up, the fight or trade under way, and the last events; with the track as a picture
(drawn from the spectator's view), or as text when the server turned pictures off or drawing
fails, with the same legend. Its buttons are the public decisions': the draws of phase 3, a
target, the Scouting choice.

A seat's private message (its DM, Private, ``/hand``) holds its hand — each card with what it
does — its movement cards and dwarves, a trade offer it is party to, what it must decide now
and the menus and buttons for it, and the track. Everything decided with hidden cards is
decided there: the active player's phases 1 and 2, fights, attacks, discards, trades, windows,
and Dwarf Gold whenever the engine allows it, whether or not the game waits for the holder.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from bot.games.hobbit.choices import (
    TEMPLATES,
    button_actions,
    card_menus,
    clip,
    decision_of,
    label,
    look_style,
    read_pick,
    tree_menus,
    typed,
)
from bot.games.hobbit.events import event_line
from bot.games.hobbit.pictures import (
    LEGEND,
    Words,
    legend_keys,
    render_track,
    smaug_entering,
    text_legend,
    text_track,
)
from bot.games.hobbit.settings import AUTOPASS, HobbitSettings
from bot.games.hobbit.subjects import CARD, board_subjects, card_choices, read_card, seat_subjects
from bot.games.hobbit.words import (
    COLOUR_MARKS,
    DECK_MARKS,
    KEY_MARK,
    RING_MARK,
    SMAUG_MARK,
    card_name,
    deck_name,
    figure_name,
    figure_place,
    offer_text,
    ring_words,
    seat_name,
    space_name,
    stop_name,
)
from bot.i18n import echo, t
from bot.render.base import (
    ButtonLook,
    ChoiceLook,
    Menus,
    Renderer,
    SelectLook,
    StandingChoices,
    Table,
    end_lines,
)
from bot.render.layout import Subject
from bot.render.painter import painted
from engine import EngineError, Event
from engine.games.hobbit.board import BILBO, FIGURE_ORDER, GANDALF_STOPS, NUMBERS
from engine.games.hobbit.cards import INSTANCES, MOVE_CARDS
from engine.games.hobbit.view import DecisionView, HobbitView

TRACK_FILE = "hobbit-track.png"
FIELD_LIMIT = 1024
EMBED_LIMIT = 6000
LAST_MOVE_LIMIT = 900


class HobbitRenderer(Menus, StandingChoices, Renderer):
    key = "hobbit"
    player_settings = HobbitSettings

    # -- the board ------------------------------------------------------------------------
    def board(self, table: Table) -> discord.Embed:
        return self.board_message(table)[0]

    def board_message(self, table: Table) -> tuple[discord.Embed, list[discord.File]]:
        lang = table.lang
        view: HobbitView = table.public_view()
        over = view.end is not None
        embed = discord.Embed(
            title=t(lang, "board.title", title=table.game.title, id=table.id),
            description=self.headline(table, view),
            colour=discord.Colour.gold() if over else discord.Colour.dark_green(),
        )
        embed.add_field(
            name=t(lang, "hobbit.board.smaug"), value=fit(self.smaug_line(table, view)), inline=False
        )
        embed.add_field(
            name=t(lang, "hobbit.board.pieces"), value=fit(self.pieces_line(table, view)), inline=False
        )
        embed.add_field(
            name=t(lang, "hobbit.board.players"), value=fit(self._players(table, view)), inline=False
        )
        embed.add_field(name=t(lang, "hobbit.board.decks"), value=fit(self._decks(table, view)), inline=False)
        under_way = self.under_way(table, view)
        if under_way:
            embed.add_field(name=under_way[0], value=fit(under_way[1]), inline=False)
        happened = [
            line for line in (self.event_line(table, e) for e in table.events if e.audience is None) if line
        ]
        if happened:
            embed.add_field(
                name=t(lang, "board.last_move"),
                value=fit("\n".join(happened), LAST_MOVE_LIMIT, keep_end=True),
                inline=False,
            )
        files = self._track(embed, table, view)
        embed.set_footer(text=t(lang, "hobbit.board.footer", round=view.round, max=view.max_rounds))
        within_limits(embed)
        return embed, files

    def headline(self, table: Table, view: HobbitView) -> str:
        lang = table.lang
        if view.end is not None:
            return "\n".join([t(lang, "board.over"), *end_lines(table)])
        lines = [
            t(
                lang,
                "hobbit.board.round",
                round=view.round,
                max=view.max_rounds,
                player=seat_name(table, view.active),
                phase=t(lang, f"hobbit.phase.{view.phase}"),
            )
        ]
        decision = view.decision
        if decision is not None and decision.seats:
            who = ", ".join(seat_name(table, s) for s in decision.seats)
            lines.append(t(lang, f"hobbit.board.waiting.{decision.kind}", player=who))
        return "\n".join(lines)

    def smaug_line(self, table: Table, view: HobbitView) -> str:
        lang = table.lang
        lines = [
            t(lang, "hobbit.smaug.lair", mark=SMAUG_MARK)
            if view.smaug is None
            else t(lang, "hobbit.smaug.on", mark=SMAUG_MARK, space=space_name(lang, view.smaug))
        ]
        d = view.decision
        if d is not None and d.kind == "window":
            entering = smaug_entering(view)
            lines.append(
                t(
                    lang,
                    "hobbit.smaug.window",
                    card=card_name(lang, d.card or ""),
                    pending=d.pending or 0,
                    bonus=d.bonus or 0,
                    spaces=", ".join(map(str, entering)) or "—",
                )
            )
            lines.append(
                t(
                    lang,
                    "hobbit.smaug.window_turn",
                    player=seat_name(table, d.seats[0]),
                    passes=d.passes or 0,
                    close=len(view.seats),
                )
            )
            if d.mithril:
                lines.append(t(lang, "hobbit.smaug.mithril"))
        return "\n".join(lines)

    def pieces_line(self, table: Table, view: HobbitView) -> str:
        lang = table.lang
        key = (
            t(lang, "hobbit.key.boxed")
            if view.key is None
            else t(lang, "hobbit.key.held", player=seat_name(table, view.key))
        )
        lines = [
            t(
                lang,
                "hobbit.pieces.gandalf",
                stop=stop_name(lang, view.gandalf),
                does=t(lang, f"hobbit.stop_does.{view.gandalf}"),
            ),
            f"{RING_MARK} {ring_words(lang, view.ring)}",
            t(lang, "hobbit.pieces.door", open="yes" if view.door_open else "no", holder=key),
        ]
        return "\n".join(lines)

    def _players(self, table: Table, view: HobbitView) -> str:
        lang = table.lang
        lines = []
        for s in view.seats:
            dwarves = [f for f in view.figures if f.seat == s.seat]
            shown = " · ".join(figure_place(lang, f.id, f.pos, f.entangled) for f in dwarves)
            moves = " ".join(card[-1] if up else f"~~{card[-1]}~~" for card, up in s.move_cards)
            lines.append(
                t(
                    lang,
                    "hobbit.board.player",
                    player=seat_name(table, s.seat),
                    dwarves=shown,
                    hand=s.hand.count,
                    moves=moves,
                    keymark=KEY_MARK if s.key else "",
                )
            )
        bilbo = view.figures[-1]
        ring = "yes" if view.ring == "bilbo" else "no"
        where = "dead" if bilbo.pos is None else str(bilbo.pos)
        lines.append(
            t(lang, "hobbit.board.bilbo", space=where, ring=ring, dead="yes" if bilbo.pos is None else "no")
        )
        return "\n".join(lines)

    def _decks(self, table: Table, view: HobbitView) -> str:
        lang = table.lang
        parts = [
            f"{DECK_MARKS[name]} {deck_name(lang, name)} {deck.count}" for name, deck in view.decks.items()
        ]
        lines = [" · ".join(parts)]
        lines.append(t(lang, "hobbit.board.piles", discard=view.discard.count, box=view.box.count))
        for deck, enemy in view.face_up.items():
            if enemy is not None:
                lines.append(
                    t(
                        lang,
                        "hobbit.board.face_up",
                        mark=DECK_MARKS[deck],
                        deck=deck_name(lang, deck),
                        card=card_name(lang, enemy),
                    )
                )
        return "\n".join(lines)

    def under_way(self, table: Table, view: HobbitView) -> tuple[str, str] | None:
        """The fight, trade offer, draws, choice or discard the decision is about."""
        lang = table.lang
        d = view.decision
        if d is None:
            return None
        if d.kind == "fight":
            return t(lang, "hobbit.board.fight"), self._fight(table, d)
        if d.kind == "trade_reply" or view.trade_offers or view.trade_done:
            lines = [
                t(
                    lang,
                    "hobbit.board.trades",
                    offers=view.trade_offers,
                    done="yes" if view.trade_done else "no",
                )
            ]
            if d.kind == "trade_reply" and d.offerer is not None:
                lines.append(
                    t(
                        lang,
                        "hobbit.board.offer",
                        player=seat_name(table, d.offerer),
                        partner=seat_name(table, d.seats[0]),
                    )
                )
            return t(lang, "hobbit.board.trade"), "\n".join(lines)
        if d.kind == "p3":
            return t(lang, "hobbit.board.draws"), t(
                lang,
                "hobbit.board.draws_left",
                count=d.draws_left or 0,
                esgaroth=d.esgaroth or 0,
                treasury=d.treasury or 0,
            )
        if d.kind == "target":
            return t(lang, "hobbit.board.target"), t(
                lang,
                "hobbit.board.target_line",
                card=card_name(lang, d.card or ""),
                space=d.space or 0,
                figures=", ".join(figure_name(lang, f) for f in d.options),
            )
        if d.kind == "scout":
            return t(lang, "hobbit.board.scout"), t(lang, "hobbit.board.scout_line", die=d.die or 0)
        if d.kind == "sorrow":
            return t(lang, "hobbit.board.sorrow"), t(
                lang, "hobbit.board.sorrow_line", player=seat_name(table, d.seats[0]), count=d.count or 0
            )
        if d.kind == "attack":
            return t(lang, "hobbit.board.attack"), t(
                lang,
                "hobbit.board.attack_line",
                figure=figure_name(lang, d.party[0] if d.party else BILBO),
                space=d.space or 0,
            )
        return None

    def _fight(self, table: Table, d: DecisionView) -> str:
        lang = table.lang
        lines = [
            t(
                lang,
                "hobbit.fight.against",
                card=card_name(lang, d.card or ""),
                strength=d.strength or 0,
                space=d.space or 0,
                party=", ".join(figure_name(lang, f) for f in d.party),
            )
        ]
        for sub in d.submitted:
            cards = ", ".join(
                f"{card_name(lang, u.card)} ({u.value})"
                if "/" in card_name(lang, u.card)
                else card_name(lang, u.card)
                for u in sub.cards
            )
            lines.append(
                t(
                    lang,
                    "hobbit.fight.submitted",
                    player=seat_name(table, sub.seat),
                    cards=cards,
                    count=len(sub.cards),
                )
            )
        waiting = [*d.seats, *d.after]
        lines.append(t(lang, "hobbit.fight.waiting", players=", ".join(seat_name(table, s) for s in waiting)))
        if d.doubling:
            lines.append(t(lang, "hobbit.fight.doubling", player=seat_name(table, waiting[-1])))
        return "\n".join(lines)

    def _track(self, embed: discord.Embed, table: Table, view: HobbitView) -> list[discord.File]:
        """The track picture, its legend drawn in; the text form with the same words instead
        when the server turned pictures off or drawing fails."""
        words = self._words(table, view)
        # Drawn from the public view: the track shows nothing of a hand (``pictures``), so a
        # seat's DM and the board share one picture, drawn once (``painted``'s cache).
        picture = painted(TRACK_FILE, render_track, table.public_view(), words) if table.pictures else None
        if picture is None:
            embed.add_field(
                name=t(table.lang, "hobbit.board.track"),
                value=fit(f"```\n{text_track(view, t(table.lang, 'hobbit.bilbo'))}\n```"),
                inline=False,
            )
            embed.add_field(
                name=t(table.lang, "hobbit.board.legend"), value=fit(text_legend(words.legend)), inline=False
            )
            return []
        embed.set_image(url=f"attachment://{TRACK_FILE}")
        return [picture]

    def _words(self, table: Table, view: HobbitView) -> Words:
        lang = table.lang
        caption = t(
            lang,
            "hobbit.picture.caption",
            round=view.round,
            max=view.max_rounds,
            player=table.name(view.active),
        )
        face_up = tuple(
            t(lang, "hobbit.picture.face_up", deck=deck_name(lang, deck), card=card_name(lang, enemy))
            for deck, enemy in view.face_up.items()
            if enemy is not None
        )
        return Words(
            caption=caption,
            legend={key: t(lang, f"hobbit.legend.{key}") for key in legend_keys()},
            lair=t(lang, "hobbit.picture.lair"),
            dead=t(lang, "hobbit.picture.dead"),
            gandalf=t(lang, "hobbit.picture.gandalf_letter"),
            bilbo=t(lang, "hobbit.picture.bilbo_letter"),
            stops=tuple(stop_name(lang, s) for s in GANDALF_STOPS),
            face_up=face_up,
        )

    def event_line(self, table: Table, event: Event) -> str | None:
        return event_line(table, event)

    def event_text(self, table: Table, event: Event) -> str | None:
        """``/history``: the caller decides which events may be told (a seat's own once over)."""
        return event_line(table, event)

    # -- private views --------------------------------------------------------------------
    def private_news(self, before: Any, after: Any) -> bool:
        """A seat's private view is its hand, the Key and an offer it is party to. News is a card
        that came into the hand (drawn, or given in a trade) and the Key changing hands. A hand
        that only lost cards lost them by its holder's own play or trade, which the board
        tells; an offer is news to the seat that must answer it as a decision of its own (a DM
        all the same), and its answer the board tells both."""
        if not isinstance(before, dict) or not isinstance(after, dict):
            return bool(before != after)
        held = Counter(before.get("hand") or ())
        came = Counter(after.get("hand") or ()) - held
        return bool(came) or before.get("key") != after.get("key")

    def private(self, table: Table, seat: int) -> discord.Embed:
        return self.private_message(table, seat)[0]

    def private_message(self, table: Table, seat: int | None) -> tuple[discord.Embed, list[discord.File]]:
        assert seat is not None, "Hobbit has no private view for spectators"
        lang = table.lang
        view: HobbitView = table.view  # the seat's own: its hand
        mine = view.seats[seat]
        embed = discord.Embed(
            title=t(lang, "private.title", title=table.game.title, id=table.id),
            colour=discord.Colour.dark_green(),
        )
        if view.end is not None:
            embed.description = "\n".join([t(lang, "board.over"), *end_lines(table)])
        else:
            embed.description = self.prompt(table, view, seat)
        # The hand, the Key and a trade offer are the message's subjects (``subjects``), each
        # beside its buttons, not fields: the layout shows them under the fields.
        dwarves = [f for f in view.figures if f.seat == seat]
        moves = " ".join(card[-1] if up else f"~~{card[-1]}~~" for card, up in mine.move_cards)
        embed.add_field(
            name=t(
                lang,
                "hobbit.private.yours",
                colour=t(lang, f"hobbit.colour.{mine.colour}"),
                mark=COLOUR_MARKS[mine.colour],
            ),
            value=fit(
                " · ".join(figure_place(lang, f.id, f.pos, f.entangled) for f in dwarves)
                + "\n"
                + t(lang, "hobbit.private.moves", moves=moves)
            ),
            inline=False,
        )
        embed.add_field(
            name=t(lang, "hobbit.board.smaug"), value=fit(self.smaug_line(table, view)), inline=False
        )
        files = self._track(embed, table, view)
        embed.set_footer(text=t(lang, "hobbit.board.footer", round=view.round, max=view.max_rounds))
        within_limits(embed)
        return embed, files

    def offer_text(self, table: Table, offer: dict[str, Any], seat: int) -> str:
        return offer_text(table, offer, seat)

    def prompt(self, table: Table, view: HobbitView, seat: int) -> str:
        """What the seat must decide now, with what it needs to know; or whom the game waits for."""
        lang = table.lang
        decision = decision_of(table, seat)
        d = view.decision
        gold = [a for a in table.actions if a.get("kind") == "play_treasury"]
        extra = (
            [t(lang, "hobbit.ask.gold")] if gold and (decision is None or decision.kind != "window") else []
        )
        if decision is None or d is None:
            waiting = [seat_name(table, s) for s in (d.seats if d is not None else ())]
            head = t(lang, "hobbit.ask.waiting", players=", ".join(waiting) or "—")
            return "\n".join([head, *extra])
        params: dict[str, Any] = {}
        if d.kind == "fight":
            params = {
                "card": card_name(lang, d.card or ""),
                "strength": d.strength or 0,
                "so_far": sum(u.value for s in d.submitted for u in s.cards),
                "doubling": "yes" if d.doubling and not d.after else "no",
            }
        elif d.kind == "window":
            params = {"card": card_name(lang, d.card or ""), "pending": d.pending or 0}
        elif d.kind == "sorrow":
            params = {"count": d.count or 0}
        elif d.kind == "limit":
            params = {"count": (view.seats[seat].hand.count or 0) - NUMBERS.hand_limit}
        elif d.kind == "trade_reply":
            params = {"player": seat_name(table, d.offerer or 0)}
        elif d.kind == "scout":
            params = {"die": d.die or 0}
        elif d.kind == "target":
            params = {"card": card_name(lang, d.card or "")}
        elif d.kind == "p3":
            params = {"count": d.draws_left or 0}
        focus = table.focus.split(" ", 1)
        lines = [t(lang, f"hobbit.ask.{d.kind}", **params)]
        if focus[0] == "fight" and len(focus) > 1:
            lines.append(
                t(
                    lang,
                    "hobbit.ask.double",
                    cards=", ".join(card_name(lang, v.partition("=")[0]) for v in focus[1].split()),
                )
            )
        return "\n".join([*lines, *extra])

    def subjects(self, table: Table, seat: int | None) -> list[Subject]:
        return board_subjects(table) if seat is None else seat_subjects(table, seat)

    # -- decisions: buttons, menus --------------------------------------------------------
    def buttons(self, table: Table, seat: int, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return button_actions(table, seat, actions)

    def button_look(self, table: Table, action: dict[str, Any]) -> ButtonLook:
        style, emoji = look_style(action)
        return ButtonLook(clip(label(table.lang, action, table)), style, emoji)

    def action_look(self, lang: str, action: dict[str, Any]) -> ButtonLook:
        style, emoji = look_style(action)
        return ButtonLook(clip(label(lang, action)), style, emoji)

    def selects(self, table: Table, seat: int, actions: list[dict[str, Any]]) -> list[SelectLook]:
        return [
            *card_menus(table, seat, actions, table.focus),
            *tree_menus(table, seat, actions, table.focus),
        ]

    def choices(self, table: Table, seat: int) -> list[ChoiceLook]:
        """A **Play** beside each card a menu plays (``subjects``)."""
        return card_choices(table, seat, len(self.selects(table, seat, list(table.actions))))

    def choose(self, table: Table, seat: int, name: str, values: list[str]) -> Any:
        if name == CARD:
            return read_card(table, seat, values[0]) if len(values) == 1 else None
        return read_pick(table, seat, name, values)

    def refusal(self, lang: str, error: EngineError) -> str | None:
        """A refused action naming its card or figure as players know them (``Beorn 6``, not
        ``BH11#1``), where the engine's error says which."""
        if error.code not in REFUSALS:
            return None
        card, figure = error.params.get("card"), error.params.get("figure")
        params = {
            "named": "yes" if isinstance(card, str) else "no",
            "card": card_name(lang, card)
            if isinstance(card, str) and _known_card(card)
            else echo(str(card or "")),
            "figure": figure_name(lang, figure)
            if isinstance(figure, str) and _known_figure(figure)
            else echo(str(figure or "")),
        }
        return t(lang, f"hobbit.refusal.{error.code}", **params)

    def fills_template(self, action: dict[str, Any]) -> bool:
        return action.get("kind") in TEMPLATES and bool(action.get("cards"))

    def suggest(self, table: Table, seat: int, typed_text: str) -> list[tuple[str, str]] | None:
        """``/move``: the seat's legal actions in words, each with what to type."""
        wanted = typed_text.strip().lower()
        found = []
        for action in table.actions:
            words, value = label(table.lang, action, table), typed(action)
            if wanted in words.lower() or wanted in value.lower():
                found.append((words, value))
            if len(found) >= 25:
                break
        return found

    # -- standing choices ------------------------------------------------------------------
    def standing_action(self, table: Table, seat: int) -> tuple[str, Any] | None:
        """H6.5: a window passed for a player who asked for it, when he holds no Treasury
        card he could play in it."""
        decision = decision_of(table, seat)
        if decision is None or decision.kind != "window":
            return None
        if [a.get("kind") for a in table.actions] != ["pass_window"]:
            return None
        return AUTOPASS, "pass"


REFUSALS = frozenset(
    {
        "not_in_hand",
        "twice",
        "not_fight_card",
        "bad_value",
        "face_down",
        "not_your_card",
        "wrong_card",
        "not_submitted",
        "not_your_dwarf",
        "not_entangled",
        "not_eligible",
        "dead",
        "finished",
        "entangled",
        "below_start",
        "smaug_blocks",
        "door_locked",
        "attack_needs_cards",
        "full",
        "rune",
    }
)
"""The engine's refusals told in Hobbit's own words (``hobbit.refusal.<code>``)."""


def _known_card(card: str) -> bool:
    return card in INSTANCES or card in MOVE_CARDS


def _known_figure(figure: str) -> bool:
    return figure in FIGURE_ORDER


def fit(text: str, limit: int = FIELD_LIMIT, *, keep_end: bool = False) -> str:
    if len(text) <= limit:
        return text
    return "…" + text[-(limit - 1) :] if keep_end else text[: limit - 1] + "…"


def within_limits(embed: discord.Embed) -> None:
    """An embed holds 6000 characters in all: the longest fields are shortened until it fits."""
    for _ in range(2 * len(embed.fields)):
        if len(embed) <= EMBED_LIMIT:
            return
        longest = max(range(len(embed.fields)), key=lambda i: len(embed.fields[i].value or ""))
        field = embed.fields[longest]
        value = field.value or ""
        keep = max(1, len(value) - (len(embed) - EMBED_LIMIT) - 1)
        embed.set_field_at(longest, name=field.name or "", value=value[:keep] + "…", inline=field.inline)


__all__ = ["LEGEND", "HobbitRenderer"]
