"""Pictures drawn off the event loop, each drawn once.

Drawing a picture with Pillow (text set in a font, then PNG encoding) takes tens of
milliseconds: on the bot's event loop, every other game's click would wait behind it. So a
renderer asks for a picture with ``painted(filename, draw, *args)`` instead of drawing it:

- a picture is known by what it is drawn from — the drawing function and its arguments (the
  view of the audience it is drawn for, the words in the reader's language). A picture drawn
  lately is taken from a small cache (the board and a DM showing the same track, a move that
  leaves a picture as it was, Private asked for again) and never drawn twice. A picture is
  found only for arguments *equal* to those it was drawn from — the digest only finds the
  candidate — so a picture drawn from one seat's view never goes to another audience;
- outside ``deferring()`` (tests, tools, the web table's own thread) a picture not in the cache
  is drawn at once, as before;
- inside ``deferring()`` (the bot's handlers) it comes back as a ``PendingPicture``, a file
  whose bytes are still to be drawn: the bot sends the words at once, or ``finish``es the files
  in a worker thread while the loop serves other games (two requests for the same picture share
  one drawing), attaching them when they are ready.

A picture that cannot be drawn is logged and remembered as failed (its renderer shows the
text form instead), so a failing picture never leaves a game stuck.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import hashlib
import io
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

log = logging.getLogger("tavern.bot")

CACHE_BYTES = 2 * 1024 * 1024
"""PNG bytes kept for pictures drawn lately. A picture is some 20 to 70 KB, so some forty of
them: every picture one move shows again (the board and the DMs showing the same track, a
redraw), while a hundred running games keep some 20 KB each."""
WORKERS = 2
"""Drawing threads. Pillow lets go of the GIL while it sets text and encodes PNG, so on two
cores a second drawing goes on beside the first and the loop keeps what the GIL leaves it; a
process pool would pickle every view and PNG for no more parallelism on two cores."""
FAILURES_KEPT = 256
"""Pictures remembered as failed, so a broken one is not tried again at every redraw."""

_deferring: contextvars.ContextVar[bool] = contextvars.ContextVar("tavern_deferring", default=False)


class PictureFailed(Exception):
    """A picture could not be drawn (its cause was logged)."""


@dataclass(frozen=True, slots=True)
class Drawing:
    """What one picture is drawn from: the function and its arguments."""

    draw: Callable[..., bytes]
    args: tuple[Any, ...]

    @property
    def key(self) -> bytes:
        """A short digest to find the picture by: the function's name and the ``repr`` of its
        arguments (views and words are dataclasses of plain values: equal ones print alike)."""
        name = f"{getattr(self.draw, '__module__', '')}.{getattr(self.draw, '__qualname__', repr(self.draw))}"
        return hashlib.blake2b(f"{name}{self.args!r}".encode(), digest_size=16).digest()

    def same(self, other: Drawing) -> bool:
        """Whether ``other`` draws the very same picture: the same function, equal arguments."""
        return self.draw is other.draw and self.args == other.args

    def __call__(self) -> bytes:
        return self.draw(*self.args)


class PendingPicture(discord.File):
    """A picture to attach whose bytes are not drawn yet: ``Painter.finish`` draws it."""

    def __init__(self, filename: str, key: bytes, drawing: Drawing) -> None:
        super().__init__(io.BytesIO(b""), filename=filename)
        self.key = key
        self.drawing = drawing


class Painter:
    """The cache of drawn pictures and the worker threads that draw them."""

    def __init__(self, cache_bytes: int = CACHE_BYTES) -> None:
        self.cache_bytes = cache_bytes
        self._drawn: OrderedDict[bytes, tuple[Drawing, bytes]] = OrderedDict()
        self._size = 0
        self._failed: OrderedDict[bytes, Drawing] = OrderedDict()
        self._drawing: dict[bytes, tuple[Drawing, Future[bytes]]] = {}
        # The cache is read on the loop (and the web table's thread) and filled by the workers.
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None
        self.drawings = 0
        """Pictures drawn so far (a test counts them)."""

    # -- the cache -----------------------------------------------------------------------
    @property
    def size(self) -> int:
        """PNG bytes held."""
        return self._size

    def cached(self, key: bytes, drawing: Drawing) -> bytes | None:
        with self._lock:
            found = self._drawn.get(key)
            if found is None or not found[0].same(drawing):
                return None
            self._drawn.move_to_end(key)
            return found[1]

    def failed(self, key: bytes, drawing: Drawing) -> bool:
        with self._lock:
            found = self._failed.get(key)
            return found is not None and found.same(drawing)

    def _keep(self, key: bytes, drawing: Drawing, png: bytes) -> None:
        with self._lock:
            old = self._drawn.pop(key, None)
            if old is not None:
                self._size -= len(old[1])
            self._drawn[key] = (drawing, png)
            self._size += len(png)
            while self._size > self.cache_bytes and len(self._drawn) > 1:
                _, (_, dropped) = self._drawn.popitem(last=False)
                self._size -= len(dropped)

    def _fail(self, key: bytes, drawing: Drawing) -> None:
        with self._lock:
            self._failed[key] = drawing
            while len(self._failed) > FAILURES_KEPT:
                self._failed.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._drawn.clear()
            self._failed.clear()
            self._size = 0

    # -- drawing -------------------------------------------------------------------------
    def draw_now(self, key: bytes, drawing: Drawing) -> bytes | None:
        """Draw here and now (outside the bot's loop); ``None`` when drawing failed (logged)."""
        found = self.cached(key, drawing)
        if found is not None:
            return found
        if self.failed(key, drawing):
            return None
        try:
            return self._draw(key, drawing)
        except PictureFailed:
            return None

    def _draw(self, key: bytes, drawing: Drawing) -> bytes:
        try:
            png = drawing()
        except Exception as error:
            log.exception("could not draw a picture")
            self._fail(key, drawing)
            raise PictureFailed() from error
        self.drawings += 1
        self._keep(key, drawing, png)
        return png

    def _start(self, picture: PendingPicture) -> Future[bytes]:
        """The drawing of ``picture`` in a worker: one already under way for the same picture
        is shared."""
        key, drawing = picture.key, picture.drawing
        with self._lock:
            under_way = self._drawing.get(key)
            if under_way is not None and under_way[0].same(drawing):
                return under_way[1]
            # Drawn since it was asked for (a drawing puts its picture in the cache before it
            # is forgotten as under way): not drawn again.
            found = self._drawn.get(key)
            if found is not None and found[0].same(drawing):
                done: Future[bytes] = Future()
                done.set_result(found[1])
                return done
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="tavern-pictures")
            started = self._pool.submit(self._draw, key, drawing)
            if under_way is None:  # (two drawings under one digest: only the first is shared)
                self._drawing[key] = (drawing, started)
        started.add_done_callback(lambda _: self._forget(key, started))
        return started

    def _forget(self, key: bytes, started: Future[bytes]) -> None:
        with self._lock:
            under_way = self._drawing.get(key)
            if under_way is not None and under_way[1] is started:
                del self._drawing[key]

    async def finish(self, files: Sequence[discord.File]) -> list[discord.File]:
        """``files`` with every pending picture drawn (in a worker; the loop goes on meanwhile).
        Raises ``PictureFailed`` when one could not be drawn."""
        pending = [f for f in files if isinstance(f, PendingPicture)]
        drawn = await asyncio.gather(*(asyncio.wrap_future(self._start(p)) for p in pending))
        by_picture = {id(p): png for p, png in zip(pending, drawn, strict=True)}
        return [
            discord.File(io.BytesIO(by_picture[id(f)]), filename=f.filename)
            if isinstance(f, PendingPicture)
            else f
            for f in files
        ]

    def free(self) -> bool:
        """Whether a drawing asked for now starts at once: fewer drawings are under way than
        there are threads to draw them."""
        with self._lock:
            return len(self._drawing) < WORKERS

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


