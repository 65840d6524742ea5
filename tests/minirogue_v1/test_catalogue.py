"""Every message Mini Rogue v1 can show exists in English and Japanese.

Three nets: (1) the source is scanned for message ids: every ``mr1.ev.*`` / ``mr1.warn.*`` /
``mr1.err.*`` literal, every full ``"mr1...."`` literal, and every key family built at
run time (``"@mr1.card." + name``, ``f"mr1.act.{name}"``), whose members are listed below from
the rules reference; (2) many random games render every event, every warning, every action label
and the table in both languages; (3) the Japanese texts are Japanese.
"""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest

import solotable.games.minirogue_v1 as pkg
from solotable import Action, IllegalAction
from solotable.core.i18n import explain

from .helpers import G, new, patient, play

SRC = Path(pkg.__file__).parent
FILES = ("state.py", "view.py", "__init__.py", *sorted(p.relative_to(SRC).as_posix() for p in SRC.glob("rules/*.py")))
CAT = G.catalogue
LANGS = ("en", "ja")

# Members of every key family, from the rules reference (card names §4.1, spells §3.4, items
# §5.3, wares §5.4, Resting §5.5, Event §5.6, Trap §5.7, levels/monsters/bosses §1.3/§5.1/§5.2,
# difficulties §2, feat costs §6.3, stats §3.1, the action notation of actions.py).
FAMILIES: dict[str, tuple[str, ...]] = {
    "mr1.card": ("monster", "treasure", "merchant", "resting", "event", "trap", "boss"),
    "mr1.spell": ("fire", "ice", "poison", "heal"),
    "mr1.item": ("armor", "weapon", "fire", "ice", "poison", "heal"),
    "mr1.ware": ("ration", "potion", "bigpotion", "armor", "fire", "ice", "poison", "heal"),
    "mr1.rest": ("xp", "food", "hp"),
    "mr1.event": ("ration", "potion", "loot", "whetstone", "shield", "monster"),
    "mr1.trap": ("mold", "tripwire", "acid", "blades", "walls", "pit"),
    "mr1.level": ("1", "2", "3", "4", "5"),
    "mr1.monster": ("1", "2", "3", "4", "5"),
    "mr1.boss": ("1", "2", "3", "4", "5"),
    "mr1.difficulty": ("casual", "normal", "hard", "impossible"),
    "mr1.cost": ("hp", "xp"),
    "mr1.stat": ("hp", "gold", "food", "armor"),
    "mr1.act": (
        "reveal",
        "roll",
        "d6",
        "take",
        "enter",
        "cast",
        "nospell",
        "discard",
        "buy",
        "sell",
        "leave",
        "rest",
        "check",
        "accept",
        "keep",
        "up",
        "down",
        "crit",
        "stop",
        "feat",
        "done",
    ),
    "mr1.cause": ("win", "monster", "boss", "trap", "starvation", "no_key"),
    "mr1.simstat": tuple(dict.fromkeys((*G.sim_means, G.sim_histogram))),
}

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def source() -> str:
    return "\n".join((SRC / name).read_text(encoding="utf-8") for name in FILES)


def is_japanese_or_symbols(text: str) -> bool:
    """Japanese characters, or nothing but symbols, digits and the abbreviations HP / XP."""
    if JAPANESE.search(text):
        return True
    rest = PLACEHOLDER.sub("", text).replace("HP", "").replace("XP", "")
    return not any(ch.isalpha() for ch in rest)


def check_text(text: str, lang: str, what: object) -> None:
    assert text.strip(), what
    assert "{" not in text and "}" not in text, (what, text)
    if lang == "ja":
        assert is_japanese_or_symbols(text), (what, text)


# ---- (1) the source -------------------------------------------------------------------------


def test_literal_keys_exist() -> None:
    found = set(re.findall(r"""["']@?(mr1\.[a-z0-9_.]*[a-z0-9_])["']""", source()))
    assert len(found) > 30
    missing = sorted(k for k in found if k not in CAT)
    assert not missing


def test_event_keys_exist() -> None:
    text = source()
    found = set(re.findall(r"""["']mr1\.((?:ev|warn|err)\.[a-z0-9_]+)["']""", text))
    assert {"ev.start", "ev.fall", "warn.key", "warn.cap"} <= found
    missing = sorted(k for k in found if "mr1." + k not in CAT)
    assert not missing


def test_key_families_are_known_and_complete() -> None:
    text = source()
    built = set(re.findall(r"""["']@?(mr1\.[a-z0-9_]+)\.["']\s*\+""", text))  # "@mr1.card." + name
    built |= set(re.findall(r"""f["']@?(mr1\.[a-z0-9_]+)\.\{""", text))  # f"mr1.act.{name}"
    assert {"mr1.card", "mr1.act", "mr1.spell", "mr1.boss", "mr1.monster"} <= built
    unknown = sorted(built - set(FAMILIES))
    assert not unknown, f"new key families {unknown}: list their members in FAMILIES"
    missing = sorted(f"{fam}.{m}" for fam, members in FAMILIES.items() for m in members if f"{fam}.{m}" not in CAT)
    assert not missing


def test_message_keys_hook_lists_the_catalogue() -> None:
    keys = set(G.message_keys())
    assert keys == set(CAT.keys())
    assert all(k.startswith("mr1.") for k in keys)


