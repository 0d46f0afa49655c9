"""Raid's board on the web table: both maps as grids of cells, the scouts, and for a seat at
play its moves — a placement put together on its own map, a path traced on the other's map, a
zone in a fight, the kit. Drawn from the ``Table`` alone (``board.py``), by the templates of
``templates/``; ``static/raid.js`` assembles the moves made of several clicks."""

from __future__ import annotations

from markupsafe import Markup

from bot.games.raid.pictures import KIND_LETTERS
from bot.games.raid.web.board import BUTTON_CLASSES, board
from bot.render import Table
from bot.web.boards import Pictures, WebBoard
from bot.web.templating import render
from engine.games.raid.data import PLACEMENT_FIELDS

KINDS = tuple((field, kind, KIND_LETTERS[kind]) for kind, field in PLACEMENT_FIELDS.items())
"""The placement's kinds in the form's order: the action's field, the kind, its letter."""
SYMBOLS: dict[str, str] = {**dict(KIND_LETTERS.items()), "scout": "1", "killed": "4", "gone": "A", "met": "X"}
"""What the legend shows for each entry that is a letter (the rest are drawn by the style)."""


class RaidWebBoard(WebBoard):
    key = "raid"
    script = f"{key}.js"  # static/raid.js, static/raid.css
    style = f"{key}.css"

    def board(self, table: Table, pictures: Pictures) -> Markup:
        return render(
            "raid/board.html",
            b=board(table),
            kinds=KINDS,
            classes=BUTTON_CLASSES,
            letters=KIND_LETTERS,
            symbols=SYMBOLS,
        )


WEB_BOARD = RaidWebBoard()
