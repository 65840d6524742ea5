"""The pieces every game's browser board draws with (``games/<game>/web.py``): a die in SVG, a
card that opens its text, a stat, a meter, a section, what the rules in short say about a card, and
the words every board shares (``messages_board.toml`` beside this module). Everything passes
:mod:`solotable.core.html`, which escapes each text; nothing is told by colour alone."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from solotable.core.html import Html, tag
from solotable.core.i18n import Catalogue, message
from solotable.core.registry import load as load_game

Infos = dict[str, dict[str, str]]
"""What a board's cards say when opened: ``infos[key] = {"title": ..., "body": ...}``."""
Obs = Mapping[str, Any]


@cache
def shared_words() -> Catalogue:
    """The words every board shares (``web.stat.*``, ``web.sep.*``...)."""
    return Catalogue.from_package(("solotable.core", "messages_board.toml"))


class Words:
    """A board's words: its game's ``messages_web.toml`` and the shared ones, as ``t(key, lang)``."""

    def __init__(self, package: str) -> None:
        self.catalogue = shared_words().merged(Catalogue.from_package((package, "messages_web.toml")))

    def __call__(self, key: str, lang: str, **params: object) -> str:
        return self.catalogue.text(key, lang, **params)

    def has(self, key: str) -> bool:
        return key in self.catalogue


def t(key: str, lang: str, **params: object) -> str:
    """One of the shared words."""
    return shared_words().text(key, lang, **params)


def g(key: str, lang: str, **params: object) -> str:
    """A message of a game's catalogue (the global one); an unknown key comes back as it is."""
    return message(key, lang, **params)


def game_has(key: str) -> bool:
    """Whether a game's catalogue (the global one) has ``key``."""
    return message(key, "en") != key


def listing(lang: str, items: list[str]) -> str:
    """Words in a row as each language writes them: ``a, b`` in English, ``a、b`` in Japanese."""
    return t("web.sep.list", lang).join(items)


PIPS = {
    1: [(50, 50)],
    2: [(28, 28), (72, 72)],
    3: [(28, 28), (50, 50), (72, 72)],
    4: [(28, 28), (72, 28), (28, 72), (72, 72)],
    5: [(28, 28), (72, 28), (50, 50), (28, 72), (72, 72)],
    6: [(28, 25), (72, 25), (28, 50), (72, 50), (28, 75), (72, 75)],
}


SYMBOLS: dict[str, tuple[tuple[str, dict[str, object]], ...]] = {
    # our own simple drawings on a 100×100 die (no copied art); each die also writes its word
    "miss": (("path", {"d": "M28 28 L72 72 M72 28 L28 72", "cls": "sym-stroke"}),),
    "star": (("path", {"d": "M50 16 L59 40 L84 40 L64 56 L72 82 L50 66 L28 82 L36 56 L16 40 L41 40 Z"}),),
    "crosshair": (
        ("circle", {"cx": 50, "cy": 50, "r": 24, "cls": "sym-stroke"}),
        ("path", {"d": "M50 16 L50 38 M50 62 L50 84 M16 50 L38 50 M62 50 L84 50", "cls": "sym-stroke"}),
    ),
    "cross": (("path", {"d": "M40 18 H60 V40 H82 V60 H60 V82 H40 V60 H18 V40 H40 Z"}),),
    "atom": (
        ("ellipse", {"cx": 50, "cy": 50, "rx": 32, "ry": 12, "cls": "sym-stroke"}),
        ("ellipse", {"cx": 50, "cy": 50, "rx": 12, "ry": 32, "cls": "sym-stroke"}),
        ("circle", {"cx": 50, "cy": 50, "r": 7}),
    ),
    "gear": (
        ("circle", {"cx": 50, "cy": 50, "r": 20, "cls": "sym-stroke"}),
        (
            "path",
            {
                "d": "M50 18 V30 M50 70 V82 M18 50 H30 M70 50 H82"
                " M27 27 L35 35 M65 65 L73 73 M73 27 L65 35 M27 73 L35 65",
                "cls": "sym-stroke",
            },
        ),
    ),
    "alert": (
        ("path", {"d": "M50 14 L86 80 H14 Z", "cls": "sym-stroke"}),
        ("path", {"d": "M50 38 V60", "cls": "sym-stroke"}),
        ("circle", {"cx": 50, "cy": 70, "r": 4}),
    ),
}
"""The symbols a die may show instead of pips: a miss (Mini Rogue's ×) and Deep Space D-6's crew
faces (commander ★, tactical ⌖, medical ✚, science ⚛, engineering ⚙, threat ⚠)."""


