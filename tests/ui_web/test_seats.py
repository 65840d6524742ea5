"""Seats a player cannot lose: the browser's cookie reopens the seats it holds (Continue), the
opener hands a fresh invitation (the old link stops working), and the database keeps no token or
cookie in clear. Over HTTP (Starlette's test client), on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

from sqlalchemy import select
from starlette.testclient import TestClient

from solotable.ui.web.app import PLAYER_COOKIE, create_app
from solotable.ui.web.storage import Storage, holders, results, tables


def browser(app: Any) -> TestClient:
    """A browser of its own (its own cookie jar), with the home page's cookie."""
    c = TestClient(app)
    assert c.get("/").status_code == 200
    assert c.cookies.get(PLAYER_COOKIE)
    return c


def open_co_op(host: TestClient) -> str:
    r = host.post("/new", data={"game": "minirogue", "opt_partner": "mage", "name": "Ann"}, follow_redirects=False)
    assert r.status_code == 303
    return r.headers["location"].split("/t/")[1].split("?")[0]


def token_of(link: str) -> str:
    return parse_qs(urlsplit(link).query)["seat"][0]


def test_the_cookie_reopens_the_seats_it_holds_and_continue_lists_them(db_url: str) -> None:
    app = create_app(db_url)
    host, guest, stranger = browser(app), browser(app), browser(app)
    table = open_co_op(host)
    # the host's browser plays its seat with no token at all (a cleared storage, another tab)
    hv = host.get(f"/api/t/{table}").json()
    assert hv["seat"] == 0 and hv["held"] == [0] and hv["invites"] == [{"seat": 2, "held": False}]
    r = host.post(f"/api/t/{table}/invite", json={"seat": 2, "version": hv["version"]})
    assert r.status_code == 200, r.text
    link = r.json()["invite_link"]
    # the partner opens the link once: their cookie holds seat 2 from then on
    assert guest.get(link).status_code == 200
    gv = guest.get(f"/api/t/{table}").json()
    assert gv["seat"] == 1 and gv["held"] == [1]
    assert f'href="/t/{table}"' in guest.get("/").text  # their Continue
    assert host.get(f"/api/t/{table}").json()["invites"] == [{"seat": 2, "held": True}]
    # a stranger's cookie holds nothing; the link still opens the seat (it is the seat's key) but
    # the seat stays with the browser that held it first
    assert stranger.get(f"/api/t/{table}").status_code == 404
    assert stranger.get(link).status_code == 200
    assert stranger.get(f"/api/t/{table}").status_code == 404
    assert f"/t/{table}" not in stranger.get("/").text


def test_the_host_opening_the_invitation_keeps_their_seat(db_url: str) -> None:
    app = create_app(db_url)
    host = browser(app)
    table = open_co_op(host)
    v = host.get(f"/api/t/{table}").json()["version"]
    link = host.post(f"/api/t/{table}/invite", json={"seat": 2, "version": v}).json()["invite_link"]
    assert host.get(link).status_code == 200
    again = host.get(f"/api/t/{table}").json()
    assert again["seat"] == 0 and again["held"] == [0]
    assert again["invites"] == [{"seat": 2, "held": False}]  # still free for the partner


def test_a_fresh_invitation_revokes_the_old_one(db_url: str) -> None:
    app = create_app(db_url)
    host, guest, other = browser(app), browser(app), browser(app)
    table = open_co_op(host)
    v = host.get(f"/api/t/{table}").json()["version"]
    old = host.post(f"/api/t/{table}/invite", json={"seat": 2, "version": v}).json()["invite_link"]
    guest.get(old)
    assert guest.get(f"/api/t/{table}").json()["seat"] == 1
    v = host.get(f"/api/t/{table}").json()["version"]
    r = host.post(f"/api/t/{table}/invite", json={"seat": 2, "version": v})
    new = r.json()["invite_link"]
    assert token_of(new) != token_of(old)
    # the old link and the browser that held the seat by it are out; the new link opens it
    assert guest.get(f"/api/t/{table}", headers={"X-Seat-Token": token_of(old)}).status_code == 404
    assert guest.get(f"/api/t/{table}").status_code == 404
    other.get(new)
    assert other.get(f"/api/t/{table}").json()["seat"] == 1
    # only the opener's seat hands out invitations, for another seat
    v = host.get(f"/api/t/{table}").json()["version"]
    assert other.post(f"/api/t/{table}/invite", json={"seat": 2, "version": v}).status_code == 400
    assert host.post(f"/api/t/{table}/invite", json={"seat": 1, "version": v}).status_code == 400
    assert host.post(f"/api/t/{table}/invite", json={"seat": 3, "version": v}).status_code == 400


def test_no_token_or_cookie_is_kept_in_clear(db_url: str) -> None:
    app = create_app(db_url)
    host, guest = browser(app), browser(app)
    table = open_co_op(host)
    v = host.get(f"/api/t/{table}").json()["version"]
    link = host.post(f"/api/t/{table}/invite", json={"seat": 2, "version": v}).json()["invite_link"]
    guest.get(link)
    api = TestClient(app).post("/api/tables", json={"game": "minirogue", "options": {"partner": "mage"}}).json()
    secrets = [token_of(link), *api["tokens"], host.cookies[PLAYER_COOKIE], guest.cookies[PLAYER_COOKIE]]
    storage = Storage(db_url)
    with storage.engine.connect() as conn:
        stored = [dict(r) for t in (tables, holders, results) for r in conn.execute(select(t)).mappings()]
    storage.dispose()
    dump = json.dumps(stored, default=str)
    assert table in dump and api["table"] in dump
    assert [s for s in secrets if s in dump] == []


def test_a_database_from_before_practice_tables_is_upgraded(tmp_path: Any) -> None:
    import sqlite3

    path = tmp_path / "old.sqlite3"
    url = f"sqlite:///{path}"
    Storage(url).dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE web_tables DROP COLUMN practice")
    c = TestClient(create_app(url))
    made = c.post("/api/tables", json={"game": "minirogue-v1"})
    assert made.status_code == 201
    assert (
        c.get(f"/api/t/{made.json()['table']}", headers={"X-Seat-Token": made.json()["tokens"][0]}).status_code == 200
    )
