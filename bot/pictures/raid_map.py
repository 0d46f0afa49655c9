"""Raid maps as pictures (PNG bytes) and as monospace text, drawn from a ``RaidView``.

A *panel* is one hazard map as one scout walks it: the map owned by ``1 - walker``, with the
scenario's buildings and entry, the walker's trail and position, and the objects the viewer
knows there — from the public encounters, or all of them when the viewer owns that map (his
``own_map``) or the game is over (``revealed_maps``). A *board* is both panels side by side.

Everything drawn comes from the view, so the spectator's picture is exactly what both players
know, and two games that differ only in unrevealed hazards give identical bytes. Words are not
drawn (captions are passed in by the caller from its message catalogue); seats are shown as
1 and 2.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from engine.games.raid.cells import COLUMNS, SIZE, coords
from engine.games.raid.data import MEET_ORDER, Kind
from engine.games.raid.view import RaidView

CELL = 44
LABEL = 24
PAD = 8
HEADER = 32
GAP = 16
PANEL_WIDTH = LABEL + SIZE * CELL + PAD
PANEL_HEIGHT = HEADER + LABEL + SIZE * CELL + PAD
ICON = 16

Colour = tuple[int, int, int]

BACKGROUND: Colour = (250, 248, 242)
GROUND: Colour = (238, 233, 219)
BUILDING: Colour = (139, 125, 107)
HATCH: Colour = (112, 99, 84)
GRID: Colour = (196, 188, 170)
ENTRY: Colour = (167, 214, 160)
INK: Colour = (40, 40, 40)
SEAT_COLOURS: tuple[Colour, ...] = ((41, 98, 255), (230, 110, 20))
FIGHT: Colour = (220, 30, 30)
KIT_WAIT: Colour = (30, 160, 70)

KIND_COLOURS: dict[Kind, Colour] = {
    "artifact": (232, 180, 20),
    "terrorist": (200, 30, 40),
    "pit": (30, 30, 30),
    "trap": (130, 60, 170),
    "kit": (255, 255, 255),
}
KIND_LETTERS: dict[Kind, str] = {"artifact": "A", "terrorist": "T", "pit": "O", "trap": "X", "kit": "+"}
"""The letter of each kind in pictures and in the text grid (lower case: no longer live)."""

_SLOTS: dict[Kind, tuple[int, int]] = {
    "artifact": (3, 3),
    "terrorist": (CELL - ICON - 3, 3),
    "pit": (3, CELL - ICON - 3),
    "trap": (CELL - ICON - 3, CELL - ICON - 3),
    "kit": ((CELL - ICON) // 2, (CELL - ICON) // 2),
}
"""Where in a cell each kind's icon sits (top-left corner), so shared cells stay readable."""

TEXT_SYMBOLS = {"building": "#", "entry": "E", "ground": ".", "trail": "*", "used_kit": "-"}
"""Text-grid symbols besides the kind letters and the scout's seat number (1 or 2)."""


@dataclass(frozen=True, slots=True)
class Marker:
    """An object the viewer knows on a panel's map."""

    kind: Kind
    cell: str
    live: bool
    zone: int | None
    found: bool
    """Met by the walking scout (public); unfound ones are seen only by the owner or at the end."""


def known_objects(view: RaidView, walker: int) -> list[Marker]:
    """The objects on the map ``walker``'s scout walks that this view may show."""
    owner = 1 - walker
    full = None
    if view.revealed_maps is not None:
        full = view.revealed_maps[owner]
    elif view.seat == owner:
        full = view.own_map
    if full is not None:
        return [Marker(h.kind, h.cell, h.live, h.zone, h.found) for h in full]
    known: dict[tuple[str, str], Marker] = {}
    for e in view.encounters:
        if e.seat != walker:
            continue
        live = e.outcome not in ("collected", "killed", "used")
        zone = e.zone if e.outcome == "killed" else None
        known[(e.cell, e.kind)] = Marker(e.kind, e.cell, live, zone, True)
    return list(known.values())


# -- pictures -----------------------------------------------------------------------------------
@lru_cache(maxsize=4)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def render_map(view: RaidView, walker: int, caption: str = "") -> bytes:
    """One panel as PNG bytes: the map ``walker``'s scout walks."""
    image = Image.new("RGB", (PANEL_WIDTH, PANEL_HEIGHT), BACKGROUND)
    _draw_panel(image, 0, view, walker, caption)
    return _png(image)


def render_board(view: RaidView, captions: Sequence[str] = ("", "")) -> bytes:
    """Both panels side by side as PNG bytes: seat 1's scout (left) and seat 2's (right)."""
    image = Image.new("RGB", (2 * PANEL_WIDTH + GAP, PANEL_HEIGHT), BACKGROUND)
    for walker in (0, 1):
        _draw_panel(image, walker * (PANEL_WIDTH + GAP), view, walker, captions[walker])
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
    for marker in known_objects(view, walker):
        _draw_marker(draw, x0, marker, SEAT_COLOURS[walker])
    if view.fight is not None and view.fight.seat == walker:
        x, y = _cell_box(x0, view.fight.cell)
        draw.rectangle((x + 1, y + 1, x + CELL - 1, y + CELL - 1), outline=FIGHT, width=3)
    if view.kit is not None and view.kit.seat == walker:
        x, y = _cell_box(x0, view.kit.cell)
        draw.rectangle((x + 1, y + 1, x + CELL - 1, y + CELL - 1), outline=KIT_WAIT, width=3)
    _draw_scout(draw, x0, view.scouts[walker].cell, walker)


