"""The web table's connections: a cap on how many are open, a deadline for a request's
headers, and an access log that writes the path only.

Slow clients: a client that opens connections and sends its headers a byte at a time would
hold them open for as long as it likes, and enough of them would tie the server up. Each
connection here carries one request (every answer closes it: ``Connection: close``), and its
headers must be complete within ``header_seconds`` of the connection opening, else it is
closed; past ``most`` open connections a new one is answered 503 and closed at once. A live
stream is one long request whose headers came quickly: it is not cut.

``Guarded`` wraps aiohttp's own protocol for a connection (``web.Server`` makes one per
connection), passing everything through.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

END_OF_HEADERS = b"\r\n\r\n"
BUSY = b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


class Gate:
    """How many connections are open, and the limits every connection keeps."""

    def __init__(self, *, most: int, header_seconds: float) -> None:
        self.most = most
        self.header_seconds = header_seconds
        self.open = 0


class Guarded(asyncio.Protocol):
    """One connection: aiohttp's protocol (made by ``make`` once the connection is let in),
    closed if its request's headers are not all in within the gate's deadline."""

    def __init__(self, make: Callable[[], asyncio.Protocol], gate: Gate) -> None:
        self._make = make
        self._gate = gate
        self._inner: asyncio.Protocol | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self._tail = b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        if self._gate.open >= self._gate.most:
            transport.write(BUSY)
            transport.close()
            return
        self._gate.open += 1
        self._inner = self._make()
        self._deadline = asyncio.get_running_loop().call_later(self._gate.header_seconds, transport.close)
        self._inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self._inner is None:
            return
        if self._deadline is not None:
            seen = self._tail + data
            if END_OF_HEADERS in seen:
                self._deadline.cancel()
                self._deadline = None
            self._tail = seen[-(len(END_OF_HEADERS) - 1) :]
        self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._inner is not None else None

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        if self._inner is not None:
            self._gate.open -= 1
            self._inner.connection_lost(exc)
            self._inner = None

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()


async def serve(runner: web.AppRunner, host: str, port: int, gate: Gate) -> asyncio.Server:
    """Listen on ``host:port`` with ``runner``'s application, every connection ``Guarded``."""
    server = runner.server
    assert server is not None, "the runner is set up first"

    def guarded() -> Guarded:
        return Guarded(server, gate)

    return await asyncio.get_running_loop().create_server(guarded, host, port)


class PathOnly(AbstractAccessLogger):
    """One line per request: the client, the method and the path (never the query string),
    the status, the bytes sent and the time taken."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info(
            '%s "%s %s" %s %s %.3f',
            request.remote,
            request.method,
            request.path,
            response.status,
            response.body_length,
            time,
        )

    @property
    def enabled(self) -> bool:
        return self.logger.isEnabledFor(logging.INFO)
