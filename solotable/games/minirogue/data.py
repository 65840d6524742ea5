"""The card and rule data of Mini Rogue (2020): ``cards.toml`` as typed, frozen models.

Two layers, both frozen:

- the **file's models** (:mod:`.cardfile`: :class:`CardsFile` and the tables under it) mirror
  ``cards.toml`` key for key; :func:`solotable.core.data.build` checks every key, type and range,
  with the line;
- the **rules' data** (:class:`Data`) is what the rules read: effects parsed into
  :class:`Effect`, trap rows by die face, creatures with their icons, the flags as fields. It is
  compiled from the file's models by :func:`compile_data`, which also checks what spans tables
  (start values within the maxima, the faces of a trap, the floors of the boss areas).

A player's corrections (``--cards FILE``, ruling MR-P2) are a TOML text with any subset of the
same tables and keys: the interface reads the file (``core.untrusted``, never the game), the text
is parsed with bounded nesting and number length, merged over the base tables and checked as a
whole by the same models, and the first error names the file, its line and the entry
(:class:`CardsError`). Nothing applies unless everything is valid. A record keeps the corrections'
content as canonical JSON (``cards_data``), never a file name.
"""

from __future__ import annotations

import copy
import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from typing import Any

from solotable.core.data import DataError, build, line_of
from solotable.core.protocol import OptionError
from solotable.core.untrusted import parse_json, parse_toml, shorten

from .cardfile import (
    Caps,
    CardsFile,
    Character,
    Creature,
    Difficulty,
    Flags,
    Options,
    Table,
    effects_of,
    options_of,
    parse_effect,
)
from .names import (
    BOSSES,
    CARD_INDEX,
    CHARACTERS,
    DIFFICULTIES,
    ITEMS,
    POTIONS,
    ROOM_CARDS,
    ROOM_TYPE,
    ROOM_TYPES,
    STATS,
    STATUSES,
    WARES,
    Effect,
    Icon,
    ItemKind,
    Potion,
    RoomType,
    Stat,
    Status,
    by_fields,
    cards_of,
    known_names,
    room_type,
)

__all__ = [
    "BOSSES", "CARD_INDEX", "CHARACTERS", "DIFFICULTIES", "POTIONS", "ROOM_CARDS", "ROOM_TYPE", "ROOM_TYPES", "STATS",
    "STATUSES", "WARES", "CardsError", "CardsFile", "Data", "Effect", "Foe", "Icon", "Options", "Potion", "RoomType",
    "Stat", "Status", "base_raw", "check_json", "check_text", "data", "known_names", "parse_effect", "room_type",
]  # fmt: skip


# -- the rules' data -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Foe:
    """A creature as fought (§7): a monster's row, a Ghost's, a boss's on its floor, Og's phase."""

    name: str
    hp: int
    hp2: int
    damage: int
    icons: tuple[Icon, ...]
    reward: tuple[Effect, ...]
    ignore_armor: bool

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class TrapFace:
    name: str
    fail: tuple[Effect, ...]
    success: tuple[Effect, ...]

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class GraveFace:
    name: str
    options: Options

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class Ware:
    key: str
    price: int
    per_floor: bool
    gain: tuple[Effect, ...]
    potion: str
    """The potion kind the ware gives (``any``), or ``""``."""

    def cost(self, floor: int) -> int:
        return self.price * floor if self.per_floor else self.price

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class Merchant:
    wares: tuple[Ware, ...]
    sell_armor: int
    sell_potion: int

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class Treasure:
    gold: int
    gold_condition: int
    condition: int
    """The room types of the condition, as a mask over :data:`ROOM_TYPES` (D9)."""
    rows: tuple[Options, ...]

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class Shrine:
    offer_gold: int
    offer_bonus: int
    rows: tuple[Options, ...]

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class Item:
    """An item room (§8.8): its name and the item each face of the check's black die gives."""

    name: str
    items: tuple[ItemKind, ...]

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class GearUse:
    """What an item does (§6.4): free feats in one roll, or a status it cures."""

    free_feats: int
    cure: str

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class Limits:
    """The maxima (§4.1, D2) as the rules read them: :class:`~.cardfile.Caps` without its
    provenance, a class of this module so that the compiled build reads its fields natively."""

    hp: int
    armor: int
    gold: int
    food: int
    potions: int
    items: int

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class Switches:
    """The rule switches (§10, ruling MR-P10) as the rules read them: :class:`~.cardfile.Flags`
    without its provenance (the same fields), compiled with this module."""

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

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


