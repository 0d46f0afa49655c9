"""What a Raid seat or spectator sees — the one place that decides visibility (R3, and the
rules' "What each player sees").

Public: the scenario, both scouts (cell, trail, wounds, artifacts, skip, kit), every encounter,
the fight's cell and named zones, whose turn it is. Private: ``own_map`` only in its owner's
view. The opponent's objects reach a seat only through encounters. At the end both maps are in
every view (``revealed_maps``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from operator import attrgetter

from pydantic import TypeAdapter

from engine.games.raid.cells import ALL_CELLS
from engine.games.raid.data import MAX_TURNS, MAX_WOUNDS, PLACEMENT_FIELDS, EndReason, Phase
from engine.games.raid.scenarios import SCENARIOS
from engine.games.raid.state import Encounter, Hazard, RaidState, Scout


@dataclass(frozen=True, slots=True)
class FightView:
    seat: int
    cell: str
    named: tuple[int, ...]
    """Zones already named against this terrorist (they cannot be named again)."""


@dataclass(frozen=True, slots=True)
class KitView:
    seat: int
    cell: str


@dataclass(frozen=True, slots=True)
class RaidView:
    seat: int | None
    """Whose view this is; ``None`` for a spectator."""
    phase: Phase
    scenario: str
    artifact_name: str
    buildings: tuple[str, ...]
    entry: str
    zones: int
    counts: dict[str, int]
    """How many of each object every player places (public options)."""
    placed: tuple[bool, ...]
    current: int | None
    """The seat to act during play (the fighter in a fight); ``None`` otherwise."""
    turn: int
    max_turns: int
    max_wounds: int
    scouts: tuple[Scout, ...]
    own_map: tuple[Hazard, ...] | None
    """The viewer's own hazard map (walked by the other scout); ``None`` for spectators and
    before the viewer has placed."""
    encounters: tuple[Encounter, ...]
    fight: FightView | None
    kit: KitView | None
    """A first-aid kit waiting for its finder's use-or-leave decision (R16)."""
    winner: int | str | None
    """A seat, ``"draw"``, or ``None`` while the game runs."""
    end: EndReason | None
    revealed_maps: tuple[tuple[Hazard, ...], ...] | None
    """Both hazard maps, once the game is over."""


VIEW_ADAPTER: TypeAdapter[RaidView] = TypeAdapter(RaidView)


_COUNT_FIELDS = tuple(PLACEMENT_FIELDS.values())
_counts_of = attrgetter(*_COUNT_FIELDS)


@cache
def _buildings(scenario: str) -> tuple[str, ...]:
    """A scenario's buildings in map order (row by row), as views list them."""
    return tuple(c for c in ALL_CELLS if c in SCENARIOS[scenario].buildings)


def make_view(state: RaidState, seat: int | None) -> RaidView:
    opts = state.options
    scenario = SCENARIOS[opts.scenario]
    own = state.maps[seat] if seat is not None and 0 <= seat < len(state.maps) else None
    fight = state.fight
    kit = state.kit_pending
    over = state.phase == "over"
    return RaidView(
        seat=seat,
        phase=state.phase,
        scenario=scenario.name,
        artifact_name=scenario.artifact_name,
        buildings=_buildings(scenario.name),
        entry=scenario.entry,
        zones=opts.zones,
        counts=dict(zip(_COUNT_FIELDS, _counts_of(opts), strict=True)),
        placed=(state.maps[0] is not None, state.maps[1] is not None),
        current=state.current if state.phase == "play" else None,
        turn=state.turn,
        max_turns=MAX_TURNS,
        max_wounds=MAX_WOUNDS,
        scouts=state.scouts,
        own_map=own,
        encounters=state.encounters,
        fight=None if fight is None else FightView(fight.seat, fight.cell, fight.named),
        kit=None if kit is None else KitView(state.current, kit),
        winner=state.winner,
        end=state.end,
        revealed_maps=tuple(m or () for m in state.maps) if over else None,
    )
