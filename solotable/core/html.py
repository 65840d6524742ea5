"""A very small HTML builder that escapes every piece of text it is given.

:class:`Html` marks a string as markup already built here; anything else handed to :func:`tag`
(a card name, a seat name a player typed, an event text) is escaped, so no text can inject markup.
"""

from __future__ import annotations

from html import escape

_VOID = frozenset({"br", "img", "input", "meta", "link", "hr"})


class Html(str):
    """Markup built by :func:`tag` (never escaped again)."""

    __slots__ = ()


def text(value: object) -> Html:
    """``value`` as escaped text."""
    return value if isinstance(value, Html) else Html(escape(str(value), quote=True))


def join(parts: list[Html] | tuple[Html, ...], sep: str = "") -> Html:
    return Html(escape(sep).join(text(p) for p in parts))


def tag(element: str, /, *children: object, **attrs: object) -> Html:
    """``<element attrs>children</element>``: children and attribute values are escaped unless they are
    :class:`Html`; an attribute named ``cls`` is ``class``, ``data_x`` is ``data-x``, ``aria_x`` is
    ``aria-x``; a value of ``None`` or ``False`` leaves the attribute out, ``True`` writes it bare."""
    out = ["<", element]
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        attr = "class" if key == "cls" else key.rstrip("_").replace("_", "-")
        if value is True:
            out.append(f" {attr}")
        else:
            out.append(f' {attr}="{escape(str(value), quote=True)}"')
    out.append(">")
    if element in _VOID:
        return Html("".join(out))
    out.extend(text(c) for c in children if c is not None)
    out.append(f"</{element}>")
    return Html("".join(out))
