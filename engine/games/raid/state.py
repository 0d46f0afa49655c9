"""One Raid position. Plain data; the rules never change it, they build a new one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from engine.core.contract import MAX_INPUT_VALUES
from engine.core.decisions import Decision
from engine.core.rng import Rng
from engine.games.raid.cells import ALL_CELLS, SIZE
from engine.games.raid.data import (
    MAX_ARTIFACTS,
    MAX_OBJECTS,
    MAX_PER_KIND,
    MAX_TURNS,
    MAX_WOUNDS,
    SEATS,
    EndReason,
    Kind,
    Phase,
)
from engine.games.raid.scenarios import DEFAULT_SCENARIO, SCENARIOS
from engine.kits.build import builder

Outcome = Literal["collected", "fight", "miss", "killed", "fell", "wounded", "found", "used", "left"]
"""What happened in an encounter: artifact ``collected``; terrorist ``fight`` (met), ``miss``
(a wrong zone, 1 wound), ``killed``; pit ``fell``; trap ``wounded``; kit ``found``, then
``used`` or ``left``."""


class RaidOptions(BaseModel):
    """Counts of R4, ``zones`` of R6 and the scenario of R2 (all ours as options)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scenario: str = DEFAULT_SCENARIO
    pits: int = Field(4, ge=0, le=MAX_PER_KIND)
    traps: int = Field(4, ge=0, le=MAX_PER_KIND)
    terrorists: int = Field(4, ge=0, le=MAX_PER_KIND)
    kit: int = Field(1, ge=0, le=1)
    artifacts: int = Field(3, ge=1, le=MAX_ARTIFACTS)
    zones: int = Field(6, ge=2, le=MAX_PER_KIND)

    @field_validator("scenario")
    @classmethod
    def _scenario_known(cls, name: str) -> str:
        if name not in SCENARIOS:
            raise ValueError(f"unknown scenario {name!r}; scenarios: {', '.join(SCENARIOS)}")
        return name


T = TypeVar("T")

_ON_MAP = frozenset(ALL_CELLS)


def _on_map(cell: str) -> str:
    if cell not in _ON_MAP:
        raise ValueError(f"{cell!r} is not a cell of the map")
    return cell


Cell = Annotated[str, AfterValidator(_on_map)]
"""A cell's canonical name (``B6``): the bounds of a stored state's cells."""
Seat = Annotated[int, Field(ge=0, lt=SEATS)]
Zone = Annotated[int, Field(ge=1, le=MAX_PER_KIND)]
Wounds = Annotated[int, Field(ge=0, le=MAX_WOUNDS)]
ObjectIndex = Annotated[int, Field(ge=0, lt=MAX_OBJECTS)]
"""An object's index on a hazard map."""
MAX_TRAIL = MAX_TURNS * MAX_INPUT_VALUES * SIZE
"""Cells a scout walks in a game at most: every turn a path of the most waypoints, each leg
crossing the map."""
MAX_ENCOUNTERS = MAX_TURNS * (MAX_OBJECTS + MAX_PER_KIND)
"""Record lines at most: every turn, every object of a cell met and every zone named."""


@dataclass(frozen=True, slots=True)
class Hazard:
    """One object on a hazard map."""

    kind: Kind
    cell: Cell
    zone: Zone | None = None
    """A terrorist's weak spot (R6); ``None`` for other kinds."""
    live: bool = True
    """``False`` once collected (artifact), killed (terrorist) or used (kit); pits and traps
    stay live for ever (R14, R15)."""
    found: bool = False
    """Whether the walking scout has met it (then it is public knowledge)."""

    # Each encounter makes new objects; built positionally, they cost a fraction of
    # ``dataclasses.replace``, which a playout would otherwise spend a tenth of its time in.
    def met(self) -> Hazard:
        """The object once the walking scout has met it."""
        return _hazard(self.kind, self.cell, self.zone, self.live, True)

    def spent(self) -> Hazard:
        """The object once collected (artifact), killed (terrorist) or used (kit)."""
        return _hazard(self.kind, self.cell, self.zone, False, True)


@dataclass(frozen=True, slots=True)
class Scout:
    cell: Cell
    trail: Annotated[tuple[Cell, ...], Field(min_length=1, max_length=MAX_TRAIL)]
    """Every cell walked, in order, starting with the entry."""
    wounds: Wounds = 0
    artifacts: Annotated[int, Field(ge=0, le=MAX_ARTIFACTS)] = 0
    """Artifacts collected on the opponent's map."""
    skip: Annotated[int, Field(ge=0, le=MAX_PER_KIND)] = 0
    """Turns still to miss (R14): a pit each, and a cell holds at most every pit."""
    kit_used: bool = False

    def walked(self, cells: Sequence[str]) -> Scout:
        """The scout once it has walked ``cells`` (its own cell not included)."""
        return _scout(
            cells[-1], self.trail + tuple(cells), self.wounds, self.artifacts, self.skip, self.kit_used
        )

    def wounded(self) -> Scout:
        return _scout(self.cell, self.trail, self.wounds + 1, self.artifacts, self.skip, self.kit_used)

    def collected(self) -> Scout:
        return _scout(self.cell, self.trail, self.wounds, self.artifacts + 1, self.skip, self.kit_used)

    def missing(self, turns: int) -> Scout:
        """The scout with ``turns`` more turns to miss (negative: one was missed)."""
        return _scout(self.cell, self.trail, self.wounds, self.artifacts, self.skip + turns, self.kit_used)


