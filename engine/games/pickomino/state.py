"""One Pickomino position. Plain data; the rules never change it, they build a new one.

A position is a named tuple: it cannot be changed at all, and the rules make one per action
(a random playout makes hundreds of thousands a second), which for a tuple is a single step
with no Python ``__init__``. Stored games see nothing of this: a position is dumped to and
loaded from JSON as the object it has always been, field by field (``Snapshot``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import Field, GetCoreSchemaHandler, TypeAdapter
from pydantic_core import CoreSchema, core_schema

from engine.core.rng import Rng
from engine.core.stored import Counter
from engine.games.pickomino.data import DICE, FACES, HIGHEST_TILE, TILES

MAX_SEATS = 7

Phase = Literal["roll", "keep", "decide", "over"]
"""``roll``: the turn starts, the player must roll. ``keep``: dice are on the table, one face
must be kept. ``decide``: after a keep — roll again, take a tile, or stop. ``over``: P13."""


class PickominoState(NamedTuple):
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

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        """JSON of the snapshot's fields by name (a named tuple alone would be a JSON list);
        a position given as one is taken as it is."""
        snapshot = handler.generate_schema(Snapshot)
        from_snapshot = core_schema.no_info_after_validator_function(_from_snapshot, snapshot)
        return core_schema.json_or_python_schema(
            json_schema=from_snapshot,
            python_schema=core_schema.no_info_wrap_validator_function(_as_given, from_snapshot),
            serialization=core_schema.plain_serializer_function_ser_schema(
                Snapshot.of, return_schema=snapshot
            ),
        )


Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
Tile = Annotated[int, Field(ge=TILES[0], le=HIGHEST_TILE)]
Tiles = Annotated[tuple[Tile, ...], Field(max_length=len(TILES))]
Dice = Annotated[
    tuple[Annotated[int, Field(ge=0, le=DICE)], ...], Field(min_length=len(FACES), max_length=len(FACES))
]
"""Dice counted per face index."""


@dataclass(slots=True)
class Snapshot:
    """A position as it is stored: the fields of ``PickominoState``, in its order, by name,
    each within the bounds of the game's components (``checks`` relates them)."""

    seats: Annotated[int, Field(ge=2, le=MAX_SEATS)]
    tiebreak: Literal["highest_tile", "shared"]
    rng: Rng
    grill: Tiles
    turned: Tiles
    stacks: Annotated[tuple[Tiles, ...], Field(max_length=MAX_SEATS)]
    current: Seat
    phase: Phase
    roll: Dice
    kept: Dice
    turn: Counter = 0
    resigned: Annotated[tuple[Seat, ...], Field(max_length=MAX_SEATS)] = ()

    @classmethod
    def of(cls, state: PickominoState) -> Snapshot:
        return cls(*state)


def _from_snapshot(snapshot: Snapshot) -> PickominoState:
    return PickominoState(*(getattr(snapshot, name) for name in PickominoState._fields))


def _as_given(value: Any, validate: core_schema.ValidatorFunctionWrapHandler) -> PickominoState:
    if isinstance(value, PickominoState):
        return value
    state: PickominoState = validate(value)
    return state


STATE_ADAPTER: TypeAdapter[PickominoState] = TypeAdapter(PickominoState)
