"""The page in a real browser when things go wrong: a request that fails (the server restarting,
a network blip), the live stream dropping and coming back, seats held in the browser.

Skipped (with the reason) where Chromium is missing; ``.ci/run`` installs it and makes a skip a
failure."""

from __future__ import annotations

import re
from typing import Any

from ui_web.conftest import LiveServer
from ui_web.test_browser import choices, click_choice, open_table, wait_version_change

OFFLINE = "The connection to the server was lost"


def is_move(url: str) -> bool:
    return "/move?" in url


def is_view(url: str) -> bool:
    return re.search(r"/api/t/[^/?]+\?", url) is not None


def test_a_failed_move_shows_a_notice_and_leaves_the_table_playable(browser: Any, live_server: LiveServer) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(open_table(live_server, "deepspace-d6", {}, 6))
    page.wait_for_selector("#board .board")
    aborted: list[str] = []

    def abort_once(route: Any) -> None:
        aborted.append(route.request.url)
        route.abort()

    page.route(is_move, abort_once)
    before = page.locator("#log").inner_text()
    page.locator("#actions button.choice").first.click()
    page.wait_for_selector("#notice #retry", timeout=10000)
    assert OFFLINE in page.locator("#notice").inner_text()
    assert len(aborted) == 1 and page.locator("#log").inner_text() == before
    page.unroute(is_move)
    # the retry sends the same move on the same version: played once
    page.locator("#notice #retry").click()
    wait_version_change(page, before)
    assert page.locator("#notice").inner_text() == ""
    # and the table goes on: a click and a key both work
    click_choice(page, 0)
    before = page.locator("#log").inner_text()
    if choices(page):
        page.keyboard.press("1")
        confirm = page.locator("#confirm")
        if confirm.count():
            confirm.click()
        wait_version_change(page, before)
    context.close()


def test_a_failed_refresh_offers_a_retry(browser: Any, live_server: LiveServer) -> None:
    context = browser.new_context()
    page = context.new_page()
    link = open_table(live_server, "minirogue-v1", {}, 5)
    page.route(is_view, lambda route: route.abort())
    page.goto(link)
    page.wait_for_selector("#notice #retry", timeout=10000)
    assert OFFLINE in page.locator("#notice").inner_text()
    page.unroute(is_view)
    page.locator("#notice #retry").click()
    page.wait_for_selector("#board .board")
    assert page.locator("#notice").inner_text() == ""
    context.close()


def test_the_live_stream_shows_when_it_is_down_and_catches_up_when_back(browser: Any, tmp_path: Any) -> None:
    import httpx

    server = LiveServer(f"sqlite:///{tmp_path / 'live.sqlite3'}").start()
    context = browser.new_context()
    page = context.new_page()
    link = open_table(server, "deepspace-d6", {}, 6)
    token = link.split("seat=")[1].split("&")[0]
    table = link.split("/t/")[1].split("?")[0]
    page.goto(link)
    page.wait_for_selector("#board .board")
    page.wait_for_selector("#live-status[data-state='up']", state="attached", timeout=10000)
    server.stop()
    page.wait_for_selector("#live-status[data-state='down']", timeout=15000)
    assert OFFLINE in page.locator("#live-status").inner_text()
    again = LiveServer(server.database, port=server.port).start()
    try:
        # a move made elsewhere while the stream was down
        state = httpx.get(f"{again.url}/api/t/{table}", headers={"X-Seat-Token": token}).json()
        before = page.locator("#log").inner_text()
        r = httpx.post(
            f"{again.url}/api/t/{table}/move",
            headers={"X-Seat-Token": token},
            json={"action": state["actions"][0]["n"], "version": state["version"]},
        )
        assert r.status_code == 200, r.text
        page.wait_for_selector("#live-status[data-state='up']", state="attached", timeout=20000)
        wait_version_change(page, before)
    finally:
        context.close()
        again.stop()


def open_co_op_in(page: Any, server: LiveServer) -> str:
    page.goto(server.url + "/?lang=en")
    form = page.locator('form[data-game="minirogue"]')
    form.locator('select[name="opt_partner"]').select_option("mage")
    form.locator('input[name="name"]').fill("Ann")
    form.locator('button[type="submit"]').click()
    page.wait_for_selector("#board .board")
    page.locator("#invite-2").click()
    page.wait_for_selector(".invite-link")
    return str(page.locator(".invite-link").input_value())


def seat_line(page: Any) -> str:
    return str(page.locator("#seats li", has_text="(you)").inner_text())


def test_the_host_opening_the_invitation_is_asked_and_keeps_their_seat(browser: Any, live_server: LiveServer) -> None:
    context = browser.new_context()
    host = context.new_page()
    link = open_co_op_in(host, live_server)
    stored = host.evaluate("Object.entries(localStorage).filter(e => e[0].startsWith('solotable:seat:'))")
    assert seat_line(host).startswith("P1")
    other_tab = context.new_page()
    other_tab.goto(link)
    other_tab.wait_for_selector("#keep-seat")
    assert "seat 2" in other_tab.locator("#notice").inner_text()
    assert seat_line(other_tab).startswith("P1")  # nothing changed before the answer
    other_tab.locator("#keep-seat").click()
    assert other_tab.locator("#notice").inner_text() == ""
    other_tab.reload()
    other_tab.wait_for_selector("#board .board")
    assert seat_line(other_tab).startswith("P1")
    assert other_tab.evaluate("Object.entries(localStorage).filter(e => e[0].startsWith('solotable:seat:'))") == stored
    # the partner's own browser still gets seat 2 from the same link, asked nothing
    guest_ctx = browser.new_context()
    guest = guest_ctx.new_page()
    guest.goto(link)
    guest.wait_for_selector("#board .board")
    assert seat_line(guest).startswith("P2") and not guest.locator("#keep-seat").count()
    # and a host who does want the other seat here may take it
    other_tab.goto(link)
    other_tab.locator("#take-seat").click()
    other_tab.wait_for_function("() => !document.getElementById('take-seat')")
    other_tab.wait_for_function(
        "() => [...document.querySelectorAll('#seats li')]"
        ".some(li => li.innerText.startsWith('P2') && li.innerText.includes('(you)'))"
    )
    context.close()
    guest_ctx.close()


def test_a_cleared_store_reopens_the_seat_by_the_cookie(browser: Any, live_server: LiveServer) -> None:
    context = browser.new_context()
    page = context.new_page()
    open_co_op_in(page, live_server)
    table_url = page.url.split("?")[0]
    page.evaluate("localStorage.clear()")
    page.goto(live_server.url + "/?lang=en")
    page.locator(f'a[href="{table_url.removeprefix(live_server.url)}"]').first.click()  # Continue
    page.wait_for_selector("#board .board")
    assert seat_line(page).startswith("P1")
    assert not page.locator("#notice").inner_text()
    # and the seat still plays: a move in the host's seat, or the title says whose decision it is
    if page.locator("#actions button.choice").count():
        click_choice(page, 0)
    else:
        assert "Waiting for" in page.locator("#turn").inner_text()
    context.close()


def test_a_browser_holding_no_seat_is_told_so_in_place_of_the_board(browser: Any, live_server: LiveServer) -> None:
    link = open_table(live_server, "minirogue-v1", {}, 5)
    context = browser.new_context()
    page = context.new_page()
    page.goto(link.split("?")[0] + "?lang=en")  # the table's address without its seat's link
    page.wait_for_selector("#board #no-seat")
    assert "no seat" in page.locator("#board").inner_text()
    assert "Loading" not in page.locator("#board").inner_text()
    context.close()
