"""One Pickomino position. Plain data; the rules never mutate it, they build a new one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import TypeAdapter

from engine.core.rng import Rng

Phase = Literal["roll", "keep", "decide", "over"]
"""``roll``: the turn starts, the player must roll. ``keep``: dice are on the table, one face
must be kept. ``decide``: after a keep — roll again, take a tile, or stop. ``over``: P13."""


@dataclass(slots=True)
class PickominoState:
    seats: int
    tiebreak: Literal["highest_tile", "shared"]
    rng: Rng
    """The dice to come (``engine.core.rng``): one word per roll."""
    grill: tuple[int, ...]
    turned: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    current: int
    phase: Phase
    roll: tuple[int, ...]
    """Dice of the unresolved roll, counted per face index (all zero when none)."""
    kept: tuple[int, ...]
    """Dice kept this turn, counted per face index."""
    turn: int = 0
    resigned: tuple[int, ...] = ()
    """Seats that left the game, in the order they left."""


STATE_ADAPTER: TypeAdapter[PickominoState] = TypeAdapter(PickominoState)
