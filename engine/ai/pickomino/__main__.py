"""``python -m engine.ai.pickomino odds`` — the reference odds table of the rules."""

from __future__ import annotations

import argparse

from engine.ai.pickomino.odds import odds_table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m engine.ai.pickomino", description=__doc__)
    parser.add_argument("command", choices=["odds"])
    parser.parse_args(argv)
    print("P(a turn from 8 dice ends with a worm and total >= T), played to maximise it")
    print(" T  P")
    for target, p in odds_table().items():
        print(f"{target}  {p:.6f}")


if __name__ == "__main__":
    main()
