"""The web server: a Starlette application over :class:`~solotable.ui.web.tables.Tables`.

Server-authoritative: the engine runs here; a page receives what ``state.observation(seat)``
holds (drawn as HTML by :mod:`solotable.ui.web.boards`) with the legal choices, and sends back
action notations with the table version they were made on. A seat acts by its token (a header
``X-Seat-Token``); live updates are server-sent events woken by each change: in the process that
made it at once, in the others by PostgreSQL's LISTEN/NOTIFY (or a poll of the versions, on SQLite
or while the listening connection is down), so they work across several server processes.

Routes: ``/`` (home), ``POST /new`` (a form), ``/t/{id}`` (a table's page), ``/api/...`` (JSON),
``/static/...`` (the page's script and style, shipped in the package).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import json
import re
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import parse_qs, quote

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from solotable import __version__
from solotable.core.i18n import LANGS
from solotable.core.registry import game_ids
from solotable.core.registry import load as load_game
from solotable.core.text_layout import markdown_html
from solotable.ui.present import hint_panel
from solotable.ui.web import pages
from solotable.ui.web.i18n import t
from solotable.ui.web.review_page import routes as review_routes
from solotable.ui.web.storage import Listener, Storage
from solotable.ui.web.tables import Live, Tables, WebError, option_choices

if TYPE_CHECKING:
    from solotable.agents.hint import Hint

T = TypeVar("T")

BODY_SECONDS = 10.0
"""A request's body must arrive within this (a move is a few dozen bytes)."""
MAX_BODY = 16 * 1024
"""The largest request body accepted (a move is a few dozen bytes)."""
PLAYER_COOKIE = "solotable_player"
LANG_COOKIE = "solotable_lang"
SSE_POLL = 0.5
"""Seconds between two looks at a table's version for its live stream."""
SSE_HEARTBEAT = 15.0
CREATE_LIMIT = (20, 10.0)
"""New tables one address may open: 20 at once, then 10 a minute."""
EXPIRE_DAYS = 30.0
"""A game left this many days without a change is deleted (its seats with it)."""
SWEEP_SECONDS = 3600.0
STREAMS_PER_TABLE = 16
"""Live streams open on one table at once (two seats, a few tabs each)."""
STREAMS_PER_CLIENT = 8
"""Live streams open by one browser (its cookie, else its address) at once."""
SSE_MAX_SECONDS = 3600.0
"""A stream closes after an hour; the page reconnects by itself."""
WORKER_THREADS = 8
"""Threads that do the tables' work (moves, views, database reads): a move is mostly Python, which
holds the interpreter's lock, so more threads only contend for it (40, the default, cost more CPU
a move under load). Hints have threads of their own (:class:`HintQueue`), so they never hold up a
move."""
HINT_SECONDS = (0.2, 1.5, 5.0)
"""A hint's search budget: least, default, most."""
STATIC_TYPES = {
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    "favicon.svg": "image/svg+xml",
}

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
_SECURITY_RAW = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in SECURITY_HEADERS.items()]
_SECURITY_NAMES = frozenset(k for k, _ in _SECURITY_RAW)

DIGITS = re.compile(r"[0-9]{1,9}")
"""A number in a query or header: ASCII digits only, a bounded count (``str.isdigit`` takes ``²``)."""


