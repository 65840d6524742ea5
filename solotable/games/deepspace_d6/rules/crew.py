"""The crew: step 1, rolling the crew dice (§5.1, DS-P1); step 2, the scanners (§5.2, §4.9,
R18, R8); step 3, assigning crew (§4.3, §5.3, R21, R24), with the Commander's station (§4.4:
changing a face, R19, and re-rolling, R20). The other stations are in :mod:`.stations`, the away
missions in :mod:`.missions`.

The crew roll is one chance event over the multisets of faces of the dice rolled (DS-P1): for 6
dice, 462 outcomes (:func:`solotable.core.chance.dice_table`). The faces go to the rolled dice in
ascending order of die number and face.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from solotable.core.action import Action
from solotable.core.chance import ChanceTable, dice_table
from solotable.core.engine import EventKind, Phase

from .. import actions as A
from ..data import COM, ENG, FACE_OF, MED, SCI, TAC, THR, data
from ..state import (
    CARDS,
    GAME_ID,
    POOL,
    RETURNED,
    SCANNER,
    ST_COM,
    T_INFIRMARY,
    T_MISSION,
    T_OTHER,
    T_SCANNER,
    TALLIES,
    UNASSIGNED,
    DeepSpaceState,
    Die,
    die,
)
from ..words import counted, counted_kinds, faces_param
from . import missions, stations
from .threats import draw_card, face_key

D = data()
EV_ROLL = {**counted_kinds("ds6.ev.roll", "faces", "locked"), **counted_kinds("ds6.ev.reroll", "faces", "locked")}
EV_END_ASSIGN = EventKind("ds6.ev.end_assign")
EV_CHANGE = EventKind("ds6.ev.change", "old", "new")
EV_SCANNERS_EMPTY_DECK = EventKind("ds6.ev.scanners_empty_deck")
EV_SCANNERS_FULL = EventKind("ds6.ev.scanners_full")
SCANNER_SLOTS: Final = D.ship.scanner_slots
MAX_SHIELDS: Final = D.ship.shields
MAX_HULL: Final = D.ship.hull
ROLL_FACES: Final[dict[Action, tuple[int, ...]]] = {
    action: tuple(int(pip) - 1 for pip in action.args) for n in range(1, 7) for action in dice_table(n, "roll").actions
}
"""The faces (0-5) of each outcome of a roll of 1-6 crew dice, ascending."""
ROLL_TABLES: Final[tuple[ChanceTable, ...]] = tuple(dice_table(n, "roll") for n in range(D.ship.crew_dice + 1))
"""The table of a roll of ``n`` crew dice (DS-P1), by ``n`` (never 0: there is a die to roll, R26)."""


COMMS: Final = 1
COSMIC: Final = 2
PANEL: Final = 4
NEBULA: Final = 8
RESTRICTS = {"comms_offline": COMMS, "cosmic": COSMIC, "panel_explosion": PANEL, "nebula": NEBULA}
"""The cards in play that restrict step 3 (R24; the Nebula's shields, R4), as bits."""
STASIS_TARGETS = frozenset(c.index for c in CARDS if c.external and c.activation)
"""The cards a Stasis Beam can stop: external threats with activation values (R11, R34)."""

# Step 3 is most of the decisions of a game: what each card in play means for it is read from
# tables by the card's index, made once here.
RESTRICTS_OF: Final[tuple[int, ...]] = tuple(RESTRICTS.get(c.effect, 0) for c in CARDS)
"""Each card's restrictions (:data:`RESTRICTS`), 0 for most."""
STASIS_TARGET: Final[tuple[bool, ...]] = tuple(c.index in STASIS_TARGETS for c in CARDS)
MISSION_FACES: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(sorted(c.mission_faces)) for c in CARDS)
"""The faces some slot of each card's mission accepts, ascending (empty: no mission)."""
COSMIC_CARD: Final = next(c.index for c in CARDS if c.effect == "cosmic")


