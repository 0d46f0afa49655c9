"""The things Berserk's moves act on, each with the buttons that act on it beside it
(``bot.render.layout.Subject``): the decks to choose from; each side's creatures on the field
under a heading, with the moves, strikes, abilities and defences they make; the seat's own
reserve with the Muster of each card; the triggers waiting to be declared, each with the
declarations that queue it first.

The public board's subjects are drawn from the public view and the actions offered on it
(``table.offered``); a seat's, from its own view and its own legal actions. Only actions that
are buttons are named (``choices.button_actions``): a choice offered in a menu stays there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.berserk.choices import beside_label, button_actions
from bot.games.berserk.words import (
    SEAT_MARKS,
    ability_name,
    card_name,
    deck_name,
    unit_line,
    unit_name,
)
from bot.i18n import t
from bot.render.base import Table
from bot.render.layout import Subject
from engine.games.berserk.cards import DECKS
from engine.games.berserk.setup import deck_budget
from engine.games.berserk.view import BerserkView, UnitView

ON_A_CREATURE: dict[str, str] = {
    "move": "unit",
    "strike": "attacker",
    "activate": "unit",
    "assign_defender": "unit",
}
"""The actions made by (or with) a creature on the field, and the field naming its cell."""
ON_A_CARD: dict[str, str] = {"muster": "card"}
"""The actions made with a card of the reserve, and the field naming its instance id."""

Concerns = Callable[[dict[str, Any]], bool]


def subjects(table: Table, seat: int | None) -> list[Subject]:
    """The message's subjects in the order they show: on a seat's own message its decks (while
    it chooses one) or its reserve, then both sides' creatures, then the triggers waiting."""
    view: BerserkView | None = table.view
    if view is None or not table.active:
        return []
    buttons = _buttons(table, seat)
    if view.phase == "deck":
        return _decks(table, view, buttons) if seat is not None else []
    if view.phase != "play":
        return []
    found = _reserve(table, view, buttons) if seat is not None else []
    for side in (0, 1):
        found.extend(_creatures(table, view, side, buttons))
    found.extend(_triggers(table, view, buttons))
    return found


def _buttons(table: Table, seat: int | None) -> list[dict[str, Any]]:
    """The actions the message shows as buttons: the seat's own, or on the board those of every
    person the game waits for in public (``table.offered``)."""
    if seat is not None:
        return button_actions(table, seat, list(table.actions))
    shown: list[dict[str, Any]] = []
    for waited, legal in sorted(table.offered.items()):
        shown.extend(a for a in button_actions(table, waited, list(legal)) if a not in shown)
    return shown


def _acting(buttons: list[dict[str, Any]], concerns: Concerns) -> tuple[dict[str, Any], ...]:
    return tuple(action for action in buttons if concerns(action))


def on_cell(cell: str) -> Concerns:
    """Whether an action is made by (or with) the creature on ``cell``."""
    return lambda action: str(action.get(ON_A_CREATURE.get(str(action.get("kind")), ""), "")) == cell


def with_card(uid: str) -> Concerns:
    """Whether an action brings the reserve card ``uid`` onto the field."""
    return lambda action: str(action.get(ON_A_CARD.get(str(action.get("kind")), ""), "")) == uid


def _creatures(table: Table, view: BerserkView, side: int, buttons: list[dict[str, Any]]) -> list[Subject]:
    """A side's heading, then each of its creatures on the field with what it may do now."""
    lang = table.lang
    heading = t(lang, "berserk.board.field", mark=SEAT_MARKS[side], player=table.name(side))
    units: list[UnitView] = [u for u in view.field if u.seat == side]
    if not units:
        return [Subject(f"**{heading}**\n{t(lang, 'berserk.board.no_creatures')}")]
    found = [Subject(f"**{heading}**")]
    for unit in units:
        actions = _acting(buttons, on_cell(unit.cell or ""))
        labels = tuple(beside_label(lang, action, view) for action in actions)
        found.append(Subject(unit_line(lang, view, unit), actions, labels))
    return found


def _reserve(table: Table, view: BerserkView, buttons: list[dict[str, Any]]) -> list[Subject]:
    """The seat's own reserve (a secret of its own message), each card with its Muster."""
    lang = table.lang
    heading = f"**{t(lang, 'berserk.private.reserve')}**"
    reserve = view.own.reserve if view.own is not None else ()
    if not reserve:
        return [Subject(f"{heading}\n{t(lang, 'berserk.private.no_reserve')}")]
    found = [Subject(heading)]
    for unit in reserve:
        actions = _acting(buttons, with_card(unit.uid))
        labels = tuple(beside_label(lang, action, view) for action in actions)
        found.append(Subject(unit_name(lang, view, unit.uid), actions, labels))
    return found


def _triggers(table: Table, view: BerserkView, buttons: list[dict[str, Any]]) -> list[Subject]:
    """The triggers waiting to be declared, each with the declarations that queue it first."""
    if not view.raised:
        return []
    lang = table.lang
    found = [Subject(f"**{t(lang, 'berserk.board.raised')}**")]
    for raised in view.raised:
        text = t(
            lang,
            "berserk.raised",
            ability=ability_name(lang, raised.ability),
            unit=unit_name(lang, view, raised.source),
            optional="yes" if raised.optional else "no",
        )
        actions = _acting(buttons, queued_first(raised.ref))
        found.append(Subject(f"• {text}", actions))
    return found


def queued_first(ref: int) -> Concerns:
    """Whether an action is a declaration that puts the trigger ``ref`` first in the queue."""

    def concerns(action: dict[str, Any]) -> bool:
        entries = action.get("entries") if action.get("kind") == "order_triggers" else None
        return isinstance(entries, list) and bool(entries) and entries[0].get("ref") == ref

    return concerns


def deck(deck_id: str) -> Concerns:
    """Whether an action chooses the deck ``deck_id``."""
    return lambda action: action.get("kind") == "choose_deck" and action.get("deck") == deck_id


def _decks(table: Table, view: BerserkView, buttons: list[dict[str, Any]]) -> list[Subject]:
    """Each deck a seat may choose: its name, what it is, its budget and its cards."""
    lang = table.lang
    found = []
    for deck_id, cards_of in DECKS.items():
        cards = ", ".join(
            card_name(lang, c) + (f" ×{cards_of.copies(c)}" if cards_of.copies(c) > 1 else "")
            for c in dict.fromkeys(cards_of.cards)
        )
        gold, silver = deck_budget(cards_of, view.edition)
        budget = t(lang, "berserk.private.deck_budget", gold=gold, silver=silver)
        about = t(lang, f"berserk.deck.{deck_id}.about")
        text = f"**{deck_id} {deck_name(lang, deck_id)}**\n*{about}*\n{budget}\n{cards}"
        found.append(Subject(text, _acting(buttons, deck(deck_id))))
    return found
