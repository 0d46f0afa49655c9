"""The web table's snapshots, drawn once per version and kept.

A snapshot never changes once built (it is one version of a game for one audience and
language), so each is drawn once, on one worker thread (drawing takes CPU; the web table's loop
must stay free for streams), and kept while it is among the ``CACHED`` latest used; a second
page asking for one being drawn waits for the same drawing. A finished game's every position
is kept for its replay viewer, for the ``CACHED_REPLAYS`` latest games asked for.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
from collections.abc import Awaitable, Callable, Hashable, Sequence
from typing import Any, TypeVar

from bot.web.snapshots import (
    Snapshot,
    Steps,
    Told,
    private_snapshot,
    public_snapshot,
    replay_snapshot,
    replay_steps,
    told_moves,
)
from storage.models import GameRecord, MoveRecord

T = TypeVar("T")

CACHED = 128
"""Snapshots kept (a board, a seat's page, a replay step, for one version and language)."""
CACHED_REPLAYS = 4
"""Finished games whose every position is kept for their replay viewer."""

Moves = Callable[[int], Awaitable[Sequence[MoveRecord]]]
"""Reads a game's move log from storage (on the bot's loop)."""


class Kept:
    def __init__(self, moves: Moves, address: Callable[[int], str]) -> None:
        self._moves = moves
        self._address = address
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="tavern-web-draw")
        self._cache: collections.OrderedDict[Hashable, Any] = collections.OrderedDict()
        self._building: dict[Hashable, asyncio.Future[Any]] = {}

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def _cached(self, key: Hashable, build: Callable[[], T], *, keep: bool = True) -> T:
        """``build()`` on the drawing thread, once per key while it is kept."""
        if key in self._cache:
            self._cache.move_to_end(key)
            found: T = self._cache[key]
            return found
        pending = self._building.get(key)
        if pending is None:
            loop = asyncio.get_running_loop()
            pending = asyncio.ensure_future(loop.run_in_executor(self._pool, build))
            self._building[key] = pending
            try:
                built = await pending
            finally:
                del self._building[key]
            if keep:
                self._cache[key] = built
                while len(self._cache) > CACHED:
                    self._cache.popitem(last=False)
            return built
        done: T = await asyncio.shield(pending)
        return done

    async def _told(self, record: GameRecord) -> Told:
        """Each stored move's number and events (replayed once per version, for every page)."""
        key = ("told", record.id, record.version)
        if key in self._cache:
            return await self._cached(key, lambda: [])
        moves = await self._moves(record.id)
        return await self._cached(key, lambda: told_moves(record, moves))

    async def public(self, record: GameRecord, lang: str) -> Snapshot:
        game = self._address(record.id)

        def url(name: str) -> str:
            return f"/game/{game}/picture/{record.version}/{name}?lang={lang}"

        key = ("public", record.id, record.version, str(record.status), lang)
        if key in self._cache:
            return await self._cached(key, lambda: Snapshot({}))
        told = await self._told(record)
        return await self._cached(key, lambda: public_snapshot(record, told, lang, url, game))

    async def private(self, record: GameRecord, seat: int, lang: str) -> Snapshot:
        game = self._address(record.id)

        def url(name: str) -> str:
            return f"/game/{game}/seat/{seat}/picture/{record.version}/{name}?lang={lang}"

        key = ("private", record.id, record.version, str(record.status), seat, lang)
        if key in self._cache:
            return await self._cached(key, lambda: Snapshot({}))
        told = await self._told(record)
        return await self._cached(key, lambda: private_snapshot(record, seat, told, lang, url, game))

    async def steps(self, record: GameRecord) -> Steps:
        key = ("steps", record.id, record.version)
        if key in self._cache:
            return await self._cached(key, lambda: [])
        moves = await self._moves(record.id)
        steps = await self._cached(key, lambda: replay_steps(record, moves), keep=False)
        self._cache[key] = steps
        kept = [k for k in self._cache if isinstance(k, tuple) and k[0] == "steps"]
        for old in kept[:-CACHED_REPLAYS]:
            del self._cache[old]
        return steps

    async def replay(self, record: GameRecord, steps: Steps, move: int, lang: str) -> Snapshot:
        game = self._address(record.id)

        def url(name: str) -> str:
            return f"/game/{game}/replay/{move}/{name}?lang={lang}"

        key = ("replay", record.id, record.version, move, lang)
        return await self._cached(key, lambda: replay_snapshot(record, steps, move, lang, url, game))
