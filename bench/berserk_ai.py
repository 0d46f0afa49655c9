"""Berserk computer players against each other, over mirrored decks and seats, with decision times.

python bench/berserk_ai.py [--policy search] [--against baseline] [--games 1024] [--jobs 2] [--seed 0]
                           [--roles chosen|mirrored] [--budget worlds=4,margin=2]
                                                                   (or: python -m bench.berserk_ai)

Games come in blocks of 32 that share one game seed: every ordered pair of decks (the policy's
deck, the other's; the same deck on both sides too) with the policy in seat 0 and in seat 1.
So each deck meets each deck equally often from both sides, each player sits in each seat
equally often, and the seat roll (which the game seed decides) goes to each player equally
often. ``--roles chosen`` (the default) lets the roll's winner choose to go first or second,
as in a real game; ``--roles mirrored`` plays each game of the block twice, the policy P1 in
one and P2 in the other (blocks of 64), which measures play apart from that choice.
``--games`` is rounded up to whole blocks. The deck choice is the only decision not left to
the players (and, mirrored, the seat choice).

Prints the policy's win rate with a 95% Wilson interval (a draw counts as half a win), by deck
pair and by role (P1 moves first), and the time of each of its decisions through ``decide``
(view building included): as wall-clock time and as the process's CPU time (steadier on a busy
machine), for every decision and for those with two or more legal actions.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import random
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Literal, NamedTuple

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench.timing import decision_line
from engine.ai import Policy, get_policy
from engine.ai.arena import TimedChoice, wilson
from engine.ai.berserk.search import Budget, SearchPolicy
from engine.ai.playout import PolicyChoice, Preferring, playout
from engine.core.registry import get_game
from engine.games.berserk.actions import ChooseDeck, ChooseSeat
from engine.games.berserk.cards import DECKS

BLOCK = [
    (mine, theirs, seat) for mine, theirs in itertools.product(sorted(DECKS), repeat=2) for seat in (0, 1)
]
"""One block of games: (the policy's deck, the other's deck, the policy's seat)."""
Role = Literal["first", "second"]
ROLES: dict[str, tuple[Role | None, ...]] = {"chosen": (None,), "mirrored": ("first", "second")}
"""Who is P1: ``chosen``, whoever wins the seat roll chooses, as in a real game; ``mirrored``,
each game of a block is played once with the policy as P1 and once as P2 (the seat roll's
winner is made to choose so), which measures play without the seat choice."""


class Game(NamedTuple):
    """One game as the policy saw it: its deck, the other's, its seat, its points (1, ½ or 0),
    whether it was P1, and the wall and CPU seconds of each of its decisions (with whether that
    decision had two or more legal actions)."""

    mine: str
    theirs: str
    seat: int
    points: float
    first: bool
    times: list[tuple[float, float, bool]]


def budget_of(text: str) -> Budget:
    """``search``'s budget from ``worlds=2,margin=1.5`` (the fields of ``Budget``, the kinds of
    decision searched as ``kinds=main+muster``; the rest keep their defaults)."""
    given: dict[str, Any] = {}
    for part in filter(None, text.split(",")):
        name, _, value = part.partition("=")
        default = getattr(Budget(), name.strip())  # an unknown field fails here
        given[name.strip()] = (
            frozenset(value.split("+")) if isinstance(default, frozenset) else type(default)(value)
        )
    return Budget(**given)


def player(name: str, budget: str) -> Policy:
    return SearchPolicy(budget_of(budget)) if name == "search" and budget else get_policy("berserk", name)


def play(
    policy: str,
    against: str,
    mine: str,
    theirs: str,
    seat: int,
    role: Role | None,
    seed: int,
    budget: str = "",
) -> Game:
    """One game; ``role``: the policy made P1 (``first``) or P2 (``second``), or ``None`` to
    let the seat roll's winner choose; ``budget``: ``search``'s, as ``--budget`` gives it."""
    game = get_game("berserk")
    players: list[Policy] = [player(against, budget), player(against, budget)]
    players[seat] = player(policy, budget)
    if role is not None:  # whichever side wins the roll chooses so that the policy gets ``role``
        other: Role = "second" if role == "first" else "first"
        players = [Preferring(ChooseSeat(role if s == seat else other), p) for s, p in enumerate(players)]
    decks = [theirs, theirs]
    decks[seat] = mine
    lineup = [Preferring(ChooseDeck(deck), player) for deck, player in zip(decks, players, strict=True)]
    timed = TimedChoice(PolicyChoice(lineup, seed * 100_003))  # decision n is seeded seed * 100_003 + n
    state = game.new(2, seed=seed, options={})
    times: list[tuple[float, float, bool]] = []
    for played in playout(game, state, random.Random(seed), choose=timed):
        if played.seat == seat:
            several = len(game.legal_actions(played.before, played.seat)) > 1
            times.append((timed.wall, timed.cpu, several))
        state = played.step.state
    result = game.result(state)
    assert result is not None and state.first is not None
    points = 0.5 if result.draw else float(result.winners[0] == seat)
    return Game(mine, theirs, seat, points, state.first == seat, times)


Work = tuple[str, str, int, Role | None, int]
"""One game to play: (the policy's deck, the other's, the policy's seat, its role, game seed)."""


def _chunk(args: tuple[str, str, list[Work], str]) -> list[Game]:
    policy, against, work, budget = args
    return [play(policy, against, *item, budget=budget) for item in work]


def schedule(games: int, seed: int, roles: str) -> list[Work]:
    """Whole blocks of ``BLOCK`` (each game once per role), block ``b`` with game seed
    ``seed + b``."""
    block = [(*game, role) for game in BLOCK for role in ROLES[roles]]
    blocks = -(-games // len(block))
    return [(mine, theirs, seat, role, seed + b) for b in range(blocks) for mine, theirs, seat, role in block]


def run(
    policy: str, against: str, games: int, jobs: int, seed: int, roles: str = "chosen", budget: str = ""
) -> list[Game]:
    work = schedule(games, seed, roles)
    parts = [(policy, against, work[i :: jobs * 8], budget) for i in range(jobs * 8)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            chunks = pool.map(_chunk, parts)
    else:
        chunks = [_chunk(p) for p in parts]
    return [g for chunk in chunks for g in chunk]


def _rate(points: float, n: int) -> str:
    lo, hi = wilson(round(points), n)
    return f"{points / n:7.1%} [{lo:.1%}, {hi:.1%}]"


def report(policy: str, against: str, played: list[Game], roles: str = "chosen") -> str:
    n = len(played)
    points = sum(g.points for g in played)
    lines = [
        f"berserk: {policy} against {against}, {n} games (mirrored decks and seats, roles {roles})",
        f"{policy} win rate: {_rate(points, n)}   (wins {sum(g.points == 1 for g in played)},"
        f" draws {sum(g.points == 0.5 for g in played)}, losses {sum(g.points == 0 for g in played)})",
        "",
        "as P1 (moves first) / as P2: "
        + " / ".join(
            _rate(sum(g.points for g in played if g.first == first), sum(g.first == first for g in played))
            for first in (True, False)
            if any(g.first == first for g in played)
        ),
        "",
        "deck pair (its, other's)  games  win rate [95% CI]",
    ]
    pairs: dict[tuple[str, str], list[float]] = defaultdict(list)
    for g in played:
        pairs[g.mine, g.theirs].append(g.points)
    for (mine, theirs), got in sorted(pairs.items()):
        lines.append(f"{mine} vs {theirs}                {len(got):>5}  {_rate(sum(got), len(got))}")
    wall = [t[0] for g in played for t in g.times]
    cpu = [t[1] for g in played for t in g.times]
    wall_choices = [t[0] for g in played for t in g.times if t[2]]
    cpu_choices = [t[1] for g in played for t in g.times if t[2]]
    lines += [
        "",
        f"{policy}'s decisions:",
        decision_line("every decision (wall)", wall),
        decision_line("every decision (CPU)", cpu),
        decision_line("two or more legal actions (wall)", wall_choices),
        decision_line("two or more legal actions (CPU)", cpu_choices),
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policy", default="search")
    parser.add_argument("--against", default="baseline")
    parser.add_argument(
        "--games", type=int, default=1024, help="rounded up to whole blocks of 32 (64 mirrored)"
    )
    parser.add_argument("--roles", choices=sorted(ROLES), default="chosen", help="who is P1 (see above)")
    parser.add_argument(
        "--budget", default="", help="search's budget, e.g. worlds=2,margin=1.5 (Budget's fields)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    player(args.policy, args.budget)  # an unknown name or field fails before any game is played
    player(args.against, args.budget)
    start = time.perf_counter()
    played = run(args.policy, args.against, args.games, args.jobs, args.seed, args.roles, args.budget)
    print(report(args.policy, args.against, played, args.roles))
    if args.budget:
        print(f"search's budget: {budget_of(args.budget)}")
    print(f"\n{time.perf_counter() - start:.0f} s with {args.jobs} worker process(es)")


if __name__ == "__main__":
    main()
