"""A fixed set of Pickomino positions and ``strong``'s decision in each, to keep it unchanged.

python bench/pickomino_decisions.py --check [FILE] [--every K] [--checkout OTHER]
python bench/pickomino_decisions.py --write FILE [--positions N]
(or: python -m bench.pickomino_decisions)

``--write`` plays games of ``strong`` against ``greedy`` (two seats mostly; some with three
or four, and some with the ``shared`` tie-break), keeps every position where ``strong`` has
two or more legal actions, and writes the position and ``strong``'s decision, one line each,
gzipped. ``--check`` makes the decisions again with the code as it is now and reports every
position decided differently, and the time it took; ``--every K`` checks every K-th position
only. With ``--checkout OTHER`` the decisions are made by the code of another checkout of the
repository instead (``bench/strong_elsewhere.py`` run inside it; an older one:
``git worktree add ../old <commit>``). The file in the repository
(``tests/engine/records/pickomino_decisions.txt.gz``) was written with the solver as it was
before it was made faster, and ``--checkout`` on a checkout of that code finds every decision
as recorded; ``tests/engine/ai/test_pickomino_decisions.py`` checks all of them with the code
as it is now.

A line: ``seats tiebreak current phase roll kept grill stacks turned resigned turn decision``,
dice counted per face index (``1``–``5``, worm), tiles in hexadecimal from 21 (``0`` = 21,
``f`` = 36), stacks bottom first separated by ``/``, ``-`` for nothing, and the decision as a
player types it (``keep worm``, ``take 26``).
"""

from __future__ import annotations

import argparse
import gzip
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from engine.ai import decide, get_policy
from engine.ai.playout import PolicyChoice, playout
from engine.ai.policy import Policy
from engine.core.rng import Rng
from engine.games.pickomino import PICKOMINO, Keep, PickominoState, Roll, Stop, Take
from engine.games.pickomino.state import Phase

DEFAULT_FILE = Path(__file__).resolve().parent.parent / "tests/engine/records/pickomino_decisions.txt.gz"
PHASES: dict[Phase, str] = {"roll": "r", "keep": "k", "decide": "d"}
LINEUPS = (
    (2, ("strong", "greedy")),
    (2, ("strong", "greedy")),
    (2, ("strong", "greedy")),
    (3, ("strong", "greedy", "greedy")),
    (4, ("strong", "greedy", "strong", "greedy")),
)
"""Who plays the games positions are taken from, game ``g`` using line-up ``g % 5``."""


def _tiles(tiles: tuple[int, ...]) -> str:
    return "".join(f"{t - 21:x}" for t in tiles) or "-"


def _read_tiles(text: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(int(c, 16) + 21 for c in text)


def _action_text(action: object) -> str:
    if isinstance(action, Keep):
        return f"keep {action.face}"
    if isinstance(action, Take):
        return f"take {action.tile}"
    assert isinstance(action, Roll | Stop)
    return action.kind


def encode(state: PickominoState, decision: object) -> str:
    return " ".join(
        [
            str(state.seats),
            state.tiebreak[0],
            str(state.current),
            PHASES[state.phase],
            "".join(map(str, state.roll)),
            "".join(map(str, state.kept)),
            _tiles(state.grill),
            "/".join(_tiles(stack) for stack in state.stacks),
            _tiles(state.turned),
            "".join(map(str, state.resigned)) or "-",
            str(state.turn),
            _action_text(decision),
        ]
    )


def decode(line: str) -> tuple[PickominoState, str]:
    """The position of a line (its generator is irrelevant to a decision) and the decision."""
    seats, tiebreak, current, phase, roll, kept, grill, stacks, turned, resigned, turn, *said = line.split()
    state = PickominoState(
        seats=int(seats),
        tiebreak="shared" if tiebreak == "s" else "highest_tile",
        rng=Rng(0),
        grill=_read_tiles(grill),
        turned=_read_tiles(turned),
        stacks=tuple(_read_tiles(s) for s in stacks.split("/")),
        current=int(current),
        phase=next(p for p, c in PHASES.items() if c == phase),
        roll=tuple(int(c) for c in roll),
        kept=tuple(int(c) for c in kept),
        turn=int(turn),
        resigned=() if resigned == "-" else tuple(int(c) for c in resigned),
    )
    return state, " ".join(said)


def positions(count: int) -> Iterator[str]:
    """``count`` lines from games of ``strong`` (each game seeded by its number)."""
    made = 0
    g = 0
    while True:
        seats, lineup = LINEUPS[g % len(LINEUPS)]
        players = [get_policy("pickomino", name) for name in lineup]
        by_seat = [players[(seat + g) % seats] for seat in range(seats)]
        strong = [lineup[(seat + g) % seats] == "strong" for seat in range(seats)]
        options = {"tiebreak": "shared"} if g % 7 == 3 else {}
        state = PICKOMINO.new(seats, seed=g, options=options)
        # decision n of a game has seed n
        for played in playout(PICKOMINO, state, random.Random(g), choose=PolicyChoice(by_seat, seed=0)):
            if strong[played.seat] and len(PICKOMINO.legal_actions(played.before, played.seat)) > 1:
                yield encode(played.before, played.action)
                made += 1
                if made == count:
                    return
        g += 1


def decision_of(strong: Policy, state: PickominoState) -> str:
    seat = state.current
    return _action_text(decide(PICKOMINO, state, seat, strong, seed=0))


def check(lines: list[str], strong: Policy | None = None) -> list[str]:
    """Every line whose decision differs now, with what is decided now."""
    strong = strong or get_policy("pickomino", "strong")
    wrong = []
    for line in lines:
        state, expected = decode(line)
        now = decision_of(strong, state)
        if now != expected:
            wrong.append(f"{line}  -> now {now}")
    return wrong


def check_elsewhere(checkout: Path, path: Path, every: int = 1) -> list[str]:
    """``check`` with the decisions of the code in another checkout (``strong_elsewhere``)."""
    script = Path(__file__).resolve().parent / "strong_elsewhere.py"
    run = [sys.executable, str(script), str(path.resolve()), "--every", str(every)]
    there = subprocess.run(run, cwd=checkout, capture_output=True, text=True, check=True).stdout.split("\n")
    lines = read(path)[::every]
    if len(there) < len(lines):
        raise SystemExit(f"{checkout} decided {len(there)} positions of {len(lines)}")
    return [
        f"{line}  -> there {made}"
        for line, made in zip(lines, there, strict=False)
        if decode(line)[1] != made
    ]


def read(path: Path) -> list[str]:
    with gzip.open(path, "rt") as f:
        return [line for line in f.read().split("\n") if line]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", type=Path)
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--check", type=Path, nargs="?", const=DEFAULT_FILE)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--checkout", type=Path, help="decide with the code of this checkout")
    args = parser.parse_args()
    if args.write:
        lines = list(positions(args.positions))
        with gzip.GzipFile(args.write, "wb", mtime=0) as f:
            f.write(("\n".join(lines) + "\n").encode())
        print(f"{len(lines)} positions written to {args.write}")
        return 0
    if args.check is None:
        parser.error("give --write FILE or --check [FILE]")
    lines = read(args.check)[:: args.every]
    start = time.perf_counter()
    wrong = check(lines) if args.checkout is None else check_elsewhere(args.checkout, args.check, args.every)
    elapsed = time.perf_counter() - start
    print(f"{len(lines) - len(wrong)} of {len(lines)} decisions as recorded, in {elapsed:.1f} s")
    for line in wrong[:20]:
        print(line)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
