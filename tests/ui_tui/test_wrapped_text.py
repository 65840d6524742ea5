"""The full screen's dialogs and help page wrap Japanese with the wrapper every interface uses
(issue 20 item 13): Rich breaks only at spaces and cut a Japanese line at its last column, inside
a word (確定す⏎る) or before 。 and ー; a dialog's text now keeps phrases whole and its indent."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from textual.geometry import Region
from textual.widgets import OptionList, Static

from solotable.core.session import Session
from solotable.core.text_layout import NO_LINE_START
from solotable.ui.tui.app import SoloTableApp
from solotable.ui.tui.dialogs import ChanceDialog, MarkdownDialog, MessageDialog

from .drive import run_async

BODY = (
    "ロールの後：クリティカル、特技、ポーション、戦闘スキルを使える。最後にダメージを確定する。"
    "部屋1：小鬼（5萬、眠っている）。ウィンドウを閉じるには、いつでも Enter で決定します。"
)


@run_async
async def test_a_dialog_keeps_japanese_phrases_whole(data_dir: Path) -> None:
    for size in ((80, 24), (61, 24), (200, 50)):
        app = SoloTableApp(session=Session("minirogue", seed=3), data=data_dir)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await app.push_screen(MessageDialog("説明", f"{BODY}\n- {BODY}", "ja"))
            await pilot.pause()
            body = app.screen.query_one("#body", Static)
            shown = [strip.text.rstrip() for strip in body.render_lines(Region(0, 0, *body.size))]
            text = "\n".join(shown)
            assert len(shown) > 2 and all(cell_len(line) <= body.size.width for line in shown)
            for word in ("確定する。", "眠っている）。", "ウィンドウを", "Enter で", "クリティカル、"):
                assert text.count(word) == 2, (word, size, text)
            assert not any(line.lstrip()[:1] in NO_LINE_START for line in shown), text
            bullet = next(n for n, line in enumerate(shown) if line.startswith("- "))
            assert all(line.startswith("  ") for line in shown[bullet + 1 :]), text  # its hanging indent


@run_async
async def test_the_help_page_keeps_japanese_phrases_whole(data_dir: Path) -> None:
    # the help page (Markdown, rendered by Rich) broke Japanese anywhere, and before 。 or ー
    page = f"# 説明\n\n{BODY}\n\n- **{BODY}**\n- {BODY}\n"
    app = SoloTableApp(session=Session("minirogue", seed=3), data=data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(MarkdownDialog("説明", page, "ja"))
        await pilot.pause()
        body = app.screen.query_one("#body", Static)
        shown = [strip.text.rstrip() for strip in body.render_lines(Region(0, 0, *body.size))]
        text = "\n".join(shown)
        assert len(shown) > 6 and all(cell_len(line) <= body.size.width for line in shown)
        for word in ("確定する。", "眠っている）。", "ウィンドウを", "クリティカル、"):
            assert text.count(word) == 3, (word, text)
        assert not any(line.lstrip()[:1] in NO_LINE_START for line in shown), text


@run_async
async def test_physical_outcomes_keep_japanese_phrases_whole(data_dir: Path) -> None:
    # a threat card's long Japanese label in the physical-dice list wrapped under its number
    session = Session("deepspace-d6", seed=1, physical_dice=True)
    app = SoloTableApp(session=session, data=data_dir, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChanceDialog)
        outcomes = app.screen.query_one("#outcomes", OptionList)
        shown = [strip.text.rstrip() for strip in outcomes.render_lines(Region(0, 0, *outcomes.size))]
        text = "\n".join(shown)
        assert "起動数値" in text and all(cell_len(line) <= outcomes.size.width for line in shown)
        assert "アサルト・" in text and "クルーザー" in text, text
        for line in shown:
            assert line.lstrip()[:1] not in NO_LINE_START, text
            assert line.lstrip()[:1].isdigit() or line.startswith("   "), text  # under the label