# -- pieces every board uses -------------------------------------------------------------------


def die(value: int | str, label: str, *, cls: str = "", el: str = "", symbol: str = "") -> Html:
    """A die as an SVG with its pips and its number written beside them (for readers and for
    those who do not tell colours apart). ``el``: the board element keys it carries
    (``data-el``, space-separated; :mod:`solotable.core.board`), which the page makes actionable;
    ``symbol``: one of :data:`SYMBOLS` drawn on a face that shows no pips."""
    svg = _die_svg(value, symbol)
    return tag(
        "span",
        svg,
        tag("span", label, cls="die-label"),
        cls=f"die {cls}".strip(),
        role="img",
        aria_label=label,
        data_el=el or None,
    )


@cache
def _die_svg(value: int | str, symbol: str) -> Html:
    """A die's face as an SVG, drawn once for each face (issue 21: the server draws many boards)."""
    pips: list[Html] = []
    if isinstance(value, int) and value in PIPS:
        pips = [tag("circle", cx=x, cy=y, r=9) for x, y in PIPS[value]]
    elif (symbol or ("miss" if value == "×" else "")) in SYMBOLS:
        pips = [tag(name, **attrs) for name, attrs in SYMBOLS[symbol or "miss"]]
    else:
        pips = [tag("text", str(value), x=50, y=62, text_anchor="middle", font_size=40)]
    return tag(
        "svg",
        tag("rect", x=4, y=4, width=92, height=92, rx=16),
        *pips,
        viewBox="0 0 100 100",
        cls="die-svg",
        aria_hidden="true",
        focusable="false",
    )


def card(
    key: str,
    title: str,
    body: str,
    infos: Infos,
    *lines: object,
    cls: str = "",
    mark: str = "",
    el: str = "",
    icon: str = "",
) -> Html:
    """A card: a button that opens its text (``infos[key]``); ``el``: the board element keys it
    carries (``data-el``), whose actions the page offers on it; ``icon``: the emblem drawn before
    its title, where the title is the kind's name (:data:`EMBLEMS`).

    A card that holds pieces of its own (a line with ``data-el`` or a button: the dice on a
    station, the crew on a threat) is not one button, since a control inside a button can be
    neither reached nor named: it is a frame whose title is the button (carrying ``data-info``
    and ``el``), its pieces beside it."""
    infos[key] = {"title": title, "body": body}
    rows = [tag("span", line, cls="card-line") for line in lines if line not in (None, "")]
    marker = tag("span", mark, cls="card-mark") if mark else None
    drawn = _emblem_svg(icon) if icon in EMBLEMS else None
    if any(isinstance(line, Html) and ('data-el="' in line or "<button" in line) for line in lines):
        head = tag(
            "button",
            marker,
            drawn,
            title,
            type="button",
            cls="card-title card-button",
            data_info=key,
            data_el=el or None,
            aria_haspopup="dialog",
            aria_label=f"{title} {mark}" if mark else None,  # the title first, then its mark (#1)
        )
        return tag("div", head, *rows, cls=f"card holder {cls}".strip())
    return tag(
        "button",
        marker,
        tag("span", drawn, title, cls="card-title" + (" emblem" if drawn else "")),
        *rows,
        type="button",
        cls=f"card {cls}".strip(),
        data_info=key,
        data_el=el or None,
        aria_haspopup="dialog",
    )


def stat(label: str, value: object, maximum: object = None) -> Html:
    shown = f"{value}/{maximum}" if maximum is not None else str(value)
    return tag("span", tag("span", label, cls="stat-label"), " ", tag("b", shown), cls="stat")


def meter(label: str, value: int, maximum: int) -> Html:
    """A stat with a bar (the number is written too)."""
    width = 0 if maximum <= 0 else max(0, min(100, round(100 * value / maximum)))
    return tag(
        "span", tag("span", label, cls="stat-label"), " ", tag("b", f"{value}/{maximum}"), _bar(width), cls="stat"
    )


