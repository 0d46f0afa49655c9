"""A writer to be killed: plays random Pickomino moves in many games through the repository and
prints ``<game id> <version>`` after each committed move, until it is killed.

python tests/storage/crash_writer.py DATABASE_URL GAMES SEED     (run by test_durability.py)
"""

from __future__ import annotations

import asyncio
import random
import sys

from storage import GameStatus, open_repository
from tests.storage.helpers import play, started_game


async def write_forever(url: str, games: int, seed: int) -> None:
    repo = await open_repository(url)
    rng = random.Random(seed)
    channel = 0
    running = []
    for _ in range(games):
        channel += 1
        running.append(await started_game(repo, channel_id=channel, ais=1, seed=rng.getrandbits(32)))
    while True:
        for n, game in enumerate(running):
            game = await play(repo, game, rng, moves=1)
            print(game.id, game.version, flush=True)
            if game.status != GameStatus.ACTIVE:  # over: a new game in a new channel
                channel += 1
                game = await started_game(repo, channel_id=channel, ais=1, seed=rng.getrandbits(32))
            running[n] = game


if __name__ == "__main__":
    asyncio.run(write_forever(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
