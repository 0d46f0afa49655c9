"""Berserk deck balance: one computer player on both sides for every pair of decks (prints, not
a test).

python bench/berserk_balance.py [--games 1000] [--jobs 2] [--seed 0] [--round-cap 20] [--policy baseline]
                                [--results FILE [--stored]]

``--policy`` is the player on both sides: ``baseline`` (the default, fast) or ``search``, the
strongest, whose figures are the ones the decks are balanced by. ``--results FILE`` keeps each
game's result as it ends and plays only the games the file lacks, so a long run can be stopped
and taken up again; ``--stored`` reports the file's games and plays none.

Each pair of different decks plays ``--games`` games; game ``g`` gives the first deck of the
pair to seat ``g % 2``, so each deck sits on each seat equally often (the seat roll then
decides who is P1). Prints each deck's win rate over all its games with a 95% Wilson interval,
each pair's result and first player's (P1's) win rate, P1's win rate over all games, and how
often the round cap decided, and flags a deck outside 40–60% and a first player outside
45–55% (the balance aimed at). A draw counts as half a win.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import multiprocessing
import random
import sys
import time
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from engine.ai import get_policy
from engine.ai.arena import wilson
from engine.ai.playout import PolicyChoice, Preferring, play_to_end
from engine.core.registry import get_game
from engine.games.berserk.actions import ChooseDeck
from engine.games.berserk.cards import DECKS

DECK_BAND = (0.40, 0.60)
"""Where every deck's win rate should lie."""
FIRST_BAND = (0.45, 0.55)
"""Where the first player's win rate should lie."""


CHUNK = 12
"""Games a worker plays at a time (two of each pair): a results file grows by as many."""


class Played(NamedTuple):
    """One game: the decks of seats 0 and 1, the winner (``None`` for a draw), P1's seat, why
    it ended, in which round, and its seed."""

    decks: tuple[str, str]
    winner: int | None
    first: int
    reason: str
    rounds: int
    seed: int


def play(decks: tuple[str, str], seed: int, round_cap: int, policy: str = "baseline") -> Played:
    """One game of ``policy`` on both sides with the decks forced (the deck choice is the only
    decision not left to the policy)."""
    game = get_game("berserk")
    player = get_policy("berserk", policy)
    # each seat plays its deck, the policy does the rest; decision n is seeded seed * 100_003 + n
    choose = PolicyChoice([Preferring(ChooseDeck(deck), player) for deck in decks], seed * 100_003)
    state = play_to_end(game, game.new(2, seed, {"round_cap": round_cap}), random.Random(seed), choose=choose)
    result = game.result(state)
    assert result is not None and state.first is not None and state.end is not None
    winner = None if result.draw else result.winners[0]
    return Played(decks, winner, state.first, state.end, state.round, seed)


def _chunk(args: tuple[list[tuple[tuple[str, str], int]], int, str]) -> list[Played]:
    work, round_cap, policy = args
    return [play(decks, seed, round_cap, policy) for decks, seed in work]


def schedule(games: int, seed: int) -> list[tuple[tuple[str, str], int]]:
    """Every pair's games, (decks by seat, game seed), game ``g`` of every pair before game
    ``g + 1`` of any, so that a run stopped early has played every pair as often."""
    pairs = list(enumerate(itertools.combinations(sorted(DECKS), 2)))
    return [
        ((a, b) if g % 2 == 0 else (b, a), seed + 1_000_000 * n + g)
        for g in range(games)
        for n, (a, b) in pairs
    ]


def setup_of(policy: str, round_cap: int) -> dict[str, Any]:
    """What a game's result depends on besides its decks and seed: a results file's games of
    another setup (another player, other budgets) are not this run's."""
    return {
        "policy": policy,
        "round_cap": round_cap,
        "budgets": {d: list(DECKS[d].budget) for d in sorted(DECKS)},
    }


FIELDS = ("decks", "winner", "first", "reason", "rounds", "seed")
"""``Played``'s fields, in order: the keys of a game in a results file."""


def _row(p: Played) -> dict[str, Any]:
    """A game as a line of a results file."""
    return dict(zip(FIELDS, p, strict=True))


def stored(path: Path, setup: dict[str, Any]) -> dict[tuple[tuple[str, str], int], Played]:
    """The games of ``setup`` a results file holds (a line cut short by a stop is skipped)."""
    found: dict[tuple[tuple[str, str], int], Played] = {}
    if not path.exists():
        return found
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        if row.get("setup") == setup:
            decks, *rest = (row[name] for name in FIELDS)
            p = Played(tuple(decks), *rest)
            found[p.decks, p.seed] = p
    return found


def _ends_a_line(path: Path) -> bool:
    with path.open("rb") as f:
        f.seek(-1, 2)
        return f.read(1) == b"\n"


