"""One bot process of several sharing a database: the real bot (``create_bot``, its scheduler and
computer players) on SimCord, storing its games in DATABASE_URL, which other such processes
share.

python tests/storage/bot_process.py DATABASE_URL CHANNELS AI_DELAY_SECONDS   (run by test_processes.py)

Every process builds the same world (SimCord numbers what it creates the same way each time):
one server with CHANNELS text channels, and the members alice and bob. It prints one JSON line
``{"owner", "guild", "channels", "alice", "bob"}``, then answers each command read from stdin
with one JSON line:

``advance SECONDS``  move the virtual clock on (scheduler passes, computer turns run): ``{"now"}``
``run SECONDS``      advance by SECONDS over and over, answering nothing, until killed
``report``           what this process did: ``{"reminded": {"<member> <game id>": DMs},
                     "timeouts": {channel id: notices}, "adopted": [game ids whose computer turn
                     it took over]}``
``quit``             close the bot and exit
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sys
from collections import Counter
from pathlib import Path

if __name__ == "__main__":  # run as a file: the repository root, not tests/storage, comes first
    sys.path[0] = str(Path(__file__).resolve().parents[2])

import simcord

from bot import create_bot
from bot.settings import Settings

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


async def serve(url: str, channels: int, delay: float) -> None:
    adopted = Adopted()
    scheduler_log = logging.getLogger("tavern.scheduler")
    scheduler_log.addHandler(adopted)
    scheduler_log.setLevel(logging.INFO)
    settings = Settings(_env_file=None, discord_token=None, database_url=url, ai_delay_seconds=delay)  # type: ignore[call-arg]
    bot = create_bot(settings)
    env = simcord.Env(bot, settle_timeout=600.0)
    await env.start()
    guild = env.create_guild()
    rooms = [guild.create_text_channel(f"games-{n}") for n in range(channels)]
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    answer(
        {
            "owner": bot.repository.claimant.owner,
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
                answer({"reminded": reminded, "timeouts": timeouts, "adopted": adopted.games})
            elif command == "quit":
                break
    finally:
        await env.shutdown()
        await bot.close()


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1], int(sys.argv[2]), float(sys.argv[3])))
