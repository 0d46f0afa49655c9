"""What Raid's web board shows, as plain data for its templates, drawn from a ``Table`` only.

A *panel* is one hazard map as one scout walks it (as in the pictures, ``pictures.py``): the
map owned by ``1 - walker``, its buildings and entry, the walker's trail and position, and the
objects this audience knows there (``known_objects``: what the walker met, or the whole map for
its owner and at the end). Everyone sees both panels; a seat sees the map its scout walks and
its own secret map. Every cell carries its meaning in words, for a pointer's hover and for a
screen reader's focus.

A seat's moves come as data too: a button per action that is one click (a zone in a fight, the
kit, **Random**), and a *composer* for an action made of several clicks — the placement on the
own map and the path on the map walked — which the page's script (``static/raid.js``) puts
together and sends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.raid.pictures import KIND_LETTERS, Marker, known_objects
from bot.games.raid.render import KIND_EMOJI, RECENT_ENCOUNTERS, encounter_line
from bot.i18n import t
from bot.render import Table
from bot.render.registry import renderer_for
from engine.games.raid.cells import COLUMNS, SIZE, coords
from engine.games.raid.data import MEET_ORDER, PLACEMENT_FIELDS
from engine.games.raid.view import RaidView

COMPOSED = frozenset({"place", "move"})
"""Actions the page's script puts together from clicks; every other action is one button."""

BUTTON_CLASSES = {
    "guess": "danger",
    "use_kit": "success",
    "leave_kit": "secondary",
    "place_random": "secondary",
}
"""The look of each one-click action's button (as its Discord button's style)."""

LEGEND = (
    "scout",
    "trail",
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
)
"""The legend under the maps: each a symbol the cells use, worded as the pictures' legend
(``raid.legend.<key>``)."""


@dataclass(frozen=True, slots=True)
class Mark:
    """An object drawn on a cell."""

    kind: str
    letter: str
    """The kind's letter (``A``, ``T`` …), or a terrorist's weak spot once known."""
    gone: bool
    met: bool
    meaning: str


@dataclass(frozen=True, slots=True)
class Cell:
    name: str
    row: int
    col: int
    ground: str
    """``building``, ``entry`` or ``ground``."""
    trail: bool
    scout: bool
    frame: str
    """``fight`` or ``kit`` where the walker's decision is; else ``""``."""
    marks: tuple[Mark, ...]
    meaning: str
    """The whole cell in words: its name, its ground, the scout, the trail and each object."""


@dataclass(frozen=True, slots=True)
class Panel:
    key: str
    """``walk`` (the map this seat's scout walks), ``own`` (this seat's map) or ``map<owner>``."""
    owner: int
    walker: int
    caption: str
    rows: tuple[tuple[Cell, ...], ...]
    trail: str
    """The walker's trail as SVG polyline points, a cell being 1 × 1."""
    mode: str = ""
    """``walk`` or ``place`` when this seat composes a move on this map; ``""``: read-only."""


@dataclass(frozen=True, slots=True)
class ScoutLine:
    seat: int
    name: str
    cell: str
    wounds: int
    artifacts: int
    skip: int
    kit_used: bool
    to_play: bool


@dataclass(frozen=True, slots=True)
class Button:
    action: dict[str, Any]
    label: str
    kind: str


@dataclass(frozen=True, slots=True)
class Composer:
    """A move put together on a panel by the page's script."""

    action: dict[str, Any]
    """The template action ``legal_actions`` lists (a ``place`` with empty fields, a ``move``
    with an empty path): the composer stands for it."""
    draft: str
    """What a half-made move is kept under across redraws: the same while the decision is."""
    start: str = ""
    """Where the path starts: the scout's cell."""


@dataclass(frozen=True, slots=True)
class Board:
    lang: str
    seat: int | None
    phase: str
    headline: tuple[str, ...]
    """The state of play in sentences (Discord's markdown)."""
    scouts: tuple[ScoutLine, ...]
    panels: tuple[Panel, ...]
    encounters: tuple[tuple[str, str], ...]
    """The latest encounters, newest first: each its kind and its sentence."""
    counts: dict[str, int]
    zones: int
    max_wounds: int
    named: tuple[int, ...] = ()
    """Zones already named in this seat's fight."""
    buttons: tuple[Button, ...] = ()
    place: Composer | None = None
    walk: Composer | None = None
    legend: tuple[tuple[str, str], ...] = field(default_factory=tuple)


