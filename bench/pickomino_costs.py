"""Where the time of a random Pickomino game through the contract goes, action by action.

python bench/pickomino_costs.py [--games N] [--rounds R]    (or: python -m bench.pickomino_costs)

Plays ``--games`` random 4-seat games as ``bench/engine.py`` does and keeps every move; then,
in ``--rounds`` alternating rounds, times in CPU time each part of a move over all those
positions — ``to_act``, ``legal_actions``, ``apply`` of each kind of action, and ``apply``
followed by ``legal_actions`` of the position it made, as a playout asks (the difference
with ``apply`` alone is what ``legal_actions`` costs there) — next to the
objects every action must make whatever the rules do (a new state, a ``Step``, the driver's
``Played``, a new ``Rng`` and a SplitMix64 word for a roll), the driver alone (the idle game
of ``bench/lean_pickomino.py``) and one action of the lean loop. It prints the median of each
in nanoseconds and in lean-loop actions: what the engine spends, against what 0.33× the lean
loop's speed would allow (three lean actions per action, the driver included).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import engine
from bench.lean_pickomino import IDLE_ACTIONS, idle_game, lean_game
from engine.ai.playout import Played, playout
from engine.core.contract import Step
from engine.core.rng import Rng, word
from engine.games.pickomino import PickominoState

Move = tuple[Any, int, Any]


def _per_item(run: Callable[[], int]) -> float:
    """CPU nanoseconds per item of one call of ``run`` (which returns how many it did)."""
    start = time.process_time()
    items = run()
    return (time.process_time() - start) / items * 1e9


def parts(moves: list[Move], games: int) -> dict[str, Callable[[], int]]:
    game = engine.get_game("pickomino")
    to_act, legal, apply = game.to_act, game.legal_actions, game.apply
    by_kind: dict[str, list[Move]] = {}
    for move in moves:
        by_kind.setdefault(move[2].kind, []).append(move)
    lean_rng, idle_rng = random.Random(1), random.Random(2)
    states = [m[0] for m in moves]
    new, fields = tuple.__new__, tuple(states[0])

    def over(items: list[Any], each: Callable[[Any], object]) -> Callable[[], int]:
        def run() -> int:
            for item in items:
                each(item)
            return len(items)

        return run

    def follow(step: Step[Any]) -> object:
        """What a playout asks of the position ``apply`` just made (which ``apply`` may have
        worked out in passing)."""
        return legal(step.state, step.state.current)

    def applied(kind: str) -> Callable[[], int]:
        def run() -> int:
            for state, seat, action in by_kind[kind]:
                apply(state, seat, action)
            return len(by_kind[kind])

        return run

    def lean() -> int:
        return sum(lean_game(4, lean_rng) for _ in range(games))

    def idle() -> int:
        for _ in range(games):
            idle_game(idle_rng)
        return games * IDLE_ACTIONS

    found: dict[str, Callable[[], int]] = {"one lean-loop action": lean, "the driver alone (idle game)": idle}
    found["to_act"] = over(states, to_act)
    found["legal_actions (of a stored position)"] = over(moves, lambda m: legal(m[0], m[1]))
    found["apply, every action"] = over(moves, lambda m: apply(*m))
    found["apply, then legal_actions of its position"] = over(moves, lambda m: follow(apply(*m)))
    for kind in ("roll", "keep", "stop", "take"):
        if kind in by_kind:
            found[f"apply {kind} ({len(by_kind[kind]) / len(moves):.0%} of actions)"] = applied(kind)
    found["  a new state (12 fields)"] = over(states, lambda s: new(PickominoState, fields))
    found["  a Step"] = over(states, lambda s: Step(s, ()))
    found["  the driver's Played"] = over(moves, lambda m: new(Played, (m[1], m[2], m[0], m[0])))
    found["  a new Rng (a roll)"] = over(states, lambda s: new(Rng, (s.rng[0], s.rng[1] + 1, ())))
    found["  a SplitMix64 word (a roll)"] = over(states, lambda s: word(s.rng[0], s.rng[1]))
    found["  (the loop that times these)"] = over(states, lambda s: None)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1_000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    game = engine.get_game("pickomino")
    chooser = random.Random(0)
    moves: list[Move] = []
    for seed in range(args.games):
        played: Played
        for played in playout(game, game.new(4, seed=seed, options={}), chooser):
            moves.append((played.before, played.seat, played.action))
    timed = parts(moves, args.games)
    figures: dict[str, list[float]] = {name: [] for name in timed}
    for _ in range(args.rounds):  # alternate, so all see the same machine
        for name, run in timed.items():
            figures[name].append(_per_item(run))
    lean = statistics.median(figures["one lean-loop action"])
    print(f"pickomino, 4 seats, {args.games} random games ({len(moves)} actions), {args.rounds} rounds")
    print(f"{'':<44}{'ns':>8}{'lean actions':>14}")
    for name, measured in figures.items():
        ns = statistics.median(measured)
        print(f"{name:<44}{ns:>8.0f}{ns / lean:>14.2f}")


if __name__ == "__main__":
    main()
