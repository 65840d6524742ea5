"""Loads and validates cards.toml into frozen dataclasses, once."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

# Room cards dealt in every area, in the canonical order used for notation and bitmasks.
ROOM_CARDS: tuple[str, ...] = ("monster", "treasure", "merchant", "resting", "event", "trap")
BOSS = "boss"
SPELLS: tuple[str, ...] = ("fire", "ice", "poison", "heal")


@dataclass(frozen=True, slots=True)
class Difficulty:
    name: str
    armor: int
    hp: int
    gold: int
    food: int
    score_bonus: int


@dataclass(frozen=True, slots=True)
class Level:
    number: int
    areas: tuple[int, ...]
    monster_damage: int
    monster_xp: int
    boss_hp: int
    boss_damage: int
    boss_gold: int
    boss_xp: int


@dataclass(frozen=True, slots=True)
class Ware:
    price: int
    food: int = 0
    hp: int = 0
    armor: int = 0


@dataclass(frozen=True, slots=True)
class Data:
    rules_version: str
    difficulties: dict[str, Difficulty]
    difficulty_order: tuple[str, ...]
    cap_armor: int
    cap_hp: int
    cap_gold: int
    cap_food: int
    cap_rank: int
    cap_spells: int
    xp_to_next: tuple[int, ...]
    levels: tuple[Level, ...]
    level_of_area: tuple[int, ...]  # index: area 0..14 (0 unused)
    last_area_of_level: frozenset[int]
    event_monster_xp: int
    treasure_gold_plain: int
    treasure_gold_after_monster: int
    treasure_item_gate: int
    treasure_items: tuple[str, ...]
    weapon_xp: int
    wares: dict[str, Ware]
    spell_price: int
    sell_armor: int
    sell_spell: int
    rest_xp: int
    rest_food: int
    rest_hp: int
    event_results: tuple[str, ...]
    event_ration_food: int
    event_potion_hp: int
    event_loot_gold: int
    event_whetstone_xp: int
    event_shield_armor: int
    trap_results: tuple[str, ...]
    trap_unpayable_hp: int
    trap_blades_hp: int
    trap_pit_hp: int
    pit_destination: dict[int, int]
    fire_damage: int
    poison_damage: int
    heal_hp: int
    starvation_hp: int
    score: dict[str, int]
    final_area: int


def _int(table: dict[str, Any], key: str, where: str) -> int:
    value = table.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"cards.toml [{where}] {key} must be a non-negative integer, not {value!r}")
    return value


def parse(text: str) -> Data:
    """Validate the TOML text of the card data; raises ``ValueError`` naming the bad entry."""
    raw = tomllib.loads(text)
    diff = raw["difficulty"]
    order = tuple(diff["order"])
    difficulties = {
        name: Difficulty(
            name,
            _int(diff[name], "armor", f"difficulty.{name}"),
            _int(diff[name], "hp", f"difficulty.{name}"),
            _int(diff[name], "gold", f"difficulty.{name}"),
            _int(diff[name], "food", f"difficulty.{name}"),
            _int(diff[name], "score_bonus", f"difficulty.{name}"),
        )
        for name in order
    }
    levels = tuple(
        Level(
            number=_int(lv, "number", "level"),
            areas=tuple(lv["areas"]),
            monster_damage=_int(lv, "monster_damage", "level"),
            monster_xp=_int(lv, "monster_xp", "level"),
            boss_hp=_int(lv, "boss_hp", "level"),
            boss_damage=_int(lv, "boss_damage", "level"),
            boss_gold=_int(lv, "boss_gold", "level"),
            boss_xp=_int(lv, "boss_xp", "level"),
        )
        for lv in raw["level"]
    )
    if [lv.number for lv in levels] != list(range(1, len(levels) + 1)):
        raise ValueError("cards.toml levels must be numbered 1, 2, ... in order")
    areas = [a for lv in levels for a in lv.areas]
    if areas != list(range(1, len(areas) + 1)):
        raise ValueError("cards.toml level areas must run 1, 2, ... without gaps")
    level_of_area = [0] * (len(areas) + 1)
    for lv in levels:
        for a in lv.areas:
            level_of_area[a] = lv.number
    caps = raw["caps"]
    tre = raw["treasure"]
    mer = raw["merchant"]
    wares = {
        name: Ware(
            price=_int(mer[name], "price", f"merchant.{name}"),
            food=int(mer[name].get("food", 0)),
            hp=int(mer[name].get("hp", 0)),
            armor=int(mer[name].get("armor", 0)),
        )
        for name in ("ration", "potion", "bigpotion", "armor")
    }
    ev = raw["event"]
    trap = raw["trap"]
    if len(tre["items"]) != 6 or len(ev["results"]) != 6 or len(trap["results"]) != 6:
        raise ValueError("cards.toml d6 tables (treasure items, event, trap) need exactly 6 rows")
    for item in tre["items"]:
        if item not in ("armor", "weapon", *SPELLS):
            raise ValueError(f"cards.toml treasure item {item!r} is unknown")
    pit = {int(k): int(v) for k, v in trap["pit_destination"].items()}
    for src, dst in pit.items():
        if not (1 <= src < dst <= len(areas)):
            raise ValueError(f"cards.toml pit destination {src} -> {dst} must go deeper")
    sp = raw["spells"]
    return Data(
        rules_version=str(raw["meta"]["rules_version"]),
        difficulties=difficulties,
        difficulty_order=order,
        cap_armor=_int(caps, "armor", "caps"),
        cap_hp=_int(caps, "hp", "caps"),
        cap_gold=_int(caps, "gold", "caps"),
        cap_food=_int(caps, "food", "caps"),
        cap_rank=_int(caps, "rank", "caps"),
        cap_spells=_int(caps, "spells", "caps"),
        xp_to_next=tuple(int(x) for x in raw["xp"]["to_next_rank"]),
        levels=levels,
        level_of_area=tuple(level_of_area),
        last_area_of_level=frozenset(lv.areas[-1] for lv in levels),
        event_monster_xp=_int(raw["event_monster"], "xp", "event_monster"),
        treasure_gold_plain=_int(tre, "gold_plain", "treasure"),
        treasure_gold_after_monster=_int(tre, "gold_after_monster", "treasure"),
        treasure_item_gate=_int(tre, "item_gate", "treasure"),
        treasure_items=tuple(tre["items"]),
        weapon_xp=_int(tre, "weapon_xp", "treasure"),
        wares=wares,
        spell_price=_int(mer["spell"], "price", "merchant.spell"),
        sell_armor=_int(mer, "sell_armor", "merchant"),
        sell_spell=_int(mer, "sell_spell", "merchant"),
        rest_xp=_int(raw["resting"], "xp", "resting"),
        rest_food=_int(raw["resting"], "food", "resting"),
        rest_hp=_int(raw["resting"], "hp", "resting"),
        event_results=tuple(ev["results"]),
        event_ration_food=_int(ev, "ration_food", "event"),
        event_potion_hp=_int(ev, "potion_hp", "event"),
        event_loot_gold=_int(ev, "loot_gold", "event"),
        event_whetstone_xp=_int(ev, "whetstone_xp", "event"),
        event_shield_armor=_int(ev, "shield_armor", "event"),
        trap_results=tuple(trap["results"]),
        trap_unpayable_hp=_int(trap, "unpayable_hp", "trap"),
        trap_blades_hp=_int(trap, "blades_hp", "trap"),
        trap_pit_hp=_int(trap, "pit_hp", "trap"),
        pit_destination=pit,
        fire_damage=_int(sp, "fire_damage", "spells"),
        poison_damage=_int(sp, "poison_damage", "spells"),
        heal_hp=_int(sp, "heal_hp", "spells"),
        starvation_hp=_int(raw["exploration"], "starvation_hp", "exploration"),
        score={k: int(v) for k, v in raw["score"].items() if k not in ("source", "confidence")},
        final_area=len(areas),
    )


@cache
def data() -> Data:
    text = resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")
    return parse(text)