PAINTER = Painter()
"""The process's painter: every renderer's pictures go through it."""


def painted(filename: str, draw: Callable[..., bytes], *args: Any) -> discord.File | None:
    """The picture ``draw(*args)`` makes, to attach as ``filename``: from the cache when it was
    drawn before; inside ``deferring()`` a ``PendingPicture`` when it was not; else drawn now.
    ``None`` when it cannot be drawn (logged): the renderer shows its text form instead.
    ``draw`` must draw from its arguments alone (and constants)."""
    drawing = Drawing(draw, args)
    key = drawing.key
    png = PAINTER.cached(key, drawing)
    if png is not None:
        return discord.File(io.BytesIO(png), filename=filename)
    if PAINTER.failed(key, drawing):
        return None
    if _deferring.get():
        return PendingPicture(filename, key, drawing)
    png = PAINTER.draw_now(key, drawing)
    return None if png is None else discord.File(io.BytesIO(png), filename=filename)


@contextlib.contextmanager
def deferring() -> Iterator[None]:
    """Within: pictures not drawn yet come back as ``PendingPicture``s, drawn by ``finish``."""
    token = _deferring.set(True)
    try:
        yield
    finally:
        _deferring.reset(token)


def pending(files: Sequence[discord.File]) -> bool:
    """Whether some of ``files`` are still to be drawn."""
    return any(isinstance(f, PendingPicture) for f in files)


V = TypeVar("V")


async def drawn(
    build: Callable[[], tuple[V, list[discord.File]]], built: tuple[V, list[discord.File]] | None = None
) -> tuple[V, list[discord.File]]:
    """A message's parts (its layout and files) as ``build`` makes them (``built``: as it made
    them already inside ``deferring()``), every picture drawn — in a worker, the loop going on
    meanwhile. A picture that cannot be drawn was logged and is known as failed, so building
    again gives the text form in its place."""
    while True:
        if built is None:
            with deferring():
                parts = build()
        else:
            parts, built = built, None
        if not pending(parts[1]):
            return parts
        try:
            files = await PAINTER.finish(parts[1])
        except PictureFailed:
            continue  # known as failed now: the next build shows its text form
        return parts[0], files


async def drawn_if_free(
    build: Callable[[], tuple[V, list[discord.File]]], built: tuple[V, list[discord.File]]
) -> tuple[V, list[discord.File]]:
    """``built`` (made by ``build`` inside ``deferring()``) with its pictures drawn when a
    drawing thread is free — a click's answer then waits one drawing, in a worker, and brings
    its picture in the same call — else as it is, its pictures still pending (the threads are
    busy: the answer goes first, and the pictures follow by an edit)."""
    if not pending(built[1]) or not PAINTER.free():
        return built
    return await drawn(build, built)
