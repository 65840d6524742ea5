"""Playing on the board in a real browser (Chromium by Playwright): whole games of every game in
both languages by clicking the board's pieces (the list of choices holds only the free actions and
is used only when no piece has an action), one by the keyboard alone (Tab to a piece, Enter, the
arrow keys in its menu), and Deep Space D-6's crew sent by choosing a die then a threat.

Skipped (with the reason) where Chromium is missing."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from ui_web.conftest import LiveServer
from ui_web.test_browser import MAX_CLICKS, WHOLE_GAMES, open_table, wait_version_change

AVOID = ("quit", "forced-end")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def table_view(link: str) -> dict[str, Any]:
    """What the server sends the page now (the test reads which move its policy makes)."""
    url = urlsplit(link)
    token = parse_qs(url.query)["seat"][0]
    table = url.path.rsplit("/", 1)[1]
    r = httpx.get(f"{url.scheme}://{url.netloc}/api/t/{table}", headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def pick(view: dict[str, Any], k: int) -> tuple[str, list[str]]:
    """The move of the whole-game policy of test_browser (over every legal action), and the keys
    of the elements that offer it (none: a free action, in the list)."""
    notations = [a["n"] for a in view["actions"]]
    playable = [n for n in notations if n not in AVOID] or notations
    n = playable[(k * 5 + 1) % len(playable)]
    return n, [e["key"] for e in view["elements"] if n in e["actions"]]


def piece_for(page: Any, keys: list[str]) -> Any:
    """The first drawn piece carrying one of ``keys``, else None."""
    for key in keys:
        node = page.locator(f'#board .actionable[data-el~="{key}"]')
        if node.count():
            return node.first
    return None


def play_step(page: Any, link: str, k: int, *, keyboard: bool) -> bool:
    """One move, on the board's piece that offers it (and its menu) or, for a free action or one
    whose element is not drawn, in the list; by the mouse or by the keyboard alone (Tab to it,
    Enter, the arrow keys in the menu). Whether a piece was used."""
    n, keys = pick(table_view(link), k)
    return play_notation(page, n, keys, keyboard=keyboard)


def play_notation(page: Any, n: str, keys: list[str], *, keyboard: bool) -> bool:
    """Play the action ``n`` (concerning the elements ``keys``) where the page offers it."""
    before = page.locator("#log").inner_text()
    piece = piece_for(page, keys)
    target = piece if piece is not None else page.locator(f'#actions button.choice[data-n="{n}"]')
    assert target.count() == 1, (n, keys)
    if piece is None:
        assert not keys or all(not page.locator(f'#board [data-el~="{key}"]').count() for key in keys)
    if keyboard:
        page.evaluate("document.activeElement && document.activeElement.blur()")
        for _ in range(400):
            page.keyboard.press("Tab")
            if target.evaluate("el => el === document.activeElement"):
                break
        assert target.evaluate("el => el === document.activeElement"), n
        page.keyboard.press("Enter")
    else:
        target.click()
    menu = page.locator("#board-menu")
    if menu.count():
        item = menu.locator(f'.menu-action[data-n="{n}"]')
        assert item.count() == 1, (n, menu.inner_text())
        if keyboard:
            for _ in range(20):
                if item.evaluate("el => el === document.activeElement"):
                    break
                page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
        else:
            item.click()
    confirm = page.locator("#confirm")
    if confirm.count():
        if keyboard:
            confirm.focus()
            page.keyboard.press("Enter")
        else:
            confirm.click()
    wait_version_change(page, before)
    return piece is not None


def finish(page: Any, lang: str, errors: list[str]) -> None:
    result = page.locator("#actions .result").inner_text()
    assert any(w in result for w in ("勝利", "敗北")) if lang == "ja" else ("won" in result or "lost" in result)
    assert not errors


@pytest.mark.parametrize(("lang", "viewport"), [("en", DESKTOP), ("ja", PHONE)])
@pytest.mark.parametrize(("game", "options", "seed"), WHOLE_GAMES)
def test_a_whole_game_played_on_the_board(
    browser: Any,
    live_server: LiveServer,
    game: str,
    options: dict[str, Any],
    seed: int,
    lang: str,
    viewport: dict[str, int],
) -> None:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    link = open_table(live_server, game, options, seed, lang)
    page.goto(link)
    page.wait_for_selector("#board .board")
    moves = on_board = 0
    while not page.locator("#actions .result").count():
        on_board += play_step(page, link, moves, keyboard=False)
        moves += 1
        assert moves < MAX_CLICKS
    assert on_board > 0, moves  # (every move whose piece is drawn was played on that piece)
    finish(page, lang, errors)
    context.close()


@pytest.mark.parametrize(("game", "options", "seed"), WHOLE_GAMES)
def test_a_whole_game_played_by_the_keyboard_alone(
    browser: Any, live_server: LiveServer, game: str, options: dict[str, Any], seed: int
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    link = open_table(live_server, game, options, seed, "en")
    page.goto(link)
    page.wait_for_selector("#board .board")
    moves = 0
    while not page.locator("#actions .result").count():
        play_step(page, link, moves, keyboard=True)
        moves += 1
        assert moves < MAX_CLICKS
    finish(page, "en", errors)
    context.close()


def test_deep_space_crew_sent_by_choosing_a_die_then_a_threat(browser: Any, live_server: LiveServer) -> None:
    """A die with several actions opens its menu and stays chosen; the threat then narrows to the
    one action concerning both (its away mission), played at once."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    found = False
    for seed in (6, 7, 8, 9):
        link = open_table(live_server, "deepspace-d6", {}, seed, "en")
        page.goto(link)
        page.wait_for_selector("#board .board")
        for k in range(40):
            view = table_view(link)
            if view["over"]:
                break
            missions = [a for a in view["actions"] if a["n"].startswith("mission:")]
            for a in missions:
                threat, face = a["n"].split(":", 1)[1].split(",")
                die = page.locator(f'#board .actionable[data-el~="dice:{face}"]')
                target = page.locator(f'#board .actionable[data-el~="threat:{threat}"]')
                if die.count() and target.count():
                    both = [
                        n
                        for e in view["elements"]
                        if e["key"] == f"dice:{face}"
                        for n in e["actions"]
                        if n in next(x["actions"] for x in view["elements"] if x["key"] == f"threat:{threat}")
                    ]
                    if len(both) != 1:
                        continue
                    before = page.locator("#log").inner_text()
                    die.first.click()
                    assert page.locator("#board-menu").count() == 1
                    assert die.first.get_attribute("aria-pressed") == "true"
                    assert "target" in (target.first.get_attribute("class") or "")
                    target.first.click()
                    wait_version_change(page, before)
                    assert page.locator("#log li b").first.inner_text() == a["label"]
                    found = True
                    break
            if found:
                break
            play_step(page, link, k, keyboard=False)
        if found:
            break
    assert found
    context.close()
