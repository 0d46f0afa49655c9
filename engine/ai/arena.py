"""Policies against each other: win and tie rates with 95% intervals, decision speed.

python -m engine.ai.arena <game> --seats 2 --games 1000 --policies <policy>,<policy> --seed 1 --jobs 2

The policies fill the seats in the order given (repeated when fewer than the seats); game
``g`` rotates that line-up by ``g`` places, so every policy starts equally often. A policy
*wins* a game when it alone ranks first and *ties* when it shares first place; in a
co-operative game every seat wins or loses together, and the report gives the team's
wins instead. This is a tool, not engine logic: it reads the clock to time decisions.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.ai.playout import Chooser, PolicyChoice, playout
from engine.ai.policy import get_policy, policies
from engine.core.errors import EngineError
from engine.core.registry import get_game


@dataclass(slots=True)
class SlotTally:
    """Results of one place in the line-up."""

    name: str
    wins: int = 0
    ties: int = 0
    team_wins: int = 0
    """Games of a co-operative game that the team, this place among it, won."""
    seconds: list[float] = field(default_factory=list)
    """Time of every decision."""
    choice_seconds: list[float] = field(default_factory=list)
    """Time of every decision with two or more legal actions."""


@dataclass(slots=True)
class ArenaReport:
    game: str
    seats: int
    games: int
    seed: int
    slots: list[SlotTally]
    elapsed: float = 0.0
    cooperative: bool = False
    """All seats win or lose together: the report gives the team's wins, not each place's."""


def lineup_names(names: Sequence[str], seats: int) -> list[str]:
    return [names[i % len(names)] for i in range(seats)]


class TimedChoice:
    """A chooser timed: ``wall`` and ``cpu`` are the wall-clock and process CPU seconds of its
    last decision. ``playout`` yields each move before it asks for the next, so they are read
    as the move comes."""

    def __init__(self, choose: Chooser) -> None:
        self.choose = choose
        self.wall = self.cpu = 0.0

    def __call__(self, game: Any, state: Any, seat: int, rng: random.Random) -> Any:
        start_cpu = time.process_time()  # read outside the wall-clock interval: it is a system call
        start = time.perf_counter()
        action = self.choose(game, state, seat, rng)
        self.wall = time.perf_counter() - start
        self.cpu = time.process_time() - start_cpu
        return action


def play_games(
    game_key: str, seats: int, names: Sequence[str], seed: int, first: int, count: int
) -> list[SlotTally]:
    """Games ``first … first+count-1`` of a match (game ``g`` has seed ``seed + g``; its
    decisions are seeded from ``(seed * 1_000_003 + g) * 10_007``)."""
    game = get_game(game_key)
    lineup = lineup_names(names, seats)
    chooser = [get_policy(game_key, name) for name in lineup]
    slots = [SlotTally(name) for name in lineup]
    for g in range(first, first + count):
        slot_of = [(seat + g) % seats for seat in range(seats)]  # seat -> line-up place
        by_seat = [chooser[slot] for slot in slot_of]
        timed = TimedChoice(PolicyChoice(by_seat, (seed * 1_000_003 + g) * 10_007))
        state = game.new(seats, seed=seed + g, options={})
        for played in playout(game, state, random.Random(g), choose=timed):
            tally = slots[slot_of[played.seat]]
            tally.seconds.append(timed.wall)
            if len(game.legal_actions(played.before, played.seat)) > 1:
                tally.choice_seconds.append(timed.wall)
            state = played.step.state
        result = game.result(state)
        assert result is not None
        if result.team is not None:  # one result for every seat: nobody wins alone, nobody ties
            for tally in slots:
                tally.team_wins += result.team == "won"
            continue
        firsts = [slot_of[s] for s in result.winners]
        for slot in firsts:
            if len(firsts) == 1:
                slots[slot].wins += 1
            else:
                slots[slot].ties += 1
    return slots


def _play_chunk(args: tuple[str, int, tuple[str, ...], int, int, int]) -> list[SlotTally]:
    return play_games(*args)


class _InProcess:
    """The pool's ``imap`` without processes (``--jobs 1``)."""

    def __enter__(self) -> _InProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, function: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[Any]:
        return map(function, items)


Progress = Callable[[int, int, float], None]
"""``(games played, games in all, seconds so far)``, after each chunk of games."""


