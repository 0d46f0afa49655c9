"""``python -m bot``: run the bot with the token from ``.env`` or the environment.
``python -m bot --check``: check settings, database and commands offline (``bot.check``)."""

from __future__ import annotations

import sys

import aiohttp
import discord
from pydantic import ValidationError

from bot.app import create_bot
from bot.check import check
from bot.logging_setup import setup_logging
from bot.settings import Settings
from storage import parse_database_url
from storage.errors import StorageError

NO_TOKEN = "Tavern needs a bot token: set DISCORD_TOKEN in .env or in the environment (see .env.example)."
BAD_TOKEN = (
    "Discord refused the bot token: put a valid DISCORD_TOKEN in .env or in the environment "
    "(Developer Portal → your application → Bot → Reset Token; see .env.example)."
)


def fail(line: str) -> int:
    print(line, file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args not in ([], ["--check"]):
        return fail("Usage: python -m bot [--check]")
    try:
        settings = Settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]).upper()
        return fail(f"Bad setting {where}: {first['msg']} (see .env.example).")
    if args == ["--check"]:
        return check(settings, sys.stdout)
    if settings.discord_token is None:
        return fail(NO_TOKEN)
    try:
        parse_database_url(settings.database_url)  # before connecting: a typo is found at once
    except StorageError as exc:
        return fail(f"{exc.message} (see .env.example).")
    token = settings.discord_token.get_secret_value()
    setup_logging(settings.log_level, settings.log_format, secrets=(token,))
    bot = create_bot(settings)
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        return fail(BAD_TOKEN)
    except StorageError as exc:
        return fail(f"Cannot open the database: {exc.message} (DATABASE_URL, see .env.example).")
    except aiohttp.ClientConnectionError as exc:
        return fail(f"Cannot reach Discord: {exc}.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
