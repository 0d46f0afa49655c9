"""Hobbit on Discord: the board with the track as a picture, each player's hand by DM with
the menus and buttons of his decisions (fights, trades, windows, Dwarf Gold at any time), the
``/hobbit autopass`` setting, and event lines for the board and ``/history``."""

from bot.games.hobbit.render import HobbitRenderer

RENDERER = HobbitRenderer()

__all__ = ["RENDERER"]
