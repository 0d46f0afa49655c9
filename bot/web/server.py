"""The web table's server: aiohttp (which discord.py already brings) on a thread of its own.

Why a thread: drawing a board or replaying a game takes CPU, and a page's live stream waits
for as long as it is open. On the bot's event loop either would hold up the bot's answers to
Discord; on its own loop they hold up nothing but other pages. The server reaches storage
through the bot's loop (``_ask``: the repository and its connections belong there), and builds
snapshots on one worker thread, so the web table takes at most about one core however many
pages are open.

Liveness: each game watched by an open stream has one poll (``Watch``), reading the game from
storage every ``POLL_SECONDS``: a move stored by any bot process shows within a second. The
move path of this process also nudges it (``nudge``), so a move made here shows at once.

Playing: a seat's page sends its moves to ``…/seat/<seat>/move`` (``move``), with the seat's
token in a header (never a cookie, so no other site can act for a player), from the page's own
origin, as a small JSON body; the move is played on the bot's loop through the one move path
(``bot.web.playing``, handed in as ``play``).

Every refusal is a short page or a short JSON (never a traceback): bad paths and parameters
404/400 (parsed by pydantic, strictly; every number in a path is ASCII digits), bodies 413,
other methods 405, too many streams from one address or too many moves from one link 429, a
move from another origin and a private page's missing, unreadable, forged, expired, revoked or
foreign token 403. Slow and too many connections are cut off (``bot.web.connections``).
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import json
import logging
import re
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Hashable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bot.i18n import FALLBACK, language_of, t
from bot.render.web_links import WEB_SETTINGS, Links, generations
from bot.settings import Settings
from bot.stored import player_settings
from bot.web import pages
from bot.web.boards import static_file
from bot.web.connections import Gate, PathOnly, serve
from bot.web.limits import MoveRate
from bot.web.markup import to_html
from bot.web.playing import MoveAnswer, MoveRequest
from bot.web.snapshots import (
    Snapshot,
    Steps,
    private_snapshot,
    public_snapshot,
    replay_snapshot,
    replay_steps,
    title,
    told_moves,
)
from bot.web.tokens import Claims, Refused, Signer
from storage import Repository
from storage.errors import GameNotFound, GameUnavailable
from storage.models import GameRecord, GameStatus

log = logging.getLogger("tavern.web")
access_log = logging.getLogger("tavern.web.access")

T = TypeVar("T")

POLL_SECONDS = 0.5
"""How often a watched game is read from storage: a move stored by another process shows
within this (plus drawing)."""
KEEP_ALIVE_SECONDS = 15.0
"""A comment line on an idle stream, so proxies do not close it."""
RECHECK_SECONDS = 5.0
"""How often an open private stream checks its token again (a revoke elsewhere)."""
STORAGE_SECONDS = 10.0
MAX_BODY = 8192
"""Bytes a move may carry (a whole placement is a few hundred); a page is a GET, and any body
there is refused (413)."""
MOVE_SECONDS = 30.0
"""How long a move's answer is waited for on the bot's loop (it answers within
``bot.web.playing.FOLLOW_SECONDS`` once stored): past it the page is told to look again."""
MAX_STREAMS = 2000
"""Open streams in all, whoever opened them."""
CACHED = 128
"""Snapshots kept (a board, a seat's panel, a replay step, for one version and language)."""
CACHED_REPLAYS = 4
"""Finished games whose every position is kept for their replay viewer."""
MAX_ID = 2**63 - 1
PICTURE = r"[A-Za-z0-9_.-]{1,64}\.png"


Play = Callable[[int, int, MoveRequest, str], Coroutine[Any, Any, MoveAnswer]]
"""Plays a seat's move on the bot's loop: game id, seat, what the page sent, the reader's
language (``bot.web.playing.play`` with the bot as its host)."""
API = ("/state", "/events", "/move")
"""Paths answered in JSON (refusals too); so is a replay's step."""


class PathParams(BaseModel):
    """A route's parameters, each as strict as the route allows (aiohttp hands them as text)."""

    model_config = ConfigDict(extra="forbid")
    game: int = Field(ge=1, le=MAX_ID)
    seat: int | None = Field(None, ge=0, le=31)
    version: int | None = Field(None, ge=0, le=10**9)
    move: int | None = Field(None, ge=0, le=10**6)
    name: str | None = Field(None, pattern=f"^{PICTURE}$")


class Query(BaseModel):
    """The query string: ``lang`` and the replay's ``move``; anything else is ignored."""

    model_config = ConfigDict(extra="ignore")
    lang: str | None = Field(None, pattern=r"^[A-Za-z]{2}(-[A-Za-z0-9]{1,8})?$")
    move: int | None = Field(None, ge=0, le=10**6)

    @field_validator("move", mode="before")
    @classmethod
    def _ascii(cls, value: Any) -> Any:
        # int() reads any Unicode digit ("١"); a number in an address is ASCII digits only
        if isinstance(value, str) and not re.fullmatch(r"[0-9]{1,7}", value):
            raise ValueError("not a number")
        return value


QUALITY = re.compile(r"[01](\.[0-9]{0,3})?")


def choose_lang(query: Query, accept: str) -> str:
    """``?lang=`` when we have it, else the best of Accept-Language we have, else English."""
    if query.lang is not None and (found := language_of(query.lang)) is not None:
        return found
    ranked: list[tuple[float, int, str]] = []
    for n, part in enumerate(accept.split(",")[:20]):
        code, _, weight = part.strip().partition(";q=")
        if weight and not QUALITY.fullmatch(weight):
            continue  # float() would read any Unicode digit, and "nan"
        q = float(weight) if weight else 1.0
        found = language_of(code.strip()) if code.strip() else None
        if found is not None and q > 0:
            ranked.append((-q, n, found))
    return min(ranked)[2] if ranked else FALLBACK


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


class ClientErrors(logging.Filter):
    """aiohttp logs a malformed request (a line or header too long, bad HTTP) as an error with
    its traceback, although it answered 400: that is the client's mistake, logged at debug."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            record.levelno, record.levelname, record.exc_info, record.exc_text = (
                logging.DEBUG,
                "DEBUG",
                None,
                None,
            )
            return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)
        return True


CLIENT_ERRORS = ClientErrors()


class WebTable:
    """The server, owned by ``bot.web.cog`` (started in its ``cog_load``, stopped in its
    ``cog_unload``). ``repository`` gives the bot's storage and ``play`` plays a seat's move;
    both run on the bot's loop."""

    def __init__(self, settings: Settings, repository: Callable[[], Repository], play: Play) -> None:
        secret = settings.web_secret
        assert secret is not None, "Settings refuses WEB_ENABLED without WEB_SECRET"
        self.settings = settings
        self.signer = Signer(secret.get_secret_value().encode("utf-8"))
        self._repository = repository
        self._play = play
        self._moves = MoveRate(settings.web_moves_per_minute)
        self._bot_loop: asyncio.AbstractEventLoop | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Event | None = None
        self._ready: concurrent.futures.Future[int] = concurrent.futures.Future()
        self._done: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="tavern-web-draw"
        )
        self._cache: collections.OrderedDict[Hashable, Any] = collections.OrderedDict()
        self._building: dict[Hashable, asyncio.Future[Any]] = {}
        self._watches: dict[int, Watch] = {}
        self._streams: collections.Counter[str] = collections.Counter()
        self.port = settings.web_port

    # -- owning the thread ---------------------------------------------------------------------
    @property
    def links(self) -> Links:
        if self.settings.web_base_url is not None:
            return Links(self.settings.web_base_url, self.signer.address)
        return Links(f"http://{self.settings.web_host}:{self.port}", self.signer.address)

    async def start(self) -> None:
        """Serve on WEB_HOST:WEB_PORT; returns once listening (raises if it cannot)."""
        self._bot_loop = asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._run, name="tavern-web", daemon=True)
        self._thread.start()
        self.port = await asyncio.wrap_future(self._ready)
        log.info(
            "web table listening on %s:%s, linked as %s", self.settings.web_host, self.port, self.links.base
        )

    async def stop(self) -> None:
        if self._loop is None or self._stop is None:
            return
        self._loop.call_soon_threadsafe(self._stop.set)
        await asyncio.wrap_future(self._done)
        self._pool.shutdown(wait=False, cancel_futures=True)

    def nudge(self, game_id: int) -> None:
        """A move of the game was stored (or its links revoked): look at once. Thread-safe."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the server is closing: nothing to tell
                loop.call_soon_threadsafe(self._poke, game_id)

    def _poke(self, game_id: int) -> None:
        watch = self._watches.get(game_id)
        if watch is not None:
            watch.poked.set()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except BaseException as error:
            if not self._ready.done():
                self._ready.set_exception(error)
            else:
                log.exception("the web table stopped")
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()
            self._done.set_result(None)

    async def _serve(self) -> None:
        self._stop = asyncio.Event()
        logging.getLogger("aiohttp.server").addFilter(CLIENT_ERRORS)  # the same filter once
        runner = web.AppRunner(
            self.application(),
            access_log=access_log,
            access_log_class=PathOnly,  # the path only: no query string in the log
            handler_cancellation=True,
            shutdown_timeout=1.0,
            max_line_size=4096,
            max_field_size=8192,
        )
        await runner.setup()
        listening: asyncio.Server | None = None
        try:
            settings = self.settings
            gate = Gate(most=settings.web_max_connections, header_seconds=settings.web_header_seconds)
            listening = await serve(runner, self.settings.web_host, self.settings.web_port, gate)
            port: int = listening.sockets[0].getsockname()[1]  # the bound one when WEB_PORT is 0
            self._ready.set_result(port)
            await self._stop.wait()
        finally:
            if listening is not None:
                listening.close()
            for watch in list(self._watches.values()):
                if watch.task is not None:
                    watch.task.cancel()
            await runner.cleanup()

    # -- the application -----------------------------------------------------------------------
    def application(self) -> web.Application:
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._guard])
        app.on_response_prepare.append(self._secure)
        number = r"{game:[0-9]{1,19}-[A-Za-z0-9_-]{16}}"  # an address: the game and its key
        seat = r"{seat:[0-9]{1,2}}"
        routes = [
            ("/", self.index),
            ("/static/{file:web\\.(?:css|js)}", self.static),
            ("/static/games/{key:[a-z_]{1,32}}/{file:[a-z_]{1,32}\\.(?:css|js)}", self.game_static),
            (f"/game/{number}", self.board_page),
            (f"/game/{number}/state", self.board_state),
            (f"/game/{number}/events", self.board_events),
            (f"/game/{number}/picture/{{version:[0-9]{{1,10}}}}/{{name:{PICTURE}}}", self.board_picture),
            (f"/game/{number}/replay", self.replay_page),
            (f"/game/{number}/replay/{{move:[0-9]{{1,7}}}}", self.replay_step),
            (f"/game/{number}/replay/{{move:[0-9]{{1,7}}}}/{{name:{PICTURE}}}", self.replay_picture),
            (f"/game/{number}/seat/{seat}", self.private_page),
            (f"/game/{number}/seat/{seat}/events", self.private_events),
            (f"/game/{number}/seat/{seat}/state", self.private_state),
            (
                f"/game/{number}/seat/{seat}/picture/{{version:[0-9]{{1,10}}}}/{{name:{PICTURE}}}",
                self.private_picture,
            ),
        ]
        for path, handler in routes:
            app.router.add_get(path, handler)
        app.router.add_post(f"/game/{number}/seat/{seat}/move", self.move)
        return app

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Any refusal or failure as a short page or JSON; every answer closes its connection
        (``bot.web.connections``: one request a connection, whose headers had a deadline)."""
        lang = choose_lang(Query(), request.headers.get("Accept-Language", ""))
        try:
            routed = request.match_info.http_exception
            if routed is not None:  # no such path (404) or method (405): said before anything else
                raise routed
            if request.method != "POST" and (request.content_length or request.body_exists):
                raise web.HTTPRequestEntityTooLarge(max_size=0, actual_size=request.content_length or 0)
            response = await handler(request)
        except web.HTTPException as refusal:
            if refusal.status < 400:
                raise
            response = self._refusal(request, refusal.status, lang)
        except (ConnectionResetError, asyncio.CancelledError):
            raise
        except Exception:
            log.exception("the web table failed on %s", request.path)
            response = self._refusal(request, 500, lang)
        if not response.prepared:
            response.force_close()
        return response

    @staticmethod
    async def _secure(request: web.Request, response: web.StreamResponse) -> None:
        """Security headers on every answer, live streams included (sent as they start)."""
        headers = response.headers
        headers.setdefault(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:;"
            " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        headers.setdefault("X-Content-Type-Options", "nosniff")
        headers.setdefault("Referrer-Policy", "no-referrer")
        headers.setdefault("X-Frame-Options", "DENY")

    def _refusal(self, request: web.Request, status: int, lang: str) -> web.Response:
        keys = {
            403: ("web.refused_title", "web.refused"),
            404: ("web.missing_title", "web.missing"),
            429: ("web.busy_title", "web.busy_moves" if request.path.endswith("/move") else "web.busy"),
            400: ("web.error_title", "web.bad_request"),
            413: ("web.error_title", "web.bad_request"),
            415: ("web.error_title", "web.bad_request"),
        }
        heading, text = keys.get(status, ("web.error_title", "web.error"))
        if request.path.endswith(API) or "/replay/" in request.path:
            body = json.dumps({"error": status, "message": t(lang, text)}, ensure_ascii=False)
            return web.Response(status=status, text=body, content_type="application/json")
        return web.Response(
            status=status,
            text=pages.message_page(lang, heading, text),
            content_type="text/html",
            charset="utf-8",
        )

    # -- parameters, storage, snapshots -----------------------------------------------------
    def _params(self, request: web.Request) -> PathParams:
        """The route's parameters, the game read from its address: a guessed address is a page
        that does not exist."""
        found = dict(request.match_info)
        try:
            found["game"] = str(self.signer.game_of(found.get("game", "")))
            return PathParams.model_validate(found)
        except (ValidationError, Refused):
            raise web.HTTPNotFound() from None

    @staticmethod
    def _lang(request: web.Request) -> tuple[str, Query]:
        try:
            query = Query.model_validate(dict(request.query))
        except ValidationError:
            raise web.HTTPBadRequest() from None
        return choose_lang(query, request.headers.get("Accept-Language", "")), query

    async def _ask(self, work: Callable[[Repository], Awaitable[T]]) -> T:
        """Run a storage call on the bot's loop, where the repository lives."""
        assert self._bot_loop is not None

        async def call() -> T:
            return await work(self._repository())

        future = asyncio.run_coroutine_threadsafe(call(), self._bot_loop)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), STORAGE_SECONDS)
        except TimeoutError:
            future.cancel()
            raise web.HTTPServiceUnavailable() from None

    async def _game(self, game_id: int) -> GameRecord:
        try:
            return await self._ask(lambda repo: repo.get(game_id))
        except (GameNotFound, GameUnavailable):
            raise web.HTTPNotFound() from None

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

    async def _told(self, record: GameRecord) -> list[tuple[int, tuple[Any, ...]]]:
        """Each stored move's number and events (replayed once per version, for every page)."""
        key = ("told", record.id, record.version)
        if key in self._cache:
            return await self._cached(key, lambda: [])
        moves = await self._ask(lambda repo: repo.moves(record.id))
        return await self._cached(key, lambda: list(told_moves(record, moves)))

    async def _public(self, record: GameRecord, lang: str) -> Snapshot:
        game = self.signer.address(record.id)

        def url(name: str) -> str:
            return f"/game/{game}/picture/{record.version}/{name}?lang={lang}"

        key = ("public", record.id, record.version, str(record.status), lang)
        if key in self._cache:
            return await self._cached(key, lambda: Snapshot({}))
        told = await self._told(record)
        return await self._cached(key, lambda: public_snapshot(record, told, lang, url, game))

    async def _private(self, record: GameRecord, seat: int, lang: str) -> Snapshot:
        game = self.signer.address(record.id)

        def url(name: str) -> str:
            return f"/game/{game}/seat/{seat}/picture/{record.version}/{name}?lang={lang}"

        key = ("private", record.id, record.version, str(record.status), seat, lang)
        if key in self._cache:
            return await self._cached(key, lambda: Snapshot({}))
        told = await self._told(record)
        return await self._cached(key, lambda: private_snapshot(record, seat, told, lang, url, game))

    async def _steps(self, record: GameRecord) -> Steps:
        key = ("steps", record.id, record.version)
        if key in self._cache:
            return await self._cached(key, lambda: [])
        moves = await self._ask(lambda repo: repo.moves(record.id))
        steps = await self._cached(key, lambda: replay_steps(record, moves), keep=False)
        self._cache[key] = steps
        kept = [k for k in self._cache if isinstance(k, tuple) and k[0] == "steps"]
        for old in kept[:-CACHED_REPLAYS]:
            del self._cache[old]
        return steps

    async def _finished(self, game_id: int) -> GameRecord:
        """A game whose replay may be shown: over (finished, or abandoned after its start)."""
        record = await self._game(game_id)
        if record.status not in (GameStatus.FINISHED, GameStatus.ABANDONED) or record.seed is None:
            raise web.HTTPNotFound()
        return record

    async def _replay(self, record: GameRecord, move: int, lang: str) -> Snapshot:
        steps = await self._steps(record)
        if not steps or move >= len(steps):
            raise web.HTTPNotFound()
        game = self.signer.address(record.id)

        def url(name: str) -> str:
            return f"/game/{game}/replay/{move}/{name}?lang={lang}"

        key = ("replay", record.id, record.version, move, lang)
        return await self._cached(key, lambda: replay_snapshot(record, steps, move, lang, url, game))

    # -- private links -------------------------------------------------------------------------
    @staticmethod
    def _token(request: web.Request) -> str | None:
        header = request.headers.get("Authorization", "")
        return header.removeprefix("Bearer ").strip() if header.startswith("Bearer ") else None

    async def _opened(self, request: web.Request, params: PathParams) -> tuple[GameRecord, Claims]:
        """The game and the token's claims, if the request's token opens the seat in its path;
        else 403 — the same 403 whatever was wrong, and before storage is asked when the token
        alone says so."""
        assert params.seat is not None
        token = self._token(request)
        try:
            claims = self.signer.read(token)
            if (claims.game_id, claims.seat) != (params.game, params.seat):
                raise Refused("another game's or seat's token")
            await self._still_valid(token, params.game, params.seat)
            return await self._game(params.game), claims
        except (Refused, web.HTTPNotFound) as why:
            log.info("private page of game %s seat %s refused: %s", params.game, params.seat, why)
            raise web.HTTPForbidden() from None

    async def _still_valid(self, token: str | None, game_id: int, seat: int) -> None:
        record = await self._game(game_id)
        if seat >= len(record.seats):
            raise Refused("no such seat")
        holder = record.seats[seat]
        if holder.user_id is None or holder.resigned:
            raise Refused("the seat left" if holder.resigned else "a computer's seat")
        user_id = holder.user_id
        mine = await self._ask(lambda repo: player_settings.read(repo, user_id, WEB_SETTINGS))
        generation = generations(mine).get(str(game_id), 0)
        self.signer.check(token, game_id=game_id, seat=seat, generation=generation, now=time.time())

    # -- streams ---------------------------------------------------------------------------------
    @asynccontextmanager
    async def _stream(self, request: web.Request, record: GameRecord) -> AsyncIterator[Watch]:
        """A stream slot for the client (429 past its limit) and the game's watch."""
        client = request.remote or "?"
        if (
            self._streams[client] >= self.settings.web_streams_per_client
            or sum(self._streams.values()) >= MAX_STREAMS
        ):
            raise web.HTTPTooManyRequests()
        self._streams[client] += 1
        watch = self._watches.get(record.id)
        if watch is None:
            watch = self._watches[record.id] = Watch(record)
            watch.task = asyncio.ensure_future(self._poll(watch))
        watch.users += 1
        try:
            yield watch
        finally:
            self._streams[client] -= 1
            if not self._streams[client]:
                del self._streams[client]
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
                record = await self._ask(lambda repo: repo.get(game))
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
        await response.prepare(request)
        return response

    @staticmethod
    async def _send(response: web.StreamResponse, event: str, data: Any) -> None:
        # one line of JSON: json.dumps escapes every newline inside strings
        await response.write(f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode())

    async def _follow(
        self,
        request: web.Request,
        record: GameRecord,
        snapshot: Callable[[GameRecord], Awaitable[Any]],
        recheck: Callable[[], Awaitable[None]] | None = None,
    ) -> web.StreamResponse:
        """A live stream: the snapshot now, then again at every new version, then ``over``.
        ``recheck`` (a private stream) raises ``Refused`` once its token no longer opens it."""
        async with self._stream(request, record) as watch:
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

    # -- handlers --------------------------------------------------------------------------------
    async def index(self, request: web.Request) -> web.Response:
        lang, _ = self._lang(request)
        return self._html(pages.message_page(lang, "web.index_title", "web.index"))

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["file"]
        kind = "text/css" if name.endswith(".css") else "text/javascript"
        return web.Response(
            body=pages.static_file(name),
            content_type=kind,
            charset="utf-8",
            headers={"Cache-Control": "max-age=300"},
        )

    @staticmethod
    def _html(text: str, *, private: bool = False) -> web.Response:
        headers = {"Cache-Control": "no-store"} if private else {"Cache-Control": "no-cache"}
        return web.Response(text=text, content_type="text/html", charset="utf-8", headers=headers)

    @staticmethod
    def _json(data: Any, *, private: bool = False) -> web.Response:
        headers = {"Cache-Control": "no-store" if private else "no-cache"}
        return web.Response(
            text=json.dumps(data, ensure_ascii=False), content_type="application/json", headers=headers
        )

    @staticmethod
    def _png(files: dict[str, bytes], name: str | None, *, private: bool = False) -> web.Response:
        if name is None or name not in files:
            raise web.HTTPNotFound()
        cache = "private, no-store" if private else "public, max-age=3600"
        return web.Response(body=files[name], content_type="image/png", headers={"Cache-Control": cache})

    async def board_page(self, request: web.Request) -> web.Response:
        params, (lang, _) = self._params(request), self._lang(request)
        record = await self._game(params.game)
        return self._html(pages.board_page(lang, record.key, (await self._public(record, lang)).data))

    async def board_state(self, request: web.Request) -> web.Response:
        params, (lang, _) = self._params(request), self._lang(request)
        return self._json((await self._public(await self._game(params.game), lang)).data)

    async def board_events(self, request: web.Request) -> web.StreamResponse:
        params, (lang, _) = self._params(request), self._lang(request)
        record = await self._game(params.game)

        async def snapshot(now: GameRecord) -> Any:
            return (await self._public(now, lang)).data

        return await self._follow(request, record, snapshot)

    async def board_picture(self, request: web.Request) -> web.Response:
        params, (lang, _) = self._params(request), self._lang(request)
        record = await self._game(params.game)
        if record.version != params.version:
            raise web.HTTPNotFound()  # a picture of a position gone by (the page has a newer one)
        return self._png((await self._public(record, lang)).files, params.name)

    async def replay_page(self, request: web.Request) -> web.Response:
        params, (lang, query) = self._params(request), self._lang(request)
        record = await self._finished(params.game)
        steps = await self._steps(record)
        move = min(query.move if query.move is not None else 0, len(steps) - 1)
        return self._html(pages.replay_page(lang, record.key, (await self._replay(record, move, lang)).data))

    async def replay_step(self, request: web.Request) -> web.Response:
        params, (lang, _) = self._params(request), self._lang(request)
        assert params.move is not None
        record = await self._finished(params.game)
        return self._json((await self._replay(record, params.move, lang)).data)

    async def replay_picture(self, request: web.Request) -> web.Response:
        params, (lang, _) = self._params(request), self._lang(request)
        assert params.move is not None
        record = await self._finished(params.game)
        return self._png((await self._replay(record, params.move, lang)).files, params.name)

    async def private_page(self, request: web.Request) -> web.Response:
        # Nothing private in the page itself: its script brings the token (from the
        # fragment) to the state and the stream. The title is public (the board says it too).
        params, (lang, _) = self._params(request), self._lang(request)
        assert params.seat is not None
        record = await self._game(params.game)
        if params.seat >= len(record.seats):
            raise web.HTTPNotFound()
        address = self.signer.address(record.id)
        page = pages.private_page(lang, record.key, address, params.seat, title(record))
        return self._html(page, private=True)

    async def private_state(self, request: web.Request) -> web.Response:
        params, (lang, _) = self._params(request), self._lang(request)
        assert params.seat is not None
        record, _ = await self._opened(request, params)
        return self._json((await self._private(record, params.seat, lang)).data, private=True)

    async def private_events(self, request: web.Request) -> web.StreamResponse:
        params, (lang, _) = self._params(request), self._lang(request)
        seat = params.seat
        assert seat is not None
        record, _ = await self._opened(request, params)
        token = self._token(request)

        async def snapshot(now: GameRecord) -> Any:
            return (await self._private(now, seat, lang)).data

        async def recheck() -> None:
            try:
                await self._still_valid(token, params.game, seat)
            except web.HTTPNotFound:
                raise Refused("the game is gone") from None

        return await self._follow(request, record, snapshot, recheck)

    async def private_picture(self, request: web.Request) -> web.Response:
        params, (lang, _) = self._params(request), self._lang(request)
        assert params.seat is not None
        record, _ = await self._opened(request, params)
        if record.version != params.version:
            raise web.HTTPNotFound()
        return self._png((await self._private(record, params.seat, lang)).files, params.name, private=True)

    async def game_static(self, request: web.Request) -> web.Response:
        """A game's own script or style sheet (``bot/games/<key>/web/static/``)."""
        name = request.match_info["file"]
        found = static_file(request.match_info["key"], name)
        if found is None:
            raise web.HTTPNotFound()
        kind = "text/css" if name.endswith(".css") else "text/javascript"
        return web.Response(
            body=found.read_bytes(),
            content_type=kind,
            charset="utf-8",
            headers={"Cache-Control": "max-age=300"},
        )

    # -- moves -----------------------------------------------------------------------------------
    def _same_origin(self, request: web.Request) -> None:
        """A move comes from the table's own pages: a browser says where a request comes from
        (``Origin``, ``Sec-Fetch-Site``), and another site's is refused. A client that says
        nothing is no browser another site could drive; its token alone decides."""
        site = request.headers.get("Sec-Fetch-Site")
        if site is not None and site not in ("same-origin", "none"):
            raise web.HTTPForbidden()
        origin = request.headers.get("Origin")
        if origin is None:
            return
        ours = {f"{request.scheme}://{request.host}", origin_of(self.links.base)}
        if origin not in ours:
            log.info("a move from another origin refused: %s", origin[:100])
            raise web.HTTPForbidden()

    async def _body(self, request: web.Request) -> MoveRequest:
        if request.content_type != "application/json":
            raise web.HTTPUnsupportedMediaType()
        if (request.content_length or 0) > MAX_BODY:
            raise web.HTTPRequestEntityTooLarge(max_size=MAX_BODY, actual_size=request.content_length or 0)
        try:
            async with asyncio.timeout(self.settings.web_header_seconds):
                body = await request.read()  # at most MAX_BODY (client_max_size), else 413
        except TimeoutError:
            raise web.HTTPRequestTimeout() from None
        try:
            return MoveRequest.model_validate_json(body)
        except ValidationError:
            raise web.HTTPBadRequest() from None

    async def move(self, request: web.Request) -> web.Response:
        """A seat's move from its page: the seat's token in a header, from the page's origin,
        within the token's rate; played through the bot's one move path."""
        params, (lang, _) = self._params(request), self._lang(request)
        assert params.seat is not None
        self._same_origin(request)
        _, claims = await self._opened(request, params)
        if not self._moves.allow((claims.game_id, claims.seat, claims.generation, claims.expires)):
            raise web.HTTPTooManyRequests()
        sent = await self._body(request)
        assert self._bot_loop is not None
        future = asyncio.run_coroutine_threadsafe(
            self._play(params.game, params.seat, sent, lang), self._bot_loop
        )
        try:
            # never cancelled from here: a move under way is finished on the bot's loop
            answer = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), MOVE_SECONDS)
        except TimeoutError:
            raise web.HTTPServiceUnavailable() from None
        if answer.status == 200:
            self.nudge(params.game)
        body: dict[str, Any] = {"message": answer.message, "html": to_html(answer.message, {})}
        if answer.status == 200:
            body |= {"ok": True, "version": answer.version}
        else:
            body["error"] = answer.status
        return web.Response(
            status=answer.status,
            text=json.dumps(body, ensure_ascii=False),
            content_type="application/json",
            headers={"Cache-Control": "no-store"},
        )


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of an address."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"
