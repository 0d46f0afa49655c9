"""How long a Hobbit ``heuristic`` decision takes: median, 90th and 99th percentile, and games/s.

python bench/hobbit_ai.py [--games N] [--seats S] [--seed S]     (or: python -m bench.hobbit_ai)

Plays ``heuristic`` in every seat and times every decision through ``decide`` (the seat's
view and legal actions built, then the choice), as wall-clock time and as the process's CPU
time (steadier on a busy machine). Three groups: every decision, those with two or more legal
actions, and the long lists (a hundred or more: fights, trades, discards over a big hand).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from engine.ai import get_policy
from engine.ai.arena import TimedChoice
from engine.ai.playout import PolicyChoice, playout
from engine.core.registry import get_game

LONG = 100
"""Legal actions from which a list counts as long."""


def _line(label: str, seconds: list[float]) -> str:
    if not seconds:
        return f"{label:<34} n=     0"
    ordered = sorted(seconds)

    def at(q: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return (
        f"{label:<34} n={len(ordered):>6}  median {1000 * statistics.median(ordered):7.3f} ms"
        f"  p90 {at(0.9):7.3f} ms  p99 {at(0.99):7.3f} ms  max {1000 * ordered[-1]:7.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = get_game("hobbit")
    policy = get_policy("hobbit", "heuristic")
    groups = ("every", "choices", "long")
    wall: dict[str, list[float]] = {g: [] for g in groups}
    cpu: dict[str, list[float]] = {g: [] for g in groups}
    start = time.perf_counter()
    for g in range(args.games):
        timed = TimedChoice(PolicyChoice([policy] * args.seats, seed=0))  # decision n has seed n
        state = game.new(args.seats, seed=args.seed + g, options={})
        for played in playout(game, state, random.Random(g), choose=timed):
            count = len(game.legal_actions(played.before, played.seat))
            chosen = ["every", *(["choices"] if count > 1 else []), *(["long"] if count >= LONG else [])]
            for group in chosen:
                wall[group].append(timed.wall)
                cpu[group].append(timed.cpu)
    elapsed = time.perf_counter() - start
    rate = args.games / elapsed
    print(f"hobbit heuristic in all {args.seats} seats, {args.games} games: {rate:.2f} games/s (timed)")
    print(_line("every decision (wall)", wall["every"]))
    print(_line("every decision (CPU)", cpu["every"]))
    print(_line("two or more legal actions (wall)", wall["choices"]))
    print(_line("two or more legal actions (CPU)", cpu["choices"]))
    print(_line(f"{LONG} or more legal actions (wall)", wall["long"]))
    print(_line(f"{LONG} or more legal actions (CPU)", cpu["long"]))


if __name__ == "__main__":
    main()
