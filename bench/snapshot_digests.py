"""Fingerprints of random games: every snapshot, event and view, one digest per game.

python bench/snapshot_digests.py --game pickomino [--games N] [--first SEED] [--check FILE]
                                 [--options JSON]
(or: python -m bench.snapshot_digests)

A stored game is replayed from its seed and move log, and its snapshot is stored as JSON:
an engine that is made faster must give the same bytes for the same moves. This plays random
games through the one driver (``engine.ai.playout``, with resignations and moves out of turn)
and prints, per game, a SHA-256 of the canonical JSON of every move, every position's
snapshot, every event, and every seat's view and private view. Run it on two versions of
the code and compare the lines (``--check FILE`` does it against a file written earlier).
``tests/engine/records/*_digests.txt`` hold the digests of the code the engine was changed
from; ``tests/engine/test_snapshots_unchanged.py`` checks the first games of each.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import engine
from engine.ai.playout import playout
from engine.core import Game, dump_event, dump_json


def game_setups(game: Game[Any, Any, Any], games: int, first: int) -> Iterator[tuple[int, int]]:
    """``(seats, seed)`` of game ``first`` … ``first + games - 1``, seat counts in turn."""
    sizes = range(game.min_seats, game.max_seats + 1)
    for n in range(first, first + games):
        yield sizes[n % len(sizes)], n


def digest(game: Game[Any, Any, Any], seats: int, seed: int, options: dict[str, Any] | None = None) -> str:
    """The fingerprint of one random game (``seed`` seeds both the game and the chooser), played
    with ``options`` (the game's defaults when none)."""
    sha = hashlib.sha256()

    def add(data: Any) -> None:
        sha.update(dump_json(data).encode())
        sha.update(b"\n")

    def position(state: Any) -> None:
        add(game.dump_state(state))
        for seat in (None, *range(seats)):
            add(game.dump_view(game.view(state, seat)))
            if seat is not None:
                add(game.private_view(state, seat))

    state = game.new(seats, seed, options or {})
    position(state)
    for move in playout(game, state, random.Random(seed), off_turn=0.05, resign=0.003):
        add([move.seat, None if move.action is None else game.dump_action(move.action)])
        for event in move.step.events:
            add(dump_event(event))
        position(move.step.state)
    return sha.hexdigest()


def lines(key: str, games: int, first: int, options: dict[str, Any] | None = None) -> Iterator[str]:
    game = engine.get_game(key)
    for seats, seed in game_setups(game, games, first):
        yield f"{seats} {seed} {digest(game, seats, seed, options)}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="pickomino")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first", type=int, default=0, help="seed of the first game")
    parser.add_argument("--check", type=Path, help="compare with digests written earlier")
    parser.add_argument(
        "--options", type=json.loads, default={}, help="the game's options as JSON"
    )
    args = parser.parse_args()
    if args.check is None:
        for line in lines(args.game, args.games, args.first, args.options):
            print(line)
        return 0
    expected = args.check.read_text().split("\n")[: args.games]
    expected = [line for line in expected if line]
    first = int(expected[0].split()[1]) if expected else 0
    differ = [
        f"{want}  !=  {got}"
        for want, got in zip(expected, lines(args.game, len(expected), first, args.options), strict=True)
        if want != got
    ]
    print(f"{args.game}: {len(expected) - len(differ)} of {len(expected)} games identical")
    for line in differ[:10]:
        print(line)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
