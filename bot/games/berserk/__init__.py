"""Berserk on Discord: the board with the field as a picture, each seat's secret setup by
DM (a recruitment menu, a placement form, Random), menus and buttons for every decision, and
event lines for the board and ``/history``."""

from bot.games.berserk.render import BerserkRenderer

RENDERER = BerserkRenderer()

__all__ = ["RENDERER"]
