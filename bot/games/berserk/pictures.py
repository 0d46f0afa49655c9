"""The Berserk field as a picture (PNG bytes) and as monospace text, drawn from a
``BerserkView``.

The 5 × 6 field is drawn with the reader's own home row at the bottom (P1's for the public
board), its two halves a little apart. Each creature is a card in its seat's colour with its
name, its strike as displayed (green above the printed one, red below), its life left, its
counters and poison, and its moves left on the active player's side; a closed creature's card
is grey and hatched. An arrow shows the strike or ability on top of the stack. A strip above
and below names each side, and the legend under the field names every symbol.

Everything drawn comes from the view, so the public picture shows what both players know and
nothing else; words come from the caller (its catalogue), as ``Words``. Text is set in Roboto,
which has Cyrillic.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.render.drawing import SEAT_RGB, Legend, fit_text, font, png
from engine.games.berserk import board
from engine.games.berserk.cards import CARDS
from engine.games.berserk.view import BerserkView, UnitView

CELL_W = 132
CELL_H = 112
LABEL = 28
PAD = 12
STRIP = 40
GAP = 10
"""Between the two halves of the field."""
INSET = 4
LEGEND_ROW = 38
LEGEND_ICON = 22
LEGEND_COLUMN = 330
LEGEND_FONT = 15
WIDTH = LABEL + len(board.COLUMNS) * CELL_W + PAD
FIELD_TOP = STRIP + LABEL
FIELD_HEIGHT = 6 * CELL_H + GAP

Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]

BACKGROUND: Colour = (250, 248, 242)
GROUND: Colour = (236, 231, 216)
GRID: Colour = (196, 188, 170)
INK: Colour = (35, 35, 35)
WHITE: Colour = (255, 255, 255)
SEAT_COLOURS: tuple[Colour, Colour] = (SEAT_RGB[0], SEAT_RGB[1])
SEAT_TINTS: tuple[Colour, Colour] = ((222, 232, 255), (255, 232, 212))
CLOSED_FILL: Colour = (196, 196, 196)
CLOSED_HATCH: Colour = (168, 168, 168)
HEART: Colour = (200, 30, 45)
HURT: Colour = (190, 20, 30)
RAISED: Colour = (20, 130, 40)
LOWERED: Colour = (190, 20, 30)
COUNTER: Colour = (120, 70, 190)
POISON: Colour = (60, 150, 40)
MOVES: Colour = (90, 90, 90)
STRIKE_ARROW: Colour = (210, 25, 25)
ABILITY_ARROW: Colour = (140, 60, 200)

LEGEND: tuple[str, ...] = (
    "seat0",
    "seat1",
    "strike",
    "life",
    "counters",
    "poison",
    "moves",
    "closed",
    "arrow",
)
"""What the legend names, in order: each is a key of ``Words.legend``."""
LEGEND_LAYOUT = Legend(LEGEND_COLUMN, LEGEND_ROW, LEGEND_ICON, LEGEND_FONT, 14, PAD, INK, GRID)


@dataclass(frozen=True, slots=True)
class Words:
    """The picture's words in the reader's language: each creature's name (by uid), the text
    of each seat's strip, and the legend (``LEGEND`` key → words; none: no legend)."""

    names: Mapping[str, str] = field(default_factory=dict)
    strips: tuple[str, str] = ("", "")
    """By seat."""
    legend: Mapping[str, str] = field(default_factory=dict)


def bottom_seat(view: BerserkView) -> int:
    """The seat whose home row is drawn at the bottom: the reader's, else P1's."""
    if view.seat in (0, 1):
        return view.seat
    return view.first if view.first is not None else 0


def rows_top_down(view: BerserkView) -> list[int]:
    """The rows from the top of the picture down: the bottom seat's home row last."""
    p1_below = view.sides[bottom_seat(view)].role != "P2"
    return list(reversed(board.ROWS)) if p1_below else list(board.ROWS)


