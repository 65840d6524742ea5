"""The end of a round and the next one: step 6, gathering the crew (§5.6, R26, DS-P4), and the
loss of the crew (§1.4, R10); the six steps of a round (§5), pushed at its start."""

from __future__ import annotations

from typing import Final

from solotable.core.action import Action
from solotable.core.engine import EventKind, Phase

from .. import actions as A
from ..state import (
    GAME_ID,
    MISSION,
    POOL,
    POOL_DIE,
    RETURNED,
    ST_COM,
    ST_ENG,
    ST_MED,
    ST_SCI,
    ST_TAC,
    STASIS,
    UNASSIGNED,
    DeepSpaceState,
    instance,
)
from ..words import counted, counted_kinds
from .crew import assign, roll_crew
from .threats import activate_threats, discover

EV_ROUND = counted_kinds("ds6.ev.round", "round", "dice")
EV_GATHER = counted_kinds("ds6.ev.gather", "count")
EV_RECALL = EventKind("ds6.ev.recall", "die")
GATHERED: Final = frozenset({UNASSIGNED, ST_COM, ST_TAC, ST_MED, ST_SCI, ST_ENG, STASIS, RETURNED})
"""The dice step 6 gathers by itself (§5.6): the scanners, Distracted, the Infirmary and the
mission dice stay."""
ON_MISSION: Final = frozenset({MISSION})


def gather_actions(state: DeepSpaceState) -> list[Action]:
    out = [A.RECALL[d] for d in state.classes(ON_MISSION)]
    if not state.must_recall:  # ruling R26
        out.append(A.DONE)
    return out


GATHER = Phase("gather", gather_actions, game=GAME_ID)
"""Step 6: take a mission die back into the pool, or leave the rest (R26)."""


def start_round(state: DeepSpaceState) -> None:
    """A new round: its six steps, in order (§5), then the next round."""
    state.round += 1
    state.lost = False
    state.must_recall = False
    # (a stasis of the last round has ended: at its step 6, in gather)
    if state.log:
        dice = state.count(POOL)
        state.record(EV_ROUND[counted("ds6.ev.round", dice)], state.round, dice)
    state.then((assign, ()), (discover, ()), (activate_threats, ()), (gather, ()), (start_round, ()))
    roll_crew(state)  # the first step, run now: the one the stack would run next


def end_stasis(state: DeepSpaceState) -> None:
    """Stasis lasts for one round (R11)."""
    threats = state.threats
    for i, t in enumerate(threats):
        if t.stasis:
            threats[i] = instance(t.key, t.health)


def gather(state: DeepSpaceState) -> None:
    """Step 6: every die but the scanners', Distracted's, the Infirmary's and the missions' back
    to the pool; the mission dice one by one (R26); lost if no die can be gathered (R10)."""
    end_stasis(state)
    gathered = 0
    dice = state.dice
    for n, d in enumerate(dice):
        if d.where in GATHERED:
            dice[n] = POOL_DIE  # ruling R37: it shows no face
            gathered += 1
    if state.anywhere(MISSION):
        state.must_recall = gathered == 0
        if state.log:
            state.recorded.append((EV_GATHER[counted("ds6.ev.gather", gathered, zero=True)], gathered))
        if state.must_recall:  # ruling R26: at least one mission die comes back
            kinds = state.classes(ON_MISSION)
            if len(kinds) == 1:  # DS-P4: one kind of die, no choice to ask for
                recall(state, kinds[0])
                if not state.anywhere(MISSION):
                    return
        state.ask(GATHER, recalled)
        return
    if gathered == 0:
        state.end(False, "crew")
        return
    if state.log:
        state.recorded.append((EV_GATHER[counted("ds6.ev.gather", gathered)], gathered))


def recalled(state: DeepSpaceState, action: Action) -> None:
    if action.name == "done":
        return
    recall(state, int(action.args[0]) - 1)
    if state.anywhere(MISSION):
        state.ask(GATHER, recalled)


def recall(state: DeepSpaceState, n: int) -> None:
    """Step 6: the mission die ``n`` (0-based) back to the pool; its slot reopens (R26)."""
    state.dice[n] = POOL_DIE  # ruling R37: it shows no face
    state.must_recall = False
    if state.log:
        state.recorded.append((EV_RECALL, n + 1))
