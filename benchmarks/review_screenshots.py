"""Screenshots of the browser's Review page for the sample game of each game, for docs/review/.

    python benchmarks/review_screenshots.py [--out docs/review] [--only PREFIX ...] [--colors N]

Starts the web server on loopback with a fresh SQLite file and, for each sample record
``docs/review/GAME.json``, opens a practice table with the record's game, options and seed, and
plays the record into it move by move through the server's own ``play`` (the table is opened with
typed dice, so that every roll, draw and reveal is the record's, whatever drew them). The finished
table's Review page (``/t/TABLE/review?seat=TOKEN``, the page's own budget,
:data:`solotable.ui.web.review_page.WEB_BUDGET`) is then pictured whole by the distribution's
Chromium (/usr/bin/chromium, driven by Playwright) in English and Japanese: the whole page at
desktop width, the first screen at phone width (``web-GAME-SIZE-LANG.png``). The page reviews a
table once and keeps the review, so the four pictures of a game cost one review.

The pictures are stored with a palette of ``--colors`` colours, as ``web_screenshots.py`` does.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from web_screenshots import CHROMIUM, CHROMIUM_ARGS, SIZES, free_port, shrink

from solotable.core.record import load_record
from solotable.core.registry import load as load_game
from solotable.ui.web.app import WebApp
from solotable.ui.web.tables import option_choices

GAMES = ("minirogue-v1", "minirogue", "deepspace-d6", "jongrogue")
PAGE_TIMEOUT_MS = 900_000
"""The first visit of a table's Review page waits for its review (JongRogue's is the longest)."""


def table_of(web: WebApp, path: Path) -> tuple[str, list[str]]:
    """A finished practice table holding the record at ``path``: its id and its seats' tokens."""
    record = load_record(path)
    game = load_game(record.game)
    settable = {name for name, _, _ in option_choices(game)}
    options = {k: v for k, v in record.options.items() if k in settable}
    # what the browser cannot set (a card file's name) must be the game's default in the record
    if dict(game.validate_options(options)) != dict(record.options):
        raise SystemExit(f"{path}: options a browser cannot set: {record.options}")
    assert record.seed is not None
    row, tokens = web.tables.create(
        record.game, options, player="screenshots-player-0001", seed=record.seed, practice=True, physical_dice=True
    )
    for text in record.actions:
        live = web.tables.load(row.id)
        state = live.session.state
        seat = 0 if live.session.waiting_for_chance else (state.to_move or 0)
        web.tables.play(row.id, tokens[seat], text, live.row.version)
    live = web.tables.load(row.id)
    if not live.session.state.is_terminal() or live.session.record.actions != record.actions:
        raise SystemExit(f"{path}: the table did not end as the record does")
    return row.id, tokens


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", default="docs/review", help="the folder of the sample records GAME.json")
    parser.add_argument("--out", default="docs/review")
    parser.add_argument("--only", nargs="*", default=[], help="write only pictures whose names start so")
    parser.add_argument("--colors", type=int, default=256, help="palette size of the stored PNGs (0: full colour)")
    ns = parser.parse_args(argv)

    def wanted(name: str) -> bool:
        return not ns.only or any(name.startswith(prefix) for prefix in ns.only)

    out = Path(ns.out)
    out.mkdir(parents=True, exist_ok=True)
    db = Path(tempfile.mkdtemp()) / "review-shots.sqlite3"
    web = WebApp(f"sqlite:///{db}")
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(web.app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    games = [g for g in GAMES if any(wanted(f"web-{g}-{size}-{lang}.png") for size in SIZES for lang in ("en", "ja"))]
    links = {}
    for game_id in games:
        table, tokens = table_of(web, Path(ns.records) / f"{game_id}.json")
        links[game_id] = f"http://127.0.0.1:{port}/t/{table}/review?seat={tokens[0]}"
    from playwright.sync_api import sync_playwright

    written: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for game_id in games:
            for size_name, (width, height) in SIZES.items():
                for lang in ("en", "ja"):
                    name = out / f"web-{game_id}-{size_name}-{lang}.png"
                    if not wanted(name.name):
                        continue
                    context = browser.new_context(viewport={"width": width, "height": height})
                    page = context.new_page()
                    page.goto(links[game_id] + f"&lang={lang}", timeout=PAGE_TIMEOUT_MS)
                    page.wait_for_selector("#review-chart")
                    # the whole page at desktop width; a phone's first screen (its table scrolls sideways)
                    page.screenshot(path=str(name), full_page=size_name == "desktop")
                    written.append(str(name))
                    context.close()
        browser.close()
    server.should_exit = True
    thread.join(timeout=5)
    for shot in written:
        shrink(Path(shot), ns.colors)
    print("\n".join(written))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
