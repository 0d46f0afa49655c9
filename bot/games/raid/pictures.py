"""Raid maps as pictures (PNG bytes) and as monospace text, drawn from a ``RaidView``.

A *panel* is one hazard map as one scout walks it: the map owned by ``1 - walker``, with the
scenario's buildings and entry, the walker's trail and position, and the objects the viewer
knows there — from the public encounters, or all of them when the viewer owns that map (his
``own_map``) or the game is over (``revealed_maps``). A *board* is both panels side by side.

Everything drawn comes from the view, so the spectator's picture is exactly what both players
know, and two games that differ only in unrevealed hazards give identical bytes. Words come
from the caller (its message catalogue), as ``Words``: a caption per panel — whose map it is
and who walks it — and the legend, which names every symbol under the panels. Letters are the
terminal's (``KIND_LETTERS``); text is set in Roboto, which has Cyrillic.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from PIL import Image, ImageDraw

from bot.render.drawing import SEAT_RGB, Legend
from bot.render.drawing import fit_text as _fit_text
from bot.render.drawing import font as _font
from bot.render.drawing import png as _png
from engine.games.raid.cells import COLUMNS, SIZE, coords
from engine.games.raid.data import MEET_ORDER, Kind
from engine.games.raid.knowledge import read
from engine.games.raid.view import RaidView

CELL = 48
LABEL = 24
PAD = 10
HEADER = 40
GAP = 20
PANEL_WIDTH = LABEL + SIZE * CELL + PAD
PANEL_HEIGHT = HEADER + LABEL + SIZE * CELL + PAD
ICON = 34
"""An object alone on its cell: large enough to read on a phone."""
LEGEND_ROW = 40
"""A legend entry: its icon and up to two lines of words."""
LEGEND_ICON = 22
LEGEND_COLUMN = 250
LEGEND_FONT = 14

Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]

BACKGROUND: Colour = (250, 248, 242)
GROUND: Colour = (238, 233, 219)
BUILDING: Colour = (139, 125, 107)
HATCH: Colour = (112, 99, 84)
GRID: Colour = (196, 188, 170)
ENTRY: Colour = (167, 214, 160)
ENTRY_INK: Colour = (40, 110, 40)
INK: Colour = (40, 40, 40)
WHITE: Colour = (255, 255, 255)
SEAT_COLOURS: tuple[Colour, ...] = (SEAT_RGB[0], SEAT_RGB[1])
FIGHT: Colour = (220, 30, 30)
KIT_WAIT: Colour = (30, 160, 70)
BLOOD: Colour = (190, 20, 30)
LEGEND_LAYOUT = Legend(LEGEND_COLUMN, LEGEND_ROW, LEGEND_ICON, LEGEND_FONT, 12, PAD, INK, GRID)

KIND_COLOURS: dict[Kind, Colour] = {
    "artifact": (240, 185, 10),
    "terrorist": (200, 30, 40),
    "pit": (25, 25, 25),
    "trap": (130, 60, 170),
    "kit": (20, 150, 70),
}
KIND_INK: dict[Kind, Colour] = {
    "artifact": (70, 45, 0),
    "terrorist": WHITE,
    "pit": WHITE,
    "trap": WHITE,
    "kit": WHITE,
}
KIND_LETTERS: dict[Kind, str] = {"artifact": "A", "terrorist": "T", "pit": "O", "trap": "X", "kit": "+"}
"""The letter of each kind in pictures and in the text grid (lower case: no longer live)."""

TEXT_SYMBOLS = {"building": "#", "entry": "E", "ground": ".", "trail": "*", "used_kit": "-"}
"""Text-grid symbols besides the kind letters and the scout's seat number (1 or 2)."""

LEGEND: tuple[str, ...] = (
    "scout",
    "entry",
    "building",
    "artifact",
    "terrorist",
    "killed",
    "pit",
    "trap",
    "kit",
    "gone",
    "met",
    "fight",
    "kit_wait",
    "wounds",
    "artifacts",
    "skip",
)
"""What the picture's legend names, in order: each is a key of ``Words.legend``."""