@cache
def _bar(width: int) -> Html:
    """A meter's bar ``width`` percent full, drawn once for each width."""
    return tag(
        "svg",
        tag("rect", x=0, y=0, width=100, height=10, cls="meter-back"),
        tag("rect", x=0, y=0, width=width, height=10, cls="meter-fill"),
        viewBox="0 0 100 10",
        preserveAspectRatio="none",
        cls="meter",
        aria_hidden="true",
        focusable="false",
    )


def section(title: str, *children: object, cls: str = "") -> Html:
    return tag("section", tag("h3", title), *children, cls=f"zone {cls}".strip())


@cache
def help_sections(game_id: str, lang: str) -> tuple[tuple[str, str], ...]:
    """The game's rules in short (``help_text``) cut into ``(heading, text)`` sections and
    paragraphs, for a card's text."""
    help_text = load_game(game_id).help_text(lang)
    out: list[tuple[str, str]] = []
    heading = ""
    buf: list[str] = []
    for line in help_text.splitlines():
        if line.startswith("#"):
            if buf:
                out.append((heading, "\n".join(buf).strip()))
            heading = line.lstrip("#").strip()
            buf = []
        elif not line.strip() and buf:
            out.append((heading, "\n".join(buf).strip()))
            buf = []
        else:
            buf.append(line)
    if buf:
        out.append((heading, "\n".join(buf).strip()))
    return tuple((h, b) for h, b in out if b)


@lru_cache(maxsize=4096)  # the same card's text on every view while it stays on the board
def rules_about(game_id: str, lang: str, *names: str) -> str:
    """What the rules in short say about a card: the section headed by its name, else the
    paragraphs that name it (at most three). Kept once found (the rules in short do not change
    while the server runs; a board asks for it on every card it draws)."""
    sections = help_sections(game_id, lang)
    for name in names:
        wanted = name.strip().lower()
        body = [b for h, b in sections if h.lower() == wanted]
        if body:
            return "\n\n".join(body)
    for name in names:
        if len(name.strip()) < 2:
            continue
        pattern = re.compile(re.escape(name.strip()), re.IGNORECASE)
        found = [b for _, b in sections if pattern.search(b)]
        if found:
            return "\n\n".join(found[:3])
    return t("web.info.no_text", lang)


