"""Tiles: the 27 number tiles (m1-m9, p1-p9, s1-s9) as ints 0..26, the labyrinth set, and the
loose notation a player may type in physical-tiles mode (5m, m5, 五萬, 東, ...)."""

from __future__ import annotations

import re
import unicodedata

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
