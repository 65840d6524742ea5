"""Safe with strangers, over HTTP (Starlette's test client): another site cannot change a table or
open one in a player's name, the API takes JSON only, bad input is a 400 (never a 500), every
response carries the security headers, the server draws the seeds."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from solotable.ui.web.app import SECURITY_HEADERS, create_app

ORIGIN = "http://testserver"


@pytest.fixture
def c(tmp_path: Any) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'w.sqlite3'}"))


def table(c: TestClient) -> tuple[str, str]:
    data = c.post("/api/tables", json={"game": "minirogue-v1"}).json()
    return data["table"], data["tokens"][0]


def test_another_site_can_change_nothing(c: TestClient) -> None:
    c.get("/")
    cookie = c.cookies.get("solotable_player")
    evil = {"Origin": "https://evil.example"}
    # S1: an auto-submitted form on another site
    r = c.post("/new", data={"game": "minirogue-v1"}, headers=evil, follow_redirects=False)
    assert r.status_code == 403 and "set-cookie" not in r.headers
    r = c.post("/new", data={"game": "minirogue-v1"}, headers={"Sec-Fetch-Site": "cross-site"}, follow_redirects=False)
    assert r.status_code == 403
    assert c.cookies.get("solotable_player") == cookie
    # the same page's own form is taken
    r = c.post("/new", data={"game": "minirogue-v1"}, headers={"Origin": ORIGIN}, follow_redirects=False)
    assert r.status_code == 303
    tid, tok = table(c)
    v = c.get(f"/api/t/{tid}", headers={"X-Seat-Token": tok}).json()
    for path, body in (("/move", {"action": v["actions"][0]["n"], "version": 0}), ("/undo", {"version": 0})):
        r = c.post(f"/api/t/{tid}{path}", json=body, headers={**evil, "X-Seat-Token": tok})
        assert r.status_code == 403
    assert c.post("/api/tables", json={"game": "minirogue-v1"}, headers=evil).status_code == 403
    assert c.post("/api/tables", json={"game": "minirogue-v1"}, headers={"Origin": "null"}).status_code == 403
    assert c.get(f"/api/t/{tid}", headers={"X-Seat-Token": tok}).json()["version"] == 0


def test_the_api_takes_json_only(c: TestClient) -> None:
    body = b'{"game": "minirogue-v1"}'
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""):
        r = c.post("/api/tables", content=body, headers={"Content-Type": kind} if kind else {})
        assert r.status_code == 415, kind
    r = c.post("/api/tables", content=body, headers={"Content-Type": "application/json; charset=utf-8"})
    assert r.status_code == 201


def test_bad_input_is_a_400_never_a_500(c: TestClient) -> None:
    tid, tok = table(c)
    seat = {"X-Seat-Token": tok}
    for at in ("²", "٣", "9" * 5000, "-1", "1e3", " 1"):
        r = c.get(f"/api/t/{tid}", params={"at": at}, headers=seat)
        assert r.status_code == 400, (at, r.status_code)
    assert c.get(f"/api/t/{tid}", params={"at": "1"}, headers=seat).status_code == 200
    nested = ("[" * 100_000 + "]" * 100_000).encode()
    r = c.post(f"/api/t/{tid}/move", content=nested[:16000], headers={**seat, "Content-Type": "application/json"})
    assert r.status_code == 400
    deep = b'{"a":' * 2500 + b"1" + b"}" * 2500
    r = c.post(f"/api/t/{tid}/move", content=deep, headers={**seat, "Content-Type": "application/json"})
    assert r.status_code == 400
    for digits in (40, 4000, 5000):
        body = b'{"action": "x", "version": ' + b"9" * digits + b"}"
        r = c.post(f"/api/t/{tid}/move", content=body, headers={**seat, "Content-Type": "application/json"})
        assert r.status_code == 400, digits
    r = c.post(
        "/api/tables",
        content=b'{"game": "minirogue-v1"}',
        headers={"Content-Type": "application/json", "Content-Length": "²".encode()},  # type: ignore[dict-item],
    )
    assert r.status_code in (400, 413)


def test_every_response_has_the_security_headers(c: TestClient) -> None:
    tid, tok = table(c)
    responses = [
        c.get("/api/health"),
        c.get("/static/nope.js"),
        c.get("/no/such/route"),
        c.get("/"),
        c.post("/api/tables", content=b"x", headers={"Origin": "https://evil.example"}),
    ]
    with c.stream("GET", f"/api/t/{tid}/events", headers={"X-Seat-Token": tok}) as stream:
        responses.append(stream)  # type: ignore[arg-type]
        for line in stream.iter_lines():
            if line.startswith("data:"):
                break
    for r in responses:
        for name, value in SECURITY_HEADERS.items():
            assert r.headers.get(name) == value, (r.url, name)


def test_the_server_draws_the_seed(c: TestClient, tmp_path: Any) -> None:
    r = c.post("/api/tables", json={"game": "minirogue-v1", "seed": 42})
    assert r.status_code == 400 and "practice" in r.json()["error"]
    seeds = set()
    for _ in range(3):
        tid = c.post("/api/tables", json={"game": "minirogue-v1"}).json()["table"]
        seeds.add(c.app.state.web.storage.get(tid).seed)  # type: ignore[attr-defined]
    assert len(seeds) == 3
    # a chosen seed: a practice table, whose result stays out of the player's record
    r = c.post("/api/tables", json={"game": "minirogue-v1", "seed": 42, "practice": True})
    assert r.status_code == 201
    row = c.app.state.web.storage.get(r.json()["table"])  # type: ignore[attr-defined]
    assert row.seed == 42 and row.practice
