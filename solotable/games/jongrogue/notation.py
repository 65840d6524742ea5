"""Tiles: the 27 number tiles (m1-m9, p1-p9, s1-s9) as ints 0..26, the labyrinth set, and the
loose notation a player may type in physical-tiles mode (5m, m5, 五萬, 東, ...)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from solotable.core.action import Action
from solotable.core.i18n import Catalogue
from solotable.core.protocol import IllegalAction

SUITS = ("m", "p", "s")
TILE_NAMES: tuple[str, ...] = tuple(f"{s}{n}" for s in SUITS for n in range(1, 10))
TILE_INDEX = {name: i for i, name in enumerate(TILE_NAMES)}
M, P, S = 0, 1, 2

# Labyrinth set (§3.3): the winds T N S P (East South West North) and the stairs tile R.
LAB_NAMES: tuple[str, ...] = ("T", "N", "S", "P", "R")
LAB_INDEX = {name: i for i, name in enumerate(LAB_NAMES)}
# The walls, in the order N E S W (0-3), and the wall a wind tile opens a door on (§7.3):
# 東 east, 南 south, 西 west, 北 north.
SIDES = ("N", "E", "S", "W")
SIDE_OF_WIND = (1, 2, 3, 0)
STAIRS = 4


def suit(t: int) -> int:
    return t // 9


def number(t: int) -> int:
    return t % 9 + 1


def tile(s: int, n: int) -> int:
    return s * 9 + n - 1


_KANJI_NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
              "伍": 5}
_SUIT_WORDS = {
    "m": "m", "man": "m", "manzu": "m", "萬": "m", "万": "m", "萬子": "m", "マン": "m", "characters": "m",
    "character": "m", "crak": "m", "wan": "m",
    "p": "p", "pin": "p", "pinzu": "p", "筒": "p", "筒子": "p", "ピン": "p", "circles": "p", "circle": "p",
    "dots": "p", "dot": "p",
    "s": "s", "sou": "s", "souzu": "s", "索": "s", "索子": "s", "ソウ": "s", "bamboo": "s", "bam": "s",
    "bams": "s",
}
_WIND_WORDS = {
    "t": "T", "e": "T", "east": "T", "東": "T", "ton": "T", "トン": "T",
    "n": "N", "south": "N", "南": "N", "nan": "N", "ナン": "N",
    "w": "S", "west": "S", "西": "S", "sha": "S", "シャー": "S",
    "north": "P", "北": "P", "pei": "P", "ペー": "P",
    "r": "R", "stairs": "R", "red": "R", "red5": "R", "pr": "R", "sr": "R", "階段": "R", "赤": "R",
}
_HONOURS = {"白": "W", "white": "W", "haku": "W", "發": "H", "発": "H", "green": "H", "hatsu": "H",
            "中": "C", "red dragon": "C", "chun": "C"}


def parse_tile(text: str) -> str | None:
    """A number tile typed loosely (``5m``, ``m5``, ``5 man``, ``五萬``, ``５ｍ``) as ``m5``."""
    raw = unicodedata.normalize("NFKC", text).strip().lower()
    raw = raw.replace(" ", "")
    for k, v in _KANJI_NUM.items():
        raw = raw.replace(k, str(v))
    m = re.fullmatch(r"(\d)(.+)", raw) or None
    if m:
        n, s = m.group(1), m.group(2)
    else:
        m = re.fullmatch(r"(.+?)(\d)", raw)
        if not m:
            return None
        s, n = m.group(1), m.group(2)
    su = _SUIT_WORDS.get(s)
    if su is None or n == "0":
        return None
    return f"{su}{n}"


def parse_lab(text: str) -> str | None:
    """A labyrinth tile typed loosely: a wind (東, east, T ...) or the stairs (red five)."""
    raw = unicodedata.normalize("NFKC", text).strip()
    if raw in LAB_INDEX:
        return raw
    low = raw.lower()
    if low in _WIND_WORDS:
        return _WIND_WORDS[low]
    if raw in _WIND_WORDS:
        return _WIND_WORDS[raw]
    if low in ("p5", "5p", "s5", "5s", "赤五筒", "赤五索"):
        return "R"
    return None


def honour(text: str) -> str | None:
    """A dragon tile (白 發 中): reserved for expansions, never drawn in this game."""
    raw = unicodedata.normalize("NFKC", text).strip().lower()
    return _HONOURS.get(raw)


SUIT_KANJI = {"m": "萬", "p": "筒", "s": "索"}


def glyph(name: str) -> str:
    """A number tile as players see it, in every language: ``m5`` is ``5萬``, ``p4`` is ``4筒``,
    ``s7`` is ``7索``. Anything else is returned as it is."""
    if len(name) == 2 and name[0] in SUIT_KANJI and name[1].isdigit():
        return name[1] + SUIT_KANJI[name[0]]
    return name


# -- tiles as a player names them, and what is said when a typed tile cannot be drawn ----------

MAX_TYPED = 30
"""A refusal shows at most this many characters of what was typed."""


def typed_name(cat: Catalogue, action: Action, lang: str) -> str | None:
    """How a player names the drawn tile of ``action`` (``tile:p5``, ``lab:T``) in ``lang``, in
    words that :func:`parse_tile` / :func:`parse_lab` read back: ``circles 5`` / ``5筒``,
    ``east`` / ``東`` (the catalogue's ``jr.typed.*``); None for anything else (a link row is
    its number)."""
    code = str(action.args[0]) if action.args else ""
    if action.name == "tile" and code in TILE_INDEX:
        return cat.text("jr.typed.tile", lang, n=code[1], suit=f"@jr.typed.suit.{code[0]}")
    if action.name == "lab" and code in LAB_INDEX:
        return cat.text(f"jr.typed.lab.{code}", lang)
    return None


def refusal(actions: Sequence[Action], text: str) -> IllegalAction:
    """Why ``text`` is no tile that can be drawn now (``actions``: the draw's outcomes), in
    tile names: not a tile of the kind drawn, or one the pile (or the labyrinth set) no longer
    holds; a link row, the rows to choose from."""
    raw = text.strip()
    body = raw.split(":", 1)[1] if ":" in raw else raw
    shown = "".join(ch if ch.isprintable() else "\ufffd" for ch in " ".join(body.split()))
    shown = shown[:MAX_TYPED] + ("…" if len(shown) > MAX_TYPED else "")
    kind = actions[0].name
    if kind == "tile":
        tile = parse_tile(body)
        if tile is not None and tile in TILE_INDEX:
            return IllegalAction("jr.err.tile_gone", tile=glyph(tile))
        lab = parse_lab(body)
        if lab is not None:
            return IllegalAction("jr.err.tile_is_lab", tile=f"@jr.typed.lab.{lab}")
        return IllegalAction("jr.err.tile_unread", typed=shown)
    if kind == "lab":
        lab = parse_lab(body)
        if lab is not None:
            return IllegalAction("jr.err.lab_gone", tile=f"@jr.labtile.{lab}")
        tile = parse_tile(body)
        if tile is not None and tile in TILE_INDEX:
            return IllegalAction("jr.err.lab_is_tile", tile=glyph(tile))
        return IllegalAction("jr.err.lab_unread", typed=shown)
    rows = sorted(int(str(a.args[0])) for a in actions if str(a.args[0]).isdigit())
    return IllegalAction("jr.err.link_row", typed=shown, a=rows[0] if rows else 1, b=rows[-1] if rows else 1)
