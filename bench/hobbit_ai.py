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
import sys
import time
from pathlib import Path

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench.timing import decision_line
from engine.ai import get_policy
from engine.ai.arena import TimedChoice
from engine.ai.playout import PolicyChoice, playout
from engine.core.registry import get_game

LONG = 100
"""Legal actions from which a list counts as long."""


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
    print(decision_line("every decision (wall)", wall["every"]))
    print(decision_line("every decision (CPU)", cpu["every"]))
    print(decision_line("two or more legal actions (wall)", wall["choices"]))
    print(decision_line("two or more legal actions (CPU)", cpu["choices"]))
    print(decision_line(f"{LONG} or more legal actions (wall)", wall["long"]))
    print(decision_line(f"{LONG} or more legal actions (CPU)", cpu["long"]))


if __name__ == "__main__":
    main()
