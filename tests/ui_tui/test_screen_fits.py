"""The assembled game screen at 80×24, for every game, over whole seeded games played through the
app by key presses (the language switched every few moves): the status line, the board, the
choices, the log and the key hints each in their own place, none over another, none cut; the
board's whole drawing in its 80×14; the highlighted choice and the newest log entry in view.

The boards' own tests check a board alone; these check what a player meets: the real app,
the real boards and the game's real observations.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from textual.content import Content
from textual.geometry import Region
from textual.widgets import OptionList

from solotable.agents.registry import make_agent
from solotable.core.i18n import display_width
from solotable.core.session import Session
from solotable.games.deepspace_d6 import tui as deepspace_d6
from solotable.games.jongrogue import tui as jongrogue
from solotable.games.minirogue import tui as minirogue
from solotable.games.minirogue_v1 import tui as minirogue_v1
from solotable.ui.tui.app import SoloTableApp
from solotable.ui.tui.boards import fallback
from solotable.ui.tui.dialogs import ConfirmDialog
from solotable.ui.tui.game_screen import GameScreen

from .drive import game_screen, keys_for, run_async, screen_rows, static_text

SIZE = (80, 24)

# (game, options, seed, bot): whole games that end in 20 to 120 decisions
GAMES = [
    ("minirogue-v1", {}, 2, "random"),  # two moves warn first (confirmed with y)
    ("minirogue", {}, 20, "random"),
    ("minirogue", {"partner": "mage"}, 20, "random"),  # co-op: whose turn in the status line
    ("deepspace-d6", {"difficulty": "hard"}, 11, "heuristic"),
    ("jongrogue", {"rules": "ez", "forced-end": "off"}, 4, "random"),
    ("jongrogue", {"rules": "ez-plus", "forced-end": "off"}, 1, "random"),
]


def board_drawing(screen: GameScreen, observation: Mapping[str, Any], lang: str) -> list[str]:
    """Everything the board means to draw in 80 columns and 14 rows, before any cutting."""
    board = screen.board
    if isinstance(board, deepspace_d6.Board | jongrogue.Board):
        return [line.plain for line in board._lines(80, 14)]
    if isinstance(board, minirogue.Board):
        return minirogue.table_lines(observation, lang, 80)
    if isinstance(board, minirogue_v1.Board):
        return minirogue_v1.table_lines(observation, lang, 80)
    raise AssertionError(f"{screen.session.game.id} has no board of its own: {type(board)}")


def check_screen(app: SoloTableApp, screen: GameScreen, with_text: bool) -> None:
    lang = app.lang
    observation = screen.session.state.observation()
    # each part in its own place, the board with all 80 columns and 14 rows
    regions = {name: screen.query_one(f"#{name}").region for name in ("status", "board", "actions", "log", "keys")}
    assert regions["status"] == Region(0, 0, 80, 1)
    assert regions["board"] == Region(0, 1, 80, 14)
    assert regions["keys"] == Region(0, 23, 80, 1)
    actions, log = regions["actions"], regions["log"]
    assert actions.y == log.y == 15 and actions.height == log.height == 8
    assert actions.x == 0 and actions.right <= log.x and log.right <= 80 and actions.width >= 40
    # nothing cut: the status line, the key hints, the board's drawing
    status = static_text(screen.query_one("#status"))
    assert display_width(status) <= 80, status
    keys = Content.from_markup(static_text(screen.query_one("#keys"))).plain
    assert display_width(keys) <= 80, keys
    drawing = board_drawing(screen, observation, lang)
    assert len(drawing) <= 14, "\n".join(drawing)
    for line in drawing:
        assert display_width(line) <= 80 and not line.rstrip().endswith("…"), line
    if not with_text:
        return
    # and the terminal shows them where they belong
    rows = screen_rows(app)
    assert len(rows) == 24
    assert rows[0].rstrip() == status.rstrip()
    assert rows[23].rstrip() == keys.rstrip()
    for index, line in enumerate(drawing):
        assert rows[1 + index].rstrip() == line.rstrip(), (rows[1 + index], line)
    below = "\n".join(row.replace(" ", "") for row in rows[15:23])
    choices = screen.query_one("#actions", OptionList)
    if choices.highlighted is not None:  # the highlighted choice is in view
        prompt = str(choices.get_option_at_index(choices.highlighted).prompt).replace(" ", "")
        assert prompt[:10] in below, (prompt, below)
    if screen._shown_log:  # the newest log entry is in view
        newest = screen._shown_log[-1].split("\n")[0].replace(" ", "")  # its first line (a scrollbar may end it)
        assert newest[:10] in below, (screen._shown_log[-1], below)


@pytest.mark.parametrize(("game", "options", "seed", "bot"), GAMES,
                         ids=[f"{g}-{o.get('rules', '')}{len(o)}-{s}" for g, o, s, _ in GAMES])  # fmt: skip
@run_async
async def test_every_screen_of_a_whole_game_fits_80x24(game: str, options: dict[str, object], seed: int, bot: str,
                                                       data_dir: Path) -> None:  # fmt: skip
    session = Session(game, seed=seed, options=options)
    app = SoloTableApp(session=session, data=data_dir)
    agent = make_agent(bot, game)
    rng = random.Random(seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert not isinstance(screen.board, fallback.Board)
        moves = 0
        while True:
            if moves % 6 == 3:
                await pilot.press("l")  # both languages in one game
            await pilot.pause()
            check_screen(app, screen, with_text=moves % 4 == 0 or session.state.is_terminal())
            if session.state.is_terminal():
                break
            assert moves < 150, "the game did not end"
            choices = screen.choices()
            action = agent.choose(session.state, rng)
            before = len(session.record.actions)
            await pilot.press(*keys_for(choices.index(action) + 1, len(choices)))
            if isinstance(app.screen, ConfirmDialog):
                await pilot.press("y")
            assert len(session.record.actions) > before
            moves += 1
        assert moves >= 15



@run_async
async def test_the_status_line_keeps_what_matters_on_a_narrow_screen(data_dir: Path) -> None:
    """The longest status line (co-op, a ten-digit seed, a hint being worked out) in Japanese:
    the title gives way (shortened with …), whose turn, the seed, the step and the hint stay."""
    session = Session("minirogue", seed=2147483647, options={"partner": "mage"})
    app = SoloTableApp(session=session, data=data_dir, lang="ja")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        screen._hint_token = 0  # as while the bot thinks
        status = screen.status_text()
        assert display_width(status) <= 80, status
        assert "…" in status.split("・")[0] and " · " not in status  # Japanese separates with ・
        for part in (f"プレイヤー{session.state.to_move + 1}の番", "シード 2147483647", "手目", "ヒント：考え中…"):
            assert part in status, status
        await pilot.resize_terminal(120, 30)  # room for the whole title again
        await pilot.pause()
        assert static_text(screen.query_one("#status")).startswith(session.game.title("ja") + "・")


@run_async
async def test_dialogs_use_a_large_terminal(data_dir: Path) -> None:
    # issue 20, item 12: at 200×50 the dialogs stayed 76 columns wide and 22 rows high
    from solotable.ui.tui.dialogs import MessageDialog

    session = Session("minirogue", seed=3)
    app = SoloTableApp(session=session, data=data_dir, lang="en")
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        await app.push_screen(MessageDialog("Title", "\n".join(f"line {i}" for i in range(60)), "en"))
        await pilot.pause()
        box = app.screen.query_one(".dialog-box")
        assert box.outer_size.width == 120 and box.outer_size.height > 22  # wider and taller than at 80×24
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert box.outer_size.width == 76 and box.outer_size.height <= 22


@pytest.mark.parametrize(("game", "lang"), [("minirogue", "en"), ("minirogue-v1", "ja"), ("deepspace-d6", "en"),
                                            ("jongrogue", "ja")])  # fmt: skip
@run_async
async def test_a_large_terminal_shows_the_table_texts_beside_the_board(game: str, lang: str, data_dir: Path) -> None:
    """Issue 20, item 12: at 200×50 the board kept its 80 columns and half the screen stayed
    empty. Now what the table shows (the cards' texts, prices and tables: ``info_entries``) is
    beside the board, wrapped to its column; at 80×24 the board has the whole width again."""
    from textual.containers import VerticalScroll

    session = Session(game, seed=3)
    app = SoloTableApp(session=session, data=data_dir, lang=lang)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        screen = game_screen(app)
        texts = screen.query_one("#texts", VerticalScroll)
        board = screen.query_one("#board").region
        assert texts.display and board.width >= 80 and texts.region.x == board.right
        assert texts.region.right == 200 and texts.region.y == 1 and texts.region.height == board.height
        body = static_text(screen.query_one("#texts-body"))
        entries = session.game.info_entries(session.state, lang)
        assert entries
        flat = body.replace("\n", "").replace(" ", "")
        for entry in entries:  # every card's title and text, whole
            assert entry.title.replace(" ", "") in flat, entry.title
            assert entry.text.replace("\n", "").replace(" ", "") in flat, entry.text
        for line in body.split("\n"):
            assert display_width(line) <= texts.region.width - 2, line
        rows = screen_rows(app)  # and the terminal shows them beside the board
        column = texts.region.x + 1
        first = entries[0].title[:4]
        assert any(first in row and display_width(row[: row.rfind(first)]) == column for row in rows[1 : board.bottom])
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not texts.display and screen.query_one("#board").region == Region(0, 1, 80, 14)


@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
@run_async
async def test_a_japanese_toast_keeps_every_character(size: tuple[int, int], data_dir: Path) -> None:
    """Issue 20 item 13: a toast lost a character at a fixed column ("一手  しました。"). Textual cuts
    each screen line at the edges of the widgets under an overlay, and a wide character across a
    cut is dropped; the toasts were over the choices and the log (the log's left edge, its
    scrollbar). They are now at the top right of the board, one widget."""
    from solotable.ui.tui.i18n import tr

    session = Session("minirogue-v1", seed=3)
    app = SoloTableApp(session=session, data=data_dir, lang="ja")
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("1", "u")  # a roll was made: undo refuses, in a long Japanese sentence
        await pilot.pause(0.3)
        shown = [n.message for n in app._notifications]
        assert shown and tr("tui.undo_impossible", "ja", reason="")[:3] in shown[-1]
        rows = screen_rows(app)
        toasts = list(app.screen.query("Toast"))
        assert len(toasts) == len(shown)
        for toast, message in zip(toasts, shown, strict=True):
            box = toast.region
            text = "".join(columns(rows[y], box.x, box.right) for y in range(box.y, box.bottom))
            assert text.replace(" ", "").replace("▌", "") == message.replace(" ", ""), (text, rows)


def columns(row: str, start: int, end: int) -> str:
    """The part of a screen row between two columns (a wide character takes two)."""
    out, x = [], 0
    for ch in row:
        if start <= x < end:
            out.append(ch)
        x += display_width(ch)
    return "".join(out)
