"""Rich Text lines that fit a width in terminal cells, Japanese included: the layout helpers the
games' terminal boards (``games/<game>/tui.py``) share."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text

SEP = " │ "
"""What :func:`side_by_side` puts between its two columns."""


def fold(text: Text, width: int) -> list[Text]:
    """``text`` cut into pieces of at most ``width`` cells (never inside a wide character)."""
    if width <= 0:
        return [text]
    out: list[Text] = []
    start = cells = 0
    for i, ch in enumerate(text.plain):
        w = Text(ch).cell_len
        if cells + w > width and i > start:
            out.append(text[start:i])
            start, cells = i, 0
        cells += w
    out.append(text[start:])
    return out


def flow(parts: Iterable[Text], width: int, indent: int = 0, sep: str = "  ") -> list[Text]:
    """Pack ``parts`` left to right into lines of ``width`` cells separated by ``sep``; lines
    after the first start with ``indent`` spaces; a part wider than a line is folded."""
    lines: list[Text] = []
    line = Text()
    for part in parts:
        if not part.plain:
            continue
        gap = sep if line.plain.strip() else ""
        if line.cell_len + len(gap) + part.cell_len <= width:
            line.append(gap)
            line.append_text(part)
            continue
        if line.plain.strip():
            lines.append(line)
        line = Text(" " * indent if lines else "")
        room = max(1, width - line.cell_len)
        pieces = fold(part, room) if part.cell_len > room else [part]
        for piece in pieces[:-1]:
            line.append_text(piece)
            lines.append(line)
            line = Text(" " * indent)
        line.append_text(pieces[-1])
    if line.plain.strip() or not lines:
        lines.append(line)
    return lines


NO_LINE_START = "、。，．：；！？）」』】〕〉》・ー…"
NO_LINE_END = "（「『【〔〈《"


def breakable(text: str) -> tuple[list[str], str]:
    """``text`` as the pieces a line may break between, and what joins them: words and a space,
    or, for Japanese (no spaces), characters, never with 。、：） at a line's start nor （ at its
    end."""
    if " " in text:
        return text.split(" "), " "
    pieces: list[str] = []
    for ch in text:
        if pieces and (ch in NO_LINE_START or pieces[-1][-1] in NO_LINE_END):
            pieces[-1] += ch
        else:
            pieces.append(ch)
    return pieces, ""


def fit(text: Text, width: int) -> Text:
    """``text`` padded (or, only as a last resort, cut) to exactly ``width`` cells."""
    out = text.copy()
    if out.cell_len > width:
        out.truncate(width, overflow="crop")
    out.pad_right(width - out.cell_len)
    return out


def side_by_side(left: Sequence[Text], right: Sequence[Text], lw: int, rw: int) -> list[Text]:
    out: list[Text] = []
    for r in range(max(len(left), len(right))):
        line = fit(left[r], lw) if r < len(left) else Text(" " * lw)
        line.append(SEP, style="dim")
        line.append_text(fit(right[r], rw) if r < len(right) else Text(" " * rw))
        out.append(line)
    return out


def track(value: int, top: int, full: str, empty: str, style: str) -> Text:
    """A track as symbols (filled, then empty) followed by the number: never colour alone."""
    t = Text(full * max(0, value), style=style)
    t.append(empty * max(0, top - value), style="dim")
    t.append(f" {value}/{top}", style="bold")
    return t