def render_field(view: BerserkView, words: Words = Words()) -> bytes:
    """The field as PNG bytes, with the strips and the legend."""
    legend = _legend_height(words)
    height = FIELD_TOP + FIELD_HEIGHT + LABEL + STRIP + legend
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    rows = rows_top_down(view)
    below = bottom_seat(view)
    _strip(draw, 0, words.strips[1 - below], 1 - below)
    _strip(draw, FIELD_TOP + FIELD_HEIGHT + LABEL, words.strips[below], below)
    _labels(draw, rows)
    for row in rows:
        for col in board.COLUMNS:
            x, y = _cell_box(rows, f"{col}{row}")
            draw.rectangle((x, y, x + CELL_W, y + CELL_H), fill=GROUND, outline=GRID)
    for unit in view.field:
        if unit.cell is not None:
            _creature(draw, _cell_box(rows, unit.cell), unit, words.names.get(unit.uid, unit.name), view)
    _stack_arrow(image, view, rows)
    _legend(ImageDraw.Draw(image), FIELD_TOP + FIELD_HEIGHT + LABEL + STRIP, words)
    return png(image)


def _cell_box(rows: list[int], cell: str) -> tuple[int, int]:
    col, row = board.coords(cell)
    index = rows.index(row)
    return LABEL + col * CELL_W, FIELD_TOP + index * CELL_H + (GAP if index >= 3 else 0)


def _centre(rows: list[int], cell: str) -> tuple[int, int]:
    x, y = _cell_box(rows, cell)
    return x + CELL_W // 2, y + CELL_H // 2


def _strip(draw: ImageDraw.ImageDraw, top: int, text: str, seat: int) -> None:
    middle = top + STRIP // 2
    draw.ellipse((PAD, middle - 9, PAD + 18, middle + 9), fill=SEAT_COLOURS[seat], outline=WHITE)
    face = font(17, bold=True)
    draw.text(
        (PAD + 28, middle), fit_text(draw, text, WIDTH - PAD - 40, face), fill=INK, font=face, anchor="lm"
    )


