"""Hobbit's balance: one policy in every seat, many games per table size (prints, not a test).

python bench/hobbit_balance.py [--games 2000] [--seats 2 3 4] [--policy heuristic] [--jobs 2]
                               [--seed 0] [--without-arrow] [--difficulty normal] [--edition N]

Game ``g`` of a table size has seed ``--seed + g``; its decision ``n`` is seeded
``(--seed + g) * 100_003 + n`` (``PolicyChoice``), so every figure replays. For each table
size prints the team's win rate with its 95% Wilson interval; how the games ended, as shares of
all games and of the losses; rounds played (median, 90th percentile, most) and the games won
within 30, 40 and 50 rounds; the open risks of the rules, each measured:

- games lost before any dwarf reached Esgaroth (space 18): Smaug too fast early;
- Bard's Arrow: the games it was shot in, shots, hits, and wins it brought (run again with
  ``--without-arrow``, where no seat may shoot it, for its effect on the win rate);
- the gate bottleneck: games in which a dwarf got past the gate (42), rounds from the first
  dwarf on the slopes (22) to the first past the gate, losses with no dwarf past it, attacks
  on Smaug a game, and the share of rounds Smaug began in his lair;
- the round limit: games it decided;
- the furthest any dwarf got, and games per second.

``--policy random`` gives the figures for random play (every seat uniform over its legal
actions). ``--difficulty`` plays the games at that level (the option ``difficulty``),
``--edition`` with that card edition (new games' by default).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple, get_args

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from engine.ai import get_policy
from engine.ai.arena import wilson
from engine.ai.playout import PolicyChoice, playout, random_choice
from engine.core.errors import BadOptions
from engine.core.registry import get_game
from engine.games.hobbit.actions import PlayTreasury
from engine.games.hobbit.board import BILBO, GATE
from engine.games.hobbit.cards import card_of
from engine.games.hobbit.data import BOARD, Arrow, Difficulty

ESGAROTH = min(i for i, k in enumerate(BOARD.kinds) if k == "ESGAROTH")
QUICK = (30, 40, 50)
"""Round counts for the share of games won within them (what a lower round limit would keep)."""
SLOPES = GATE - 20
"""The first space of the slopes of Erebor (22), where Smaug's path begins."""


class WithoutArrow:
    """A policy that is never offered Bard's Arrow (H1.10)."""

    def __init__(self, policy: Any) -> None:
        self.policy = policy

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        kept = [a for a in legal if not (isinstance(a, PlayTreasury) and isinstance(card_of(a.card), Arrow))]
        return self.policy.choose(view, kept, rng)


class Game(NamedTuple):
    """One game's end and what the open risks ask of it."""

    seats: int
    reason: str
    won: bool
    rounds: int
    reached_esgaroth: bool
    furthest: int
    arrows: int
    arrow_hits: int
    attacks: int
    slopes_round: int | None
    """The round the first dwarf reached the slopes (22)."""
    gate_round: int | None
    """The round the first dwarf got past the gate (42)."""
    lair_rounds: int
    """Rounds that began with Smaug in his lair."""


def play(seats: int, seed: int, policy: str, without_arrow: bool, options: dict[str, Any]) -> Game:
    game = get_game("hobbit")
    state: Any = game.new(seats, seed, options)
    if policy == "random":
        choose: Any = random_choice
    else:
        player: Any = get_policy("hobbit", policy)
        choose = PolicyChoice([WithoutArrow(player) if without_arrow else player] * seats, seed * 100_003)
    reached, furthest, arrows, hits, attacks, lair = False, 0, 0, 0, 0, 0
    slopes: int | None = None
    gate: int | None = None
    last_round = 0
    for move in playout(game, state, random.Random(seed), choose=choose):
        state = move.step.state
        if state.round != last_round:
            last_round = state.round
            lair += state.smaug is None
        for event in move.step.events:
            if event.kind == "arrow":
                arrows += 1
                hits += bool(event.data["hit"])
            elif event.kind == "attack":
                attacks += 1
        for f in state.figures:
            if f.id != BILBO and f.pos is not None:
                furthest = max(furthest, f.pos)
        reached = reached or furthest >= ESGAROTH
        if slopes is None and furthest >= SLOPES:
            slopes = state.round
        if gate is None and furthest > GATE:
            gate = state.round
    result = game.result(state)
    assert result is not None and result.reason is not None
    return Game(
        seats,
        result.reason,
        result.team == "won",
        state.round,
        reached,
        furthest,
        arrows,
        hits,
        attacks,
        slopes,
        gate,
        lair,
    )


def _chunk(work: list[tuple[int, int, str, bool, dict[str, Any]]]) -> list[Game]:
    return [play(*item) for item in work]


