"""Pickomino's web board: the template ``pickomino/board.html`` filled with ``board_parts``."""

from __future__ import annotations

from markupsafe import Markup

from bot.games.pickomino.web.parts import board_parts
from bot.render import Table
from bot.web.boards import Pictures, WebBoard
from bot.web.templating import render


class PickominoWebBoard(WebBoard):
    """Tiles and dice as page elements (no pictures): the grill, the roll, the kept dice and
    every stack; for the seat to act, its tiles and faces are what it clicks."""

    key = "pickomino"
    style = f"{key}.css"

    def board(self, table: Table, pictures: Pictures) -> Markup:
        return render("pickomino/board.html", **board_parts(table))
