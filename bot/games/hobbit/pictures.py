"""Hobbit's track as a picture (PNG bytes) and as monospace text, drawn from a ``HobbitView``.

The picture is the track of 50 spaces in five rows of ten, each row running back the way the
last came (so neighbours stay neighbours), every space tinted and lettered by its kind. On it:
every living figure — the dwarves as discs of their colour, Bilbo with or without his ring —
entangled dwarves under a web, Smaug (his lair off the track beside the gate), the lost ring,
the door after space 44, and during a Smaug window the spaces he will enter if nobody stops
him. Under the track: the dead, the lair, the enemies lying face up on their decks, Gandalf's
path with Gandalf on his stop, and a legend naming every symbol.

Everything drawn comes from the view's public part, so every seat's picture is the spectator's
and two games that differ only in hidden cards give identical bytes. Words come from the
caller's message catalogue (``Words``); the letters of the kinds are the terminal's
(``engine.games.hobbit.text.STRIP``), so the text form reads the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.render.drawing import Box, Legend, fit_text, font, png
from engine.games.hobbit.board import (
    BILBO,
    FIGURE_ORDER,
    GANDALF_STOPS,
    KEY_SPACE,
    SMAUG_PATH,
    kind,
    toward_esgaroth,
)
from engine.games.hobbit.data import BOARD
from engine.games.hobbit.state import Figure
from engine.games.hobbit.text import STRIP
from engine.games.hobbit.view import HobbitView

Colour = tuple[int, int, int]

COLUMNS = 10
ROWS = -(-BOARD.size // COLUMNS)
CELL_W = 72
CELL_H = 80
GAP_X = 4
GAP_Y = 26
MARGIN = 16
HEADER = 40
WIDTH = 2 * MARGIN + COLUMNS * CELL_W + (COLUMNS - 1) * GAP_X
TRACK_HEIGHT = ROWS * CELL_H + (ROWS - 1) * GAP_Y
PIECES_TOP = HEADER + TRACK_HEIGHT + 18
PIECES_HEIGHT = 64
STOPS_TOP = PIECES_TOP + PIECES_HEIGHT + 14
STOPS_HEIGHT = 52
LEGEND_TOP = STOPS_TOP + STOPS_HEIGHT + 12
DISC = 11
"""A figure's radius alone or with a few others on a space: large enough to read on a phone."""

BACKGROUND: Colour = (250, 248, 242)
INK: Colour = (35, 35, 35)
GRID: Colour = (190, 182, 165)
WHITE: Colour = (255, 255, 255)
PATH: Colour = (205, 198, 182)
SMAUG: Colour = (200, 30, 30)
RING: Colour = (222, 170, 20)
WEB: Colour = (90, 90, 90)
DOOR: Colour = (110, 70, 30)
OPEN: Colour = (60, 160, 70)
BILBO_FILL: Colour = (150, 105, 60)
GANDALF: Colour = (130, 130, 140)
ENEMY: Colour = (150, 30, 60)
DEAD: Colour = (120, 120, 120)

KIND_COLOURS: dict[str, Colour] = {
    "START": (222, 222, 222),
    "PLAIN": (244, 239, 226),
    "MIRKWOOD": (160, 205, 150),
    "ESGAROTH": (160, 198, 235),
    "DRAGON": (238, 140, 120),
    "EREBOR": (205, 185, 155),
    "RUNE": (196, 170, 228),
    "GATE": (170, 170, 170),
    "KEY": (232, 205, 130),
    "TREASURY": (250, 222, 100),
    "FINISH": (255, 243, 180),
}
DWARF_COLOURS: dict[str, Colour] = {
    "R": (210, 40, 40),
    "Y": (236, 190, 30),
    "B": (40, 100, 220),
    "G": (40, 150, 70),
}
DWARF_INK: dict[str, Colour] = {"R": WHITE, "Y": INK, "B": WHITE, "G": WHITE}

