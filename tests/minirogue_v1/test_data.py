"""cards.toml is read through core/data.py into typed, frozen models: every key known, every type
checked, and an error names the file, the line and the key."""

from __future__ import annotations

import dataclasses
import importlib
import re
from importlib import resources

import pytest

from solotable.core.data import DataError

mdata = importlib.import_module("solotable.games.minirogue_v1.data")  # the package exports data(), the loader

TEXT = resources.files("solotable.games.minirogue_v1").joinpath("cards.toml").read_text(encoding="utf-8")


def test_the_package_data_loads_into_frozen_models() -> None:
    d = mdata.data()
    assert d is mdata.data()  # loaded once
    assert d.levels[2].boss_hp == 20 and d.wares["bigpotion"].hp == 4 and d.spell_price == 8
    assert d.level_of_area[7] == 3 and d.pit_destination[5] == 8 and d.final_area == 14
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.levels[0].boss_hp = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    ("old", "new", "says", "exact"),
    [  # exact: the key's own line; otherwise its table's (an array of tables, a check of the table)
        ("boss_hp = 15", "boss_hp = 15.5", "level[1].boss_hp): expected a whole number", False),
        ("bigpotion = { price = 3, hp = 4 }", "bigpotion = { price = 3, hp = 4, mp = 2 }", "unknown key 'mp'", True),
        ('results = ["mold",', 'results = ["mould",', "(trap.results[0]): expected one of", True),
        ("pit_destination = { 1 = 3,", "pit_destination = { 1 = 1,", "(trap): a pit falls to a deeper area", False),
        ("fire_damage = 8", "fire_damage = true", "(spells.fire_damage): expected a whole number", True),
    ],
)
def test_a_bad_value_names_its_line_and_key(old: str, new: str, says: str, exact: bool) -> None:
    assert old in TEXT
    bad = TEXT.replace(old, new, 1)
    line = bad[: bad.index(new)].count("\n") + 1
    with pytest.raises(DataError) as caught:
        mdata.parse(bad)
    text = str(caught.value)
    assert says in text and "cards.toml" in text
    assert f"line {line} (" in text if exact else re.search(r"cards\.toml, line \d+ ", text), text