def _limits(c: Caps) -> Limits:
    return Limits(c.hp, c.armor, c.gold, c.food, c.potions, c.items)


def _switches(f: Flags) -> Switches:
    return Switches(
        f.eat_on_fall, f.refresh_on_fall, f.icons_on_zero_damage, f.statuses_persist, f.evasion_on_start_room,
        f.shield_counts_boss, f.ghost_two_player_hp, f.lethal_payments, f.cure_curse_at_once,
        f.hide_useless_potions, f.poison_stacks, f.treasure_reward_optional,
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Data:
    """Everything the rules read, compiled from a :class:`CardsFile`."""

    rules_version: str
    caps: Limits
    xp_cap: int
    die_thresholds: tuple[int, int]
    heal_per_xp: int
    lack_hp: int
    eat_food: int
    starve_hp: int
    feat_hp: int
    feat_xp: int
    fire_damage: int
    healing_hp: int
    poison_bonus: int
    blessing_heal: int
    stun_per_armor: int
    tribute_per_hp: int
    shield_armor: int
    foresight_cards: int
    regenerate_hp: int
    floors: tuple[int, ...]
    boss_areas: frozenset[int]
    fall_to: tuple[int, ...]
    difficulty: Mapping[str, Difficulty]
    characters: Mapping[str, Character]
    monsters: Mapping[str, tuple[Foe, ...]]
    """By card id, one row per floor."""
    traps: Mapping[str, tuple[TrapFace, ...]]
    """By card id, one row per black-die face."""
    graveyards: Mapping[str, tuple[GraveFace, ...]]
    campfires: Mapping[str, Options]
    merchants: Mapping[str, Merchant]
    treasures: Mapping[str, Treasure]
    shrine: Shrine
    items: Mapping[str, Item]
    gear: Mapping[str, GearUse]
    item_card: Mapping[str, str]
    """The item room each item comes from (D27: the card stays out of the deck while held)."""
    bosses: Mapping[str, tuple[Foe, ...]]
    """By boss, one row per floor (1-3)."""
    og: tuple[Foe, Foe]
    reward_gold: int
    reward_rows: tuple[Options, ...]
    ghosts: tuple[Foe, ...]
    """One row per floor."""
    flags: Switches
    """The file's flags (:attr:`file` keeps them with their provenance)."""
    file: CardsFile

    def __reduce__(self) -> tuple[Any, ...]:
        # the data :func:`data` made (one per set of corrections, kept for good) pickles as its
        # corrections: a state names its data, and its pickle (OpenSpiel, process pools) carried a
        # copy of every card and of the file (23 KB of 26) and came back with that copy
        overrides = _MADE.get(id(self))
        if overrides is not None and data(overrides) is self:
            return (data, (overrides,))
        return by_fields(self)


class CardsError(OptionError):
    """Card data that cannot be used: the message names the file, the line and the entry."""


class _Bad(Exception):
    """A check of :func:`compile_data` failed at ``path``."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(reason)
        self.path = path
        self.reason = reason


def _foe(row: Creature) -> Foe:
    reward = effects_of(row.reward) if row.reward else ()
    return Foe(row.name, row.hp, row.hp2, row.damage, row.icons, reward, "ignore_armor" in row.icons)


def _keys(table: Mapping[str, object], want: tuple[str, ...], path: str) -> None:
    for key in table:
        if key not in want:
            raise _Bad(f"{path}.{key}", f"unknown entry {shorten(key)} (known: {', '.join(want)})")
    for key in want:
        if key not in table:
            raise _Bad(path, f"missing entry {key}")


def compile_data(f: CardsFile) -> Data:
    """The rules' data from the file's models. Raises :class:`_Bad` for a check that spans tables."""
    caps = f.caps
    ch_ = f.character
    characters = {"rogue": ch_.rogue, "priestess": ch_.priestess, "crusader": ch_.crusader, "mage": ch_.mage}
    for c, ch in characters.items():
        for key, value, cap in (("hp", ch.hp, caps.hp), ("armor", ch.armor, caps.armor), ("gold", ch.gold, caps.gold),
                                ("food", ch.food, caps.food)):  # fmt: skip
            if value > cap:  # §4.1, MR-P10: a starting value within its maximum
                raise _Bad(f"character.{c}.{key}", f"{key} {value} is above the maximum caps.{key} = {cap}")
        if len(ch.potions) > caps.potions:
            raise _Bad(f"character.{c}.potions", f"at most caps.potions = {caps.potions} potions")
    monster_cards = cards_of("monster")
    _keys(f.monster, monster_cards, "monster")
    monsters: dict[str, tuple[Foe, ...]] = {}
    for card in monster_cards:
        _keys(f.monster[card], ("1", "2", "3", "4"), f"monster.{card}")
        for floor, creature in f.monster[card].items():
            if not creature.reward:
                raise _Bad(f"monster.{card}.{floor}.reward", "a monster needs a reward")
        monsters[card] = tuple(_foe(f.monster[card][str(n)]) for n in range(1, 5))
    trap_cards = cards_of("trap")
    _keys(f.trap, trap_cards, "trap")
    traps: dict[str, tuple[TrapFace, ...]] = {}
    for card in trap_cards:
        _keys(f.trap[card], ("1", "2", "3"), f"trap.{card}")
        by_face: dict[int, TrapFace] = {}
        row_of: dict[int, str] = {}
        for r in ("1", "2", "3"):
            row = f.trap[card][r]
            for d in row.dice:
                if d in by_face:
                    raise _Bad(f"trap.{card}.{r}.dice", f"face {d} is in two rows ({card}.{row_of[d]} and {card}.{r})")
                by_face[d] = TrapFace(row.name, effects_of(row.fail), effects_of(row.success))
                row_of[d] = r
        if len(by_face) != 6:
            raise _Bad(f"trap.{card}", "the rows must cover the faces 1-6")
        traps[card] = tuple(by_face[d] for d in range(1, 7))
    grave_cards = cards_of("graveyard")
    _keys(f.graveyard, grave_cards, "graveyard")
    graveyards: dict[str, tuple[GraveFace, ...]] = {}
    for card in grave_cards:
        _keys(f.graveyard[card], ("1", "2", "3", "4", "5", "6"), f"graveyard.{card}")
        graveyards[card] = tuple(
            GraveFace(row.name, options_of(row.options)) for row in (f.graveyard[card][str(d)] for d in range(1, 7))
        )
    camp_cards = cards_of("campfire")
    _keys(f.campfire, camp_cards, "campfire")
    merc_cards = cards_of("merchant")
    _keys(f.merchant, merc_cards, "merchant")
    merchants: dict[str, Merchant] = {}
    for card in merc_cards:
        m = f.merchant[card]
        wares: list[Ware] = []
        lines = (("armor", m.buy_armor), ("bless", m.buy_bless), ("food", m.buy_food), ("hp1", m.buy_hp1),
                 ("hp4", m.buy_hp4), ("potion", m.buy_potion))  # the order of the choices: by key  # fmt: skip
        for key, line in lines:
            if line is None or not line.enabled:
                continue
            gain = effects_of(line.gain)
            potion = next((e.arg for e in gain if e.kind == "potion"), "")
            wares.append(Ware(key, line.price, line.price_per_floor, gain, potion))
        merchants[card] = Merchant(tuple(wares), m.sell_armor, m.sell_potion)
    tres_cards = cards_of("treasure")
    _keys(f.treasure, tres_cards, "treasure")
    treasures = {
        card: Treasure(t.gold, t.gold_condition, room_mask(t.condition), tuple(options_of(r) for r in t.rows))
        for card, t in f.treasure.items()
    }
    _keys(f.shrine, ("SHRN",), "shrine")
    s = f.shrine["SHRN"]
    item_cards = cards_of("item")
    _keys(f.item, item_cards, "item")
    _keys(f.gear, ITEMS, "gear")
    item_card: dict[str, str] = {}
    for card in item_cards:
        for kind in f.item[card].items:
            if item_card.setdefault(kind, card) != card:  # D27: a held item keeps its card out of the deck
                raise _Bad(f"item.{card}.items", f"{kind} is given by two item rooms ({item_card[kind]} and {card})")
    _keys(f.boss, BOSSES, "boss")
    bosses = {
        b: tuple(
            Foe(b, card.hp[i], card.hp2[i], card.damage[i], card.icons, (Effect("stat", "xp", card.xp[i]),),
                "ignore_armor" in card.icons)
            for i in range(3)
        )
        for b, card in f.boss.items()
    }  # fmt: skip
    _keys(f.og, ("1", "2"), "og")
    _keys(f.ghost, ("1", "2", "3", "4"), "ghost")
    for n, creature in f.ghost.items():
        if not creature.reward:
            raise _Bad(f"ghost.{n}.reward", "a Ghost needs a reward")
    dungeon = f.dungeon
    return Data(
        rules_version=f.meta.rules_version,
        caps=_limits(caps),
        xp_cap=f.xp.cap,
        die_thresholds=f.xp.die_thresholds,
        heal_per_xp=f.xp.heal_per_xp_over_cap,
        lack_hp=f.loss.lack_hp,
        eat_food=f.delving.food,
        starve_hp=f.delving.starve_hp,
        feat_hp=f.feat.hp,
        feat_xp=f.feat.xp,
        fire_damage=f.potion.fire_damage,
        healing_hp=f.potion.healing_hp,
        poison_bonus=f.potion.poison_bonus,
        blessing_heal=f.skill.blessing_heal,
        stun_per_armor=f.skill.stun_per_armor,
        tribute_per_hp=f.skill.tribute_per_hp,
        shield_armor=f.skill.shield_armor,
        foresight_cards=f.skill.foresight_cards,
        regenerate_hp=f.icon.regenerate_hp,
        floors=dungeon.floors,
        boss_areas=frozenset(dungeon.boss_areas),
        fall_to=dungeon.fall_to,
        difficulty={
            "normal": f.difficulty.normal,
            "hard": f.difficulty.hard,
            "harder": f.difficulty.harder,
            "roguelike": f.difficulty.roguelike,
        },
        characters=characters,
        monsters=monsters,
        traps=traps,
        graveyards=graveyards,
        campfires={card: options_of(f.campfire[card].options) for card in camp_cards},
        merchants=merchants,
        treasures=treasures,
        shrine=Shrine(s.offer_gold, s.offer_bonus, tuple(options_of(r) for r in s.rows)),
        items={card: Item(i.name, i.items) for card, i in f.item.items()},
        gear={kind: GearUse(g.free_feats, g.cure) for kind, g in f.gear.items()},
        item_card=item_card,
        bosses=bosses,
        og=(_foe(f.og["1"]), _foe(f.og["2"])),
        reward_gold=f.reward.gold,
        reward_rows=tuple(options_of(r) for r in f.reward.rows),
        ghosts=tuple(_foe(f.ghost[str(n)]) for n in range(1, 5)),
        flags=_switches(f.flags),
        file=f,
    )


def room_mask(types: tuple[RoomType, ...] | list[RoomType]) -> int:
    return sum(1 << ROOM_TYPES.index(t) for t in set(types))


# -- loading ---------------------------------------------------------------------------------------


def base_text() -> str:
    return resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")


@cache
def _base_raw_json() -> str:
    return json.dumps(tomllib.loads(base_text()), sort_keys=True)


def base_raw() -> dict[str, Any]:
    """The parsed tables of cards.toml (a fresh copy)."""
    raw: dict[str, Any] = json.loads(_base_raw_json())
    return raw


def merge(base: dict[str, Any], over: Mapping[str, Any]) -> None:
    """Replace the values of ``base`` named in ``over`` (tables merge key by key; the models then
    check every key and value)."""
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            merge(base[key], value)
        else:
            base[key] = copy.deepcopy(value)


def _build(raw: dict[str, Any], source: str) -> Data:
    """Raises :class:`DataError` (from the models) or :class:`_Bad` (from the compiler)."""
    return compile_data(build(CardsFile, raw, source=source))


_MADE: dict[int, str] = {}
"""The corrections each :class:`Data` that :func:`data` made was built with, by its id (kept for
good by ``data``'s cache, so an id is never another's): how such a Data pickles."""


def data(overrides: str = "") -> Data:
    """The card data, with the corrections ``overrides`` (canonical JSON, see :func:`canonical`):
    one object for each (``data()`` is ``data("")``, which the cache alone would build twice)."""
    return _data(overrides)


@cache
def _data(overrides: str) -> Data:
    raw = base_raw()
    if overrides:
        merge(raw, json.loads(overrides))
    try:
        made = _build(raw, "cards.toml")
    except (DataError, _Bad) as exc:  # the corrections were checked when they came in
        raise CardsError("mr.err.cards_data", reason=_reason(exc)) from None
    _MADE[id(made)] = overrides
    return made


def canonical(overrides: Mapping[str, Any]) -> str:
    return json.dumps(overrides, sort_keys=True, ensure_ascii=False, separators=(",", ":")) if overrides else ""


def _reason(exc: DataError | _Bad) -> str:
    if isinstance(exc, _Bad):
        return f"{exc.path}: {exc.reason}"
    return f"{exc.params['path']}: {exc.params['reason']}"


def find_line(text: str, path: str) -> int:
    """The line of ``text`` (a player's TOML) that the entry ``path`` comes from: its key, else
    the first table under it, else the first line setting its last key, else 1."""
    found = line_of(text, path)
    if found is not None:
        return found
    lines = text.splitlines()
    parts = [p for p in re.sub(r"\[\d+\]", "", path).split(".") if p]
    for keep in range(len(parts), 0, -1):
        head = r"\s*\.\s*".join(f"(?:{re.escape(p)}|\"{re.escape(p)}\"|'{re.escape(p)}')" for p in parts[:keep])
        header = re.compile(r"^\s*\[+\s*" + head + r"\s*[.\]]")
        for number, line in enumerate(lines, start=1):
            if header.match(line):
                return number
        if keep < len(parts):
            break  # only a table under the whole path, or the whole path's key, is this entry
    if parts:
        leaf = re.compile(r"^\s*(?:[\w\"'.-]+\.)?\s*(?:" + re.escape(parts[-1]) + r")\s*=")
        for number, line in enumerate(lines, start=1):
            if leaf.match(line):
                return number
    return 1


def _name_of(source: str) -> str:
    """A file's name as typed, for a message (shortened only when absurdly long)."""
    return source if len(source) <= 200 and source.isprintable() else shorten(source, 200)


def check_text(text: str, source: str) -> str:
    """A player's corrections (TOML ``text`` from the file ``source``) checked whole: their
    canonical JSON, or :class:`CardsError` naming the file, the line and the entry of the first
    error (a syntax error, too deep a nesting or too long a number is the
    :class:`~solotable.core.untrusted.UntrustedError` of the parser, which names the line too)."""
    over = parse_toml(text, source)
    raw = base_raw()
    merge(raw, over)
    try:
        _build(raw, source)
    except DataError as exc:
        path = str(exc.params["path"])
        raise CardsError("mr.err.cards", file=_name_of(source), line=find_line(text, path), entry=path,
                         reason=exc.params["reason"]) from None  # fmt: skip
    except _Bad as exc:
        raise CardsError("mr.err.cards", file=_name_of(source), line=find_line(text, exc.path), entry=exc.path,
                         reason=exc.reason) from None  # fmt: skip
    return canonical(over)


def check_json(text: str) -> str:
    """The corrections a record carries (``cards_data``, canonical JSON): checked whole and
    returned canonical, or :class:`CardsError`."""
    try:
        over = parse_json(text, "cards_data")
    except ValueError as exc:
        raise CardsError("mr.err.cards_data", reason=shorten(str(exc), 120)) from None
    if not isinstance(over, dict):
        raise CardsError("mr.err.cards_data", reason="not a table")
    raw = base_raw()
    merge(raw, over)
    try:
        _build(raw, "cards_data")
    except (DataError, _Bad) as exc:
        raise CardsError("mr.err.cards_data", reason=shorten(_reason(exc), 160)) from None
    return canonical(over)


def provenance_fields() -> frozenset[str]:
    return frozenset(f.name for f in fields(Table))
