"""The web table's server: aiohttp (which discord.py already brings) on a thread of its own.

Why a thread: drawing a board or replaying a game takes CPU, and a page's live stream waits
for as long as it is open. On the bot's event loop either would hold up the bot's answers to
Discord; on its own loop they hold up nothing but other pages. The server reaches storage
through the bot's loop (``_ask``: the repository and its connections belong there), and builds
snapshots on one worker thread (``bot.web.kept``), so the web table takes at most about one
core however many pages are open. Live pages follow their game by streams
(``bot.web.streams``), which this process's move path nudges (``nudge``).

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
import concurrent.futures
import contextlib
import json
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from pydantic import ValidationError

from bot.i18n import t
from bot.render.web_links import WEB_SETTINGS, Links, generations
from bot.settings import Settings
from bot.stored import player_settings
from bot.web import pages
from bot.web.boards import static_file
from bot.web.connections import Gate, PathOnly, serve
from bot.web.kept import Kept
from bot.web.leaderboards import names_of, server_boards, shown_boards
from bot.web.limits import MoveRate
from bot.web.markup import to_html
from bot.web.params import PICTURE, PathParams, Query, choose_lang
from bot.web.playing import MoveAnswer, MoveRequest
from bot.web.snapshots import Snapshot, title
from bot.web.streams import Streams
from bot.web.tokens import Claims, Refused, Signer
from storage import Repository
from storage.errors import GameNotFound, GameUnavailable
from storage.models import GameRecord, GameStatus, MoveRecord
from storage.rating_rows import RatingBoard

log = logging.getLogger("tavern.web")
access_log = logging.getLogger("tavern.web.access")

T = TypeVar("T")

STORAGE_SECONDS = 10.0
MAX_BODY = 8192
"""Bytes a move may carry (a whole placement is a few hundred); a page is a GET, and any body
there is refused (413)."""
MOVE_SECONDS = 30.0
"""How long a move's answer is waited for on the bot's loop (it answers within
``bot.web.playing.FOLLOW_SECONDS`` once stored): past it the page is told to look again."""
Play = Callable[[int, int, MoveRequest, str], Coroutine[Any, Any, MoveAnswer]]
"""Plays a seat's move on the bot's loop: game id, seat, what the page sent, the reader's
language (``bot.web.playing.play`` with the bot as its host)."""
API = ("/state", "/events", "/move")
"""Paths answered in JSON (refusals too); so is a replay's step."""


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
        self._rate = MoveRate(settings.web_moves_per_minute)
        self._bot_loop: asyncio.AbstractEventLoop | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Event | None = None
        self._ready: concurrent.futures.Future[int] = concurrent.futures.Future()
        self._done: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._kept = Kept(self._moves_of, self.signer.address)
        self._streams = Streams(self._game, settings.web_streams_per_client)
        self.port = settings.web_port

    # -- owning the thread ---------------------------------------------------------------------
    @property
    def links(self) -> Links:
        if self.settings.web_base_url is not None:
            return Links(self.settings.web_base_url, self.signer.address, self.signer.server_address)
        return Links(
            f"http://{self.settings.web_host}:{self.port}", self.signer.address, self.signer.server_address
        )

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
        self._kept.close()

    def nudge(self, game_id: int) -> None:
        """A move of the game was stored (or its links revoked): look at once. Thread-safe."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the server is closing: nothing to tell
                loop.call_soon_threadsafe(self._streams.nudge, game_id)

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
            self._streams.close()
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
            ("/server/{server:[0-9]{1,19}-[A-Za-z0-9_-]{16}}", self.leaderboard_page),
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
            message = t(lang, text)
            said = {"error": status, "message": message, "html": to_html(message, {})}
            body = json.dumps(said, ensure_ascii=False)
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

    async def _moves_of(self, game_id: int) -> list[MoveRecord]:
        return await self._ask(lambda repo: repo.moves(game_id))

    async def _replay(self, record: GameRecord, move: int, lang: str) -> Snapshot:
        steps = await self._kept.steps(record)
        if not steps or move >= len(steps):
            raise web.HTTPNotFound()
        return await self._kept.replay(record, steps, move, lang)

    async def _finished(self, game_id: int) -> GameRecord:
        """A game whose replay may be shown: over (finished, or abandoned after its start)."""
        record = await self._game(game_id)
        if record.status not in (GameStatus.FINISHED, GameStatus.ABANDONED) or record.seed is None:
            raise web.HTTPNotFound()
        return record

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

    async def leaderboard_page(self, request: web.Request) -> web.Response:
        lang, _ = self._lang(request)
        address = request.match_info.get("server", "")
        try:
            guild_id = self.signer.server_of(address)
        except Refused:
            raise web.HTTPNotFound() from None

        async def read(repo: Repository) -> tuple[dict[str, RatingBoard], dict[int, str]]:
            boards = await server_boards(repo, guild_id)
            return boards, await names_of(repo, boards)

        boards, names = await self._ask(read)
        return self._html(pages.leaderboard_page(lang, address, shown_boards(lang, boards, names)))

    async def board_page(self, request: web.Request) -> web.Response:
        params, (lang, _) = self._params(request), self._lang(request)
        record = await self._game(params.game)
        return self._html(pages.board_page(lang, record.key, (await self._kept.public(record, lang)).data))

    async def board_state(self, request: web.Request) -> web.Response:
        params, (lang, _) = self._params(request), self._lang(request)
        return self._json((await self._kept.public(await self._game(params.game), lang)).data)

    async def board_events(self, request: web.Request) -> web.StreamResponse:
        params, (lang, _) = self._params(request), self._lang(request)
        record = await self._game(params.game)

        async def snapshot(now: GameRecord) -> Any:
            return (await self._kept.public(now, lang)).data

        return await self._streams.follow(request, record, snapshot)

    async def board_picture(self, request: web.Request) -> web.Response:
        params, (lang, _) = self._params(request), self._lang(request)
        record = await self._game(params.game)
        if record.version != params.version:
            raise web.HTTPNotFound()  # a picture of a position gone by (the page has a newer one)
        return self._png((await self._kept.public(record, lang)).files, params.name)

    async def replay_page(self, request: web.Request) -> web.Response:
        params, (lang, query) = self._params(request), self._lang(request)
        record = await self._finished(params.game)
        steps = await self._kept.steps(record)
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
        return self._json((await self._kept.private(record, params.seat, lang)).data, private=True)

    async def private_events(self, request: web.Request) -> web.StreamResponse:
        params, (lang, _) = self._params(request), self._lang(request)
        seat = params.seat
        assert seat is not None
        record, _ = await self._opened(request, params)
        token = self._token(request)

        async def snapshot(now: GameRecord) -> Any:
            return (await self._kept.private(now, seat, lang)).data

        async def recheck() -> None:
            try:
                await self._still_valid(token, params.game, seat)
            except web.HTTPNotFound:
                raise Refused("the game is gone") from None

        return await self._streams.follow(request, record, snapshot, recheck)

    async def private_picture(self, request: web.Request) -> web.Response:
        params, (lang, _) = self._params(request), self._lang(request)
        assert params.seat is not None
        record, _ = await self._opened(request, params)
        if record.version != params.version:
            raise web.HTTPNotFound()
        drawn = await self._kept.private(record, params.seat, lang)
        return self._png(drawn.files, params.name, private=True)

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
        if not self._rate.allow((claims.game_id, claims.seat, claims.generation, claims.expires)):
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
