"""Away missions (§4.10, §5.10): a die locked onto a card's mission slot keeps its face across
rounds; when the last slot is filled the card is resolved at once (discarded, its dice to
Returned, R23; Boarding Ship's die to the Infirmary, R13). An external threat resolved this way
counts as removed for the win (R25). Taking mission dice back is step 6's (:mod:`.round_end`)."""

from __future__ import annotations

from solotable.core.action import Action
from solotable.core.engine import EventKind

from .. import actions as A
from ..data import FACE_OF
from ..state import MISSION, DeepSpaceState, die
from .threats import card_key, face_key, remove

EV_MISSION = EventKind("ds6.ev.mission", "card", "face")
EV_MISSION_DONE = EventKind("ds6.ev.mission_done", "card")


def place(state: DeepSpaceState, action: Action) -> None:
    """``mission:CARD,F``: an unassigned die of face F onto an open slot of the card."""
    threat = state.threat(A.INST_OF[str(action.args[0])])
    assert threat is not None
    face = FACE_OF[str(action.args[1])]
    state.dice[state.unassigned(face)] = die(face, MISSION, threat.key)
    log = state.log
    if log:
        state.recorded.append((EV_MISSION, card_key(threat), face_key(face)))
    if not state.open_slots(threat):
        if log:
            state.recorded.append((EV_MISSION_DONE, card_key(threat)))
        if threat.external:
            state.destroyed += 1  # ruling R25
        remove(state, threat, destroyed=False, mission_to_infirmary=threat.card.mission_to_infirmary)  # R13
