"""A process clicking on games another process clicks on too: reads one click per line from
stdin, as JSON ``{"game", "version", "seat", "action"}`` (the version the button was drawn at),
applies it through the repository and answers with one JSON line: ``{"outcome": "stored",
"version"}`` or ``{"outcome": "stale"}`` (another process stored a move at that version first;
with ``"over": true`` when that move ended the game).

python tests/storage/click_racer.py DATABASE_URL     (run by test_processes.py)
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

if __name__ == "__main__":  # run as a file: the repository root, not tests/storage, comes first
    sys.path[0] = str(Path(__file__).resolve().parents[2])

from storage import NotPlaying, StaleVersion, open_repository


async def click(url: str) -> None:
    repo = await open_repository(url)
    loop = asyncio.get_running_loop()
    try:
        while line := await loop.run_in_executor(None, sys.stdin.readline):
            if line.strip() == "quit":
                break
            made = json.loads(line)
            try:
                applied = await repo.apply(
                    made["game"], expected_version=made["version"], seat=made["seat"], action=made["action"]
                )
            except StaleVersion:
                print(json.dumps({"outcome": "stale"}), flush=True)
            except NotPlaying:  # the other process's move was the last one
                print(json.dumps({"outcome": "stale", "over": True}), flush=True)
            else:
                print(json.dumps({"outcome": "stored", "version": applied.game.version}), flush=True)
    finally:
        await repo.close()


if __name__ == "__main__":
    asyncio.run(click(sys.argv[1]))
