"""The card and rule data of Deep Space D-6 (``cards.toml``) as typed, frozen models.

Loaded once by :func:`data` through :func:`solotable.core.data.build`, which checks every key and
type and reports the line of a mistake; the checks of the numbers themselves (activation values
1-6, a mission slot's faces, one Don't Panic entry ...) are the models' ``__post_init__``.
Section numbers (§) are those of the game's rules reference.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Final, Literal

from solotable.core.data import build, invalid

FaceCode = Literal["com", "tac", "med", "sci", "eng", "thr"]
FACES: tuple[FaceCode, ...] = ("com", "tac", "med", "sci", "eng", "thr")
"""Crew faces in the order of the d6 converter (§4.2): face 0-5 is pip 1-6. These codes are
notation (what is typed, ``change:tac,sci``); people read the faces' names in the catalogue."""
FACE_OF: dict[str, int] = {code: f for f, code in enumerate(FACES)}
"""A face (0-5) from its code."""
COM: Final = 0
TAC: Final = 1
MED: Final = 2
SCI: Final = 3
ENG: Final = 4
THR: Final = 5
NO_FACE: Final = -1
"""A die in the pool has not been rolled: it shows no face (R37)."""

Kind = Literal["external", "internal", "dont_panic"]
Effect = Literal[
    # external threats (§6.2)
    "damage", "bomber", "bounty", "mercenary", "meteoroid", "nebula", "scout", "solar_winds",
    # internal threats (§6.3)
    "boost_morale", "cloaked", "comms_offline", "cosmic", "distracted", "friendly_fire", "send_unit",
    "panel_explosion", "time_warp",
    # Don't Panic (§6.4)
    "none",
]  # fmt: skip
MissionFace = Literal["com", "tac", "med", "sci", "eng"]
EXTERNAL_EFFECTS = frozenset(("damage", "bomber", "bounty", "mercenary", "meteoroid", "nebula", "scout", "solar_winds"))


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of threat card (the copies of a card printed twice share one ``Card``)."""

    kind: Kind
    copies: int
    effect: Effect
    activation: tuple[int, ...] = ()
    """The threat-die results that activate it, ascending (none: it never activates by the die)."""
    mission: tuple[tuple[MissionFace, ...], ...] = ()
    """The away mission: one entry per slot, the faces that slot accepts (Pandemic: either of two)."""
    health: int = 0
    """Starting health of an external threat (0: Solar Winds, and every internal threat)."""
    damage: int = 0
    """The hull damage of its effect (Meteoroid: when destroyed, R2)."""
    ignores_shields: bool = False
    mission_to_infirmary: bool = False
    """The die that completes its mission goes to the Infirmary (Boarding Ship, R13)."""

    # derived when loaded
    id: str = field(init=False, default="")
    """Its key in ``cards.toml``: ``e1`` ... ``e23``, ``i1`` ... ``i11``, ``dp``."""
    index: int = field(init=False, default=-1)
    """Its place in the deck's list of kinds (the order of the draw table)."""
    act_mask: int = field(init=False, default=0)
    """Bit ``v`` set when the threat die ``v`` activates it."""
    slots: tuple[frozenset[int], ...] = field(init=False, default=())
    """The mission's slots as sets of faces (0-4)."""
    mission_faces: frozenset[int] = field(init=False, default=frozenset())
    """Every face some slot of the mission accepts."""
    external: bool = field(init=False, default=False)
    internal: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        if not 1 <= self.copies <= 6:
            raise invalid("copies must be 1-6")
        if self.kind == "dont_panic" and self.effect != "none":
            raise invalid("a Don't Panic card has the effect none")
        if self.kind != "dont_panic" and (self.effect in EXTERNAL_EFFECTS) != (self.kind == "external"):
            raise invalid(f"the effect {self.effect!r} is not one of a {self.kind} threat")
        if any(not 1 <= v <= 6 for v in self.activation) or list(self.activation) != sorted(set(self.activation)):
            raise invalid("activation values must be distinct, 1-6, ascending")
        if self.kind == "external" and not 0 <= self.health <= 4:
            raise invalid("the health of an external threat is 0-4")
        if self.kind != "external" and self.health:
            raise invalid("only external threats have health")
        if any(not slot or len(set(slot)) != len(slot) for slot in self.mission):
            raise invalid("each mission slot lists one or more different faces")
        set_ = object.__setattr__  # derived fields of a frozen model, set once here
        set_(self, "act_mask", sum(1 << v for v in self.activation))
        set_(self, "slots", tuple(frozenset(FACES.index(f) for f in slot) for slot in self.mission))
        set_(self, "mission_faces", frozenset().union(*self.slots))
        set_(self, "external", self.kind == "external")
        set_(self, "internal", self.kind == "internal")


