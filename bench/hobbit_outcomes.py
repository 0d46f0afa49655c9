"""How Hobbit games end: outcomes, rounds played and the highest points reached, per table size
(prints, not a test).

python bench/hobbit_outcomes.py [--games 1000] [--seats 2 3 4] [--policy random] [--seed 0]

Every seat plays ``--policy`` (``random``: uniform over the legal actions). For each table
size prints how often each end came (won: ``erebor_reached``, ``smaug_slain``; lost:
``smaug_reached_esgaroth``, ``dwarves_lost``, ``bilbo_killed``, ``round_limit``) with a 95%
Wilson interval for the team's win rate, the rounds played (median, 90th percentile, most),
how many games ended before any dwarf reached Esgaroth, the furthest any dwarf got, and
games per second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from engine.ai import decide, get_policy
from engine.ai.arena import wilson
from engine.ai.playout import Chooser, playout, random_choice
from engine.core.registry import get_game
from engine.games.hobbit.board import BILBO
from engine.games.hobbit.data import BOARD

ESGAROTH = min(i for i, k in enumerate(BOARD.kinds) if k == "ESGAROTH")


def one_game(seats: int, seed: int, policy: str) -> tuple[str, int, bool, int]:
    """The end, the rounds played, whether a dwarf reached Esgaroth, the furthest dwarf."""
    game = get_game("hobbit")
    state: Any = game.new(seats, seed, {})
    rng = random.Random(seed)
    players = {s: get_policy("hobbit", policy) for s in range(seats)}

    def by_policy(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
        return decide(game, state, seat, players[seat], rng.randrange(2**31))

    choose: Chooser = random_choice if policy == "random" else by_policy
    reached, furthest = False, 0
    for move in playout(game, state, rng, choose=choose):
        state = move.step.state
        for f in state.figures:
            if f.id != BILBO and f.pos is not None:
                furthest = max(furthest, f.pos)
                reached = reached or f.pos >= ESGAROTH
    result = game.result(state)
    assert result is not None and result.reason is not None
    return result.reason, state.round, reached, furthest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--policy", default="random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for seats in args.seats:
        start = time.perf_counter()
        ends: Counter[str] = Counter()
        rounds, furthest = [], []
        early = 0
        for n in range(args.games):
            reason, played, reached, far = one_game(seats, args.seed + n, args.policy)
            ends[reason] += 1
            rounds.append(played)
            furthest.append(far)
            early += not reached
        elapsed = time.perf_counter() - start
        won = ends["erebor_reached"] + ends["smaug_slain"]
        low, high = wilson(won, args.games)
        print(f"{seats} seats, {args.games} games of {args.policy} ({args.games / elapsed:,.0f} games/s)")
        print(f"  team won {won} ({100 * won / args.games:.1f}%, 95% {100 * low:.1f}–{100 * high:.1f}%)")
        for reason, count in ends.most_common():
            print(f"  {reason:<24} {count:>6}  {100 * count / args.games:5.1f}%")
        tenth = statistics.quantiles(rounds, n=10)[-1]
        print(
            f"  rounds: median {statistics.median(rounds):g}, 90th percentile {tenth:g}, most {max(rounds)}"
        )
        print(f"  ended before any dwarf reached Esgaroth: {early} ({100 * early / args.games:.1f}%)")
        print(f"  furthest dwarf: median {statistics.median(furthest):g}, best {max(furthest)}")


if __name__ == "__main__":
    main()
