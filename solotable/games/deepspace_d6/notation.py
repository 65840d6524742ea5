"""What a player types for Deep Space D-6, read loosely: crew faces by number or name (en/ja),
and threat cards by name in either language, as they come to mind (``raiders``, ``bomber``,
``space pirate``, ``interceptor``, ``れいだーず``), told apart by what differs between cards of
one name: their activation values (``bomber 34``) or their damage (``bomber 24 -2``)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from .data import Card

T = TypeVar("T")

FACE_WORDS: dict[str, int] = {}
"""Words a player may type for a face (any case; Japanese as in the glossary)."""
for _i, _words in enumerate((
    ("1", "com", "c", "commander", "コマンダー", "指揮"),
    ("2", "tac", "t", "tactical", "戦術", "戦術担当"),
    ("3", "med", "m", "medical", "医療", "医療担当"),
    ("4", "sci", "s", "science", "科学", "科学担当"),
    ("5", "eng", "e", "engineering", "技術", "技術担当"),
    ("6", "thr", "x", "threat", "脅威", "脅威発見", "脅威発見！", "threat detected"),
)):  # fmt: skip
    for _w in _words:  # typed text is NFKC-normalized and lower-cased: so are the words
        FACE_WORDS[unicodedata.normalize("NFKC", _w).lower()] = _i


def normal(text: str) -> str:
    """Typed text as compared: NFKC (full-width letters and digits), lower case, hiragana as
    katakana, the minus sign as ``-``."""
    text = unicodedata.normalize("NFKC", text).strip().lower().replace("−", "-")
    return "".join(chr(ord(ch) + 0x60) if "ぁ" <= ch <= "ゖ" else ch for ch in text)


def faces(body: str) -> list[int]:
    """A roll typed as pips (``1 3 3``, ``133``) or face names; ``[-9]`` if it is no roll."""
    out: list[int] = []
    for token in re.split(r"[\s,、，/]+", body):
        if not token:
            continue
        if token.isdigit():
            out.extend(int(ch) - 1 for ch in token if ch in "123456")
        elif token in FACE_WORDS:
            out.append(FACE_WORDS[token])
        else:
            return [-9]  # not a roll: the parser reports the legal outcomes
    return out


def _key(name: str) -> str:
    """A name as compared: letters and kana only."""
    return re.sub(r"[\s・!！'’\-.,、。:：]+", "", normal(name))


def _distance(a: str, b: str) -> int:
    """Levenshtein's edit distance (short names: a plain table is enough)."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def _score(typed: str, name: str) -> float:
    """How well ``typed`` names ``name`` (both keys): 4 the same, 3 one starts the other
    (``raider``), 2 inside it (``pirates``), under 1 a near spelling (``interceptor``), 0 not."""
    if typed == name:
        return 4.0
    if len(typed) >= 3 and (name.startswith(typed) or typed.startswith(name)):
        return 3.0
    if len(typed) >= 4 and typed in name:
        return 2.0
    near = max(1, len(name) // 5)
    if len(typed) >= 5 and abs(len(typed) - len(name)) <= near:  # the distance is at least that
        d = _distance(typed, name)
        if d <= near:
            return 1.0 - d / 10
    return 0.0


def split(text: str) -> tuple[str, set[int], int | None]:
    """A card as typed: its name, the activation values typed after it (``46``, ``4, 6``) and a
    damage typed as ``-2``."""
    text = normal(text)
    damage = re.findall(r"-\s*(\d)", text)
    text = re.sub(r"-\s*\d", " ", text)
    values = {int(d) for d in re.findall(r"[1-6]", text)}
    name = re.sub(r"[\d,\s]+", " ", text).strip()
    return name, values, int(damage[0]) if damage else None


def find(text: str, options: Sequence[T], card: Callable[[T], Card], names: Callable[[Card], Iterable[str]]) -> list[T]:
    """The options (cards, or threats in play) ``text`` may mean: the best matches of the name in
    either language, narrowed by the activation values and the damage typed. Empty: nothing
    matches; several: the text does not tell them apart."""
    name, values, damage = split(text)
    typed = _key(name)
    if not typed:
        return []
    scored = [(max((_score(typed, _key(n)) for n in names(card(o))), default=0.0), o) for o in options]
    best = max((score for score, _ in scored), default=0.0)
    if best <= 0:
        return []
    found = [o for score, o in scored if score == best]
    if values:  # what was typed must hold: the activation values, or some of them
        exact = [o for o in found if set(card(o).activation) == values]
        found = exact or [o for o in found if values <= set(card(o).activation)]
    if damage is not None:
        found = [o for o in found if card(o).damage == damage]
    return found
