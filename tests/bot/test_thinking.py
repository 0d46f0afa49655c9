"""Computer players decide in a worker process (``bot.thinking``): the same moves as in the bot's
own process, taken elsewhere, and a worker that dies is replaced."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot.thinking import Thinker, stop_workers
from engine import get_game
from engine.ai import policies
from engine.ai.playout import playout
from engine.ai.policy import decide_at
from engine.core.position import Position

ROOT = Path(__file__).resolve().parents[2]
SEATS = {"pickomino": 3, "raid": 2, "hobbit": 3, "berserk": 2}


def positions(key: str, count: int) -> list[tuple[Position[Any, Any], int]]:
    """``count`` positions spread over a random game of ``key``, each with a seat to act."""
    game = get_game(key)
    played = list(playout(game, game.new(SEATS[key], 7), random.Random(7)))
    step = max(1, len(played) // count)
    return [(Position(game, p.before), p.seat) for p in played[::step][:count]]


@pytest.fixture
def workers() -> Any:
    yield
    stop_workers()  # a test's pool never outlives it


@pytest.mark.parametrize("key", sorted(SEATS))
async def test_a_worker_decides_as_the_bots_own_process_does(key: str, workers: None) -> None:
    """Every game's strongest player (the bot's default) makes the same move in a worker as in
    a thread of this process, with the policy object kept between decisions or fresh."""
    name = policies(key)[-1]
    in_worker, in_thread = Thinker(1), Thinker(0)
    for n, (position, seat) in enumerate(positions(key, 6)):
        seed = 1000 + n
        expected = decide_at(position, seat, name, seed)
        assert await in_worker.decide(position, seat, name, ("test", key, seat), seed) == expected
        assert await in_worker.decide(position, seat, name, None, seed) == expected
        assert await in_thread.decide(position, seat, name, ("test", key, seat), seed) == expected
    workers_seen = multiprocessing.active_children()
    assert workers_seen and all(child.pid != os.getpid() for child in workers_seen)


async def test_a_worker_that_dies_is_replaced_and_the_decision_taken_again(workers: None) -> None:
    thinker = Thinker(1)
    (position, seat), *_ = positions("pickomino", 1)
    expected = decide_at(position, seat, "strong", 5)
    assert await thinker.decide(position, seat, "strong", None, 5) == expected
    (worker,) = multiprocessing.active_children()
    os.kill(worker.pid or 0, signal.SIGKILL)
    worker.join(10)
    assert await thinker.decide(position, seat, "strong", None, 5) == expected
    (replacement,) = multiprocessing.active_children()
    assert replacement.pid != worker.pid


async def test_a_worker_is_deaf_to_stop_signals_the_bot_handles(workers: None) -> None:
    """Ctrl-C reaches every process of the terminal's group: the worker lets the bot stop it."""
    thinker = Thinker(1)
    (position, seat), *_ = positions("pickomino", 1)
    await thinker.decide(position, seat, "greedy", None, 1)
    (worker,) = multiprocessing.active_children()
    os.kill(worker.pid or 0, signal.SIGINT)
    os.kill(worker.pid or 0, signal.SIGTERM)
    assert await thinker.decide(position, seat, "greedy", None, 2) == decide_at(position, seat, "greedy", 2)
    assert multiprocessing.active_children() == [worker]
    stop_workers()
    worker.join(10)
    assert not worker.is_alive()


THINKING_PROCESS = """
import asyncio, multiprocessing, sys
sys.path.insert(0, sys.argv[1])
from bot.thinking import Thinker
from engine import get_game
from engine.core.position import Position

async def main() -> None:
    game = get_game("pickomino")
    state = game.new(2, 1)
    await Thinker(1).decide(Position(game, state), game.to_act(state)[0], "greedy", None, 1)
    print(*(child.pid for child in multiprocessing.active_children()), flush=True)
    await asyncio.sleep(600)

if __name__ == "__main__":
    asyncio.run(main())
"""


def test_a_worker_ends_when_the_bots_process_is_killed(tmp_path: Path) -> None:
    """kill -9 of the bot leaves no worker behind, holding the pipes of the bot's output."""
    script = tmp_path / "thinking_process.py"
    script.write_text(THINKING_PROCESS)
    bot = subprocess.Popen(
        [sys.executable, str(script), str(ROOT)], stdout=subprocess.PIPE, text=True
    )
    assert bot.stdout is not None
    (worker,) = (int(pid) for pid in bot.stdout.readline().split())
    bot.kill()
    bot.wait()
    bot.stdout.close()
    try:
        for _ in range(100):  # it looks for its parent once a second
            if not running(worker):
                break
            time.sleep(0.1)
        assert not running(worker)
    finally:
        if running(worker):
            os.kill(worker, signal.SIGKILL)  # a failed test leaves no process behind


def running(pid: int) -> bool:
    """Whether process ``pid`` is running (neither gone nor a zombie waiting to be reaped)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"
