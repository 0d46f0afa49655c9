"""One bot process of several sharing a database: the real bot (``create_bot``, its scheduler and
computer players) on SimCord, storing its games in DATABASE_URL, which other such processes
share.

python tests/storage/bot_process.py DATABASE_URL CHANNELS AI_DELAY_SECONDS [SKEW_SECONDS]
(run by test_processes.py)

SKEW_SECONDS (0 by default) sets every clock the process reads that far ahead (behind, when
negative): the bot's Discord clock (``discord.utils.utcnow``, SimCord's virtual one), Python's
``time.time`` and its repository's clock, as on a machine whose clock is off. The database's clock
is the database's: the PostgreSQL server's, or SQLite's reading of the machine's own.

Every process builds the same world (SimCord numbers what it creates the same way each time):
one server with CHANNELS text channels, and the members alice and bob. It prints one JSON line
``{"owner", "guild", "channels", "alice", "bob"}``, then answers each command read from stdin
with one JSON line:

``advance SECONDS``  move the virtual clock on (scheduler passes, computer turns run): ``{"now"}``
``start N``          alice opens a Pickomino game in the Nth channel, bob joins, alice starts
                     it, all through the bot: ``{"game"}``
``run SECONDS``      advance by SECONDS over and over, answering nothing, until killed
``outage N``         this process's Discord refuses (500) every message posted in the Nth
                     channel, and every interaction's follow-up, until ``mend``: ``{}``
``mend``             its Discord answers again: ``{}``
``report``           what this process did: ``{"reminded": {"<member> <game id>": DMs},
                     "timeouts": {channel id: notices}, "pings": {channel id: turn pings},
                     "adopted": [game ids whose computer turn it took over]}``
``quit``             close the bot and exit
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

if __name__ == "__main__":  # run as a file: the repository root, not tests/storage, comes first
    sys.path[0] = str(Path(__file__).resolve().parents[2])

import discord
import simcord

from bot import create_bot
from bot.settings import Settings
from bot.stored import open_repository
from storage import Repository
from storage.claims import Claimant

SETTLE_SECONDS = 600.0
"""How long SimCord waits for the bot's work to settle while the virtual clock moves on."""
START_SETTLE_SECONDS = 3.0
"""How long it waits for the clicks that start a game: timers beyond that wait for virtual time."""

ADOPTED = re.compile(r"playing the computer turn of game (\d+)")
GAME = re.compile(r"#(\d+)")


class Adopted(logging.Handler):
    """The games whose computer turn the scheduler of this process claimed (``bot.scheduler``)."""

    def __init__(self) -> None:
        super().__init__()
        self.games: list[int] = []

    def emit(self, record: logging.LogRecord) -> None:
        found = ADOPTED.match(record.getMessage())
        if found:
            self.games.append(int(found[1]))


def answer(data: object) -> None:
    print(json.dumps(data), flush=True)


def skew_clocks(seconds: float) -> Callable[[], datetime]:
    """Every clock this process reads runs ``seconds`` ahead from now on: the bot's Discord
    clock and Python's ``time.time``; returns the clock its repository is to read."""
    by = timedelta(seconds=seconds)
    utcnow, real_time = discord.utils.utcnow, time.time
    discord.utils.utcnow = lambda: utcnow() + by
    time.time = lambda: real_time() + seconds
    return lambda: datetime.now(UTC) + by


async def start_game(
    repository: Repository, room: simcord.ChannelHandle, alice: simcord.MemberActor, bob: simcord.MemberActor
) -> int:
    """Alice opens a Pickomino game in ``room``, bob joins and alice starts it: the game's id."""
    lobby = (await alice.slash(room, "play", game="pickomino")).response
    assert lobby is not None
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    record = await repository.by_channel(room.id)
    assert record is not None
    return record.id


async def serve(url: str, channels: int, delay: float, skew: float) -> None:
    adopted = Adopted()
    scheduler_log = logging.getLogger("tavern.scheduler")
    scheduler_log.addHandler(adopted)
    scheduler_log.setLevel(logging.INFO)
    settings = Settings(_env_file=None, discord_token=None, database_url=url, ai_delay_seconds=delay)  # type: ignore[call-arg]
    claimant = Claimant.this_process(settings.claim_lease_seconds)
    repository = await open_repository(url, clock=skew_clocks(skew), claimant=claimant)
    bot = create_bot(settings, repository)
    env = simcord.Env(bot, settle_timeout=SETTLE_SECONDS)
    await env.start()
    guild = env.create_guild()
    rooms = [guild.create_text_channel(f"games-{n}") for n in range(channels)]
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    answer(
        {
            "owner": repository.claimant.owner,
            "guild": guild.id,
            "channels": [room.id for room in rooms],
            "alice": alice.id,
            "bob": bob.id,
        }
    )
    loop = asyncio.get_running_loop()
    try:
        while line := await loop.run_in_executor(None, sys.stdin.readline):
            command, *args = line.split()
            if command == "advance":
                await env.advance_time(float(args[0]))
                answer({"now": env.now().isoformat()})
            elif command == "start":
                # Its clicks settle without waiting out the timers of the PostgreSQL pool (an
                # idle connection's lifetime), which only virtual time is to end.
                env.settle_timeout = START_SETTLE_SECONDS
                try:
                    answer({"game": await start_game(repository, rooms[int(args[0])], alice, bob)})
                finally:
                    env.settle_timeout = SETTLE_SECONDS
            elif command == "outage":
                env.inject_error("POST", f"/channels/{rooms[int(args[0])].id}/messages", times=None)
                # A turn ping follows the latest interaction in the channel: its follow-ups too.
                env.inject_error("POST", "/webhooks/*", times=None)
                answer({})
            elif command == "mend":
                env.backend.faults.clear()
                answer({})
            elif command == "run":
                while True:
                    await env.advance_time(float(args[0]))
            elif command == "report":
                reminded: Counter[str] = Counter()
                for name, member in (("alice", alice), ("bob", bob)):
                    dm = member.user.dm_channel
                    for message in [] if dm is None else dm.history():
                        if message.content.startswith("⏰"):
                            reminded[f"{name} {GAME.findall(message.content)[0]}"] += 1
                timeouts = {
                    room.id: sum(m.content.startswith("⌛") for m in room.history()) for room in rooms
                }
                pings = {room.id: sum("your turn" in m.content for m in room.history()) for room in rooms}
                answer({"reminded": reminded, "timeouts": timeouts, "pings": pings, "adopted": adopted.games})
            elif command == "quit":
                break
    finally:
        await env.shutdown()
        await bot.close()
        await repository.close()


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float((sys.argv[4:] or ["0"])[0])))
