"""Raid actions as data: ``place``, ``place_random``, ``move``, ``guess``, ``use_kit``,
``leave_kit`` — and the typed text forms players use for them.

Cells are read by ``engine.games.raid.cells``. In a ``move`` a bad waypoint is a malformed
action (``BadAction`` at once, with a precise code). In a ``place`` a bad cell is kept as typed
so that ``apply`` can reject the placement with *every* problem at once (R7).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StringConstraints, TypeAdapter

from engine.core.contract import MAX_INPUT_CHARS
from engine.core.errors import BadAction
from engine.core.inputs import WHOLE
from engine.games.raid.cells import ALL_CELLS, DELTAS, SIZE, parse_path_text, parse_waypoint, try_cell

MAX_WAYPOINTS = 40
MAX_ZONE = 12
"""The largest ``zones`` option; a guess above it can never be right in any game."""
TYPED_ZONE = 99
"""The largest weak spot a placement reads as a number, either way from 0; any other is kept as
typed, to be listed with the placement's other problems (R7)."""
MAX_CELL_TEXT = MAX_INPUT_CHARS
"""The longest text a placement keeps as typed (a cell, or a weak spot that is no zone) to quote
among its problems: as long as a whole action, so that a cell of thousands of characters is
still named among them as a cell that cannot be read."""


def _lenient_cell(value: Any) -> Any:
    """A placement cell: canonical when it is a cell on the map, else the stripped text."""
    if isinstance(value, str):
        return try_cell(value) or value.strip()
    return value


def _waypoint(value: Any) -> Any:
    return parse_waypoint(value) if isinstance(value, str) else value


def _path_text(value: Any) -> Any:
    """A path may also be given as one string: ``"B1 B6 K6"`` or ``"down 5, right 9"``."""
    return parse_path_text(value) if isinstance(value, str) else value


PlacedCell = Annotated[str, BeforeValidator(_lenient_cell), StringConstraints(max_length=MAX_CELL_TEXT)]
Waypoint = Annotated[str, BeforeValidator(_waypoint), StringConstraints(max_length=MAX_CELL_TEXT)]
PlacedCells = Annotated[tuple[PlacedCell, ...], Field(max_length=len(ALL_CELLS))]
"""A placement's cells of one kind: at most every cell of the map."""


def _lenient_zone(value: Any) -> Any:
    """A weak spot: a number of at most two digits either way from 0; any other number is kept
    as its digits (an integer written out, as it was given), to be named as no zone."""
    if isinstance(value, str) and re.fullmatch(r"-?[0-9]+", text := value.strip()):
        return int(text) if len(text.lstrip("-")) <= 2 else text
    if isinstance(value, int) and not isinstance(value, bool) and not -TYPED_ZONE <= value <= TYPED_ZONE:
        return str(value)  # (the core refuses any integer too large to write before this)
    return value


Digits = Annotated[str, StringConstraints(pattern=r"^-?[0-9]+$", max_length=MAX_CELL_TEXT)]
Zone = Annotated[
    Annotated[int, Field(ge=-TYPED_ZONE, le=TYPED_ZONE), WHOLE] | Digits,
    BeforeValidator(_lenient_zone),
]
"""A weak spot as given: checked against the game's ``zones`` when the placement is applied."""


def _spot(value: Any) -> Any:
    """``"B2=4"`` is short for ``{"cell": "B2", "zone": 4}``."""
    if isinstance(value, str) and "=" in value:
        cell, _, zone = value.partition("=")
        return {"cell": cell, "zone": zone.strip()}
    return value


@dataclass(frozen=True, slots=True)
class TerroristSpot:
    cell: PlacedCell
    zone: Zone
    """The weak spot (R6), checked against the game's ``zones`` when the placement is applied:
    its digits when it is no number of two digits."""

    def __str__(self) -> str:
        return f"{self.cell}={self.zone}"


@dataclass(frozen=True, slots=True)
class Place:
    """A whole placement (R4–R7). With every field empty it is the template ``legal_actions``
    offers: 'place your objects'."""

    pits: PlacedCells = ()
    traps: PlacedCells = ()
    terrorists: Annotated[
        tuple[Annotated[TerroristSpot, BeforeValidator(_spot)], ...], Field(max_length=len(ALL_CELLS))
    ] = ()
    kit: PlacedCell | None = None
    artifacts: PlacedCells = ()
    kind: Literal["place"] = "place"


