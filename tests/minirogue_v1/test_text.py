"""Mini Rogue v1's words read as a native writer would set them (issue 11, item 11).

Japanese follows the project's glossary (docs/glossary.md): 体力 not HP, 経験値 not XP, 防御力
not アーマー, 普通 not ノーマル, 難しい not ハード, 易しい / 不可能 for Casual / Impossible, トラップ
for a Mini Rogue Trap; full-width punctuation next to Japanese. English: a/an by the sound of what
is filled in (``a Ice spell`` is wrong), die/dice agreement, no "(s)" plurals. The game's catalogue
and its board's are checked as written, and every message is also rendered with every name that
can fill it.
"""

from __future__ import annotations

import re
import string
import tomllib
from pathlib import Path

import pytest

import solotable.games.minirogue_v1 as pkg
from solotable.core.protocol import Event

from .helpers import G
from .test_catalogue import FAMILIES

ROOT = Path(pkg.__file__).resolve().parents[3]
CATALOGUES = (
    Path(pkg.__file__).parent / "messages.toml",
    ROOT / "solotable/games/minirogue_v1/messages_tui.toml",
)
JA = "\u3001-\u30ff\u3400-\u9fff\uff01-\uff5e"
REJECTED = {
    "アーマー": "防御力",
    "ノーマル": "普通",
    "ハード": "難しい",
    "カジュアル": "易しい",
    "インポッシブル": "不可能",
    "罠": "トラップ",
    "サイコロ": "ダイス",
}
REJECTED_WORDS = ("HP", "XP")


def entries() -> list[tuple[str, str, str]]:
    out = []
    for path in CATALOGUES:
        for key, entry in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if isinstance(entry, dict):
                out.append((key, entry["en"], entry["ja"]))
    return out


def words(text: str) -> str:
    """A message without its placeholders."""
    return re.sub(r"\{[^{}]*\}", " ", text)


@pytest.mark.parametrize(("key", "en", "ja"), entries())
def test_japanese_uses_the_glossary(key: str, en: str, ja: str) -> None:
    plain = words(ja)
    wrong = [f"{bad}→{good}" for bad, good in REJECTED.items() if bad in plain]
    wrong += [w for w in REJECTED_WORDS if re.search(rf"(?<![A-Za-z]){w}(?![A-Za-z])", plain)]
    assert not wrong, (key, ja)


@pytest.mark.parametrize(("key", "en", "ja"), entries())
def test_japanese_punctuation_is_full_width(key: str, en: str, ja: str) -> None:
    found = re.findall(rf"[{JA}] ?[(),:]|[(),:] ?[{JA}]", words(ja))
    assert not found, (key, ja)


@pytest.mark.parametrize(("key", "en", "ja"), entries())
def test_english_has_no_s_plurals_and_agrees_die_dice(key: str, en: str, ja: str) -> None:
    assert not re.search(r"\w\((?:s|es)\)", en), (key, en)
    assert not re.search(r"(?i)\b(?:a|one|1|each) dice\b", words(en)), (key, en)


def _values(family: str) -> list[str]:
    return [f"@{family}.{m}" for m in FAMILIES[family]]


PARAM_FAMILIES = {"spell": "mr1.spell", "ware": "mr1.ware", "card": "mr1.card", "item": "mr1.item",
                  "trap": "mr1.trap", "result": "mr1.event", "foe": "mr1.boss", "stat": "mr1.stat",
                  "option": "mr1.rest", "cost": "mr1.cost", "difficulty": "mr1.difficulty"}  # fmt: skip


def rendered(key: str, text: str) -> list[str]:
    """``key``'s English text with each name that can fill its first family placeholder, and
    numbers 1, 8 and 11 elsewhere."""
    fields = [f for _, f, _, _ in string.Formatter().parse(text) if f]
    named = [f for f in fields if f in PARAM_FAMILIES]
    fills = _values(PARAM_FAMILIES[named[0]]) if named else ["-"]
    out = []
    for fill in fills:
        for number in (1, 8, 11):
            params: dict[str, str | int] = {f: number for f in fields}
            for f in named:
                params[f] = fill if f == named[0] else _values(PARAM_FAMILIES[f])[0]
            out.append(G.catalogue.render(Event(key, params), "en"))
    return out


