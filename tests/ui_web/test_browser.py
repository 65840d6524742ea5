"""The web interface in a real browser: the distribution's Chromium driven by Playwright, against a
server on loopback (one per module). A co-op game in two browser contexts, resume after a server
restart, undo and rewind, and no script injection (whole games: test_whole_games.py).

Skipped (with the reason) where Chromium is missing; ``.ci/run`` installs it and makes a skip a
failure."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

import httpx
import pytest

from ui_web.conftest import LiveServer

# (game, options, seed): with the policy below, these games end within a few dozen moves
WHOLE_GAMES = [
    ("minirogue-v1", {}, 5),
    ("minirogue", {}, 2),
    ("deepspace-d6", {}, 6),
    ("jongrogue", {}, 1),
]
MAX_CLICKS = 120


def open_table(server: LiveServer, game: str, options: dict[str, Any], seed: int, lang: str = "en") -> str:
    r = httpx.post(server.url + "/api/tables", json={"game": game, "options": options, "seed": seed, "practice": True})
    assert r.status_code == 201, r.text
    return server.url + r.json()["links"][0] + f"&lang={lang}"


MOVES = "#actions button.choice, #board .actionable"
"""What a player can act on: the list's choices and the board's pieces that carry actions."""


def page_view(page: Any) -> dict[str, Any]:
    """What the server sends this page now (its seat's token from the browser's storage, else the
    browser's cookie: the request shares the page's cookies)."""
    table = page.evaluate("JSON.parse(document.body.dataset.page).table")
    token = page.evaluate("t => localStorage.getItem('solotable:seat:' + t)", table)
    r = page.request.get(
        page.evaluate("location.origin") + f"/api/t/{table}", headers={"X-Seat-Token": token} if token else {}
    )
    assert r.status == 200, r.text()
    data: dict[str, Any] = r.json()
    return data


def choices(page: Any) -> list[str]:
    """The page's legal actions in legal order, wherever it offers them (a board piece or the list)."""
    return [str(a["n"]) for a in page_view(page)["actions"]]


def wait_version_change(page: Any, before: str) -> None:
    page.wait_for_function(
        "b => document.querySelector('#log li') && document.getElementById('log').innerText !== b",
        arg=before,
        timeout=15000,
    )


def click_choice(page: Any, index: int) -> None:
    """Play the page's ``index``-th legal action where the page offers it: on the board's piece
    that carries it (and its menu), else in the list."""
    from ui_web.test_board_play import play_notation

    view = page_view(page)
    n = str(view["actions"][index]["n"])
    play_notation(page, n, [e["key"] for e in view["elements"] if n in e["actions"]], keyboard=False)


def test_co_op_two_browsers_each_act_for_their_seat(browser: Any, live_server: LiveServer) -> None:
    host_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    guest_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    host = host_ctx.new_page()
    host.goto(live_server.url + "/?lang=en")
    form = host.locator('form[data-game="minirogue"]')
    form.locator('select[name="opt_partner"]').select_option("mage")
    form.locator('input[name="name"]').fill("Ann")
    form.locator('button[type="submit"]').click()
    host.wait_for_selector("#board .board")
    host.locator("#invite-2").click()
    link = host.locator(".invite-link").input_value()
    assert "seat=" in link
    guest = guest_ctx.new_page()
    guest.goto(link)
    guest.wait_for_selector("#board .board")
    pages = [host, guest]
    seen_live = 0
    for step in range(12):
        turn_texts = [p.locator("#turn").inner_text() for p in pages]
        movers = [i for i, p in enumerate(pages) if p.locator(MOVES).count()]
        assert len(movers) == 1, turn_texts  # exactly one browser may decide
        mover = movers[0]
        other = pages[1 - mover]
        assert "Waiting for" in turn_texts[1 - mover] and "Your decision" in turn_texts[mover]
        before_other = other.locator("#log").inner_text()
        click_choice(pages[mover], 0)
        # the other browser sees the move without reloading (server-sent events)
        wait_version_change(other, before_other)
        seen_live += 1
        if step == 0:
            assert other.locator("#seats").inner_text().count("Ann") == 1
    assert seen_live == 12
    # a seat token acts only for its seat: the guest's token cannot play the host's move
    token = guest.evaluate("Object.entries(localStorage).find(e => e[0].startsWith('solotable:seat:'))[1]")
    table = guest.evaluate("JSON.parse(document.body.dataset.page).table")
    state = httpx.get(f"{live_server.url}/api/t/{table}", headers={"X-Seat-Token": token}).json()
    if state["observation"]["to_move"] == 0:
        r = httpx.post(
            f"{live_server.url}/api/t/{table}/move",
            headers={"X-Seat-Token": token},
            json={"action": "pass", "version": state["version"]},
        )
        assert r.status_code == 409
    host_ctx.close()
    guest_ctx.close()