@dataclass(frozen=True, slots=True)
class PlaceRandom:
    kind: Literal["place_random"] = "place_random"


@dataclass(frozen=True, slots=True)
class Move:
    """A path (R9): waypoints after the scout's cell, canonical (``B6`` or ``down 5``). With
    no waypoints it is the template ``legal_actions`` offers: 'give a path'."""

    path: Annotated[tuple[Waypoint, ...], Field(max_length=MAX_WAYPOINTS), BeforeValidator(_path_text)] = ()
    kind: Literal["move"] = "move"


@dataclass(frozen=True, slots=True)
class Guess:
    zone: Annotated[int, Field(ge=1, le=MAX_ZONE), WHOLE]
    kind: Literal["guess"] = "guess"


@dataclass(frozen=True, slots=True)
class UseKit:
    kind: Literal["use_kit"] = "use_kit"


@dataclass(frozen=True, slots=True)
class LeaveKit:
    kind: Literal["leave_kit"] = "leave_kit"


RaidAction = Place | PlaceRandom | Move | Guess | UseKit | LeaveKit
ACTION_ADAPTER: TypeAdapter[RaidAction] = TypeAdapter(Annotated[RaidAction, Field(discriminator="kind")])

PLACE_TEMPLATE = Place()
PLACE_RANDOM = PlaceRandom()
MOVE_TEMPLATE = Move()
USE_KIT = UseKit()
LEAVE_KIT = LeaveKit()
GUESS: dict[int, Guess] = {z: Guess(z) for z in range(1, MAX_ZONE + 1)}

CANONICAL_WAYPOINTS: frozenset[str] = frozenset(ALL_CELLS) | frozenset(
    f"{direction} {n}" for direction in DELTAS for n in range(1, SIZE)
)
"""The waypoints as the parser writes them that a scout can walk: every cell, every step."""


_TEXT_ONLY = frozenset({str})


def canonical(move: Move) -> Move:
    """``move`` with its waypoints as the parser writes them (``b6`` → ``B6``), checked as when
    it is read. A move made by the engine's own parser or a policy usually is already, and is
    then returned as it is: reading it again (a dump and a validation) cost more than walking it."""
    path = move.path
    if (
        type(path) is tuple
        and len(path) <= MAX_WAYPOINTS
        and {*map(type, path)} <= _TEXT_ONLY  # plain strings, nothing that merely compares equal
        and CANONICAL_WAYPOINTS.issuperset(path)
    ):
        return move
    read = ACTION_ADAPTER.validate_python(ACTION_ADAPTER.dump_python(move))
    assert isinstance(read, Move)
    return read


_CELLS = frozenset(ALL_CELLS)


def _canonical_cells(cells: object) -> bool:
    return type(cells) is tuple and all(type(c) is str and c in _CELLS for c in cells)


def canonical_place(place: Place) -> Place:
    """``place`` with its cells as the parser writes them (``b6`` → ``B6``), read again as
    when it is typed; one whose cells already are (as a policy's placement is) is returned as
    it is, as ``canonical`` does for a move."""
    spots = place.terrorists
    if (
        type(place) is Place
        and _canonical_cells(place.pits)
        and _canonical_cells(place.traps)
        and _canonical_cells(place.artifacts)
        and (place.kit is None or (type(place.kit) is str and place.kit in _CELLS))
        and type(spots) is tuple
        and all(type(t) is TerroristSpot and type(t.zone) is int for t in spots)
        and _canonical_cells(tuple(t.cell for t in spots))
    ):
        return place
    read = ACTION_ADAPTER.validate_python(ACTION_ADAPTER.dump_python(place))
    assert isinstance(read, Place)
    return read


# -- typed text ---------------------------------------------------------------------------------