def run(
    games: int,
    jobs: int,
    seed: int,
    round_cap: int,
    policy: str = "baseline",
    results: Path | None = None,
    play_more: bool = True,
) -> list[Played]:
    """The schedule's games: those ``results`` holds already, the others played (and added to
    it as they end, so a run stopped part way goes on where it stopped). Without
    ``play_more``, only the games the file holds."""
    work = schedule(games, seed)
    setup = setup_of(policy, round_cap)
    done = stored(results, setup) if results is not None else {}
    todo = [w for w in work if w not in done] if play_more else []
    parts = [(todo[i : i + CHUNK], round_cap, policy) for i in range(0, len(todo), CHUNK)]
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(results.open("a", encoding="utf-8")) if results is not None else None
        if out is not None and results is not None and results.stat().st_size and not _ends_a_line(results):
            out.write("\n")  # a run stopped in the middle of a line: that line is lost, not the next
        if jobs > 1 and parts:
            pool = stack.enter_context(multiprocessing.get_context("spawn").Pool(jobs))
            chunks: Iterable[list[Played]] = pool.imap(_chunk, parts)
        else:
            chunks = map(_chunk, parts)
        for chunk in chunks:
            for p in chunk:
                done[p.decks, p.seed] = p
                if out is not None:
                    out.write(json.dumps({"setup": setup, **_row(p)}) + "\n")
            if out is not None:
                out.flush()
    return [done[w] for w in work if w in done]


def _band(band: tuple[float, float]) -> str:
    return f"{band[0]:.0%}–{band[1]:.0%}".replace("%–", "–")


def _rate(points: float, n: int) -> str:
    lo, hi = wilson(round(points), n)
    return f"{points / n:7.1%} [{lo:.1%}, {hi:.1%}]"


def points_of(p: Played, seat: int) -> float:
    """A seat's share of a game: 1 for a win, ½ for a draw."""
    return 0.5 if p.winner is None else float(p.winner == seat)


def report(played: list[Played], policy: str = "baseline") -> str:
    points: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    pair_points: dict[tuple[str, str], float] = defaultdict(float)
    pair_games: dict[tuple[str, str], int] = defaultdict(int)
    pair_first: dict[tuple[str, str], float] = defaultdict(float)
    for p in played:
        for seat, deck in enumerate(p.decks):
            count[deck] += 1
            points[deck] += points_of(p, seat)
        a, b = sorted(p.decks)
        pair_games[a, b] += 1
        pair_points[a, b] += points_of(p, p.decks.index(a))
        pair_first[a, b] += points_of(p, p.first)
    lines = [f"{len(played)} games, {policy} against {policy}", ""]
    lines.append("deck               games  win rate [95% CI]")
    for deck in sorted(count):
        flag = (
            ""
            if DECK_BAND[0] <= points[deck] / count[deck] <= DECK_BAND[1]
            else f"   outside {_band(DECK_BAND)}"
        )
        rate = _rate(points[deck], count[deck])
        lines.append(f"{deck} {DECKS[deck].name:<15} {count[deck]:>5}  {rate}{flag}")
    lines += ["", "pair        games  first deck's win rate [95% CI]   P1's win rate [95% CI]"]
    for (a, b), n in sorted(pair_games.items()):
        lines.append(f"{a} vs {b}    {n:>5}  {_rate(pair_points[a, b], n)}   {_rate(pair_first[a, b], n)}")
    n = len(played)
    p1 = sum(points_of(p, p.first) for p in played)
    caps = sum(p.reason == "round_cap" for p in played)
    draws = sum(p.winner is None for p in played)
    rounds = sorted(p.rounds for p in played)
    p1_flag = "" if FIRST_BAND[0] <= p1 / n <= FIRST_BAND[1] else f"   outside {_band(FIRST_BAND)}"
    lines += [
        "",
        f"first player (P1) win rate: {_rate(p1, n)}{p1_flag}",
        f"decided by the round cap:   {caps / n:7.1%} ({caps} games); draws {draws}",
        f"rounds played: median {rounds[n // 2]}, 90th percentile {rounds[int(n * 0.9)]}, max {rounds[-1]}",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pair of decks")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--round-cap", type=int, default=20)
    parser.add_argument("--policy", default="baseline", help="the computer player on both sides")
    parser.add_argument(
        "--results", type=Path, help="a file of results (JSON lines): games it holds are not played again"
    )
    parser.add_argument(
        "--stored", action="store_true", help="play nothing: report the games --results holds"
    )
    args = parser.parse_args()
    if args.stored and args.results is None:
        parser.error("--stored reads --results")
    start = time.perf_counter()
    played = run(args.games, args.jobs, args.seed, args.round_cap, args.policy, args.results, not args.stored)
    if not played:
        sys.exit("no games to report")
    print(report(played, args.policy))
    print(f"\n{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
