"""The help page's tables at 80×24 (issue 20 item 13): Rich cut a cell that did not fit its column
with "…" and broke the rest by its own rule, inside Japanese words (JongRogue's potion, scroll,
ring and monster tables: "体力を最大体力まで回復す …", "大は…"). A table whose columns fit, their
cells wrapped by the shared wrapper, stays a table; one that cannot is a block per row, as the
line mode prints it. Every word of every cell is on the page, whole."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from rich.console import Console

from solotable.core.session import Session
from solotable.core.text_layout import chunks
from solotable.ui.tui.app import SoloTableApp
from solotable.ui.tui.dialogs import MarkdownDialog

from .drive import run_async


def cells(markdown: str) -> list[str]:
    """The text of every table cell of ``markdown``."""
    tokens = MarkdownIt("commonmark").enable("table").parse(markdown)
    out: list[str] = []
    for i, token in enumerate(tokens):
        if token.type in ("td_open", "th_open") and tokens[i + 1].type == "inline":
            out.append(tokens[i + 1].content)
    return out


def page_lines(app: SoloTableApp) -> list[str]:
    """The help page as the dialog lays it out (at the width of its body)."""
    body = app.screen.query_one("#body")
    console = Console(width=body.content_region.width, record=True, color_system=None, file=io.StringIO())
    console.print(body.content)  # type: ignore[attr-defined]
    return [line.rstrip() for line in console.export_text().split("\n")]


@pytest.mark.parametrize("lang", ["en", "ja"])
@run_async
async def test_every_word_of_the_help_tables_is_whole_at_80x24(lang: str, data_dir: Path) -> None:
    app = SoloTableApp(session=Session("jongrogue", seed=3), data=data_dir, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, MarkdownDialog)
        lines = page_lines(app)
        words = [word.strip() for cell in cells(app.screen.body) if cell != "#"  # shown as №, as the line mode does
                 for _, word in chunks(cell)]
    assert len(words) > 300
    assert not any("…" in line for line in lines)
    missing = [word for word in words if not any(word in line for line in lines)]
    assert not missing, missing[:20]
