"""What a Pickomino player sees. Pickomino has no secrets: every seat and every spectator
gets the same view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import TypeAdapter

from engine.games.pickomino.data import DICE, FACE_VALUE, FACES, TILE_WORMS, WORM, Face, faces_of
from engine.games.pickomino.state import Phase, PickominoState


@dataclass(slots=True)
class PickominoView:
    seats: int
    phase: Phase
    turn: int
    current: int | None
    """The seat whose turn it is; ``None`` once the game is over."""
    grill: tuple[int, ...]
    turned: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    roll: tuple[Face, ...]
    kept: dict[Face, int]
    total: int
    has_worm: bool
    dice_left: int
    takeable: tuple[int, ...]
    scores: tuple[int, ...]
    resigned: tuple[int, ...]
    tiebreak: Literal["highest_tile", "shared"] = "highest_tile"
    """The game's P14 option: public, and what a player needs to value a tie."""


VIEW_ADAPTER: TypeAdapter[PickominoView] = TypeAdapter(PickominoView)


def make_view(state: PickominoState, takeable: tuple[int, ...]) -> PickominoView:
    kept = state.kept
    return PickominoView(
        seats=state.seats,
        phase=state.phase,
        turn=state.turn,
        current=None if state.phase == "over" else state.current,
        grill=state.grill,
        turned=state.turned,
        stacks=state.stacks,
        roll=faces_of(state.roll),
        kept={FACES[i]: kept[i] for i in range(6) if kept[i]},
        total=sum(n * v for n, v in zip(kept, FACE_VALUE, strict=True)),
        has_worm=bool(kept[WORM]),
        dice_left=DICE - sum(kept),
        takeable=takeable,
        scores=tuple(sum(TILE_WORMS[t] for t in stack) for stack in state.stacks),
        resigned=state.resigned,
        tiebreak=state.tiebreak,
    )
