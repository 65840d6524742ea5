"""JongRogue's draws on the board (Chromium by Playwright): the tiles drawn from the pile since the
last decision (a check's 1d9 or 2d9, an attack, damage, a wandering monster, the time tile) lie
face up on the board, each group with what it was drawn for in words, turned over and marked as
a change until the next decision, in English and Japanese.

What the board must show is read from the log, not from the board's own code: the events of the
steps since the last decision that say a tile was drawn ("Your melee attack (2d9): 5筒.").

Skipped (with the reason) where Chromium is missing."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from solotable.core.registry import load
from ui_web.conftest import LiveServer
from ui_web.test_board_play import DESKTOP, play_step
from ui_web.test_browser import open_table

DRAWN = {
    "en": re.compile(r"^(?P<what>.+): (?P<tile>[1-9][萬筒索])\.$"),
    "ja": re.compile(r"^(?P<what>.+)：(?P<tile>[1-9][萬筒索])を引いた。$"),
}
CHANGED = {"en": " (changed)", "ja": " (変化あり)"}


def view_in(link: str, lang: str) -> dict[str, Any]:
    """What the server sends the page now, in ``lang`` (the log's events in its words)."""
    url = urlsplit(link)
    table = url.path.rsplit("/", 1)[1]
    token = parse_qs(url.query)["seat"][0]
    r = httpx.get(f"{url.scheme}://{url.netloc}/api/t/{table}?lang={lang}", headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def purposes(lang: str) -> set[str]:
    """What a tile may be drawn for, in the game's words (``jr.draw.*``)."""
    game = load("jongrogue")
    return {game.catalogue.text(k, lang) for k in game.message_keys() if k.startswith("jr.draw.")}


def draws_since_decision(view: dict[str, Any], lang: str) -> list[tuple[str, str]]:
    """(what it was drawn for, the tile) of every tile the log says was drawn since the last decision."""
    log = view["log"]
    last = max((i for i, e in enumerate(log) if not e["chance"]), default=0)
    words = purposes(lang)
    out: list[tuple[str, str]] = []
    for entry in log[last:]:
        for event in entry["events"]:
            m = DRAWN[lang].match(event)
            if m and m["what"] in words:
                out.append((m["what"], m["tile"]))
    return out


def board_draws(page: Any) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for group in page.locator("#board .draws .slot.drawn").all():
        what = group.locator(".tile-words").inner_text().strip()
        for tile in group.locator(".tile").all():
            out.append((what, (tile.get_attribute("aria-label") or "").split(" (")[0]))
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_tiles_drawn_lie_on_the_board_with_their_purpose(browser: Any, live_server: LiveServer, lang: str) -> None:
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    page = context.new_page()
    link = open_table(live_server, "jongrogue", {"rules": "ez-plus"}, 4, lang)
    page.goto(link)
    page.wait_for_selector("#board .board")
    seen = 0
    for k in range(8):
        play_step(page, link, k, keyboard=False)
        view = view_in(link, lang)
        if view["over"]:
            break
        expected = draws_since_decision(view, lang)
        assert board_draws(page) == expected, (k, expected)
        groups = page.locator("#board .draws .slot.drawn")
        if not expected:
            assert groups.count() == 0
            continue
        seen += 1
        # each group turned over and marked until the next decision: ✦ and "changed" in its name
        for group in groups.all():
            assert "chg" in (group.get_attribute("class") or "").split()
            assert group.locator(":scope > .chg-badge").inner_text() == "✦"
            name = group.get_attribute("aria-label") or ""
            what = group.locator(".tile-words").inner_text().strip()
            assert name.startswith(what) and name.endswith(CHANGED[lang]), name
            assert group.locator(".tile.chg").count() == group.locator(".tile").count() > 0
        # the group's dialog says what it was drawn for and which tiles
        first = groups.first
        what = first.locator(".tile-words").inner_text().strip()
        first.click()
        page.wait_for_selector("#dialog[open]")
        assert what in page.locator("#dialog").inner_text()
        page.keyboard.press("Escape")
    assert seen >= 3, seen
    context.close()


def test_japanese_pages_fit_a_phone_with_words_kept_whole(browser: Any, live_server: LiveServer) -> None:
    """Japanese prose breaks between phrases on the whole page (``word-break: auto-phrase``: the
    headings, the log, the home page's lines, not only the board's names, which keep-all keeps
    whole), and no page grows wider than a 360-pixel phone for it: each game's table a few moves
    in, and the home page."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    for game, options, seed in (
        ("minirogue-v1", {}, 11),
        ("minirogue", {}, 3),
        ("deepspace-d6", {}, 7),
        ("jongrogue", {"rules": "ez-plus"}, 4),
    ):
        link = open_table(live_server, game, options, seed, "ja")
        page.goto(link)
        page.wait_for_selector("#board .board")
        for k in range(3):
            play_step(page, link, k, keyboard=False)
        for where in ("h1", "#log", "#board .board-head"):
            assert page.locator(where).first.evaluate("el => getComputedStyle(el).wordBreak") == "auto-phrase", where
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{game}: the page is {width}px wide on a 360px phone"
    page.goto(live_server.url + "/?lang=ja")
    assert page.locator(".tagline").evaluate("el => getComputedStyle(el).wordBreak") == "auto-phrase"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()