MISSION_BIT: Final = 16
FLAGS_OF: Final[tuple[int, ...]] = tuple(
    RESTRICTS_OF[c.index] | (MISSION_BIT if MISSION_FACES[c.index] else 0) for c in CARDS
)
"""Each card's restrictions, and :data:`MISSION_BIT` if it has a mission."""


def assign_actions(state: DeepSpaceState) -> list[Action]:
    """Step 3's actions (§5.3), in a stable order: the Commander's changes and re-roll, fire,
    Medical, Science, repair, the away missions, end. Actions with no effect are not offered
    (R21); the cards in play restrict what may be assigned (R24)."""
    have = [0] * TALLIES  # the unassigned dice by face, then the other places step 3 reads
    for d in state.dice:
        have[d.tally] += 1
    flags = 0
    target = False
    threats = state.threats
    for t in threats:
        flags |= FLAGS_OF[t.index]
        if t.health > 0:  # only external threats have health (and not Solar Winds)
            target = True
    out: list[Action] = []
    # the unassigned dice (the tallies 0-5): every die is in one tally
    unassigned = len(state.dice) - have[T_INFIRMARY] - have[T_SCANNER] - have[T_MISSION] - have[T_OTHER]
    if have[COM] and not flags & COMMS and unassigned >= 2:  # rulings R19, R20, R24
        for f in range(5):
            if have[f] >= (2 if f == COM else 1):
                out += A.CHANGE_FROM[f]
        out.append(A.REROLL)
    if have[TAC] and target:  # ruling R21: no volley without a target
        out += A.FIRE[1 : have[TAC] + 1]
    if have[MED]:
        if have[T_INFIRMARY]:
            out.append(A.FREE)
        if have[T_SCANNER]:
            out.append(A.RELEASE)
    if have[SCI] and not flags & COSMIC:  # ruling R24
        if state.shields < MAX_SHIELDS and not flags & NEBULA:  # rulings R4, R21
            out.append(A.SHIELDS)
        for t in threats:  # rulings R11, R34
            if not t.stasis and STASIS_TARGET[t.index]:
                out.append(A.STASIS[t.key])
    if have[ENG] and not flags & PANEL and state.hull < MAX_HULL:  # rulings R21, R24
        out += A.REPAIR[1 : have[ENG] + 1]
    if flags & MISSION_BIT:
        restricts = flags & ~MISSION_BIT
        on_mission = have[T_MISSION]
        for t in threats:
            faces = MISSION_FACES[t.index]
            if not faces:
                continue
            wanted = state.open_faces(t) if on_mission else None
            for f in faces:
                if not have[f] or (wanted is not None and f not in wanted):
                    continue
                if restricts and (
                    (f == COM and restricts & COMMS)
                    or (f == ENG and restricts & PANEL)
                    or (f == SCI and restricts & COSMIC and t.index != COSMIC_CARD)
                ):
                    continue  # ruling R24
                out.append(A.MISSION[t.key][f])
    out.append(A.END)
    return out


ROLL = Phase[Any]("roll", chance=True, game=GAME_ID)
"""The crew roll of step 1."""
REROLL = Phase[Any]("reroll", chance=True, game=GAME_ID)
"""The Commander's re-roll of the other unassigned dice (R20)."""
ASSIGN = Phase("assign", assign_actions, game=GAME_ID)
"""Step 3: the next crew assignment, or ``end``."""


# -- steps 1 and 2 -------------------------------------------------------------------------------


def roll_crew(state: DeepSpaceState) -> None:
    """Step 1: roll every die in the pool (there is at least one, R26)."""
    state.draw(ROLL, ROLL_TABLES[state.count(POOL)], rolled, POOL)


ROLLED: Final[tuple[Die, ...]] = tuple(die(face, SCANNER if face == THR else UNASSIGNED) for face in range(6))
"""A die rolled, by the face it shows: a Threat face locks into the scanners (§4.9). The dice
rolled are in the pool or unassigned, on no card."""


