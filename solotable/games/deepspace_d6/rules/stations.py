"""The crew stations of step 3 but the Commander's (:mod:`.crew`): Tactical, firing weapons and
allocating the damage point by point (§4.5, R7, R22); Medical (§4.6, R6); Science, the shields
and the Stasis Beam (§4.7, R4, R11, R34); Engineering, repairing the hull (§4.8, R7)."""

from __future__ import annotations

from typing import Final

from solotable.core.action import Action
from solotable.core.engine import EventKind, Phase

from .. import actions as A
from ..data import ENG, MED, SCI, TAC, data
from ..state import (
    GAME_ID,
    INFIRMARY,
    RETURNED,
    SCANNER,
    ST_ENG,
    ST_MED,
    ST_SCI,
    ST_TAC,
    STASIS,
    DeepSpaceState,
    die,
    instance,
)
from ..words import counted, counted_kinds
from .threats import card_key, damage_threat, remove

D = data()
EV_STASIS = EventKind("ds6.ev.stasis", "card")
EV_RELEASE = EventKind("ds6.ev.release")
EV_SHIELDS = EventKind("ds6.ev.shields")
EV_HIT = EventKind("ds6.ev.hit", "card", "health")
EV_FIRE = counted_kinds("ds6.ev.fire", "dice", "damage")
MAX_SHIELDS: Final = D.ship.shields
MAX_HULL: Final = D.ship.hull


def allocate_actions(state: DeepSpaceState) -> list[Action]:
    out = [A.HIT[t.key] for t in state.targets()]
    out.append(A.STOP)
    return out


ALLOCATE = Phase("allocate", allocate_actions, game=GAME_ID)
"""Where the next point of a volley goes, or ``stop`` (R22)."""


def fire(state: DeepSpaceState, action: Action) -> None:
    """§4.5, R7: N Tactical dice together deal 2N-1 damage, allocated point by point."""
    n = int(action.args[0])
    state.take(TAC, ST_TAC, n)
    state.volley = 2 * n - 1
    if state.log:
        state.recorded.append((EV_FIRE[counted("ds6.ev.fire", n)], n, state.volley))
    state.ask(ALLOCATE, hit)


def hit(state: DeepSpaceState, action: Action) -> None:
    """One point on an external threat (destroyed at 0, §5.9), or ``stop``: the rest is lost
    (R22). The volley ends by itself when its points are spent or no target is left (DS-P5)."""
    if action.name == "stop":
        if state.log:
            state.emit(counted("ds6.ev.volley_lost", state.volley), points=state.volley)
        state.volley = 0
        return
    target = state.threat(A.INST_OF[str(action.args[0])])
    assert target is not None
    state.volley -= 1
    target = damage_threat(state, target)
    if state.log:
        state.recorded.append((EV_HIT, card_key(target), target.health))
    if target.health == 0:
        remove(state, target, destroyed=True)
        if state.over:
            return
    if state.volley == 0 or not state.targets():  # DS-P5: spent, or no target left
        if state.volley and state.log:
            state.emit(counted("ds6.ev.volley_lost", state.volley), points=state.volley)
        state.volley = 0
        return
    state.ask(ALLOCATE, hit)


def free(state: DeepSpaceState, action: Action) -> None:
    """§4.6, R6: every die in the Infirmary goes to Returned."""
    state.take(MED, ST_MED)
    n = 0
    dice = state.dice
    for k, d in enumerate(dice):
        if d.where == INFIRMARY:
            dice[k] = d.at[RETURNED]
            n += 1
    if state.log:
        state.emit(counted("ds6.ev.free", n), count=n)


def release(state: DeepSpaceState, action: Action) -> None:
    """§4.6, R6: one Threat die leaves the scanners for Returned."""
    state.take(MED, ST_MED)
    dice = state.dice
    for k, d in enumerate(dice):
        if d.where == SCANNER:
            dice[k] = d.at[RETURNED]
            break
    state.record(EV_RELEASE)


def shields(state: DeepSpaceState, action: Action) -> None:
    """§4.7: the shields back to their maximum (not offered under the Nebula, R4)."""
    state.take(SCI, ST_SCI)
    state.shields = MAX_SHIELDS
    state.record(EV_SHIELDS)


def stasis(state: DeepSpaceState, action: Action) -> None:
    """§4.7, R11, R34: the Science die on an external threat, which does not activate this
    round; the stasis stays in force if the die is moved later."""
    target = state.threat(A.INST_OF[str(action.args[0])])
    assert target is not None
    state.dice[state.unassigned(SCI)] = die(SCI, STASIS, target.key)
    state.replace(target, instance(target.key, target.health, True))
    if state.log:
        state.recorded.append((EV_STASIS, card_key(target)))


def repair(state: DeepSpaceState, action: Action) -> None:
    """§4.8, R7: N Engineering dice together repair 2N-1 hull, up to the maximum."""
    n = int(action.args[0])
    state.take(ENG, ST_ENG, n)
    before = state.hull
    state.hull = min(MAX_HULL, state.hull + 2 * n - 1)
    if state.log:
        state.emit(counted("ds6.ev.repair", n), dice=n, gain=state.hull - before, hull=state.hull)
