"""Moves persisted per second: concurrent Pickomino games playing random legal moves through
``Repository.apply``, all sharing one database file (in a temporary folder) with the bot's
durability settings (WAL, synchronous=NORMAL).

python bench/storage.py [--games N] [--seats S]     (or: python -m bench.storage)
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import engine
from storage import GameStatus, Repository, open_repository
from storage.repository import PRAGMAS


async def play_one(repo: Repository, game_id: int, rng: random.Random) -> int:
    """Play one started game to its end; returns the number of moves stored."""
    game = engine.get_game("pickomino")
    record = await repo.get(game_id)
    moves = 0
    while record.status == GameStatus.ACTIVE:
        seat = game.to_act(record.state)[0]
        action = game.dump_action(rng.choice(game.legal_actions(record.state, seat)))
        record = (await repo.apply(game_id, expected_version=record.version, seat=seat, action=action)).game
        moves += 1
    return moves


async def run(games: int, seats: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        repo = await open_repository(f"sqlite:///{path}")
        try:
            ids = []
            for channel in range(games):
                lobby = await repo.create_lobby(
                    "pickomino",
                    guild_id=1,
                    channel_id=channel,
                    host_id=1000 + channel,
                    host_name="host",
                    options={},
                )
                for n in range(seats - 1):
                    await repo.add_ai(lobby.id, "random", f"bot{n}")
                ids.append((await repo.start(lobby.id, seed=channel)).id)
            start = time.perf_counter()
            played = await asyncio.gather(*(play_one(repo, i, random.Random(i)) for i in ids))
            elapsed = time.perf_counter() - start
            mismatches = await repo.verify()
        finally:
            await repo.close()
        moves = sum(played)
        size = path.stat().st_size / 1e6
    print(f"{games} concurrent pickomino games, {seats} seats, one database file")
    print(f"settings:     {'; '.join(p.removeprefix('PRAGMA ') for p in PRAGMAS)}")
    print(f"moves stored: {moves:,} in {elapsed:.2f} s ({moves / games:.1f} per game)")
    print(f"moves/s:      {moves / elapsed:,.0f}")
    print(f"database:     {size:.1f} MB; verify: {len(mismatches)} mismatches")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    asyncio.run(run(args.games, args.seats))


if __name__ == "__main__":
    main()