@pytest.mark.parametrize("key", sorted(CAT.keys()))
def test_every_message_has_both_languages(key: str) -> None:
    entry = CAT.messages[key]
    assert entry["en"].strip() and entry["ja"].strip()
    names = {lang: {f for _, f, _, _ in string.Formatter().parse(entry[lang]) if f} for lang in LANGS}
    assert names["en"] == names["ja"], key  # the same parameters in both languages
    assert is_japanese_or_symbols(entry["ja"]), entry["ja"]


# ---- (2) random games ------------------------------------------------------------------------


def _render_state(s: object, seen: dict[str, int], rng: random.Random) -> None:
    for event in s.events:
        seen[event.key] = seen.get(event.key, 0) + 1
        for lang in LANGS:
            check_text(G.event_text(event, lang), lang, event)
    actions = list(s.chance_table().actions) if s.is_chance() else s.legal_actions()
    for a in actions:
        for lang in LANGS:
            check_text(G.describe(s, a, lang), lang, a)
        if not s.is_chance():
            for w in s.warnings(a):
                seen[w.key] = seen.get(w.key, 0) + 1
                for lang in LANGS:
                    check_text(G.event_text(w, lang), lang, w)


@pytest.mark.parametrize("policy_name", ["uniform", "patient"])
def test_random_games_render_in_both_languages(policy_name: str) -> None:
    seen: dict[str, int] = {}
    causes: set[str] = set()
    for seed in range(300):
        rng = random.Random(seed)
        keys = seed % 2 == 1
        s = G.new_state(seed=seed, difficulty=("casual", "normal", "hard", "impossible")[seed % 4], keys=keys)
        step = 0
        while True:
            _render_state(s, seen, rng)
            if step % 5 == 0 or s.is_terminal():
                for lang in LANGS:
                    table = G.render_text(s, lang)
                    assert "{" not in table and "}" not in table
                    if lang == "ja":
                        assert JAPANESE.search(table)
            if s.is_terminal():
                break
            if s.is_chance():
                a = s.chance_table().sample(rng)
            elif policy_name == "uniform":
                a = rng.choice(s.legal_actions())
            else:
                a = patient(s, rng)
            s.apply(a)
            step += 1
        causes.add(s.result().details["cause"])
        for lang in LANGS:
            check_text(G.cause_label(s.result().details["cause"], lang), lang, "cause")
    assert causes <= set(FAMILIES["mr1.cause"])
    # the nets above really were cast: the common events all turned up
    for key in (
        "mr1.ev.start",
        "mr1.ev.reveal1",
        "mr1.ev.reveal2",
        "mr1.ev.roll",
        "mr1.ev.damage",
        "mr1.ev.defeated",
        "mr1.ev.eat",
        "mr1.ev.lose",
        "mr1.ev.trap",
        "mr1.ev.event",
    ):
        assert seen.get(key), key


def test_rare_events_render() -> None:
    """Events that random games rarely reach, played on purpose and rendered."""
    scenes = [
        new(area=12, hp=9, spells=["heal"]),
        new(keys=True, area=2, hp=20, food=0),
    ]
    play(scenes[0], "reveal:trap", "enter", "d6:6", "d6:6")  # no fall in Level 5
    s = scenes[1]
    play(s, "reveal:resting", "rest:hp", "reveal:merchant,trap")
    warnings = s.warnings(Action("take", "merchant"))
    play(s, "take:merchant", "buy:ration")
    warnings += s.warnings(Action("buy", "ration"))
    for w in warnings:
        for lang in LANGS:
            check_text(G.event_text(w, lang), lang, w)
    for scene in scenes:
        for event in scene.events:
            for lang in LANGS:
                check_text(G.event_text(event, lang), lang, event)


def test_cap_and_key_warnings_render() -> None:
    s = new(gold=5, food=6)
    play(s, "reveal:merchant")
    [w] = s.warnings(Action("buy", "ration"))
    assert "Food" in G.event_text(w, "en") and "食料" in G.event_text(w, "ja")


@pytest.mark.parametrize(("make", "action"), [
    (lambda: play(new(gold=0), "reveal:merchant"), Action("buy", "armor")),
    (lambda: play(new(gold=3), "reveal:merchant"), Action("fly")),
    (lambda: new(), Action("d6", 9)),
])  # fmt: skip
def test_errors_in_both_languages(make, action: Action) -> None:
    s = make()
    with pytest.raises(IllegalAction) as exc:
        s.apply(action)
    for lang in LANGS:
        check_text(explain(exc.value, lang), lang, exc.value)


def test_feat_error_in_both_languages() -> None:
    s2 = new(area=12, hp=10, armor=5, rank=2)
    play(s2, "reveal:monster", "d6:6", "roll:2,3", "feat:1,hp", "d6:4")
    with pytest.raises(IllegalAction) as exc:
        s2.apply(Action("feat", 1, "hp"))
    for lang in LANGS:
        check_text(explain(exc.value, lang), lang, exc.value)


@pytest.mark.parametrize("key", sorted(CAT.keys()))
def test_level_and_rank_stay_distinct_in_japanese(key: str) -> None:
    """§0 conventions and §11.1: Level is 階層 (the door to the next level 下層), Rank is ランク."""
    en, ja = CAT.messages[key]["en"], CAT.messages[key]["ja"]
    if re.search(r"\blevels?\b", en, re.IGNORECASE):
        assert "層" in ja, (key, ja)
    if re.search(r"\branks?\b", en, re.IGNORECASE):
        assert "ランク" in ja, (key, ja)
    assert "レベル" not in ja, (key, ja)