@dataclass(frozen=True, slots=True)
class Encounter:
    """One public record line: ``seat``'s scout met a ``kind`` on ``cell``."""

    seat: Seat
    cell: Cell
    kind: Kind
    outcome: Outcome
    wounds: Wounds
    """The scout's wounds after the encounter."""
    zone: Zone | None = None
    """The zone named (terrorist ``miss`` / ``killed``)."""


new_hazard = _hazard = builder(Hazard)
_scout = builder(Scout)
new_encounter = builder(Encounter)
"""``Hazard(...)``, ``Encounter(...)`` with every field given, made as fast as a frozen value
can be (``builder``)."""


# -- what the game waits for (``engine.core.decisions``) ------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceObjects(Decision):
    """R7: every seat that has not placed yet places its objects, in secret, at the same time."""

    kind: Literal["place"] = "place"
    secret: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Walk(Decision):
    """R8–R9: the seat whose turn it is gives a path."""

    kind: Literal["walk"] = "walk"


@dataclass(frozen=True, slots=True, kw_only=True)
class Fight(Decision):
    """R13: the walking scout fights the terrorist at ``target`` (its index on the opponent's
    map) on ``cell``; ``options`` are the zones it may still name, ``named`` those named so far.
    ``then``: the objects of the cell still to meet once the terrorist is dead (R11)."""

    kind: Literal["fight"] = "fight"
    options: tuple[Zone, ...] = ()
    cell: Cell
    target: ObjectIndex
    named: Annotated[tuple[Zone, ...], Field(max_length=MAX_PER_KIND)] = ()
    then: Annotated[tuple[ObjectIndex, ...], Field(max_length=MAX_OBJECTS)] = ()

    @property
    def seat(self) -> int:
        """The fighting scout's seat."""
        return self.seats[0]

    def named_also(self, zone: int) -> Fight:
        """The fight once ``zone`` has been named and missed: it may not be named again."""
        left = tuple(z for z in self.options if z != zone)
        s = self
        return _fight(
            s.kind, s.seats, left, s.secret, s.default, s.data, s.cell, s.target, (*s.named, zone), s.then
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Kit(Decision):
    """R16: the scout who found the first-aid kit on ``cell`` uses it or leaves it."""

    kind: Literal["kit"] = "kit"
    cell: Cell
    options: tuple[str, ...] = ("use_kit", "leave_kit")


_fight = builder(Fight)


RaidDecision = Annotated[PlaceObjects | Walk | Fight | Kit, Field(discriminator="kind")]


@dataclass(slots=True)
class RaidState:
    rng: Rng
    """The generator of random placements."""
    options: RaidOptions
    phase: Phase
    maps: Annotated[
        tuple[Annotated[tuple[Hazard, ...], Field(max_length=MAX_OBJECTS)] | None, ...],
        Field(min_length=SEATS, max_length=SEATS),
    ]
    """``maps[s]``: the hazard map seat ``s`` owns — the one the *other* scout walks (R3);
    ``None`` until ``s`` has placed."""
    scouts: Annotated[tuple[Scout, ...], Field(min_length=SEATS, max_length=SEATS)]
    current: Seat = 0
    """Whose turn it is during play."""
    turn: Annotated[int, Field(ge=0, le=MAX_TURNS)] = 0
    """Turns ended so far (R19): a move with its encounters, or a missed turn."""
    agenda: Annotated[tuple[RaidDecision, ...], Field(max_length=2)] = ()
    """What the game waits for, bottom first: the placement; then the walk of the seat whose
    turn it is, with a fight or a kit decision on top of it while one interrupts the walk."""
    encounters: Annotated[tuple[Encounter, ...], Field(max_length=MAX_ENCOUNTERS)] = ()
    winner: Seat | Literal["draw"] | None = None
    end: EndReason | None = None

    @property
    def fight(self) -> Fight | None:
        """The fight in progress, if the game waits on one."""
        top = self.agenda[-1] if self.agenda else None
        return top if isinstance(top, Fight) else None

    @property
    def kit_pending(self) -> str | None:
        """The cell of the first-aid kit the current scout must use or leave, if any."""
        top = self.agenda[-1] if self.agenda else None
        return top.cell if isinstance(top, Kit) else None


STATE_ADAPTER: TypeAdapter[RaidState] = TypeAdapter(RaidState)
