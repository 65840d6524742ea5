"""The data of Mini Rogue v1.2.1 (``cards.toml``) as typed, frozen models, loaded once.

``cards.toml`` is read through :func:`solotable.core.data.build` into :class:`CardsFile` (its
tables as they are written, every key and type checked, errors with their line), and then into
:class:`Data`, the flat, read-only view the rules use (``D.cap_hp``, ``D.levels[0].boss_hp``).
Names for people are not here: they are in ``messages.toml``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Literal

from solotable.core.data import build, invalid

# Room cards dealt in every area, in the canonical order used for notation and bitmasks (§4.1).
ROOM_CARDS: tuple[str, ...] = ("monster", "treasure", "merchant", "resting", "event", "trap")
BOSS = "boss"
SPELLS: tuple[str, ...] = ("fire", "ice", "poison", "heal")
"""The four spells (§3.4), in the order they are listed everywhere."""

Item = Literal["armor", "weapon", "fire", "ice", "poison", "heal"]
EventResult = Literal["ration", "potion", "loot", "whetstone", "shield", "monster"]
TrapResult = Literal["mold", "tripwire", "acid", "blades", "walls", "pit"]


def _natural(**values: int) -> None:
    for name, value in values.items():
        if value < 0:
            raise invalid(f"{name} must not be negative, got {value}")


@dataclass(frozen=True, slots=True)
class Meta:
    rules_version: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Difficulty:
    """The starting stats of a difficulty and its score-sheet bonus (§2, §8)."""

    armor: int
    hp: int
    gold: int
    food: int
    score_bonus: int

    def __post_init__(self) -> None:
        _natural(armor=self.armor, gold=self.gold, food=self.food, score_bonus=self.score_bonus)
        if self.hp < 1:
            raise invalid("a difficulty starts with at least 1 HP")


@dataclass(frozen=True, slots=True)
class Difficulties:
    start: dict[str, Difficulty]
    source: str = ""
    confidence: str = ""


@dataclass(frozen=True, slots=True)
class Caps:
    """§3.1: the most of each stat (ruling R13), the top Rank and the spells held (§3.4)."""

    armor: int
    hp: int
    gold: int
    food: int
    rank: int
    spells: int
    source: str = ""
    confidence: str = ""


@dataclass(frozen=True, slots=True)
class XpTable:
    """§3.2: the XP needed at each Rank to reach the next one."""

    to_next_rank: tuple[int, ...]
    source: str = ""
    confidence: str = ""


@dataclass(frozen=True, slots=True)
class Level:
    """A dungeon level (§1.3), its Monster card (§5.1) and its boss (§5.2)."""

    number: int
    areas: tuple[int, ...]
    monster_damage: int
    monster_xp: int
    boss_hp: int
    boss_damage: int
    boss_gold: int
    boss_xp: int


@dataclass(frozen=True, slots=True)
class Source:
    source: str = ""
    confidence: str = ""


@dataclass(frozen=True, slots=True)
class EventMonster:
    xp: int
    source: str = ""
    confidence: str = ""


@dataclass(frozen=True, slots=True)
class Treasure:
    """§5.3: gold (more after a monster, ruling R4), an item on ``item_gate``+ from ``items``."""

    gold_plain: int
    gold_after_monster: int
    item_gate: int
    items: tuple[Item, ...]
    weapon_xp: int
    source: str = ""
    confidence: str = ""

    def __post_init__(self) -> None:
        if len(self.items) != 6:
            raise invalid("the item table needs one row per face of a die (6)")
        if not 1 <= self.item_gate <= 6:
            raise invalid("item_gate must be a face of a die (1 to 6)")


@dataclass(frozen=True, slots=True)
class Ware:
    """A Merchant's ware (§5.4): its price and what it gives (a spell, or stats)."""

    price: int
    food: int = 0
    hp: int = 0
    armor: int = 0
    spell: bool = False

    def __post_init__(self) -> None:
        _natural(price=self.price, food=self.food, hp=self.hp, armor=self.armor)


