"""The names of Mini Rogue (2020)'s cards, stats and rows: the ids every module shares; and the
one value type both the card file's models (:mod:`.cardfile`, Python) and the rules' data
(:mod:`.data`, compiled in the compiled build) are made of, an :class:`Effect`, so that the compiled
build compiles it and the rules read its fields as a compiled class's."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from typing import Any, Literal, get_args

Potion = Literal["fire", "frost", "poison", "healing", "holy", "perception"]
Status = Literal["poison", "curse", "blind"]
Stat = Literal["hp", "armor", "gold", "food", "xp"]
Icon = Literal["curse", "poison", "blind", "regenerate", "weaken", "ignore_armor", "fall"]
RoomType = Literal["monster", "trap", "graveyard", "campfire", "merchant", "treasure", "shrine", "item"]
ItemKind = Literal["rusty_dagger", "fair_longsword", "battle_axe", "stored_feat", "cure_poison", "cure_curse"]
"""The items the item rooms give (§8.8): the Armory's weapons and the Alcove's stores."""
EffectKind = Literal["stat", "potion", "status", "bless", "fall", "ghost", "nothing"]


def by_fields(obj: Any) -> tuple[Any, ...]:
    """``__reduce__`` of a frozen dataclass built from its fields: a compiled frozen dataclass
    neither pickles nor copies by default (its state is set back field by field, which frozen
    refuses), and a state carries these objects through pickle (OpenSpiel, process pools)."""
    return (type(obj), tuple(getattr(obj, f.name) for f in fields(obj)))


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a room result, reward or ware (``"xp+1"``, ``"hp-1*floor"``, ``"potion:holy"``,
    ``"poison"``, ``"bless"``, ``"fall"``, ``"ghost"``, ``"nothing"``; the notation of cards.toml).

    ``arg`` names the stat (``kind == "stat"``), the potion kind or ``any`` (``"potion"``), or the
    status (``"status"``); ``amount`` is a stat's change, times the floor when ``per_floor``."""

    kind: EffectKind
    arg: str = ""
    amount: int = 0
    per_floor: bool = False

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


CHARACTERS: tuple[str, ...] = ("rogue", "priestess", "crusader", "mage")
DIFFICULTIES: tuple[str, ...] = ("normal", "hard", "harder", "roguelike")
POTIONS: tuple[Potion, ...] = get_args(Potion)
STATUSES: tuple[Status, ...] = get_args(Status)
STATS: tuple[Stat, ...] = get_args(Stat)
ITEMS: tuple[ItemKind, ...] = get_args(ItemKind)
ROOM_TYPES: tuple[RoomType, ...] = get_args(RoomType)
BOSSES: tuple[str, ...] = ("cursed_dragon", "kings_protector", "spider_queen", "ghoul")
# The 20 room cards (§8.0), in the canonical order of notation.
ROOM_CARDS: tuple[str, ...] = (
    "MON-A", "MON-B", "MON-C", "TRAP-1", "TRAP-2", "TRAP-3", "TRAP-4",
    "GRV-1", "GRV-2", "GRV-3", "GRV-4", "CAMP-1", "CAMP-2", "MERC-1", "MERC-2",
    "TRES-A", "TRES-B", "SHRN", "ITEM-1", "ITEM-2",
)  # fmt: skip
CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(ROOM_CARDS)}
_PREFIX_TYPE: dict[str, RoomType] = {
    "MON": "monster", "TRAP": "trap", "GRV": "graveyard", "CAMP": "campfire",
    "MERC": "merchant", "TRES": "treasure", "SHRN": "shrine", "ITEM": "item",
}  # fmt: skip
ROOM_TYPE: tuple[RoomType, ...] = tuple(_PREFIX_TYPE[c.split("-")[0]] for c in ROOM_CARDS)
"""The type of each room card, by its index in :data:`ROOM_CARDS`."""
WARES: tuple[str, ...] = ("armor", "food", "bless", "hp1", "hp4", "potion")
"""The merchants' lines a card file may hold (``buy_hp1`` ...): each has a message ``mr.ware.*``."""
LIMIT = 999
"""The largest number a card file may set (the tables' values are a few units; a cap this high
already means "no cap")."""
HP_LIMIT = 99
"""The largest HP maximum: Divine Tribute offers one action per HP that may be paid."""


def room_type(card: str) -> RoomType:
    return ROOM_TYPE[CARD_INDEX[card]]


def cards_of(kind: RoomType) -> tuple[str, ...]:
    return tuple(c for c in ROOM_CARDS if room_type(c) == kind)


@cache
def known_names() -> frozenset[str]:
    """The names a card row may carry: those with a message ``mr.name.<name>`` (en and ja), so
    that every event naming a creature or a row can be shown."""
    text = resources.files(__package__).joinpath("messages.toml").read_text(encoding="utf-8")
    return frozenset(k[len("mr.name.") :] for k in tomllib.loads(text) if k.startswith("mr.name."))
