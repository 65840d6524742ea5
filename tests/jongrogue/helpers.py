"""Helpers so the JongRogue rule tests read like the rules reference.

A scenario starts from a real game (its start resolved with a seeded generator), sets the
fields that play could not reach cheaply (the brief allows it), then plays a decision and feeds
the tiles it draws, chosen by the test, in the game's own notation (``tile:m5``, ``lab:T``).
Expected numbers are written out from the rules reference (jongrogue.md), not read from rules.toml.
"""

from __future__ import annotations

import random
from typing import Any

import solotable
from solotable.core.engine import Phase
from solotable.core.protocol import Action, Event
from solotable.games.jongrogue.notation import TILE_INDEX
from solotable.games.jongrogue.rules.turns import PLAY
from solotable.games.jongrogue.state import ROOM, UP, JongRogueState, Slot, new_slot

G = solotable.load("jongrogue")

XP_TABLE = [0, 10, 20, 40, 80, 160, 320, 640, 1300, 2600, 5200, 10000, 20000, 40000, 80000]  # §6.1

# Values the rules reference asks to tune by simulation (§7.30) and that were tuned, with the
# reference's own value: docs/rulings.md JR-P8. test_design.test_tuned_values checks that
# rules.toml carries exactly these, with the reference value in its provenance note.
FOOD_GAIN_REFERENCE = 1  # §7.1 food.item_gain, D13
FOOD_GAIN = 2  # JR-P8: tuned, §7.30 knob 2
WINDOW_REFERENCE = [0, 0, 1, 2, 4, 6, 8, 10, 12, 14, 15, 16, 17]  # §7.13
WINDOW_TUNED = [0, 0, 1, 2, 4, 5, 7, 9, 11, 13, 15, 16, 17]  # JR-P8: floors 6-10 one step slower, knob 1


def new(rules: str = "ez", seed: int = 3, **options: Any) -> JongRogueState:
    s = G.new_state(seed=seed, rules=rules, **options)
    assert isinstance(s, JongRogueState)
    return s


def settle(s: JongRogueState, seed: int = 0) -> JongRogueState:
    rng = random.Random(seed)
    while s.is_chance():
        s.apply(s.chance_table().sample(rng))
    return s


def started(rules: str = "ez", seed: int = 3, **options: Any) -> JongRogueState:
    return settle(new(rules, seed, **options), seed)


_STEP_EVENTS: dict[int, list[Event]] = {}
"""The events of the last step played with :func:`do` (and :func:`feed`), by state: each
``apply`` reports only its own events, a step's are those of its decision and its draws."""


def feed(s: JongRogueState, *outcomes: str) -> JongRogueState:
    """Play chosen chance outcomes: ``m5`` is a pile tile, ``lab:T`` a labyrinth tile."""
    log = _STEP_EVENTS.setdefault(id(s), [])
    for o in outcomes:
        assert s.is_chance(), f"expected a draw for {o}, state is at a decision"
        text = o if ":" in o else "tile:" + o
        s.apply(G.parse_action(s, text))
        log.extend(s.events)
    return s


def do(s: JongRogueState, action: str, *outcomes: str) -> JongRogueState:
    """Play a decision, then the chosen outcomes of the draws it needs."""
    s.apply(G.parse_action(s, action))
    _STEP_EVENTS[id(s)] = list(s.events)
    return feed(s, *outcomes)


def keys_events(s: JongRogueState) -> list[Event]:
    """The events of the step played last with :func:`do`."""
    return list(_STEP_EVENTS.get(id(s), s.events))


def keys(s: JongRogueState) -> list[str]:
    """The event keys of the step played last with :func:`do`."""
    return [e.key.removeprefix("jr.") for e in _STEP_EVENTS.get(id(s), s.events)]


def slot_of(tile: str, floor: int = 1, flags: int = 0) -> Slot:
    """A face-up encounter slot for ``tile`` as floor-start preparation lays it (encounter
    processing done); ``flags``: the monster's statuses."""
    s = new_slot(TILE_INDEX[tile], floor)
    s.up = UP
    s.flags = flags
    return s


def at(s: JongRogueState, mode: Phase[JongRogueState]) -> JongRogueState:
    """Put a state at another decision (a scenario set up by hand): ``at(s, MELEE)``."""
    assert s.stack and not s.is_chance(), "only a decision point can be moved to another decision"
    s.mode = mode
    s.phase = mode
    return s


def quiet_room(rules: str = "ez", room: int = 4, lab: tuple[int, int] = (0, 1), seed: int = 3,
               slots: tuple[str, ...] = (), **fields: Any) -> JongRogueState:
    """The PC inside ``room`` (0-based) of a processed floor with only ``slots`` in it."""
    s = started(rules, seed)
    s.slots = [[] for _ in range(9)]
    s.processed = [True] * 9
    s.pmon = None
    s.lab[room] = lab
    s.pos = ROOM
    s.room = room
    at(s, PLAY)
    s.status = 0
    copies = 3 if s.ident else 4
    s.pile = [copies] * 27  # a full pile, so that any tile can be chosen
    s.pile_n = 27 * copies
    s.discard = [0] * 27
    s.discard_n = 0
    s.slots[room] = [slot_of(t, s.floor) for t in slots]
    for k, v in fields.items():
        setattr(s, k, v)
    return s


def legal(s: JongRogueState) -> set[str]:
    return {str(a) for a in s.legal_actions()}


__all__ = [
    "FOOD_GAIN",
    "FOOD_GAIN_REFERENCE",
    "WINDOW_REFERENCE",
    "WINDOW_TUNED",
    "XP_TABLE",
    "Action",
    "G",
    "at",
    "do",
    "feed",
    "keys",
    "keys_events",
    "legal",
    "new",
    "quiet_room",
    "settle",
    "slot_of",
    "started",
]
