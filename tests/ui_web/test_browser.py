"""The web interface in a real browser: the distribution's Chromium driven by Playwright, against a
server on loopback (one per module). Whole games of every game in both languages, a co-op game in
two browser contexts, resume after a server restart, undo and rewind, and no script injection.

Skipped (with the reason) where Chromium is missing; ``.ci/run`` installs it and makes a skip a
failure."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ui_web.conftest import LiveServer

# (game, options, seed): with the policy below, these games end within a few dozen moves
WHOLE_GAMES = [
    ("minirogue-v1", {}, 5),
    ("minirogue", {}, 2),
    ("deepspace-d6", {}, 6),
    ("jongrogue", {}, 12),
]
MAX_CLICKS = 120


def open_table(server: LiveServer, game: str, options: dict[str, Any], seed: int, lang: str = "en") -> str:
    r = httpx.post(server.url + "/api/tables", json={"game": game, "options": options, "seed": seed})
    assert r.status_code == 201, r.text
    return server.url + r.json()["links"][0] + f"&lang={lang}"


def choices(page: Any) -> list[str]:
    return [str(b.get_attribute("data-n")) for b in page.locator("#actions button.choice").all()]


def wait_version_change(page: Any, before: str) -> None:
    page.wait_for_function(
        "b => document.querySelector('#log li') && document.getElementById('log').innerText !== b",
        arg=before,
        timeout=15000,
    )


def click_choice(page: Any, index: int) -> None:
    before = page.locator("#log").inner_text()
    buttons = page.locator("#actions button.choice")
    buttons.nth(index).click()
    confirm = page.locator("#confirm")
    if confirm.count():
        confirm.click()
    wait_version_change(page, before)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("game", "options", "seed"), WHOLE_GAMES)
def test_a_whole_game_in_the_browser(
    browser: Any, live_server: LiveServer, game: str, options: dict[str, Any], seed: int, lang: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(open_table(live_server, game, options, seed, lang))
    page.wait_for_selector("#board .board")
    assert page.evaluate("document.documentElement.lang") == lang
    clicks = 0
    while not page.locator("#actions .result").count():
        notations = choices(page)
        assert notations, page.locator("#turn").inner_text()
        playable = [i for i, n in enumerate(notations) if n != "quit"] or list(range(len(notations)))
        click_choice(page, playable[(clicks * 5 + 1) % len(playable)])
        clicks += 1
        assert clicks < MAX_CLICKS
    result = page.locator("#actions .result").inner_text()
    assert result
    if lang == "ja":
        assert any(word in result for word in ("勝利", "敗北"))
        assert "ゲーム終了" in page.locator("#turn").inner_text()
    else:
        assert "won" in result or "lost" in result
    # every card opens to its text
    page.locator("#board [data-info]").first.click()
    assert page.locator("#dialog").is_visible()
    assert page.locator("#dialog-body").inner_text().strip()
    page.keyboard.press("Escape")
    assert not errors
    context.close()


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
    link = host.locator(".invite-link").input_value()
    assert "seat=" in link
    guest = guest_ctx.new_page()
    guest.goto(link)
    guest.wait_for_selector("#board .board")
    pages = [host, guest]
    seen_live = 0
    for step in range(12):
        turn_texts = [p.locator("#turn").inner_text() for p in pages]
        movers = [i for i, p in enumerate(pages) if p.locator("#actions button.choice").count()]
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
    board_before = page.locator("#board").inner_html()
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
    assert page.locator("#hint-text").inner_text().startswith("Best:")
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