EMBLEMS: dict[str, tuple[tuple[str, dict[str, object]], ...]] = {
    # our own plain drawings on a 100×100 square (no copied art); the kind's name is always written
    # beside its emblem, so that nothing is told by the picture alone
    "monster": (
        ("path", {"d": "M26 44 L14 12 L42 32 Z M74 44 L86 12 L58 32 Z"}),
        ("circle", {"cx": 50, "cy": 56, "r": 30, "cls": "em-line"}),
        ("circle", {"cx": 39, "cy": 50, "r": 5}),
        ("circle", {"cx": 61, "cy": 50, "r": 5}),
        ("path", {"d": "M38 68 L43 78 L48 68 M52 68 L57 78 L62 68", "cls": "em-line"}),
    ),
    "boss": (
        ("path", {"d": "M14 78 V32 L34 54 L50 20 L66 54 L86 32 V78 Z"}),
        ("path", {"d": "M14 88 H86", "cls": "em-line"}),
    ),
    "trap": (("path", {"d": "M8 88 L24 42 L40 88 Z M34 88 L50 22 L66 88 Z M60 88 L76 42 L92 88 Z"}),),
    "graveyard": (
        ("path", {"d": "M26 90 V42 A24 24 0 0 1 74 42 V90 Z", "cls": "em-line"}),
        ("path", {"d": "M50 44 V76 M38 56 H62", "cls": "em-line"}),
    ),
    "campfire": (
        ("path", {"d": "M50 10 C64 32 78 44 70 62 C66 74 58 78 50 78 C42 78 34 74 30 62 C24 46 40 38 50 10 Z"}),
        ("path", {"d": "M18 92 L82 80 M18 80 L82 92", "cls": "em-line"}),
    ),
    "merchant": (
        ("path", {"d": "M36 22 H64 L57 36 C80 46 86 88 50 88 C14 88 20 46 43 36 Z", "cls": "em-line"}),
        ("path", {"d": "M58 52 C52 46 40 48 42 56 C44 64 58 60 58 70 C58 78 44 78 40 72 M50 44 V82", "cls": "em-line"}),
    ),
    "treasure": (
        ("path", {"d": "M14 46 H86 V86 H14 Z M14 46 C14 22 86 22 86 46", "cls": "em-line"}),
        ("rect", {"x": 42, "y": 50, "width": 16, "height": 16}),
    ),
    "item": (
        ("path", {"d": "M50 8 L58 20 V62 H42 V20 Z"}),
        ("path", {"d": "M28 64 H72 M50 64 V90", "cls": "em-line"}),
    ),
    "shrine": (
        ("path", {"d": "M10 34 L50 10 L90 34 Z M14 92 H86"}),
        ("path", {"d": "M26 40 V86 M50 40 V86 M74 40 V86", "cls": "em-line"}),
    ),
    "event": (
        ("circle", {"cx": 50, "cy": 50, "r": 38, "cls": "em-line"}),
        ("path", {"d": "M50 26 V58", "cls": "em-line"}),
        ("circle", {"cx": 50, "cy": 72, "r": 6}),
    ),
    "exit": (
        ("path", {"d": "M28 92 V12 H72 V92 M16 92 H84", "cls": "em-line"}),
        ("circle", {"cx": 62, "cy": 54, "r": 6}),
    ),
    "external": (("path", {"d": "M50 8 L84 86 L50 68 L16 86 Z"}),),
    "internal": (
        ("path", {"d": "M50 8 L58 36 L88 28 L66 50 L88 72 L58 64 L50 92 L42 64 L12 72 L34 50 L12 28 L42 36 Z"}),
    ),
    "face-down": (
        ("path", {"d": "M36 36 C36 16 66 16 66 34 C66 48 50 48 50 62", "cls": "em-line"}),
        ("circle", {"cx": 50, "cy": 78, "r": 6}),
    ),
    "potion": (
        ("path", {"d": "M42 10 H58 V34 C78 42 82 60 76 76 C70 90 30 90 24 76 C18 60 22 42 42 34 Z", "cls": "em-line"}),
        ("path", {"d": "M26 62 H74 C72 82 28 82 26 62 Z"}),
    ),
}
"""The emblems of room, card and threat kinds (Mini Rogue's monsters, traps, graveyards,
campfires, merchants, treasures, items, shrines, events, the boss and the exit; Deep Space D-6's external
and internal threats) and of a potion."""


def emblem(kind: str, name: str) -> Html:
    """A kind's emblem (:data:`EMBLEMS`, drawn in the text's own colour) and its ``name`` written
    beside it; an unknown kind shows its name alone."""
    shapes = EMBLEMS.get(kind)
    if shapes is None:
        return tag("span", tag("span", name, cls="emblem-name"), cls="emblem")
    svg = _emblem_svg(kind)
    return tag("span", svg, tag("span", name, cls="emblem-name"), cls=f"emblem em-{kind}")


@cache
def _emblem_svg(kind: str) -> Html:
    drawn: list[Html] = []
    for name, attrs in EMBLEMS[kind]:
        line = "em-line" in str(attrs.get("cls", ""))
        drawn.append(
            tag(
                name,
                **{k: v for k, v in attrs.items() if k != "cls"},
                cls=attrs.get("cls"),
                fill="none" if line else "currentColor",
                stroke="currentColor" if line else None,
                stroke_width=8 if line else None,
                stroke_linecap="round" if line else None,
                stroke_linejoin="round" if line else None,
            )
        )
    return tag(
        "svg",
        *drawn,
        viewBox="0 0 100 100",
        width="1.4em",
        height="1.4em",
        cls="emblem-svg",
        aria_hidden="true",
        focusable="false",
    )


def piece(label: str, *children: object, el: str, cls: str = "", info: str = "") -> Html:
    """A small piece of the board that carries board element keys (``el``: ``data-el``, whose
    actions the page offers on it), named ``label`` for a screen reader (the page makes it a
    button reachable by the keyboard when it has actions); ``info``: the key of its text."""
    return tag(
        "span",
        *children,
        cls=f"piece {cls}".strip(),
        data_el=el or None,
        data_info=info or None,
        role="group",
        aria_label=label,
    )
