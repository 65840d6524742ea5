"""The generic board for a game without its own: the observation as an indented outline,
scrollable (and, when the app gives it, the game's own plain-text table instead)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from solotable.core.protocol import Game


def outline(value: Any, indent: int = 0) -> list[str]:
    """A JSON-able value as short indented lines (``key: value``; lists of scalars on one line)."""
    pad = "  " * indent
    lines: list[str] = []
    if isinstance(value, Mapping):
        for key, item in value.items():
            if isinstance(item, Mapping | list) and item and not _scalars(item):
                lines.append(f"{pad}{key}:")
                lines.extend(outline(item, indent + 1))
            else:
                lines.append(f"{pad}{key}: {_short(item)}")
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, Mapping | list) and item and not _scalars(item):
                lines.append(f"{pad}-")
                lines.extend(outline(item, indent + 1))
            else:
                lines.append(f"{pad}- {_short(item)}")
    else:
        lines.append(pad + _short(value))
    return lines


def _scalars(value: Mapping[str, Any] | list[Any]) -> bool:
    items = value.values() if isinstance(value, Mapping) else value
    return all(not isinstance(v, Mapping | list) for v in items)


def _short(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, Mapping):
        return ", ".join(f"{k}={_short(v)}" for k, v in value.items()) or "-"
    if isinstance(value, list):
        return ", ".join(_short(v) for v in value) or "-"
    return str(value)


class Board(VerticalScroll):
    """The fallback board (see the module docstring)."""

    DEFAULT_CSS = """
    Board { height: 1fr; min-height: 14; }
    Board > Static { width: auto; }
    """

    def __init__(self, game: Game, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        self._body = Static("")
        self._text: str | None = None

    def compose(self) -> ComposeResult:
        yield self._body

    def set_table_text(self, text: str | None) -> None:
        """The game's own plain-text table (``game.render_text``), shown instead of the outline."""
        self._text = text

    def show(self, observation: Mapping[str, Any], lang: str) -> None:
        text = self._text if self._text is not None else "\n".join(outline(observation))
        self._body.update(Text(text, no_wrap=True))
