"""Screenshots of every game's page at phone and desktop width, for docs/web/ (looked at by eye).

    python benchmarks/web_screenshots.py [--out docs/web] [--only PREFIX ...] [--colors N]

Starts the web server on loopback with a fresh SQLite file, opens a table of each game played some
way in by the game's heuristic bot (fixed seeds), and has the distribution's Chromium
(/usr/bin/chromium, driven by Playwright) take the pictures, in English and Japanese; and the
Info dialog (the game's ``info_entries``) of one game at desktop width. ``--only`` writes just the
pictures whose names start with one of the prefixes given (``--only minirogue-info``).

"At a roll" (``GAME-roll-SIZE-LANG.png``): each game's page open while the bot plays on until a
step rolls dice; the page sees the step come in and marks what it changed (the dice rolled, the
cards turned, the figures' differences), pictured with reduced motion so that the marks, not a
moment of the animation, are seen.

Each picture is then stored with a palette of ``--colors`` colours (256 by default; 0 keeps the
full colour Chromium wrote), without dithering so that text stays crisp: a page is flat colours
and antialiased text, and the files come out at about a third of the size (Pillow, which the test
dependencies bring with matplotlib; without it the pictures are kept as taken).
"""

from __future__ import annotations

import argparse
import random
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn

from solotable.agents.registry import make_agent
from solotable.ui.web.app import WebApp

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
INFO_GAME = "minirogue"
"""The game whose Info dialog is pictured (its scene below: the merchant's prices, room cards)."""


def _fight_v1(o: dict[str, Any]) -> bool:
    return o["combat"] is not None and bool(o["combat"]["dice"])


def _fight_mr(o: dict[str, Any]) -> bool:
    return o["combat"] is not None and bool(o["combat"]["dice"])


def _threats(o: dict[str, Any]) -> bool:
    return len(o["threats"]) >= 3 and o["phase"] == "assign" and any(d["where"] == "station" for d in o["dice"])


def _monster_room(o: dict[str, Any]) -> bool:
    pos = o["position"]
    if pos.get("at") == "passage":
        return False
    slots = o["map"][int(pos["room"]) - 1]["slots"]
    return any(sl.get("kind") == "monster" for sl in slots) and len(slots) >= 3


