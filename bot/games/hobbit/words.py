"""Hobbit in the reader's words: cards (by instance id, with the numbers the rules play), what
each card does, figures, seats, decks, spaces and Gandalf's stops. Every number a card's
words state comes from the card data, so a text never tells other numbers than the game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.i18n import t
from bot.render import Table
from engine.games.hobbit.board import BILBO, GANDALF_STOPS, kind
from engine.games.hobbit.cards import INSTANCES, KEY, NONE, by_id, type_of
from engine.games.hobbit.data import (
    Arrow,
    Backward,
    Crown,
    DwarfGold,
    Enemy,
    FightCard,
    Passage,
    Reduce,
    SmaugCard,
    Sorrow,
    StepCard,
    Web,
)
from engine.games.hobbit.view import HobbitView

COLOUR_MARKS = {"R": "🔴", "Y": "🟡", "B": "🔵", "G": "🟢"}
"""Each colour's mark, as its dwarves are drawn in the pictures."""
RING_MARK = "💍"
SMAUG_MARK = "🐉"
KEY_MARK = "🗝️"
DEAD_MARK = "✝️"
WEB_MARK = "🕸️"
DECK_MARKS = {"beorn": "🐻", "esgaroth": "🏘️", "treasury": "💰", "mirkwood": "🌲", "erebor": "⛰️"}


def card_name(lang: str, instance: str) -> str:
    """A card as players know it: ``Beorn 6``, ``Bard 4/5``, ``Giant spider 14``, ``Smaug hunts
    2 +1``, ``Golden Cup``; a movement card ``Move 3``; Thorin's Key; nothing."""
    if instance == KEY:
        return t(lang, "hobbit.card.key")
    if instance == NONE:
        return t(lang, "hobbit.card.nothing")
    if instance.startswith("MV-"):
        return t(lang, "hobbit.card.move", value=int(instance.rsplit("-", 1)[1]))
    card = INSTANCES.get(instance)
    if card is None:
        return instance
    name = t(lang, f"hobbit.card.{type_of(instance)}")
    if isinstance(card, FightCard):
        return f"{name} {'/'.join(map(str, card.values))}"
    if isinstance(card, Enemy):
        return f"{name} {card.strength}"
    if isinstance(card, SmaugCard):
        return f"{name} {card.base} +{card.bonus}"
    return name


def card_names(lang: str, cards: Iterable[str]) -> str:
    """Cards in id order, ``, ``-separated; ``nothing`` for none."""
    found = [card_name(lang, c) for c in by_id(cards)]
    return ", ".join(found) if found else t(lang, "hobbit.card.nothing")


def card_about(lang: str, instance: str) -> str:
    """What a card does, in one short line, with its own numbers."""
    if instance.startswith("MV-"):
        return t(lang, "hobbit.about.move_card", value=int(instance.rsplit("-", 1)[1]))
    card = INSTANCES.get(instance)
    if card is None:
        return ""
    params: dict[str, object] = {}
    if isinstance(card, StepCard):
        params["steps"] = card.steps
    elif isinstance(card, FightCard):
        params["value"] = "/".join(map(str, card.values))
    elif isinstance(card, SmaugCard):
        params |= {"base": card.base, "bonus": card.bonus}
    elif isinstance(card, Reduce):
        params["amount"] = card.amount
    elif isinstance(card, Crown):
        params["extra"] = card.extra
    elif isinstance(card, DwarfGold):
        params["steps"] = card.steps
    elif isinstance(card, Arrow):
        params["hit"] = card.hit_from
    elif isinstance(card, Enemy):
        params["strength"] = card.strength
        params["chain"] = "yes" if card.chain else "no"
    elif isinstance(card, Web):
        params["colours"] = "/".join(colour_name(lang, c) for c in card.colours)
    elif isinstance(card, Sorrow):
        params |= {"discards": card.discards, "whole": card.whole_hand_from}
    elif isinstance(card, Backward):
        params["steps"] = card.back
    elif isinstance(card, Passage):
        params["steps"] = card.forward
    return t(lang, f"hobbit.about.{card.kind}", **params)


def colour_name(lang: str, colour: str) -> str:
    return t(lang, f"hobbit.colour.{colour}")


def figure_name(lang: str, figure: str) -> str:
    """``🔴R1`` for a dwarf (its id as typed), Bilbo by name."""
    if figure == BILBO:
        return t(lang, "hobbit.bilbo")
    return COLOUR_MARKS.get(figure[:1], "") + figure


def seat_name(table: Table, seat: int) -> str:
    """A seat in an embed: its colour's mark and the player's mention."""
    view: HobbitView = table.public_view()
    colour = view.seats[seat].colour if seat < len(view.seats) else ""
    return f"{COLOUR_MARKS.get(colour, '')} {table.mention(seat)}".strip()


def plain_seat(table: Table, seat: int) -> str:
    """A seat as a picture or a menu names it: its colour's mark and the player's name."""
    view: HobbitView = table.public_view()
    colour = view.seats[seat].colour if seat < len(view.seats) else ""
    return f"{COLOUR_MARKS.get(colour, '')} {table.name(seat)}".strip()


def deck_name(lang: str, deck: str) -> str:
    return t(lang, f"hobbit.deck.{deck.lower()}")


def stop_name(lang: str, stop: str | int) -> str:
    name = GANDALF_STOPS[stop] if isinstance(stop, int) else stop
    return t(lang, f"hobbit.stop.{name}")


def space_kind(lang: str, space: int) -> str:
    return t(lang, f"hobbit.space.{kind(space)}")


def space_name(lang: str, space: int | None) -> str:
    """``35 (Erebor)``; Smaug's lair for ``None``."""
    if space is None:
        return t(lang, "hobbit.lair")
    if kind(space) == "PLAIN":
        return str(space)
    return f"{space} ({space_kind(lang, space)})"


def smaug_place(lang: str, space: int | None) -> str:
    return t(lang, "hobbit.lair") if space is None else str(space)


def ring_words(lang: str, ring: object) -> str:
    """Where the ring is: on Bilbo, lying on a space, in the Treasury."""
    if ring == "bilbo":
        return t(lang, "hobbit.ring.bilbo")
    if ring == "treasury":
        return t(lang, "hobbit.ring.treasury")
    return t(lang, "hobbit.ring.lying", space=str(ring))


def figure_place(lang: str, figure: str, pos: int | None, entangled: bool) -> str:
    """``🔴R1 8``, ``🔴R2 14 🕸️``, ``🔴R2 ✝️``."""
    if pos is None:
        return t(lang, "hobbit.figure.dead", figure=figure_name(lang, figure))
    return f"{figure_name(lang, figure)} {pos}" + (f" {WEB_MARK}" if entangled else "")


def offer_text(table: Table, offer: dict[str, Any], seat: int) -> str:
    """A trade offer the seat is party to (its private view's ``offer``), as that seat reads it."""
    lang = table.lang
    give, price = str(offer["give"]), [str(c) for c in offer["price"]]
    key = "hobbit.private.offer_to" if offer["from"] == seat else "hobbit.private.offer_from"
    other = offer["to"] if offer["from"] == seat else offer["from"]
    return t(
        lang,
        key,
        player=seat_name(table, int(other)),
        give=card_name(lang, give),
        price=card_names(lang, price),
    )
