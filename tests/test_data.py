"""Typed game data: TOML into frozen dataclasses, every error with its line."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import pytest

from solotable.core.data import DataError, build, invalid, line_of
from solotable.core.untrusted import parse_toml


@dataclass(frozen=True, slots=True)
class Monster:
    name: str
    hp: int
    dice: tuple[int, ...]
    kind: Literal["beast", "undead"] = "beast"
    weight: float = 1.0
    boss: bool = False

    def __post_init__(self) -> None:
        if self.hp < 1:
            raise invalid(f"the HP must be at least 1, not {self.hp}")
        if self.boss and self.weight < 2:
            raise invalid("a boss weighs at least 2", "weight")


@dataclass(frozen=True, slots=True)
class Cards:
    monsters: dict[str, Monster]
    floors: tuple[int, int, int]
    note: str | None = None
    extra: dict[str, int] = field(default_factory=dict)


TEXT = """\
floors = [1, 2, 3]

[monsters.rat]
name = "Rat"
hp = 2
dice = [1, 2]

[monsters.ghost]
name = "Ghost"
hp = 5
dice = []
kind = "undead"
weight = 2
"""


def load(text: str) -> Cards:
    return build(Cards, parse_toml(text, "cards.toml"), source="cards.toml", text=text)


def test_a_good_file_builds_typed_frozen_models() -> None:
    cards = load(TEXT)
    assert cards.monsters["ghost"] == Monster("Ghost", 5, (), "undead", 2.0)
    assert cards.floors == (1, 2, 3) and cards.note is None
    with pytest.raises(AttributeError):
        cards.monsters["rat"].hp = 9  # type: ignore[misc]


@pytest.mark.parametrize(
    ("change", "line", "words"),
    [
        (("hp = 2", "hp = 2.5"), 5, "whole number"),
        (("hp = 2", "hp = true"), 5, "whole number"),
        (("dice = [1, 2]", "dice = [1.0, 2]"), 6, "whole number"),
        (("floors = [1, 2, 3]", 'floors = [1, "x", 3]'), 1, "whole number"),
        (("floors = [1, 2, 3]", "floors = [1, 2]"), 1, "array of 3"),
        (('kind = "undead"', 'kind = "demon"'), 12, "one of"),
        (("hp = 5", "hp = 0"), 8, "at least 1"),  # a model's own check: its table's line
        (("weight = 2", "weight = 1\nboss = true"), 13, "weighs"),  # ... or its key's, when it names one
        (("hp = 5", "hq = 5"), 10, "unknown key"),
        (('name = "Rat"\n', ""), 3, "missing key name"),
    ],
)
def test_each_error_names_its_line_and_key(change: tuple[str, str], line: int, words: str) -> None:
    text = TEXT.replace(change[0], change[1], 1)
    with pytest.raises(DataError) as err:
        load(text)
    message = str(err.value)
    assert f"line {line}" in message and words in message and "\n" not in message


def test_line_of_finds_keys_in_the_usual_layouts() -> None:
    text = '[a]\nx = 1\nb.c = 2\n\n[a.d]\ne = 3\n[f]\ng = {h = 1}\n'
    assert line_of(text, "a.x") == 2
    assert line_of(text, "a.b.c") == 3
    assert line_of(text, "a.d.e") == 6
    assert line_of(text, "f.g.h") == 8
    assert line_of(text, "zzz") is None
