"""Deep Space D-6's numeric view for learning agents (:class:`solotable.core.features.Features`):
the action catalogue, the observation vector's layout, progress and the limits OpenSpiel asks for.

The vocabularies come from the game's own data: the crew dice's faces, the threat cards and their
copies (``e18a``, ``e18b``), the away missions printed on them, the places and stations of the
crew, the difficulties and lengths.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import numpy as np

from solotable.core.features import Features, Writer, group_starts

from . import GAME
from .actions import INST_NAMES
from .data import FACES
from .rules.stations import ALLOCATE
from .state import CARDS, MISSION, PLACE_NAMES, ST_COM, ST_ENG, STATION_NAMES, D, DeepSpaceState


def _instances(kind: str) -> tuple[str, ...]:
    """The cards of a kind in play, a card printed twice as two (``e18a``, ``e18b``)."""
    out: list[str] = []
    for c in CARDS:
        if c.kind == kind:
            out += [c.id] if c.copies == 1 else [f"{c.id}{chr(ord('a') + k)}" for k in range(c.copies)]
    return tuple(out)


EXTERNAL = _instances("external")
INTERNAL = _instances("internal")
INSTANCES = (*EXTERNAL, *INTERNAL)
CARD_IDS: tuple[str, ...] = tuple(c.id for c in CARDS)
MISSIONS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (c.id, tuple(sorted({f for slot in c.mission for f in slot}))) for c in CARDS if c.mission
)
"""The away missions printed on cards: the faces a die may lock onto each card."""
DIFFICULTIES: tuple[str, ...] = tuple(D.difficulty.dont_panic)
LENGTHS: tuple[str, ...] = tuple(D.length.removed)
LOCATIONS: tuple[str, ...] = tuple(dict.fromkeys(PLACE_NAMES))
PHASES = ("roll", "reroll", "draw", "threat", "assign", "allocate", "send", "distract", "gather", "over")


def _catalogue() -> tuple[str, ...]:
    out = [f"change:{f},{t}" for f in FACES for t in FACES if f != t]
    out.append("reroll")
    out += [f"fire:{n}" for n in range(1, 7)]
    out += [f"hit:{c}" for c in EXTERNAL]
    out += ["stop", "free", "release", "shields"]
    out += [f"stasis:{c}" for c in EXTERNAL]
    out += [f"repair:{n}" for n in range(1, 7)]
    out += [f"mission:{c},{f}" for c, faces in MISSIONS for f in faces]
    out.append("end")
    out += [f"send:{d}" for d in range(1, 7)]
    out += [f"distract:{d}" for d in range(1, 7)]
    out += [f"recall:{d}" for d in range(1, 7)]
    out.append("done")
    return tuple(out)


def encode(o: Mapping[str, Any], w: Writer, player: int) -> None:
    w.onehot("difficulty", o["difficulty"], DIFFICULTIES)
    w.num("don't panic cards", o["dont_panic"], 6)
    w.onehot("length", o["length"], LENGTHS)
    w.onehot("phase", o["phase"], PHASES)
    w.num("round", o["round"], 40)
    w.num("hull", o["hull"], 8)
    w.num("shields", o["shields"], 4)
    w.flag("shields offline", o["shields_offline"])
    for d in o["dice"]:
        p = f"crew die {d['die']}"
        w.onehot(f"{p} face", d["face"], FACES)
        w.onehot(f"{p} at", d["where"], LOCATIONS)
        w.onehot(f"{p} station", d["station"], STATION_NAMES)
        w.onehot(f"{p} on card", d["card"], INSTANCES)
    counts = o["dice_count"]
    for loc in LOCATIONS:
        w.num(f"dice at {loc}", counts[loc], 6)
    by_card = {t["card"]: t for t in o["threats"]}
    for card in INSTANCES:
        t = by_card.get(card)
        p = f"threat {card}"
        w.flag(f"{p} in play", t is not None)
        tt: Mapping[str, Any] = t or {}
        w.num(f"{p} order", tt.get("order"), 20)
        w.num(f"{p} health", tt.get("health"), 4)
        w.flag(f"{p} in stasis", tt.get("in_stasis"))
        w.num(f"{p} mission dice", len(tt.get("mission_dice", ())), 2)
        w.num(f"{p} open mission slots", len(tt.get("open_slots", ())), 2)
    w.num("deck left", o["deck_left"], 40)
    w.flag("deck empty", o["deck_empty"])
    w.num("removed unseen", o["removed_unseen"], 10)
    w.counts("discard", o["discard"], CARD_IDS)
    w.onehot("threat die", o["threat_die"], (1, 2, 3, 4, 5, 6))
    w.num("volley left", o["volley_left"], 11)
    w.onehot("pending card", o["pending"], INSTANCES)
    w.flag("lost this round", o["lost_this_round"])
    w.num("destroyed", o["destroyed"], 30)
    w.flag("over", o["over"])
    w.flag("won", o["won"])


# -- the fast path: the same vector, straight from the state ---------------------------------------
# The compiled build stores into ``out`` through Python's item assignment, whose index and value
# are Python objects: the positions and the common values are kept here as objects (``object``),
# made once, so that a store makes no new int or float (the positions reach 668, past the small
# ints Python keeps), and the tables are Final (read as constants, not from the module's globals).

_S = group_starts(encode, GAME.new_state(seed=0).observation(0), np.zeros(4096, dtype=np.float32))


def _ats(*items: object) -> tuple[object, ...]:
    """Positions (or values) as the objects a store is given."""
    return items


_ONE: Final[object] = 1.0
_DIFFICULTY: Final[dict[str, object]] = {d: _S["difficulty"] + i for i, d in enumerate(DIFFICULTIES)}
_LENGTH: Final[dict[str, object]] = {d: _S["length"] + i for i, d in enumerate(LENGTHS)}
_PHASE: Final[dict[str, object]] = {p: _S["phase"] + i for i, p in enumerate(PHASES)}
_DONT_PANIC: Final[object] = _S["don't panic cards"]
_ROUND: Final[object] = _S["round"]
_HULL: Final[object] = _S["hull"]
_SHIELDS: Final[object] = _S["shields"]
_OFFLINE: Final[object] = _S["shields offline"]
_LOCATION: Final = tuple(LOCATIONS.index(p) for p in PLACE_NAMES)
"""A place's index in :data:`LOCATIONS`."""
_INSTANCE: Final = tuple(INSTANCES.index(name) if name in INSTANCES else -1 for name in INST_NAMES)
"""A card instance's key (a die's ``on``) -> its index in :data:`INSTANCES` (-1: none, Don't Panic's)."""
_DIES: Final = tuple(_S[f"crew die {n + 1} face"] for n in range(6))
_DIE_FACE: Final = tuple(_ats(*(at + f for f in range(len(FACES)))) for at in _DIES)
"""Crew die ``n``'s face ``f`` is at ``_DIE_FACE[n][f]``."""
_DIE_PLACE: Final = tuple(_ats(*(at + len(FACES) + _LOCATION[p] for p in range(len(PLACE_NAMES)))) for at in _DIES)
"""Its place ``p`` (a die's ``where``)."""
_DIE_STATION: Final = tuple(
    _ats(*(at + len(FACES) + len(LOCATIONS) + max(0, p - ST_COM) for p in range(len(PLACE_NAMES)))) for at in _DIES
)
"""Its station, by place (read for the five stations only)."""
_DIE_CARD: Final = tuple(
    _ats(*(at + len(FACES) + len(LOCATIONS) + len(STATION_NAMES) + max(0, i) for i in _INSTANCE)) for at in _DIES
)
"""The card it is on, by instance key (Don't Panic's keys, never on a die, at 0)."""
_COUNT: Final = _ats(*(_S[f"dice at {LOCATIONS[0]}"] + loc for loc in range(len(LOCATIONS))))
_N_LOCATIONS: Final = len(LOCATIONS)
_THREAT: Final = tuple(_ats(*(_S.get(f"threat {name} in play", 0) + k for k in range(6))) for name in INST_NAMES)
"""The positions of each card instance's block (by its key): in play, order, health, in stasis,
mission dice, open mission slots (Don't Panic's keys, never in play, at 0)."""
_DECK: Final[object] = _S["deck left"]
_EMPTY: Final[object] = _S["deck empty"]
_REMOVED: Final[object] = _S["removed unseen"]
_DISCARD: Final = _S["discard"]
"""The discard's counts, by card index (:data:`CARD_IDS` is the cards' order)."""
_THREAT_DIE: Final = _ats(*(_S["threat die"] + v - 1 for v in range(7)))
"""By the threat die's value (1-6)."""
_VOLLEY: Final[object] = _S["volley left"]
_PENDING: Final = _ats(*(_S["pending card"] + max(0, i) for i in _INSTANCE))
_LOST: Final[object] = _S["lost this round"]
_DESTROYED: Final[object] = _S["destroyed"]
_OVER: Final[object] = _S["over"]
_WON: Final[object] = _S["won"]
_SIXTHS: Final = _ats(*(k / 6 for k in range(7)))
_HALVES: Final = _ats(*(k / 2 for k in range(7)))
_QUARTERS: Final = _ats(*(k / 4 for k in range(5)))
_TWENTIETHS: Final = _ats(*(k / 20 for k in range(41)))
"""The values written most, as the same objects every time: ``k / 6`` is ``_SIXTHS[k]``."""
_EIGHTHS: Final = _ats(*(k / 8 for k in range(9)))
_TENTHS: Final = _ats(*(k / 10 for k in range(21)))
_ELEVENTHS: Final = _ats(*(k / 11 for k in range(12)))
_THIRTIETHS: Final = _ats(*(k / 30 for k in range(43)))
_FORTIETHS: Final = _ats(*(k / 40 for k in range(81)))
"""The round, hull, deck, removed cards, volley and threats destroyed scaled, the same way (no
float made per write; a number past its table, which no game reaches, is divided as before)."""