# (game, options, seed, at least this many heuristic moves, then until the picture shows this)
SCENES: list[tuple[str, dict[str, Any], int, int, Callable[[dict[str, Any]], bool]]] = [
    ("minirogue-v1", {}, 11, 10, _fight_v1),
    ("minirogue", {"partner": "mage"}, 3, 20, _fight_mr),
    ("deepspace-d6", {}, 7, 8, _threats),
    ("jongrogue", {"rules": "ez-plus"}, 4, 30, _monster_room),
]
MAX_MOVES = 600
ROLLED = "#board .die.chg-roll"
ROLLS: list[tuple[str, dict[str, Any], int, int, str]] = [
    # (game, options, seed, heuristic moves before looking for a roll, what the page marks at one)
    ("minirogue-v1", {}, 11, 6, ROLLED),
    ("minirogue", {}, 3, 6, ROLLED),
    ("deepspace-d6", {}, 7, 3, ROLLED),
    # JongRogue draws tiles for its rolls: a 2d9 (two tiles drawn for one thing) turned up
    ("jongrogue", {"rules": "ez-plus"}, 4, 2, "#board .draws .slot.drawn.chg .tile:nth-child(2)"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="docs/web")
    parser.add_argument("--only", nargs="*", default=[], help="write only pictures whose names start so")
    parser.add_argument("--colors", type=int, default=256, help="palette size of the stored PNGs (0: full colour)")
    ns = parser.parse_args(argv)

    def wanted_name(name: str) -> bool:
        return not ns.only or any(name.startswith(prefix) for prefix in ns.only)

    out = Path(ns.out)
    out.mkdir(parents=True, exist_ok=True)
    db = Path(tempfile.mkdtemp()) / "shots.sqlite3"
    web = WebApp(f"sqlite:///{db}")
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(web.app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    links: list[tuple[str, str]] = []
    for game_id, options, seed, moves, wanted in SCENES:
        row, tokens = web.tables.create(game_id, options, player="screenshots-player-0001", seed=seed, practice=True)
        bot = make_agent("heuristic", game_id)
        rng = random.Random(seed)
        for n in range(MAX_MOVES):
            live = web.tables.load(row.id)
            state = live.session.state
            if state.is_terminal() or (n >= moves and state.to_move == 0 and wanted(state.observation(0))):
                break
            seat = state.to_move or 0
            action = bot.choose(state, rng)
            web.tables.play(row.id, tokens[seat], str(action), live.row.version)
        links.append((game_id, f"http://127.0.0.1:{port}/t/{row.id}?seat={tokens[0]}"))
    from playwright.sync_api import sync_playwright

    written: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for size_name, (width, height) in SIZES.items():
            for lang in ("en", "ja"):
                context = browser.new_context(viewport={"width": width, "height": height})
                page = context.new_page()
                for game_id, link in links:
                    page.goto(link + f"&lang={lang}")
                    page.wait_for_selector("#board .board")
                    name = out / f"{game_id}-{size_name}-{lang}.png"
                    if wanted_name(name.name):
                        page.screenshot(path=str(name), full_page=True)
                        written.append(str(name))
                    name = out / f"{game_id}-info-{lang}.png"
                    if game_id == INFO_GAME and size_name == "desktop" and wanted_name(name.name):
                        page.locator("#info").click()
                        page.wait_for_selector("#dialog[open]")
                        page.screenshot(path=str(name))  # the dialog over the table, as a player sees it
                        written.append(str(name))
                        page.keyboard.press("Escape")
                name = out / f"home-{size_name}-{lang}.png"
                if wanted_name(name.name):
                    page.goto(f"http://127.0.0.1:{port}/?lang={lang}")
                    page.screenshot(path=str(name), full_page=True)
                    written.append(str(name))
                context.close()
        for game_id, options, seed, moves, marked in ROLLS:
            for size_name, (width, height) in SIZES.items():
                for lang in ("en", "ja"):
                    name = out / f"{game_id}-roll-{size_name}-{lang}.png"
                    if not wanted_name(name.name):
                        continue
                    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
                    page = context.new_page()
                    if _at_a_roll(web, page, port, game_id, options, seed, moves, marked, lang):
                        page.screenshot(path=str(name), full_page=True)
                        written.append(str(name))
                    context.close()
        browser.close()
    server.should_exit = True
    thread.join(timeout=5)
    for shot in written:
        shrink(Path(shot), ns.colors)
    print("\n".join(written))
    return 0


def shrink(path: Path, colors: int) -> None:
    """Store the picture with a palette of ``colors`` colours (no dithering), if Pillow is there."""
    if colors <= 0:
        return
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as shot:
        flat = shot.convert("RGB").quantize(colors=colors, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    flat.save(path, optimize=True)


def _at_a_roll(
    web: WebApp,
    page: Any,
    port: int,
    game_id: str,
    options: dict[str, Any],
    seed: int,
    moves: int,
    marked: str,
    lang: str,
) -> bool:
    """Play the heuristic ``moves`` moves in, then one move at a time with the page open afresh,
    until the page marks what ``marked`` selects (a die rolled; in JongRogue, the tiles of a 2d9
    turned up) after the step; whether it did."""
    row, tokens = web.tables.create(game_id, options, player="screenshots-player-0001", seed=seed, practice=True)
    bot = make_agent("heuristic", game_id)
    rng = random.Random(seed)
    link = f"http://127.0.0.1:{port}/t/{row.id}?seat={tokens[0]}&lang={lang}"
    for n in range(MAX_MOVES):
        live = web.tables.load(row.id)
        state = live.session.state
        if state.is_terminal():
            return False
        if n >= moves:
            page.goto(link)
            page.wait_for_selector("#board .board")
            page.wait_for_selector("#live-status", state="attached")  # listening
        before = page.locator("#log").inner_text() if n >= moves else ""
        web.tables.play(row.id, tokens[state.to_move or 0], str(bot.choose(state, rng)), live.row.version)
        if n >= moves:
            # the live stream tells the page, which draws the step and marks its changes
            page.wait_for_function("b => document.getElementById('log').innerText !== b", arg=before, timeout=15000)
            if page.locator(marked).count():
                return True
    return False


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