class Guard:
    """Around every request (pure ASGI, so the event stream and the router's own 404 pass too):
    the security headers on every response; for a state-changing request (POST), the same origin
    (a browser's ``Sec-Fetch-Site``, else its ``Origin``; a request with neither comes from no browser,
    so no other site can make it on a player's behalf) and, on the API, a JSON body (a form or
    ``text/plain`` post could come from another site without a preflight)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope.get("method") not in ("GET", "HEAD", "OPTIONS"):
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
            refusal = _refusal(scope, headers)
            if refusal is not None:
                request = Request(scope)
                await error_response(refusal, lang_of(request))(scope, receive, send)
                return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                given = message.get("headers", [])
                have = {k.lower() for k, _ in given}
                if not _SECURITY_NAMES.issubset(have):  # our own responses carry them already
                    extra = [(k, v) for k, v in _SECURITY_RAW if k not in have]
                    message = {**message, "headers": [*given, *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _refusal(scope: Any, headers: dict[str, str]) -> WebError | None:
    origin = headers.get("origin")
    host = headers.get("host", "")
    site = headers.get("sec-fetch-site")
    if site is not None:
        # the browser's own word (every current browser sends it; with the page's no-referrer
        # policy a same-origin form posts ``Origin: null``)
        if site not in ("same-origin", "none"):
            return WebError(403, "web.err.bad_origin")
    elif origin is not None:
        # the origin's host and port against the Host the browser sent (behind a reverse proxy
        # that keeps Host, as the documented setup does)
        netloc = origin.split("://", 1)[1] if "://" in origin else ""
        if origin == "null" or netloc.lower() != host.lower():
            return WebError(403, "web.err.bad_origin")
    if str(scope.get("path", "")).startswith("/api/"):
        kind = headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if kind != "application/json":
            return WebError(415, "web.err.json_only")
    return None


class HintQueue:
    """Hints worked out ``workers`` at a time, fairly: one hint in waiting or in work per table (a
    second asked for the same table is refused with that reason), each player's hints in a line
    of their own, and the lines served in turn (round robin), so that no one player's hints hold
    back everyone else's. At most ``limit`` hints wait in all (then a busy server says so)."""

    def __init__(self, workers: int = 2, limit: int = 64) -> None:
        self.workers = workers
        self.limit = limit
        self.running = 0
        self.lines: OrderedDict[str, deque[tuple[Callable[[], Any], asyncio.Future[Any]]]] = OrderedDict()
        self.tables: set[str] = set()
        self.tasks: set[asyncio.Future[None]] = set()
        self.served: list[str] = []
        """The players whose hints were started, in order (what the fairness test reads)."""

    def waiting(self) -> int:
        return sum(len(line) for line in self.lines.values())

    async def run(self, player: str, table: str, work: Callable[[], Any]) -> Any:
        if table in self.tables:
            raise WebError(429, "web.err.hint_busy")
        if self.waiting() >= self.limit:
            raise WebError(429, "web.err.hint_queue_full")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.lines.setdefault(player, deque()).append((work, future))
        self.tables.add(table)
        try:
            self._pump()
            return await future
        finally:
            self.tables.discard(table)

    def _pump(self) -> None:
        while self.running < self.workers and self.lines:
            player, line = self.lines.popitem(last=False)
            work, future = line.popleft()
            if line:
                self.lines[player] = line  # the player's next hint waits behind everyone else's
            if future.done():  # its request went away
                continue
            self.running += 1
            self.served.append(player)
            task = asyncio.ensure_future(self._work(work, future))
            self.tasks.add(task)  # kept until done (the loop holds tasks weakly)
            task.add_done_callback(self.tasks.discard)

    async def _work(self, work: Callable[[], Any], future: asyncio.Future[Any]) -> None:
        try:
            result = await run_in_threadpool(work)
            if not future.done():
                future.set_result(result)
        except Exception as exc:
            if not future.done():
                future.set_exception(exc)
        finally:
            self.running -= 1
            self._pump()


def client_key(request: Request) -> str:
    """Who is asking, for fairness and limits: the browser's cookie, else its address."""
    player = request.cookies.get(PLAYER_COOKIE) or ""
    if _plausible_player(player):
        return "p:" + player
    return "a:" + (request.client.host if request.client else "")


def lang_of(request: Request) -> str:
    lang = request.query_params.get("lang") or request.cookies.get(LANG_COOKIE) or ""
    if lang in LANGS:
        return lang
    accept = request.headers.get("accept-language", "")
    return "ja" if accept.lower().startswith("ja") else "en"


def error_response(err: WebError, lang: str) -> JSONResponse:
    return JSONResponse(
        {"error": err.message(lang), "code": err.key or "engine"}, status_code=err.status, headers=SECURITY_HEADERS
    )