KIND_KEYS: dict[str, str] = {k: k.lower() for k in KIND_COLOURS}
"""The legend entry of each space kind."""
LEGEND: tuple[str, ...] = (
    *KIND_KEYS.values(),
    "dwarf",
    "entangled",
    "dead",
    "bilbo_ring",
    "bilbo_bare",
    "ring",
    "ring_treasury",
    "smaug",
    "smaug_path",
    "lair",
    "door_locked",
    "door_open",
    "gandalf",
    "face_up",
)
"""What the picture's legend names, in order: each is a key of ``Words.legend``."""
LEGEND_LAYOUT = Legend(column=250, row=36, icon=22, size=14, gap=12, pad=12, ink=INK, rule=GRID)

TEXT_MARKS = {"smaug": "S", "ring": "o", "entangled": "*", "ring_bilbo": "(o)", "dead": "+"}
"""The text form's marks besides the kind letters."""
TEXT_LEGEND: tuple[tuple[str, str], ...] = (
    *((STRIP[BOARD.kinds.index(k)], key) for k, key in KIND_KEYS.items() if k in BOARD.kinds),
    (TEXT_MARKS["smaug"], "smaug"),
    (TEXT_MARKS["ring"], "ring"),
    (TEXT_MARKS["ring_bilbo"], "bilbo_ring"),
    (TEXT_MARKS["entangled"], "entangled"),
    (TEXT_MARKS["dead"], "dead"),
)
"""The text form's symbols and the legend entry naming each."""


@dataclass(frozen=True, slots=True)
class Words:
    """The words a picture shows, in the reader's language."""

    caption: str = ""
    legend: Mapping[str, str] = field(default_factory=dict)
    """``LEGEND`` key → words; none: no legend is drawn."""
    lair: str = ""
    dead: str = ""
    gandalf: str = "G"
    """The letter on Gandalf's piece."""
    bilbo: str = "B"
    """The letter on Bilbo's piece."""
    stops: tuple[str, ...] = ()
    """Gandalf's stops, in path order."""
    face_up: tuple[str, ...] = ()
    """Each enemy lying face up on its deck: the deck and the enemy."""


def legend_keys() -> Sequence[str]:
    """Every legend entry a picture or the text form names (for the catalogue's words)."""
    return tuple(dict.fromkeys((*LEGEND, *(key for _, key in TEXT_LEGEND))))


# -- where things are ----------------------------------------------------------------------------
def cell_box(space: int) -> Box:
    """A space's box: five rows of ten from the top, each row running back the way the last came."""
    row, place = divmod(space, COLUMNS)
    column = place if row % 2 == 0 else COLUMNS - 1 - place
    x = MARGIN + column * (CELL_W + GAP_X)
    y = HEADER + row * (CELL_H + GAP_Y)
    return x, y, x + CELL_W, y + CELL_H


def smaug_entering(view: HobbitView) -> list[int]:
    """The spaces Smaug enters when a window's pending movement stands as it does now."""
    if view.decision is None or view.decision.kind != "window" or not view.decision.pending:
        return []
    entered: list[int] = []
    place = view.smaug
    for _ in range(view.decision.pending):
        place = toward_esgaroth(place)
        entered.append(place)
        if place == SMAUG_PATH[-1]:
            break
    return entered


def _on_spaces(view: HobbitView) -> dict[int, list[Figure]]:
    found: dict[int, list[Figure]] = {}
    for figure in sorted(view.figures, key=lambda f: FIGURE_ORDER[f.id]):
        if figure.pos is not None:
            found.setdefault(figure.pos, []).append(figure)
    return found


