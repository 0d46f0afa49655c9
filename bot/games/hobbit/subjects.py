"""The things a Hobbit message's moves act on (``Renderer.subjects``), each drawn with its
button beside it (``bot.render.layout``).

A seat's own message lists its whole hand, a card to a line: a card played with one click has
that button beside it (Dwarf Gold, a Treasury card in a window, the card that pushes Smaug
back in an attack); a card whose play asks more — which figure, which way — has **Play**,
which opens the seat's menu narrowed to that card (a ``Focus``), or plays it at once when it
can be played only one way. A card that cannot be played now is a line alone. Thorin's Key
has **Open the door** beside it, a face-up movement card in phase 1 its **Play** (or the
button that turns it face down), and a trade offer the seat must answer its **Accept** and
**Decline**.

The board's things are those of the public decision: each deck with its **Draw**, each figure
an adventure may affect with its button, each dwarf the Scouting die may move and the Scouting
card itself (**Discard**). They come from the public view and the board's offered actions
only, so a subject never tells what a seat holds.
"""

from __future__ import annotations

from typing import Any

from bot.games.hobbit.choices import TREES, button_actions, typed
from bot.games.hobbit.words import (
    DECK_MARKS,
    KEY_MARK,
    card_about,
    card_name,
    deck_name,
    figure_place,
    offer_text,
)
from bot.i18n import t
from bot.render import ButtonLook, ChoiceLook, Focus, Table
from bot.render.layout import Subject, choice_of
from engine.games.hobbit.actions import DISCARD
from engine.games.hobbit.cards import KEY, by_id
from engine.games.hobbit.view import HobbitView

CARD = "card"
"""The choice a card's **Play** stands for (``ChoiceButton`` name); its value the card's id."""
PLAYED = ("move", "play")
"""The tree menus whose first step is a card: a **Play** beside the card opens its branch."""
CONTROLS = 25
"""What a seat's message holds of controls (``bot.board.seat_controls``): a select menu takes
a row of five, a button one place."""
MENUS = 4
"""Select menus in one message (``bot.board.MAX_SELECTS``)."""
ON_CARD = {"play_treasury": "card", "smaug_attack": "push", "skip_move_card": "card"}
"""Buttons that act with one card, and the field naming it: each stands beside its card."""


def card_value(card: str) -> str:
    """A card's id as a choice's value may hold it (``[a-z0-9_.=-]``): ``BH12#1`` → ``bh12.1``."""
    return card.lower().replace("#", ".")


def card_of_value(value: str) -> str:
    return value.upper().replace(".", "#")


def played_with_menu(table: Table) -> dict[str, tuple[str, list[dict[str, Any]]]]:
    """Each card of the seat's legal actions that a tree menu plays: its menu and its actions."""
    found: dict[str, tuple[str, list[dict[str, Any]]]] = {}
    for tree in PLAYED:
        for action in table.actions:
            if action.get("kind") in TREES[tree]:
                card = str(action["card"])
                found.setdefault(card, (tree, []))[1].append(action)
    return found


def card_choices(table: Table, seat: int, menus: int) -> list[ChoiceLook]:
    """A **Play** for each card a menu plays, in the order the seat holds them, as many as the
    message has places left beside its ``menus`` select menus and its buttons (the rest are
    played from the menu alone)."""
    if table.seat != seat or not table.active:
        return []
    buttons = button_actions(table, seat, list(table.actions))
    room = CONTROLS - 5 * min(menus, MENUS) - len(buttons)
    cards = list(played_with_menu(table))
    look = ButtonLook(t(table.lang, "hobbit.subject.play"))
    return [ChoiceLook(CARD, card_value(card), look) for card in cards[: max(room, 0)]]


def read_card(table: Table, seat: int, value: str) -> str | Focus | None:
    """A card's **Play**: the card's only play at once, else the seat's menu narrowed to it;
    ``None`` when the card has no play now (the position moved on)."""
    card = card_of_value(value)
    found = played_with_menu(table).get(card)
    if found is None:
        return None
    tree, actions = found
    if len(actions) == 1:
        return typed(actions[0])
    return Focus(f"{tree} {card}")


