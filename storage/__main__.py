"""Storage tools.

python -m storage verify [--database-url URL]
    Replay every game from its seed and move log and compare with the stored snapshot.
    Prints each mismatch and a summary; exit code 0 when all games agree, 1 on any mismatch,
    2 when the database cannot be opened or read. The URL defaults to $DATABASE_URL, else
    sqlite:///data/tavern.db. Opening runs pending schema migrations, as the bot would.

python -m storage copy SOURCE_URL TARGET_URL
    Copy every game, move, seat, result, setting, deadline and ping from one database into
    another (SQLite to PostgreSQL or back), in one transaction, then replay every game of the
    target. Stop the bot first. Exit code 0 when every game of the target replays, 1 when some
    do not (each is listed; they did not in the source either), 2 when a database cannot be
    opened or read, 3 when the target is not empty (nothing is copied).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

from storage.copy import CopyReport, TargetNotEmpty, copy_database
from storage.errors import StorageError
from storage.models import Mismatch
from storage.repository import open_repository
from storage.url import DEFAULT_URL, SqliteLocation, parse_database_url

EXIT_OK, EXIT_MISMATCH, EXIT_UNUSABLE, EXIT_NOT_EMPTY = 0, 1, 2, 3


def error(line: str) -> None:
    print(f"error: {line}", file=sys.stderr)


def existing(url: str) -> str | None:
    """Why ``url`` cannot be read from: unreadable, or an SQLite file that does not exist
    (opening would create an empty database and find nothing wrong with it)."""
    try:
        location = parse_database_url(url)
    except StorageError as exc:
        return exc.message
    if isinstance(location, SqliteLocation) and not location.in_memory and not Path(location.path).is_file():
        return f"there is no database file at {location.shown}"
    return None


async def _verify(url: str) -> tuple[int, list[Mismatch]]:
    repository = await open_repository(url)
    try:
        with repository.database.explained():
            return await repository.count_games(), await repository.verify()
    finally:
        await repository.close()


def report_mismatches(checked: int, mismatches: list[Mismatch]) -> int:
    for mismatch in mismatches:
        print(f"MISMATCH game {mismatch.game_id}: {mismatch.reason}")
    games = sorted({m.game_id for m in mismatches})
    if games:
        print(f"{checked} games checked, {len(games)} with mismatches: {', '.join(map(str, games))}")
        return EXIT_MISMATCH
    print(f"{checked} games checked, all agree with their move logs")
    return EXIT_OK


def verify(url: str) -> int:
    problem = existing(url)
    if problem is not None:
        error(problem)
        return EXIT_UNUSABLE
    try:
        checked, mismatches = asyncio.run(_verify(url))
    except StorageError as exc:
        error(exc.message)
        return EXIT_UNUSABLE
    return report_mismatches(checked, mismatches)


def copy(source: str, target: str) -> int:
    problem = existing(source)
    if problem is not None:
        error(f"source: {problem}")
        return EXIT_UNUSABLE
    try:
        report: CopyReport = asyncio.run(copy_database(source, target))
    except TargetNotEmpty as exc:
        error(exc.message)
        return EXIT_NOT_EMPTY
    except StorageError as exc:
        error(exc.message)
        return EXIT_UNUSABLE
    print("copied: " + ", ".join(f"{count} {table}" for table, count in report.rows.items()))
    return report_mismatches(report.rows["games"], report.mismatches)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage", description="Tavern storage tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("verify", help="replay every game and compare with its snapshot")
    check.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL", DEFAULT_URL),
        help=f"sqlite:///path or postgresql://… (default: $DATABASE_URL, else {DEFAULT_URL})",
    )
    move = commands.add_parser("copy", help="copy every row into an empty database, then verify it")
    move.add_argument("source", metavar="SOURCE_URL", help="the database to copy from")
    move.add_argument("target", metavar="TARGET_URL", help="an empty database to copy into")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.command == "copy":
        return copy(args.source, args.target)
    return verify(args.database_url)


if __name__ == "__main__":
    sys.exit(main())
