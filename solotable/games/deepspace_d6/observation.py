"""What a player sees of Deep Space D-6: the observation, a typed dictionary that interfaces
(the full-screen board, the web table, the learning environments) read. Nothing on the table is
hidden: the deck's order is not in the state (DS-P2)."""

from __future__ import annotations

from typing import Literal, TypedDict, cast, get_args

from .actions import INST_NAMES
from .data import FACES, FaceCode, data
from .rules.stations import ALLOCATE
from .state import (
    MISSION,
    PLACE_NAMES,
    ST_COM,
    ST_ENG,
    STASIS,
    STATION_NAMES,
    DeepSpaceState,
    PlaceName,
    StationName,
)

D = data()

FaceName = FaceCode
__all__ = ["PHASE_NAMES", "DiceCount", "DieView", "FaceName", "Observation", "PhaseName", "PlaceName", "StationName",
           "ThreatView", "observation"]  # fmt: skip
PhaseName = Literal["roll", "reroll", "draw", "threat", "assign", "allocate", "send", "distract", "gather", "over"]
PHASE_NAMES: tuple[PhaseName, ...] = get_args(PhaseName)
"""Every phase the observation may name (the engine's phases of :mod:`.rules`, and ``over``)."""


class DieView(TypedDict):
    die: int
    """Its number, 1-6."""
    face: FaceName | None
    """None: in the pool, not rolled (R37)."""
    where: PlaceName
    station: StationName | None
    card: str | None
    """The threat in play it sits on (stasis, mission, Distracted), as ``e18a``."""


class ThreatView(TypedDict):
    card: str
    """The instance in play (``e18a``): what ``hit:``, ``stasis:`` and ``mission:`` name."""
    id: str
    """The card (``e18``): its name and text are ``ds6.card.<id>`` and ``ds6.text.<id>``."""
    kind: Literal["external", "internal"]
    order: int
    """1 for the first in play: the order of activation within its kind (R1)."""
    health: int | None
    max_health: int | None
    activation: list[int]
    damage: int
    ignores_shields: bool
    in_stasis: bool
    stasis_die: int | None
    mission: list[list[FaceName]]
    mission_dice: list[int]
    open_slots: list[list[FaceName]]


class DiceCount(TypedDict):
    pool: int
    unassigned: int
    scanners: int
    station: int
    stasis: int
    mission: int
    distracted: int
    returned: int
    infirmary: int


class Observation(TypedDict):
    game: Literal["deepspace-d6"]
    difficulty: str
    dont_panic: int
    length: str
    phase: PhaseName
    round: int
    hull: int
    hull_max: int
    shields: int
    shields_max: int
    shields_offline: bool
    dice: list[DieView]
    dice_count: DiceCount
    threats: list[ThreatView]
    deck_left: int
    deck_empty: bool
    removed_unseen: int
    discard: list[str]
    """The ids of the cards discarded, in order."""
    threat_die: int | None
    volley_left: int | None
    pending: str | None
    """The threat whose effect waits for the player's choice of a die."""
    lost_this_round: bool
    destroyed: int
    over: bool
    won: bool


def _faces(slot: frozenset[int]) -> list[FaceName]:
    return sorted(FACES[f] for f in slot)


def observation(s: DeepSpaceState) -> Observation:
    """Everything on the table."""
    dice: list[DieView] = []
    for n, d in enumerate(s.dice):
        where = d.where
        dice.append({
            "die": n + 1,
            "face": FACES[d.face] if d.face >= 0 else None,
            "where": PLACE_NAMES[where],
            "station": STATION_NAMES[where - ST_COM] if ST_COM <= where <= ST_ENG else None,
            "card": INST_NAMES[d.on] if d.on >= 0 else None,
        })  # fmt: skip
    threats: list[ThreatView] = []
    for order, t in enumerate(s.threats):
        c = t.card
        key = t.key
        healthy = c.external and c.health > 0
        threats.append({
            "card": t.name,
            "id": c.id,
            "kind": "external" if c.external else "internal",
            "order": order + 1,
            "health": t.health if healthy else None,
            "max_health": c.health if healthy else None,
            "activation": list(c.activation),
            "damage": c.damage,
            "ignores_shields": c.ignores_shields,
            "in_stasis": t.stasis,
            "stasis_die": next((n + 1 for n, d in enumerate(s.dice) if d.where == STASIS and d.on == key), None),
            "mission": [_faces(slot) for slot in c.slots],
            "mission_dice": [n + 1 for n, d in enumerate(s.dice) if d.where == MISSION and d.on == key],
            "open_slots": [_faces(slot) for slot in s.open_slots(t)],
        })  # fmt: skip
    counts: DiceCount = {"pool": 0, "unassigned": 0, "scanners": 0, "station": 0, "stasis": 0, "mission": 0,
                         "distracted": 0, "returned": 0, "infirmary": 0}  # fmt: skip
    for d in s.dice:
        counts[PLACE_NAMES[d.where]] += 1
    return {
        "game": "deepspace-d6",
        "difficulty": s.difficulty,
        "dont_panic": s.dont_panic,
        "length": s.length,
        "phase": cast(PhaseName, s.phase.name),
        "round": s.round,
        "hull": s.hull,
        "hull_max": D.ship.hull,
        "shields": s.shields,
        "shields_max": D.ship.shields,
        "shields_offline": s.nebula(),
        "dice": dice,
        "dice_count": counts,
        "threats": threats,
        "deck_left": s.deck,
        "deck_empty": s.deck == 0,
        "removed_unseen": s.removed,
        "discard": [c.id for c in s.discard],
        "threat_die": s.threat_die or None,
        "volley_left": s.volley if s.phase is ALLOCATE else None,
        "pending": s.pending.name if s.pending is not None else None,
        "lost_this_round": s.lost,
        "destroyed": s.destroyed,
        "over": s.over,
        "won": s.won,
    }