# -- cells ------------------------------------------------------------------------------------
def _grounds(view: RaidView) -> dict[str, str]:
    grounds = dict.fromkeys(view.buildings, "building")
    grounds[view.entry] = "entry"
    return grounds


def _mark(lang: str, marker: Marker) -> Mark:
    known_zone = marker.kind == "terrorist" and marker.zone is not None
    letter = str(marker.zone) if known_zone else KIND_LETTERS[marker.kind]
    words = [
        t(
            lang,
            "raid.legend.killed"
            if marker.kind == "terrorist" and not marker.live
            else f"raid.legend.{marker.kind}",
        )
    ]
    if known_zone:
        words.append(t(lang, "raid.web.weak_spot", zone=marker.zone))
    if not marker.live and marker.kind != "terrorist":
        words.append(t(lang, "raid.web.gone"))
    elif marker.found:
        words.append(t(lang, "raid.web.met"))
    return Mark(marker.kind, letter, not marker.live, marker.found, ", ".join(words))


def _marks_by_cell(lang: str, view: RaidView, walker: int) -> dict[str, list[Mark]]:
    found: dict[str, list[tuple[Marker, Mark]]] = {}
    for marker in known_objects(view, walker):
        found.setdefault(marker.cell, []).append((marker, _mark(lang, marker)))
    order = {kind: rank for rank, kind in enumerate(MEET_ORDER)}
    return {
        cell: [mark for _, mark in sorted(marks, key=lambda m: (not m[0].live, order[m[0].kind]))]
        for cell, marks in found.items()
    }


def _frames(view: RaidView, walker: int) -> dict[str, str]:
    frames: dict[str, str] = {}
    if view.fight is not None and view.fight.seat == walker:
        frames[view.fight.cell] = "fight"
    if view.kit is not None and view.kit.seat == walker:
        frames[view.kit.cell] = "kit"
    return frames


def _panel(table: Table, view: RaidView, walker: int, key: str, caption: str, mode: str) -> Panel:
    lang = table.lang
    name = table.name(walker)
    grounds = _grounds(view)
    scout = view.scouts[walker]
    walked = set(scout.trail)
    marks = _marks_by_cell(lang, view, walker)
    frames = _frames(view, walker)
    rows = []
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            cell = f"{COLUMNS[col]}{row + 1}"
            ground = grounds.get(cell, "ground")
            here = [t(lang, f"raid.legend.{ground}")]
            if cell == scout.cell:
                here.append(t(lang, "raid.web.scout_here", player=name))
            elif cell in walked:
                here.append(t(lang, "raid.web.walked", player=name))
            if cell in frames:
                here.append(t(lang, f"raid.web.{frames[cell]}_here", player=name))
            shown = tuple(marks.get(cell, ()))
            here += [mark.meaning for mark in shown]
            meaning = t(lang, "raid.web.cell", cell=cell, what="; ".join(here))
            cells.append(
                Cell(
                    cell,
                    row + 1,
                    col + 1,
                    ground,
                    cell in walked,
                    cell == scout.cell,
                    frames.get(cell, ""),
                    shown,
                    meaning,
                )
            )
        rows.append(tuple(cells))
    return Panel(key, 1 - walker, walker, caption, tuple(rows), trail_points(scout.trail), mode)


def trail_points(trail: Sequence[str]) -> str:
    """A trail as SVG polyline points, each cell's centre (a cell is 1 × 1)."""
    points = []
    for cell in trail:
        col, row = coords(cell)
        points.append(f"{col + 0.5:g},{row + 0.5:g}")
    return " ".join(points) if len(points) > 1 else ""


def panels(table: Table, view: RaidView, kinds: set[str]) -> tuple[Panel, ...]:
    """Everyone: the map each scout walks (seat 1's scout first). A seat: the map its scout
    walks, as it has learned it, then its own secret map with the other scout on it."""
    lang = table.lang
    if table.seat is None:
        return tuple(
            _panel(
                table,
                view,
                walker,
                f"map{1 - walker}",
                t(lang, "raid.picture.walks", walker=table.name(walker), owner=table.name(1 - walker)),
                "",
            )
            for walker in (0, 1)
        )
    me, other = table.seat, 1 - table.seat
    walking = _panel(
        table,
        view,
        me,
        "walk",
        t(lang, "raid.web.walk_caption", owner=table.name(other)),
        "walk" if "move" in kinds else "",
    )
    own = _panel(
        table,
        view,
        other,
        "own",
        t(lang, "raid.picture.own_map", walker=table.name(other)),
        "place" if "place" in kinds else "",
    )
    return (walking, own) if view.phase == "play" else (own, walking)


