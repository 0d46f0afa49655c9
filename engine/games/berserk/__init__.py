"""Berserk: a two-player card duel on a 5 × 6 field, with a stack, a trigger queue and
response windows (rules in ``docs/rules/berserk.md``)."""

from engine.core.registry import register
from engine.games.berserk.actions import (
    Activate,
    AssignDefender,
    ChooseDeck,
    ChooseSeat,
    EndTurn,
    Move,
    Muster,
    OrderTriggers,
    Pass,
    Place,
    Recruit,
    Strike,
    TriggerEntry,
)
from engine.games.berserk.cards import CARDS, DECKS, Card, DeckList
from engine.games.berserk.rules import BERSERK, Berserk
from engine.games.berserk.state import BerserkOptions, BerserkState, Creature
from engine.games.berserk.view import BerserkView

register(BERSERK)

__all__ = [
    "BERSERK",
    "CARDS",
    "DECKS",
    "Activate",
    "AssignDefender",
    "Berserk",
    "BerserkOptions",
    "BerserkState",
    "BerserkView",
    "Card",
    "ChooseDeck",
    "ChooseSeat",
    "Creature",
    "DeckList",
    "EndTurn",
    "Move",
    "Muster",
    "OrderTriggers",
    "Pass",
    "Place",
    "Recruit",
    "Strike",
    "TriggerEntry",
]
