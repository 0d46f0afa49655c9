"""Random playouts through the public contract (the shared driver, ``engine.ai.playout``);
prints games/s and actions/s. By default 4-seat Pickomino.

python bench/engine.py [--game KEY] [--games N] [--seats S]     (or: python -m bench.engine)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import engine
from engine.ai.playout import playout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="pickomino")
    args = parser.parse_args()

    game = engine.get_game(args.game)
    chooser = random.Random(0)
    actions = 0
    start = time.perf_counter()
    for seed in range(args.games):
        for _ in playout(game, game.new(args.seats, seed=seed, options={}), chooser):
            actions += 1
    elapsed = time.perf_counter() - start
    print(f"{args.game}, {args.seats} seats, {args.games} random games in {elapsed:.2f} s")
    print(f"games/s:   {args.games / elapsed:,.0f}")
    print(f"actions/s: {actions / elapsed:,.0f}  ({actions / args.games:.1f} actions per game)")


if __name__ == "__main__":
    main()
