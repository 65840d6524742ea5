"""What JongRogue's table says in words, as a player reads it: numbers agree with their nouns
("1 tiles" was shown when one tile was left), and Japanese sentences follow one another with no
ASCII space after the full stop ("徘徊：あり。 状態：…", as English joins them)."""

from __future__ import annotations

import random
import re

import solotable
from solotable.core.i18n import message
from solotable.core.protocol import CHANCE
from solotable.ui.web.boards import render

G = solotable.load("jongrogue")
CJK = "\u3040-\u30ff\u4e00-\u9fff"
SPACED = re.compile(rf"[。、] +[{CJK}]")


def test_one_tile_is_not_one_tiles() -> None:
    from solotable.core.web_pieces import Words

    web = Words("solotable.games.jongrogue")
    for text in (
        web("web.jr.piles", "en", pile=1, discard=1),
        message("jr.info.food", "en", food=1, max=9, pile=1, discard=1, floor_tiles=36),
    ):
        assert not re.search(r"\b1 tiles\b", text), text


def test_japanese_sentences_are_not_spaced_apart() -> None:
    seen = 0
    for seed, rules in ((1, "ez"), (2, "ez-plus"), (3, "ez-plus"), (4, "ez-plus")):
        rng = random.Random(seed)
        state = G.new_state(rules=rules)
        for _ in range(400):
            if state.is_terminal():
                break
            for entry in G.info_entries(state, "ja"):
                assert not SPACED.search(entry.text), entry
                seen += 1
            _, infos = render("jongrogue", state.observation(), "ja")
            for info in infos.values():
                assert not SPACED.search(str(info["body"])), info
            if state.to_move == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0])
            else:
                state.apply(rng.choice(state.legal_actions()))
    assert seen > 300


def test_japanese_losses_use_the_minus_sign() -> None:
    """体力 -2 and 金塊を盗まれた：-3 used the ASCII hyphen where JongRogue's Japanese writes
    the minus sign everywhere else (強さ−1, 船体−2)."""
    import tomllib
    from pathlib import Path

    import solotable.games.jongrogue as pkg

    for name in ("messages.toml", "messages_tui.toml", "messages_web.toml"):
        data = tomllib.loads((Path(pkg.__file__).parent / name).read_text(encoding="utf-8"))
        for key, entry in data.items():
            ja = entry.get("ja", "") if isinstance(entry, dict) else ""
            assert not re.search(r"(^|[\s：（、])-(\{|\d)", ja), (name, key, ja)
