"""Toasts are wrapped by the wrapper every interface uses (issue 20 item 13): Textual's toast
broke Japanese inside words ("めくったカー⏎ド", "選択肢⏎1：…", "1〜8⏎から")."""

from __future__ import annotations

from pathlib import Path

import pytest

from solotable.core.session import Session
from solotable.ui.tui.app import SoloTableApp
from solotable.ui.tui.wrapped import wrapped_lines

from .drive import run_async, screen_rows
from .test_screen_fits import columns

CASES = [
    ("minirogue-v1", ["1", "u"]),  # undo refused after a roll
    ("deepspace-d6", ["1"]),  # a number of 19 that may still grow waits for the next digit
    ("deepspace-d6", ["9", "9"]),  # no such choice (8 of them after the first 9 played)
]


@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
@pytest.mark.parametrize(("game", "keys"), CASES)
@run_async
async def test_a_japanese_toast_breaks_between_words(game: str, keys: list[str], size: tuple[int, int],
                                                      data_dir: Path) -> None:  # fmt: skip
    app = SoloTableApp(session=Session(game, seed=3), data=data_dir, lang="ja")
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause(0.3)
        rows = screen_rows(app)
        toasts = list(app.screen.query("Toast"))
        assert toasts
        for toast in toasts:
            message = toast._notification.message  # type: ignore[attr-defined]
            box = toast.content_region
            shown = [columns(rows[y], box.x, box.right).rstrip() for y in range(box.y, box.bottom)]
            wanted = wrapped_lines(message, box.width)
            assert len(wanted) > 1, "a message on one line says nothing of its breaks"
            assert shown == wanted