@dataclass(frozen=True, slots=True)
class Merchant:
    wares: dict[str, Ware]
    sell_armor: int
    sell_spell: int
    source: str = ""
    confidence: str = ""

    def __post_init__(self) -> None:
        for name, ware in self.wares.items():
            if ware.spell and name not in SPELLS:
                raise invalid(f"{name} is not a spell ({', '.join(SPELLS)})")
        if {n for n, w in self.wares.items() if w.spell} != set(SPELLS):
            raise invalid("the Merchant sells every spell")


@dataclass(frozen=True, slots=True)
class Resting:
    xp: int
    food: int
    hp: int
    source: str = ""
    confidence: str = ""


@dataclass(frozen=True, slots=True)
class EventTable:
    results: tuple[EventResult, ...]
    ration_food: int
    potion_hp: int
    loot_gold: int
    whetstone_xp: int
    shield_armor: int
    source: str = ""
    confidence: str = ""

    def __post_init__(self) -> None:
        if len(self.results) != 6:
            raise invalid("the Event table needs one row per face of a die (6)")


@dataclass(frozen=True, slots=True)
class TrapTable:
    results: tuple[TrapResult, ...]
    unpayable_hp: int
    blades_hp: int
    pit_hp: int
    pit_destination: dict[str, int]
    source: str = ""
    confidence: str = ""
    pit_confidence: str = ""

    def __post_init__(self) -> None:
        if len(self.results) != 6:
            raise invalid("the Trap table needs one row per face of a die (6)")
        for src, dst in self.pit_destination.items():
            if not src.isdigit() or not 1 <= int(src) < dst:
                raise invalid(f"a pit falls to a deeper area: {src} -> {dst}")


@dataclass(frozen=True, slots=True)
class SpellTable:
    fire_damage: int
    poison_damage: int
    heal_hp: int
    source: str = ""
    confidence: str = ""


@dataclass(frozen=True, slots=True)
class Exploration:
    starvation_hp: int
    source: str = ""
    confidence: str = ""


@dataclass(frozen=True, slots=True)
class Score:
    """§8, score sheet v1.2 (ruling R35): points per unit of each."""

    area: int
    bosses: int
    rank: int
    hp: int
    gold: int
    spells: int
    armor: int
    food: int
    source: str = ""
    confidence: str = ""


@dataclass(frozen=True, slots=True)
class CardsFile:
    """``cards.toml`` as written."""

    meta: Meta
    difficulty: Difficulties
    caps: Caps
    xp: XpTable
    level: tuple[Level, ...]
    levels_meta: Source
    event_monster: EventMonster
    treasure: Treasure
    merchant: Merchant
    resting: Resting
    event: EventTable
    trap: TrapTable
    spells: SpellTable
    exploration: Exploration
    score: Score

    def __post_init__(self) -> None:
        if [lv.number for lv in self.level] != list(range(1, len(self.level) + 1)):
            raise invalid("levels must be numbered 1, 2, ... in order")
        areas = [a for lv in self.level for a in lv.areas]
        if areas != list(range(1, len(areas) + 1)):
            raise invalid("the levels' areas must run 1, 2, ... without gaps")
        if len(self.xp.to_next_rank) != self.caps.rank - 1:
            raise invalid("the XP table needs one entry per Rank below the top one")
        for src, dst in self.trap.pit_destination.items():
            if dst > len(areas) or int(src) > len(areas):
                raise invalid(f"a pit falls to an area of the dungeon: {src} -> {dst}")