def _labels(draw: ImageDraw.ImageDraw, rows: list[int]) -> None:
    face = font(15, bold=True)
    for i, col in enumerate(board.COLUMNS):
        x = LABEL + i * CELL_W + CELL_W // 2
        draw.text((x, FIELD_TOP - LABEL // 2), col, fill=INK, font=face, anchor="mm")
        draw.text((x, FIELD_TOP + FIELD_HEIGHT + LABEL // 2), col, fill=INK, font=face, anchor="mm")
    for index, row in enumerate(rows):
        y = FIELD_TOP + index * CELL_H + (GAP if index >= 3 else 0) + CELL_H // 2
        draw.text((LABEL // 2, y), str(row), fill=INK, font=face, anchor="mm")


def _creature(
    draw: ImageDraw.ImageDraw, corner: tuple[int, int], unit: UnitView, name: str, view: BerserkView
) -> None:
    x, y = corner
    box = (x + INSET, y + INSET, x + CELL_W - INSET, y + CELL_H - INSET)
    _card(draw, box, unit.seat, unit.closed)
    left, top, right, bottom = box
    width = right - left - 12
    draw.text(
        (left + 6, top + 5),
        fit_text(draw, name, width, font(15, bold=True)),
        fill=INK,
        font=font(15, bold=True),
    )
    printed = CARDS[unit.card].strike
    shown = "-".join(map(str, unit.strike))
    raw = sum(unit.raw_strike) - sum(printed)
    strike_ink = RAISED if raw > 0 else LOWERED if raw < 0 else INK
    big = font(19, bold=True)
    _sword(draw, (left + 6, top + 30, left + 26, top + 50))
    draw.text((left + 32, top + 40), shown, fill=strike_ink, font=big, anchor="lm")
    _heart(draw, (left + 6, top + 56, left + 26, top + 76))
    life = f"{unit.life - unit.wounds}/{unit.life}"
    draw.text((left + 32, top + 66), life, fill=HURT if unit.wounds else INK, font=big, anchor="lm")
    marks: list[tuple[Callable[[ImageDraw.ImageDraw, Box], None], str]] = []
    if unit.counters:
        marks.append((_counter, str(unit.counters)))
    if unit.poison:
        marks.append((_drop, str(unit.poison)))
    if unit.seat == view.active and unit.moves and not unit.closed:
        marks.append((_moves, str(unit.moves)))
    small = font(16, bold=True)
    at = left + 6
    for icon, text in marks:
        icon(draw, (at, bottom - 22, at + 16, bottom - 6))
        draw.text((at + 20, bottom - 14), text, fill=INK, font=small, anchor="lm")
        at += 24 + int(draw.textlength(text, font=small)) + 8


def _card(draw: ImageDraw.ImageDraw, box: Box, seat: int, closed: bool) -> None:
    """A creature's card: its seat's tint, or grey and hatched while it is closed."""
    draw.rounded_rectangle(box, radius=8, fill=CLOSED_FILL if closed else SEAT_TINTS[seat])
    if closed:
        _hatch(draw, box)
    draw.rounded_rectangle(box, radius=8, outline=SEAT_COLOURS[seat], width=4)


def _hatch(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """Diagonal lines across ``box``, each cut at its sides."""
    left, top, right, bottom = box
    height = bottom - top
    for k in range(-height, right - left, 14):
        x0, y0, x1, y1 = left + k, bottom, left + k + height, top
        if x0 < left:
            y0, x0 = y0 - (left - x0), left
        if x1 > right:
            y1, x1 = y1 + (x1 - right), right
        if x0 < x1:
            draw.line((x0, y0, x1, y1), fill=CLOSED_HATCH, width=2)


def _sword(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x, y, x1, y1 = box
    draw.line((x + 3, y1 - 3, x1 - 2, y + 2), fill=INK, width=3)
    draw.line((x + 3, y1 - 11, x + 11, y1 - 3), fill=INK, width=3)


def _heart(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x, y, x1, y1 = box
    w = x1 - x
    r = w // 4
    draw.ellipse((x, y + 2, x + 2 * r + 1, y + 2 + 2 * r + 1), fill=HEART)
    draw.ellipse((x1 - 2 * r - 1, y + 2, x1, y + 2 + 2 * r + 1), fill=HEART)
    draw.polygon([(x, y + 2 + r + 1), (x1, y + 2 + r + 1), ((x + x1) // 2, y1)], fill=HEART)


def _counter(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x, y, x1, y1 = box
    cx, cy = (x + x1) // 2, (y + y1) // 2
    draw.polygon([(cx, y), (x1, cy), (cx, y1), (x, cy)], fill=COUNTER)


def _drop(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x, y, x1, y1 = box
    cx = (x + x1) // 2
    r = (x1 - x) * 2 // 5
    draw.polygon([(cx, y), (cx - r, y1 - r), (cx + r, y1 - r)], fill=POISON)
    draw.ellipse((cx - r, y1 - 2 * r, cx + r, y1), fill=POISON)


def _moves(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x, y, x1, y1 = box
    cy = (y + y1) // 2
    draw.line((x, cy, x1 - 4, cy), fill=MOVES, width=3)
    draw.polygon([(x1, cy), (x1 - 7, cy - 6), (x1 - 7, cy + 6)], fill=MOVES)


def _closed_icon(draw: ImageDraw.ImageDraw, box: Box) -> None:
    _card(draw, box, 0, True)


def _stack_arrow(image: Image.Image, view: BerserkView, rows: list[int]) -> None:
    """An arrow from the source of the stack's top item to its target, both on the field."""
    if not view.stack:
        return
    top = view.stack[-1]
    cells = {u.uid: u.cell for u in view.field if u.cell is not None}
    source = cells.get(top.source)
    target = cells.get(top.targets[0]) if top.targets else None
    if source is None or target is None or source == target:
        return
    colour = STRIKE_ARROW if top.kind == "strike" else ABILITY_ARROW
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    _arrow(ImageDraw.Draw(overlay), _centre(rows, source), _centre(rows, target), (*colour, 190))
    image.paste(Image.alpha_composite(image.convert("RGBA"), overlay).convert("RGB"))


def _arrow(
    draw: ImageDraw.ImageDraw,
    start: tuple[int, int],
    end: tuple[int, int],
    colour: tuple[int, ...],
    *,
    margin: int = 34,
) -> None:
    """An arrow between two points, ``margin`` short of each, so the numbers it points at stay
    readable."""
    (x0, y0), (x1, y1) = start, end
    angle = math.atan2(y1 - y0, x1 - x0)
    dx, dy = math.cos(angle), math.sin(angle)
    tail = (x0 + margin * dx, y0 + margin * dy)
    tip = (x1 - margin * dx, y1 - margin * dy)
    base = (tip[0] - 14 * dx, tip[1] - 14 * dy)
    draw.line((*tail, *base), fill=colour, width=6)
    draw.polygon(
        [tip, (base[0] - 9 * dy, base[1] + 9 * dx), (base[0] + 9 * dy, base[1] - 9 * dx)], fill=colour
    )


# -- the legend ---------------------------------------------------------------------------------
def _legend_entries(words: Words) -> list[tuple[str, str]]:
    return [(key, words.legend.get(key, "")) for key in LEGEND] if words.legend else []


def _legend_height(words: Words) -> int:
    return LEGEND_LAYOUT.height(len(_legend_entries(words)), WIDTH)


def _legend_icon(draw: ImageDraw.ImageDraw, key: str, box: Box) -> None:
    x, y, x1, y1 = box
    icons: dict[str, Callable[[ImageDraw.ImageDraw, Box], None]] = {
        "strike": _sword,
        "life": _heart,
        "counters": _counter,
        "poison": _drop,
        "moves": _moves,
        "closed": _closed_icon,
    }
    if key in icons:
        icons[key](draw, box)
    elif key in ("seat0", "seat1"):
        seat = int(key[-1])
        draw.rounded_rectangle(box, radius=4, fill=SEAT_TINTS[seat], outline=SEAT_COLOURS[seat], width=3)
    elif key == "arrow":
        _arrow(draw, (x, (y + y1) // 2), (x1, (y + y1) // 2), (*STRIKE_ARROW, 255), margin=0)


def _legend(draw: ImageDraw.ImageDraw, top: int, words: Words) -> None:
    LEGEND_LAYOUT.draw(draw, top, WIDTH, _legend_entries(words), _legend_icon)


# -- text ---------------------------------------------------------------------------------------
TAG = 4
"""Letters of a creature's name in the text grid."""
CLOSED_MARK = "*"


def tag(unit: UnitView, name: str) -> str:
    """Four letters of the name: upper case for the first seat, lower case for the second;
    ``*`` when closed."""
    short = "".join(ch for ch in name if ch.isalpha())[:TAG] or "?"
    return (short.upper() if unit.seat == 0 else short.lower()) + (CLOSED_MARK if unit.closed else "")


def text_field(view: BerserkView, names: Mapping[str, str]) -> str:
    """The field as a monospace grid, in the picture's orientation, the halves apart."""
    rows = rows_top_down(view)
    by_cell = {u.cell: u for u in view.field if u.cell is not None}
    width = TAG + 3
    lines = ["    " + "".join(f"{c:<{width}}" for c in board.COLUMNS).rstrip()]
    for index, row in enumerate(rows):
        if index == 3:
            lines.append("    " + "-" * (width * len(board.COLUMNS) - 2))
        cells = []
        for col in board.COLUMNS:
            unit = by_cell.get(f"{col}{row}")
            cells.append(f"{tag(unit, names.get(unit.uid, unit.name)) if unit else '.':<{width}}")
        lines.append(f" {row}  " + "".join(cells).rstrip())
    return "\n".join(lines)
