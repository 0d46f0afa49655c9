"""Pickomino on a web page: the grill, the dice and the stacks as elements a player points at
and clicks (``board``, ``parts``, the templates and style sheet beside them)."""

from bot.games.pickomino.web.board import PickominoWebBoard

WEB_BOARD = PickominoWebBoard()

__all__ = ["WEB_BOARD"]