@dataclass(frozen=True, slots=True)
class Data:
    """What the rules read, flat and typed (built from :class:`CardsFile` by :func:`data`)."""

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
    level_of_area: tuple[int, ...]
    """Index: the area, 1 to 14 (0 unused)."""
    last_area_of_level: frozenset[int]
    event_monster_xp: int
    treasure_gold_plain: int
    treasure_gold_after_monster: int
    treasure_item_gate: int
    treasure_items: tuple[Item, ...]
    weapon_xp: int
    wares: dict[str, Ware]
    """Every ware of the Merchant in the order of the card: stats first, then the spells."""
    spell_price: int
    sell_armor: int
    sell_spell: int
    rest_xp: int
    rest_food: int
    rest_hp: int
    event_results: tuple[EventResult, ...]
    event_ration_food: int
    event_potion_hp: int
    event_loot_gold: int
    event_whetstone_xp: int
    event_shield_armor: int
    trap_results: tuple[TrapResult, ...]
    trap_unpayable_hp: int
    trap_blades_hp: int
    trap_pit_hp: int
    pit_destination: dict[int, int]
    fire_damage: int
    poison_damage: int
    heal_hp: int
    starvation_hp: int
    score: Score
    final_area: int
    stat_wares: dict[str, Ware] = field(default_factory=dict)
    """The wares that are not spells."""


def from_file(cards: CardsFile) -> Data:
    levels = cards.level
    level_of_area = [0] * (sum(len(lv.areas) for lv in levels) + 1)
    for lv in levels:
        for a in lv.areas:
            level_of_area[a] = lv.number
    mer = cards.merchant
    spell_prices = {w.price for w in mer.wares.values() if w.spell}
    if len(spell_prices) != 1:
        raise ValueError("cards.toml: every spell has one price at the Merchant")
    ev = cards.event
    trap = cards.trap
    sp = cards.spells
    return Data(
        rules_version=cards.meta.rules_version,
        difficulties=dict(cards.difficulty.start),
        difficulty_order=tuple(cards.difficulty.start),
        cap_armor=cards.caps.armor,
        cap_hp=cards.caps.hp,
        cap_gold=cards.caps.gold,
        cap_food=cards.caps.food,
        cap_rank=cards.caps.rank,
        cap_spells=cards.caps.spells,
        xp_to_next=cards.xp.to_next_rank,
        levels=levels,
        level_of_area=tuple(level_of_area),
        last_area_of_level=frozenset(lv.areas[-1] for lv in levels),
        event_monster_xp=cards.event_monster.xp,
        treasure_gold_plain=cards.treasure.gold_plain,
        treasure_gold_after_monster=cards.treasure.gold_after_monster,
        treasure_item_gate=cards.treasure.item_gate,
        treasure_items=cards.treasure.items,
        weapon_xp=cards.treasure.weapon_xp,
        wares=dict(mer.wares),
        spell_price=spell_prices.pop(),
        sell_armor=mer.sell_armor,
        sell_spell=mer.sell_spell,
        rest_xp=cards.resting.xp,
        rest_food=cards.resting.food,
        rest_hp=cards.resting.hp,
        event_results=ev.results,
        event_ration_food=ev.ration_food,
        event_potion_hp=ev.potion_hp,
        event_loot_gold=ev.loot_gold,
        event_whetstone_xp=ev.whetstone_xp,
        event_shield_armor=ev.shield_armor,
        trap_results=trap.results,
        trap_unpayable_hp=trap.unpayable_hp,
        trap_blades_hp=trap.blades_hp,
        trap_pit_hp=trap.pit_hp,
        pit_destination={int(k): v for k, v in trap.pit_destination.items()},
        fire_damage=sp.fire_damage,
        poison_damage=sp.poison_damage,
        heal_hp=sp.heal_hp,
        starvation_hp=cards.exploration.starvation_hp,
        score=cards.score,
        final_area=len(level_of_area) - 1,
        stat_wares={k: w for k, w in mer.wares.items() if not w.spell},
    )


def parse(text: str, source: str = "cards.toml") -> Data:
    """The data of ``text`` (the TOML of ``cards.toml``); a :class:`~solotable.core.data.DataError`
    names the line and key of the first thing wrong."""
    return from_file(build(CardsFile, tomllib.loads(text), source=source, text=text))


@cache
def data() -> Data:
    """The game's data, read once from the package."""
    text = resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")
    return parse(text)
