"""One benchmark on two checkouts, run in turn, so both see the same (noisy) machine.

python bench/ab.py OLD_CHECKOUT [--rounds N] [--pattern REGEX] -- COMMAND ...

Runs ``COMMAND`` in the old checkout and in this one, alternately, ``--rounds`` times each,
reads one number from each run's output (the first group of ``--pattern``; by default the
``games/s`` that ``bench/engine.py`` prints) and prints both medians and the median ratio of
each pair of runs. An old
checkout is any copy of the repository, e.g. ``git worktree add ../old <commit>``.

python bench/ab.py ../old -- python bench/engine.py --game raid --seats 2 --games 1000
python bench/ab.py ../old --rounds 3 --pattern ", ([0-9.]+) s$" --lower -- \\
    python -m engine.ai.arena pickomino --seats 2 --games 200 --policies strong,greedy --seed 1
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def measure(checkout: Path, command: list[str], pattern: re.Pattern[str]) -> float:
    run = [sys.executable if word == "python" else word for word in command]
    out = subprocess.run(run, cwd=checkout, capture_output=True, text=True, check=True).stdout
    found = pattern.search(out)
    if found is None:
        raise SystemExit(f"no match for {pattern.pattern!r} in:\n{out}")
    return float(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("old", type=Path, help="the checkout to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pattern", default=r"games/s:\s+([0-9,.]+)")
    parser.add_argument("--lower", action="store_true", help="a lower figure is better (a time)")
    argv = sys.argv[1:]
    if "--" not in argv or argv.index("--") == len(argv) - 1:
        parser.error("give the command to run after --")
    split = argv.index("--")
    args = parser.parse_args(argv[:split])
    command = argv[split + 1 :]
    pattern = re.compile(args.pattern, re.MULTILINE)
    figures: dict[str, list[float]] = {"old": [], "new": []}
    for _ in range(args.rounds):
        for name, checkout in (("old", args.old), ("new", HERE)):
            figures[name].append(measure(checkout, command, pattern))
            print(f"{name}: {figures[name][-1]:,.2f}", flush=True)
    old, new = statistics.median(figures["old"]), statistics.median(figures["new"])
    pairs = zip(figures["old"], figures["new"], strict=True)
    ratios = [o / n if args.lower else n / o for o, n in pairs]
    print(f"median old {old:,.2f}, new {new:,.2f}")
    # each run is compared with the one just before it, so a machine that gets busier or
    # quieter during the runs does not tilt the result
    print(f"the new code is {statistics.median(ratios):.2f}× as fast (median of the {len(ratios)} pairs)")


if __name__ == "__main__":
    main()
