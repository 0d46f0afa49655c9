"""``strong``'s decisions on recorded Pickomino positions, made by the code of another checkout.

cd OTHER_CHECKOUT && python /path/to/this/bench/strong_elsewhere.py FILE [--every K]

Run from inside any checkout of the repository (an older one: ``git worktree add ../old
<commit>``), it imports that checkout's engine, not this one's, reads the positions of
``FILE`` (``bench/pickomino_decisions.py`` writes and describes the format) and prints the
decision that checkout's ``strong`` makes in each, one line per position, as the file words
them. ``python bench/pickomino_decisions.py --check --checkout OTHER_CHECKOUT`` runs it and
compares: that is how the record is shown to hold an older solver's decisions.

It uses only what every checkout has had (``engine.ai.decide``, ``get_policy``, ``PICKOMINO``
and its state built by field name), so it reads the line itself rather than importing the
reader next to it, which an older checkout does not have.
"""

from __future__ import annotations

import dataclasses
import gzip
import os
import sys
from typing import Any

sys.path[0] = os.getcwd()  # the checkout it is run in, not the one this file is in

from engine.ai import decide, get_policy  # noqa: E402
from engine.games.pickomino import PICKOMINO, Keep, PickominoState, Take  # noqa: E402

PHASES = {"r": "roll", "k": "keep", "d": "decide"}


def _tiles(text: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(int(c, 16) + 21 for c in text)


def _fields() -> list[str]:
    state_type: Any = PickominoState  # a named tuple now, a dataclass once
    named = getattr(state_type, "_fields", None)
    return list(named) if named else [f.name for f in dataclasses.fields(state_type)]


def position(line: str) -> Any:
    """The position of a line, in this checkout's state (its generator, however the state
    holds one, is irrelevant to a decision)."""
    seats, tiebreak, current, phase, roll, kept, grill, stacks, turned, resigned, turn, *_ = line.split()
    fields: dict[str, Any] = {
        "seats": int(seats),
        "tiebreak": "shared" if tiebreak == "s" else "highest_tile",
        "grill": _tiles(grill),
        "turned": _tiles(turned),
        "stacks": tuple(_tiles(s) for s in stacks.split("/")),
        "current": int(current),
        "phase": PHASES[phase],
        "roll": tuple(int(c) for c in roll),
        "kept": tuple(int(c) for c in kept),
        "turn": int(turn),
        "resigned": () if resigned == "-" else tuple(int(c) for c in resigned),
    }
    names = _fields()
    if "rng" in names:
        from engine.core.rng import Rng

        fields["rng"] = Rng(0)
    else:  # the generator as two fields, as the state once held it
        fields["seed"], fields["draws"] = 0, 0
    return PickominoState(**fields)


def said(action: object) -> str:
    if isinstance(action, Keep):
        return f"keep {action.face}"
    if isinstance(action, Take):
        return f"take {action.tile}"
    return str(getattr(action, "kind"))  # noqa: B009 - roll / stop, whatever their class


def main() -> None:
    path = sys.argv[1]
    every = int(sys.argv[sys.argv.index("--every") + 1]) if "--every" in sys.argv else 1
    with gzip.open(path, "rt") as f:
        lines = [line for line in f.read().split("\n") if line][::every]
    strong = get_policy("pickomino", "strong")
    for line in lines:
        state = position(line)
        print(said(decide(PICKOMINO, state, state.current, strong, seed=0)), flush=False)


if __name__ == "__main__":
    main()
