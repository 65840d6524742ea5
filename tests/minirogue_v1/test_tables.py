"""The tables of the rules reference as the player reads them: every d6 table of the rules in
short (``solotable rules minirogue-v1``, ``help`` in a game) shows one row a line, in English and
Japanese, with the numbers of the rules reference (§5.3, §5.6, §5.7)."""

from __future__ import annotations

import pytest

import solotable
from solotable.ui.cli import help_page

G = solotable.load("minirogue-v1")

# The first and the last row of each d6 table, as the rules in short write them.
ROWS = {
    "en": [
        ("1   Armor Piece: +1 Armor", "6   Healing Spell: gain a Heal spell (+8 HP)"),
        ("1   Found Ration: +1 Food", "6   Monster: fight an Event monster"),
        ("1   Mold Miasma     -1 Food", "6   Pit             -2 HP, then fall to the area below"),
    ],
    "ja": [
        ("1   防具：防御力+1", "6   治癒の呪文：治癒の呪文を得る（体力+8）"),
        ("1   食料発見：食料+1", "6   モンスター：モンスター（イベント）と戦う"),
        ("1    カビの瘴気   食料−1", "6    落とし穴     体力−2、真下のエリアへ落下"),
    ],
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_d6_table_of_the_rules_in_short_shows_one_row_a_line(lang: str) -> None:
    # Until now the item, Event and Trap tables followed a numbered step, so Markdown read them
    # as that step's paragraph and printed all six rows run together on a few wrapped lines.
    lines = help_page(G, lang, width=120).split("\n")
    for first, last in ROWS[lang]:
        start = next(n for n, line in enumerate(lines) if line.startswith(first))
        assert all(lines[start + k].startswith(f"{k + 1} ") for k in range(6)), lines[start : start + 6]
        assert lines[start + 5].startswith(last)
