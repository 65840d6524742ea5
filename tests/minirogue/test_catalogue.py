"""Every message in English and Japanese; every event and action of many games renders."""

from __future__ import annotations

import random

from solotable.core.i18n import explain
from solotable.core.protocol import IllegalAction

from .helpers import G


def test_every_message_has_en_and_ja() -> None:
    cat = G.catalogue
    for key in G.message_keys():
        assert key.startswith("mr.")
        for lang in ("en", "ja"):
            assert cat.messages[key][lang].strip()
    ja = [cat.messages[k]["ja"] for k in G.message_keys()]
    assert sum(1 for t in ja if any(ord(ch) > 0x3000 for ch in t)) > 0.9 * len(ja)


def test_glossary_terms() -> None:
    t = G.catalogue.text
    assert t("mr.name.og", "ja") == "始祖の残骸"
    assert t("mr.char.crusader", "ja") == "戦士" and t("mr.skill.foresee", "ja") == "予見"
    assert t("mr.difficulty.harder", "ja") == "困難" and t("mr.status.blind", "ja") == "盲目"


def test_everything_renders_in_both_languages() -> None:
    seen: set[str] = set()
    for seed in range(60):
        opts = {"character": ("rogue", "priestess", "crusader", "mage")[seed % 4]}
        if seed % 2:
            opts["partner"] = ("mage", "crusader", "rogue", "priestess")[seed % 4]
        s = G.new_state(seed=seed, **opts)
        rng = random.Random(seed)
        while not s.is_terminal():
            for lang in ("en", "ja"):
                G.render_text(s, lang)
                for entry in G.info_entries(s, lang):
                    assert entry.text and "{" not in entry.text
            if s.is_chance():
                a = s.chance_table().sample(rng)
                G.describe(s, a, "ja")
            else:
                legal = s.legal_actions()
                for x in legal:
                    for lang in ("en", "ja"):
                        assert G.describe(s, x, lang)
                a = legal[int(rng.random() * len(legal))]
            s.apply(a)
            for e in s.events:
                seen.add(e.key)
                for lang in ("en", "ja"):
                    assert "{" not in G.event_text(e, lang)
    assert len(seen) > 40


def test_errors_are_localized() -> None:
    s = G.new_state()
    try:
        s.apply(G.parse_action(s, "bogus"))
    except IllegalAction as exc:
        assert explain(exc, "ja") and explain(exc, "en")
    for lang in ("en", "ja"):
        assert G.help_text(lang).count("D3") >= 1 and "MR-P4" in G.help_text(lang)
