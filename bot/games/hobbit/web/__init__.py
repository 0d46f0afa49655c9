"""Hobbit's board on the web: the track as page elements with every figure, Smaug, Gandalf,
the ring and the door; on a seat's page its hand as cards and the controls of its moves
(``controls``), put together by clicks in ``static/hobbit.js`` where a move takes several."""

from __future__ import annotations

from markupsafe import Markup

from bot.games.hobbit.web.board import context
from bot.render import Table
from bot.web.boards import Pictures, WebBoard
from bot.web.templating import render

KEY = "hobbit"


class HobbitWebBoard(WebBoard):
    key = KEY
    script = f"{KEY}.js"
    style = f"{KEY}.css"

    def board(self, table: Table, pictures: Pictures) -> Markup:
        return render("hobbit/board.html", **context(table))


WEB_BOARD = HobbitWebBoard()

__all__ = ["WEB_BOARD", "HobbitWebBoard"]
