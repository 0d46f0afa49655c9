"""Hobbit on Discord: its words (``en.ftl``, ``ru.ftl``); the board is drawn by the generic
renderer until the game has one of its own."""

from bot.render import GENERIC

RENDERER = GENERIC

__all__ = ["RENDERER"]