def seat_subjects(table: Table, seat: int) -> list[Subject]:
    """The seat's hand, its Key, its face-up movement cards in phase 1 and the trade offer it
    is party to, each with the buttons that act on it."""
    if table.seat != seat:
        return []
    lang = table.lang
    view: HobbitView = table.view
    mine = view.seats[seat]
    buttons = button_actions(table, seat, list(table.actions)) if table.active else []
    menu = played_with_menu(table) if table.active else {}

    def on(card: str) -> tuple[dict[str, Any], ...]:
        acts = [a for a in buttons if str(a.get(ON_CARD.get(str(a.get("kind")), ""), "")) == card]
        if card in menu:
            acts.append(choice_of(CARD, card_value(card)))
        return tuple(acts)

    hand = by_id(mine.hand.cards or ())
    found = [Subject(f"**{t(lang, 'hobbit.private.hand', count=len(hand))}**")]
    found += [Subject(f"**{card_name(lang, c)}** — {card_about(lang, c)}", on(c)) for c in hand]
    if not hand:
        found.append(Subject(t(lang, "hobbit.private.empty")))
    if mine.key:
        door = tuple(a for a in buttons if a.get("kind") == "open_door")
        found.append(Subject(f"{KEY_MARK} **{card_name(lang, KEY)}** — {t(lang, 'hobbit.about.key')}", door))
    if view.phase == "p1" and any(on(card) for card, up in mine.move_cards if up):
        found += [
            Subject(f"**{card_name(lang, card)}** — {card_about(lang, card)}", on(card))
            for card, up in mine.move_cards
            if up
        ]
    offer = table.private.get("offer") if isinstance(table.private, dict) else None
    if isinstance(offer, dict):
        answers = [a for a in buttons if a.get("kind") == "trade_accept"]
        answers += [a for a in buttons if a.get("kind") == "trade_decline"]
        heading = t(lang, "hobbit.private.offer")
        found.append(Subject(f"**{heading}**\n{offer_text(table, offer, seat)}", tuple(answers)))
    return found


def board_subjects(table: Table) -> list[Subject]:
    """The public decision's things: the decks to draw from, the figures an adventure may
    affect, the dwarves the Scouting die may move and the Scouting card."""
    view: HobbitView | None = table.public_view()
    if view is None or view.decision is None or not table.offered:
        return []
    lang = table.lang
    offered: list[dict[str, Any]] = []
    for seat, legal in sorted(table.offered.items()):
        offered += [a for a in button_actions(table, seat, list(legal)) if a not in offered]
    d = view.decision
    places = {f.id: f for f in view.figures}

    def figure(figure_id: str) -> str:
        f = places[figure_id]
        return figure_place(lang, f.id, f.pos, f.entangled)

    if d.kind == "p3":
        return [
            Subject(
                f"{DECK_MARKS[name]} {deck_name(lang, name)} {deck.count}",
                tuple(a for a in offered if a.get("kind") == "draw" and str(a["deck"]).lower() == name),
            )
            for name, deck in view.decks.items()
            if any(a.get("kind") == "draw" and str(a["deck"]).lower() == name for a in offered)
        ]
    if d.kind == "target":
        return [
            Subject(
                figure(f), tuple(a for a in offered if a.get("kind") == "choose_target" and a["figure"] == f)
            )
            for f in d.options
            if f in places
        ]
    if d.kind == "scout":
        scouts = [a for a in offered if a.get("kind") == "scout_choose"]
        found = [Subject(figure(str(a["dwarf"])), (a,)) for a in scouts if a["dwarf"] in places]
        found += [
            Subject(f"🔭 **{card_name(lang, d.card or '')}**", (a,)) for a in scouts if a["dwarf"] == DISCARD
        ]
        return found
    return []
