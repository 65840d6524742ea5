"""``/record``, "Your games" (solotable/ui/web/review_page.py): the finished tables whose seats this
browser's cookie holds, each linked to its Review page, and the proficiency over them (the mean
loss per decision of the browser's own seats, with its 95% interval), in English and Japanese;
nothing of another browser's tables. Over HTTP (Starlette's test client) and in Chromium."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from solotable.ui.web import review_page
from solotable.ui.web.app import create_app
from ui_web.conftest import LiveServer
from ui_web.test_a11y import axe_violations
from ui_web.test_review_page import finished_table

FIGURE_EN = re.compile(r": ([\d.]+) points per decision \[([\d.]+)–([\d.]+)\] \(games: (\d+); decisions: (\d+)\)")
FIGURE_JA = re.compile(r"：1選択あたり([\d.]+)ポイント［([\d.]+)〜([\d.]+)］（(\d+)局・選択(\d+)回）")


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.sqlite3'}"


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_page, "WEB_BUDGET", 3)


def browser_client(db: str) -> TestClient:
    """A browser of its own: its cookie comes with the home page."""
    client = TestClient(create_app(db))
    assert client.get("/").status_code == 200
    return client


def test_a_browser_without_a_finished_game(db: str) -> None:
    client = browser_client(db)
    r = client.post("/api/tables", json={"game": "deepspace-d6", "options": {}, "seed": 3, "practice": True})
    assert r.status_code == 201  # a game going on is not on the page
    en = client.get("/record", params={"lang": "en"})
    assert en.status_code == 200
    assert "<h1>Your games</h1>" in en.text and "No game played in this browser is finished yet." in en.text
    assert r.json()["table"] not in en.text
    assert "このブラウザで終えた対局はまだありません。" in client.get("/record", params={"lang": "ja"}).text
    client.cookies.clear()  # no cookie at all: the same sentence
    assert "No game played in this browser is finished yet." in client.get("/record?lang=en").text


def test_the_record_of_this_browser_and_no_other(db: str) -> None:
    mine, other = browser_client(db), browser_client(db)
    table, _ = finished_table(mine.post, mine.get, game="deepspace-d6", seed=6)
    theirs, _ = finished_table(other.post, other.get, game="deepspace-d6", seed=7)
    html = mine.get("/record", params={"lang": "en"}).text
    link = f'href="/t/{table}/review?lang=en"'
    assert link in html and theirs not in html
    assert "<th>Game</th><th>Setup</th><th>Result</th><th>Date (UTC)</th>" in html
    assert "Difficulty: " in html and "You lost" in html
    assert re.search(r'<time datetime="\d{4}-\d\d-\d\d">', html)
    assert "at most the last 10 are reviewed" in html
    figure = FIGURE_EN.search(html)
    assert figure is not None and figure.group(4) == "1"
    mean, low, high = (float(figure.group(i)) for i in (1, 2, 3))
    assert low <= mean <= high
    # the same figure as the game's own Review page, whose link opens with the cookie alone
    page = mine.get(f"/t/{table}/review", params={"lang": "en"})
    assert page.status_code == 200
    own = re.search(r"Mean loss per decision: ([\d.]+) points \[([\d.]+)–([\d.]+),", page.text)
    assert own is not None and own.groups() == figure.groups()[:3]
    # the other browser sees its own game only, and cannot open this one's review
    theirs_html = other.get("/record", params={"lang": "ja"}).text
    assert table not in theirs_html and theirs in theirs_html
    assert FIGURE_JA.search(theirs_html) is not None and "<h1>あなたの対局</h1>" in theirs_html
    assert other.get(f"/t/{table}/review").status_code == 404


def test_a_coop_table_counts_only_this_browsers_seat(db: str) -> None:
    """The browser that opened a co-op table and played both seats by their tokens holds the
    first seat only: its proficiency counts that seat's decisions."""
    client = browser_client(db)
    table, _ = finished_table(client.post, client.get, game="minirogue", seed=4, options={"partner": "mage"})
    page = client.get(f"/t/{table}/review", params={"lang": "en"}).text
    seat_one = re.search(r"Seat 1: mean loss per decision ([\d.]+) points \[([\d.]+)–([\d.]+), 95% interval\] "
                         r"\(decisions: (\d+)\)", page)  # fmt: skip
    whole = re.search(r"Mean loss per decision: [\d.]+ points \[[\d.]+–[\d.]+, 95% interval\] "
                      r"\(decisions: (\d+)\)", page)  # fmt: skip
    assert seat_one is not None and whole is not None and int(seat_one.group(4)) < int(whole.group(1))
    figure = FIGURE_EN.search(client.get("/record", params={"lang": "en"}).text)
    assert figure is not None
    assert figure.group(5) == seat_one.group(4) and figure.groups()[:3] == seat_one.groups()[:3]
    # the setup as each language lists it: "Character: Rogue, Partner: Mage", 「キャラクター：ローグ、…」
    cells = {
        lang: re.findall(r"<td>([^<]*)</td>", client.get("/record", params={"lang": lang}).text)[0]
        for lang in ("en", "ja")
    }
    assert cells["en"].count(", ") >= 1 and ": " in cells["en"], cells
    assert "、" in cells["ja"] and "：" in cells["ja"] and ", " not in cells["ja"] and ": " not in cells["ja"], cells


