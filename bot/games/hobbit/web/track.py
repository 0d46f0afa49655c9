"""The track as page elements: 50 spaces in five rows of ten, read as a page is (the keyboard,
a screen reader and the eye meet the spaces in one order), and a row off the track for
Smaug's lair and Gandalf's four stops. Every space and piece says what it is in words, for a
pointer's hover, a keyboard's focus and a screen reader.

Drawn from the public view alone (figures, Smaug, the ring, the door, Gandalf): every audience
sees the same track. What a seat may do with a figure (a target to choose, a dwarf the Scouting
die moves) is added by ``bot.games.hobbit.web.controls``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.games.hobbit.pictures import COLUMNS, smaug_entering
from bot.games.hobbit.words import colour_name, figure_name, stop_name
from bot.i18n import t
from bot.render import Table
from engine.games.hobbit.board import BILBO, GANDALF_STOPS, KEY_SPACE, kind
from engine.games.hobbit.data import BOARD
from engine.games.hobbit.view import HobbitView

OFF_TRACK = -(-BOARD.size // COLUMNS)
"""The grid's row below the track: the lair and Gandalf's stops."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A token on a space: a figure, Smaug, the ring."""

    key: str
    """``R1`` … ``Bilbo``, ``smaug``, ``ring``, ``gandalf``."""
    mark: str
    """What the token shows: ``R1``, ``B`` (Bilbo), ``🐉``."""
    css: str
    about: str
    """What it is, in words (its hover text and label)."""
    action: dict[str, Any] | None = None
    """The seat's move when the token is clicked (a target, a Scouting dwarf)."""


@dataclass(frozen=True, slots=True)
class Cell:
    key: str
    row: int
    col: int
    number: str
    css: str
    about: str
    pieces: list[Piece] = field(default_factory=list)


def place(space: int) -> tuple[int, int]:
    """A space's row and column on the grid."""
    row, column = divmod(space, COLUMNS)
    return row, column


def _figure_about(table: Table, view: HobbitView, figure: str, entangled: bool) -> str:
    lang = table.lang
    if figure == BILBO:
        ring = "yes" if view.ring == "bilbo" else "no"
        return t(lang, "hobbit.web.piece.bilbo", ring=ring)
    owner = next((s for s in view.seats if s.colour == figure[0]), None)
    player = table.name(owner.seat) if owner is not None else ""
    return t(
        lang,
        "hobbit.web.piece.dwarf",
        figure=figure,
        colour=colour_name(lang, figure[0]),
        player=player,
        entangled="yes" if entangled else "no",
    )


def cells(table: Table, targets: dict[str, dict[str, Any]]) -> list[Cell]:
    """Every space of the track and the row off it, with its pieces. ``targets``: the seat's
    moves made by clicking a figure (figure id → action)."""
    lang = table.lang
    view: HobbitView = table.public_view()
    entering = set(smaug_entering(view))
    found: list[Cell] = []
    for space in range(BOARD.size):
        row, col = place(space)
        what = kind(space)
        css = f"space k-{what.lower()}" + (" smaug-path" if space in entering else "")
        told = [t(lang, "hobbit.web.space", space=space, what=t(lang, f"hobbit.legend.{what.lower()}"))]
        if space == KEY_SPACE:
            told.append(t(lang, "hobbit.legend.door_open" if view.door_open else "hobbit.legend.door_locked"))
        if space in entering:
            told.append(t(lang, "hobbit.legend.smaug_path"))
        found.append(Cell(f"space{space}", row, col, str(space), css, " · ".join(told)))
    for figure in view.figures:
        if figure.pos is None:
            continue
        mark = "B" if figure.id == BILBO else figure.id
        css = "fig " + (
            "bilbo" + (" ring" if view.ring == "bilbo" else "") if figure.id == BILBO else f"c-{figure.id[0]}"
        )
        if figure.entangled:
            css += " tangled"
        about = _figure_about(table, view, figure.id, figure.entangled)
        found[figure.pos].pieces.append(Piece(figure.id, mark, css, about, targets.get(figure.id)))
    if view.smaug is not None:
        found[view.smaug].pieces.append(Piece("smaug", "🐉", "smaug", t(lang, "hobbit.legend.smaug")))
    if isinstance(view.ring, int):
        found[view.ring].pieces.append(Piece("ring", "💍", "ring", t(lang, "hobbit.legend.ring")))
    lair = Cell(
        "lair", OFF_TRACK, 0, t(lang, "hobbit.picture.lair"), "space lair", t(lang, "hobbit.legend.lair")
    )
    if view.smaug is None:
        lair.pieces.append(Piece("smaug", "🐉", "smaug", t(lang, "hobbit.legend.smaug")))
    found.append(lair)
    for index, stop in enumerate(GANDALF_STOPS):
        said = t(
            lang, "hobbit.web.stop", stop=stop_name(lang, stop), does=t(lang, f"hobbit.stop_does.{stop}")
        )
        letter = f"{t(lang, 'hobbit.picture.gandalf_letter')}{index + 1}"
        cell = Cell(f"stop{index}", OFF_TRACK, index + 1, letter, "space stop", said)
        if view.gandalf == stop:
            cell.pieces.append(Piece("gandalf", "🧙", "gandalf", t(lang, "hobbit.legend.gandalf")))
        found.append(cell)
    if view.ring == "treasury":
        found.append(
            Cell(
                "treasury-ring",
                OFF_TRACK,
                len(GANDALF_STOPS) + 1,
                "",
                "space stop",
                t(lang, "hobbit.legend.ring_treasury"),
                [Piece("ring", "💍", "ring", t(lang, "hobbit.legend.ring_treasury"))],
            )
        )
    return found


def dead(table: Table) -> list[str]:
    """The dead figures, by name."""
    view: HobbitView = table.public_view()
    return [figure_name(table.lang, f.id) for f in view.figures if f.pos is None]
