"""cards.toml key for key: the file's models, checked by :func:`solotable.core.data.build`
(every key, type and range, with the line of the first error), and the effect notation of its
results (``"xp+1"``, ``"hp-1*floor"``, ``"potion:holy"``...).

The rules read the compiled :class:`~.data.Data`, not these models (see :mod:`.data`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from solotable.core.data import invalid
from solotable.core.untrusted import shorten

from .names import HP_LIMIT, LIMIT, POTIONS, STATUSES, Effect, Icon, ItemKind, Potion, RoomType, known_names

Options = tuple[tuple[Effect, ...], ...]
"""Alternatives of one result: the player chooses exactly one (a single one just applies)."""

_STAT_RE = re.compile(r"^(hp|armor|gold|food|xp)([+-])(\d{1,3})(\*floor)?$")


def parse_effect(text: str) -> Effect:
    """An effect from its notation; ``ValueError`` for anything else."""
    m = _STAT_RE.match(text)
    if m:
        amount = int(m.group(3)) * (1 if m.group(2) == "+" else -1)
        return Effect("stat", m.group(1), amount, bool(m.group(4)))
    if text.startswith("potion:") and text[7:] in (*POTIONS, "any"):
        return Effect("potion", text[7:])
    if text in STATUSES:
        return Effect("status", text)
    if text in ("bless", "fall", "ghost", "nothing"):
        return Effect(text)  # type: ignore[arg-type]
    raise ValueError(f"unknown effect {shorten(text)}")


def effects_of(texts: tuple[str, ...], key: str | None = None) -> tuple[Effect, ...]:
    if not texts:
        raise invalid('a result needs at least one effect ("nothing" for none)', key)
    try:
        return tuple(parse_effect(t) for t in texts)
    except ValueError as exc:
        raise invalid(str(exc), key) from None


def options_of(values: tuple[tuple[str, ...], ...], key: str | None = None) -> Options:
    if not values:
        raise invalid("a result needs at least one option", key)
    return tuple(effects_of(v, key) for v in values)


def _rows(rows: tuple[tuple[tuple[str, ...], ...], ...]) -> None:
    if len(rows) != 6:
        raise invalid("rows must be a list of 6 rows (one per face of the black die)", "rows")
    for row in rows:
        options_of(row, "rows")


def _at_least(low: int, high: int = LIMIT, **values: int) -> None:
    for key, value in values.items():
        if not low <= value <= high:
            raise invalid(f"{key} must be from {low} to {high}, not {value}", key)


def _name(value: str) -> None:
    if value not in known_names():  # MR-P10: a name the messages know
        raise invalid(f"unknown name {shorten(value)}: a name must be one the messages know (mr.name.*)", "name")


# -- the file's models (cards.toml, key for key) -------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Table:
    """Every table carries its provenance (see the head of cards.toml)."""

    confidence: Literal["confirmed", "provisional"]
    grade: Literal["H", "M", "L"]
    source: str
    decision: str = ""
    reason: str = ""
    """For a provisional table: what no source settles (``rules minirogue --provisional``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Meta:
    rules_version: str
    source: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Caps(Table):
    """§4.1, D2: the maxima."""

    hp: int
    armor: int
    gold: int
    food: int
    potions: int
    items: int

    def __post_init__(self) -> None:
        _at_least(1, HP_LIMIT, hp=self.hp)
        _at_least(1, armor=self.armor, gold=self.gold, food=self.food)
        _at_least(1, len(POTIONS), potions=self.potions)
        if self.items != 1:  # §6.4, MR-P10: each character holds at most 1 item (S1, S2)
            raise invalid("items must be 1: a character holds at most one item (S1, S2)", "items")


@dataclass(frozen=True, slots=True, kw_only=True)
class XpTrack(Table):
    """§5.2, D1."""

    cap: int
    die_thresholds: tuple[int, int]
    heal_per_xp_over_cap: int

    def __post_init__(self) -> None:
        _at_least(1, cap=self.cap)
        _at_least(0, heal_per_xp_over_cap=self.heal_per_xp_over_cap)
        first, second = self.die_thresholds
        if not 0 <= first <= second <= LIMIT:
            raise invalid("die_thresholds must be two increasing numbers", "die_thresholds")


@dataclass(frozen=True, slots=True, kw_only=True)
class Loss(Table):
    lack_hp: int

    def __post_init__(self) -> None:
        _at_least(0, lack_hp=self.lack_hp)


@dataclass(frozen=True, slots=True, kw_only=True)
class Delving(Table):
    food: int
    starve_hp: int

    def __post_init__(self) -> None:
        _at_least(0, food=self.food, starve_hp=self.starve_hp)


@dataclass(frozen=True, slots=True, kw_only=True)
class FeatCosts(Table):
    hp: int
    xp: int

    def __post_init__(self) -> None:
        _at_least(1, hp=self.hp, xp=self.xp)


@dataclass(frozen=True, slots=True, kw_only=True)
class PotionValues(Table):
    fire_damage: int
    healing_hp: int
    poison_bonus: int

    def __post_init__(self) -> None:
        _at_least(0, fire_damage=self.fire_damage, healing_hp=self.healing_hp, poison_bonus=self.poison_bonus)


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillValues(Table):
    blessing_heal: int
    stun_per_armor: int
    tribute_per_hp: int
    shield_armor: int
    foresight_cards: int

    def __post_init__(self) -> None:
        _at_least(0, blessing_heal=self.blessing_heal, stun_per_armor=self.stun_per_armor,
                  tribute_per_hp=self.tribute_per_hp, shield_armor=self.shield_armor)  # fmt: skip
        _at_least(1, 8, foresight_cards=self.foresight_cards)


@dataclass(frozen=True, slots=True, kw_only=True)
class IconValues(Table):
    regenerate_hp: int

    def __post_init__(self) -> None:
        _at_least(0, regenerate_hp=self.regenerate_hp)


@dataclass(frozen=True, slots=True, kw_only=True)
class Dungeon(Table):
    """§3.1, D17: the floor of each area, the boss areas, where a fall lands (0: no fall)."""

    floors: tuple[int, ...]
    boss_areas: tuple[int, ...]
    fall_to: tuple[int, ...]

    def __post_init__(self) -> None:
        f = self.floors
        if len(f) != 10 or list(f) != sorted(f) or f[0] != 1 or f[-1] != 4:
            raise invalid("floors must list the floor (1-4) of areas 1-10 in order", "floors")
        b = self.boss_areas
        if len(b) != 4 or list(b) != sorted(set(b)) or b[0] < 1 or b[-1] != 10:
            raise invalid("boss_areas must be 4 increasing areas from 1 to 10, ending with 10", "boss_areas")
        if any(f[a - 1] > 3 for a in b[:3]):  # MR-P10: a floor boss has rows for floors 1-3
            raise invalid("the floor bosses' areas must be on floors 1-3 (Og's Remains is area 10)", "boss_areas")
        if len(self.fall_to) != 10:
            raise invalid("fall_to must have 10 entries", "fall_to")
        for area, dst in enumerate(self.fall_to, start=1):
            if dst and not area < dst <= 10:
                raise invalid(f"area {area} must land deeper (or 0), not {dst}", "fall_to")


@dataclass(frozen=True, slots=True, kw_only=True)
class Difficulty(Table):
    """§2.2: subtracted from the start values (D16: never below 0)."""

    food: int
    hp: int
    gold: int

    def __post_init__(self) -> None:
        _at_least(0, food=self.food, hp=self.hp, gold=self.gold)


@dataclass(frozen=True, slots=True, kw_only=True)
class Difficulties:
    normal: Difficulty
    hard: Difficulty
    harder: Difficulty
    roguelike: Difficulty


@dataclass(frozen=True, slots=True, kw_only=True)
class Character(Table):
    """§4.2 (starting potions D12)."""

    hp: int
    armor: int
    gold: int
    food: int
    potions: tuple[Potion, ...]

    def __post_init__(self) -> None:
        _at_least(1, hp=self.hp)
        _at_least(0, armor=self.armor, gold=self.gold, food=self.food)
        if len(set(self.potions)) != len(self.potions):
            raise invalid("potions must be different kinds", "potions")


@dataclass(frozen=True, slots=True, kw_only=True)
class Characters:
    rogue: Character
    mage: Character
    priestess: Character
    crusader: Character


@dataclass(frozen=True, slots=True, kw_only=True)
class Creature(Table):
    """A monster row, a Ghost row or a phase of Og's Remains: hp2 is the two-player HP (D10)."""

    name: str
    hp: int
    hp2: int
    damage: int
    icons: tuple[Icon, ...]
    reward: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _name(self.name)
        _at_least(1, hp=self.hp, hp2=self.hp2)
        _at_least(0, damage=self.damage)
        if self.reward:
            effects_of(self.reward, "reward")


@dataclass(frozen=True, slots=True, kw_only=True)
class TrapRow(Table):
    """§8.2: ``dice`` are the black-die faces of the row."""

    name: str
    dice: tuple[int, ...]
    fail: tuple[str, ...]
    success: tuple[str, ...]

    def __post_init__(self) -> None:
        _name(self.name)
        if any(not 1 <= d <= 6 for d in self.dice):
            raise invalid("dice must be faces 1-6", "dice")
        effects_of(self.fail, "fail")
        effects_of(self.success, "success")


@dataclass(frozen=True, slots=True, kw_only=True)
class GraveRow(Table):
    name: str
    options: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        _name(self.name)
        options_of(self.options, "options")


@dataclass(frozen=True, slots=True, kw_only=True)
class Campfire(Table):
    options: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        options_of(self.options, "options")


@dataclass(frozen=True, slots=True, kw_only=True)
class WareLine:
    """A merchant's line: the price (the floor number when ``price_per_floor``) and the gain."""

    price: int
    price_per_floor: bool
    gain: tuple[str, ...]
    enabled: bool

    def __post_init__(self) -> None:
        _at_least(0, price=self.price)
        effects_of(self.gain, "gain")


@dataclass(frozen=True, slots=True, kw_only=True)
class MerchantCard(Table):
    """§8.5 (D26): the lines a card offers (``enabled = false`` switches one off) and the prices
    it pays."""

    sell_armor: int
    sell_potion: int
    buy_hp1: WareLine | None = None
    buy_bless: WareLine | None = None
    buy_hp4: WareLine | None = None
    buy_armor: WareLine | None = None
    buy_potion: WareLine | None = None
    buy_food: WareLine | None = None

    def __post_init__(self) -> None:
        _at_least(0, sell_armor=self.sell_armor, sell_potion=self.sell_potion)


@dataclass(frozen=True, slots=True, kw_only=True)
class TreasureCard(Table):
    """§8.6 (D9): ``gold_condition`` instead of ``gold`` after a room of a ``condition`` type."""

    gold: int
    gold_condition: int
    condition: tuple[RoomType, ...]
    rows: tuple[tuple[tuple[str, ...], ...], ...]

    def __post_init__(self) -> None:
        _at_least(0, gold=self.gold, gold_condition=self.gold_condition)
        _rows(self.rows)


@dataclass(frozen=True, slots=True, kw_only=True)
class ShrineCard(Table):
    """§8.7 (D14): an offering of ``offer_gold`` adds ``offer_bonus`` unless the die shows 6."""

    offer_gold: int
    offer_bonus: int
    rows: tuple[tuple[tuple[str, ...], ...], ...]

    def __post_init__(self) -> None:
        _at_least(0, offer_gold=self.offer_gold, offer_bonus=self.offer_bonus)
        _rows(self.rows)


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemCard(Table):
    """§8.8: an item room (the Armory, the Alcove). The character may try a skill check; on a
    success the check's black die picks the item (``items``, one per face), which the character
    may take."""

    name: str
    items: tuple[ItemKind, ...]

    def __post_init__(self) -> None:
        _name(self.name)
        if len(self.items) != 6:
            raise invalid("items must be a list of 6 items (one per face of the black die)", "items")


@dataclass(frozen=True, slots=True, kw_only=True)
class Gear(Table):
    """§6.4: what each item does when used: ``free_feats`` free feats in one roll (a weapon, a
    stored feat), or ``cure`` a status (a stored cure, used as soon as its holder has that status,
    ruling MR-P13)."""

    free_feats: int = 0
    cure: Literal["", "poison", "curse", "blind"] = ""

    def __post_init__(self) -> None:
        _at_least(0, 3, free_feats=self.free_feats)
        if (self.free_feats > 0) == bool(self.cure):
            raise invalid("an item gives free feats or cures a status (exactly one of the two)", "cure")


@dataclass(frozen=True, slots=True, kw_only=True)
class BossCard(Table):
    """§8.9: one value per floor met (1-3)."""

    hp: tuple[int, int, int]
    hp2: tuple[int, int, int]
    damage: tuple[int, int, int]
    icons: tuple[Icon, ...]
    xp: tuple[int, int, int]

    def __post_init__(self) -> None:
        for values, low, key in ((self.hp, 1, "hp"), (self.hp2, 1, "hp2"), (self.damage, 0, "damage"),
                                 (self.xp, 0, "xp")):  # fmt: skip
            if any(not low <= v <= LIMIT for v in values):
                raise invalid(f"{key} must be from {low} to {LIMIT} on every floor", key)


@dataclass(frozen=True, slots=True, kw_only=True)
class RewardCard(Table):
    """§8.10 (D6): +gold, then one option of the black die's row."""

    gold: int
    rows: tuple[tuple[tuple[str, ...], ...], ...]

    def __post_init__(self) -> None:
        _at_least(0, gold=self.gold)
        _rows(self.rows)


@dataclass(frozen=True, slots=True, kw_only=True)
class Flags(Table):
    """§10: the rule switches of the provisional decisions (ruling MR-P10); see cards.toml."""

    eat_on_fall: bool
    refresh_on_fall: bool
    icons_on_zero_damage: bool
    statuses_persist: bool
    evasion_on_start_room: bool
    shield_counts_boss: bool
    ghost_two_player_hp: bool
    lethal_payments: bool
    cure_curse_at_once: bool
    hide_useless_potions: bool
    poison_stacks: bool
    treasure_reward_optional: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsFile:
    """The whole of cards.toml. Tables keyed by card id or row number (``MON-A``, ``1``) are
    mappings; :func:`compile_data` checks their keys."""

    meta: Meta
    caps: Caps
    xp: XpTrack
    loss: Loss
    delving: Delving
    feat: FeatCosts
    potion: PotionValues
    skill: SkillValues
    icon: IconValues
    dungeon: Dungeon
    difficulty: Difficulties
    character: Characters
    monster: dict[str, dict[str, Creature]]
    trap: dict[str, dict[str, TrapRow]]
    graveyard: dict[str, dict[str, GraveRow]]
    campfire: dict[str, Campfire]
    merchant: dict[str, MerchantCard]
    treasure: dict[str, TreasureCard]
    shrine: dict[str, ShrineCard]
    item: dict[str, ItemCard]
    gear: dict[str, Gear]
    boss: dict[str, BossCard]
    og: dict[str, Creature]
    reward: RewardCard
    ghost: dict[str, Creature]
    flags: Flags