# -- words ------------------------------------------------------------------------------------
def headline(table: Table, view: RaidView) -> tuple[str, ...]:
    """Where the game stands, and for a seat what it has to do, in sentences."""
    lang, seat = table.lang, table.seat
    if view.phase == "over":
        if not isinstance(view.winner, int):
            return (t(lang, "raid.end.draw"),)
        return (t(lang, f"raid.end.{view.end}", player=table.name(view.winner)),)
    if view.phase == "placement":
        lines = [
            t(lang, "raid.web.placed" if done else "raid.web.placing", player=table.name(s))
            for s, done in enumerate(view.placed)
        ]
        if seat is not None and not view.placed[seat] and table.active:
            lines.append(t(lang, "raid.web.place_help", zones=view.zones))
        return tuple(lines)
    lines = []
    if view.fight is not None:
        named = ", ".join(str(z) for z in view.fight.named) or "—"
        lines.append(
            t(lang, "raid.board.fight", player=table.name(view.fight.seat), cell=view.fight.cell, named=named)
        )
    elif view.kit is not None:
        lines.append(t(lang, "raid.board.kit", player=table.name(view.kit.seat), cell=view.kit.cell))
    elif seat is not None and view.current == seat and table.active:
        lines.append(t(lang, "raid.web.walk_help", owner=table.name(1 - seat)))
    return tuple(lines)


def scout_lines(table: Table, view: RaidView) -> tuple[ScoutLine, ...]:
    return tuple(
        ScoutLine(
            seat,
            table.name(seat),
            scout.cell,
            scout.wounds,
            scout.artifacts,
            scout.skip,
            scout.kit_used,
            view.current == seat,
        )
        for seat, scout in enumerate(view.scouts)
    )


def encounter_lines(table: Table, view: RaidView) -> tuple[tuple[str, str], ...]:
    """The board's latest encounters in Discord's sentences; the page draws the kind's own
    mark before each instead of its emoji."""
    latest = view.encounters[-RECENT_ENCOUNTERS:]
    return tuple(
        (
            e.kind,
            encounter_line(table, e.seat, e.cell, e.kind, e.outcome, e.wounds, e.zone)
            .removeprefix(KIND_EMOJI[e.kind])
            .strip(),
        )
        for e in reversed(latest)
    )


# -- moves ------------------------------------------------------------------------------------
def _buttons(table: Table) -> tuple[Button, ...]:
    renderer = renderer_for(table.game.key)
    return tuple(
        Button(action, renderer.button_look(table, action).label, str(action["kind"]))
        for action in table.actions
        if action["kind"] not in COMPOSED
    )


def _composers(table: Table, view: RaidView, seat: int) -> dict[str, Composer]:
    """The composer of each action the script puts together (``COMPOSED``) that is legal now."""
    here = view.scouts[seat].cell
    makers: dict[str, Callable[[dict[str, Any]], Composer]] = {
        "place": lambda action: Composer(action, f"place-{table.id}-{seat}"),
        "move": lambda action: Composer(action, f"walk-{table.id}-{seat}-{view.turn}-{here}", here),
    }
    return {str(a["kind"]): makers[str(a["kind"])](a) for a in table.actions if a["kind"] in COMPOSED}


def board(table: Table) -> Board:
    """The web board's data for ``table``'s audience: moves only for a seat of a game being
    played, and exactly its legal actions."""
    view: RaidView = table.view
    # the seat whose moves the board offers: none for everyone or a game not being played
    playing = table.seat if table.active else None
    composers = _composers(table, view, playing) if playing is not None else {}
    named = view.fight.named if view.fight is not None and view.fight.seat == table.seat else ()
    lang = table.lang
    return Board(
        lang=lang,
        seat=table.seat,
        phase=view.phase,
        headline=headline(table, view),
        scouts=scout_lines(table, view),
        panels=panels(table, view, set(composers)),
        encounters=encounter_lines(table, view),
        counts={field: view.counts[field] for field in PLACEMENT_FIELDS.values()},
        zones=view.zones,
        max_wounds=view.max_wounds,
        named=named,
        buttons=_buttons(table) if playing is not None else (),
        place=composers.get("place"),
        walk=composers.get("move"),
        legend=tuple((key, t(lang, f"raid.legend.{key}")) for key in LEGEND),
    )
