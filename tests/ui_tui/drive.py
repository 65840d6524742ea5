"""Helpers to drive the app by key presses in tests and read what the screen shows."""

from __future__ import annotations

import asyncio
import html
import inspect
import random
import re
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec

from textual.pilot import Pilot
from textual.widgets import Static

from solotable.agents.base import Agent
from solotable.core.i18n import display_width
from solotable.ui.tui.app import SoloTableApp
from solotable.ui.tui.dialogs import ConfirmDialog
from solotable.ui.tui.game_screen import GameScreen

P = ParamSpec("P")


def screen_text(app: SoloTableApp) -> str:
    """What the terminal shows, as plain lines (from the SVG screenshot)."""
    svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = {}
    for m in re.finditer(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        rows.setdefault(float(m[2]), []).append((float(m[1]), html.unescape(m[3])))
    lines = []
    for _, parts in sorted(rows.items()):
        line = ""
        for x, text in sorted(parts):
            line = line.ljust(round(x / 12.2)) + text
        lines.append(line.replace("\xa0", " "))
    return "\n".join(lines)


def screen_rows(app: SoloTableApp) -> list[str]:
    """What the terminal shows, row by row (blank rows included: row ``i`` is line ``i``)."""
    svg = app.export_screenshot()
    rows: dict[int, list[tuple[float, str]]] = {}
    for m in re.finditer(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        rows.setdefault(round((float(m[2]) - 20) / 24.4), []).append((float(m[1]), html.unescape(m[3])))
    lines = []
    for row in range(app.size.height):
        line = ""
        for x, text in sorted(rows.get(row, [])):
            line += " " * (round(x / 12.2) - display_width(line)) + text  # a wide character takes two
        lines.append(line.replace("\xa0", " "))
    return lines


def notifications(app: SoloTableApp) -> str:
    """The messages of the notifications on screen (the toasts), one per line."""
    return "\n".join(n.message for n in app._notifications)


def static_text(widget: Any) -> str:
    assert isinstance(widget, Static)
    return str(widget.content)


def game_screen(app: SoloTableApp) -> GameScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, GameScreen):
            return screen
    raise AssertionError(f"no game screen in {app.screen_stack}")


def keys_for(number: int, count: int) -> list[str]:
    """The keys that choose ``number`` of ``count`` choices: its digits, then Enter when the
    number could still grow into another (1 of 12 needs Enter, 12 of 12 does not)."""
    keys = list(str(number))
    if number * 10 <= count:
        keys.append("enter")
    return keys


async def play_by_keys(app: SoloTableApp, pilot: Pilot[Any], bot: Agent, rng: random.Random, limit: int = 500) -> int:
    """Play the game on screen to its end: the bot decides, the keyboard plays. Warnings are
    confirmed with ``y``. Returns the number of decisions played."""
    moves = 0
    screen = game_screen(app)
    while not screen.session.state.is_terminal():
        assert moves < limit, "the game did not end"
        assert app.screen is screen, app.screen
        state = screen.session.state
        choices = screen.choices()
        action = bot.choose(state, rng)
        before = len(screen.session.record.actions)
        await pilot.press(*keys_for(choices.index(action) + 1, len(choices)))
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
        assert len(screen.session.record.actions) > before, f"{action} was not played"
        moves += 1
    return moves


def run_async(test: Callable[P, Coroutine[Any, Any, None]]) -> Callable[P, None]:
    """Run an ``async def`` test with :func:`asyncio.run` (no asyncio plugin needed)."""

    def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        asyncio.run(test(*args, **kwargs))

    # the test's name and parameters for pytest, but no __wrapped__ (pytest would see a coroutine)
    wrapper.__name__ = test.__name__
    wrapper.__qualname__ = test.__qualname__
    wrapper.__doc__ = test.__doc__
    wrapper.__module__ = test.__module__
    wrapper.__signature__ = inspect.signature(test)  # type: ignore[attr-defined]
    return wrapper
