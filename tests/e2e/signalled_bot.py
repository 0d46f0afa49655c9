"""``python -m tests.e2e.signalled_bot``: ``python -m bot`` as it runs in production (its
``main``, settings from the environment, its logging and its stop signals), but connected to
SimCord instead of Discord, so a test can stop a real process with a signal.

The bot's ``start`` (login and gateway) is the one part replaced: it attaches the bot to a
SimCord environment, opens a Hobbit game of computer seats only in a new channel, and prints
``playing`` once the computers have stored a move: from then on a computer turn is always in
flight (a decision, a stored move, the board and its picture). The test then sends the signal."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import simcord

import bot.__main__ as entry
from bot import TavernBot
from bot.settings import Settings

SEATS = 3
GAMES = 3


class SimulatedBot(TavernBot):
    async def start(self, token: str, *, reconnect: bool = True) -> None:
        # check_errors=False: what went wrong must show in the process's own log, as in
        # production, not be raised by SimCord on the way out.
        async with simcord.run(self, check_errors=False) as env:
            await play_computers(self, env)
            await asyncio.Event().wait()  # served until the process is stopped


async def play_computers(bot: TavernBot, env: simcord.Env) -> None:
    guild = env.create_guild()
    host = guild.add_member(env.create_user("host"))
    games = [await open_game(bot, guild, host, n) for n in range(GAMES)]
    while not all([await bot.repository.moves(game_id) for game_id in games]):
        await asyncio.sleep(0.05)
    print("playing", *games, flush=True)


async def open_game(bot: TavernBot, guild: simcord.GuildHandle, host: simcord.MemberActor, n: int) -> int:
    channel = guild.create_text_channel(f"games-{n}")
    repo = bot.repository
    lobby = await repo.create_lobby(
        "hobbit", guild_id=guild.id, channel_id=channel.id, host_id=host.id, host_name="host", options={}
    )
    for n in range(SEATS):
        await repo.add_ai(lobby.id, "random", f"computer {n}")
    await repo.leave(lobby.id, host.id)  # a demonstration: computer seats only
    record = await repo.start(lobby.id, seed=7)
    await repo.turn_clock.sync(record.id)  # as the Start button does
    bot.ai_players.schedule(record)
    return record.id


def create(settings: Settings, *args: Any) -> TavernBot:
    return SimulatedBot(settings)


if __name__ == "__main__":
    entry.create_bot = create  # type: ignore[assignment]
    sys.exit(entry.main([]))
