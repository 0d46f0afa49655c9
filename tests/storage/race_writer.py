"""A writer racing another on the same games: plays random legal moves in the given games for a
number of attempts, each against the version it just read, and prints ``<game id> <version>``
for each move the repository stored and ``stale`` for each it refused, then ``done``.

python tests/storage/race_writer.py DATABASE_URL SEED ATTEMPTS GAME_ID...   (run by test_concurrency.py)
"""

from __future__ import annotations

import asyncio
import random
import sys

from storage import GameStatus, StaleVersion, open_repository
from storage.errors import NotPlaying
from tests.storage.helpers import random_move


async def race(url: str, seed: int, attempts: int, game_ids: list[int]) -> None:
    repo = await open_repository(url)
    rng = random.Random(seed)
    try:
        for _ in range(attempts):
            record = await repo.get(rng.choice(game_ids))
            if record.status != GameStatus.ACTIVE:
                continue
            seat, action = random_move(record, rng)
            await asyncio.sleep(0)  # let the other writer in between the read and the move
            try:
                applied = await repo.apply(
                    record.id, expected_version=record.version, seat=seat, action=action
                )
            except (StaleVersion, NotPlaying):
                print("stale", flush=True)
                continue
            print(applied.game.id, applied.game.version, flush=True)
    finally:
        await repo.close()
    print("done", flush=True)


if __name__ == "__main__":
    asyncio.run(race(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), [int(a) for a in sys.argv[4:]]))