def _draw_header(draw: ImageDraw.ImageDraw, x0: int, view: RaidView, walker: int, caption: str) -> None:
    scout = view.scouts[walker]
    colour = SEAT_COLOURS[walker]
    draw.ellipse((x0 + LABEL, 7, x0 + LABEL + 18, 25), fill=colour)
    draw.text((x0 + LABEL + 9, 16), str(walker + 1), fill="white", font=_font(13), anchor="mm")
    x = x0 + LABEL + 26
    if caption:
        draw.text((x, 16), caption, fill=INK, font=_font(14), anchor="lm")
        x += int(draw.textlength(caption, font=_font(14))) + 12
    # Language-free status: wounds, artifacts, turns to miss.
    draw.rectangle((x, 13, x + 14, 19), fill=FIGHT)
    draw.rectangle((x + 4, 9, x + 10, 23), fill=FIGHT)
    draw.text((x + 18, 16), f"{scout.wounds}/{view.max_wounds}", fill=INK, font=_font(14), anchor="lm")
    x += 70
    draw.ellipse((x, 9, x + 14, 23), fill=KIND_COLOURS["artifact"])
    draw.text(
        (x + 18, 16), f"{scout.artifacts}/{view.counts['artifacts']}", fill=INK, font=_font(14), anchor="lm"
    )
    if scout.skip:
        x += 60
        draw.ellipse((x, 9, x + 14, 23), fill=KIND_COLOURS["pit"])
        draw.text((x + 18, 16), f"-{scout.skip}", fill=INK, font=_font(14), anchor="lm")


def _draw_ground(draw: ImageDraw.ImageDraw, x0: int, view: RaidView) -> None:
    font = _font(13)
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
            fill = BUILDING if cell in buildings else ENTRY if cell == view.entry else GROUND
            draw.rectangle((x, y, x + CELL, y + CELL), fill=fill, outline=GRID)
            if cell in buildings:  # hatched, as on the paper map
                for k in range(8, CELL, 11):
                    draw.line((x + k, y + 1, x + 1, y + k), fill=HATCH, width=1)
                    draw.line((x + CELL - 1, y + k, x + k, y + CELL - 1), fill=HATCH, width=1)
            if cell == view.entry:
                draw.text(
                    (x + CELL // 2, y + CELL // 2), "E", fill=(40, 110, 40), font=_font(18), anchor="mm"
                )


def _draw_trail(image: Image.Image, x0: int, view: RaidView, walker: int) -> None:
    trail = view.scouts[walker].trail
    if len(trail) < 2:
        return
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    draw.line([_centre(x0, c) for c in trail], fill=(*SEAT_COLOURS[walker], 140), width=5, joint="curve")
    image.paste(Image.alpha_composite(image.convert("RGBA"), overlay).convert("RGB"))


def _draw_marker(draw: ImageDraw.ImageDraw, x0: int, marker: Marker, walker_colour: Colour) -> None:
    x, y = _cell_box(x0, marker.cell)
    dx, dy = _SLOTS[marker.kind]
    box = (x + dx, y + dy, x + dx + ICON, y + dy + ICON)
    colour = KIND_COLOURS[marker.kind]
    if not marker.live:  # collected, killed or used: a pale ghost
        colour = _pale(colour)
    outline = walker_colour if marker.found else INK
    if marker.kind == "trap":
        draw.polygon(
            [(box[0], box[3]), (box[2], box[3]), ((box[0] + box[2]) // 2, box[1])],
            fill=colour,
            outline=outline,
        )
    elif marker.kind in ("terrorist", "kit"):
        draw.rectangle(box, fill=colour, outline=outline, width=2 if marker.found else 1)
    else:
        draw.ellipse(box, fill=colour, outline=outline, width=2 if marker.found else 1)
    text = (
        str(marker.zone)
        if marker.kind == "terrorist" and marker.zone is not None
        else KIND_LETTERS[marker.kind]
    )
    ink = (200, 30, 40) if marker.kind == "kit" else (255, 255, 255) if marker.live else INK
    draw.text(
        ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2 + 1), text, fill=ink, font=_font(11), anchor="mm"
    )
    if marker.kind == "terrorist" and not marker.live:
        draw.line((box[0], box[1], box[2], box[3]), fill=INK, width=2)


def _pale(colour: Colour) -> Colour:
    r, g, b = ((c + 2 * ground) // 3 for c, ground in zip(colour, GROUND, strict=True))
    return r, g, b


def _draw_scout(draw: ImageDraw.ImageDraw, x0: int, cell: str, walker: int) -> None:
    cx, cy = _centre(x0, cell)
    draw.ellipse((cx - 10, cy - 10, cx + 10, cy + 10), fill=SEAT_COLOURS[walker], outline="white", width=2)
    draw.text((cx, cy + 1), str(walker + 1), fill="white", font=_font(13), anchor="mm")


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
