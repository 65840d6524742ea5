"""Text that the full screen wraps with the wrapper every interface uses (issue 20 item 13).

Rich, and so Textual's ``Static``, breaks text only at spaces and cuts a longer run at the last
column: Japanese, written without spaces, was cut inside words ("ウィン⏎ドウ", "確定す⏎る") and
before 。. :class:`Wrapped` is a Rich renderable that wraps at the width it is given, each line
with :func:`solotable.core.text_layout.wrap` (words and phrases whole, kinsoku, a hanging indent
under a line's leading spaces or its list mark), so a dialog re-wraps when a terminal resizes.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown, MarkdownElement, Paragraph
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text

from solotable.core.i18n import display_width
from solotable.core.text_layout import wrap

LIST_MARKS = ("- ", "・", "! ", "• ")
"""Marks a line may start with (after its indent), under which its next lines are indented."""


def wrapped_lines(text: str, width: int, hang: int = 0) -> list[str]:
    """``text`` (lines) wrapped to ``width`` columns, each line under its own indent (its leading
    spaces, and its list mark if it starts with one), or ``hang`` columns in (a choice's number)."""
    out: list[str] = []
    for line in text.split("\n"):
        if hang:
            out.extend(wrap(line, width, "", " " * hang) if width >= hang + 8 else [line])
            continue
        body = line.lstrip(" ")
        indent = line[: len(line) - len(body)]
        mark = next((m for m in LIST_MARKS if body.startswith(m)), "")
        if not body or width < display_width(indent + mark) + 8:
            out.append(line)
            continue
        out.extend(wrap(body[len(mark) :], width, indent + mark, " " * display_width(indent + mark)))
    return out


class Wrapped:
    """``text`` wrapped by :func:`wrapped_lines` to the width it is rendered at, in ``style``,
    its lines after the first ``hang`` columns in if given."""

    def __init__(self, text: str, style: str | Style = "", hang: int = 0) -> None:
        self.text = text
        self.style = style
        self.hang = hang

    def __str__(self) -> str:
        return self.text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = wrapped_lines(self.text, options.max_width, self.hang)
        yield Text("\n".join(lines), style=self.style, no_wrap=True, overflow="fold")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((display_width(line) for line in self.text.split("\n")), default=0)
        return Measurement(min(8, widest), widest)


def wrap_styled(text: Text, width: int) -> list[Text]:
    """``text`` (with its styles) cut into lines where :func:`wrap` breaks its plain words."""
    out: list[Text] = []
    start = 0
    plain = text.plain
    for part in plain.split("\n"):
        end = start + len(part)
        position = start
        for line in wrap(part, width):
            body = line.strip(" ")
            found = plain.find(body, position, end + 1) if body else -1
            if found < 0:  # nothing to map (an empty line): keep the rest as Rich would
                continue
            piece = text[found : found + len(body)]
            out.append(piece)
            position = found + len(body)
        start = end + 1
    return out or [Text("")]


class WrappedParagraph(Paragraph):
    """A Markdown paragraph broken by the shared wrapper (Rich's own breaks only at spaces)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        joined = Text("\n").join(wrap_styled(self.text, options.max_width))
        joined.no_wrap = True
        joined.overflow = "fold"
        yield joined


class WrappedMarkdown(Markdown):
    """Rich's Markdown with its paragraphs (and so list items) wrapped by :func:`wrap_styled`."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements,
        "paragraph_open": WrappedParagraph,
    }
