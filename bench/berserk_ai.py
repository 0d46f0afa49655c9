"""How long a Berserk ``baseline`` decision takes: median, 90th and 99th percentile.

python bench/berserk_ai.py [--games N] [--seed S]     (or: python -m bench.berserk_ai)

Plays ``baseline`` against ``baseline`` and times every decision through ``decide`` (view
building included), as wall-clock time and as the process's CPU time (steadier on a busy
machine). Two groups: every decision, and those with two or more legal actions.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench.timing import decision_line
from engine.ai import get_policy
from engine.ai.arena import TimedChoice
from engine.ai.playout import PolicyChoice, playout
from engine.core.registry import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = get_game("berserk")
    policy = get_policy("berserk", "baseline")
    wall: dict[str, list[float]] = {"every": [], "choices": []}
    cpu: dict[str, list[float]] = {"every": [], "choices": []}
    for g in range(args.games):
        timed = TimedChoice(PolicyChoice([policy, policy], seed=0))  # decision n has seed n
        state = game.new(2, seed=args.seed + g, options={})
        for played in playout(game, state, random.Random(g), choose=timed):
            several = len(game.legal_actions(played.before, played.seat)) > 1
            for group in ("every", "choices") if several else ("every",):
                wall[group].append(timed.wall)
                cpu[group].append(timed.cpu)
    print(f"berserk baseline vs baseline, {args.games} games")
    print(decision_line("every decision (wall)", wall["every"]))
    print(decision_line("every decision (CPU)", cpu["every"]))
    print(decision_line("two or more legal actions (wall)", wall["choices"]))
    print(decision_line("two or more legal actions (CPU)", cpu["choices"]))


if __name__ == "__main__":
    main()
