"""One Raid position. Plain data; the rules never change it, they build a new one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from engine.core.decisions import Decision
from engine.core.rng import Rng
from engine.games.raid.data import EndReason, Kind, Phase
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
    pits: int = Field(4, ge=0, le=12)
    traps: int = Field(4, ge=0, le=12)
    terrorists: int = Field(4, ge=0, le=12)
    kit: int = Field(1, ge=0, le=1)
    artifacts: int = Field(3, ge=1, le=10)
    zones: int = Field(6, ge=2, le=12)

    @field_validator("scenario")
    @classmethod
    def _scenario_known(cls, name: str) -> str:
        if name not in SCENARIOS:
            raise ValueError(f"unknown scenario {name!r}; scenarios: {', '.join(SCENARIOS)}")
        return name


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Hazard:
    """One object on a hazard map."""

    kind: Kind
    cell: str
    zone: int | None = None
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
    cell: str
    trail: tuple[str, ...]
    """Every cell walked, in order, starting with the entry."""
    wounds: int = 0
    artifacts: int = 0
    """Artifacts collected on the opponent's map."""
    skip: int = 0
    """Turns still to miss (R14)."""
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

    seat: int
    cell: str
    kind: Kind
    outcome: Outcome
    wounds: int
    """The scout's wounds after the encounter."""
    zone: int | None = None
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
    cell: str
    target: int
    named: tuple[int, ...] = ()
    then: tuple[int, ...] = ()

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
    cell: str
    options: tuple[str, ...] = ("use_kit", "leave_kit")


_fight = builder(Fight)


RaidDecision = Annotated[PlaceObjects | Walk | Fight | Kit, Field(discriminator="kind")]


@dataclass(slots=True)
class RaidState:
    rng: Rng
    """The generator of random placements."""
    options: RaidOptions
    phase: Phase
    maps: tuple[tuple[Hazard, ...] | None, ...]
    """``maps[s]``: the hazard map seat ``s`` owns — the one the *other* scout walks (R3);
    ``None`` until ``s`` has placed."""
    scouts: tuple[Scout, ...]
    current: int = 0
    """Whose turn it is during play."""
    turn: int = 0
    """Turns ended so far (R19): a move with its encounters, or a missed turn."""
    agenda: tuple[RaidDecision, ...] = ()
    """What the game waits for, bottom first: the placement; then the walk of the seat whose
    turn it is, with a fight or a kit decision on top of it while one interrupts the walk."""
    encounters: tuple[Encounter, ...] = ()
    winner: int | Literal["draw"] | None = None
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
