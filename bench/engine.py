"""Random 4-seat Pickomino playouts through the public contract; prints games/s and actions/s.

python bench/engine.py [--games N] [--seats S]     (or: python -m bench.engine)
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
        state = game.new(args.seats, seed=seed, options={})
        to_act = game.to_act(state)
        while to_act:
            seat = to_act[0]
            state = game.apply(state, seat, chooser.choice(game.legal_actions(state, seat))).state
            actions += 1
            to_act = game.to_act(state)
    elapsed = time.perf_counter() - start
    print(f"{args.game}, {args.seats} seats, {args.games} random games in {elapsed:.2f} s")
    print(f"games/s:   {args.games / elapsed:,.0f}")
    print(f"actions/s: {actions / elapsed:,.0f}  ({actions / args.games:.1f} actions per game)")


if __name__ == "__main__":
    main()
