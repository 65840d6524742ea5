"""Every message catalogue of the package reads as a native writer would set it (issue 11, item 11).

Japanese: full-width punctuation in Japanese sentences, nothing stranded at a line start or end,
nothing left in English or in codes, and the terms of ``docs/glossary.md`` (no rejected variant).
English: a/an by the sound, die/dice agreement, no "(s)" plurals.

Every catalogue passes whole. :data:`KNOWN` would list an offending message id, per catalogue
and per check, while it is being fixed (an entry that no longer offends fails
:func:`test_known_offenders_are_current`, so the list only shrinks); it is empty.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "solotable").rglob("messages*.toml"))
SHARED = (
    "solotable/core/messages.toml",
    "solotable/sim/messages.toml",
    "solotable/ui/messages.toml",
    "solotable/ui/tui/messages.toml",
    "solotable/ui/web/messages.toml",
)

JA = "\u3001-\u30ff\u3400-\u9fff\uff01-\uff5e"
"""Japanese characters: kana, kanji, full-width punctuation and forms."""

REJECTED = {
    # docs/glossary.md: a rejected variant and the glossary's term
    "アーマー": "防御力",
    "守備力": "防御力",
    "生命力": "体力",
    "ノーマル": "普通",
    "ハード": "難しい",
    "カジュアル": "易しい",
    "インポッシブル": "不可能",
    "ハーダー": "困難",
    "フロア": "階層",
    "ゴールド": "金貨",
    "食糧": "食料",
    "技能チェック": "スキル判定",
    "会心の一撃": "クリティカル",
    "サイコロ": "ダイス",
    "召集": "招集",
    "Don't Panic": "ドント・パニック",
}
REJECTED_WORDS = {"HP": "体力", "XP": "経験値", "random": "ランダム"}
"""Latin words the glossary writes in Japanese in Japanese text."""

ALLOWED_LATIN = frozenset(
    (
        "solotable", "Enter", "Escape", "Esc", "Tab", "PgUp", "PgDn", "Home", "End", "Shift", "Ctrl",
        "EZ", "JSON", "TOML", "UTF", "CPU", "MCTS", "mcts", "expectimax", "oracle", "heuristic", "random", "Ray",
        "pip", "install", "matplotlib", "sim", "tqdm", "SQLite", "BGA", "USS", "Crypsis", "English", "en", "ja",
        "undo", "save", "hint", "show", "lang", "help", "quit", "exit", "info", "Wilson", "PNG", "CSV", "yes", "no",
        "on", "off", "preset", "allowed", "ez", "plus", "NAME", "GAME", "FILE", "LISTING", "ID", "play", "resume",
        "replay", "rules", "games", "minirogue", "jongrogue", "deepspace", "agent", "hard", "normal", "ray", "local",
        "web", "DB", "review",
        # HTTP names and values a server's operator or an API client types: headers, cookie flags, JSON
        "https", "Forwarded", "For", "Proto", "Cookie", "Secure", "Content", "Type", "application", "json",
        "practice", "true",
    )
)
"""Latin words that may stand in Japanese text: names, keys, typed commands and values."""


def load(name: str) -> dict[str, dict[str, str]]:
    data = tomllib.loads((ROOT / name).read_text(encoding="utf-8"))
    return {key: entry for key, entry in data.items() if isinstance(entry, dict)}


def _plain(text: str) -> str:
    """The words of a message: placeholders, `code`, Textual markup tags and typed notations out."""
    text = re.sub(r"\{[^{}]*\}", " ", text)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\[/?(?:b|i|u|@[^\]]*)?\]", " ", text)  # [b] [/b] [/] [@click=...]
    text = re.sub(r"%\(\w+\)s|'[^']*'|\S+=\S+", " ", text)  # argparse's %(prog)s, quoted commands, NAME=V1,V2
    text = re.sub(r"--[\w-]+|\b[a-z][\w-]*:[\w,|:-]+|\S+\.(?:json|toml|sqlite3|md|png|csv)\b|\b[a-z]+://\S*", " ", text)
    return text


# -- the checks: each takes a message's en and ja texts and returns what is wrong ("" if nothing) --


def ascii_punctuation(en: str, ja: str) -> str:
    found = re.findall(rf"[{JA}] ?[(),:]|[(),:] ?[{JA}]", _plain(ja))
    return f"ASCII punctuation by Japanese text: {found}" if found else ""


def stranded(en: str, ja: str) -> str:
    lines = ja.split("\n")
    bad = [ln for ln in lines[1:] if ln.lstrip()[:1] in ("。", "、", "）")]
    bad += [ln for ln in lines[:-1] if ln.rstrip().endswith("（")]
    return f"stranded at a line start or end: {bad}" if bad else ""


def english_left(en: str, ja: str) -> str:
    words = re.findall(r"[A-Za-z][A-Za-z']+", _plain(ja))
    left = [w for w in words if w not in ALLOWED_LATIN and w.rstrip("'s") not in ALLOWED_LATIN]
    left = [w for w in left if w not in REJECTED_WORDS]  # said by the glossary check
    if left and ja == en and not re.search(f"[{JA}]", ja):
        return f"not translated: {ja!r}"
    return f"English or codes in Japanese: {left}" if left else ""


def glossary(en: str, ja: str) -> str:
    wrong = [f"{bad}→{good}" for bad, good in REJECTED.items() if bad in ja]
    plain = _plain(ja)
    wrong += [
        f"{bad}→{good}" for bad, good in REJECTED_WORDS.items() if re.search(rf"(?<![A-Za-z]){bad}(?![A-Za-z])", plain)
    ]
    return f"not the glossary's term: {wrong}" if wrong else ""


_VOWEL_SOUND_OK = re.compile(r"(?i)(one|once|use|usu|uni|eu|ur|u[bcdfghjklmnprstvwxz][aeiou])")
_AN_OK = re.compile(r"(?i)(hour|honest|honou?r|heir|HP\b|XP\b|FAQ|MR\b|RNG|SVG|NPC|LP\b|[flmnrsx]\b)")
"""Words after "an" that start with a vowel sound: silent h, initialisms, and a letter read by its
name ("an m tile": em; JongRogue's suits m, p, s)."""


def middle_dot(en: str, ja: str) -> str:
    """Japanese separates with the full-width ・, not the Latin · (which stays only as a board's
    mark, written alone)."""
    found = re.findall(r"[^\s、。・：（「] · \S", ja)
    return f"· where Japanese writes ・: {found}" if found else ""


def articles(en: str, ja: str) -> str:
    text = _plain(en)
    bad = [m[0] for m in re.finditer(r"\b[Aa] ([aeiouAEIOU]\w*)", text) if not _VOWEL_SOUND_OK.match(m[1])]
    bad += [m[0] for m in re.finditer(r"\b[Aa]n ([b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z]\w*)", text) if not _AN_OK.match(m[1])]
    bad += re.findall(r"\b[Aa] (?:8\d*|11|18)\b", text)
    bad += [m.group(0) for m in re.finditer(r"\b[Aa]n (\d+)\b", text) if not re.match(r"8|11$|18$", m[1])]
    return f"a/an: {bad}" if bad else ""


def dice(en: str, ja: str) -> str:
    text = _plain(en)
    bad = re.findall(r"(?i)\b(?:a|one|1|each|every|this|that|single|another) dice\b", text)
    bad += re.findall(r"(?i)\b(?:two|three|four|five|six|[2-9]|\d\d+|several|both|these|those|many|all) die\b", text)
    return f"die/dice: {bad}" if bad else ""


def plurals(en: str, ja: str) -> str:
    found = re.findall(r"\w+\((?:s|es)\)", en)
    return f"(s) plural: {found}" if found else ""


CHECKS: dict[str, Callable[[str, str], str]] = {
    "ascii_punctuation": ascii_punctuation,
    "stranded": stranded,
    "english_left": english_left,
    "glossary": glossary,
    "middle_dot": middle_dot,
    "articles": articles,
    "dice": dice,
    "plurals": plurals,
}

KNOWN: dict[str, dict[str, set[str]]] = {
    # Message ids that fail a check today, per catalogue: empty since every catalogue was fixed.
    # A new entry needs a reason; a stale one fails below.
}


def offenders(name: str, check: str) -> dict[str, str]:
    test = CHECKS[check]
    out = {}
    for key, entry in load(name).items():
        said = test(entry.get("en", ""), entry.get("ja", ""))
        if said:
            out[key] = said
    return out


def test_every_catalogue_is_checked() -> None:
    assert set(SHARED) <= set(CATALOGUES) and len(CATALOGUES) >= 12
    assert set(KNOWN) <= set(CATALOGUES) and not set(KNOWN) & set(SHARED)


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("name", CATALOGUES)
def test_catalogue_text(name: str, check: str) -> None:
    known = KNOWN.get(name, {}).get(check, set())
    found = {key: said for key, said in offenders(name, check).items() if key not in known}
    assert not found, "\n".join(f"{name} [{key}] {said}" for key, said in sorted(found.items()))


def test_known_offenders_are_current() -> None:
    stale = []
    for name, checks in KNOWN.items():
        for check, keys in checks.items():
            now = offenders(name, check)
            stale += [f"{name} [{key}] {check}" for key in sorted(keys) if key not in now]
    assert not stale, "fixed now, remove from KNOWN:\n" + "\n".join(stale)


@pytest.mark.parametrize(
    ("check", "en", "ja", "wrong"),
    [
        ("ascii_punctuation", "Seed: 4", "シード: 4", True),
        ("ascii_punctuation", "Seed: 4", "シード：4", False),
        ("ascii_punctuation", "(y/n)", "実行しますか？ (y/n)", True),
        ("ascii_punctuation", "buy", "記法：buy:potion", False),
        ("stranded", "", "長い文\n。次", True),
        ("stranded", "", "長い文（\n注）", True),
        ("stranded", "", "長い文。\n次の文", False),
        ("glossary", "seed random", "シード random", True),
        ("english_left", "faces", "com tac", True),
        ("english_left", "type save FILE", "save ファイル名 と入力", False),
        ("glossary", "Armor", "アーマー", True),
        ("glossary", "Don't Panic", "Don't Panic 3枚", True),
        ("middle_dot", "a · b", "スクロール · Enter で閉じる", True),
        ("middle_dot", "a · b", "スクロール・Enter で閉じる", False),
        ("glossary", "HP", "HPが0", True),
        ("glossary", "HP", "体力が0", False),
        ("articles", "a armor piece", "", True),
        ("articles", "an monster", "", True),
        ("articles", "an HP potion and a unit", "", False),
        ("articles", "a 8", "", True),
        ("dice", "roll one dice", "", True),
        ("dice", "two die", "", True),
        ("dice", "each die and both dice", "", False),
        ("plurals", "card(s)", "", True),
    ],
)
def test_the_checks_find_what_they_should(check: str, en: str, ja: str, wrong: bool) -> None:
    assert bool(CHECKS[check](en, ja)) is wrong