def test_resume_after_a_server_restart(browser: Any, tmp_path: Any) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'restart.sqlite3'}").start()
    context = browser.new_context()
    page = context.new_page()
    page.goto(open_table(server, "deepspace-d6", {}, 6))
    page.wait_for_selector("#board .board")
    for i in range(4):
        click_choice(page, i % len(choices(page)))
    log_before = page.locator("#log").inner_text()
    # the same board, the last step's changes still marked (they no longer move: chg-now)
    board_before = page.locator("#board").inner_html().replace(" chg-now", "")
    server.stop()
    again = LiveServer(server.database, port=server.port).start()
    try:
        page.reload()  # the seat token is in the browser's storage, the table in the database
        page.wait_for_selector("#board .board")
        assert page.locator("#log").inner_text() == log_before
        assert page.locator("#board").inner_html() == board_before
        click_choice(page, 0)  # and play goes on
    finally:
        context.close()
        again.stop()


def test_undo_and_rewind_in_the_browser(browser: Any, live_server: LiveServer) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(open_table(live_server, "deepspace-d6", {}, 6))
    page.wait_for_selector("#board .board")
    for _ in range(30):  # a decision that rolls nothing can be taken back
        board = page.locator("#board").inner_html()
        click_choice(page, 0)
        if page.locator("#undo").is_enabled():
            break
    assert page.locator("#undo").is_enabled()
    before = page.locator("#log").inner_text()
    page.keyboard.press("u")  # keyboard play
    wait_version_change(page, before)
    assert page.locator("#board").inner_html() == board
    # rewind: the table after step 2, read only, then back
    page.locator("#log li[value='2'] button.rewind").click()
    page.wait_for_selector("body.rewound")
    assert "after step 2" in page.locator("#turn").inner_text()
    assert page.locator("#actions button.choice").count() == 0
    page.locator("#back-now").click()
    page.wait_for_selector("body:not(.rewound)")
    assert page.locator("#board").inner_html() == board
    context.close()


def test_hint_shows_a_spinner_then_a_move(browser: Any, live_server: LiveServer) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(open_table(live_server, "minirogue-v1", {}, 9))
    page.wait_for_selector("#board .board")
    page.locator("#hint").click()
    page.wait_for_selector("#hint-out .spinner", timeout=5000)
    page.wait_for_selector("#hint-text", timeout=30000)
    # a move of the list by its number there, one on the board's pieces marked ▸
    assert re.match(r"The bot recommends: (\d+\) |▸ )", page.locator("#hint-text").inner_text())
    context.close()


def test_a_name_cannot_inject_a_script(browser: Any, live_server: LiveServer) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(open_table(live_server, "minirogue", {"partner": "mage"}, 3))
    page.wait_for_selector("#board .board")
    evil = '<img src=x onerror="window.pwned=1">'
    page.locator("#seat-name").fill(evil)
    page.locator(".name-form button").click()
    page.wait_for_function("e => document.getElementById('seats').innerText.includes(e)", arg=evil)
    assert page.evaluate("window.pwned") is None
    assert page.locator("#seats img").count() == 0
    context.close()


