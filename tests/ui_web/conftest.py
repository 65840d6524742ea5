"""Fixtures of the web interface's tests: databases (SQLite always; PostgreSQL when a server is
reachable), a live server on loopback for the browser tests, and the distribution's Chromium.

Where PostgreSQL or Chromium is missing those tests skip with the reason; with
``SOLOTABLE_REQUIRE_WEB_DEPS=1`` (set by ``.ci/run``, which installs both) a missing one fails.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

POSTGRES_ENV = "SOLOTABLE_TEST_POSTGRES"
"""A PostgreSQL URL for the storage tests (``postgresql://user:password@127.0.0.1/db``)."""
REQUIRE_ENV = "SOLOTABLE_REQUIRE_WEB_DEPS"
CHROMIUM = os.environ.get("SOLOTABLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def missing(reason: str) -> None:
    """Skip, or fail where the CI says these dependencies are installed."""
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{reason} ({REQUIRE_ENV}=1: required here)")
    pytest.skip(reason)


def postgres_url() -> str | None:
    url = os.environ.get(POSTGRES_ENV, "")
    return url or None


def reset_database(url: str) -> None:
    from solotable.ui.web.storage import Storage, metadata

    storage = Storage(url)
    metadata.drop_all(storage.engine)
    metadata.create_all(storage.engine)
    storage.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each storage test runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'web.sqlite3'}"
    url = postgres_url()
    if url is None:
        missing(f"no PostgreSQL server: set {POSTGRES_ENV}=postgresql://USER:PASSWORD@127.0.0.1/DB")
    assert url is not None
    try:
        reset_database(url)
    except Exception as exc:  # the server named is not reachable
        missing(f"PostgreSQL at {POSTGRES_ENV} is not reachable: {str(exc).splitlines()[0]}")
    return url


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """A uvicorn server on loopback in a thread, restartable on the same port (the page keeps its
    seat token in the browser's storage, which is per origin)."""

    def __init__(self, database: str, port: int | None = None) -> None:
        self.database = database
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server: object = None
        self._thread: threading.Thread | None = None
        self.web: object = None

    def start(self) -> LiveServer:
        import uvicorn

        from solotable.ui.web.app import WebApp

        web = WebApp(self.database, create_limit=None)  # the tests open many tables from one address
        self.web = web
        server = uvicorn.Server(uvicorn.Config(web.app, host="127.0.0.1", port=self.port, log_level="warning"))
        self._server = server
        self._thread = threading.Thread(target=server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 20
        while not server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the web server did not start")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        server = self._server
        if server is not None:
            server.should_exit = True  # type: ignore[attr-defined]
            server.force_exit = True  # type: ignore[attr-defined]
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self.web is not None:
            self.web.close()  # type: ignore[attr-defined]
            self.web.storage.dispose()  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("web") / "web.sqlite3"
    server = LiveServer(f"sqlite:///{db}").start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not (os.path.exists(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    if shutil.which(CHROMIUM) is None and not os.path.isabs(CHROMIUM):
        missing(f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("the Playwright package is not installed (pip install -e '.[test]')")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
