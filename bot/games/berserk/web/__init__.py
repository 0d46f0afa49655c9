"""Berserk on a web page: the field as a grid of cells a player points at and clicks, both
sides, the stack and the queue; for a seat, its secrets and its moves — a deck to pick, a
squad to recruit within the budget, the squad to place on the field, and in play a creature
picked on the field, then where it moves, whom it strikes or which ability it uses at whom.
Moves of several clicks are put together by ``static/berserk.js``."""

from __future__ import annotations

from markupsafe import Markup

from bot.games.berserk.web.board import context
from bot.render import Table
from bot.web.boards import Pictures, WebBoard
from bot.web.templating import render


class BerserkWebBoard(WebBoard):
    key = "berserk"
    # named after the game (not spelled out: a quoted "berserk.…" reads as a catalogue key)
    script = f"{key}.js"
    style = f"{key}.css"

    def board(self, table: Table, pictures: Pictures) -> Markup:
        return render("berserk/board.html", **context(table))


WEB_BOARD = BerserkWebBoard()

__all__ = ["WEB_BOARD", "BerserkWebBoard"]
