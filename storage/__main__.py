"""Storage tools.

python -m storage verify [--database-url URL]
    Replay every game from its seed and move log and compare with the stored snapshot.
    Prints each mismatch and a summary; exit code 0 when all games agree, 1 on any mismatch,
    2 when the database cannot be opened. The URL defaults to $DATABASE_URL, else
    sqlite:///data/tavern.db. Opening runs pending schema migrations, as the bot would.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

from storage.errors import StorageError
from storage.models import Mismatch
from storage.repository import open_repository
from storage.url import DEFAULT_URL, parse_database_url

EXIT_OK, EXIT_MISMATCH, EXIT_UNUSABLE = 0, 1, 2


async def _verify(url: str) -> tuple[int, list[Mismatch]]:
    repository = await open_repository(url)
    try:
        return await repository.count_games(), await repository.verify()
    finally:
        await repository.close()


def verify(url: str) -> int:
    try:
        location = parse_database_url(url)
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_UNUSABLE
    if not location.in_memory and not Path(location.path).is_file():
        # Opening would create an empty database: say so instead of verifying nothing.
        print(f"error: there is no database file at {location.path}", file=sys.stderr)
        return EXIT_UNUSABLE
    try:
        checked, mismatches = asyncio.run(_verify(url))
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_UNUSABLE
    for mismatch in mismatches:
        print(f"MISMATCH game {mismatch.game_id}: {mismatch.reason}")
    games = sorted({m.game_id for m in mismatches})
    if games:
        print(f"{checked} games checked, {len(games)} with mismatches: {', '.join(map(str, games))}")
        return EXIT_MISMATCH
    print(f"{checked} games checked, all agree with their move logs")
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage", description="Tavern storage tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("verify", help="replay every game and compare with its snapshot")
    check.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL", DEFAULT_URL),
        help=f"sqlite:///path (default: $DATABASE_URL, else {DEFAULT_URL})",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    return verify(args.database_url)


if __name__ == "__main__":
    sys.exit(main())
