"""Small text-layout helpers the boards share (display widths, boxes, fitting)."""

from __future__ import annotations

from solotable.core.i18n import display_width, message, pad_to


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` terminal columns (with ``…`` when cut) and padded to it."""
    if width <= 0:
        return ""
    if display_width(text) <= width:
        return pad_to(text, width)
    out = ""
    for ch in text:
        if display_width(out + ch) > width - 1:
            break
        out += ch
    return pad_to(out + "…", width)


def box(label: str, inner: int) -> list[str]:
    """A card as three lines: ``┌──┐``, ``│label│``, ``└──┘`` (``inner`` columns inside)."""
    return ["┌" + "─" * inner + "┐", "│" + fit(label, inner) + "│", "└" + "─" * inner + "┘"]


def blank_box(inner: int) -> list[str]:
    return [" " * (inner + 2)] * 3


def side_by_side(left: list[str], right: list[str], left_width: int, gap: int = 1) -> list[str]:
    """Two columns of lines joined row by row (``left`` padded to ``left_width``)."""
    rows = max(len(left), len(right))
    out = []
    for i in range(rows):
        a = left[i] if i < len(left) else ""
        b = right[i] if i < len(right) else ""
        out.append((pad_to(a, left_width) + " " * gap + b).rstrip())
    return out


def t(key: str, lang: str, **params: object) -> str:
    """A message of the global catalogue (the games' and the interface's)."""
    return message(key, lang, **params)