def run_arena(
    game_key: str,
    seats: int,
    games: int,
    names: Sequence[str],
    seed: int,
    jobs: int = 1,
    progress: Progress | None = None,
) -> ArenaReport:
    get_game(game_key)
    for name in names:
        get_policy(game_key, name)  # an unknown name fails before any game is played
    start = time.perf_counter()
    chunks = max(1, min(games, jobs * 8))
    bounds = [games * i // chunks for i in range(chunks + 1)]
    work = [
        (game_key, seats, tuple(names), seed, bounds[i], bounds[i + 1] - bounds[i])
        for i in range(chunks)
        if bounds[i + 1] > bounds[i]
    ]
    parts: list[list[SlotTally]] = []
    done = 0
    with multiprocessing.get_context("spawn").Pool(jobs) if jobs > 1 else _InProcess() as pool:
        for part in pool.imap(_play_chunk, work):
            parts.append(part)
            done += work[len(parts) - 1][5]  # the chunk's game count (imap keeps the order)
            if progress is not None:
                progress(done, games, time.perf_counter() - start)
    slots = [SlotTally(name) for name in lineup_names(names, seats)]
    for part in parts:
        for total, piece in zip(slots, part, strict=True):
            total.wins += piece.wins
            total.ties += piece.ties
            total.team_wins += piece.team_wins
            total.seconds += piece.seconds
            total.choice_seconds += piece.choice_seconds
    elapsed = time.perf_counter() - start
    return ArenaReport(game_key, seats, games, seed, slots, elapsed, get_game(game_key).cooperative)


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _ms(values: list[float], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.2f}"


def format_report(report: ArenaReport) -> str:
    lines = [
        f"{report.game}: {report.games} games, {report.seats} seats, seed {report.seed}, "
        f"{report.elapsed:.1f} s",
    ]
    speed = f" {'decisions':>9} {'dec/s':>8} {'median ms':>9} {'median ms (>=2 choices)':>23} {'p99 ms':>7}"
    if report.cooperative:
        won = report.slots[0].team_wins
        lo, hi = wilson(won, report.games)
        rate = won / report.games
        lines.append(f"the team won {won} of {report.games} games: {rate:.2%} [{lo:.2%}, {hi:.2%}]")
        lines.append(f"{'policy':<12}{speed}")
    else:
        lines.append(
            f"{'policy':<12} {'wins':>6} {'win rate [95% CI]':>24} {'ties':>5} "
            f"{'tie rate [95% CI]':>24}{speed}"
        )
    names = [s.name for s in report.slots]
    for place, slot in enumerate(report.slots):
        label = slot.name if names.count(slot.name) == 1 else f"{slot.name}#{place + 1}"
        spent = sum(slot.seconds)
        rate = len(slot.seconds) / spent if spent else float("inf")
        median = f"{1000 * statistics.median(slot.seconds):.3f}" if slot.seconds else "-"
        choice_median = f"{1000 * statistics.median(slot.choice_seconds):.3f}" if slot.choice_seconds else "-"
        timing = (
            f" {len(slot.seconds):>9} {rate:>8.0f} {median:>9} {choice_median:>23}"
            f" {_ms(slot.seconds, 0.99):>7}"
        )
        if report.cooperative:
            lines.append(f"{label:<12}{timing}")
            continue
        lo, hi = wilson(slot.wins, report.games)
        tlo, thi = wilson(slot.ties, report.games)
        lines.append(
            f"{label:<12} {slot.wins:>6} {slot.wins / report.games:>8.2%} [{lo:.2%}, {hi:.2%}]"
            f" {slot.ties:>5} {slot.ties / report.games:>8.2%} [{tlo:.2%}, {thi:.2%}]{timing}"
        )
    return "\n".join(lines)


def _show_progress(done: int, total: int, seconds: float) -> None:
    """One line on stderr after each chunk, so a long run shows it is alive."""
    left = seconds / done * (total - done) if done else 0.0
    print(f"  {done}/{total} games, {seconds:.0f} s, about {left:.0f} s left", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.ai.arena", description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--policies", default="random", help="comma-separated policy names")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.policies.split(",") if n.strip()]
    if args.games < 1 or args.jobs < 1 or not names:
        parser.error("--games and --jobs must be at least 1, and --policies must name one")
    try:
        report = run_arena(args.game, args.seats, args.games, names, args.seed, args.jobs, _show_progress)
    except EngineError as exc:  # an unknown game, policy or seat count: say so plainly
        print(f"error: {exc}", file=sys.stderr)
        print(f"policies for {args.game}: {', '.join(policies(args.game))}", file=sys.stderr)
        return 2
    print(format_report(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
