"""The yardstick for ``bench/engine.py``: the same random Pickomino game in a lean loop.

python bench/lean_pickomino.py [--games N] [--seats S] [--rounds R] [--check]
(or: python -m bench.lean_pickomino)

One game is played with the rules P1–P13 as tightly as pure Python allows: no states, no
actions, no events, no checks — the position is a handful of local lists and numbers, the
dice come from ``random.Random`` and every choice is uniform over the legal actions, as
the engine's driver (``engine.ai.playout``) chooses. What it counts as one action is what
the engine counts: a roll, a keep, a take or a stop.

Without ``--check`` it runs, in alternating rounds in one process so that all see the same
machine, the lean loop; the engine through the contract (the same ``engine.ai.playout`` loop
as ``bench/engine.py``); an idle game of as many actions through the same driver, whose
moves do the least any game must (a new state, a step, a list of legal actions): the ceiling
for a game played through the driver; and a bare game, the idle game making the objects every
Pickomino action makes (a Pickomino position, and a generator on a roll): the ceiling for
Pickomino whatever its rules. It prints each one's median games/s in CPU time and their ratios
to the lean loop. With ``--check`` it compares how long their games are (actions per game: mean, spread,
quantiles): the two must play the same random game, or the yardstick means nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import engine
from engine.ai.playout import playout
from engine.core.contract import Game, Step
from engine.core.rng import Rng
from engine.games.pickomino import PickominoState

VALUE = (1, 2, 3, 4, 5, 5)
"""Points per face index, the worm last (P1)."""


def _counts(n: int) -> list[tuple[int, ...]]:
    """Every roll of ``n`` dice as an equally likely index: its base-6 digits counted per face."""
    table = []
    for v in range(6**n):
        counts = [0] * 6
        for _ in range(n):
            v, face = divmod(v, 6)
            counts[face] += 1
        table.append(tuple(counts))
    return table


QUANTILES = (0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99)
POW6 = tuple(6**n for n in range(5))
_LOW = [_counts(n) for n in range(5)]
"""Rolls of up to four dice; more dice are two lookups added together."""


def lean_game(seats: int, rng: random.Random) -> int:
    """One random game to the end; returns how many actions it took."""
    rand = rng.random
    low4 = _LOW[4]
    grill = list(range(21, 37))  # ascending: the highest tile is grill[-1]
    stacks: list[list[int]] = [[] for _ in range(seats)]
    seat = 0
    actions = 0
    while grill:
        kept = [0, 0, 0, 0, 0, 0]
        left = 8
        total = 0
        taken = 0  # the tile the turn ends with, 0 for a failed turn
        while True:
            # roll (the only choice at the start of a turn, or chosen below)
            actions += 1
            if left > 4:
                a = low4[int(rand() * 1296)]
                b = _LOW[left - 4][int(rand() * POW6[left - 4])]
                roll: tuple[int, ...] = (
                    a[0] + b[0],
                    a[1] + b[1],
                    a[2] + b[2],
                    a[3] + b[3],
                    a[4] + b[4],
                    a[5] + b[5],
                )
            else:
                roll = _LOW[left][int(rand() * POW6[left])]
            faces = [f for f in range(6) if roll[f] and not kept[f]]
            if not faces:
                break  # P6: no new face, the turn fails
            # keep one face, uniformly among those allowed (P5)
            actions += 1
            face = faces[int(rand() * len(faces))]
            count = roll[face]
            kept[face] = count
            left -= count
            total += VALUE[face] * count
            # decide: roll again if dice are left, take what may be taken, else stop (P8–P10)
            options = 1 if left else 0
            grill_tile = victim = 0
            if kept[5]:
                cap = total if total < 36 else 36
                for tile in reversed(grill):
                    if tile <= cap:
                        grill_tile = tile
                        options += 1
                        break
                for other in range(seats):
                    if other != seat and stacks[other] and stacks[other][-1] == total:
                        victim = other + 1
                        options += 1
                        break
            pick = int(rand() * (options if grill_tile or victim else options + 1))
            if pick == 0 and left:
                continue  # roll again
            actions += 1
            if not grill_tile and not victim:
                break  # stop: the turn fails
            if left:
                pick -= 1
            if grill_tile and pick == 0:
                grill.remove(grill_tile)
                taken = grill_tile
            else:
                taken = stacks[victim - 1].pop()
            break
        if taken:
            stacks[seat].append(taken)  # P9
        else:  # P11: the top tile back to the grill, the highest grill tile turned over
            returned = 0
            stack = stacks[seat]
            if stack:
                returned = stack.pop()
                grill.append(returned)
                grill.sort()
            if grill and grill[-1] != returned:
                grill.pop()
        seat = (seat + 1) % seats  # P12
    return actions


def engine_game(seats: int, seed: int, rng: random.Random) -> int:
    """One random game through the contract, exactly as ``bench/engine.py`` plays it."""
    game = engine.get_game("pickomino")
    actions = 0
    for _ in playout(game, game.new(seats, seed=seed, options={}), rng):
        actions += 1
    return actions


class IdleGame:
    """The least a game can do per action through the contract — a new state (a number), a
    ``Step``, a list of two legal actions — for ``IDLE_ACTIONS`` actions a game: what the
    driver alone costs, the ceiling for any game played through it."""

    key = "idle"

    def seats(self, state: int) -> int:
        return 1

    def to_act(self, state: int) -> tuple[int, ...]:
        return () if state >= IDLE_ACTIONS else (0,)

    def legal_actions(self, state: int, seat: int) -> list[int]:
        return [0, 1]

    def apply(self, state: int, seat: int, action: int) -> Step[int]:
        return Step(state + 1, ())


IDLE_ACTIONS = 81
"""As many actions as a random 4-seat Pickomino game (80.6 on average)."""


def idle_game(rng: random.Random) -> int:
    game = cast(Game[Any, Any, Any], IdleGame())
    return sum(1 for _ in playout(game, 0, rng))


class BareGame:
    """The idle game with the objects every Pickomino action makes whatever its rules do: a
    new position, made from the old one's twelve fields as the rules make it, and on two
    actions in five (rolls are 41% of a random game's actions) a new generator. No rule is
    played, no event handed out: how fast Pickomino could play through the driver if its rules
    cost nothing."""

    key = "bare"

    def seats(self, state: PickominoState) -> int:
        return state.seats

    def to_act(self, state: PickominoState) -> tuple[int, ...]:
        return () if state.turn >= IDLE_ACTIONS else (0,)

    def legal_actions(self, state: PickominoState, seat: int) -> list[int]:
        return [0, 1]

    def apply(self, state: PickominoState, seat: int, action: int) -> Step[PickominoState]:
        seats, tiebreak, rng, grill, turned, stacks, current, phase, roll, kept, turn, resigned = state[:]
        if turn % 5 < 2:
            rng = _new_tuple(Rng, (rng[0], rng[1] + 1, ()))
        after = (seats, tiebreak, rng, grill, turned, stacks, current, phase, roll, kept, turn + 1, resigned)
        return Step(_new_tuple(PickominoState, after), ())


_new_tuple = tuple.__new__
_BARE_START = engine.get_game("pickomino").new(4, seed=0)
"""The bare game's first position (made once: the idle game has no set-up either)."""


def bare_game(rng: random.Random) -> int:
    game = cast(Game[Any, Any, Any], BareGame())
    return sum(1 for _ in playout(game, _BARE_START, rng))


def _round(play: Callable[[int], int], games: int) -> tuple[float, list[int]]:
    """Games/s in CPU time of this process (other work on a shared machine counts less), and
    each game's length."""
    lengths = []
    start = time.process_time()
    for g in range(games):
        lengths.append(play(g))
    return games / (time.process_time() - start), lengths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2_000, help="games per round")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--check", action="store_true", help="compare game lengths instead of speed")
    args = parser.parse_args()
    seats = args.seats
    lean_rng, engine_rng, idle_rng, bare_rng = (random.Random(n) for n in (1, 0, 2, 3))

    def lean(g: int) -> int:
        return lean_game(seats, lean_rng)

    def contract(g: int) -> int:
        return engine_game(seats, g, engine_rng)

    def idle(g: int) -> int:
        return idle_game(idle_rng)

    def bare(g: int) -> int:
        return bare_game(bare_rng)

    if args.check:
        for name, play in (("lean loop", lean), ("engine", contract)):
            ordered = sorted(_round(play, args.games * args.rounds)[1])
            n = len(ordered)
            quantiles = " ".join(f"{ordered[int(q * (n - 1))]:>4}" for q in QUANTILES)
            print(
                f"{name:<10} {n} games: {statistics.mean(ordered):6.2f} actions per game"
                f" (sd {statistics.stdev(ordered):5.2f}; 1/10/25/50/75/90/99%: {quantiles})"
            )
        return
    players = (("lean loop", lean), ("idle game", idle), ("bare game", bare), ("engine", contract))
    rates: dict[str, list[float]] = {name: [] for name, _ in players}
    lengths: dict[str, list[int]] = {name: [] for name, _ in players}
    for _ in range(args.rounds):  # alternate, so all see the same machine
        for name, play in players:
            rate, played = _round(play, args.games)
            rates[name].append(rate)
            lengths[name] += played
    print(f"pickomino, {seats} seats, {args.rounds} alternating rounds of {args.games} random games")
    for name, measured in rates.items():
        print(
            f"{name:<10} median {statistics.median(measured):>8,.0f} games/s"
            f"  ({statistics.mean(lengths[name]):.1f} actions per game)"
        )
    lean_rate = statistics.median(rates["lean loop"])
    print(f"engine / lean loop: {statistics.median(rates['engine']) / lean_rate:.3f}")
    idle_rate, bare_rate = statistics.median(rates["idle game"]), statistics.median(rates["bare game"])
    print(f"idle game / lean loop: {idle_rate / lean_rate:.3f} (the driver's ceiling)")
    print(f"bare game / lean loop: {bare_rate / lean_rate:.3f} (Pickomino's ceiling: its objects, no rules)")


if __name__ == "__main__":
    main()