@pytest.mark.parametrize("key", sorted(G.catalogue.keys()))
def test_english_articles_fit_what_is_filled_in(key: str) -> None:  # "a Ice spell", "a 8"
    for text in rendered(key, G.catalogue.messages[key]["en"]):
        bad = re.findall(r"\b[Aa] (?:[AEIOUaeiou]\w*|8\d*|11|18)\b", text)
        bad = [b for b in bad if not re.match(r"(?i)a (one|use|uni|eu)", b)]
        assert not bad, (key, text)


HELP = {lang: G.help_text(lang) for lang in ("en", "ja")}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_help_stands_alone(lang: str) -> None:  # issue 11, item 12
    text = HELP[lang]
    assert not re.search(r"shared/|\.\./|docs/|/work/", text), lang
    for ruling in [f"R{n}" for n in range(1, 37)] + [f"P{n}" for n in range(1, 6)]:
        assert re.search(rf"(?<![A-Za-z0-9]){ruling}(?![0-9])", text), (lang, ruling)
    assert "`i`" in text  # every card's text in the game


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_help_holds_the_tables_a_player_reads(lang: str) -> None:  # §2, §5.3-5.7, §8
    text = HELP[lang]
    names = [G.catalogue.text(f"mr1.{k}", lang).split("（")[0].split(" (")[0] for k in (
        "event.whetstone", "trap.tripwire", "ware.bigpotion", "rest.food", "item.weapon", "boss.4", "level.5",
    )]  # fmt: skip
    for name in names:
        assert name in text, (lang, name)


def test_japanese_help_uses_the_glossary() -> None:
    plain = re.sub(r"`[^`]*`", " ", HELP["ja"])
    plain = re.sub(r"^    .*[a-z]:.*$", " ", plain, flags=re.M)  # the notation listing
    wrong = [bad for bad in REJECTED if bad in plain]
    wrong += [w for w in REJECTED_WORDS if re.search(rf"(?<![A-Za-z]){w}(?![A-Za-z])", plain)]
    assert not wrong
    assert not re.search(rf"[{JA}][(),:]|[(),:][{JA}]", plain)


def test_one_card_turned_up_is_one_card() -> None:
    """The physical-cards prompt, the line player's list and the review listed 'Cards turned up:
    Monster' for the single card of columns 1 and 3."""
    from solotable.core.protocol import Action

    state = G.new_state()
    one, two = Action("reveal", "monster"), Action("reveal", "monster", "trap")
    assert G.describe(state, one, "en") == "Card turned up: Monster"
    assert G.describe(state, two, "en") == "Cards turned up: Monster + Trap"
    assert G.describe(state, one, "ja") == "表になったカード：モンスター"


def test_the_waste_warning_says_at_or_near_the_maximum_in_japanese() -> None:
    """At Food 6/6 a Ration 'would be lost': the English says 'at or near its maximum', the
    Japanese said only 上限に近い (near it), which is not what the player sees."""
    ja = G.catalogue.text("mr1.warn.cap", "ja", stat="食料", lost=1)
    assert "上限に達しているか近い" in ja


def test_the_web_shows_each_wares_price_on_the_ware() -> None:  # §5.4
    """What a player reads at the Merchant's table: every ware with its price, on the piece itself
    (not only in its menu), in both languages."""
    from solotable.ui.web import boards

    from .helpers import new, play

    s = new(gold=10, food=3, hp=5, armor=0)
    play(s, "reveal:merchant")
    for lang, words in (("en", ("Ration (+1 Food), 1 gold", "Armor Piece (+1 Armor), 6 gold")),
                        ("ja", ("食料（食料+1）：金貨1", "防具（防御力+1）：金貨6"))):
        board, _ = boards.render("minirogue-v1", s.observation(0), lang)
        for w in words:
            assert w in board, (lang, w)
