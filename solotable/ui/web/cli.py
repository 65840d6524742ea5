"""``solotable web [--host 127.0.0.1] [--port 8000] [--database URL] [--lang en|ja]``: the browser
interface's server (uvicorn). Loopback by default; the tables live in an SQLite file in the
player's data directory unless ``--database`` names another (``sqlite:///PATH`` or
``postgresql://USER@HOST/DB``, which several server processes can share)."""

from __future__ import annotations

import argparse
import os
import socket
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from solotable.core.argparse_i18n import Parser, requested_lang
from solotable.core.i18n import LANGS
from solotable.ui.web.i18n import t

if TYPE_CHECKING:
    from solotable.ui.web.app import WebApp


def default_database() -> str:
    """``sqlite:///$XDG_DATA_HOME/solotable/web.sqlite3`` (beside the saves and the record)."""
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return "sqlite:///" + str(base / "solotable" / "web.sqlite3")


def build_parser(lang: str) -> Parser:
    parser = Parser(prog="solotable web", description=t("web.cli.description", lang), lang=lang)
    parser.add_argument("--host", default="127.0.0.1", help=t("web.cli.host", lang))
    parser.add_argument("--port", type=_port(lang), default=8000, help=t("web.cli.port", lang))
    parser.add_argument("--database", default=None, metavar="URL", help=t("web.cli.database", lang))
    parser.add_argument("--lang", choices=LANGS, help=t("web.cli.lang", lang))
    parser.add_argument("--proxy-headers", action="store_true", help=t("web.cli.proxy_headers", lang))
    parser.add_argument("--create-limit", type=float, default=10.0, metavar="N", help=t("web.cli.create_limit", lang))
    parser.add_argument("--expire-days", type=float, default=30.0, metavar="DAYS", help=t("web.cli.expire_days", lang))
    parser.add_argument(
        "--header-timeout", type=float, default=10.0, metavar="S", help=t("web.cli.header_timeout", lang)
    )
    parser.add_argument("--forwarded-allow-ips", default="127.0.0.1", metavar="IPS", help=t("web.cli.forwarded", lang))
    return parser


def _port(lang: str) -> Callable[[str], int]:
    """A TCP port, 1-65535, read before anything starts (``--port 99999`` is one line, not a
    traceback from the server)."""

    def port(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = -1
        if not 1 <= value <= 65535:
            raise argparse.ArgumentTypeError(t("web.cli.bad_port", lang, port=text[:20]))
        return value

    return port


def main(argv: Sequence[str]) -> int:
    args = list(argv)
    lang = requested_lang(args)
    try:
        ns = build_parser(lang).parse_args(args)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    database = ns.database or default_database()
    if not (database.startswith("sqlite") or database.startswith("postgresql")):
        print(t("web.cli.bad_database", lang, url=database), file=sys.stderr)
        return 2
    import uvicorn

    from solotable.ui.web.app import create_app

    try:
        app = create_app(
            database,
            create_limit=(20, ns.create_limit) if ns.create_limit > 0 else None,
            expire_days=ns.expire_days if ns.expire_days > 0 else None,
        )
    except Exception as exc:  # a database that cannot be opened: say so in one line
        print(
            t("web.cli.database_failed", lang, url=_safe_url(database), reason=str(exc).splitlines()[0]),
            file=sys.stderr,
        )
        return 2
    try:  # the port is taken here, before the server is announced: a port in use is said in one line
        sock = _listen(ns.host, ns.port)
    except (OSError, OverflowError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).splitlines()[0]
        print(t("web.cli.serve_failed", lang, host=ns.host, port=ns.port, reason=reason), file=sys.stderr)
        return 2
    shown = f"[{ns.host}]" if ":" in ns.host else ns.host  # an IPv6 address is bracketed in a URL
    print(t("web.cli.serving", lang, url=f"http://{shown}:{ns.port}/", database=_safe_url(database)), flush=True)
    config = uvicorn.Config(
        app,
        host=ns.host,
        port=ns.port,
        log_level="warning",
        timeout_keep_alive=30,  # a player's next move reuses their connection
        timeout_graceful_shutdown=3,  # a stop waits at most this long for requests in progress
        h11_max_incomplete_event_size=16 * 1024,  # request line and headers: 16 KiB at most
        # behind a reverse proxy that terminates https: the client's address and scheme from
        # X-Forwarded-For/-Proto (trusted from --forwarded-allow-ips only), so cookies are Secure
        proxy_headers=ns.proxy_headers,
        forwarded_allow_ips=ns.forwarded_allow_ips,
        http=_protocol_class(ns.header_timeout),
    )
    try:
        _server_class()(config, app.state.web).run(sockets=[sock])
    except (OSError, OverflowError, ValueError) as exc:  # a port or host that cannot be served: one line
        print(t("web.cli.serve_failed", lang, host=ns.host, port=ns.port, reason=str(exc).splitlines()[0]),
              file=sys.stderr)  # fmt: skip
        return 2
    return 0


def _protocol_class(seconds: float) -> type:
    """uvicorn's HTTP/1.1 protocol with a deadline for a request's line and headers: uvicorn times
    out an idle kept-alive connection, not one that sends its headers a byte at a time."""
    import asyncio

    from uvicorn.protocols.http.h11_impl import H11Protocol

    class _Protocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)  # type: ignore[arg-type]
            self._arm()

        def data_received(self, data: bytes) -> None:
            if self._deadline is None and (self.cycle is None or self.cycle.response_complete):
                self._arm()  # the first bytes of the next request on a kept-alive connection
            super().data_received(data)

        def on_response_complete(self) -> None:
            if self._deadline is not None:  # this request made it; the next one gets its own
                self._deadline.cancel()
                self._deadline = None
            super().on_response_complete()

        def _arm(self) -> None:
            self._deadline = self.loop.call_later(seconds, self._too_slow, self.cycle)

        def _too_slow(self, cycle: object) -> None:
            self._deadline = None
            if self.cycle is cycle and not self.transport.is_closing():  # no new request began
                self.transport.close()

    return _Protocol


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (IPv6 for an address with a colon), as uvicorn
    would open it; raises OSError when the port is in use or the address is not this machine's."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
        sock.set_inheritable(True)
    except BaseException:
        sock.close()
        raise
    return sock


def _server_class() -> type:
    import uvicorn

    class _Server(uvicorn.Server):
        """uvicorn's server, which also ends the live streams at once when asked to stop (SIGTERM,
        Ctrl-C): uvicorn would otherwise wait for them (they last up to an hour)."""

        def __init__(self, config: uvicorn.Config, web: WebApp) -> None:
            super().__init__(config)
            self.web = web

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            self.web.close()
            super().handle_exit(sig, frame)

    return _Server


def _safe_url(url: str) -> str:
    """A database URL without its password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}@{host}"
    return url
