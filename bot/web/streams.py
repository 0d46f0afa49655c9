"""Live pages: server-sent event streams that follow a game.

Each game watched by an open stream has one poll (``Watch``), reading the game from storage
every ``POLL_SECONDS``: a move stored by any bot process shows within a second. The move path
of this process also nudges it (``Streams.nudge``), so a move made here shows at once. One
address may keep ``per_client`` streams open, and all addresses ``MAX_STREAMS``; past either
a new stream is refused (429).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.web.tokens import Refused
from storage.models import GameRecord, GameStatus

log = logging.getLogger("tavern.web")

POLL_SECONDS = 0.5
"""How often a watched game is read from storage: a move stored by another process shows
within this (plus drawing)."""
KEEP_ALIVE_SECONDS = 15.0
"""A comment line on an idle stream, so proxies do not close it."""
RECHECK_SECONDS = 5.0
"""How often an open private stream checks its token again (a revoke elsewhere)."""
MAX_STREAMS = 2000
"""Open streams in all, whoever opened them."""

Read = Callable[[int], Awaitable[GameRecord]]
"""Reads a game from storage (on the bot's loop)."""


@dataclass
class Watch:
    """One game followed by open streams: its latest record, and a tick bumped whenever it
    changes (or is nudged, so private streams check their tokens again)."""

    record: GameRecord
    tick: int = 0
    users: int = 0
    task: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        self.changed = asyncio.Event()
        self.poked = asyncio.Event()

    def bump(self) -> None:
        self.tick += 1
        self.changed.set()
        self.changed = asyncio.Event()

    async def wait(self, tick: int, timeout: float) -> None:
        """Until the tick moves past ``tick`` or ``timeout`` seconds pass."""
        if self.tick != tick:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.changed.wait(), timeout)


class Streams:
    """Every open stream of the web table, on its loop."""

    def __init__(self, read: Read, per_client: int) -> None:
        self._read = read
        self._per_client = per_client
        self._watches: dict[int, Watch] = {}
        self._open: collections.Counter[str] = collections.Counter()

    def nudge(self, game_id: int) -> None:
        """Look at the game at once (on the web table's loop)."""
        watch = self._watches.get(game_id)
        if watch is not None:
            watch.poked.set()

    def close(self) -> None:
        for watch in list(self._watches.values()):
            if watch.task is not None:
                watch.task.cancel()

    @asynccontextmanager
    async def _slot(self, request: web.Request, record: GameRecord) -> AsyncIterator[Watch]:
        """A stream slot for the client (429 past its limit) and the game's watch."""
        client = request.remote or "?"
        if self._open[client] >= self._per_client or sum(self._open.values()) >= MAX_STREAMS:
            raise web.HTTPTooManyRequests()
        self._open[client] += 1
        watch = self._watches.get(record.id)
        if watch is None:
            watch = self._watches[record.id] = Watch(record)
            watch.task = asyncio.ensure_future(self._poll(watch))
        watch.users += 1
        try:
            yield watch
        finally:
            self._open[client] -= 1
            if not self._open[client]:
                del self._open[client]
            watch.users -= 1
            if not watch.users:
                del self._watches[record.id]
                if watch.task is not None:
                    watch.task.cancel()

    async def _poll(self, watch: Watch) -> None:
        game = watch.record.id
        while True:
            poked = False
            try:
                await asyncio.wait_for(watch.poked.wait(), POLL_SECONDS)
                poked = True
            except TimeoutError:
                pass
            watch.poked.clear()
            try:
                record = await self._read(game)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("could not read game %s for its live page", game, exc_info=True)
                continue
            old = watch.record
            if (record.version, record.status, record.seats) != (old.version, old.status, old.seats) or poked:
                watch.record = record
                watch.bump()

    @staticmethod
    async def _open_stream(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
            }
        )
        response.force_close()  # one request a connection (``bot.web.connections``)
        await response.prepare(request)
        return response

    @staticmethod
    async def _send(response: web.StreamResponse, event: str, data: Any) -> None:
        # one line of JSON: json.dumps escapes every newline inside strings
        await response.write(f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode())

    async def follow(
        self,
        request: web.Request,
        record: GameRecord,
        snapshot: Callable[[GameRecord], Awaitable[Any]],
        recheck: Callable[[], Awaitable[None]] | None = None,
    ) -> web.StreamResponse:
        """A live stream: the snapshot now, then again at every new version, then ``over``.
        ``recheck`` (a private stream) raises ``Refused`` once its token no longer opens it."""
        async with self._slot(request, record) as watch:
            response = await self._open_stream(request)
            sent: tuple[int, str] | None = None
            checked, checked_at = watch.tick, time.monotonic()  # the token was checked to open it
            try:
                while True:
                    tick, now = watch.tick, watch.record
                    if recheck is not None and (
                        tick != checked or time.monotonic() - checked_at > RECHECK_SECONDS
                    ):
                        await recheck()
                        checked, checked_at = tick, time.monotonic()
                    if (now.version, str(now.status)) != sent:
                        await self._send(response, "snapshot", await snapshot(now))
                        sent = (now.version, str(now.status))
                    if now.status in (GameStatus.FINISHED, GameStatus.ABANDONED):
                        await self._send(response, "over", {})
                        break
                    before = time.monotonic()
                    await watch.wait(tick, min(KEEP_ALIVE_SECONDS, RECHECK_SECONDS))
                    if watch.tick == tick and time.monotonic() - before >= KEEP_ALIVE_SECONDS - 0.1:
                        await response.write(b": keep-alive\n\n")
            except Refused as why:
                log.info("a private stream of game %s closed: %s", record.id, why)
                await self._send(response, "refused", {})
            except ConnectionResetError:
                pass
            return response
