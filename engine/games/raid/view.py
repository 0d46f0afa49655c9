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
from typing import NamedTuple

from pydantic import TypeAdapter

from engine.games.raid.cells import ALL_CELLS
from engine.games.raid.data import MAX_TURNS, MAX_WOUNDS, PLACEMENT_FIELDS, EndReason, Phase
from engine.games.raid.memo import ByIdentity
from engine.games.raid.scenarios import SCENARIOS
from engine.games.raid.state import Encounter, Fight, Hazard, Kit, RaidOptions, RaidState, Scout


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


@dataclass(slots=True)
class RaidView:
    """A seat's view: made anew for whoever asks, and theirs to keep; the game never reads one
    back. (Not frozen: one is made for every decision a computer player takes, and a frozen
    dataclass of this many fields, each set through ``object.__setattr__``, costs eight times
    as much to make.)"""

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


class _Fixed(NamedTuple):
    """What every view of a game shows the same: its scenario and options."""

    scenario: str
    artifact_name: str
    buildings: tuple[str, ...]
    entry: str
    zones: int
    counts: dict[str, int]


def _fixed_of(options: RaidOptions) -> _Fixed:
    scenario = SCENARIOS[options.scenario]
    counts = dict(zip(_COUNT_FIELDS, _counts_of(options), strict=True))
    return _Fixed(
        scenario.name,
        scenario.artifact_name,
        _buildings(scenario.name),
        scenario.entry,
        options.zones,
        counts,
    )


_fixed = ByIdentity(_fixed_of)
"""``_fixed_of`` a game's options, remembered: a view is made for every decision a computer
player takes, and the options are the same object for the whole game."""


def make_view(state: RaidState, seat: int | None) -> RaidView:
    fixed = _fixed(state.options)
    phase, maps, current = state.phase, state.maps, state.current
    own = maps[seat] if seat is not None and 0 <= seat < len(maps) else None
    top = state.agenda[-1] if state.agenda else None
    fight = FightView(top.seat, top.cell, top.named) if isinstance(top, Fight) else None
    kit = KitView(current, top.cell) if isinstance(top, Kit) else None
    over = phase == "over"
    # positionally, in the order of the fields: keywords cost a third of the view
    return RaidView(
        seat,
        phase,
        fixed.scenario,
        fixed.artifact_name,
        fixed.buildings,
        fixed.entry,
        fixed.zones,
        dict(fixed.counts),  # the caller's own
        (maps[0] is not None, maps[1] is not None),
        current if phase == "play" else None,
        state.turn,
        MAX_TURNS,
        MAX_WOUNDS,
        state.scouts,
        own,
        state.encounters,
        fight,
        kit,
        state.winner,
        state.end,
        tuple(m or () for m in maps) if over else None,
    )
