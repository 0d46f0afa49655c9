"""``python -m bot --check``: is this installation ready to run? Offline, in one pass.

Checks, each reported on its own line: the settings load (pydantic), a token is set (its
value is never printed), the shard plan (which of the bot's gateway shards this process runs,
whether it receives the direct messages and syncs the commands), the database opens, is
migrated to the latest schema and can be written (the backend, where it is — an SQLite file's
absolute path, a PostgreSQL URL with the password masked —, how the process connects and the
schema version are shown), every stored game replays to its snapshot (``Repository.verify``),
and the slash commands load — they are listed. The last line says whether the bot is ready to
run (``ready: …``) or why not (``not ready: …``). Nothing connects to Discord. Exit status 0
when all pass, 1 otherwise.
"""

from __future__ import annotations

import asyncio
from typing import Any, TextIO

from discord import app_commands

from bot.app import create_bot
from bot.settings import Settings
from bot.stored import open_repository
from storage import Repository
from storage.errors import StorageError
from storage.migrations import schema_version
from storage.url import mask_password


def command_lines(commands: list[app_commands.Command[Any, Any, Any] | app_commands.Group]) -> list[str]:
    lines = []
    for command in sorted(commands, key=lambda c: c.name):
        params = getattr(command, "parameters", [])
        shown = " ".join(f"{p.name}:" if p.required else f"[{p.name}:]" for p in params)
        lines.append(f"  /{command.name} {shown}".rstrip())
    return lines


async def run_check(settings: Settings, out: TextIO) -> bool:
    """Every check, each on its line, then one line that says plainly whether the bot is ready
    to run and, if not, why."""
    problems = await _problems(settings, out)
    if problems:
        print(f"not ready: {'; '.join(problems)} (see .env.example)", file=out)
    else:
        print("ready: python -m bot will connect to Discord with these settings", file=out)
    return not problems


async def _problems(settings: Settings, out: TextIO) -> list[str]:
    """Run the checks, printing each; what stands in the way of running, in a few words each."""
    problems: list[str] = []
    print(
        f"settings: ok (database {mask_password(settings.database_url)}, "
        f"log {settings.log_level} {settings.log_format})",
        file=out,
    )
    if settings.discord_token is None:
        print("token: DISCORD_TOKEN is not set (see .env.example)", file=out)
        problems.append("DISCORD_TOKEN is not set")
    else:
        print("token: set", file=out)
    print(f"shards: {shard_plan(settings)}", file=out)
    try:
        repository = await open_repository(settings.database_url)
    except StorageError as exc:
        print(f"database: cannot open: {exc.message}", file=out)
        return [*problems, "the database cannot be opened"]
    try:
        try:
            with repository.database.explained():
                await repository.database.check_writable()
                print(f"database: ok ({await describe(repository)})", file=out)
                mismatches = await repository.verify()
        except StorageError as exc:
            print(f"database: {exc.message}", file=out)
            return [*problems, "the database cannot be used"]
        for mismatch in mismatches:
            print(f"verify: game {mismatch.game_id}: {mismatch.reason}", file=out)
        differ = f"{len(mismatches)} games differ from their log"
        print(f"verify: {'ok' if not mismatches else differ}", file=out)
        if mismatches:
            problems.append(differ)
        bot = create_bot(settings, repository)
        await bot.load_commands()
        commands = bot.tree.get_commands()
        print(f"commands: {len(commands)}", file=out)
        for line in command_lines([c for c in commands if not isinstance(c, app_commands.ContextMenu)]):
            print(line, file=out)
    finally:
        await repository.close()
    return problems


def shard_plan(settings: Settings) -> str:
    """Which gateway shards this process runs, out of how many, and what comes with shard 0."""
    mine, count = settings.shards, settings.shard_count
    if len(mine) == count:
        runs = f"all {count} in this process" if count > 1 else "1 (the whole bot) in this process"
    else:
        listed = ", ".join(map(str, mine))
        runs = f"{listed} of {count} in this process (the other processes run the rest)"
    if 0 in mine:
        return f"{runs}; direct messages arrive here (shard 0), and this process syncs the commands"
    return f"{runs}; direct messages and syncing the commands are left to the process with shard 0"


async def describe(repository: Repository) -> str:
    """Which database, where, how this process connects, its schema version and its games."""
    database = repository.database
    version = await schema_version(database)
    games = await repository.count_games()
    return (
        f"{database.backend} at {database.location.shown}, {database.pool}, schema v{version}, {games} games"
    )


def check(settings: Settings, out: TextIO) -> int:
    return 0 if asyncio.run(run_check(settings, out)) else 1