_SECTION_NAMES: dict[str, str] = {
    "pits": "pits",
    "pit": "pits",
    "ямы": "pits",
    "traps": "traps",
    "trap": "traps",
    "ловушки": "traps",
    "terrorists": "terrorists",
    "terrorist": "terrorists",
    "террористы": "terrorists",
    "kit": "kit",
    "аптечка": "kit",
    "artifacts": "artifacts",
    "artifact": "artifacts",
    "артефакты": "artifacts",
}
_WORDS: dict[str, dict[str, Any]] = {
    "random": {"kind": "place_random"},
    "place random": {"kind": "place_random"},
    "place_random": {"kind": "place_random"},
    "случайно": {"kind": "place_random"},
    "use": {"kind": "use_kit"},
    "use kit": {"kind": "use_kit"},
    "use_kit": {"kind": "use_kit"},
    "использовать": {"kind": "use_kit"},
    "leave": {"kind": "leave_kit"},
    "leave kit": {"kind": "leave_kit"},
    "leave_kit": {"kind": "leave_kit"},
    "оставить": {"kind": "leave_kit"},
}
_GUESS = re.compile(r"^(?:guess|zone|зона)?\s*([0-9]{1,6})$")
_MOVE_VERB = re.compile(r"^(?:move|go|иду|идти)\b\s*", re.IGNORECASE)


def parse_placement_text(text: str) -> dict[str, Any]:
    """``pits: C3 D7 F2 H9; traps: …; terrorists: B2=4 G3=1; kit: J10; artifacts: …``."""
    data: dict[str, Any] = {"kind": "place"}
    for section in filter(None, (s.strip() for s in text.split(";"))):
        name, colon, items = section.partition(":")
        field = _SECTION_NAMES.get(name.strip().lower())
        if not colon or field is None:
            raise BadAction(
                f"cannot read {section!r}: sections are pits, traps, terrorists, kit, artifacts "
                "(e.g. 'pits: C3 D7; terrorists: B2=4')",
                "unreadable",
                text=section,
            )
        if field in data:
            raise BadAction(f"the section {field} is given twice", "unreadable", text=section)
        words = [w for w in re.split(r"[\s,]+", items.strip()) if w]
        if field == "kit":
            if len(words) > 1:
                raise BadAction(
                    f"one kit cell, not {len(words)}: {items.strip()}", "unreadable", text=section
                )
            data["kit"] = words[0] if words else None
        else:
            data[field] = words
    return data


_SECTIONS = ("pits", "traps", "terrorists", "kit", "artifacts")
_TYPED_WORDS = {"place_random": "random", "use_kit": "use", "leave_kit": "leave"}


def typed_text(data: dict[str, Any]) -> str:
    """An action as ``parse_text`` reads it: a placement ``pits: C3 D7; …; terrorists: B2=4 …;
    kit: J10; artifacts: …``, ``random``, ``use``, ``leave``, ``zone 4``, a path ``B1 B6 F6``."""
    kind = str(data["kind"])
    if kind in _TYPED_WORDS:
        return _TYPED_WORDS[kind]
    if kind == "guess":
        return f"zone {data['zone']}"
    if kind == "move":
        return " ".join(map(str, data.get("path") or ()))
    sections = []
    for name in _SECTIONS:
        value = data.get(name)
        if not value:
            continue
        items = value if isinstance(value, list) else [value]
        cells = [f"{i['cell']}={i['zone']}" if isinstance(i, dict) else str(i) for i in items]
        sections.append(f"{name}: {' '.join(cells)}")
    return "; ".join(sections)


def parse_text(text: str) -> dict[str, Any]:
    """Any typed action: a placement (sections with ``:``), ``random``, ``use``/``leave``,
    a zone number (``guess 4``, ``4``), or a path (``B1 B6 K6``, ``move down 5, right 9``)."""
    clean = text.strip()
    if not clean:
        raise BadAction("an empty action", "empty")
    lowered = " ".join(clean.lower().split())
    if lowered in _WORDS:
        return dict(_WORDS[lowered])
    if ":" in clean:
        return parse_placement_text(clean)
    guess = _GUESS.match(lowered)
    if guess:
        return {"kind": "guess", "zone": int(guess.group(1))}
    return {"kind": "move", "path": parse_path_text(_MOVE_VERB.sub("", clean))}
