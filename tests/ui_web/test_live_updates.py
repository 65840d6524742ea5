"""How a live stream hears of a change. This process's own changes wake its streams at once
(whatever the poll's period). On PostgreSQL a change made through another server process is
announced (``NOTIFY`` on commit) and heard by each process's one listening connection, so the
database is not polled while that connection is up; when it drops (killed here), the streams fall
back to the poll and the connection is opened again, after which the announcements carry on.

The PostgreSQL test needs ``SOLOTABLE_TEST_POSTGRES`` (``.ci/run`` sets it and makes a skip a failure)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from solotable.ui.web import app as web_app
from solotable.ui.web.app import WebApp
from solotable.ui.web.storage import Storage
from ui_web.conftest import LiveServer, missing, postgres_url, reset_database
from ui_web.test_two_processes import Stream


def until(check: Callable[[], bool], what: str, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def move(url: str, table: str, token: str) -> int:
    """The first choice offered, played over HTTP; the new version."""
    view = httpx.get(f"{url}/api/t/{table}", headers={"X-Seat-Token": token}).json()
    r = httpx.post(
        f"{url}/api/t/{table}/move",
        headers={"X-Seat-Token": token},
        json={"action": view["actions"][0]["n"], "version": view["version"]},
    )
    assert r.status_code == 200, r.text
    return int(r.json()["version"])


# a chosen seed (a practice table): first-choice play on it lasts 60 decisions, so the moves
# below never meet a finished game (a drawn seed ends within 3 such moves about once in 26)
LASTING = {"game": "minirogue-v1", "seed": 14, "practice": True}


def test_a_change_made_here_wakes_the_streams_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a poll once a minute: only the change itself can tell the stream in time
    monkeypatch.setattr(web_app, "SSE_POLL", 60.0)
    server = LiveServer(f"sqlite:///{tmp_path / 'w.sqlite3'}").start()
    try:
        made = httpx.post(server.url + "/api/tables", json=LASTING).json()
        table, token = made["table"], made["tokens"][0]
        stream = Stream(server.url, table, token)
        stream.wait_for(0)
        for _ in range(3):
            stream.wait_for(move(server.url, table, token), seconds=10)
    finally:
        server.stop()


@pytest.fixture
def pg() -> str:
    url = postgres_url()
    if url is None:
        missing("no PostgreSQL server: set SOLOTABLE_TEST_POSTGRES=postgresql://USER:PASSWORD@127.0.0.1/DB")
    assert url is not None
    try:
        reset_database(url)
    except Exception as exc:
        missing(f"PostgreSQL at SOLOTABLE_TEST_POSTGRES is not reachable: {str(exc).splitlines()[0]}")
    return url


def test_postgresql_announces_changes_across_processes_and_survives_a_killed_listener(pg: str) -> None:
    server = LiveServer(pg).start()  # the process whose streams listen
    other = LiveServer(pg).start()  # another server process on the same database: the moves go there
    try:
        web: Any = server.web
        made = httpx.post(other.url + "/api/tables", json=LASTING).json()
        table, token = made["table"], made["tokens"][0]
        stream = Stream(server.url, table, token)
        stream.wait_for(0)
        until(lambda: web.listener is not None and web.listener.up, "the listening connection never opened")
        until(lambda: web.polled_with == web.listener.connections, "no look for what came before listening")

        # moves made through the other process reach this one's stream with no poll at all
        polls = web.polls
        for _ in range(3):
            stream.wait_for(move(other.url, table, token))
        assert web.polls == polls

        # the listening connection killed on the database's side: the stream falls back to the
        # poll, and the connection is opened again
        killer = Storage(pg)
        try:
            with killer.engine.begin() as conn:
                killed = conn.execute(
                    text("SELECT pg_terminate_backend(:pid)"), {"pid": web.listener.backend_pid}
                ).scalar()
        finally:
            killer.dispose()
        assert killed
        stream.wait_for(move(other.url, table, token))
        until(lambda: web.listener.connections == 2 and web.listener.up, "the listener did not come back")
        until(lambda: web.polled_with == 2, "no look for what was missed while the listener was away")
        assert web.polls > polls

        # listening again: no more polls
        polls = web.polls
        for _ in range(3):
            stream.wait_for(move(other.url, table, token))
        assert web.polls == polls
    finally:
        server.stop()
        other.stop()


def test_sqlite_has_no_listener(tmp_path: Path) -> None:
    web = WebApp(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    assert web.storage.listen(lambda table, version: None) is None