TEXT_LEGEND: tuple[tuple[str, str], ...] = (
    ("1 2", "scout_text"),
    (TEXT_SYMBOLS["trail"], "trail"),
    (TEXT_SYMBOLS["entry"], "entry"),
    (TEXT_SYMBOLS["building"], "building"),
    (TEXT_SYMBOLS["ground"], "ground"),
    (KIND_LETTERS["artifact"], "artifact"),
    (KIND_LETTERS["terrorist"], "terrorist_text"),
    (KIND_LETTERS["pit"], "pit"),
    (KIND_LETTERS["trap"], "trap"),
    (KIND_LETTERS["kit"], "kit"),
    ("a t -", "gone_text"),
)
"""The text grid's symbols and the legend key naming each (``a t``: gone objects)."""


@dataclass(frozen=True, slots=True)
class Words:
    """The words a picture shows, in the reader's language: a caption over each panel (in
    panel order) and the legend (``LEGEND`` key → words; none: no legend is drawn)."""

    captions: tuple[str, ...] = ()
    legend: Mapping[str, str] = field(default_factory=dict)

    def caption(self, panel: int) -> str:
        return self.captions[panel] if panel < len(self.captions) else ""


@dataclass(frozen=True, slots=True)
class Marker:
    """An object the viewer knows on a panel's map."""

    kind: Kind
    cell: str
    live: bool
    zone: int | None
    found: bool
    """Met by the walking scout (public); unfound ones are seen only by the owner or at the end."""


GONE = frozenset({"collected", "killed", "used"})
"""Encounter outcomes after which the object is no longer on the map (R12, R13, R16)."""


def known_objects(view: RaidView, walker: int) -> list[Marker]:
    """The objects on the map ``walker``'s scout walks that this view may show: all of them to
    the map's owner and at the end; otherwise what the scout knows (``knowledge.read`` —
    public, so the same for every viewer): the pits, traps and left kit that stay, the
    terrorist it is fighting, and as pale ghosts the objects it has taken away."""
    owner = 1 - walker
    full = None
    if view.revealed_maps is not None:
        full = view.revealed_maps[owner]
    elif view.seat == owner:
        full = view.own_map
    if full is not None:
        return [Marker(h.kind, h.cell, h.live, h.zone, h.found) for h in full]
    known = read(replace(view, seat=walker))  # encounters and scouts are public: any viewer
    found: dict[tuple[str, str], Marker] = {}
    for e in view.encounters:  # gone ones, drawn where they were
        if e.seat == walker and e.outcome in GONE:
            zone = e.zone if e.outcome == "killed" else None
            found[(e.cell, e.kind)] = Marker(e.kind, e.cell, False, zone, True)
    live: list[tuple[Kind, str]] = [("pit", c) for c in sorted(known.pits)]
    live += [("trap", c) for c in sorted(known.traps)]
    if known.kit is not None:
        live.append(("kit", known.kit))
    if view.fight is not None and view.fight.seat == walker:
        live.append(("terrorist", view.fight.cell))
    for kind, cell in live:
        found[(cell, kind)] = Marker(kind, cell, True, None, True)
    return list(found.values())


# -- pictures -----------------------------------------------------------------------------------
def _legend_entries(words: Words) -> list[tuple[str, str]]:
    """The legend's entries, in ``LEGEND`` order; none when the words have no legend."""
    return [(key, words.legend.get(key, "")) for key in LEGEND] if words.legend else []


def _legend_height(words: Words, width: int) -> int:
    return LEGEND_LAYOUT.height(len(_legend_entries(words)), width)