def test_the_page_fits_a_phone(browser: Any, live_server: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    for game, options, seed in WHOLE_GAMES:
        page.goto(open_table(live_server, game, options, seed))
        page.wait_for_selector("#board .board")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{game}: the page is {width}px wide on a 360px phone"
    context.close()


def entries_of(server: LiveServer, link: str, lang: str) -> list[dict[str, str]]:
    """The entries the server sends for the table behind ``link`` (its seat token in the link)."""
    table = link.split("/t/")[1].split("?")[0]
    token = link.split("seat=")[1].split("&")[0]
    r = httpx.get(f"{server.url}/api/t/{table}", headers={"X-Seat-Token": unquote(token)}, params={"lang": lang})
    entries: list[dict[str, str]] = r.json()["entries"]
    return entries


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_info_shows_what_the_table_shows_in_every_game(browser: Any, live_server: LiveServer, lang: str) -> None:
    """Info (button and `i`): the game's own entries for the table on screen, each title with its
    text, in the page's language; or, where the game has nothing to explain, a sentence saying so."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for game, options, seed in WHOLE_GAMES:
        link = open_table(live_server, game, options, seed, lang)
        page.goto(link)
        page.wait_for_selector("#board .board")
        click_choice(page, 0)
        entries = entries_of(live_server, link, lang)
        page.locator("#info").click()
        assert page.locator("#dialog").is_visible()
        assert page.locator("#dialog-title").inner_text() == (
            "What the table shows" if lang == "en" else "卓上にあるものの説明"
        )
        sections = page.locator("#dialog-body .info-entry")
        if entries:
            assert sections.count() == len(entries), game
            for i, entry in enumerate(entries):
                assert sections.nth(i).locator("h3").inner_text() == entry["title"]
                assert sections.nth(i).get_attribute("data-key") == entry["key"]
                shown = sections.nth(i).locator("p").inner_text()
                assert shown.split() == entry["text"].split(), (game, entry["key"])  # every word, line by line
                assert shown.count("\n") == entry["text"].count("\n")
        else:
            assert sections.count() == 0
            assert page.locator("#info-none").inner_text() == (
                "Nothing on the table to explain here." if lang == "en" else "ここで説明するものは卓上にありません。"
            )
        page.keyboard.press("Escape")
        assert not page.locator("#dialog").is_visible()
        page.keyboard.press("i")  # the terminal's key
        assert page.locator("#dialog").is_visible()
        page.keyboard.press("Escape")
    assert not errors
    context.close()


def test_info_says_when_there_is_nothing_to_explain_and_sets_texts_as_texts(
    browser: Any, live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Generic: whatever a game returns is shown as text (a title that looks like markup stays
    text, a text's lines stay lines); an empty list gets the sentence that says so."""
    import solotable
    from solotable.core.protocol import InfoEntry

    cls = type(solotable.load("deepspace-d6"))
    evil = '<img src=x onerror="window.pwned=1">'
    monkeypatch.setattr(cls, "info_entries", lambda self, state, lang="en": [InfoEntry("x:1", evil, "one\ntwo")])
    context = browser.new_context()
    page = context.new_page()
    page.goto(open_table(live_server, "deepspace-d6", {}, 6))
    page.wait_for_selector("#board .board")
    page.locator("#info").click()
    assert page.locator("#dialog-body .info-entry h3").inner_text() == evil
    assert page.locator("#dialog-body .info-entry p").inner_text() == "one\ntwo"
    assert page.locator("#dialog-body img").count() == 0 and page.evaluate("window.pwned") is None
    page.keyboard.press("Escape")
    monkeypatch.setattr(cls, "info_entries", lambda self, state, lang="en": [])
    page.goto(open_table(live_server, "deepspace-d6", {}, 6))  # a new table (a view, once built, is kept)
    page.wait_for_selector("#board .board")
    page.locator("#info").click()
    assert page.locator("#dialog-body .info-entry").count() == 0
    assert page.locator("#info-none").inner_text() == "Nothing on the table to explain here."
    context.close()


def test_hint_shows_each_chance_with_its_interval(
    browser: Any, live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's hint shows the terminal's figures (``ui.present.hint_figure``): the best move and the
    runners-up each with its 95% interval, and the note when a runner-up shows more."""
    from solotable.agents.hint import STANDARD_ERROR, WILSON, Hint
    from solotable.ui.present import hint_figure
    from solotable.ui.web import app as web_app

    given: list[Hint] = []

    def fixed(state: Any, budget: float) -> list[Hint]:
        actions = state.legal_actions()
        given[:] = [Hint(actions[0], 0.25, 40, 0.14, 0.40, WILSON)]
        if len(actions) > 1:
            given.append(Hint(actions[1], 0.31, 30, 0.2, 0.42, STANDARD_ERROR))
        return list(given)

    monkeypatch.setattr(web_app, "_hint", fixed)
    context = browser.new_context()
    page = context.new_page()
    page.goto(open_table(live_server, "minirogue-v1", {}, 9, "ja"))
    page.wait_for_selector("#board .board")
    while len(choices(page)) < 2:
        click_choice(page, 0)
    page.keyboard.press("h")
    page.wait_for_selector("#hint-text", timeout=30000)
    assert page.locator("#hint-text").inner_text().endswith(hint_figure(given[0], "ja"))
    assert "95%区間 14〜40%" in page.locator("#hint-text").inner_text()
    assert page.locator("#hint-others li").inner_text().endswith(hint_figure(given[1], "ja"))
    assert "95%区間 20〜42%" in page.locator("#hint-others li").inner_text()
    assert page.locator("#hint-note").inner_text().startswith("ボットは")
    context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_read_as_a_page_not_as_markdown(browser: Any, live_server: LiveServer, lang: str) -> None:
    """Rules (button and `r`) showed the help's Markdown as it is written: '# Mini Rogue…',
    '## Goal', '`i`', its source lines broken mid-sentence and its tables run together ('Level
    Name Areas Boss…'). Headings, lists and tables are now the page's own."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for game, options, seed in WHOLE_GAMES:
        page.goto(open_table(live_server, game, options, seed, lang))
        page.wait_for_selector("#board .board")
        page.locator("#rules").click()
        body = page.locator("#dialog-body")
        body.locator("h2").first.wait_for()
        text = body.inner_text()
        assert not re.search(r"^#+ |`", text, re.M), (game, text[:200])
        assert body.locator("h2").count() >= 2 and body.locator("p").count() >= 3, game
        html = httpx.get(f"{live_server.url}/api/rules/{game}?lang={lang}").json()["html"]
        assert body.locator("pre, table").count() == html.count("<pre>") + html.count("<table>"), game  # its tables
        if lang == "ja":  # no space left where a source line broke inside a Japanese sentence
            kana = "[\u3041-\u30ff\u4e00-\u9fff]"
            assert not re.search(f"{kana} {kana}", body.locator("p").first.inner_text())
        page.keyboard.press("Escape")
    assert not errors
    context.close()


def test_the_rules_api_escapes_what_it_renders(live_server: LiveServer) -> None:
    from solotable.core.text_layout import markdown_html

    assert markdown_html("a <script>alert(1)</script> b") == "<p>a &lt;script&gt;alert(1)&lt;/script&gt; b</p>\n"
    data = httpx.get(live_server.url + "/api/rules/minirogue-v1?lang=en").json()
    assert data["html"].startswith("<h1>") and "<pre><code>" in data["html"] and "<script" not in data["html"]
