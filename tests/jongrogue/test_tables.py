"""The rules in short (``solotable rules jongrogue``, ``help`` in a game) say what the game plays,
table by table of the rules reference."""

from __future__ import annotations

import pytest

from solotable.ui.cli import help_page

from .helpers import G, do
from .test_trigger_table import awake, in_melee


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "Every kill draws its drop check, a drop value of 0 included"),
        ("ja", "ドロップ判定の牌は、ドロップ値0のモンスターを倒したときも引きます"),
    ],
)
def test_the_rules_in_short_say_a_drop_value_of_0_still_draws_its_tile(lang: str, says: str) -> None:
    # §7.11.9 as written (JR-P9): the drop check's 1d9 is drawn for every kill. The game has
    # played it so since issue 20, but the rules in short still said a drop value of 0 drew none.
    page = " ".join(help_page(G, lang, width=400).split())
    assert says in page
    assert "draws no tile" not in page and "判定の牌を引きません" not in page
    s = in_melee(awake("m2"))  # an emu: drop value 0 (§7.12)
    s.slots[4][0].hp = 1
    do(s, "hit:1", "m9", "m9")  # 18: the kill
    assert s.is_chance() and s.phase.name == "drop_check"


def test_the_japanese_rules_in_short_say_every_floor_is_3_by_3_rooms() -> None:
    # §6.2, §7.1 map.rooms: every floor is 3x3 rooms ("A floor is 3×3 rooms"); the Japanese page
    # said 1階は ("floor 1 is"), as if only the first floor were.
    page = " ".join(help_page(G, "ja", width=400).split())
    assert "各階は3×3の部屋" in page and "1階は3×3" not in page