def rolled(state: DeepSpaceState, outcome: Action, where: int) -> None:
    """The faces of a roll go to the dice rolled (those at ``where``), lowest numbers first; a
    Threat face locks into the scanners at once (§4.9); then the scanners are checked (R18)."""
    faces = ROLL_FACES[outcome]
    locked = 0
    k = 0
    dice = state.dice
    for n, d in enumerate(dice):
        if d.where == where:
            face = faces[k]
            k += 1
            dice[n] = ROLLED[face]
            if face == THR:
                locked += 1
    if state.log:
        key = counted("ds6.ev.roll" if where == POOL else "ds6.ev.reroll", locked, zero=True)
        state.recorded.append((EV_ROLL[key], faces_param(faces), locked))
    scan(state)


def scan(state: DeepSpaceState) -> None:
    """Step 2, or at once during step 3 (R18): while three or more dice are in the scanners,
    three go to Returned and a card is drawn (none from an empty deck, R8)."""
    while state.count(SCANNER) >= SCANNER_SLOTS:
        moved = 0
        dice = state.dice
        for n, d in enumerate(dice):
            if d.where == SCANNER and moved < SCANNER_SLOTS:
                dice[n] = d.at[RETURNED]
                moved += 1
        if state.deck > 0:
            state.record(EV_SCANNERS_FULL)
            state.push(scan)  # look again once the card is placed
            draw_card(state)
            return
        state.record(EV_SCANNERS_EMPTY_DECK)  # ruling R8


# -- step 3 --------------------------------------------------------------------------------------


def assign(state: DeepSpaceState) -> None:
    """Step 3: ask for the next assignment; it ends by itself when no die is left (DS-P5)."""
    if state.anywhere(UNASSIGNED):  # DS-P5: no unassigned die, no `end` to ask for
        state.ask(ASSIGN, assigned)


def assigned(state: DeepSpaceState, action: Action) -> None:
    """An assignment of step 3, then the next one (:func:`assign`): at once when the assignment
    asked, drew and pushed nothing (the step the stack would run next), else after what it set
    off."""
    name = action.name
    if name == "end":
        if state.log:
            state.recorded.append((EV_END_ASSIGN,))
        return
    stack = state.stack
    below = len(stack)
    if name == "change":  # (called directly, the most frequent in random play first: no lookup)
        change(state, action)
    elif name == "stasis":
        stations.stasis(state, action)
    elif name == "fire":
        stations.fire(state, action)
    elif name == "mission":
        missions.place(state, action)
    elif name == "release":
        stations.release(state, action)
    elif name == "repair":
        stations.repair(state, action)
    else:
        ASSIGNMENTS[name](state, action)
    if state.over:
        return
    if len(stack) == below:  # (a decision asked or a draw leaves its continuation on the stack)
        assign(state)
    else:
        stack.insert(below, (assign, ()))  # where pushing it before the assignment would have put it


def change(state: DeepSpaceState, action: Action) -> None:
    """§4.4, R19: the Commander sets another unassigned die to a different face; a Threat face
    locks into the scanners, which are checked at once (R18)."""
    old, new = FACE_OF[str(action.args[0])], FACE_OF[str(action.args[1])]
    state.take(COM, ST_COM)
    n = state.unassigned(old)
    state.dice[n] = die(new, SCANNER if new == THR else UNASSIGNED, state.dice[n].on)
    if state.log:
        state.recorded.append((EV_CHANGE, face_key(old), face_key(new)))
    scan(state)


def reroll(state: DeepSpaceState, action: Action) -> None:
    """§4.4, R20: the Commander re-rolls every other unassigned die."""
    state.take(COM, ST_COM)
    state.draw(REROLL, ROLL_TABLES[state.count(UNASSIGNED)], rolled, UNASSIGNED)


ASSIGNMENTS: Final[dict[str, Callable[[DeepSpaceState, Action], None]]] = {
    "change": change,
    "reroll": reroll,
    "fire": stations.fire,
    "free": stations.free,
    "release": stations.release,
    "shields": stations.shields,
    "stasis": stations.stasis,
    "repair": stations.repair,
    "mission": missions.place,
}
"""Each assignment's step, by its notation's name."""
