"""A very small HTML builder that escapes every piece of text it is given.

:class:`Html` marks a string as markup already built here; anything else handed to :func:`tag`
(a card name, a seat name a player typed, an event text) is escaped, so no text can inject markup.
"""

from __future__ import annotations

import re
from html import escape

_VOID = frozenset({"br", "img", "input", "meta", "link", "hr"})
_SPECIAL = re.compile("[&<>\"']").search
"""Whether a text holds a character to escape (most texts hold none: they are kept as they are,
which spares the server most of a board's escaping; issue 21)."""


class Html(str):
    """Markup built by :func:`tag` (never escaped again)."""

    __slots__ = ()


def _escaped(value: object) -> str:
    s = value if type(value) is str else str(value)
    return escape(s, quote=True) if _SPECIAL(s) else s


def text(value: object) -> Html:
    """``value`` as escaped text."""
    return value if isinstance(value, Html) else Html(_escaped(value))


def join(parts: list[Html] | tuple[Html, ...], sep: str = "") -> Html:
    return Html(escape(sep).join(text(p) for p in parts))


def tag(element: str, /, *children: object, **attrs: object) -> Html:
    """``<element attrs>children</element>``: children and attribute values are escaped unless they are
    :class:`Html`; an attribute named ``cls`` is ``class``, ``data_x`` is ``data-x``, ``aria_x`` is
    ``aria-x``; a value of ``None`` or ``False`` leaves the attribute out, ``True`` writes it bare."""
    # the hottest function of a page's view (a board is a few hundred tags): attribute names are
    # spelled once, numbers and texts with nothing to escape are kept as they are, one string is
    # built at the end
    out = "<" + element
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        attr = _ATTRS.get(key) or _attr_name(key)
        if value is True:
            out += " " + attr
        elif type(value) is int:
            out += f' {attr}="{value}"'
        else:
            out += f' {attr}="{_escaped(value)}"'
    if element in _VOID:
        return Html(out + ">")
    inner = "".join([c if isinstance(c, Html) else _escaped(c) for c in children if c is not None])
    return Html(f"{out}>{inner}</{element}>")


_ATTRS: dict[str, str] = {}
"""Attribute names as written, by keyword (``cls`` -> ``class``, ``data_x`` -> ``data-x``)."""


def _attr_name(key: str) -> str:
    name = "class" if key == "cls" else key.rstrip("_").replace("_", "-")
    _ATTRS[key] = name
    return name
