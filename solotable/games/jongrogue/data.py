"""The rules data table of JongRogue (rules reference §7.1) as typed, frozen models.

``rules.toml`` holds every designed number of the game, one row per key, each with its
provenance tag (§0.1) and a note: ``[food] starve = { value = 0, tag = "DESIGN", note = ... }``.
:func:`rules_data` reads it once through :func:`solotable.core.data.build`, which checks every
key, type and value and names the line of an error; the rules read typed attributes
(``RULES.food.starve.value``), never string keys. The monster table (§7.12) and the monster window
(§7.13) are typed rows too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Literal

from solotable.core.data import build, invalid

TAGS = ("SEED", "OFFICIAL-FRAGMENT", "RC2-ANALOGY", "DESIGN")
"""The provenance tags of rules reference §0.1; a row may carry two joined by ``+``."""

WEAPON_KINDS = ("dagger", "mace", "long_sword", "two_handed_sword")
MISSILE_KINDS = ("arrows", "darts", "shuriken")
ARMOUR_KINDS = ("leather", "ring_mail", "scale", "chain", "banded", "splint", "plate")
ITEM_CATEGORIES = ("amulet_or_food", "food", "potion", "scroll", "weapon", "armour", "ring")
ABILITIES = ("flits", "freeze", "poison", "gold_lover", "steal_gold", "rust", "steal_item", "hold", "stationary",
             "level_drain", "invisible", "mimic", "gaze", "str_drain", "breath")  # fmt: skip


def _check_tag(tag: str) -> None:
    if any(part not in TAGS for part in tag.split("+")):
        raise invalid(f"unknown provenance tag {tag!r} (known: {', '.join(TAGS)}, joined by +)")


# -- one row of the table: a value, its tag and a note ------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Int:
    value: int
    tag: str
    note: str = ""

    def __post_init__(self) -> None:
        _check_tag(self.tag)


@dataclass(frozen=True, slots=True, kw_only=True)
class Pair:
    value: tuple[int, int]
    tag: str
    note: str = ""

    def __post_init__(self) -> None:
        _check_tag(self.tag)


@dataclass(frozen=True, slots=True, kw_only=True)
class Ints:
    value: tuple[int, ...]
    tag: str
    note: str = ""

    def __post_init__(self) -> None:
        _check_tag(self.tag)


@dataclass(frozen=True, slots=True, kw_only=True)
class Names:
    value: tuple[str, ...]
    tag: str
    note: str = ""

    def __post_init__(self) -> None:
        _check_tag(self.tag)


@dataclass(frozen=True, slots=True, kw_only=True)
class Table:
    """Numbers by the name of a thing (a weapon kind, a ring kind)."""

    value: dict[str, int]
    tag: str
    note: str = ""

    def __post_init__(self) -> None:
        _check_tag(self.tag)


@dataclass(frozen=True, slots=True, kw_only=True)
class Text:
    """A rule stated in words (the code implements it; the row records its provenance)."""

    value: str
    tag: str
    note: str = ""

    def __post_init__(self) -> None:
        _check_tag(self.tag)


@dataclass(frozen=True, slots=True)
class CarryLimits:
    """§7.25: the most of each a PC may carry past the end of camp."""

    weapons: int
    armours: int
    rings: int
    potions: int
    scrolls: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Carry:
    value: CarryLimits
    tag: str
    note: str = ""

    def __post_init__(self) -> None:
        _check_tag(self.tag)


Param = Int | Pair | Ints | Names | Table | Text | Carry


# -- the groups of rows (the TOML tables), in the reference's order -----------------------------


@dataclass(frozen=True, slots=True)
class PileRows:
    copies_ez: Int
    copies_plus_id: Int
    mode: Text


@dataclass(frozen=True, slots=True)
class MapRows:
    rooms: Int
    tiles_per_room: Int
    wind_copies: Int
    stairs_tiles: Int
    encounter_tiles_per_room: Int
    search_target: Int
    search_ring_bonus: Int
    added_slot_start: Int


@dataclass(frozen=True, slots=True)
class MoveRows:
    confused_stray: Int


@dataclass(frozen=True, slots=True)
class TimeRows:
    extra_satiation_tiles: Int


@dataclass(frozen=True, slots=True)
class PickRows:
    one_of_n: Int


@dataclass(frozen=True, slots=True)
class FoodRows:
    start: Int
    max: Int
    per_check: Int
    item_gain: Int
    starve: Int


@dataclass(frozen=True, slots=True)
class HpRows:
    start: Int
    max_by_level: Pair
    regen: Pair
    regen_ring_bonus: Int


@dataclass(frozen=True, slots=True)
class LevelRows:
    max: Int
    xp_table: Ints
    hp_gain: Int

    def __post_init__(self) -> None:
        if len(self.xp_table.value) != self.max.value:
            raise invalid("level.xp_table needs one threshold per level up to level.max")


@dataclass(frozen=True, slots=True)
class XpRows:
    max: Int


@dataclass(frozen=True, slots=True)
class GoldRows:
    max: Int
    pile_amount: Int


@dataclass(frozen=True, slots=True)
class FloorRows:
    max: Int


@dataclass(frozen=True, slots=True)
class StrengthRows:
    start: Int
    range: Pair


@dataclass(frozen=True, slots=True)
class CombatRows:
    pc_melee_base: Int
    pc_ranged_base: Int
    hit_level_div: Int
    pc_target_min: Int
    fumble_max: Int
    margin_div: Int
    min_damage: Int
    invisible_penalty: Int
    ranged_shots: Pair
    ammo_out: Int
    weapon_damage: Table
    missile_damage: Table
    defence_level_div: Int
    armour_value: Table
    monster_target_max: Int
    vs_helpless: Int
    door_engage_max: Int
    parting_attacks: Int
    pincer_attacks: Int

    def __post_init__(self) -> None:
        for kind in ("bare", *WEAPON_KINDS):
            if kind not in self.weapon_damage.value:
                raise invalid(f"combat.weapon_damage has no row for {kind}")
        for kind in MISSILE_KINDS:
            if kind not in self.missile_damage.value:
                raise invalid(f"combat.missile_damage has no row for {kind}")
        for kind in ARMOUR_KINDS:
            if kind not in self.armour_value.value:
                raise invalid(f"combat.armour_value has no row for {kind}")


@dataclass(frozen=True, slots=True)
class MonsterRows:
    confused_skip: Int
    flit_skip: Int
    hasted_attacks: Int
    slowed_attacks: Int
    all_hasted_from_floor: Int


@dataclass(frozen=True, slots=True)
class SleepRows:
    wanderer_awake: Int


@dataclass(frozen=True, slots=True)
class WanderRows:
    trigger: Int


@dataclass(frozen=True, slots=True)
class RingRows:
    teleport_fire: Int


@dataclass(frozen=True, slots=True)
class TrapRows:
    spring: Int
    dart_damage: Int
    dart_str_loss: Int


@dataclass(frozen=True, slots=True)
class AbilityRows:
    freeze_target: Int
    freeze_duration: Int
    freeze_death: Text
    poison_str_loss: Int
    steal_gold: Int
    steal_gold_amount: Int
    leprechaun_gold: Int
    breath_damage: Int
    steal_item: Int
    str_drain: Int
    gaze: Int
    flytrap_damage: Pair
    level_drain: Int


@dataclass(frozen=True, slots=True)
class ItemRows:
    category_by_s: Names
    weapon_table: Names
    armour_table: Names
    ring_table: Names
    potion_rows: Names
    scroll_rows: Names
    equip_state: Ints
    enchant_range: Pair
    ring_curse: Table

    def __post_init__(self) -> None:
        nine = (self.category_by_s, self.weapon_table, self.armour_table, self.ring_table, self.potion_rows,
                self.equip_state)  # fmt: skip
        if any(len(row.value) != 9 for row in nine):
            raise invalid("the 1d9 tables (category_by_s, weapon_table, armour_table, ring_table, potion_rows, "
                          "equip_state) need 9 entries each")  # fmt: skip
        if len(self.scroll_rows.value) != 18:
            raise invalid("item.scroll_rows needs 18 rows (m1-m9, p1-p9)")
        if any(c not in ITEM_CATEGORIES for c in self.category_by_s.value):
            raise invalid(f"item.category_by_s: categories are {', '.join(ITEM_CATEGORIES)}")
        if any(w not in (*WEAPON_KINDS, *MISSILE_KINDS, "bow") for w in self.weapon_table.value):
            raise invalid("item.weapon_table: an unknown weapon")
        if any(a not in ARMOUR_KINDS for a in self.armour_table.value):
            raise invalid("item.armour_table: an unknown armour")
        if any(r not in self.ring_table.value for r in self.ring_curse.value):
            raise invalid("item.ring_curse: a ring not in item.ring_table")


@dataclass(frozen=True, slots=True)
class PotionRows:
    healing: Int
    extra_healing: Text


@dataclass(frozen=True, slots=True)
class CarryRows:
    limits: Carry


@dataclass(frozen=True, slots=True)
class AmuletRows:
    floor: Int


@dataclass(frozen=True, slots=True)
class ScoreRows:
    potion_values: Ints
    scroll_values: Ints
    ring_values: Ints
    weapon_values: Table
    armour_values: Table
    amulet_value: Int
    weapon_enchant_value: Int
    armour_enchant_value: Int
    protected_value: Int
    min_item_value: Int
    forced_end_bonus: Int
    victory_bonus: Int

    def __post_init__(self) -> None:
        if (len(self.potion_values.value), len(self.scroll_values.value), len(self.ring_values.value)) != (9, 18, 9):
            raise invalid("score: 9 potion values, 18 scroll values and 9 ring values")
        for kind in (*WEAPON_KINDS, *MISSILE_KINDS, "bow"):
            if kind not in self.weapon_values.value:
                raise invalid(f"score.weapon_values has no row for {kind}")
        for kind in ARMOUR_KINDS:
            if kind not in self.armour_values.value:
                raise invalid(f"score.armour_values has no row for {kind}")


@dataclass(frozen=True, slots=True)
class BalanceRows:
    targets: Text


# -- the monster table (§7.12) and the window (§7.13) -------------------------------------------


@dataclass(frozen=True, slots=True)
class Monster:
    """A row of the monster table (§7.12): HP, damage and attack value from RC2 scaled ÷ 3 (D20),
    XP RC2's kill XP unchanged (D21). ``dmg`` -1 is the venus flytrap's counter (§7.14.10)."""

    ch: str
    id: str
    hp: int
    dmg: int
    attack: int
    xp: int
    drop: int
    sleep: Literal["light", "deep", "none"]
    wanders: bool
    abilities: tuple[str, ...]
    index: int = 0
    """1..26, the order of first appearance in RC2 that the window uses (set when loaded)."""

    def __post_init__(self) -> None:
        if self.hp < 1 or self.dmg < -1 or not 0 <= self.drop <= 9:
            raise invalid("a monster needs HP >= 1, damage >= -1 and a drop value 0-9")
        unknown = [a for a in self.abilities if a not in ABILITIES]
        if unknown:
            raise invalid(f"unknown ability {unknown[0]!r} (known: {', '.join(ABILITIES)})")


@dataclass(frozen=True, slots=True)
class Bestiary:
    tag: str
    monsters: tuple[Monster, ...]

    def __post_init__(self) -> None:
        _check_tag(self.tag)
        if len(self.monsters) != 26:
            raise invalid("the monster table needs 26 rows")


@dataclass(frozen=True, slots=True)
class Window:
    """Tile mN on floor F is monster #(start[F] + N); the last start holds for deeper floors."""

    tag: str
    start: tuple[int, ...]
    note: str = ""
    reference: tuple[int, ...] = ()
    """The rules reference's own window (§7.13), where a tuned one differs (§7.30, JR-P8)."""

    def __post_init__(self) -> None:
        _check_tag(self.tag)
        if not self.start or any(s < 0 or s + 9 > 26 for s in (*self.start, *self.reference)):
            raise invalid("a window runs past the monster table (start + 9 <= 26)")


