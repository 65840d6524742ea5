"""The server's limits with strangers: live streams capped per table and per browser (one shared
watcher a process, not a database poll per stream), cookies marked Secure behind https, and a clean
stop on SIGTERM while pages hold live streams open."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from starlette.testclient import TestClient

from solotable.ui.web.app import STREAMS_PER_CLIENT, STREAMS_PER_TABLE, create_app
from ui_web.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]


def test_secure_cookies_behind_https(tmp_path: Any) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    plain = TestClient(app).get("/")
    assert "secure" not in plain.headers["set-cookie"].lower()
    https = TestClient(app, base_url="https://testserver").get("/")
    cookies = https.headers.get_list("set-cookie")
    assert cookies and all("secure" in c.lower() for c in cookies)


def serve(database: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "solotable", "web", "--port", str(port), "--database", database],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def open_stream(url: str, table: str, token: str, cookie: str, out: list[int], opened: threading.Event) -> None:
    try:
        with httpx.stream(
            "GET",
            f"{url}/api/t/{table}/events",
            headers={"X-Seat-Token": token, "Cookie": f"solotable_player={cookie}"},
            timeout=30,
        ) as r:
            out.append(r.status_code)
            opened.set()
            for _ in r.iter_lines():
                pass
    except httpx.HTTPError:
        out.append(-1)
    opened.set()


def test_stream_caps_and_a_clean_stop_on_sigterm(tmp_path: Any) -> None:
    proc, url = serve(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    try:
        made = [httpx.post(url + "/api/tables", json={"game": "minirogue-v1"}).json() for _ in range(2)]
        statuses: list[int] = []
        threads = []

        def start(table: dict[str, Any], cookie: str) -> None:
            opened = threading.Event()
            th = threading.Thread(
                target=open_stream, args=(url, table["table"], table["tokens"][0], cookie, statuses, opened)
            )
            th.start()
            threads.append(th)
            assert opened.wait(10)

        # one browser: capped at STREAMS_PER_CLIENT
        for _ in range(STREAMS_PER_CLIENT + 2):
            start(made[0], "a" * 24)
        assert statuses.count(200) == STREAMS_PER_CLIENT and statuses.count(429) == 2
        # one table: capped at STREAMS_PER_TABLE whoever asks
        statuses.clear()
        for i in range(STREAMS_PER_TABLE - STREAMS_PER_CLIENT + 2):
            start(made[0], f"b{i:02d}" + "x" * 22)
        assert statuses.count(200) == STREAMS_PER_TABLE - STREAMS_PER_CLIENT and statuses.count(429) == 2
        # another table is not held back
        statuses.clear()
        start(made[1], "c" * 24)
        assert statuses == [200]
        # SIGTERM with all those streams open: the process ends within a few seconds
        began = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)
        assert time.monotonic() - began < 6
        for th in threads:
            th.join(timeout=5)
            assert not th.is_alive()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_table_creation_is_rate_limited_per_address(tmp_path: Any) -> None:
    c = TestClient(create_app(f"sqlite:///{tmp_path / 'w.sqlite3'}", create_limit=(5, 1.0)))
    codes = [c.post("/api/tables", json={"game": "minirogue-v1"}).status_code for _ in range(7)]
    assert codes == [201] * 5 + [429] * 2
    r = c.post("/new", data={"game": "minirogue-v1"}, follow_redirects=False)
    assert r.status_code == 429 and "minute" in r.text
    # a cookie dropped or changed does not reset it
    c.cookies.clear()
    assert c.post("/api/tables", json={"game": "minirogue-v1"}).status_code == 429


def test_abandoned_tables_expire(tmp_path: Any) -> None:
    from solotable.ui.web.storage import Storage

    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    c = TestClient(create_app(url, expire_days=None))
    made = [c.post("/api/tables", json={"game": "minirogue-v1"}).json() for _ in range(3)]
    storage = Storage(url)
    # the first left alone for 31 days, the second played 31 days ago and finished
    from sqlalchemy import update

    from solotable.ui.web.storage import tables

    long_ago = time.time() - 31 * 86400
    with storage.engine.begin() as conn:
        conn.execute(update(tables).where(tables.c.id == made[0]["table"]).values(updated=long_ago))
        conn.execute(update(tables).where(tables.c.id == made[1]["table"]).values(updated=long_ago, finished=True))
    # the sweep runs when a table is opened (at most once an hour)
    c2 = TestClient(create_app(url, expire_days=30))
    c2.post("/api/tables", json={"game": "minirogue-v1"})
    for _ in range(50):
        if storage.get(made[0]["table"]) is None:
            break
        time.sleep(0.05)
    assert storage.get(made[0]["table"]) is None
    assert storage.get(made[1]["table"]) is not None and storage.get(made[2]["table"]) is not None
    storage.dispose()


def test_slow_headers_and_bodies_are_cut_off(tmp_path: Any) -> None:
    import socket

    port = free_port()
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "solotable", "web", "--port", str(port), "--header-timeout", "1"),
            *("--database", f"sqlite:///{tmp_path / 'w.sqlite3'}"),
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                httpx.get(url + "/api/health", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
            began = time.monotonic()
            assert sock.recv(100) == b""  # closed by the server
            assert time.monotonic() - began < 5
        # a kept-alive connection: its next request's headers get the same deadline
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            assert b"200 OK" in sock.recv(4096)
            sock.sendall(b"GET /api/health HTTP/1.1\r\n")
            began = time.monotonic()
            while sock.recv(4096):
                pass
            assert time.monotonic() - began < 5
        # a body that never comes in whole: 408 (BODY_SECONDS later)
        with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
            sock.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100\r\n\r\n{"
            )
            answer = sock.recv(4096)
            assert answer.startswith(b"HTTP/1.1 408"), answer[:40]
    finally:
        proc.terminate()
        proc.wait(timeout=10)