async def read_body(request: Request) -> bytes:
    """The request's body, refused past :data:`MAX_BODY` (whether declared or streamed)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not DIGITS.fullmatch(declared) or int(declared) > MAX_BODY):
        raise WebError(413, "web.err.too_large", max=MAX_BODY)
    body = b""
    try:
        # a body that trickles in (a slow client holding a connection) is cut off
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    raise WebError(413, "web.err.too_large", max=MAX_BODY)
    except TimeoutError as exc:
        raise WebError(408, "web.err.too_slow") from exc
    return body


async def read_form(request: Request) -> dict[str, str]:
    """A URL-encoded form (the home page's new-game forms): each field's first value."""
    body = await read_body(request)
    try:
        fields = parse_qs(body.decode("utf-8"), max_num_fields=40)
    except (UnicodeDecodeError, ValueError) as exc:
        raise WebError(400, "web.err.bad_json") from exc
    return {key: values[0] for key, values in fields.items() if values}


async def read_json(request: Request) -> dict[str, Any]:
    body = await read_body(request)
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # RecursionError: nested past the stack
        raise WebError(400, "web.err.bad_json") from exc
    if not isinstance(data, dict):
        raise WebError(400, "web.err.bad_json")
    return data


def seat_token(request: Request) -> str | None:
    return request.headers.get("x-seat-token") or None


def player_of(request: Request) -> str | None:
    """The browser's cookie (it reopens the seats it holds), if it has a well-formed one."""
    player = request.cookies.get(PLAYER_COOKIE) or ""
    return player if _plausible_player(player) else None


@cache
def static_file(name: str) -> bytes:
    return resources.files("solotable.ui.web").joinpath("static").joinpath(name).read_bytes()


class WebApp:
    """The application and its state (one per server process)."""

    def __init__(
        self,
        database: str,
        *,
        create_limit: tuple[int, float] | None = CREATE_LIMIT,
        expire_days: float | None = EXPIRE_DAYS,
    ) -> None:
        """``create_limit``: (burst, tables a minute) that one address may open (None: no limit);
        ``expire_days``: a game left this long without a move is deleted (None: never)."""
        self.storage = Storage(database)
        self.tables = Tables(self.storage)
        self.create_limit = create_limit
        self.expire_days = expire_days
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._swept = float("-inf")
        self.hints = HintQueue(workers=2)
        self._hint_turns = itertools.count()
        self.closing = False
        """Set when the server is asked to stop: the live streams end at once."""
        self.watched: dict[str, int] = {}  # table -> live streams following it
        self.clients: dict[str, int] = {}  # client -> live streams it holds
        self.versions: dict[str, int | None] = {}
        self._tick: asyncio.Event | None = None
        self._watcher: asyncio.Task[None] | None = None
        self._limiter: anyio.CapacityLimiter | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.listener: Listener | None = None
        """PostgreSQL: the connection that hears every process's changes (started with the first stream)."""
        self.polls = 0
        """Looks at the database made for the live streams (none while the listener is up)."""
        self.polled_with = -1
        """The listener's connection (its count) the last poll was made under."""
        self.app = Starlette(
            middleware=[Middleware(Guard)],
            routes=[
                Route("/", self.home),
                Route("/new", self.new_form, methods=["POST"]),
                Route("/t/{table_id}", self.table_page),
                Route("/static/{name}", self.static),
                Route("/api/tables", self.api_create, methods=["POST"]),
                Route("/api/t/{table_id}", self.api_view),
                Route("/api/t/{table_id}/move", self.api_move, methods=["POST"]),
                Route("/api/t/{table_id}/undo", self.api_undo, methods=["POST"]),
                Route("/api/t/{table_id}/name", self.api_name, methods=["POST"]),
                Route("/api/t/{table_id}/invite", self.api_invite, methods=["POST"]),
                Route("/api/t/{table_id}/hint", self.api_hint, methods=["POST"]),
                Route("/api/t/{table_id}/events", self.api_events),
                Route("/api/t/{table_id}/record", self.api_record),
                Route("/api/rules/{game_id}", self.api_rules),
                Route("/api/health", self.api_health),
                *review_routes(self),
            ],
        )
        self.app.state.web = self

    async def _run(self, func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``func(*args, **kwargs)`` in one of the :data:`WORKER_THREADS` threads."""
        if self._limiter is None:  # made in the event loop (anyio asks for one)
            self._limiter = anyio.CapacityLimiter(WORKER_THREADS)
        return await anyio.to_thread.run_sync(functools.partial(func, *args, **kwargs), limiter=self._limiter)

    # -- pages -----------------------------------------------------------------------------------

    async def home(self, request: Request) -> Response:
        lang = lang_of(request)
        player = request.cookies.get(PLAYER_COOKIE) or ""
        known = _plausible_player(player)
        if not known:
            player = secrets.token_urlsafe(18)
        going = await self._run(self.storage.tables_of, player, finished=False) if known else []
        record = await self._run(self.storage.results_of, player) if known else []
        html = pages.home_page(lang, going, record)
        response = HTMLResponse(html, headers=SECURITY_HEADERS)
        self._cookies(response, player, lang, request.url.scheme == "https")
        return response

    async def _may_create(self, request: Request) -> None:
        """A token bucket per address (not per cookie: a cookie is dropped at will), and now and
        then the sweep of abandoned tables."""
        now = time.monotonic()
        if self.expire_days is not None and now - self._swept > SWEEP_SECONDS:
            self._swept = now
            await self._run(self.storage.expire, time.time() - self.expire_days * 86400)
        if self.create_limit is None:
            return
        burst, per_minute = self.create_limit
        key = request.client.host if request.client else ""
        tokens, then = self._buckets.pop(key, (float(burst), now))
        tokens = min(float(burst), tokens + (now - then) * per_minute / 60.0)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            raise WebError(429, "web.err.too_many_tables")
        self._buckets[key] = (tokens - 1.0, now)
        while len(self._buckets) > 10_000:  # the addresses seen lately, bounded
            self._buckets.popitem(last=False)

    async def new_form(self, request: Request) -> Response:
        lang = lang_of(request)
        try:
            await self._may_create(request)
            form = await read_form(request)
        except WebError as err:
            return HTMLResponse(
                pages.error_page(lang, err.message(lang)), status_code=err.status, headers=SECURITY_HEADERS
            )
        game_id = str(form.get("game", ""))
        player = request.cookies.get(PLAYER_COOKIE) or ""
        if not _plausible_player(player):
            player = secrets.token_urlsafe(18)
        options: dict[str, object] = {}
        if game_id in game_ids():
            for name, _, _ in option_choices(load_game(game_id)):
                value = form.get("opt_" + name)
                if isinstance(value, str) and value:
                    options[name] = value
        try:
            row, tokens = await self._run(
                self.tables.create,
                game_id,
                options,
                player=player,
                physical_dice=form.get("physical_dice") == "on",
                name=str(form.get("name", "")),
            )
        except WebError as err:
            return HTMLResponse(
                pages.error_page(lang, err.message(lang)), status_code=err.status, headers=SECURITY_HEADERS
            )
        response = RedirectResponse(f"/t/{row.id}?seat={quote(tokens[0])}", status_code=303)
        self._cookies(response, player, lang, request.url.scheme == "https")
        return response

    async def table_page(self, request: Request) -> Response:
        """The page of a table. It is the same page for any table id (the script asks for the
        table with the seat it holds), so it tells no one which tables exist. Opened with a seat's
        link (``?seat=TOKEN``), the browser's cookie comes to hold that seat (see
        :meth:`Tables.claim`), so that Continue reopens it from any tab."""
        lang = lang_of(request)
        table_id = request.path_params["table_id"]
        if not _plausible_player(table_id):  # ids have the shape of tokens
            err = WebError(404, "web.err.unknown_table")
            return HTMLResponse(
                pages.error_page(lang, err.message(lang)), status_code=err.status, headers=SECURITY_HEADERS
            )
        player = player_of(request) or secrets.token_urlsafe(18)
        token = request.query_params.get("seat")
        if token:
            with contextlib.suppress(WebError):  # the page asks for the table and shows a refusal in words
                await self._run(self.tables.claim, table_id, token, player)
        response = HTMLResponse(pages.table_page(lang, table_id, t("web.app_title", lang)), headers=SECURITY_HEADERS)
        self._cookies(response, player, lang, request.url.scheme == "https")
        return response

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_TYPES:
            return JSONResponse({"error": t("web.err.not_found", lang_of(request))}, status_code=404)
        return Response(
            static_file(name),
            media_type=STATIC_TYPES[name],
            headers={**SECURITY_HEADERS, "Cache-Control": f"public, max-age=300, v={__version__}"},
        )

    @staticmethod
    def _cookies(response: Response, player: str, lang: str, secure: bool = False) -> None:
        """The browser's cookie and its language; ``Secure`` when the page came over https (behind
        a proxy: uvicorn's ``--proxy-headers`` gives the request its https scheme)."""
        response.set_cookie(
            PLAYER_COOKIE, player, max_age=3600 * 24 * 365 * 5, httponly=True, samesite="lax", secure=secure
        )
        response.set_cookie(LANG_COOKIE, lang, max_age=3600 * 24 * 365, samesite="lax", secure=secure)

    # -- the JSON API ----------------------------------------------------------------------------

    async def api_create(self, request: Request) -> Response:
        lang = lang_of(request)
        try:
            await self._may_create(request)
            data = await read_json(request)
            options = data.get("options", {})
            if not isinstance(options, dict):
                raise WebError(400, "web.err.bad_json")
            seed = data.get("seed")
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**31):
                raise WebError(400, "web.err.bad_json")
            practice = data.get("practice", False)
            if not isinstance(practice, bool):
                raise WebError(400, "web.err.bad_json")
            name = data.get("name", "")
            if not isinstance(name, str) or len(name) > 40:
                raise WebError(400, "web.err.bad_name", max=40)
            player = request.cookies.get(PLAYER_COOKIE) or ""
            if not _plausible_player(player):
                player = secrets.token_urlsafe(18)
            row, tokens = await self._run(
                self.tables.create,
                str(data.get("game", "")),
                {str(k): v for k, v in options.items()},
                player=player,
                physical_dice=bool(data.get("physical_dice", False)),
                name=name,
                seed=seed,
                practice=practice,
            )
        except WebError as err:
            return error_response(err, lang)
        links = [f"/t/{row.id}?seat={quote(tok)}" for tok in tokens]
        return JSONResponse(
            {"table": row.id, "tokens": tokens, "links": links, "version": row.version},
            status_code=201,
            headers=SECURITY_HEADERS,
        )

    async def _view(
        self, live: Live, seat: int, lang: str, at: int | None = None, player: str | None = None
    ) -> JSONResponse:
        payload = await self._run(self._payload, live, seat, lang, at, player)
        return JSONResponse(payload, headers={**SECURITY_HEADERS, "Cache-Control": "no-store"})

    def _payload(self, live: Live, seat: int, lang: str, at: int | None, player: str | None) -> dict[str, Any]:
        with live.lock:
            payload = self.tables.view(live, seat, lang, at=at)
            # the seats this browser's cookie holds (the page asks before a link takes another)
            payload["held"] = live.row.seats_of_player(player)
            if seat == 0:
                # the opener may hand a fresh invitation for each other seat (the old link stops
                # working); whether a browser holds the seat already
                payload["invites"] = [
                    {"seat": i + 1, "held": bool(s.get("player"))} for i, s in enumerate(live.row.seats) if i > 0
                ]
        return payload

    async def _changed(self, change: Callable[[], Live], token: str | None, lang: str, player: str | None) -> Response:
        """A change and the table's view after it, in one trip to a worker thread."""

        def work() -> dict[str, Any]:
            live = change()
            return self._payload(live, self.tables.seat(live, token, player), lang, None, player)

        payload = await self._run(work)
        return JSONResponse(payload, headers={**SECURITY_HEADERS, "Cache-Control": "no-store"})

    async def api_view(self, request: Request) -> Response:
        lang = lang_of(request)
        table_id = request.path_params["table_id"]
        try:
            player = player_of(request)
            token = seat_token(request)
            at_text = request.query_params.get("at")
            if at_text is not None and not DIGITS.fullmatch(at_text):
                raise WebError(400, "web.err.bad_query", name="at")
            at = int(at_text) if at_text is not None else None

            def work() -> dict[str, Any]:  # the table and its view in one trip to a worker thread
                live = self.tables.load(table_id)
                return self._payload(live, self.tables.seat(live, token, player), lang, at, player)

            payload = await self._run(work)
            return JSONResponse(payload, headers={**SECURITY_HEADERS, "Cache-Control": "no-store"})
        except WebError as err:
            return error_response(err, lang)

    async def api_move(self, request: Request) -> Response:
        lang = lang_of(request)
        table_id = request.path_params["table_id"]
        try:
            data = await read_json(request)
            player = player_of(request)
            token = seat_token(request)
            return await self._changed(
                functools.partial(
                    self.tables.play, table_id, token, data.get("action"), data.get("version"), player=player
                ),
                token,
                lang,
                player,
            )
        except WebError as err:
            return error_response(err, lang)

    async def api_undo(self, request: Request) -> Response:
        lang = lang_of(request)
        try:
            data = await read_json(request)
            player = player_of(request)
            token = seat_token(request)
            return await self._changed(
                functools.partial(
                    self.tables.undo, request.path_params["table_id"], token, data.get("version"), player=player
                ),
                token,
                lang,
                player,
            )
        except WebError as err:
            return error_response(err, lang)

    async def api_name(self, request: Request) -> Response:
        lang = lang_of(request)
        try:
            data = await read_json(request)
            player = player_of(request)
            live = await self._run(
                functools.partial(
                    self.tables.name_seat,
                    request.path_params["table_id"],
                    seat_token(request),
                    data.get("name"),
                    data.get("version"),
                    player=player,
                )
            )
            return await self._view(live, self.tables.seat(live, seat_token(request), player), lang, None, player)
        except WebError as err:
            return error_response(err, lang)

    async def api_invite(self, request: Request) -> Response:
        """A fresh invitation link for another seat (the opener's seat only); the old one stops
        working. The token is given here once: the database keeps its hash."""
        lang = lang_of(request)
        try:
            data = await read_json(request)
            player = player_of(request)
            live, fresh = await self._run(
                functools.partial(
                    self.tables.invite,
                    request.path_params["table_id"],
                    seat_token(request),
                    data.get("seat"),
                    data.get("version"),
                    player=player,
                )
            )
            response = await self._view(live, 0, lang, None, player)
            payload = json.loads(bytes(response.body))
            payload["invite_link"] = f"/t/{live.row.id}?seat={quote(fresh)}"
            payload["invite_seat"] = data.get("seat")
            return JSONResponse(payload, headers={**SECURITY_HEADERS, "Cache-Control": "no-store"})
        except WebError as err:
            return error_response(err, lang)

    async def api_hint(self, request: Request) -> Response:
        """The decisions ranked by a search bot (mcts) on a copy of the position, worked out in a
        thread; the page shows a spinner meanwhile and the table stays playable."""
        lang = lang_of(request)
        try:
            data = await read_json(request)
            budget = data.get("seconds", HINT_SECONDS[1])
            if isinstance(budget, bool) or not isinstance(budget, int | float):
                budget = HINT_SECONDS[1]
            budget = max(HINT_SECONDS[0], min(HINT_SECONDS[2], float(budget)))
            live = await self._run(self.tables.load, request.path_params["table_id"])
            seat = self.tables.seat(live, seat_token(request), player_of(request))
            with live.lock:
                state = live.session.state.clone()
                version = live.row.version
            if state.to_move != seat:
                return JSONResponse(
                    {"version": version, "ranked": [], "text": t("web.hint_none", lang), "others": "", "note": ""},
                    headers=SECURITY_HEADERS,
                )
            turn: list[int] = []

            def work() -> list[Hint]:
                turn.append(next(self._hint_turns))  # the order hints start in (the load test reads it)
                return _hint(state, budget)

            ranked = await self.hints.run(client_key(request), live.row.id, work)
            game = live.session.game
            # the hint panel every interface shows (solotable.ui.present.hint_panel): the best move
            # and the runners-up, each with its chance of winning, its 95% interval and how it was found
            panel = hint_panel(game, state, ranked, lang)
            lines = [] if panel is None else [panel.best, *panel.others]
            out = [
                {
                    "n": str(h.hint.action),
                    "label": game.describe(state, h.hint.action, lang),
                    "win": round(100 * h.hint.win),
                    "interval": None
                    if h.hint.low is None or h.hint.high is None
                    else [round(100 * h.hint.low), round(100 * h.hint.high)],
                    "figure": h.figure,
                    "line": h.line,
                }
                for h in lines
            ]
            text = f"{panel.best_heading} {panel.best.line}" if panel is not None else t("web.hint_none", lang)
            extra = {
                "others": panel.others_heading if panel is not None else "",
                "note": panel.note if panel is not None else "",
            }
            return JSONResponse(
                {"version": version, "ranked": out, "text": text, "turn": turn[0], **extra}, headers=SECURITY_HEADERS
            )
        except WebError as err:
            return error_response(err, lang)

    async def api_events(self, request: Request) -> Response:
        """Server-sent events: ``version`` each time the table changes (told by this process's
        own changes, by the other processes' announcements, or by the poll: see :meth:`_watch`)."""
        lang = lang_of(request)
        table_id = request.path_params["table_id"]
        token = request.query_params.get("seat") or seat_token(request)
        client = client_key(request)
        if self.watched.get(table_id, 0) >= STREAMS_PER_TABLE or self.clients.get(client, 0) >= STREAMS_PER_CLIENT:
            return error_response(WebError(429, "web.err.too_many_streams"), lang)
        # followed before the table is read: a change announced in between is not missed
        self.watched[table_id] = self.watched.get(table_id, 0) + 1
        self.clients[client] = self.clients.get(client, 0) + 1
        self._start_watcher()
        try:
            live = await self._run(self.tables.load, table_id)
            self.tables.seat(live, token, player_of(request))
        except WebError as err:
            self._release(table_id, client)
            return error_response(err, lang)
        except BaseException:
            self._release(table_id, client)
            raise
        self._heard(table_id, live.row.version)

        async def stream() -> AsyncIterator[str]:
            last: int | None = None
            started = time.monotonic()
            beat = started
            try:
                yield "retry: 2000\n\n"
                while time.monotonic() - started < SSE_MAX_SECONDS and not self.closing:
                    version = self.versions.get(table_id)
                    if version != last:
                        last = version
                        yield f"data: {json.dumps({'version': version})}\n\n"
                    elif time.monotonic() - beat > SSE_HEARTBEAT:
                        beat = time.monotonic()
                        yield ": beat\n\n"
                    tick = self._tick
                    if tick is not None:
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(tick.wait(), SSE_POLL * 4)
            finally:
                self._release(table_id, client)

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        )

    def _release(self, table_id: str, client: str) -> None:
        for counts, key in ((self.watched, table_id), (self.clients, client)):
            counts[key] -= 1
            if counts[key] <= 0:
                del counts[key]
        if table_id not in self.watched:
            self.versions.pop(table_id, None)

    def _start_watcher(self) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # the first stream (or a test client's next event loop)
            self._loop = loop
            self._tick = asyncio.Event()
            self._watcher = None
        if self.storage.on_change is None:
            # this process's own changes wake the streams at once; on PostgreSQL every process's do
            self.storage.on_change = self._heard_elsewhere
            self.listener = self.storage.listen(self._heard_elsewhere)
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.ensure_future(self._watch())

    def _heard_elsewhere(self, table_id: str, version: int) -> None:
        """A change (table, version) told by another thread: a worker that stored it, or the
        PostgreSQL listener."""
        loop = self._loop
        if loop is not None and table_id in self.watched:
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody follows any more
                loop.call_soon_threadsafe(self._heard, table_id, version)

    def _heard(self, table_id: str, version: int) -> None:
        """In the event loop: a table's version, from whatever source; its streams woken if newer."""
        known = self.versions.get(table_id)
        if table_id in self.watched and (known is None or version > known):
            self.versions[table_id] = version
            self.wake()

    async def _watch(self) -> None:
        """What wakes the live streams besides this process's own changes. On PostgreSQL, a
        change any process commits is announced to all (``NOTIFY``, heard by the one listening
        connection of :class:`~solotable.ui.web.storage.Listener`); the database is polled only
        while that connection is down, and once each time it is open again (for what was announced
        while it was away). On SQLite (one process) the poll stays: one look at the versions of all
        the tables followed here per :data:`SSE_POLL`, whatever the number of streams."""
        while self.watched and not self.closing:
            listener = self.listener
            if listener is None or not listener.up or listener.connections != self.polled_with:
                if listener is not None and listener.up:
                    self.polled_with = listener.connections  # listening again: one look for what was missed
                ids = list(self.watched)
                self.polls += 1
                try:
                    found = await self._run(self.storage.versions, ids)
                except Exception:  # the database away for a moment: the streams keep their last word
                    found = {}
                for table_id, version in found.items():
                    self._heard(table_id, version)
            await asyncio.sleep(SSE_POLL)
        self.wake()

    def wake(self) -> None:
        tick = self._tick
        if tick is not None:
            self._tick = asyncio.Event()
            tick.set()

    def close(self) -> None:
        """The server stops: every live stream ends now (the page reconnects to another process)."""
        self.closing = True
        if self.listener is not None:
            self.listener.stop(wait=False)
        self.wake()

    async def api_record(self, request: Request) -> Response:
        """The game record (with its seed): only once the game is over, since the seed tells every
        roll to come."""
        lang = lang_of(request)
        try:
            live = await self._run(self.tables.load, request.path_params["table_id"])
            self.tables.seat(live, seat_token(request) or request.query_params.get("seat"), player_of(request))
            if not live.session.state.is_terminal():
                raise WebError(409, "web.err.record_later")
            text = live.session.record.dumps()
        except WebError as err:
            return error_response(err, lang)
        return Response(
            text,
            media_type="application/json",
            headers={
                **SECURITY_HEADERS,
                "Content-Disposition": f'attachment; filename="{live.row.game}-{live.row.id[:8]}.json"',
            },
        )

    async def api_rules(self, request: Request) -> Response:
        lang = lang_of(request)
        game_id = request.path_params["game_id"]
        if game_id not in game_ids():
            return error_response(WebError(404, "web.err.unknown_game", game=game_id), lang)
        game = load_game(game_id)
        text = game.help_text(lang)  # Markdown: the page shows it as HTML, never its marks (# Goal, `i`)
        body = {"title": game.title(lang), "text": text, "html": markdown_html(text)}
        return JSONResponse(body, headers=SECURITY_HEADERS)

    async def api_health(self, request: Request) -> Response:
        return JSONResponse({"ok": True, "version": __version__})


def _hint(state: Any, budget: float) -> list[Hint]:
    from solotable.agents.hint import hint

    return hint(state, budget)


def _plausible_player(player: str) -> bool:
    return 16 <= len(player) <= 64 and all(ch.isalnum() or ch in "-_" for ch in player)


def create_app(database: str, **settings: Any) -> Starlette:
    return WebApp(database, **settings).app
