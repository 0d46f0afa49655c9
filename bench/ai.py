"""How long a Pickomino ``strong`` decision takes: median, 90th and 99th percentile.

python bench/ai.py [--games N]     (or: python -m bench.ai)

Plays ``strong`` against ``greedy`` and times each ``strong`` decision through ``decide``
(view building included). Three groups: every decision; those with two or more legal
actions; and the first of those in each turn, which solves the turn's programme (the later
ones in the turn reuse it).
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
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    game = get_game("pickomino")
    strong, greedy = get_policy("pickomino", "strong"), get_policy("pickomino", "greedy")
    every: list[float] = []
    choices: list[float] = []
    first: list[float] = []
    for g in range(args.games):
        lineup = [greedy if (seat + g) % 2 else strong for seat in range(2)]
        timed = TimedChoice(PolicyChoice(lineup, seed=0))  # decision n has seed n
        seen_turn = -1
        for played in playout(game, game.new(2, seed=g, options={}), random.Random(g), choose=timed):
            state, seat = played.before, played.seat
            if lineup[seat] is not strong:
                continue
            every.append(timed.wall)
            if len(game.legal_actions(state, seat)) > 1:
                choices.append(timed.wall)
                if state.turn != seen_turn:
                    first.append(timed.wall)
                    seen_turn = state.turn
    print(f"pickomino strong vs greedy, {args.games} games")
    print(decision_line("every decision", every, width=28))
    print(decision_line("two or more legal actions", choices, width=28))
    print(decision_line("first choice of a turn", first, width=28))


if __name__ == "__main__":
    main()
