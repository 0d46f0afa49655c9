"""Computer players think in a worker process, away from the bot's event loop and its threads.

A computer player's decision is Python working on the CPU: the strongest players search, play
out whole turns or solve a turn (up to some 100 ms of CPU a decision). In a thread of the
bot's own process it holds the interpreter lock, and the event loop that answers every other
table's clicks waits for it. A worker process has its own interpreter: the loop and the
computer players work on two cores side by side.

A decision needs only the position, the seat, the policy's name and the seed, all of which
pickle in well under a millisecond (a few KB). The worker decides with
``engine.ai.kept.think`` and keeps the policy objects of its decisions, by a key that includes
the bot's own token, so that bots in one process (a test suite's), whose games share ids, never
share one. It starts with ``_worker_start`` (so it imports the bot's package once, at its
start).

``processes=0`` thinks in a thread of this process, as a bot with a single core should.
If the worker dies, the decision is taken again in a new one.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from engine.ai.kept import think
from engine.core.position import Position

log = logging.getLogger("tavern.bot")

_pools: dict[int, ProcessPoolExecutor] = {}
"""The worker pools of this process, by size: bots in one process (a test suite's) share them,
so only the first decision of a process waits for a worker to start."""


PARENT_CHECK_SECONDS = 1.0
"""How often a worker looks whether the bot's process is still there."""


def _worker_start(parent: int) -> None:
    """A worker's start. Ctrl-C reaches every process of the terminal's group, and a service
    manager may signal them all, but a worker must finish or drop its decision as the bot says
    (``stop_workers``) rather than die under it: the stop signals are blocked. And it ends by
    itself once the bot's process is gone, even killed with SIGKILL: it would otherwise live on,
    holding the pipes of the bot's output."""
    signal.pthread_sigmask(signal.SIG_BLOCK, (signal.SIGINT, signal.SIGTERM))
    threading.Thread(target=_end_with, args=(parent,), name="tavern-parent", daemon=True).start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _pool(processes: int) -> ProcessPoolExecutor:
    found = _pools.get(processes)
    if found is None:
        # spawn: a fresh interpreter, not a fork of a process with running threads (the
        # database's, the pictures') whose locks a fork could copy while they are held.
        found = _pools[processes] = ProcessPoolExecutor(
            max_workers=processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_worker_start,
            initargs=(os.getpid(),),
        )
    return found


def _broken(processes: int, pool: ProcessPoolExecutor) -> None:
    if _pools.get(processes) is pool:
        del _pools[processes]
        pool.shutdown(wait=False, cancel_futures=True)


def stop_workers() -> None:
    """Stop every worker process (at the bot's exit): decisions not begun are dropped, one under
    way (a second at most) is let finish, and the workers have ended when this returns. (Without
    the wait a worker was seen still alive ten seconds later.)"""
    for processes, pool in list(_pools.items()):
        del _pools[processes]
        pool.shutdown(wait=True, cancel_futures=True)


class Thinker:
    """Where computer players decide: in a pool of ``processes`` worker processes, started at
    the first decision, or in a thread of this process when ``processes`` is 0."""

    def __init__(self, processes: int) -> None:
        self.processes = processes

    async def decide(
        self, position: Position[Any, Any], seat: int, name: str, kept: Hashable | None, seed: int
    ) -> Any:
        if self.processes == 0:
            return await asyncio.to_thread(think, position, seat, name, kept, seed)
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool = _pool(self.processes)
            try:
                return await loop.run_in_executor(pool, think, position, seat, name, kept, seed)
            except BrokenProcessPool:
                # A worker died (killed, out of memory): its pool takes no more work. A new
                # pool takes the decision again; a second death is a real failure.
                _broken(self.processes, pool)
                if attempt == 2:
                    raise
                log.warning("a computer player's worker process died; starting another")
        raise AssertionError("unreachable")
