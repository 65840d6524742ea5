"""What the page shows of a step as it happens (Chromium by Playwright): the log's new lines, and
only those, go to a polite live region for screen readers; the board's changes are marked (a die
rolled, a card turned over, a number's difference) and move only when the player accepts motion;
the marks stay until the player's next decision.

Skipped (with the reason) where Chromium is missing."""

from __future__ import annotations

from typing import Any

import pytest

from ui_web.conftest import LiveServer
from ui_web.test_board_play import DESKTOP, play_step, table_view
from ui_web.test_browser import open_table

RUNNING = """() => document.getAnimations().filter((a) => a.playState === "running"
  && a.effect && a.effect.target && a.effect.target.closest && a.effect.target.closest(".chg-now")).length"""


def test_the_log_announces_only_its_new_lines(browser: Any, live_server: LiveServer) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    link = open_table(live_server, "minirogue-v1", {}, 5, "en")
    page.goto(link)
    page.wait_for_selector("#board .board")
    live = page.locator("#log-live")
    assert live.get_attribute("aria-live") == "polite"
    assert page.locator("#log").get_attribute("aria-live") is None  # the whole log is never read out
    assert live.inner_text().strip() == ""  # nothing new on opening
    for k in range(6):
        steps = table_view(link)["steps"]
        play_step(page, link, k, keyboard=False)
        view = table_view(link)
        new = [e for e in view["log"] if e["step"] > steps and (e["label"] or e["events"])]
        lines = page.locator("#log-live p")
        assert lines.count() == len(new) > 0
        for entry, line in zip(new, lines.all_inner_texts(), strict=True):
            for text in [entry["label"], *entry["events"]]:
                assert text in line
        opening = view["log"][0]["events"][0]
        assert opening not in live.inner_text()
    context.close()


def play_until_a_roll(page: Any, link: str) -> int:
    """Moves until the board shows a die rolled by the last step; the number of moves."""
    for k in range(30):
        play_step(page, link, k, keyboard=False)
        if page.locator("#board .die.chg-roll").count():
            return k + 1
    raise AssertionError("no die rolled in 30 moves")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_roll_is_seen_and_marked_until_the_next_decision(browser: Any, live_server: LiveServer, motion: str) -> None:
    context = browser.new_context(viewport=DESKTOP, reduced_motion=motion)
    page = context.new_page()
    link = open_table(live_server, "deepspace-d6", {}, 6, "en")
    page.goto(link)
    page.wait_for_selector("#board .board")
    assert page.locator("#board .chg").count() == 0  # the first drawing marks nothing
    moves = play_until_a_roll(page, link)
    rolled = page.locator("#board .die.chg-roll").first
    assert "(changed)" in (rolled.get_attribute("aria-label") or "")
    assert rolled.locator(".chg-badge").inner_text() == "✦"  # a mark, not a colour alone
    running = page.evaluate(RUNNING)
    if motion == "reduce":
        assert running == 0
    else:
        assert running > 0
        assert rolled.locator(".die-svg").evaluate("el => getComputedStyle(el).animationName") == "die-roll"
    # the marks stay through a redrawing of the same step (rewind and back), without moving again
    marked = page.locator("#board .chg").count()
    page.locator("#log .rewind").first.click()
    page.wait_for_selector("#back-now")
    assert page.locator("#board .chg").count() == 0  # a rewound table is shown as it was
    page.locator("#back-now").click()
    page.wait_for_selector("#board .die.chg-roll")
    assert page.locator("#board .chg").count() == marked
    assert page.locator("#board .chg-now").count() == 0
    # the next decision clears them: what is marked then is that step's own change
    play_step(page, link, moves, keyboard=False)
    assert page.locator("#board .chg").count() == page.locator("#board .chg-now").count()
    context.close()


def test_a_number_says_how_much_it_changed(browser: Any, live_server: LiveServer) -> None:
    """A stat that went up or down says so in a mark (▲ +n, ▼ −n), with the figure itself."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    link = open_table(live_server, "minirogue-v1", {}, 5, "en")
    page.goto(link)
    page.wait_for_selector("#board .board")
    seen = False
    for k in range(30):
        before = {
            s.locator(".stat-label").inner_text(): s.locator("b").inner_text()
            for s in page.locator("#board .card.character .stat").all()
        }
        play_step(page, link, k, keyboard=False)
        for s in page.locator("#board .card.character .stat.chg").all():
            label, now = s.locator(".stat-label").inner_text(), s.locator("b").inner_text()
            delta = int(now.split("/")[0]) - int(before[label].split("/")[0])
            mark = s.locator(".chg-delta").inner_text()
            assert mark == (f"▲+{delta}" if delta > 0 else f"▼−{-delta}"), (label, before[label], now, mark)
            seen = True
        if seen:
            break
    assert seen
    context.close()