# -- the picture ---------------------------------------------------------------------------------
def render_track(view: HobbitView, words: Words = Words()) -> bytes:
    """The track with every piece, the pieces beside it and the legend, as PNG bytes."""
    entries = [(key, words.legend.get(key, "")) for key in LEGEND] if words.legend else []
    height = LEGEND_TOP + LEGEND_LAYOUT.height(len(entries), WIDTH)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text(
        (MARGIN, HEADER // 2),
        fit_text(draw, words.caption, WIDTH - 2 * MARGIN, font(17, bold=True)),
        fill=INK,
        font=font(17, bold=True),
        anchor="lm",
    )
    _connectors(draw)
    entering = smaug_entering(view)
    figures = _on_spaces(view)
    for space in range(BOARD.size):
        _space(draw, space, view, figures.get(space, []), entering)
    _door(draw, view.door_open)
    if view.ring == "treasury":
        _ring_in_treasury(draw)
    _pieces(draw, view, words)
    _stops(draw, view, words)
    LEGEND_LAYOUT.draw(draw, LEGEND_TOP, WIDTH, entries, _legend_icon)
    return png(image)


def _connectors(draw: ImageDraw.ImageDraw) -> None:
    """The bends where one row of the track runs on into the next."""
    for row in range(ROWS - 1):
        x, _, x1, y1 = cell_box(row * COLUMNS + COLUMNS - 1)
        middle = (x + x1) // 2
        draw.rectangle((middle - 10, y1, middle + 10, y1 + GAP_Y), fill=PATH)


def _space(
    draw: ImageDraw.ImageDraw, space: int, view: HobbitView, here: list[Figure], entering: list[int]
) -> None:
    box = cell_box(space)
    x, y, x1, _y1 = box
    kind_of = kind(space)
    outline, width = GRID, 1
    if entering and space == entering[-1]:
        outline, width = SMAUG, 5
    elif space in entering:
        outline, width = SMAUG, 3
    draw.rounded_rectangle(box, radius=8, fill=KIND_COLOURS[kind_of], outline=outline, width=width)
    draw.text((x + 6, y + 4), str(space), fill=INK, font=font(14, bold=True), anchor="la")
    draw.text((x + 30, y + 5), STRIP[space], fill=(95, 90, 80), font=font(12), anchor="la")
    corner = x1 - 6
    if view.smaug == space:
        _smaug(draw, (corner - 22, y + 3, corner, y + 25))
        corner -= 26
    if view.ring == space:
        _ring(draw, (corner - 18, y + 5, corner, y + 23))
    _figures(draw, box, here, view)


def _figures(draw: ImageDraw.ImageDraw, box: Box, here: list[Figure], view: HobbitView) -> None:
    """The figures on a space, in id order, in rows of three under its number."""
    if not here:
        return
    x, y, _x1, y1 = box
    rows = -(-len(here) // 3)
    radius = DISC + 3 if len(here) <= 2 else DISC if rows <= 2 else 8
    top, bottom = y + 26, y1 - 3
    step_y = (bottom - top) / max(rows, 2)
    for index, figure in enumerate(here):
        row, column = divmod(index, 3)
        in_row = min(3, len(here) - row * 3)
        step_x = CELL_W / in_row
        cx = int(x + step_x * (column + 0.5))
        cy = int(top + step_y * (row + 0.5)) if rows > 1 else (top + bottom) // 2
        _figure(draw, (cx, cy), radius, figure, view.ring == "bilbo")


def _figure(
    draw: ImageDraw.ImageDraw,
    centre: tuple[int, int],
    radius: int,
    figure: Figure,
    ring_on: bool,
    *,
    letter: str = "",
) -> None:
    cx, cy = centre
    disc = (cx - radius, cy - radius, cx + radius, cy + radius)
    if figure.id == BILBO:
        draw.ellipse(disc, fill=BILBO_FILL, outline=WHITE, width=2)
        draw.text(centre, letter or "B", fill=WHITE, font=font(radius + 2, bold=True), anchor="mm")
        if ring_on:
            draw.ellipse(
                (cx - radius - 4, cy - radius - 4, cx + radius + 4, cy + radius + 4), outline=RING, width=3
            )
        return
    colour = figure.id[0]
    draw.ellipse(disc, fill=DWARF_COLOURS.get(colour, GRID), outline=WHITE, width=2)
    draw.text(
        centre, figure.id, fill=DWARF_INK.get(colour, INK), font=font(radius - 1, bold=True), anchor="mm"
    )
    if figure.entangled:
        _web(draw, disc)


def _web(draw: ImageDraw.ImageDraw, disc: Box) -> None:
    """A web over an entangled dwarf: threads across it and a dark rim."""
    x, y, x1, y1 = disc
    pad = 3
    for a, b in (((x - pad, y - pad), (x1 + pad, y1 + pad)), ((x - pad, y1 + pad), (x1 + pad, y - pad))):
        draw.line((*a, *b), fill=WEB, width=1)
    cx, cy = (x + x1) // 2, (y + y1) // 2
    draw.line((x - pad, cy, x1 + pad, cy), fill=WEB, width=1)
    draw.line((cx, y - pad, cx, y1 + pad), fill=WEB, width=1)
    draw.ellipse((x - 2, y - 2, x1 + 2, y1 + 2), outline=WEB, width=2)


def _smaug(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """Smaug: a red diamond with a white eye."""
    x, y, x1, y1 = box
    cx, cy = (x + x1) // 2, (y + y1) // 2
    draw.polygon([(cx, y), (x1, cy), (cx, y1), (x, cy)], fill=SMAUG, outline=INK)
    eye = max(2, (x1 - x) // 7)
    draw.ellipse((cx - eye, cy - eye, cx + eye, cy + eye), fill=WHITE)


def _ring(draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw.ellipse(box, outline=RING, width=4)


def _door(draw: ImageDraw.ImageDraw, open_: bool) -> None:
    """The door between the key space and the next: a locked bar with a padlock, or open."""
    _, y, x1, y1 = cell_box(KEY_SPACE)
    middle = x1 + GAP_X // 2
    _door_icon(draw, (middle - 6, y - 4, middle + 6, y1 + 4), open_)


def _door_icon(draw: ImageDraw.ImageDraw, box: Box, open_: bool) -> None:
    x, y, x1, y1 = box
    if open_:
        stub = (y1 - y) // 5
        draw.rectangle((x, y, x1, y + stub), fill=OPEN)
        draw.rectangle((x, y1 - stub, x1, y1), fill=OPEN)
        return
    draw.rectangle(box, fill=DOOR)
    cx, cy = (x + x1) // 2, (y + y1) // 2
    size = max(4, (x1 - x) // 2 + 2)
    draw.arc((cx - size + 2, cy - size - 4, cx + size - 2, cy + 2), 180, 360, fill=RING, width=2)
    draw.rectangle((cx - size, cy - 1, cx + size, cy + size + 1), fill=RING)


def _ring_in_treasury(draw: ImageDraw.ImageDraw) -> None:
    """The ring in the Treasury: a bracket over the Treasury spaces with the ring in it."""
    treasury = [s for s in range(BOARD.size) if kind(s) == "TREASURY"]
    boxes = [cell_box(s) for s in treasury]
    left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
    top = min(b[1] for b in boxes)
    line_y = top - GAP_Y // 2
    draw.line((left + 6, line_y, right - 6, line_y), fill=RING, width=3)
    for end in (left + 6, right - 6):
        draw.line((end, line_y, end, top - 2), fill=RING, width=3)
    middle = (left + right) // 2
    draw.rectangle((middle - 14, line_y - 11, middle + 14, line_y + 11), fill=BACKGROUND)
    _ring(draw, (middle - 10, line_y - 10, middle + 10, line_y + 10))


def _pieces(draw: ImageDraw.ImageDraw, view: HobbitView, words: Words) -> None:
    """Under the track: the dead (left), Smaug's lair beside the gate, the face-up enemies."""
    top, bottom = PIECES_TOP, PIECES_TOP + PIECES_HEIGHT
    label = font(13, bold=True)
    gate = SMAUG_PATH[0]
    gx, _, gx1, gy1 = cell_box(gate)
    lair = (gx, top, gx1, bottom)
    draw.line(((gx + gx1) // 2, gy1, (gx + gx1) // 2, top), fill=SMAUG, width=2)
    draw.rounded_rectangle(lair, radius=8, fill=(245, 215, 205), outline=SMAUG, width=2)
    draw.text((gx + 5, top + 4), fit_text(draw, words.lair, CELL_W - 10, label), fill=INK, font=label)
    if view.smaug is None:
        _smaug(draw, ((gx + gx1) // 2 - 13, top + 24, (gx + gx1) // 2 + 13, top + 50))
    dead = [f for f in sorted(view.figures, key=lambda f: FIGURE_ORDER[f.id]) if f.pos is None]
    fallen = (MARGIN, top, gx - 3 * GAP_X, bottom)
    draw.rounded_rectangle(fallen, radius=8, fill=(232, 232, 232), outline=GRID, width=1)
    draw.text(
        (MARGIN + 6, top + 4),
        fit_text(draw, words.dead, fallen[2] - fallen[0] - 12, label),
        fill=INK,
        font=label,
    )
    for index, figure in enumerate(dead[:8]):
        cx = MARGIN + 16 + (index % 4) * 30
        cy = top + 30 + (index // 4) * 22
        _dead(draw, (cx, cy), 9, figure, words.bilbo)
    x = gx1 + 3 * GAP_X
    for text in words.face_up:
        width = min(WIDTH - MARGIN - x, 300)
        if width < 60:
            break
        card = (x, top + 6, x + width, bottom - 6)
        draw.rounded_rectangle(card, radius=6, fill=WHITE, outline=ENEMY, width=3)
        face = font(14, bold=True)
        draw.text(
            (x + 10, (top + bottom) // 2),
            fit_text(draw, text, width - 20, face),
            fill=ENEMY,
            font=face,
            anchor="lm",
        )
        x += width + 10


def _dead(
    draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int, figure: Figure, letter: str
) -> None:
    """A dead figure: its disc, greyed, crossed out."""
    cx, cy = centre
    disc = (cx - radius, cy - radius, cx + radius, cy + radius)
    draw.ellipse(disc, fill=DEAD, outline=WHITE, width=1)
    text = letter if figure.id == BILBO else figure.id
    draw.text(centre, text, fill=WHITE, font=font(radius, bold=True), anchor="mm")
    draw.line((cx - radius, cy - radius, cx + radius, cy + radius), fill=INK, width=2)
    draw.line((cx - radius, cy + radius, cx + radius, cy - radius), fill=INK, width=2)


def _stops(draw: ImageDraw.ImageDraw, view: HobbitView, words: Words) -> None:
    """Gandalf's path: its stops in order, Gandalf on his."""
    count = len(GANDALF_STOPS)
    span = (WIDTH - 2 * MARGIN) // count
    middle = STOPS_TOP + STOPS_HEIGHT // 2
    draw.line((MARGIN + span // 2, middle, WIDTH - MARGIN - span // 2, middle), fill=PATH, width=6)
    face = font(13, bold=True)
    for index, stop in enumerate(GANDALF_STOPS):
        x = MARGIN + index * span + 8
        box = (x, STOPS_TOP, x + span - 16, STOPS_TOP + STOPS_HEIGHT)
        here = view.gandalf == stop
        draw.rounded_rectangle(box, radius=10, fill=(236, 236, 242), outline=GANDALF, width=3 if here else 1)
        name = words.stops[index] if index < len(words.stops) else stop
        left = x + (40 if here else 10)
        draw.text(
            (left, middle), fit_text(draw, name, box[2] - left - 6, face), fill=INK, font=face, anchor="lm"
        )
        if here:
            _gandalf(draw, (x + 20, middle), 14, words.gandalf)


def _gandalf(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int, letter: str) -> None:
    """Gandalf: a grey disc under a pointed hat."""
    cx, cy = centre
    draw.ellipse(
        (cx - radius, cy - radius + 4, cx + radius, cy + radius + 4), fill=GANDALF, outline=WHITE, width=2
    )
    draw.polygon(
        [(cx - radius + 2, cy - 2), (cx + radius - 2, cy - 2), (cx, cy - radius - 8)], fill=(90, 90, 105)
    )
    draw.text((cx, cy + 7), letter, fill=WHITE, font=font(radius, bold=True), anchor="mm")


def _legend_icon(draw: ImageDraw.ImageDraw, key: str, box: Box) -> None:
    """The symbol the legend entry ``key`` names, drawn as on the track."""
    x, y, x1, y1 = box
    centre = ((x + x1) // 2, (y + y1) // 2)
    radius = (x1 - x) // 2
    kinds = {value: name for name, value in KIND_KEYS.items()}
    if key in kinds:
        draw.rounded_rectangle(box, radius=4, fill=KIND_COLOURS[kinds[key]], outline=GRID)
        letter = STRIP[BOARD.kinds.index(kinds[key])] if kinds[key] in BOARD.kinds else ""
        draw.text(centre, letter, fill=INK, font=font(12), anchor="mm")
    elif key in ("dwarf", "entangled"):
        _figure(draw, centre, radius, Figure("R1", 0, 0, key == "entangled"), False)
    elif key == "dead":
        _dead(draw, centre, radius, Figure("Y2", 1, None), "")
    elif key in ("bilbo_ring", "bilbo_bare"):
        _figure(draw, centre, radius - 3, Figure(BILBO, None, 0), key == "bilbo_ring")
    elif key == "ring":
        _ring(draw, (x + 2, y + 2, x1 - 2, y1 - 2))
    elif key == "ring_treasury":
        draw.rounded_rectangle(box, radius=4, fill=KIND_COLOURS["TREASURY"], outline=GRID)
        _ring(draw, (x + 4, y + 4, x1 - 4, y1 - 4))
    elif key == "smaug":
        _smaug(draw, box)
    elif key == "smaug_path":
        draw.rounded_rectangle(box, radius=4, fill=KIND_COLOURS["PLAIN"], outline=SMAUG, width=3)
    elif key == "lair":
        draw.rounded_rectangle(box, radius=4, fill=(245, 215, 205), outline=SMAUG, width=2)
    elif key in ("door_locked", "door_open"):
        _door_icon(draw, (centre[0] - 5, y, centre[0] + 5, y1), key == "door_open")
    elif key == "gandalf":
        _gandalf(draw, (centre[0], centre[1] - 2), radius - 2, "")
    elif key == "face_up":
        draw.rounded_rectangle(box, radius=3, fill=WHITE, outline=ENEMY, width=3)


# -- text ---------------------------------------------------------------------------------------
def text_track(view: HobbitView, bilbo: str) -> str:
    """The track as five monospace rows of ten kind letters (Smaug ``S`` and the lost ring
    ``o`` over the letter of their space), then where the figures stand, space by space
    (``*`` entangled; ``(o)`` Bilbo wearing the ring), and the dead (``+``)."""
    letters = list(STRIP)
    if isinstance(view.ring, int):
        letters[view.ring] = TEXT_MARKS["ring"]
    if view.smaug is not None:
        letters[view.smaug] = TEXT_MARKS["smaug"]
    lines = ["    " + "".join(str(i) for i in range(COLUMNS))]
    for row in range(ROWS):
        lines.append(f"{row * COLUMNS:>2}  " + "".join(letters[row * COLUMNS : (row + 1) * COLUMNS]))
    for space, here in sorted(_on_spaces(view).items()):
        names = [_text_figure(f, view, bilbo) for f in here]
        lines.append(f"{space:>2}: {' '.join(names)}")
    dead = [bilbo if f.id == BILBO else f.id for f in view.figures if f.pos is None]
    if dead:
        lines.append(f"{TEXT_MARKS['dead']}: {' '.join(dead)}")
    return "\n".join(lines)


def _text_figure(figure: Figure, view: HobbitView, bilbo: str) -> str:
    if figure.id == BILBO:
        return bilbo + (TEXT_MARKS["ring_bilbo"] if view.ring == "bilbo" else "")
    return figure.id + (TEXT_MARKS["entangled"] if figure.entangled else "")


def text_legend(legend: Mapping[str, str]) -> str:
    """The text form's legend: each symbol with its words, in one paragraph."""
    return " · ".join(f"`{symbol}` {legend.get(key, '')}" for symbol, key in TEXT_LEGEND)
