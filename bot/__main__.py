"""``python -m bot``: run the bot with the token from ``.env`` or the environment.
``python -m bot --check``: check settings, database and commands offline (``bot.check``).
``python -m bot --help``: what the bot is, the settings it reads, and the options."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
import textwrap

import aiohttp
import discord
from pydantic import ValidationError

from bot.app import TavernBot, create_bot
from bot.check import check
from bot.logging_setup import setup_logging
from bot.settings import Settings
from bot.thinking import stop_workers
from engine import game_keys, get_game
from storage import open_repository
from storage.errors import StorageError

log = logging.getLogger("tavern.bot")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
"""How a process is stopped: SIGTERM by systemd and docker, SIGINT by Ctrl-C."""

NO_TOKEN = "Tavern needs a bot token: set DISCORD_TOKEN in .env or in the environment (see .env.example)."
BAD_TOKEN = (
    "Discord refused the bot token: put a valid DISCORD_TOKEN in .env or in the environment "
    "(Developer Portal → your application → Bot → Reset Token; see .env.example)."
)


async def open_database_once(url: str) -> None:
    """Open, migrate and close the database, and make sure it can be written, before connecting
    to Discord: a database that cannot be used is found at once, in one line."""
    repository = await open_repository(url)
    try:
        with repository.database.explained():
            await repository.database.check_writable()
    finally:
        await repository.close()


def fail(line: str) -> int:
    print(line, file=sys.stderr)
    return 1


def env_value(value: object) -> str:
    """A default as one writes it in ``.env`` (``true``, ``60``), not as Python prints it."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def settings_help() -> str:
    """One line per setting, from the settings model: its environment name, what it is, and
    its default."""
    lines = []
    for name, field in Settings.model_fields.items():
        default = field.default
        shown = "not set" if default is None else f"default {env_value(default)}"
        words = " ".join((field.description or "").split())
        described = textwrap.fill(words, width=88, initial_indent=" " * 6, subsequent_indent=" " * 6)
        lines.append(f"  {name.upper()} ({shown})\n{described}")
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    games = ", ".join(get_game(key).title for key in game_keys())
    return argparse.ArgumentParser(
        prog="python -m bot",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            f"Tavern: a Discord bot that hosts tabletop games in server channels ({games}).\n"
            "Players open a game with /play, move with buttons and /move, and see their secrets\n"
            "by direct message. Run without options to connect to Discord and serve until stopped."
        ),
        epilog=(
            "settings, from the environment or from .env in the working directory (see .env.example):\n"
            f"{settings_help()}\n\n"
            "Invite the bot with the scopes bot and applications.commands; README.md lists the\n"
            "permissions it needs in game channels."
        ),
    )


def main(argv: list[str] | None = None) -> int:
    commands = parser()
    commands.add_argument(
        "--check",
        action="store_true",
        help="check the settings, the database (every game replayed) and the commands offline, then exit: "
        "0 when ready to run",
    )
    try:
        args = commands.parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as done:  # --help (0) or a wrong option (2): argparse has said why
        return done.code if isinstance(done.code, int) else 2
    try:
        settings = Settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]).upper()
        # A check of our own reads "Value error, <what is wrong>": say only what is wrong.
        message = str(first["msg"]).removeprefix("Value error, ")
        # A check across settings has no one place: its message names the settings itself.
        named = f"Bad setting {where}" if where else "Bad setting"
        return fail(f"{named}: {message} (see .env.example).")
    if args.check:
        return check(settings, sys.stdout)
    if settings.discord_token is None:
        return fail(NO_TOKEN)
    try:
        asyncio.run(open_database_once(settings.database_url))
    except StorageError as exc:
        return fail(f"Cannot use the database: {exc.message} (see .env.example).")
    token = settings.discord_token.get_secret_value()
    setup_logging(settings.log_level, settings.log_format, secrets=(token,))
    bot = create_bot(settings)
    try:
        asyncio.run(serve(bot, token))
    except discord.LoginFailure:
        return fail(BAD_TOKEN)
    except StorageError as exc:
        return fail(f"Cannot open the database: {exc.message} (DATABASE_URL, see .env.example).")
    except aiohttp.ClientConnectionError as exc:
        return fail(f"Cannot reach Discord: {exc}.")
    finally:
        stop_workers()
    return 0


async def serve(bot: TavernBot, token: str) -> None:
    """Connect (``bot.start``) and serve until Discord closes the connection for good or a stop
    signal arrives: SIGTERM (systemd, docker) or SIGINT (Ctrl-C). Then the bot stops as
    ``TavernBot.shutdown`` says — no new interaction, the moves under way finished, every
    claim given back, the database closed — and one line is logged.

    The signals are the event loop's own handlers: they only set an event, so no exception is
    raised wherever the loop happens to be (in a computer's turn, drawing a picture)."""
    loop = asyncio.get_running_loop()
    received: list[signal.Signals] = []
    stop = asyncio.Event()

    def on_signal(which: signal.Signals) -> None:
        received.append(which)  # a second signal while stopping changes nothing
        stop.set()

    for which in STOP_SIGNALS:
        loop.add_signal_handler(which, on_signal, which)
    try:
        async with bot:
            running = asyncio.create_task(bot.start(token), name="discord-connection")
            stopping = asyncio.create_task(stop.wait(), name="stop-signal")
            await asyncio.wait([running, stopping], return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
            if running.done():
                running.result()  # a refused token, an unreachable database: raised to main
                return
            given_back = await bot.shutdown()
            running.cancel()  # closed, it returns by itself; a connection that hangs is cut
            await asyncio.gather(running, return_exceptions=True)
    finally:
        for which in STOP_SIGNALS:
            loop.remove_signal_handler(which)
    log.info(
        "stopped on %s: moves under way finished, %d computer turn(s) given back, database closed",
        received[0].name,
        given_back,
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