def write(s: DeepSpaceState, player: int, out: Any) -> None:
    """:data:`solotable.core.features.StateWriter`: what :func:`encode` writes of ``s.observation()``."""
    one = _ONE
    out[_DIFFICULTY[s.difficulty]] = one
    out[_DONT_PANIC] = _SIXTHS[s.dont_panic]
    out[_LENGTH[s.length]] = one
    phase = s.phase
    out[_PHASE[phase.name]] = one
    k = s.round
    out[_ROUND] = _FORTIETHS[k] if k <= 80 else k / 40
    k = s.hull
    out[_HULL] = _EIGHTHS[k] if k <= 8 else k / 8
    out[_SHIELDS] = _QUARTERS[s.shields]
    counts = [0] * _N_LOCATIONS
    missions: dict[int, list[int]] | None = None
    """The faces of the dice on each card's away mission (by its key), in the dice's order."""
    for n, d in enumerate(s.dice):
        face = d.face
        if face >= 0:
            out[_DIE_FACE[n][face]] = one
        where = d.where
        out[_DIE_PLACE[n][where]] = one
        counts[_LOCATION[where]] += 1
        on = d.on
        if ST_COM <= where <= ST_ENG:
            out[_DIE_STATION[n][where]] = one
        elif where == MISSION:
            if missions is None:
                missions = {on: [face]}
            else:
                missions.setdefault(on, []).append(face)
        if on >= 0:
            out[_DIE_CARD[n][on]] = one
    for loc in range(_N_LOCATIONS):
        k = counts[loc]
        if k:
            out[_COUNT[loc]] = _SIXTHS[k]
    for order, t in enumerate(s.threats):
        if t.effect == "nebula":  # (s.nebula(), read in this pass)
            out[_OFFLINE] = one
        at = _THREAT[t.key]
        out[at[0]] = one
        out[at[1]] = _TWENTIETHS[order + 1]
        if t.external and t.max_health > 0:
            out[at[2]] = _QUARTERS[t.health]
        if t.stasis:
            out[at[3]] = one
        faces = None if missions is None else missions.get(t.key)
        if faces is None:  # no die on its mission: every slot open
            if t.slots:
                out[at[5]] = _HALVES[len(t.slots)]
        else:
            out[at[4]] = _HALVES[len(faces)]
            slots = list(t.slots)  # what s.open_slots(t) leaves: each die fills the first slot of its face
            for f in faces:
                for k, slot in enumerate(slots):
                    if f in slot:
                        del slots[k]
                        break
            if slots:
                out[at[5]] = _HALVES[len(slots)]
    deck = s.deck
    out[_DECK] = _FORTIETHS[deck] if deck <= 80 else deck / 40
    if deck == 0:
        out[_EMPTY] = one
    k = s.removed
    out[_REMOVED] = _TENTHS[k] if k <= 20 else k / 10
    for c in s.discard:
        out[_DISCARD + c.index] += 1.0
    if s.threat_die:
        out[_THREAT_DIE[s.threat_die]] = one
    if phase is ALLOCATE:
        k = s.volley
        out[_VOLLEY] = _ELEVENTHS[k] if k <= 11 else k / 11
    pending = s.pending
    if pending is not None:
        out[_PENDING[pending.key]] = one
    if s.lost:
        out[_LOST] = one
    k = s.destroyed
    out[_DESTROYED] = _THIRTIETHS[k] if k <= 42 else k / 30
    if s.over:
        out[_OVER] = one
    if s.won:
        out[_WON] = one


def progress(obs: Mapping[str, Any]) -> float:
    """Threats destroyed, over 20."""
    return float(obs["destroyed"]) / 20.0


FEATURES = Features(
    catalogue=_catalogue(),
    encode=encode,
    write=write,
    progress=progress,
    max_chance_outcomes=462,  # 6 crew dice: 462 multisets
    max_game_length=10_000,
)
