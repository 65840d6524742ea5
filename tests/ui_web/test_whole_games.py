"""Each game played to its end in the browser by its own heuristic, through the page only (a move
on the board's piece that offers it, else in the list), in both languages at desktop and phone
size. The games are short ones (a hard setting and a seed on which the heuristic loses within a
few dozen decisions) so that the sixteen games stay cheap.

Skipped (with the reason) where Chromium is missing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solotable.agents.registry import make_agent
from ui_web.conftest import LiveServer
from ui_web.test_board_play import DESKTOP, PHONE, play_notation, table_view
from ui_web.test_browser import open_table

SHORT_GAMES = [
    # (game, options, seed): the heuristic's decisions to the end, measured when chosen
    ("minirogue-v1", {"difficulty": "hard"}, 7),  # 9
    ("minirogue", {"difficulty": "roguelike"}, 39),  # 22
    ("deepspace-d6", {"difficulty": "hard"}, 39),  # 15
    ("jongrogue", {"continue": "off"}, 25),  # 14
]
MAX_DECISIONS = 80


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("game", "options", "seed"), SHORT_GAMES)
def test_a_whole_game_by_its_heuristic(
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
    table = link.split("/t/")[1].split("?")[0]
    page.goto(link)
    page.wait_for_selector("#board .board")
    assert page.evaluate("document.documentElement.lang") == lang
    seats = page.locator("#seats li").first.inner_text()
    # no space before a full-width bracket
    assert (" （" not in seats and "（" in seats) if lang == "ja" else " (you)" in seats
    bot = make_agent("heuristic", game)
    rng = random.Random(seed)
    decisions = on_board = 0
    while not page.locator("#actions .result").count():
        state = live_server.web.tables.load(table).session.state  # type: ignore[attr-defined]
        n = str(bot.choose(state, rng))
        view = table_view(link)
        assert n in [a["n"] for a in view["actions"]]
        on_board += play_notation(page, n, [e["key"] for e in view["elements"] if n in e["actions"]], keyboard=False)
        decisions += 1
        assert decisions < MAX_DECISIONS
    assert on_board > 0
    result = page.locator("#actions .result").inner_text()
    if lang == "ja":
        assert any(word in result for word in ("勝利", "敗北"))
        assert "ゲーム終了" in page.locator("#turn").inner_text()
    else:
        assert "won" in result or "lost" in result
    if viewport is PHONE:  # nothing wider than the phone
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    # every card opens to its text
    page.locator("#board [data-info]").first.click()
    assert page.locator("#dialog").is_visible()
    assert page.locator("#dialog-body").inner_text().strip()
    page.keyboard.press("Escape")
    assert not errors
    context.close()