def run(
    seats: int, games: int, seed: int, policy: str, jobs: int, without_arrow: bool, options: dict[str, Any]
) -> list[Game]:
    work = [(seats, seed + g, policy, without_arrow, options) for g in range(games)]
    parts = [work[i :: jobs * 4] for i in range(jobs * 4)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            chunks = pool.map(_chunk, parts)
    else:
        chunks = [_chunk(p) for p in parts]
    return [g for chunk in chunks for g in chunk]


def _pct(n: int, of: int) -> str:
    return f"{100 * n / of:5.1f}%" if of else "    -"


def report(played: list[Game], elapsed: float, label: str) -> str:
    n = len(played)
    seats = played[0].seats
    won = sum(g.won for g in played)
    low, high = wilson(won, n)
    losses = [g for g in played if not g.won]
    ends = Counter(g.reason for g in played)
    rounds = sorted(g.rounds for g in played)
    lines = [
        f"{seats} seats: {n} games of {label} ({n / elapsed:.1f} games/s)",
        f"  team won {won} ({100 * won / n:.1f}%, 95% {100 * low:.1f}–{100 * high:.1f}%)"
        + ("" if 0.3 <= won / n <= 0.7 else "   outside 30–70%"),
        "  end                       games   of all  of losses",
    ]
    for reason, count in ends.most_common():
        share = _pct(count, len(losses)) if reason not in ("erebor_reached", "smaug_slain") else "     "
        lines.append(f"  {reason:<24} {count:>6}  {_pct(count, n)}  {share}")
    tenth = rounds[min(n - 1, int(0.9 * n))]
    lines.append(
        f"  rounds: median {statistics.median(rounds):g}, 90th percentile {tenth}, most {rounds[-1]}"
    )
    within = {r: sum(g.won and g.rounds <= r for g in played) for r in QUICK}
    quick = ", ".join(f"{_pct(won_by, n).strip()} within {r}" for r, won_by in within.items())
    lines.append(f"  games won within so many rounds: {quick}")
    early = sum(not g.won and not g.reached_esgaroth for g in played)
    lines.append(f"  lost before any dwarf reached Esgaroth: {early} ({_pct(early, n).strip()})")
    shot = [g for g in played if g.arrows]
    arrow_wins = ends["smaug_slain"]
    lines.append(
        f"  Bard's Arrow: shot in {len(shot)} games ({_pct(len(shot), n).strip()}), "
        f"{sum(g.arrows for g in played)} shots, {sum(g.arrow_hits for g in played)} hits, "
        f"{arrow_wins} wins ({_pct(arrow_wins, max(1, won)).strip()} of the wins)"
    )
    past = [g for g in played if g.gate_round is not None]
    waits = [
        g.gate_round - g.slopes_round for g in past if g.slopes_round is not None and g.gate_round is not None
    ]
    stuck = sum(g.gate_round is None for g in losses)
    wait = f"median {statistics.median(waits):g} rounds" if waits else "-"
    lines.append(
        f"  gate: a dwarf got past it in {len(past)} games ({_pct(len(past), n).strip()}); "
        f"slopes to past the gate {wait}; losses with no dwarf past it {stuck} "
        f"({_pct(stuck, len(losses)).strip()} of losses)"
    )
    all_rounds = sum(g.rounds for g in played)
    lines.append(
        f"  attacks on Smaug: {statistics.mean(g.attacks for g in played):.1f} a game; "
        f"rounds begun with Smaug in his lair: {_pct(sum(g.lair_rounds for g in played), all_rounds).strip()}"
    )
    lines.append(
        f"  round limit decided {ends['round_limit']} games ({_pct(ends['round_limit'], n).strip()})"
    )
    furthest = [g.furthest for g in played]
    lines.append(f"  furthest dwarf: median {statistics.median(furthest):g}, best {max(furthest)}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per table size")
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--policy", default="heuristic")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--without-arrow", action="store_true", help="no seat may shoot Bard's Arrow")
    parser.add_argument("--difficulty", choices=get_args(Difficulty), default="normal")
    parser.add_argument("--edition", type=int, help="the card edition (new games' by default)")
    args = parser.parse_args()
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    options: dict[str, Any] = {"difficulty": args.difficulty}
    if args.edition is not None:
        options["edition"] = args.edition
    try:
        get_game("hobbit").options(2, options)
    except BadOptions as exc:  # refused before any game is played
        parser.error(str(exc))
    label = args.policy + (" without Bard's Arrow" if args.without_arrow else "")
    label += f", {args.difficulty}" + ("" if args.edition is None else f", edition {args.edition}")
    for seats in args.seats:
        start = time.perf_counter()
        played = run(seats, args.games, args.seed, args.policy, args.jobs, args.without_arrow, options)
        print(report(played, time.perf_counter() - start, label), flush=True)


if __name__ == "__main__":
    main()
