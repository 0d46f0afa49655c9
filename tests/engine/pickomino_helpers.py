"""Build Pickomino positions for rule tests: the dice are set by hand, as on a real table."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.games.pickomino import PICKOMINO, PickominoState
from engine.games.pickomino.data import FACE_INDEX, TILES

GAME = PICKOMINO


def counts(faces: Iterable[str | int]) -> tuple[int, ...]:
    out = [0] * 6
    for face in faces:
        out[FACE_INDEX[str(face)]] += 1
    return tuple(out)


def position(
    *,
    seats: int = 2,
    stacks: Sequence[Sequence[int]] | None = None,
    grill: Sequence[int] | None = None,
    turned: Sequence[int] = (),
    current: int = 0,
    kept: Iterable[str | int] = (),
    roll: Iterable[str | int] = (),
    tiebreak: str = "highest_tile",
) -> PickominoState:
    """A position in the middle of ``current``'s turn. With ``roll`` given the dice are on the
    table (phase keep); else with ``kept`` the player is deciding; else his turn starts."""
    stacks = [tuple(s) for s in (stacks or [()] * seats)]
    held = {t for s in stacks for t in s} | set(turned)
    grill = tuple(sorted(grill if grill is not None else (t for t in TILES if t not in held)))
    state = GAME.new(seats, seed=7, options={"tiebreak": tiebreak})
    roll_counts, kept_counts = counts(roll), counts(kept)
    phase = "keep" if any(roll_counts) else ("decide" if any(kept_counts) else "roll")
    return PickominoState(
        seats=seats,
        tiebreak=state.tiebreak,
        rng=state.rng,
        grill=grill,
        turned=tuple(turned),
        stacks=tuple(stacks),
        current=current,
        phase=phase,
        roll=roll_counts,
        kept=kept_counts,
    )


def dice_fall(state: PickominoState, faces: Iterable[str | int]) -> PickominoState:
    """The same position with these dice just rolled (what ``roll`` would produce)."""
    roll = counts(faces)
    assert sum(roll) == 8 - sum(state.kept), "roll as many dice as are left"
    return state._replace(roll=roll, phase="keep")


def labels(actions: Iterable[object]) -> list[str]:
    """Actions as short text: ``roll``, ``keep 5``, ``take 24``, ``stop``."""
    out = []
    for a in actions:
        data = GAME.dump_action(a)
        arg = data.get("face", data.get("tile"))
        out.append(data["kind"] if arg is None else f"{data['kind']} {arg}")
    return out
