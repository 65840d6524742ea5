"""Text that the full screen wraps with the wrapper every interface uses (issue 20 item 13).

Rich, and so Textual's ``Static``, breaks text only at spaces and cuts a longer run at the last
column: Japanese, written without spaces, was cut inside words ("ウィン⏎ドウ", "確定す⏎る") and
before 。. :class:`Wrapped` is a Rich renderable that wraps at the width it is given, each line
with :func:`solotable.core.text_layout.wrap` (words and phrases whole, kinsoku, a hanging indent
under a line's leading spaces or its list mark), so a dialog re-wraps when a terminal resizes.
"""

from __future__ import annotations

from typing import ClassVar

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markdown import Markdown, MarkdownElement, Paragraph, TableElement
from rich.measure import Measurement
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.widgets._toast import Toast

from solotable.core.i18n import display_width
from solotable.core.text_layout import chunks, table_plain, wrap

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


class WrappedCell:
    """A table cell wrapped by :func:`wrap_styled` at its column's width; at least as wide as its
    longest unbreakable chunk (a word, or a Japanese phrase)."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        joined = Text("\n").join(wrap_styled(self.text, options.max_width))
        joined.justify = self.text.justify
        joined.no_wrap = True
        joined.overflow = "fold"
        yield joined

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        plain = self.text.plain
        widest = max((display_width(line) for line in plain.split("\n")), default=0)
        least = max((display_width(word) for _, word in chunks(plain)), default=0)
        return Measurement(least, widest)


NARROWEST = 8
"""Columns under which a table's column is not squeezed (unless all its text is narrower)."""


def column_widths(columns: list[list[Text]], room: int) -> list[int] | None:
    """Widths for a table's ``columns`` (their cells) within ``room`` columns: each its widest
    line when they all fit; else each at least its longest unbreakable chunk and
    :data:`NARROWEST`, the widest narrowed first (as Rich does); None when even that does not
    fit."""
    natural = [max(display_width(line) for cell in cells for line in cell.plain.split("\n")) for cells in columns]
    if sum(natural) <= room:
        return natural
    least = [max(display_width(word) for cell in cells for _, word in chunks(cell.plain) or [("", "")])
             for cells in columns]  # fmt: skip
    floor = [min(n, max(m, NARROWEST)) for n, m in zip(natural, least, strict=True)]
    if sum(floor) > room:
        return None
    widths = list(natural)
    while sum(widths) > room:  # the widest column that may still give a column gives it
        widest = max((w, c) for c, w in enumerate(widths) if w > floor[c])[1]
        widths[widest] -= 1
    return widths


class WrappedTable(TableElement):
    """A Markdown table whose cells are wrapped by the shared wrapper (:class:`WrappedCell`) when
    its columns fit the page with every word whole (:func:`column_widths`); else, as the line
    mode prints it (:func:`~solotable.core.text_layout.table_plain`), a block of
    ``heading: value`` lines per row. Rich cut a cell that did not fit with "…" and broke the
    rest inside Japanese words (issue 20 item 13)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        head = [cell.content for cell in self.header.row.cells] if self.header and self.header.row else []
        body = [[cell.content for cell in row.cells] for row in self.body.rows] if self.body else []
        n = max([len(head), *(len(row) for row in body)])
        empty = Text("")
        columns = [[(row[c] if c < len(row) else empty) for row in [head, *body]] for c in range(n)]

        def table(widths: list[int]) -> Table:
            made = Table(box=box.SIMPLE, pad_edge=False, style="markdown.table.border", show_edge=True,
                         collapse_padding=True)  # fmt: skip  (as Rich's own)
            for c, width in enumerate(widths):
                styled = columns[c][0].copy()
                styled.stylize("markdown.table.header")
                made.add_column(WrappedCell(styled), width=width)
            for row in body:
                made.add_row(*(WrappedCell(cell) for cell in row))
            return made

        frame = Measurement.get(console, options, table([1] * n)).maximum - n  # rules and padding
        widths = column_widths(columns, options.max_width - frame) if n else None
        if widths is not None:
            yield table(widths)
            return
        rows = [[cell.plain for cell in head], *([cell.plain for cell in row] for row in body)]
        yield Text("\n".join(table_plain(rows, options.max_width)), no_wrap=True, overflow="fold")
        yield Text("")


class WrappedMarkdown(Markdown):
    """Rich's Markdown with its paragraphs (and so list items) and its tables' cells wrapped by
    :func:`wrap_styled`."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements,
        "paragraph_open": WrappedParagraph,
        "table_open": WrappedTable,
    }


_TEXTUAL_TOAST_RENDER = Toast.render


def _toast_render(toast: Toast) -> RenderableType:
    """A toast's title and message, the message wrapped by :class:`Wrapped` at the toast's width
    (as plain text: no message of ours is markup). Should a later Textual hold its notification
    elsewhere, Textual's own drawing is used (a toast wrapped by its rule, never a crash)."""
    notification = getattr(toast, "_notification", None)
    if notification is None or not isinstance(getattr(notification, "message", None), str):
        return _TEXTUAL_TOAST_RENDER(toast)
    body = Wrapped(notification.message)
    if not notification.title:
        return body
    return Group(Text(notification.title, style=toast.get_visual_style("toast--title").rich_style), body)


def wrap_toasts() -> None:
    """Have every toast (``App.notify``) wrapped by the shared wrapper. Textual's ``Toast`` wraps
    by its own rule, which broke Japanese inside words ("カー⏎ド", "選択肢⏎1：…", "1〜8⏎から":
    issue 20 item 13) and offers no hook: its ``render`` is replaced, once, by
    :func:`_toast_render`. The app's stylesheet gives toasts a fixed width (``GAME_CSS``):
    at Textual's "half of the rack" a toast's height was measured at one width and drawn at
    another, so a line more than measured was cut."""
    if Toast.render is not _toast_render:
        setattr(Toast, "render", _toast_render)  # noqa: B010 (a method of Textual's class)