def test_busy_while_another_review_is_worked_out(db: str) -> None:
    client = browser_client(db)
    finished_table(client.post, client.get, game="deepspace-d6", seed=8)
    assert review_page._busy.acquire(blocking=False)
    try:
        r = client.get("/record", params={"lang": "en"})
    finally:
        review_page._busy.release()
    assert r.status_code == 429
    assert client.get("/record", params={"lang": "en"}).status_code == 200


class _Answer:
    """Playwright's answer as finished_table reads an HTTP answer."""

    def __init__(self, response: Any) -> None:
        self.status_code = response.status
        self.text = response.text()
        self._json = response.json()

    def json(self) -> Any:
        return self._json


def _calls(context: Any, base: str) -> tuple[Any, Any]:
    """POST and GET through the browser context's own cookie jar."""

    def post(path: str, json: Any = None, headers: dict[str, str] | None = None) -> _Answer:
        return _Answer(context.request.post(base + path, data=json, headers=headers or {}))

    def get(path: str, headers: dict[str, str] | None = None) -> _Answer:
        return _Answer(context.request.get(base + path, headers=headers or {}))

    return post, get


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_your_games_in_chromium(browser: Any, live_server: LiveServer, lang: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/?lang={lang}")
    table, _ = finished_table(*_calls(context, live_server.url), game="deepspace-d6", seed=6)
    page.locator("#your-games").click()
    page.wait_for_url(re.compile(r"/record"))
    assert page.locator("h1").inner_text() == ("Your games" if lang == "en" else "あなたの対局")
    rows = page.locator("#record-table tbody tr")
    assert rows.count() == 1
    figure = page.locator("#proficiency li").inner_text()
    assert (FIGURE_EN if lang == "en" else FIGURE_JA).search(figure) is not None
    assert axe_violations(page) == []
    rows.first.locator("a").click()
    page.wait_for_url(re.compile(rf"/t/{table}/review"), timeout=120_000)
    page.locator("#review-chart").wait_for()
    assert page.locator("#review-totals li.mean-loss").count() == 1
    # another browser: none of it, and the review's link is as if the table did not exist
    stranger = browser.new_context()
    other = stranger.new_page()
    other.goto(f"{live_server.url}/record?lang={lang}")
    assert other.locator("#record-none").count() == 1 and other.locator("#record-table").count() == 0
    assert table not in other.content()
    assert axe_violations(other) == []
    answer = other.goto(f"{live_server.url}/t/{table}/review")
    assert answer is not None and answer.status == 404
    assert not errors
    stranger.close()
    context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_both_tables_scroll_in_their_own_box_on_a_phone(browser: Any, live_server: LiveServer, lang: str) -> None:
    """/record's table and the Review page's table each sit in a named, focusable box that scrolls
    sideways (overflow-x: auto), so that on a phone the page itself keeps to the screen's width."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}/?lang={lang}")
    table, _ = finished_table(*_calls(context, live_server.url), game="deepspace-d6", seed=6)
    boxes: dict[str, list[Any]] = {}
    for path, table_id in (
        (f"/record?lang={lang}", "record-table"),
        (f"/t/{table}/review?lang={lang}", "review-table"),
    ):
        page.goto(live_server.url + path, timeout=120_000)
        box = page.locator(f"#{table_id}").locator("xpath=..")
        boxes[table_id] = box.evaluate(
            "b => [b.className, getComputedStyle(b).overflowX, b.getAttribute('role'), b.getAttribute('aria-label'),"
            " b.tabIndex, b.scrollWidth > b.clientWidth]"
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for table_id, (cls, overflow, role, label, tabindex, _) in boxes.items():
        assert (cls, overflow, role, tabindex) == ("review-scroll", "auto", "region", 0), table_id
        assert label
    assert boxes["review-table"][5]  # the review's table is wider than a phone: it does scroll
    context.close()
