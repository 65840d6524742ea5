"""Loads and validates cards.toml (and a player's ``--cards`` overrides) into frozen data.

The base data is read once and cached. Overrides (``--cards FILE``, project ruling MR-P2) are a
TOML text with a subset of the same tables and keys; :func:`overrides_from_text` checks every
key, type and value and reports the first error with the line it came from (``CardsError``, a
localized ``OptionError``). Nothing is applied unless the whole file is valid.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from solotable.core.protocol import OptionError

CHARACTERS: tuple[str, ...] = ("rogue", "priestess", "crusader", "mage")
DIFFICULTIES: tuple[str, ...] = ("normal", "hard", "harder", "roguelike")
POTIONS: tuple[str, ...] = ("fire", "frost", "poison", "healing", "holy", "perception")
STATUSES: tuple[str, ...] = ("poison", "curse", "blind")
STATS: tuple[str, ...] = ("hp", "armor", "gold", "food", "xp")
ICONS: tuple[str, ...] = ("curse", "poison", "blind", "regenerate", "weaken", "ignore_armor", "fall")
BOSSES: tuple[str, ...] = ("cursed_dragon", "kings_protector", "spider_queen", "ghoul")
# The 20 room cards (§8.0), in the canonical order of notation.
ROOM_CARDS: tuple[str, ...] = (
    "MON-A", "MON-B", "MON-C", "TRAP-1", "TRAP-2", "TRAP-3", "TRAP-4",
    "GRV-1", "GRV-2", "GRV-3", "GRV-4", "CAMP-1", "CAMP-2", "MERC-1", "MERC-2",
    "TRES-A", "TRES-B", "SHRN", "ITEM-1", "ITEM-2",
)  # fmt: skip
ROOM_TYPES: dict[str, str] = {
    "MON": "monster", "TRAP": "trap", "GRV": "graveyard", "CAMP": "campfire",
    "MERC": "merchant", "TRES": "treasure", "SHRN": "shrine", "ITEM": "item",
}  # fmt: skip
PROVENANCE = ("confidence", "grade", "source", "decision")
# The rule switches of cards.toml [flags] (§10 decisions).
FLAGS: tuple[str, ...] = (
    "eat_on_fall", "refresh_on_fall", "icons_on_zero_damage", "statuses_persist", "evasion_on_start_room",
    "shield_counts_boss", "ghost_two_player_hp", "lethal_payments", "cure_curse_at_once", "hide_useless_potions",
    "poison_stacks", "treasure_reward_optional",
)  # fmt: skip


def room_type(card: str) -> str:
    return ROOM_TYPES[card.split("-")[0]]


@cache
def known_names() -> frozenset[str]:
    """The names a card row may carry: those with a message ``mr.name.<name>`` (en and ja), so
    that every event naming a creature or a row can be shown."""
    text = resources.files(__package__).joinpath("messages.toml").read_text(encoding="utf-8")
    return frozenset(k[len("mr.name.") :] for k in tomllib.loads(text) if k.startswith("mr.name."))


def _name(value: object) -> str:
    if not isinstance(value, str) or value not in known_names():
        raise ValueError(f"unknown name {value!r}: a name must be one of {', '.join(sorted(known_names()))}")
    return value


# An effect: (kind, amount, per_floor, arg). kinds: stat, potion, status, bless, fall, ghost,
# nothing.
Effect = tuple[str, int, bool, str]
Options = tuple[tuple[Effect, ...], ...]

_STAT_RE = re.compile(r"^(hp|armor|gold|food|xp)([+-]\d+)(\*floor)?$")


class CardsError(OptionError):
    """A bad ``--cards`` file: the message names the file, the line and what is wrong."""


def parse_effect(text: object) -> Effect:
    if not isinstance(text, str):
        raise ValueError(f"an effect must be a string, not {text!r}")
    m = _STAT_RE.match(text)
    if m:
        return ("stat", int(m.group(2)), bool(m.group(3)), m.group(1))
    if text.startswith("potion:") and text[7:] in (*POTIONS, "any"):
        return ("potion", 1, False, text[7:])
    if text in STATUSES:
        return ("status", 1, False, text)
    if text in ("bless", "fall", "ghost", "nothing"):
        return (text, 0, False, "")
    raise ValueError(f"unknown effect {text!r}")


def _effects(value: object) -> tuple[Effect, ...]:
    if not isinstance(value, list) or not value:
        raise ValueError("a result must be a non-empty list of effects")
    return tuple(parse_effect(v) for v in value)


def _options(value: object) -> Options:
    if not isinstance(value, list) or not value:
        raise ValueError("options must be a non-empty list of results")
    return tuple(_effects(v) for v in value)


def _rows(value: object, n: int = 6) -> tuple[Options, ...]:
    if not isinstance(value, list) or len(value) != n:
        raise ValueError(f"rows must be a list of {n} rows")
    return tuple(_options(v) for v in value)


def _nat(value: object, what: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ValueError(f"{what} must be an integer >= {low}, not {value!r}")
    return value


def _icons(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or any(v not in ICONS for v in value):
        raise ValueError(f"icons must be a list of {', '.join(ICONS)}")
    return tuple(value)


@dataclass(frozen=True, slots=True)
class Foe:
    name: str
    hp: int
    hp2: int
    damage: int
    icons: tuple[str, ...]
    reward: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Ware:
    key: str
    price: int
    per_floor: bool
    gain: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Data:
    raw: dict[str, Any]
    rules_version: str
    caps: dict[str, int]
    xp_cap: int
    die_thresholds: tuple[int, ...]
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
    difficulty: dict[str, dict[str, int]]
    characters: dict[str, dict[str, Any]]
    monsters: dict[str, tuple[Foe, ...]]
    traps: dict[str, tuple[tuple[str, tuple[Effect, ...], tuple[Effect, ...]], ...]]  # by face-1
    graveyards: dict[str, tuple[tuple[str, Options], ...]]
    campfires: dict[str, Options]
    merchants: dict[str, tuple[tuple[Ware, ...], int, int]]  # wares, sell armor, sell potion
    treasures: dict[str, tuple[int, int, frozenset[str], tuple[Options, ...]]]
    shrine_offer: int
    shrine_bonus: int
    shrine_rows: tuple[Options, ...]
    items: dict[str, tuple[str, str, int, int]]  # name, condition, cost, free feats
    bosses: dict[str, tuple[Foe, ...]]
    og: tuple[Foe, Foe]
    reward_gold: int
    reward_rows: tuple[Options, ...]
    ghosts: tuple[Foe, ...]
    flags: dict[str, bool]


def build(raw: dict[str, Any]) -> Data:
    """Validate the parsed tables; ``ValueError`` whose ``args[1]`` is the key path at fault."""
    path: list[str] = []

    def at(*keys: str) -> Any:
        node: Any = raw
        path[:] = list(keys)
        for k in keys:
            if not isinstance(node, dict) or k not in node:
                raise ValueError(f"missing {'.'.join(keys)}", tuple(keys))
            node = node[k]
        return node

    try:
        caps = {k: _nat(at("caps", k), k, 1) for k in ("hp", "armor", "gold", "food", "potions", "items")}
        if at("caps", "items") != 1:  # §6.4: each character holds at most 1 item (S1, S2)
            raise ValueError("items must be 1: a character holds at most one item (S1, S2)")
        thresholds = at("xp", "die_thresholds")
        if (
            not isinstance(thresholds, list)
            or any(not isinstance(t, int) for t in thresholds)
            or sorted(thresholds) != thresholds
            or len(thresholds) != 2
        ):
            raise ValueError("die_thresholds must be two increasing integers")
        xp_cap = _nat(at("xp", "cap"), "cap", 1)
        floors = at("dungeon", "floors")
        if (
            not isinstance(floors, list)
            or len(floors) != 10
            or floors != sorted(floors)
            or floors[0] != 1
            or floors[-1] != 4
        ):
            raise ValueError("floors must list the floor (1-4) of areas 1-10 in order")
        boss_areas = at("dungeon", "boss_areas")
        if (
            not isinstance(boss_areas, list)
            or any(not isinstance(a, int) or isinstance(a, bool) for a in boss_areas)
            or sorted(set(boss_areas)) != boss_areas
            or len(boss_areas) != 4
            or boss_areas[0] < 1
            or boss_areas[-1] != 10
        ):
            raise ValueError("boss_areas must be 4 increasing areas from 1 to 10, ending with 10")
        if any(floors[a - 1] > 3 for a in boss_areas[:3]):  # a floor boss has rows for floors 1-3
            raise ValueError("the floor bosses' areas must be on floors 1-3 (Og's Remains is area 10)")
        fall_to = at("dungeon", "fall_to")
        if not isinstance(fall_to, list) or len(fall_to) != 10:
            raise ValueError("fall_to must have 10 entries")
        for i, dst in enumerate(fall_to):
            _nat(dst, "fall_to entry")
            if dst and not (i + 1 < dst <= 10):
                raise ValueError(f"fall_to: area {i + 1} must land deeper (or 0), not {dst}")
        difficulty = {d: {k: _nat(at("difficulty", d, k), k) for k in ("food", "hp", "gold")} for d in DIFFICULTIES}
        characters: dict[str, dict[str, Any]] = {}
        for c in CHARACTERS:
            entry: dict[str, Any] = {}
            for k in ("hp", "armor", "gold", "food"):  # §4.1: a starting value within its maximum
                entry[k] = _nat(at("character", c, k), k, 1 if k == "hp" else 0)
                if entry[k] > caps[k]:
                    raise ValueError(f"{k} {entry[k]} is above the maximum caps.{k} = {caps[k]}")
            pots = at("character", c, "potions")
            if not isinstance(pots, list) or any(p not in POTIONS for p in pots) or len(set(pots)) != len(pots):
                raise ValueError("potions must be a list of different potion kinds")
            if len(pots) > caps["potions"]:
                raise ValueError(f"at most caps.potions = {caps['potions']} potions")
            entry["potions"] = tuple(pots)
            characters[c] = entry

        def foe(keys: tuple[str, ...], reward: bool = True) -> Foe:
            name = _name(at(*keys, "name")) if "name" in at(*keys) else keys[-1]
            return Foe(
                name,
                _nat(at(*keys, "hp"), "hp", 1),
                _nat(at(*keys, "hp2"), "hp2", 1),
                _nat(at(*keys, "damage"), "damage"),
                _icons(at(*keys, "icons")),
                _effects(at(*keys, "reward")) if reward else (),
            )

        monsters = {
            m: tuple(foe(("monster", m, str(f))) for f in range(1, 5)) for m in ROOM_CARDS if room_type(m) == "monster"
        }
        traps: dict[str, Any] = {}
        for t in (c for c in ROOM_CARDS if room_type(c) == "trap"):
            by_face: list[Any] = [None] * 6
            row_of: dict[int, str] = {}
            for r in ("1", "2", "3"):
                dice = at("trap", t, r, "dice")
                if not isinstance(dice, list) or any(d not in range(1, 7) for d in dice):
                    raise ValueError("dice must be faces 1-6")
                row = (
                    _name(at("trap", t, r, "name")),
                    _effects(at("trap", t, r, "fail")),
                    _effects(at("trap", t, r, "success")),
                )
                for d in dice:
                    if by_face[d - 1] is not None:
                        path[:] = ["trap", t, r, "dice"]
                        raise ValueError(f"face {d} is in two rows ({t}.{row_of[d]} and {t}.{r})")
                    by_face[d - 1] = row
                    row_of[d] = r
            if None in by_face:
                path[:] = ["trap", t]
                raise ValueError("the rows must cover the faces 1-6")
            traps[t] = tuple(by_face)
        graveyards = {
            g: tuple(
                (_name(at("graveyard", g, str(f), "name")), _options(at("graveyard", g, str(f), "options")))
                for f in range(1, 7)
            )
            for g in ROOM_CARDS
            if room_type(g) == "graveyard"
        }
        campfires = {c: _options(at("campfire", c, "options")) for c in ROOM_CARDS if room_type(c) == "campfire"}
        merchants: dict[str, Any] = {}
        for m in (c for c in ROOM_CARDS if room_type(c) == "merchant"):
            wares = []
            for key, val in at("merchant", m).items():
                if key.startswith("buy_"):
                    at("merchant", m, key)
                    if not isinstance(val, dict):
                        raise ValueError("a ware must be a table")
                    en = at("merchant", m, key, "enabled")
                    if not isinstance(en, bool):
                        raise ValueError("enabled must be true or false")
                    pf = at("merchant", m, key, "price_per_floor")
                    if not isinstance(pf, bool):
                        raise ValueError("price_per_floor must be true or false")
                    w = Ware(
                        key[4:],
                        _nat(at("merchant", m, key, "price"), "price"),
                        pf,
                        _effects(at("merchant", m, key, "gain")),
                    )
                    if en:
                        wares.append(w)
            merchants[m] = (
                tuple(wares),
                _nat(at("merchant", m, "sell_armor"), "sell_armor"),
                _nat(at("merchant", m, "sell_potion"), "sell_potion"),
            )
        treasures: dict[str, Any] = {}
        for t in (c for c in ROOM_CARDS if room_type(c) == "treasure"):
            cond = at("treasure", t, "condition")
            if not isinstance(cond, list) or any(c not in ROOM_TYPES.values() for c in cond):
                raise ValueError("condition must be a list of room types")
            treasures[t] = (
                _nat(at("treasure", t, "gold"), "gold"),
                _nat(at("treasure", t, "gold_condition"), "gold_condition"),
                frozenset(cond),
                _rows(at("treasure", t, "rows")),
            )
        items: dict[str, Any] = {}
        for it in (c for c in ROOM_CARDS if room_type(c) == "item"):
            cond = at("item", it, "condition")
            if cond not in ("gold", "food", "check"):
                raise ValueError("condition must be gold, food or check")
            items[it] = (
                str(at("item", it, "name")),
                cond,
                _nat(at("item", it, "cost"), "cost"),
                _nat(at("item", it, "free_feats"), "free_feats", 1),
            )
        bosses: dict[str, Any] = {}
        for b in BOSSES:
            lists = {}
            for k in ("hp", "hp2", "damage", "xp"):
                v = at("boss", b, k)
                if not isinstance(v, list) or len(v) != 3:
                    raise ValueError(f"{k} needs one value per floor 1-3")
                lists[k] = [_nat(x, k, 1 if k.startswith("hp") else 0) for x in v]
            icons = _icons(at("boss", b, "icons"))
            bosses[b] = tuple(
                Foe(
                    b,
                    lists["hp"][f],
                    lists["hp2"][f],
                    lists["damage"][f],
                    icons,
                    (("stat", lists["xp"][f], False, "xp"),),
                )
                for f in range(3)
            )
        og = (foe(("og", "1"), False), foe(("og", "2"), False))
        ghosts = tuple(foe(("ghost", str(f))) for f in range(1, 5))
        flags = {}
        for k in FLAGS:
            v = at("flags", k)
            if not isinstance(v, bool):
                raise ValueError("must be true or false")
            flags[k] = v
        return Data(
            raw=raw,
            rules_version=str(at("meta", "rules_version")),
            caps=caps,
            xp_cap=xp_cap,
            die_thresholds=tuple(thresholds),
            heal_per_xp=_nat(at("xp", "heal_per_xp_over_cap"), "heal_per_xp_over_cap"),
            lack_hp=_nat(at("loss", "lack_hp"), "lack_hp"),
            eat_food=_nat(at("delving", "food"), "food"),
            starve_hp=_nat(at("delving", "starve_hp"), "starve_hp"),
            feat_hp=_nat(at("feat", "hp"), "hp", 1),
            feat_xp=_nat(at("feat", "xp"), "xp", 1),
            fire_damage=_nat(at("potion", "fire_damage"), "fire_damage"),
            healing_hp=_nat(at("potion", "healing_hp"), "healing_hp"),
            poison_bonus=_nat(at("potion", "poison_bonus"), "poison_bonus"),
            blessing_heal=_nat(at("skill", "blessing_heal"), "blessing_heal"),
            stun_per_armor=_nat(at("skill", "stun_per_armor"), "stun_per_armor"),
            tribute_per_hp=_nat(at("skill", "tribute_per_hp"), "tribute_per_hp"),
            shield_armor=_nat(at("skill", "shield_armor"), "shield_armor"),
            foresight_cards=_nat(at("skill", "foresight_cards"), "foresight_cards", 1),
            regenerate_hp=_nat(at("icon", "regenerate_hp"), "regenerate_hp"),
            floors=tuple(floors),
            boss_areas=frozenset(boss_areas),
            fall_to=tuple(fall_to),
            difficulty=difficulty,
            characters=characters,
            monsters=monsters,
            traps=traps,
            graveyards=graveyards,
            campfires=campfires,
            merchants=merchants,
            treasures=treasures,
            shrine_offer=_nat(at("shrine", "SHRN", "offer_gold"), "offer_gold"),
            shrine_bonus=_nat(at("shrine", "SHRN", "offer_bonus"), "offer_bonus"),
            shrine_rows=_rows(at("shrine", "SHRN", "rows")),
            items=items,
            bosses=bosses,
            og=og,
            reward_gold=_nat(at("reward", "gold"), "gold"),
            reward_rows=_rows(at("reward", "rows")),
            ghosts=ghosts,
            flags=flags,
        )
    except ValueError as exc:
        if len(exc.args) > 1:
            raise
        raise ValueError(str(exc), tuple(path)) from None


def base_text() -> str:
    return resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")


@cache
def base_raw_json() -> str:
    return json.dumps(tomllib.loads(base_text()), sort_keys=True)


@cache
def data(overrides_json: str = "") -> Data:
    """The card data, with the overrides (canonical JSON, see :func:`canonical`) applied."""
    raw = json.loads(base_raw_json())
    if overrides_json:
        merge(raw, json.loads(overrides_json), [])
    return build(raw)


def canonical(overrides: dict[str, Any]) -> str:
    return json.dumps(overrides, sort_keys=True, ensure_ascii=False, separators=(",", ":")) if overrides else ""


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "table"
    return type(value).__name__


def merge(base: dict[str, Any], over: dict[str, Any], path: list[str]) -> None:
    """Replace the values of ``base`` named in ``over``. ``ValueError(message, path, kind)``
    for a key that ``base`` lacks or a value of another type."""
    for key, value in over.items():
        where = [*path, key]
        if key not in base:
            raise ValueError("key", tuple(where), "")
        if isinstance(base[key], dict):
            if not isinstance(value, dict):
                raise ValueError("type", tuple(where), "table")
            merge(base[key], value, where)
            continue
        if _kind(value) != _kind(base[key]):
            raise ValueError("type", tuple(where), _kind(base[key]))
        base[key] = value


def _header_path(line: str) -> list[str] | None:
    stripped = line.strip()
    if not stripped.startswith("["):
        return None
    try:
        parsed = tomllib.loads(stripped.lstrip("[").rstrip("]").strip("[]") + " = 0")
    except tomllib.TOMLDecodeError:
        return None
    out: list[str] = []
    node: Any = parsed
    while isinstance(node, dict) and len(node) == 1:
        k = next(iter(node))
        out.append(k)
        node = node[k]
    return out


def line_of(text: str, path: tuple[str, ...]) -> int:
    """The line of ``text`` that sets ``path`` (1-based): the key line under its table header,
    else the header itself, else the first line naming the last key, else 1."""
    header: list[str] = []
    best = 0
    leaf = path[-1] if path else ""
    first_mention = 0
    for n, line in enumerate(text.splitlines(), 1):
        hp = _header_path(line)
        if hp is not None:
            header = hp
            if tuple(header) == tuple(path[: len(header)]) and len(header) == len(path):
                best = best or n
            continue
        m = re.match(r'^\s*([A-Za-z0-9_\-."\' ]+?)\s*=', line)
        if not m:
            continue
        try:
            keys = _header_path("[" + m.group(1) + "]") or []
        except Exception:  # pragma: no cover - defensive
            keys = []
        full = tuple(header + keys)
        if full == tuple(path[: len(full)]) and len(full) >= 1 and len(full) > len(header):
            return n
        if leaf and re.search(r"(^|[\s.{,])" + re.escape(leaf) + r"\s*=", line) and not first_mention:
            first_mention = n
    return best or first_mention or 1


def overrides_from_text(text: str, file: str) -> str:
    """Check a ``--cards`` file fully; return its canonical JSON, or raise :class:`CardsError`
    naming the file and the line of the first error. Nothing is applied on an error."""
    try:
        over = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise CardsError("mr.err.cards_syntax", file=file, line=int(m.group(1)) if m else 1, reason=str(exc)) from None
    raw = json.loads(base_raw_json())
    try:
        merge(raw, over, [])
    except ValueError as exc:
        kind, path, expected = exc.args
        line = line_of(text, path)
        key = ".".join(path)
        if kind == "key":
            raise CardsError("mr.err.cards_key", file=file, line=line, entry=key) from None
        raise CardsError("mr.err.cards_type", file=file, line=line, entry=key, expected=expected) from None
    try:
        build(raw)
    except ValueError as exc:
        path = exc.args[1] if len(exc.args) > 1 else ()
        raise CardsError(
            "mr.err.cards_value", file=file, line=line_of(text, path), entry=".".join(path), reason=str(exc.args[0])
        ) from None
    return canonical(over)


def read_overrides(file: str) -> str:
    try:
        with open(file, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise CardsError("mr.err.cards_file", file=file, reason=exc.strerror or str(exc)) from None
    return overrides_from_text(text, file)


def overrides_from_json(text: str) -> str:
    """Check the overrides a record carries (``cards_data``, MR-P2) and return them canonical."""
    try:
        over = json.loads(text)
    except ValueError:
        raise CardsError("mr.err.cards_data", reason="not JSON") from None
    if not isinstance(over, dict):
        raise CardsError("mr.err.cards_data", reason="not a table")
    raw = json.loads(base_raw_json())
    try:
        merge(raw, over, [])
        build(raw)
    except ValueError as exc:
        raise CardsError("mr.err.cards_data", reason=".".join(exc.args[1]) if len(exc.args) > 1 else str(exc)) from None
    return canonical(over)