def render_map(view: RaidView, walker: int, words: Words = Words()) -> bytes:
    """One panel as PNG bytes: the map ``walker``'s scout walks, with its legend."""
    legend = _legend_height(words, PANEL_WIDTH)
    image = Image.new("RGB", (PANEL_WIDTH, PANEL_HEIGHT + legend), BACKGROUND)
    _draw_panel(image, 0, view, walker, words.caption(0))
    _draw_legend(image, PANEL_HEIGHT, words)
    return _png(image)


def render_board(view: RaidView, words: Words = Words()) -> bytes:
    """Both panels side by side as PNG bytes, seat 1's scout (left) and seat 2's (right), with
    the legend under them."""
    width = 2 * PANEL_WIDTH + GAP
    legend = _legend_height(words, width)
    image = Image.new("RGB", (width, PANEL_HEIGHT + legend), BACKGROUND)
    for walker in (0, 1):
        _draw_panel(image, walker * (PANEL_WIDTH + GAP), view, walker, words.caption(walker))
    _draw_legend(image, PANEL_HEIGHT, words)
    return _png(image)


def _cell_box(x0: int, cell: str) -> tuple[int, int]:
    col, row = coords(cell)
    return x0 + LABEL + col * CELL, HEADER + LABEL + row * CELL


def _centre(x0: int, cell: str) -> tuple[int, int]:
    x, y = _cell_box(x0, cell)
    return x + CELL // 2, y + CELL // 2


