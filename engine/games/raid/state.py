"""One Raid position. Plain data; the rules never change it, they build a new one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from engine.games.raid.data import EndReason, Kind, Phase
from engine.games.raid.scenarios import DEFAULT_SCENARIO, SCENARIOS

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


@dataclass(frozen=True, slots=True)
class Fight:
    """A fight in progress (R13): ``seat``'s scout against the terrorist at ``target`` (its
    index on the opponent's map)."""

    seat: int
    cell: str
    target: int
    named: tuple[int, ...] = ()


@dataclass(slots=True)
class RaidState:
    seed: int
    draws: int
    """How many words of the seeded generator were used (random placements)."""
    options: RaidOptions
    phase: Phase
    maps: tuple[tuple[Hazard, ...] | None, ...]
    """``maps[s]``: the hazard map seat ``s`` owns — the one the *other* scout walks (R3);
    ``None`` until ``s`` has placed."""
    scouts: tuple[Scout, ...]
    current: int = 0
    turn: int = 0
    """Turns ended so far (R19): a move with its encounters, or a missed turn."""
    fight: Fight | None = None
    kit_pending: str | None = None
    """The kit cell where the current scout must choose use or leave (R16)."""
    encounters: tuple[Encounter, ...] = ()
    winner: int | Literal["draw"] | None = None
    end: EndReason | None = None


STATE_ADAPTER: TypeAdapter[RaidState] = TypeAdapter(RaidState)
