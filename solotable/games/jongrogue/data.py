"""Loads rules.toml (the provenance-tagged rules data table, §7.1) once, into frozen data."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

TAGS = ("SEED", "OFFICIAL-FRAGMENT", "RC2-ANALOGY", "DESIGN")


@dataclass(frozen=True, slots=True)
class Monster:
    index: int  # 1..26, RC2 first-appearance order
    ch: str
    id: str
    hp: int
    dmg: int  # -1: the flytrap's counter
    attack: int
    xp: int
    drop: int
    sleep: str  # light, deep, none
    wanders: bool
    abilities: frozenset[str]


@dataclass(frozen=True, slots=True)
class Param:
    key: str
    value: Any
    tag: str
    note: str


@dataclass(frozen=True, slots=True)
class Data:
    rules_version: str
    params: dict[str, Param]
    monsters: tuple[Monster, ...]
    monster_tag: str
    window: tuple[int, ...]
    window_tag: str
    # a window tuned by simulation (§7.30): why, and the rules reference's values (§7.13)
    window_note: str = ""
    window_reference: tuple[int, ...] = ()

    def __getitem__(self, key: str) -> Any:
        return self.params[key].value

    def monster_for(self, tile_number: int, floor: int) -> Monster:
        """Tile mN on floor F is monster #(s(F) + N) (§7.13)."""
        start = self.window[min(floor, len(self.window)) - 1]
        return self.monsters[start + tile_number - 1]


@cache
def data() -> Data:
    raw: dict[str, Any] = tomllib.loads(
        resources.files(__package__).joinpath("rules.toml").read_text(encoding="utf-8")
    )
    params: dict[str, Param] = {}
    for row in raw["param"]:
        tag = str(row["tag"])
        for part in tag.split("+"):
            if part not in TAGS:
                raise ValueError(f"rules.toml: {row['key']} has an unknown tag {tag!r}")
        if row["key"] in params:
            raise ValueError(f"rules.toml: {row['key']} is defined twice")
        params[row["key"]] = Param(str(row["key"]), row["value"], tag, str(row.get("note", "")))
    monsters = tuple(
        Monster(i + 1, r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], frozenset(r[9]))
        for i, r in enumerate(raw["monsters"]["rows"])
    )
    if len(monsters) != 26:
        raise ValueError("rules.toml: the monster table needs 26 rows")
    window = tuple(int(v) for v in raw["window"]["start"])
    if any(s + 9 > len(monsters) for s in window):
        raise ValueError("rules.toml: a window runs past the monster table")
    window_reference = tuple(int(v) for v in raw["window"].get("reference", ()))
    if any(s + 9 > len(monsters) for s in window_reference):
        raise ValueError("rules.toml: a reference window runs past the monster table")
    return Data(str(raw["rules_version"]), params, monsters, str(raw["monsters"]["tag"]), window,
                str(raw["window"]["tag"]), str(raw["window"].get("note", "")), window_reference)
