"""What a Raid scout knows about the opponent's hazard map — read from its own view only.

Objects never appear or move (R3, R7), so a cell the scout has walked through without stopping
is empty for good; a cell where it stopped keeps only what stays there: pits and traps (R14,
R15) and a first-aid kit it left (R16). Every meeting is in the public ``encounters`` record.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.raid.view import RaidView


@dataclass(frozen=True, slots=True)
class Knowledge:
    here: str
    wounds: int
    explored: frozenset[str]
    """Cells the scout has stood on or walked through."""
    pits: frozenset[str]
    traps: frozenset[str]
    kit: str | None
    """A live first-aid kit the scout found and left, if any."""


def read(view: RaidView) -> Knowledge:
    assert view.seat is not None, "a scout reads its own seat's view"
    me = view.seat
    scout = view.scouts[me]
    pits: set[str] = set()
    traps: set[str] = set()
    kit: str | None = None
    for met in view.encounters:
        if met.seat != me:
            continue
        if met.kind == "pit":
            pits.add(met.cell)
        elif met.kind == "trap":
            traps.add(met.cell)
        elif met.kind == "kit":
            kit = None if met.outcome == "used" else met.cell
    return Knowledge(scout.cell, scout.wounds, frozenset(scout.trail), frozenset(pits), frozenset(traps), kit)
