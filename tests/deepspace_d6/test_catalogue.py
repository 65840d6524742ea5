"""Every message Deep Space D-6 can show exists in English and Japanese.

Three nets: (1) the source is scanned for message ids (full ``"ds6...."``
literals, and key families built at run time, whose members are listed below from the rules
reference); (2) random games render every event, action label and the table in both
languages; (3) the Japanese texts are Japanese and use the glossary's terms (§10).
"""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest

import solotable.games.deepspace_d6 as pkg
from solotable import Action, IllegalAction
from solotable.agents.registry import make_agent
from solotable.core.i18n import explain
from solotable.games.deepspace_d6.actions import INST_OF

from .helpers import DECK, G, new, play, put, set_health

SRC = Path(pkg.__file__).parent
FILES = (*sorted(p.relative_to(SRC).as_posix() for p in (SRC / "rules").glob("*.py")), "state.py", "view.py",
         "observation.py", "__init__.py")
CAT = G.catalogue
LANGS = ("en", "ja")

FAMILIES: dict[str, tuple[str, ...]] = {
    "ds6.card": tuple(DECK),
    "ds6.text": tuple(DECK),
    "ds6.face": ("com", "tac", "med", "sci", "eng", "thr"),
    "ds6.station": ("commander", "tactical", "medical", "science", "engineering"),
    "ds6.where": ("pool", "unassigned", "scanners", "station", "stasis", "mission", "distracted", "returned",
                  "infirmary"),
    "ds6.difficulty": ("beginner", "easy", "normal", "hard"),
    "ds6.level": ("beginner", "easy", "normal", "hard"),
    "ds6.length": ("full", "short", "quick"),
    "ds6.act": ("roll", "threat", "draw", "change", "reroll", "fire", "hit", "stop", "free", "release", "shields",
                "stasis", "repair", "mission", "end", "send", "distract", "recall", "done"),
    "ds6.cause": ("win", "hull", "crew"),
    "ds6.simstat": tuple(dict.fromkeys((*G.sim_means, G.sim_histogram))),
    "ds6.threat": tuple(INST_OF),  # built from ds6.card, ds6.text and ds6.ref (view.card_messages)
    "ds6.name": tuple(INST_OF),
}
GLOSSARY = {  # §10: English term -> the Japanese term it must appear as
    "Infirmary": "医務室",
    "Scanners": "スキャナー",
    "Stasis Beam": "ステイシスビーム",
    "Away mission": "派遣任務",
    "Returned": "帰還",
}
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def source() -> str:
    return "\n".join((SRC / name).read_text(encoding="utf-8") for name in FILES)


def check_text(text: str, lang: str, what: object) -> None:
    assert text.strip(), what
    assert "{" not in text and "}" not in text, (what, text)
    if lang == "ja":
        assert JAPANESE.search(text) or not any(ch.isalpha() for ch in PLACEHOLDER.sub("", text)), (what, text)


def test_literal_keys_exist() -> None:
    found = set(re.findall(r"""["']@?(ds6\.[a-z0-9_.]*[a-z0-9_])["']""", source()))
    missing = sorted(k for k in found if k not in CAT)
    assert not missing


def test_event_keys_exist() -> None:
    text = source()
    found = set(re.findall(r"""["']ds6\.((?:ev|err)\.[a-z0-9_]+)["']""", text))
    assert len(found) > 30
    missing = sorted(k for k in found if "ds6." + k not in CAT)
    assert not missing


def test_key_families_are_known_and_complete() -> None:
    text = source()
    built = set(re.findall(r"""["']@?(ds6\.[a-z0-9_]+)\.["']\s*\+""", text))
    built |= set(re.findall(r"""f["']@?(ds6\.[a-z0-9_]+)\.\{""", text))
    assert {"ds6.card", "ds6.face", "ds6.act"} <= built
    unknown = sorted(built - set(FAMILIES))
    assert not unknown, f"new key families {unknown}: list their members in FAMILIES"
    missing = sorted(f"{fam}.{m}" for fam, members in FAMILIES.items() for m in members if f"{fam}.{m}" not in CAT)
    assert not missing