@dataclass(frozen=True, slots=True)
class Meta:
    rules_version: str
    source: str
    confidence: str


@dataclass(frozen=True, slots=True)
class Ship:
    """§3.1: the USS Crypsis."""

    source: str
    confidence: str
    hull: int
    shields: int
    scanner_slots: int
    crew_dice: int

    def __post_init__(self) -> None:
        if self.hull < 1 or self.shields < 0 or self.scanner_slots < 1 or not 1 <= self.crew_dice <= 6:
            raise invalid("hull 1 or more, shields 0 or more, scanner slots 1 or more, crew dice 1-6")


@dataclass(frozen=True, slots=True)
class Faces:
    source: str
    confidence: str
    order: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.order != FACES:
            raise invalid(f"the faces are {', '.join(FACES)} in this order (the converter, §4.2)")


@dataclass(frozen=True, slots=True)
class Difficulty:
    """§2.2: the Don't Panic cards each preset keeps."""

    source: str
    confidence: str
    dont_panic: dict[str, int]


@dataclass(frozen=True, slots=True)
class Length:
    """§2.3: the cards a short or quick game removes unseen."""

    source: str
    confidence: str
    removed: dict[str, int]

    def __post_init__(self) -> None:
        if any(not 0 <= n <= 20 for n in self.removed.values()):
            raise invalid("0-20 cards removed")


@dataclass(frozen=True, slots=True)
class Setup:
    source: str
    opening_draws: int


@dataclass(frozen=True, slots=True)
class Data:
    """Everything in ``cards.toml``."""

    meta: Meta
    ship: Ship
    faces: Faces
    difficulty: Difficulty
    length: Length
    setup: Setup
    card: dict[str, Card]
    """The kinds of card by id, in the order of the rules reference's tables (and of the draw
    table)."""

    cards: tuple[Card, ...] = field(init=False, default=())
    dont_panic: Card = field(init=False)
    size: int = field(init=False, default=0)
    """The threat cards of the deck, Don't Panic cards left out (§6: 36)."""

    def __post_init__(self) -> None:
        panics = [c for c in self.card.values() if c.kind == "dont_panic"]
        if len(panics) != 1:
            raise invalid("exactly one Don't Panic entry")
        if any(not 0 <= n <= panics[0].copies for n in self.difficulty.dont_panic.values()):
            raise invalid(f"a preset keeps 0-{panics[0].copies} Don't Panic cards")
        for i, (key, c) in enumerate(self.card.items()):  # derived fields of frozen models, set once
            object.__setattr__(c, "id", key)
            object.__setattr__(c, "index", i)
        object.__setattr__(self, "cards", tuple(self.card.values()))
        object.__setattr__(self, "dont_panic", panics[0])
        object.__setattr__(self, "size", sum(c.copies for c in self.cards if c.kind != "dont_panic"))

    @property
    def by_id(self) -> dict[str, Card]:
        return self.card


def parse(text: str, source: str = "cards.toml") -> Data:
    """The card data in ``text``; a :class:`~solotable.core.data.DataError` names the line of
    the first mistake."""
    return build(Data, tomllib.loads(text), source=source, text=text)


@cache
def data() -> Data:
    """The game's own data, loaded once."""
    package = __package__ or "solotable.games.deepspace_d6"
    return parse(resources.files(package).joinpath("cards.toml").read_text(encoding="utf-8"))
