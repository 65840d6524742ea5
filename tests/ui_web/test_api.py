"""The web server over HTTP (Starlette's test client), on SQLite and on PostgreSQL: tables kept as
records, moves checked against the version they were made on, seats by token, bad requests
refused with a clear 4xx and nothing changed."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import pytest
from starlette.testclient import TestClient

import solotable
from solotable.core.record import Record
from solotable.ui.web.app import MAX_BODY, create_app
from solotable.ui.web.storage import Storage


def client(url: str) -> TestClient:
    return TestClient(create_app(url))


def new_table(c: TestClient, game: str = "minirogue-v1", seed: int = 5, **options: Any) -> dict[str, Any]:
    r = c.post("/api/tables", json={"game": game, "options": options, "seed": seed, "practice": True})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def view(c: TestClient, table: str, token: str, **params: Any) -> dict[str, Any]:
    r = c.get(f"/api/t/{table}", headers={"X-Seat-Token": token}, params=params)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def move(c: TestClient, table: str, token: str, action: object, version: object) -> Any:
    return c.post(f"/api/t/{table}/move", headers={"X-Seat-Token": token}, json={"action": action, "version": version})


def stored_actions(url: str, table: str) -> list[str]:
    storage = Storage(url)
    row = storage.get(table)
    storage.dispose()
    assert row is not None
    return row.actions


def test_a_table_is_its_record_and_survives_a_restart(db_url: str) -> None:
    c = client(db_url)
    t = new_table(c, "deepspace-d6", seed=6)
    table, token = t["table"], t["tokens"][0]
    v = view(c, table, token)
    for _ in range(6):
        v = move(c, table, token, v["actions"][0]["n"], v["version"]).json()
    assert v["version"] == 6
    # the stored record replays to the very state the server shows
    actions = stored_actions(db_url, table)
    record = Record(
        game="deepspace-d6",
        rules_version=solotable.load("deepspace-d6").rules_version,
        options=stored_options(db_url, table),
        seed=6,
        actions=actions,
    )
    assert record.replay().observation(0) == v["observation"]
    # a new server process on the same database: the same table, the same log, nothing lost
    c2 = client(db_url)
    again = view(c2, table, token)
    assert again["observation"] == v["observation"]
    assert again["version"] == v["version"] and again["steps"] == v["steps"]
    assert [e["label"] for e in again["log"]] == [e["label"] for e in v["log"]]


def stored_options(url: str, table: str) -> dict[str, Any]:
    storage = Storage(url)
    row = storage.get(table)
    storage.dispose()
    assert row is not None
    return row.options


def test_a_stale_or_repeated_move_is_refused_and_applied_once(db_url: str) -> None:
    c = client(db_url)
    t = new_table(c, "minirogue", seed=2)
    table, token = t["table"], t["tokens"][0]
    v = view(c, table, token)
    first = v["actions"][0]["n"]
    assert move(c, table, token, first, v["version"]).status_code == 200
    again = move(c, table, token, first, v["version"])  # the same click twice
    assert again.status_code == 409
    assert "moved on" in again.json()["error"]
    storage = Storage(db_url)
    assert [m["version"] for m in storage.moves_of(table)] == [1]
    storage.dispose()
    assert view(c, table, token)["version"] == 1


def test_two_servers_racing_on_one_table_apply_one_move(db_url: str) -> None:
    """Two server processes (two apps on one database) get the same move at the same version at
    once: the database lets exactly one through."""
    apps = [client(db_url), client(db_url)]
    t = new_table(apps[0], "minirogue-v1", seed=8)
    table, token = t["table"], t["tokens"][0]
    v = view(apps[0], table, token)
    view(apps[1], table, token)  # both processes hold the table replayed at version 0
    notation = v["actions"][0]["n"]
    codes: list[int] = []
    barrier = threading.Barrier(2)

    def go(c: TestClient) -> None:
        barrier.wait()
        codes.append(move(c, table, token, notation, 0).status_code)

    threads = [threading.Thread(target=go, args=(c,)) for c in apps]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(codes) == [200, 409]
    storage = Storage(db_url)
    assert len(storage.moves_of(table)) == 1
    storage.dispose()
    # both processes now show the one move (the loser replays from the database)
    assert view(apps[0], table, token)["version"] == view(apps[1], table, token)["version"] == 1


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"action": "no-such-move", "version": 0}, 422),
        ({"action": "", "version": 0}, 400),
        ({"action": 12, "version": 0}, 400),
        ({"action": ["take:monster"], "version": 0}, 400),
        ({"action": "x" * 201, "version": 0}, 400),
        ({"action": "take:monster"}, 400),
        ({"action": "take:monster", "version": "0"}, 400),
        ({"action": "take:monster", "version": -1}, 400),
    ],
)
def test_malformed_moves_are_refused_and_change_nothing(body: dict[str, Any], status: int, tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    c = client(url)
    t = new_table(c, "minirogue-v1", seed=5)
    table, token = t["table"], t["tokens"][0]
    before = view(c, table, token)
    r = c.post(f"/api/t/{table}/move", headers={"X-Seat-Token": token}, json=body)
    assert r.status_code == status
    assert r.json()["error"]
    after = view(c, table, token)
    assert after["version"] == before["version"] and after["observation"] == before["observation"]


def test_bad_requests_get_a_clear_4xx(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    c = client(url)
    t = new_table(c)
    table, token = t["table"], t["tokens"][0]
    other = new_table(c)
    assert c.get("/api/t/nope", headers={"X-Seat-Token": token}).status_code == 404
    assert c.get("/api/t/" + "x" * 300, headers={"X-Seat-Token": token}).status_code == 404
    # no seat, a wrong token, an unknown table: one answer (it tells no one which tables exist)
    unknown = c.get("/api/t/nope", headers={"X-Seat-Token": token}).json()
    assert c.get(f"/api/t/{table}").status_code == 404
    r = c.get(f"/api/t/{table}", headers={"X-Seat-Token": "guess"})
    assert r.status_code == 404 and r.json() == unknown
    # a seat token opens its own table only
    assert c.get(f"/api/t/{table}", headers={"X-Seat-Token": other["tokens"][0]}).status_code == 404
    assert move(c, table, other["tokens"][0], "take:monster", 0).status_code == 404
    # bodies: not JSON, not an object, too large
    as_json = {"X-Seat-Token": token, "Content-Type": "application/json"}
    r = c.post(f"/api/t/{table}/move", headers=as_json, content=b"{nope")
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    assert c.post(f"/api/t/{table}/move", headers={"X-Seat-Token": token}, json=[1]).status_code == 400
    big = json.dumps({"action": "a" * (MAX_BODY + 10), "version": 0}).encode()
    r = c.post(f"/api/t/{table}/move", headers=as_json, content=big)
    assert r.status_code == 413 and str(MAX_BODY) in r.json()["error"]
    # creating: unknown game, an option a browser may not set (a card file on the server's disk)
    assert c.post("/api/tables", json={"game": "chess"}).status_code == 404
    r = c.post("/api/tables", json={"game": "minirogue", "options": {"cards": "/etc/passwd"}})
    assert r.status_code == 400 and "cards" in r.json()["error"]
    r = c.post("/api/tables", json={"game": "minirogue-v1", "options": {"difficulty": "nightmarish"}})
    assert r.status_code == 400
    assert view(c, table, token)["version"] == 0
    # the error is in the player's language
    r = c.get(f"/api/t/{table}", params={"lang": "ja"})
    assert r.status_code == 404 and "席" in r.json()["error"]


def test_seats_act_only_for_themselves_in_co_op(db_url: str) -> None:
    c = client(db_url)
    t = new_table(c, "minirogue", seed=3, partner="mage")
    table = t["table"]
    host, guest = t["tokens"]
    assert len(t["links"]) == 2
    hv = view(c, table, host)
    gv = view(c, table, guest)
    assert hv["seat"] == 0 and gv["seat"] == 1
    assert [i["seat"] for i in hv["invites"]] == [2] and "invites" not in gv
    assert guest not in json.dumps(hv)  # the host's page is not sent the partner's token
    mover = hv["observation"]["to_move"]
    tokens = [host, guest]
    waiting = tokens[1 - mover]
    legal = (hv if mover == 0 else gv)["actions"]
    assert legal and not (gv if mover == 0 else hv)["actions"]
    r = move(c, table, waiting, legal[0]["n"], hv["version"])
    assert r.status_code == 409 and "not your decision" in r.json()["error"]
    r = move(c, table, tokens[mover], legal[0]["n"], hv["version"])
    assert r.status_code == 200
    # the other seat's view follows (its version and its turn line)
    assert view(c, table, waiting)["version"] == 1


def test_undo_takes_back_a_decision_but_never_a_roll(db_url: str) -> None:
    c = client(db_url)
    t = new_table(c, "deepspace-d6", seed=6)
    table, token = t["table"], t["tokens"][0]
    v = view(c, table, token)
    assert not v["can_undo"]
    r = c.post(f"/api/t/{table}/undo", headers={"X-Seat-Token": token}, json={"version": v["version"]})
    assert r.status_code == 409
    # find a decision that rolls no dice (the log shows no chance step after it)
    for _ in range(40):
        before = v
        v = move(c, table, token, v["actions"][0]["n"], v["version"]).json()
        if v["can_undo"]:
            break
    assert v["can_undo"], "no undoable decision in 40 moves"
    r = c.post(f"/api/t/{table}/undo", headers={"X-Seat-Token": token}, json={"version": v["version"]})
    assert r.status_code == 200
    back = r.json()
    assert back["observation"] == before["observation"] and back["steps"] == before["steps"]
    assert back["version"] == v["version"] + 1  # an undo is a change too: stale clicks are refused
    # a decision followed by a roll: the wall
    for _ in range(60):
        v = move(c, table, token, back["actions"][0]["n"], back["version"]).json()
        back = v
        if v["log"][-1]["chance"]:
            break
    if v["log"][-1]["chance"] and not v["over"]:
        r = c.post(f"/api/t/{table}/undo", headers={"X-Seat-Token": token}, json={"version": v["version"]})
        assert r.status_code == 409 and "roll" in r.json()["error"]


def test_rewind_shows_an_earlier_table_read_only(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    c = client(url)
    t = new_table(c, "minirogue", seed=2)
    table, token = t["table"], t["tokens"][0]
    v = view(c, table, token)
    for _ in range(5):
        v = move(c, table, token, v["actions"][0]["n"], v["version"]).json()
    actions = stored_actions(url, table)
    game = solotable.load("minirogue")
    state = game.new_state(seed=2, **stored_options(url, table))
    for text in actions[:3]:
        state.apply(game.parse_action(state, text))
    past = view(c, table, token, at=3)
    assert past["at"] == 3 and past["observation"] == state.observation(0)
    assert past["actions"] == [] and not past["can_undo"]
    assert view(c, table, token)["observation"] == v["observation"]


def test_the_home_page_keeps_this_browsers_games_and_record(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    c = client(url)
    home = c.get("/")
    assert home.status_code == 200
    for gid in solotable.core.registry.game_ids():
        assert f'data-game="{gid}"' in home.text
    assert "Impossible" in home.text and "Casual" in home.text  # options in words
    assert "odds-chart" in home.text and "64.7%" in home.text  # the v1 heuristic on Casual
    form = c.post(
        "/new", data={"game": "minirogue-v1", "opt_difficulty": "hard", "name": "Ann"}, follow_redirects=False
    )
    assert form.status_code == 303
    link = form.headers["location"]
    table, token = link.split("/t/")[1].split("?seat=")
    v = view(c, table, token)
    assert v["observation"]["difficulty"] == "hard" and v["seats"] == ["Ann"]
    assert f'data-table="{table}"' in c.get("/").text  # to continue
    # play it to its end: it leaves the continue list for the record
    rng = random.Random(1)
    while not v["over"]:
        v = move(c, table, token, rng.choice(v["actions"])["n"], v["version"]).json()
    page = c.get("/?lang=en").text
    assert f'data-table="{table}"' not in page
    assert "1 played" in page
    assert "1 played" not in TestClient(c.app).get("/").text  # another browser, another record


def test_pages_are_escaped_and_carry_a_strict_policy(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    c = client(url)
    evil = "<script>a()</script><i onerror=b>"
    t = new_table(c, "minirogue", seed=3, partner="mage")
    table, token = t["table"], t["tokens"][0]
    v = view(c, table, token)
    r = c.post(f"/api/t/{table}/name", headers={"X-Seat-Token": token}, json={"name": evil, "version": v["version"]})
    assert r.status_code == 200
    v = r.json()
    assert v["seats"][0] == evil  # JSON text, which the page sets as text
    assert "<script" not in v["board"] and "<i onerror" not in v["board"]
    page = c.get(f"/t/{table}")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    r = c.get("/", params={"lang": '"><script>alert(1)</script>'})
    assert "<script>alert" not in r.text
    r = c.post("/new", data={"game": "<script>x</script>"}, follow_redirects=False)
    assert r.status_code == 404 and "<script>x" not in r.text and "&lt;script&gt;x" in r.text


def test_record_is_given_only_when_the_game_is_over(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    c = client(url)
    t = new_table(c, "minirogue-v1", seed=7)
    table, token = t["table"], t["tokens"][0]
    assert c.get(f"/api/t/{table}/record", headers={"X-Seat-Token": token}).status_code == 409
    v = view(c, table, token)
    rng = random.Random(2)
    while not v["over"]:
        v = move(c, table, token, rng.choice(v["actions"])["n"], v["version"]).json()
    r = c.get(f"/api/t/{table}/record", headers={"X-Seat-Token": token})
    assert r.status_code == 200
    record = solotable.parse_record(r.text)
    assert record.seed == 7 and record.replay().is_terminal()


def test_physical_dice_are_entered_by_the_player(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    c = client(url)
    r = c.post("/api/tables", json={"game": "minirogue-v1", "physical_dice": True})
    t = r.json()
    table, token = t["table"], t["tokens"][0]
    v = view(c, table, token)
    steps = 0
    while not v["chance_prompt"] and steps < 20:
        v = move(c, table, token, v["actions"][0]["n"], v["version"]).json()
        steps += 1
    assert v["chance_prompt"] and v["your_turn"]
    outcome = v["actions"][-1]["n"]
    after = move(c, table, token, outcome, v["version"]).json()
    assert stored_actions(url, table)[-1] == outcome or outcome in stored_actions(url, table)
    assert after["version"] == v["version"] + 1


def test_two_servers_taking_turns_show_the_same_table(db_url: str) -> None:
    """Moves alternate between two server processes: each brings its copy up to the other's moves
    (or replays after an undo it did not see) and shows what a fresh replay shows."""
    apps = [client(db_url), client(db_url)]
    t = new_table(apps[0], "minirogue", seed=4)
    table, token = t["table"], t["tokens"][0]
    v = view(apps[0], table, token)
    view(apps[1], table, token)
    undone = False
    for n in range(16):
        c = apps[n % 2]
        if v["over"]:
            break
        if v["can_undo"] and not undone and n > 4:
            r = c.post(f"/api/t/{table}/undo", headers={"X-Seat-Token": token}, json={"version": v["version"]})
            assert r.status_code == 200
            undone = True
            v = r.json()
            continue
        r = move(c, table, token, v["actions"][n % len(v["actions"])]["n"], v["version"])
        assert r.status_code == 200, r.text
        v = r.json()
    assert undone
    fresh = view(client(db_url), table, token)
    for c in apps:
        shown = view(c, table, token)
        assert shown["observation"] == fresh["observation"]
        assert shown["log"] == fresh["log"] and shown["actions"] == fresh["actions"]
        assert shown["can_undo"] == fresh["can_undo"]
