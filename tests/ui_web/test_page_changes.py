"""What the page shows of a step as it happens (Chromium by Playwright): the log's new lines, and
only those, go to a polite live region for screen readers; the board's changes are marked (a die
rolled, a card turned over, a number's difference) and move only when the player accepts motion;
the marks stay until the player's next decision.

Skipped (with the reason) where Chromium is missing."""

from __future__ import annotations

import re
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
    page.reload()  # and through a reload of the page, which is no decision
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


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hint_numbers_moves_as_the_list_shows_them(
    browser: Any, live_server: LiveServer, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """The list beside the board holds only the moves no piece offers, so the hint numbers a move
    by its place in that list (the number its button shows, the key that plays it), and marks one
    played on the board ▸, never by its place among all the legal moves."""
    from solotable.agents.hint import WILSON, Hint
    from solotable.ui.web import app as web_app

    given: list[Hint] = []

    def fixed(state: Any, budget: float) -> list[Hint]:
        return list(given)

    monkeypatch.setattr(web_app, "_hint", fixed)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    link = open_table(live_server, "jongrogue", {}, 1, lang)
    page.goto(link)
    page.wait_for_selector("#board .board")
    for k in range(40):
        view = table_view(link)
        legal_order = [a["n"] for a in view["actions"]]
        listed = page.locator("#actions button.choice").evaluate_all("bs => bs.map((b) => b.dataset.n)")
        # a listed move whose place in the list is not its place among the legal moves
        late = [n for i, n in enumerate(listed) if legal_order.index(n) != i]
        on_board = [n for n in legal_order if n not in listed]
        if late and on_board:
            break
        play_step(page, link, k, keyboard=False)
    assert late and on_board, "no state with moves on the board before a listed one"
    live = live_server.web.tables.load(link.split("/t/")[1].split("?")[0])  # type: ignore[attr-defined]
    legal = {str(a): a for a in live.session.state.legal_actions()}
    given[:] = [
        Hint(legal[late[-1]], 0.30, 40, 0.2, 0.4, WILSON),
        Hint(legal[on_board[0]], 0.25, 30, 0.15, 0.35, WILSON),
    ]
    page.keyboard.press("h")
    page.wait_for_selector("#hint-text", timeout=30000)
    shown_number = page.locator(f'#actions button.choice[data-n="{late[-1]}"] .key').inner_text()
    assert shown_number == str(listed.index(late[-1]) + 1)
    best = page.locator("#hint-text").inner_text()
    number = re.match(r"[^:：]+[:：] ?(\d+)\) ", best)
    assert number is not None and number.group(1) == shown_number, best
    other = page.locator("#hint-others li").inner_text()
    assert other.startswith("▸ "), other
    context.close()
