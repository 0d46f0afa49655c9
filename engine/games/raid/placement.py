"""Secret placement (R4–R7): checking a whole placement, turning it into a hazard map, and
drawing a random valid one from the state's generator."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.core.errors import BadAction
from engine.core.rng import Rng
from engine.games.raid.actions import Place, TerroristSpot
from engine.games.raid.cells import ALL_CELLS, parse_cell
from engine.games.raid.data import MEET_ORDER, PLACEMENT_FIELDS, Kind
from engine.games.raid.scenarios import SCENARIOS, Scenario
from engine.games.raid.state import Hazard, RaidOptions, new_hazard

_ON_MAP = frozenset(ALL_CELLS)


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a placement is rejected; ``apply`` lists them all (R7)."""

    code: str
    message: str
    params: dict[str, Any] = field(default_factory=dict)

    def as_data(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **self.params}


def required(options: RaidOptions, kind: Kind) -> int:
    count: int = getattr(options, PLACEMENT_FIELDS[kind])
    return count


def placed_cells(place: Place, kind: Kind) -> tuple[str, ...]:
    """The cells given for ``kind``, as typed (canonical when readable)."""
    if kind == "terrorist":
        return tuple(spot.cell for spot in place.terrorists)
    if kind == "kit":
        return () if place.kit is None else (place.kit,)
    cells: tuple[str, ...] = getattr(place, PLACEMENT_FIELDS[kind])
    return cells


def check_placement(place: Place, options: RaidOptions) -> list[Problem]:
    """Every reason ``place`` breaks R4–R6, in a stable order: per kind (pits, traps,
    terrorists, kit, artifacts) the count, then each cell. R5: any number of objects may share
    a cell, of the same kind too."""
    scenario = SCENARIOS[options.scenario]
    problems: list[Problem] = []
    for kind in ("pit", "trap", "terrorist", "kit", "artifact"):
        cells = placed_cells(place, kind)
        field_name = PLACEMENT_FIELDS[kind]
        need = required(options, kind)
        if len(cells) != need:
            problems.append(
                Problem(
                    "wrong_count",
                    f"{field_name}: {len(cells)} placed, {need} required",
                    {"field": field_name, "placed": len(cells), "required": need},
                )
            )
        for cell in cells:
            problems.extend(_cell_problems(kind, cell, scenario))
        if kind == "terrorist":
            problems.extend(_zone_problems(place.terrorists, options.zones))
    return problems


def _cell_problems(kind: Kind, cell: str, scenario: Scenario) -> list[Problem]:
    field_name = PLACEMENT_FIELDS[kind]
    if cell not in _ON_MAP:
        try:
            parse_cell(cell)
        except BadAction as exc:
            return [Problem(exc.code, f"{field_name}: {exc.message}", {"field": field_name, "cell": cell})]
    out: list[Problem] = []
    if cell == scenario.entry:
        out.append(
            Problem(
                "on_entry",
                f"{kind} at {cell}: nothing may be placed on the entry cell",
                {"field": field_name, "cell": cell},
            )
        )
    if kind == "terrorist" and cell not in scenario.buildings:
        out.append(
            Problem(
                "not_in_building",
                f"terrorist at {cell}: terrorists go only on building cells",
                {"field": field_name, "cell": cell},
            )
        )
    return out


def _zone_problems(spots: tuple[TerroristSpot, ...], zones: int) -> list[Problem]:
    return [
        Problem(
            "bad_zone",
            f"terrorist at {spot.cell}: weak spot {spot.zone} is not a zone 1–{zones}",
            {"field": "terrorists", "cell": spot.cell, "zone": spot.zone},
        )
        for spot in spots
        if not isinstance(spot.zone, int) or not 1 <= spot.zone <= zones
    ]


def hazard_map(place: Place) -> tuple[Hazard, ...]:
    """The hazard map of a valid placement, objects in meeting order (R11) then as given."""
    objects: list[Hazard] = []
    for kind in MEET_ORDER:
        if kind == "terrorist":
            objects.extend(
                new_hazard("terrorist", s.cell, int(s.zone), True, False) for s in place.terrorists
            )
        else:
            objects.extend(new_hazard(kind, cell, None, True, False) for cell in placed_cells(place, kind))
    return tuple(objects)


MAP_ORDER: dict[str, int] = {cell: i for i, cell in enumerate(ALL_CELLS)}
"""Each cell's place on the map, row by row."""


@cache
def _placeable(scenario_name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cells a scenario lets objects be placed on (never the entry), and its buildings
    (where terrorists go), in map order."""
    scenario = SCENARIOS[scenario_name]
    return tuple(c for c in ALL_CELLS if c != scenario.entry), tuple(
        c for c in ALL_CELLS if c in scenario.buildings
    )


def random_placement(options: RaidOptions, rng: Rng) -> tuple[Place, Rng]:
    """A random valid placement (objects of one kind on different cells, never the entry,
    terrorists in buildings) and the advanced generator."""
    open_cells, buildings = _placeable(options.scenario)
    chosen: dict[Kind, list[str]] = {}
    for kind in ("pit", "trap", "terrorist", "kit", "artifact"):
        pool, rng = rng.shuffled(buildings if kind == "terrorist" else open_cells)
        chosen[kind] = sorted(pool[: required(options, kind)], key=MAP_ORDER.__getitem__)
    spots = []
    for cell in chosen["terrorist"]:
        zone, rng = rng.die(options.zones)
        spots.append(TerroristSpot(cell, zone))
    place = Place(
        pits=tuple(chosen["pit"]),
        traps=tuple(chosen["trap"]),
        terrorists=tuple(spots),
        kit=chosen["kit"][0] if chosen["kit"] else None,
        artifacts=tuple(chosen["artifact"]),
    )
    return place, rng


def redeal_map(
    objects: tuple[Hazard, ...], options: RaidOptions, crossed: tuple[str, ...], rng: Rng
) -> tuple[tuple[Hazard, ...], Rng]:
    """The map with every object its walker has not met moved to a random cell the walker has
    not ``crossed`` (a terrorist into a building, with a new weak spot), keeping R5: what the
    walker sees of the map cannot tell the two apart (``Game.redeal``)."""
    scenario = SCENARIOS[options.scenario]
    seen = set(crossed) | {scenario.entry}
    open_cells = [c for c in ALL_CELLS if c not in seen]
    buildings = [c for c in sorted(scenario.buildings) if c not in seen]
    out: list[Hazard] = []
    for hazard in objects:
        if hazard.found:
            out.append(hazard)
            continue
        cell, rng = rng.choice(buildings if hazard.kind == "terrorist" else open_cells)
        zone = None
        if hazard.zone is not None:
            zone, rng = rng.die(options.zones)
        out.append(Hazard(hazard.kind, cell, zone, hazard.live, False))
    return tuple(out), rng


def placement_of(objects: tuple[Hazard, ...]) -> Place:
    """The ``place`` action that builds this hazard map (for tests and the bot's text form)."""

    def cells(kind: Kind) -> tuple[str, ...]:
        return tuple(h.cell for h in objects if h.kind == kind)

    kits = cells("kit")
    return Place(
        pits=cells("pit"),
        traps=cells("trap"),
        terrorists=tuple(TerroristSpot(h.cell, h.zone or 0) for h in objects if h.kind == "terrorist"),
        kit=kits[0] if kits else None,
        artifacts=cells("artifact"),
    )
