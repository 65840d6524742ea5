"""The documented deployment, tested as such: two server processes on one PostgreSQL database (as
behind a load balancer without sticky sessions). A co-op table is played across both, each seat's
live stream (opened on the other process) sees every move, and a process killed while moves are
being sent to it loses nothing: every move it answered is in the database, the record replays, and
play goes on through the other process.

Needs ``SOLOTABLE_TEST_POSTGRES`` (``.ci/run`` sets it and makes a skip a failure)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from solotable.core.record import Record
from solotable.ui.web.storage import Storage, metadata
from ui_web.conftest import free_port, missing, postgres_url, reset_database

ROOT = Path(__file__).resolve().parents[2]


def launch(database: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "solotable", "web", "--port", str(port), "--database", database, "--create-limit", "0"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return proc, f"http://127.0.0.1:{port}"


def ready(proc: subprocess.Popen[bytes], url: str) -> str:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                return url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("a server process did not start")


class Stream:
    """A seat's live stream in a thread: the versions it was told of."""

    def __init__(self, url: str, table: str, token: str) -> None:
        self.versions: list[int] = []
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(url, table, token), daemon=True)
        self.thread.start()
        assert self.ready.wait(10)

    def _run(self, url: str, table: str, token: str) -> None:
        try:
            with httpx.stream("GET", f"{url}/api/t/{table}/events", headers={"X-Seat-Token": token}, timeout=60) as r:
                self.ready.set()
                for line in r.iter_lines():
                    if line.startswith("data:"):
                        self.versions.append(int(json.loads(line[5:])["version"]))
        except httpx.HTTPError:
            pass
        self.ready.set()

    def wait_for(self, version: int, seconds: float = 10) -> None:
        deadline = time.monotonic() + seconds
        while version not in self.versions:
            assert time.monotonic() < deadline, (version, self.versions[-5:])
            time.sleep(0.02)


@pytest.fixture
def pg() -> str:
    url = postgres_url()
    if url is None:
        missing("no PostgreSQL server: set SOLOTABLE_TEST_POSTGRES=postgresql://USER:PASSWORD@127.0.0.1/DB")
    assert url is not None
    try:
        reset_database(url)
        storage = Storage(url)
        metadata.drop_all(storage.engine)  # the two processes start at once on an empty database
        storage.dispose()
    except Exception as exc:
        missing(f"PostgreSQL at SOLOTABLE_TEST_POSTGRES is not reachable: {str(exc).splitlines()[0]}")
    return url


def test_a_co_op_table_across_two_processes_and_one_killed_mid_move(pg: str) -> None:
    procs: list[subprocess.Popen[bytes]] = []
    try:
        (a, url_a), (b, url_b) = launch(pg), launch(pg)
        procs += [a, b]
        url_a, url_b = ready(a, url_a), ready(b, url_b)
        # a chosen seed (a practice table) whose first-choice play lasts 201 decisions: the game is
        # never over before the kill, as a drawn seed's might be
        lasting = {"game": "minirogue", "options": {"partner": "mage"}, "seed": 29, "practice": True}
        made = httpx.post(url_a + "/api/tables", json=lasting).json()
        table, tokens = made["table"], made["tokens"]
        # each seat plays through its own process and follows the table on the other one
        home = [url_a, url_b]
        streams = [Stream(home[1 - seat], table, tokens[seat]) for seat in (0, 1)]
        view = httpx.get(f"{url_a}/api/t/{table}", headers={"X-Seat-Token": tokens[0]}).json()
        played = 0
        for _ in range(40):
            if view["over"]:
                break
            mover = view["observation"]["to_move"]
            mine = httpx.get(f"{home[mover]}/api/t/{table}", headers={"X-Seat-Token": tokens[mover]}).json()
            assert mine["version"] == view["version"]  # the other process's last move is seen here
            r = httpx.post(
                f"{home[mover]}/api/t/{table}/move",
                headers={"X-Seat-Token": tokens[mover]},
                json={"action": mine["actions"][0]["n"], "version": mine["version"]},
            )
            assert r.status_code == 200, r.text
            view = r.json()
            played += 1
            for stream in streams:  # both live streams, each on the other process, hear of it
                stream.wait_for(view["version"])
        assert played >= 10

        # moves sent to process A one after another while it is killed
        answered: list[tuple[int, str]] = []
        stop = threading.Event()

        def hammer() -> None:
            v = view
            while not stop.is_set() and not v["over"]:
                mover = v["observation"]["to_move"]
                try:
                    cur = httpx.get(f"{url_a}/api/t/{table}", headers={"X-Seat-Token": tokens[mover]}, timeout=5).json()
                    body = {"action": cur["actions"][0]["n"], "version": cur["version"]}
                    r = httpx.post(
                        f"{url_a}/api/t/{table}/move", headers={"X-Seat-Token": tokens[mover]}, json=body, timeout=5
                    )
                except httpx.HTTPError:
                    return  # the process is gone
                if r.status_code == 200:
                    answered.append((body["version"] + 1, body["action"]))
                    v = r.json()

        worker = threading.Thread(target=hammer)
        worker.start()
        time.sleep(1.0)
        a.send_signal(signal.SIGKILL)
        a.wait(timeout=10)
        stop.set()
        worker.join(timeout=20)
        assert answered, "no move was answered before the kill"

        # nothing answered is lost, nothing is half-made: the record replays, one move row a version
        storage = Storage(pg)
        row = storage.get(table)
        assert row is not None
        moves = storage.moves_of(table)
        storage.dispose()
        assert [m["version"] for m in moves] == list(range(1, row.version + 1))
        by_version = {m["version"]: m["notation"] for m in moves}
        for version, action in answered:
            assert by_version[version] == action
        record = Record(
            game=row.game,
            rules_version=row.rules_version,
            options=row.options,
            seed=row.seed,
            physical_dice=row.physical_dice,
            actions=row.actions,
        )
        record.replay()
        # and play goes on through the process still standing, from the very version stored
        after = httpx.get(f"{url_b}/api/t/{table}", headers={"X-Seat-Token": tokens[0]}).json()
        assert after["version"] == row.version
        if not after["over"]:
            mover = after["observation"]["to_move"]
            cur = httpx.get(f"{url_b}/api/t/{table}", headers={"X-Seat-Token": tokens[mover]}).json()
            r = httpx.post(
                f"{url_b}/api/t/{table}/move",
                headers={"X-Seat-Token": tokens[mover]},
                json={"action": cur["actions"][0]["n"], "version": cur["version"]},
            )
            assert r.status_code == 200 and r.json()["version"] == row.version + 1
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