def _draw_panel(image: Image.Image, x0: int, view: RaidView, walker: int, caption: str) -> None:
    draw = ImageDraw.Draw(image)
    _draw_header(draw, x0, view, walker, caption)
    _draw_ground(draw, x0, view)
    _draw_trail(image, x0, view, walker)
    draw = ImageDraw.Draw(image)
    by_cell: dict[str, list[Marker]] = {}
    for marker in known_objects(view, walker):
        by_cell.setdefault(marker.cell, []).append(marker)
    here = view.scouts[walker].cell
    scout_at = _centre(x0, here)
    for cell, markers in by_cell.items():
        markers.sort(key=lambda m: (not m.live, MEET_ORDER.index(m.kind)))
        x, y = _cell_box(x0, cell)
        slots = _slots(x, y, len(markers) + (cell == here))
        for marker, box in zip(markers, slots, strict=False):
            _draw_marker(draw, box, marker, SEAT_COLOURS[walker])
        if cell == here:  # the scout takes the last slot, so what he stands on stays in sight
            left, top, right, bottom = slots[-1]
            scout_at = ((left + right) // 2, (top + bottom) // 2)
    if view.fight is not None and view.fight.seat == walker:
        _frame(draw, _cell_box(x0, view.fight.cell), FIGHT)
    if view.kit is not None and view.kit.seat == walker:
        _frame(draw, _cell_box(x0, view.kit.cell), KIT_WAIT)
    _draw_scout(draw, scout_at, walker, 13 if scout_at == _centre(x0, here) else 10)


def _slots(x: int, y: int, count: int) -> list[Box]:
    """Where the icons of ``count`` objects sharing a cell go: one alone fills the cell; more
    share it in a grid of two or three columns, smaller (R5: any number may share a cell)."""
    if count <= 1:
        inset = (CELL - ICON) // 2
        return [(x + inset, y + inset, x + inset + ICON, y + inset + ICON)]
    columns = 2 if count <= 4 else 3
    size = (CELL - 4) // columns
    return [
        (x + 2 + c * size, y + 2 + r * size, x + 2 + (c + 1) * size - 1, y + 2 + (r + 1) * size - 1)
        for r in range(columns)
        for c in range(columns)
    ][:count]


def _frame(draw: ImageDraw.ImageDraw, corner: tuple[int, int], colour: Colour) -> None:
    x, y = corner
    draw.rectangle((x + 1, y + 1, x + CELL - 1, y + CELL - 1), outline=colour, width=4)


def _draw_header(draw: ImageDraw.ImageDraw, x0: int, view: RaidView, walker: int, caption: str) -> None:
    """The walking scout's disc and the caption, then his wounds, artifacts and turns to
    miss — each with the symbol the legend names."""
    scout = view.scouts[walker]
    middle = HEADER // 2
    _draw_scout(draw, (x0 + LABEL + 11, middle), walker, 12)
    status: list[tuple[Callable[[ImageDraw.ImageDraw, Box], None], str]] = [
        (_wound_icon, f"{scout.wounds}/{view.max_wounds}"),
        (lambda d, b: _kind_icon(d, b, "artifact", True), f"{scout.artifacts}/{view.counts['artifacts']}"),
    ]
    if scout.skip:
        status.append((_skip_icon, str(scout.skip)))
    font = _font(16, bold=True)
    right = x0 + PANEL_WIDTH - PAD
    for icon, text in reversed(status):
        right -= int(draw.textlength(text, font=font))
        draw.text((right, middle), text, fill=INK, font=font, anchor="lm")
        right -= 24
        icon(draw, (right, middle - 10, right + 20, middle + 10))
        right -= 14
    left = x0 + LABEL + 30
    draw.text(
        (left, middle),
        _fit_text(draw, caption, right - left, _font(16)),
        fill=INK,
        font=_font(16),
        anchor="lm",
    )


def _draw_ground(draw: ImageDraw.ImageDraw, x0: int, view: RaidView) -> None:
    font = _font(14)
    buildings = set(view.buildings)
    for i in range(SIZE):
        draw.text(
            (x0 + LABEL + i * CELL + CELL // 2, HEADER + LABEL // 2),
            COLUMNS[i],
            fill=INK,
            font=font,
            anchor="mm",
        )
        draw.text(
            (x0 + LABEL // 2, HEADER + LABEL + i * CELL + CELL // 2),
            str(i + 1),
            fill=INK,
            font=font,
            anchor="mm",
        )
    for row in range(SIZE):
        for col in range(SIZE):
            cell = f"{COLUMNS[col]}{row + 1}"
            x, y = _cell_box(x0, cell)
            if cell in buildings:
                _building(draw, (x, y, x + CELL, y + CELL))
            elif cell == view.entry:
                _entry(draw, (x, y, x + CELL, y + CELL))
            else:
                draw.rectangle((x, y, x + CELL, y + CELL), fill=GROUND, outline=GRID)


def _building(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A building, hatched as on the paper map."""
    x, y, x1, y1 = box
    size = x1 - x
    draw.rectangle(box, fill=BUILDING, outline=GRID)
    for k in range(8, size, 11):
        draw.line((x + k, y + 1, x + 1, y + k), fill=HATCH, width=1)
        draw.line((x1 - 1, y + k, x + k, y1 - 1), fill=HATCH, width=1)


def _entry(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x, y, x1, y1 = box
    draw.rectangle(box, fill=ENTRY, outline=GRID)
    size = max(10, (y1 - y) // 2)
    draw.text(((x + x1) // 2, (y + y1) // 2), "E", fill=ENTRY_INK, font=_font(size, bold=True), anchor="mm")


def _draw_trail(image: Image.Image, x0: int, view: RaidView, walker: int) -> None:
    trail = view.scouts[walker].trail
    if len(trail) < 2:
        return
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    draw.line([_centre(x0, c) for c in trail], fill=(*SEAT_COLOURS[walker], 140), width=5, joint="curve")
    image.paste(Image.alpha_composite(image.convert("RGBA"), overlay).convert("RGB"))


def _draw_marker(draw: ImageDraw.ImageDraw, box: Box, marker: Marker, walker_colour: Colour) -> None:
    """An object's icon in ``box``: its shape and colour, its letter (a terrorist's known weak
    spot instead), pale once gone, a dead terrorist crossed out, and ringed in the walking
    scout's colour when he met it."""
    if marker.kind == "terrorist" and not marker.live:
        _killed_icon(draw, box, marker.zone)
    else:
        _kind_icon(draw, box, marker.kind, marker.live, marker.zone)
    if marker.found:
        x, y, x1, y1 = box
        draw.rectangle((x - 2, y - 2, x1 + 2, y1 + 2), outline=walker_colour, width=3)


def _kind_icon(draw: ImageDraw.ImageDraw, box: Box, kind: Kind, live: bool, zone: int | None = None) -> None:
    x, y, x1, y1 = box
    size = x1 - x
    colour = KIND_COLOURS[kind] if live else _pale(KIND_COLOURS[kind])
    ink = KIND_INK[kind] if live else _pale(INK)
    if kind == "trap":
        draw.polygon([(x, y1), (x1, y1), ((x + x1) // 2, y)], fill=colour, outline=INK)
        centre = ((x + x1) // 2, y + (y1 - y) * 13 // 20)
    elif kind in ("terrorist", "kit"):
        draw.rectangle(box, fill=colour, outline=INK)
        centre = ((x + x1) // 2, (y + y1) // 2)
    else:
        draw.ellipse(box, fill=colour, outline=INK)
        centre = ((x + x1) // 2, (y + y1) // 2)
    if kind == "kit":  # the first-aid cross, drawn: a letter would be too thin
        arm, bar = size * 3 // 10, max(2, size // 7)
        cx, cy = centre
        draw.rectangle((cx - arm, cy - bar, cx + arm, cy + bar), fill=ink)
        draw.rectangle((cx - bar, cy - arm, cx + bar, cy + arm), fill=ink)
        return
    text = str(zone) if kind == "terrorist" and zone is not None else KIND_LETTERS[kind]
    font = _font(max(9, size * 11 // 20 if kind != "trap" else size * 9 // 20), bold=True)
    draw.text(centre, text, fill=ink, font=font, anchor="mm")


def _killed_icon(draw: ImageDraw.ImageDraw, box: Box, zone: int | None) -> None:
    """A dead terrorist: his square, pale, crossed out corner to corner."""
    _kind_icon(draw, box, "terrorist", False, zone)
    x, y, x1, y1 = box
    width = max(2, (x1 - x) // 8)
    draw.line((x, y, x1, y1), fill=INK, width=width)
    draw.line((x, y1, x1, y), fill=INK, width=width)


def _wound_icon(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A drop of blood: nothing like the kit's cross or a score."""
    x, y, x1, y1 = box
    size = x1 - x
    cx = (x + x1) // 2
    radius = size * 7 // 20
    bottom = (cx - radius, y1 - 2 * radius, cx + radius, y1)
    draw.polygon([(cx, y), (cx - radius, y1 - radius), (cx + radius, y1 - radius)], fill=BLOOD)
    draw.ellipse(bottom, fill=BLOOD)


def _skip_icon(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """Turns to miss: a pause sign."""
    x, y, x1, y1 = box
    size = x1 - x
    draw.rounded_rectangle(box, radius=size // 5, fill=INK)
    bar = max(2, size // 6)
    for left in (x + size * 3 // 10, x1 - size * 3 // 10 - bar):
        draw.rectangle((left, y + size // 4, left + bar, y1 - size // 4), fill=WHITE)


def _pale(colour: Colour) -> Colour:
    r, g, b = ((c + 2 * ground) // 3 for c, ground in zip(colour, GROUND, strict=True))
    return r, g, b


def _draw_scout(draw: ImageDraw.ImageDraw, centre: tuple[int, int], walker: int, radius: int) -> None:
    cx, cy = centre
    draw.ellipse(
        (cx - radius, cy - radius, cx + radius, cy + radius),
        fill=SEAT_COLOURS[walker],
        outline=WHITE,
        width=2,
    )
    draw.text((cx, cy), str(walker + 1), fill=WHITE, font=_font(radius * 3 // 2, bold=True), anchor="mm")


# -- the legend ---------------------------------------------------------------------------------
def _legend_icon(draw: ImageDraw.ImageDraw, key: str, box: Box) -> None:
    """The symbol the legend entry ``key`` names, drawn as on the map."""
    x, y, x1, y1 = box
    kinds: dict[str, Kind] = {k: k for k in KIND_COLOURS}
    if key in kinds:
        _kind_icon(draw, box, kinds[key], True, 4 if key == "terrorist" else None)
    elif key == "scout":
        _draw_scout(draw, ((x + x1) // 2, (y + y1) // 2), 0, (x1 - x) // 2)
    elif key == "entry":
        _entry(draw, box)
    elif key == "building":
        _building(draw, box)
    elif key == "killed":
        _killed_icon(draw, box, None)
    elif key == "gone":
        _kind_icon(draw, box, "artifact", False)
    elif key == "met":
        _kind_icon(draw, box, "pit", True)
        draw.rectangle((x - 2, y - 2, x1 + 2, y1 + 2), outline=SEAT_COLOURS[0], width=3)
    elif key in ("fight", "kit_wait"):
        draw.rectangle(box, fill=GROUND, outline=FIGHT if key == "fight" else KIT_WAIT, width=3)
    elif key == "wounds":
        _wound_icon(draw, box)
    elif key == "artifacts":
        _kind_icon(draw, box, "artifact", True)
    elif key == "skip":
        _skip_icon(draw, box)


def _draw_legend(image: Image.Image, top: int, words: Words) -> None:
    """Every symbol of the picture with its words, in columns under the panels."""
    LEGEND_LAYOUT.draw(ImageDraw.Draw(image), top, image.size[0], _legend_entries(words), _legend_icon)


# -- text ---------------------------------------------------------------------------------------
def text_map(view: RaidView, walker: int) -> str:
    """One panel as a monospace grid. Per cell, the first that applies: the scout (``1`` or
    ``2``); a known object (its letter, lower case once no longer live, ``-`` for a used kit;
    of several, a live one before a gone one, then the first in meeting order); the trail
    ``*``; a building ``#``; the entry ``E``; open ground ``.``."""
    grid: dict[str, str] = {}
    for cell in view.buildings:
        grid[cell] = TEXT_SYMBOLS["building"]
    grid[view.entry] = TEXT_SYMBOLS["entry"]
    for cell in view.scouts[walker].trail[1:]:
        grid[cell] = TEXT_SYMBOLS["trail"]
    markers = sorted(known_objects(view, walker), key=lambda m: (m.live, -MEET_ORDER.index(m.kind)))
    for m in markers:  # the last written wins: live before gone, then the first in meeting order
        letter = KIND_LETTERS[m.kind]
        grid[m.cell] = letter if m.live else TEXT_SYMBOLS["used_kit"] if m.kind == "kit" else letter.lower()
    grid[view.scouts[walker].cell] = str(walker + 1)
    lines = ["    " + " ".join(COLUMNS)]
    for row in range(SIZE):
        cells = (grid.get(f"{COLUMNS[col]}{row + 1}", TEXT_SYMBOLS["ground"]) for col in range(SIZE))
        lines.append(f"{row + 1:>2}  " + " ".join(cells))
    return "\n".join(lines)


def text_board(view: RaidView) -> str:
    """Both panels side by side: seat 1's scout on the left, seat 2's on the right."""
    left, right = text_map(view, 0).splitlines(), text_map(view, 1).splitlines()
    return "\n".join(f"{a}      {b}" for a, b in zip(left, right, strict=True))


def text_legend(legend: Mapping[str, str]) -> str:
    """The text grid's legend: each symbol with its words (``legend``: ``TEXT_LEGEND`` key →
    words), in one paragraph."""
    return " · ".join(f"`{symbol}` {legend.get(key, '')}" for symbol, key in TEXT_LEGEND)


def legend_keys() -> Sequence[str]:
    """Every legend key a picture or a text grid names (for the catalogue's words)."""
    return tuple(dict.fromkeys((*LEGEND, *(key for _, key in TEXT_LEGEND))))
