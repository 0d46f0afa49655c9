"""Hobbit — The Desolation of Smaug: the cooperative game for 2–4 players (rules H1–H10)."""

from engine.core.registry import register
from engine.games.hobbit.actions import HobbitAction
from engine.games.hobbit.data import BOARD, CARDS
from engine.games.hobbit.rules import HOBBIT, Hobbit
from engine.games.hobbit.state import Figure, HobbitOptions, HobbitState
from engine.games.hobbit.view import HobbitView

register(HOBBIT)

__all__ = [
    "BOARD",
    "CARDS",
    "HOBBIT",
    "Figure",
    "Hobbit",
    "HobbitAction",
    "HobbitOptions",
    "HobbitState",
    "HobbitView",
]