@dataclass(frozen=True, slots=True)
class RulesData:
    """The whole table: ``RulesData.food.starve.value`` and so on (the keys of §7.1)."""

    rules_version: str
    pile: PileRows
    map: MapRows
    move: MoveRows
    time: TimeRows
    pick: PickRows
    food: FoodRows
    hp: HpRows
    level: LevelRows
    xp: XpRows
    gold: GoldRows
    floor: FloorRows
    strength: StrengthRows
    combat: CombatRows
    monster: MonsterRows
    sleep: SleepRows
    wander: WanderRows
    ring: RingRows
    trap: TrapRows
    ability: AbilityRows
    item: ItemRows
    potion: PotionRows
    carry: CarryRows
    amulet: AmuletRows
    score: ScoreRows
    balance: BalanceRows
    bestiary: Bestiary
    window: Window
    monsters: tuple[Monster, ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        numbered = tuple(dataclasses.replace(m, index=i + 1) for i, m in enumerate(self.bestiary.monsters))
        object.__setattr__(self, "monsters", numbered)

    def params(self) -> Iterator[tuple[str, Param]]:
        """Every row with its key (``food.starve``), in the file's order."""
        for group in dataclasses.fields(self):
            rows = getattr(self, group.name)
            if group.name in ("bestiary", "window", "monsters") or not dataclasses.is_dataclass(rows):
                continue
            for row in dataclasses.fields(rows):
                yield f"{group.name}.{row.name}", getattr(rows, row.name)

    def monster_for(self, tile_number: int, floor: int) -> Monster:
        """Tile mN on floor F is monster #(s(F) + N) (§7.13): the explicit window table (D22)."""
        start = self.window.start
        return self.monsters[start[min(floor, len(start)) - 1] + tile_number - 1]


@cache
def rules_data() -> RulesData:
    """``rules.toml``, read and checked once."""
    import tomllib

    text = resources.files(__package__).joinpath("rules.toml").read_text(encoding="utf-8")
    raw: dict[str, Any] = tomllib.loads(text)
    return build(RulesData, raw, source="rules.toml", text=text)


__all__ = ["TAGS", "Monster", "Param", "RulesData", "rules_data"]