def test_message_keys_hook_lists_the_catalogue() -> None:
    assert set(G.message_keys()) == set(CAT.keys())
    assert all(k.startswith("ds6.") for k in CAT.messages)


@pytest.mark.parametrize("key", sorted(CAT.keys()))
def test_every_message_has_both_languages(key: str) -> None:
    entry = CAT.messages[key]
    names = {lang: {f for _, f, _, _ in string.Formatter().parse(entry[lang]) if f} for lang in LANGS}
    assert names["en"] == names["ja"], key
    check_text(PLACEHOLDER.sub("", entry["ja"]) or "-", "ja", key)
    for en, ja in GLOSSARY.items():
        if en.lower() in entry["en"].lower():
            assert ja in entry["ja"], (key, en, entry["ja"])


def _render(s: object, seen: dict[str, int]) -> None:
    for event in s.events:
        seen[event.key] = seen.get(event.key, 0) + 1
        for lang in LANGS:
            check_text(G.event_text(event, lang), lang, event)
    actions = list(s.chance_table().actions)[:30] if s.is_chance() else s.legal_actions()
    for a in actions:
        for lang in LANGS:
            check_text(G.describe(s, a, lang), lang, a)


@pytest.mark.parametrize("policy", ["uniform", "heuristic"])
def test_random_games_render_in_both_languages(policy: str) -> None:
    bot = make_agent("heuristic", "deepspace-d6")
    seen: dict[str, int] = {}
    for seed in range(120):
        rng = random.Random(seed)
        s = G.new_state(seed=seed, difficulty=("beginner", "easy", "normal", "hard")[seed % 4])
        step = 0
        while True:
            _render(s, seen)
            if step % 7 == 0 or s.is_terminal():
                for lang in LANGS:
                    table = G.render_text(s, lang)
                    assert "{" not in table and "}" not in table
                    if lang == "ja":
                        assert JAPANESE.search(table)
            if s.is_terminal():
                break
            if s.is_chance():
                a = s.chance_table().sample(rng)
            else:
                a = rng.choice(s.legal_actions()) if policy == "uniform" else bot.choose(s, rng)
            s.apply(a)
            step += 1
        for lang in LANGS:
            check_text(G.cause_label(s.result().details["cause"], lang), lang, "cause")
    for key in ("ev.start", "ev.roll", "ev.draw_ext", "ev.draw_int", "ev.threat_roll", "ev.damage", "ev.lose",
                "ev.activates", "ev.gather", "ev.round"):  # fmt: skip
        assert seen.get("ds6." + key), key


@pytest.mark.parametrize(("make", "action"), [
    (lambda: new("i3", faces="com tac med sci eng eng"), Action("reroll")),
    (lambda: new("i9", faces="com tac med sci eng eng", hull=5), Action("repair", 1)),
    (lambda: new("i4", faces="com tac med sci eng eng", shields=1), Action("shields")),
    (lambda: new("e1", faces="com tac med sci eng eng"), Action("fly")),
    (lambda: new("e1"), Action("threat", 9)),
])  # fmt: skip
def test_errors_in_both_languages(make, action: Action) -> None:
    s = make()
    with pytest.raises(IllegalAction) as exc:
        s.apply(action)
    for lang in LANGS:
        check_text(explain(exc.value, lang), lang, exc.value)


def test_rare_events_render() -> None:
    scenes = []
    s = new("e16", "e20", "e15", faces="tac tac tac med sci eng")
    set_health(s, "e16", 1)
    play(s, "fire:1", "hit:e16")
    scenes.append(s)
    s2 = new(faces="tac tac tac med sci eng", deck=0)
    put(s2, "e21")
    s2.hull = 7
    play(s2, "end")
    scenes.append(s2)
    for scene in scenes:
        for event in scene.events:
            for lang in LANGS:
                check_text(G.event_text(event, lang), lang, event)


def test_help_and_rulings_in_both_languages() -> None:
    en = G.help_text("en")
    ja = G.help_text("ja")
    for n in range(1, 16):
        assert f"R{n}." in en and f"R{n}." in ja, n
    assert "DS-P1" in en and "DS-P1" in ja
    assert JAPANESE.search(ja)
