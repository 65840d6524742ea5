"""The Review page of a finished table (solotable/ui/web/review_page.py): over HTTP (Starlette's
test client) and in the distribution's Chromium (Playwright)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from solotable.ui.web.app import create_app
from ui_web.conftest import LiveServer


def finished_table(
    post: Any, get: Any, game: str = "minirogue-v1", seed: int = 5, options: dict[str, Any] | None = None
) -> tuple[str, str]:
    """A table played to its end with the first listed move each time (by whichever seat is to
    move); its first seat's token."""
    r = post("/api/tables", json={"game": game, "options": options or {}, "seed": seed, "practice": True})
    assert r.status_code == 201, r.text
    table, tokens = r.json()["table"], r.json()["tokens"]
    token = tokens[0]
    v = get(f"/api/t/{table}", headers={"X-Seat-Token": token}).json()
    for _ in range(400):
        if v["over"]:
            break
        if not v["actions"]:  # the other seat's turn
            v = get(f"/api/t/{table}", headers={"X-Seat-Token": tokens[1 - tokens.index(token)]}).json()
            token = tokens[1 - tokens.index(token)]
            continue
        body = {"action": v["actions"][0]["n"], "version": v["version"]}
        v = post(f"/api/t/{table}/move", headers={"X-Seat-Token": token}, json=body).json()
    token = tokens[0]
    assert v["over"]
    return table, token


@pytest.fixture
def client(tmp_path: Any) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}"))


def test_the_review_page_of_a_finished_table(client: TestClient) -> None:
    table, token = finished_table(client.post, client.get)
    r = client.get(f"/t/{table}/review", params={"seat": token, "lang": "en"})
    assert r.status_code == 200
    html = r.text
    assert "<h1>Review: Mini Rogue" in html
    assert 'id="review-chart"' in html and "<polyline" in html
    assert "inaccuracy ≥ 2 points, mistake ≥ 5, blunder ≥ 10" in html
    assert re.search(r"Luck \+ skill = [+-][\d.]+ points = result − start", html)
    points = re.search(r'points="([^"]+)"', html)
    assert points is not None
    steps = int(re.search(r"over (\d+) steps", html).group(1))  # type: ignore[union-attr]
    assert len(points.group(1).split()) == steps + 1  # a point per state of the game
    rows = html.count('<tr class="decision') + html.count('<tr class="chance')
    assert rows > 0
    assert re.search(r"Mean loss per decision: [\d.]+ points \[[\d.]+–[\d.]+, 95% interval\] \(decisions: \d+\)", html)
    ja = client.get(f"/t/{table}/review", params={"seat": token, "lang": "ja"}).text
    assert "<h1>検討：" in ja and "運 + 腕前" in ja
    assert re.search(r"1選択あたりの平均損失：[\d.]+ポイント［[\d.]+〜[\d.]+、95%区間］（選択\d+回）", ja)


def test_only_a_seat_and_only_when_over(client: TestClient) -> None:
    table, token = finished_table(client.post, client.get)
    client.cookies.clear()  # no token and no player's cookie: as if the table did not exist
    assert client.get(f"/t/{table}/review").status_code == 404
    assert client.get(f"/t/{table}/review", params={"seat": "x" * 32}).status_code == 404
    r = client.post("/api/tables", json={"game": "deepspace-d6", "options": {}, "seed": 3, "practice": True})
    going, going_token = r.json()["table"], r.json()["tokens"][0]
    assert client.get(f"/t/{going}/review", params={"seat": going_token}).status_code == 409
    assert client.get("/t/nosuchtable/review", params={"seat": token}).status_code == 404


def test_the_review_page_in_chromium(browser: Any, live_server: LiveServer) -> None:
    table, token = finished_table(
        lambda path, **kw: httpx.post(live_server.url + path, **kw),
        lambda path, **kw: httpx.get(live_server.url + path, **kw),
        game="deepspace-d6",
        seed=6,
    )
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/t/{table}/review?seat={token}&lang=ja", timeout=120_000)
    chart = page.locator("#review-chart")
    chart.wait_for()
    box = chart.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 100
    line = page.locator("#review-chart polyline")
    assert line.bounding_box() is not None
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.locator("#review-totals li").count() == 6
    assert "1選択あたりの平均損失" in page.locator("#review-totals li.mean-loss").inner_text()
    assert page.locator("#review-table tbody tr").count() > 10
    marks = page.locator("#review-chart .mark")
    for i in range(marks.count()):  # every mark says what it marks
        assert "手目" in (marks.nth(i).locator("title").text_content() or "")
    assert not errors
    context.close()


def test_a_coop_review_on_a_phone(browser: Any, live_server: LiveServer) -> None:
    """A co-op game's review says whose each decision was, and on a phone the page keeps to the
    screen's width (the chart shrinks, the table scrolls sideways in its own box)."""
    table, token = finished_table(
        lambda path, **kw: httpx.post(live_server.url + path, **kw),
        lambda path, **kw: httpx.get(live_server.url + path, **kw),
        game="minirogue",
        seed=4,
        options={"partner": "mage"},
    )
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table}/review?seat={token}&lang=en", timeout=120_000)
    page.locator("#review-chart").wait_for()
    heads = page.locator("#review-table thead th").all_inner_texts()
    assert heads[:3] == ["Step", "Seat", "Played"] and "Loss / luck" in [h.replace("\n", " ") for h in heads]
    seats = {page.locator("#review-table tr.decision").nth(i).locator("td").nth(1).inner_text() for i in range(20)}
    assert seats <= {"1", "2"} and seats
    # the game's mean loss per decision, then each seat's
    lines = page.locator("#review-totals li.mean-loss").all_inner_texts()
    assert len(lines) == 3 and lines[0].startswith("Mean loss per decision:")
    assert lines[1].startswith("Seat 1: mean loss per decision") and lines[2].startswith("Seat 2:")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    chart = page.locator("#review-chart").bounding_box()
    assert chart is not None and chart["width"] <= 390
    context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_finished_table_links_to_its_review(browser: Any, live_server: LiveServer, lang: str) -> None:
    """At the end of a game the table itself leads to its Review page (before, only the home
    page's "Your games" did, and a player who finished a game did not learn that it had one)."""
    table, token = finished_table(
        lambda path, **kw: httpx.post(live_server.url + path, **kw),
        lambda path, **kw: httpx.get(live_server.url + path, **kw),
    )
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table}?seat={token}&lang={lang}")
    link = page.locator("#actions a#review-link")
    link.wait_for()
    words = {
        "en": "Review this game: each decision against the best move, each roll's luck",
        "ja": "この対局を検討する：各選択を最善手と比べ、各ダイスや引きの運を測る",
    }
    assert link.inner_text() == words[lang]
    link.click()
    page.locator("#review-chart").wait_for(timeout=120_000)
    assert page.url.startswith(f"{live_server.url}/t/{table}/review")
    assert page.evaluate("document.documentElement.lang") == lang
    context.close()
