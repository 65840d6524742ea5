"""Loads and validates cards.toml into frozen dataclasses, once."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

FACES: tuple[str, ...] = ("com", "tac", "med", "sci", "eng", "thr")
"""Crew faces in the order of the d6 converter (§4.2): face index 0-5 is pip 1-6."""
COM, TAC, MED, SCI, ENG, THR = range(6)

KINDS = ("external", "internal", "dont_panic")
EXTERNAL_EFFECTS = ("damage", "bomber", "bounty", "mercenary", "meteoroid", "nebula", "scout", "solar_winds")
INTERNAL_EFFECTS = (
    "boost_morale", "cloaked", "comms_offline", "cosmic", "distracted", "friendly_fire", "send_unit",
    "panel_explosion", "time_warp",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of threat card (copies of a face share one Card)."""

    id: str
    index: int
    kind: str
    copies: int
    health: int
    activation: tuple[int, ...]
    act_mask: int  # bit v set when the threat die value v activates it
    damage: int
    ignores_shields: bool
    effect: str
    mission: tuple[frozenset[int], ...]  # one entry per slot: the faces it accepts
    mission_to_infirmary: bool

    @property
    def external(self) -> bool:
        return self.kind == "external"

    @property
    def internal(self) -> bool:
        return self.kind == "internal"


@dataclass(frozen=True, slots=True)
class Data:
    rules_version: str
    hull: int
    shields: int
    scanner_slots: int
    crew_dice: int
    difficulties: dict[str, int]
    difficulty_order: tuple[str, ...]
    lengths: dict[str, int]
    length_order: tuple[str, ...]
    opening_draws: int
    cards: tuple[Card, ...]
    by_id: dict[str, Card]
    dont_panic: int  # index of the Don't Panic card


def _int(table: dict[str, Any], key: str, where: str, low: int = 0, high: int = 99) -> int:
    value = table.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"cards.toml [{where}] {key} must be an integer {low}-{high}, not {value!r}")
    return value


def parse(text: str) -> Data:
    """Validate the TOML text of the card data; raises ``ValueError`` naming the bad entry."""
    raw = tomllib.loads(text)
    if tuple(raw["faces"]["order"]) != FACES:
        raise ValueError(f"cards.toml faces.order must be {FACES}")
    ship = raw["ship"]
    diff = raw["difficulty"]
    length = raw["length"]
    cards: list[Card] = []
    for i, c in enumerate(raw["card"]):
        cid = str(c["id"])
        kind = str(c["kind"])
        if kind not in KINDS:
            raise ValueError(f"cards.toml card {cid}: unknown kind {kind!r}")
        effect = str(c["effect"])
        allowed = EXTERNAL_EFFECTS if kind == "external" else INTERNAL_EFFECTS if kind == "internal" else ("none",)
        if effect not in allowed:
            raise ValueError(f"cards.toml card {cid}: effect {effect!r} is not one of {allowed}")
        activation = tuple(int(v) for v in c["activation"])
        if any(not 1 <= v <= 6 for v in activation) or list(activation) != sorted(set(activation)):
            raise ValueError(f"cards.toml card {cid}: activation values must be distinct, 1-6, ascending")
        slots: list[frozenset[int]] = []
        for slot in c["mission"]:
            faces = frozenset(FACES.index(f) for f in slot if f in FACES)
            if not faces or len(faces) != len(slot) or THR in faces:
                raise ValueError(f"cards.toml card {cid}: bad mission slot {slot!r}")
            slots.append(faces)
        health = _int(c, "health", f"card {cid}", 0, 4) if kind == "external" else 0
        cards.append(
            Card(
                id=cid,
                index=i,
                kind=kind,
                copies=_int(c, "copies", f"card {cid}", 1, 6),
                health=health,
                activation=activation,
                act_mask=sum(1 << v for v in activation),
                damage=int(c.get("damage", 0)),
                ignores_shields=bool(c.get("ignores_shields", False)),
                effect=effect,
                mission=tuple(slots),
                mission_to_infirmary=bool(c.get("mission_to_infirmary", False)),
            )
        )
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise ValueError("cards.toml card ids must be unique")
    dps = [c.index for c in cards if c.kind == "dont_panic"]
    if len(dps) != 1:
        raise ValueError("cards.toml needs exactly one Don't Panic entry")
    order = tuple(diff["order"])
    lorder = tuple(length["order"])
    return Data(
        rules_version=str(raw["meta"]["rules_version"]),
        hull=_int(ship, "hull", "ship", 1),
        shields=_int(ship, "shields", "ship"),
        scanner_slots=_int(ship, "scanner_slots", "ship", 1),
        crew_dice=_int(ship, "crew_dice", "ship", 1, 6),
        difficulties={name: _int(diff, name, "difficulty", 0, cards[dps[0]].copies) for name in order},
        difficulty_order=order,
        lengths={name: _int(length, name, "length", 0, 20) for name in lorder},
        length_order=lorder,
        opening_draws=_int(raw["setup"], "opening_draws", "setup"),
        cards=tuple(cards),
        by_id={c.id: c for c in cards},
        dont_panic=dps[0],
    )


@cache
def data() -> Data:
    text = resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")
    return parse(text)
