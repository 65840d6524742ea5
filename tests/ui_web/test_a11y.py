"""Accessibility checked by a machine: axe-core (bundled by axe-playwright-python, injected into
the page by Playwright; nothing is downloaded at test time) on the home page, a table of each game
in both languages at desktop and phone size (mid-game, with pieces to act on), and the review
page. On the home page and the tables any violation at WCAG 2.1 A/AA (colour contrast among them)
or of axe's best practices fails, whatever its impact, on the review page too (its two columns of
figures had an empty header, a minor finding, until they were named).

Skipped (with the reason) where Chromium is missing."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ui_web.conftest import LiveServer
from ui_web.test_board_play import DESKTOP, PHONE, play_step
from ui_web.test_browser import WHOLE_GAMES, open_table

RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}}
EVERY = ("minor", "moderate", "serious", "critical")


def axe_violations(page: Any, failing: tuple[str, ...] = EVERY) -> list[str]:
    """The violations axe finds on the page, one line each (rule, impact, the first few
    elements)."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        pytest.skip("axe-playwright-python is not installed (pip install -e '.[test]')")
    results = Axe().run(page, options={**RULES, "resultTypes": ["violations"]})
    out = []
    for v in results.response["violations"]:
        if v["impact"] not in failing:
            continue
        targets = [" ".join(map(str, n["target"])) + ": " + n.get("failureSummary", "")[:160] for n in v["nodes"][:4]]
        out.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): " + " | ".join(targets))
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_home_page(browser: Any, live_server: LiveServer, lang: str, viewport: dict[str, int]) -> None:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(f"{live_server.url}/?lang={lang}")
    page.wait_for_selector("form.new-game")
    assert axe_violations(page) == []
    context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("game", "options", "seed"), WHOLE_GAMES)
def test_a_table_of_each_game(
    browser: Any,
    live_server: LiveServer,
    game: str,
    options: dict[str, Any],
    seed: int,
    lang: str,
    viewport: dict[str, int],
) -> None:
    """A few moves in, so that the board has pieces to act on, a log and changes marked; then with
    a piece's menu open where a piece has several actions."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    link = open_table(live_server, game, options, seed, lang)
    page.goto(link)
    page.wait_for_selector("#board .board")
    assert axe_violations(page) == []
    for k in range(4):
        if page.locator("#actions .result").count():
            break
        play_step(page, link, k, keyboard=False)
    assert axe_violations(page) == []
    menus = page.locator('#board .actionable[aria-haspopup="menu"]')
    if menus.count():
        menus.first.click()
        page.wait_for_selector("#board-menu")
        assert axe_violations(page) == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_review_page(browser: Any, live_server: LiveServer, lang: str) -> None:
    from ui_web.test_review_page import finished_table

    table, token = finished_table(
        lambda path, **kw: httpx.post(live_server.url + path, **kw),
        lambda path, **kw: httpx.get(live_server.url + path, **kw),
        game="deepspace-d6",
        seed=6,
    )
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table}/review?seat={token}&lang={lang}", timeout=120_000)
    page.wait_for_selector("#review-chart")
    assert axe_violations(page) == []
    context.close()


FOCUS_RING = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const s = getComputedStyle(el);
  const ring = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2;
  const shadow = s.boxShadow && s.boxShadow !== "none";
  return { what: el.tagName + (el.id ? "#" + el.id : "") + "." + el.className, ring: ring || shadow };
}"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_focus_is_visible_on_every_stop(browser: Any, live_server: LiveServer, lang: str) -> None:
    """Tab through the home page and a table (its board pieces, list, tools, log): every element
    the keyboard reaches shows a ring of at least 2 px (an outline or a shadow), not a colour
    change alone."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    link = open_table(live_server, "deepspace-d6", {}, 6, lang)
    for url, ready in ((f"{live_server.url}/?lang={lang}", "form.new-game"), (link, "#board .actionable")):
        page.goto(url)
        page.wait_for_selector(ready)
        if url == link:
            play_step(page, link, 0, keyboard=False)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        seen: list[str] = []
        for _ in range(150):
            page.keyboard.press("Tab")
            state = page.evaluate(FOCUS_RING)
            if state is None or state["what"] in seen[:1]:
                break
            assert state["ring"], state["what"]
            seen.append(state["what"])
        assert len(seen) > 10
    context.close()
