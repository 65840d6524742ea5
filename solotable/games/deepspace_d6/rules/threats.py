"""Threats: drawing a threat card (§5.7, R17), step 4 (§5.4), damage to the ship (§5.8, R35),
a card leaving play (§5.9, R23), and step 5, the threat die and the activations (§5.5, §7).

The deck is drawn lazily (DS-P2): each draw takes a card by the counts of the cards not seen yet
(:attr:`~..state.DeepSpaceState.unseen`), the cards removed unseen for a short or quick game
among them, so the deck's order is never in the state. A draw's table is built in one pass over
the kinds (:func:`solotable.core.chance.draw_table`).
"""

from __future__ import annotations

from typing import Any, Final

from solotable.core.action import Action
from solotable.core.chance import die_table, draw_table
from solotable.core.engine import EventKind, Phase

from .. import actions as A
from ..actions import INST_NAMES
from ..data import FACES, TAC, data
from ..state import (
    CARDS,
    COPIES,
    DISTRACTED,
    DONT_PANIC,
    GAME_ID,
    INFIRMARY,
    MISSION,
    POOL,
    RETURNED,
    SCANNER,
    ST_COM,
    ST_ENG,
    ST_MED,
    ST_SCI,
    ST_TAC,
    STASIS,
    UNASSIGNED,
    DeepSpaceState,
    Threat,
    die,
    instance,
)
from ..words import counted, counted_kinds

D = data()
EV_DRAW = {**counted_kinds("ds6.ev.draw_ext", "card", "left"), **counted_kinds("ds6.ev.draw_int", "card", "left")}
EV_THREAT_ROLL = counted_kinds("ds6.ev.threat_roll", "face", "count")
EV_DAMAGE = EventKind("ds6.ev.damage", "damage", "shields", "hull")
EV_ACTIVATES = EventKind("ds6.ev.activates", "card")
EV_DISTRACTED = EventKind("ds6.ev.distracted", "die")
EV_DECK_EMPTY = EventKind("ds6.ev.deck_empty")
EV_DESTROYED = EventKind("ds6.ev.destroyed", "card")
EV_METEOROID_BLAST = EventKind("ds6.ev.meteoroid_blast")
EV_INFIRMARY = EventKind("ds6.ev.infirmary", "die", "face")
EV_CLOAKED = EventKind("ds6.ev.cloaked")
EV_MERCENARY = EventKind("ds6.ev.mercenary")
EV_SCOUT = EventKind("ds6.ev.scout")
EV_NOBODY_TO_SEND = EventKind("ds6.ev.nobody_to_send")
EV_NEBULA_ARRIVES = EventKind("ds6.ev.nebula_arrives")
EV_SOLAR_SKIPPED = EventKind("ds6.ev.solar_skipped")
EV_NEBULA_GONE = EventKind("ds6.ev.nebula_gone")
EV_DISTRACTED_EMPTY = EventKind("ds6.ev.distracted_empty")
EV_SHIELDS_DESTROYED = EventKind("ds6.ev.shields_destroyed")
EV_SELF_DAMAGE = EventKind("ds6.ev.self_damage", "card", "health")
EV_RELEASE = EventKind("ds6.ev.release")
EV_TIME_WARP = EventKind("ds6.ev.time_warp")
EV_DONT_PANIC = counted_kinds("ds6.ev.dont_panic", "left")
THREAT_DIE: Final = die_table("threat")
"""The threat die, a plain d6 read by its pips (§4.1)."""
DRAWN: Final[dict[Action, int]] = {A.DRAW[c.index]: c.index for c in CARDS}
"""The card (its index) of each outcome of a draw."""
HEALTH: Final[tuple[int, ...]] = tuple(c.health for c in CARDS)
"""Each card's printed health, by index (what a draw reads: no attribute of the card's object)."""
DONT_PANIC_CARD: Final = DONT_PANIC.index
MERCENARY: Final = next(c for c in CARDS if c.effect == "mercenary")
SCOUT: Final = next(c for c in CARDS if c.effect == "scout")

SENDABLE: Final = frozenset({UNASSIGNED, ST_COM, ST_TAC, ST_MED, ST_SCI, ST_ENG, STASIS, MISSION, RETURNED})
"""Where a die "sent to the Infirmary" may come from (R5)."""
DISTRACTABLE: Final = frozenset({POOL, UNASSIGNED, ST_COM, ST_TAC, ST_MED, ST_SCI, ST_ENG, STASIS, RETURNED})
"""Where the die Distracted takes may come from (R12)."""


def card_key(threat: Threat) -> str:
    """The message id of a threat in play named with its card's text (``@ds6.threat.e18b``:
    "Raiders (2nd) [on 4, 6: −2 Hull, ignores shields]"), for an event's parameters."""
    return CARD_KEYS[threat.key]


CARD_KEYS: Final[tuple[str, ...]] = tuple(f"@ds6.threat.{name}" for name in INST_NAMES)
"""Each instance's message id (:func:`card_key`), by instance key."""


def face_key(face: int) -> str:
    """The message id of a die's face; a die never rolled shows no face (R37)."""
    return "@ds6.face." + FACES[face] if face >= 0 else "@ds6.face.none"


# -- the choices an effect asks for --------------------------------------------------------------


def send_actions(state: DeepSpaceState) -> list[Action]:
    return [A.SEND[d] for d in state.classes(SENDABLE)]


def distract_actions(state: DeepSpaceState) -> list[Action]:
    return [A.DISTRACT[d] for d in state.classes(DISTRACTABLE)]


DRAW = Phase[Any]("draw", chance=True, game=GAME_ID)
"""A threat card drawn (at setup, from full scanners, or at step 4)."""
THREAT = Phase[Any]("threat", chance=True, game=GAME_ID)
"""The threat die of step 5 (and its re-rolls by Cloaked Threats)."""
SEND = Phase("send", send_actions, game=GAME_ID)
"""Which die an effect sends to the Infirmary (R5, R36)."""
DISTRACT = Phase("distract", distract_actions, game=GAME_ID)
"""Which die Distracted takes onto its "?" box (R12)."""


# -- drawing a card (§5.7) ---------------------------------------------------------------------


def draw_card(state: DeepSpaceState) -> None:
    """A step: draw the top card of the deck (a chance outcome over the unseen cards, DS-P2)."""
    state.draw(DRAW, draw_table(A.DRAW, state.unseen), card_drawn)


def card_drawn(state: DeepSpaceState, outcome: Action) -> None:
    """§5.7: place the card drawn and apply its on-draw effect (R17)."""
    index = DRAWN[outcome]
    card = CARDS[index]
    unseen = state.unseen
    unseen[index] -= 1
    state.deck -= 1
    log = state.log
    if index == DONT_PANIC_CARD:  # §6.4: nothing happens, the draw is used up
        if log:
            state.recorded.append((EV_DONT_PANIC[counted("ds6.ev.dont_panic", state.deck)], state.deck))
        state.discard.append(card)
        return
    key = 2 * index + (COPIES[index] - unseen[index] - 1)  # copy a, then b, in the order they arrive (DS-P7)
    threat = instance(key, HEALTH[index])
    if log:
        message = counted("ds6.ev.draw_ext" if threat.external else "ds6.ev.draw_int", state.deck)
        state.recorded.append((EV_DRAW[message], card_key(threat), state.deck))
    effect = threat.effect
    if effect == "friendly_fire":  # ruling R29: every Tactical die outside the pool, Distracted, Infirmary
        hurt = 0
        dice = state.dice
        for n, d in enumerate(dice):
            if d.face == TAC and d.where not in (INFIRMARY, DISTRACTED, POOL):
                dice[n] = die(TAC, INFIRMARY)
                hurt += 1
        if log:
            state.emit(counted("ds6.ev.friendly_fire", hurt, zero=True), count=hurt)
        state.discard.append(card)
        return
    state.threats.append(threat)
    if effect == "nebula":  # ruling R4
        if state.shields:
            state.lost = True  # ruling R28
        state.shields = 0
        if log:
            state.record(EV_NEBULA_ARRIVES)
    elif effect == "distracted":  # rulings R12, R30
        choices = state.classes(DISTRACTABLE)
        if not choices:
            if log:
                state.record(EV_DISTRACTED_EMPTY)
        elif len(choices) == 1:  # DS-P4
            distract(state, choices[0], key)
        else:
            state.pending = threat
            state.ask(DISTRACT, distracted, key)


def distracted(state: DeepSpaceState, action: Action, key: int) -> None:
    state.pending = None
    distract(state, int(action.args[0]) - 1, key)


def distract(state: DeepSpaceState, n: int, key: int) -> None:
    state.dice[n] = die(state.dice[n].face, DISTRACTED, key)
    if state.log:
        state.recorded.append((EV_DISTRACTED, n + 1))


# -- step 4 (§5.4) -------------------------------------------------------------------------------


def discover(state: DeepSpaceState) -> None:
    """Step 4: the win check on an empty deck (R10, R32, R9), else a draw."""
    if state.deck == 0:
        externals = [t for t in state.threats if t.external]
        if not externals:
            state.end(True, "win")
            return
        if all(t.effect == "solar_winds" for t in externals) and state.hull > 5:  # ruling R9
            state.record(EV_SOLAR_SKIPPED)
            state.end(True, "win")
            return
        state.record(EV_DECK_EMPTY)
        return
    draw_card(state)


# -- damage and cards leaving play ---------------------------------------------------------------


def hurt(state: DeepSpaceState, n: int, ignore_shields: bool = False) -> None:
    """``n`` damage to the ship (§5.8, R35); the game is lost when the hull is gone (then
    ``state.over``: the caller goes no further)."""
    absorbed = 0
    if not ignore_shields and not state.nebula():
        absorbed = min(state.shields, n)
        state.shields -= absorbed
    hull_loss = min(state.hull, n - absorbed)
    state.hull -= hull_loss
    if absorbed or hull_loss:
        state.lost = True  # ruling R28
    if state.log:
        state.recorded.append((EV_DAMAGE, n, state.shields, state.hull))
    if state.hull == 0:
        state.end(False, "hull")  # rulings R10, R32


def remove(state: DeepSpaceState, threat: Threat, destroyed: bool, mission_to_infirmary: bool = False) -> None:
    """§5.9: a card leaves play; the dice on it go to Returned (R23), or the Infirmary (R13)."""
    state.threats.remove(threat)
    card = threat.card
    state.discard.append(card)
    key = threat.key
    effect = threat.effect
    dice = state.dice
    for n, d in enumerate(dice):
        if d.on == key and d.where in (MISSION, STASIS, DISTRACTED):
            dice[n] = die(d.face, INFIRMARY if mission_to_infirmary and d.where == MISSION else RETURNED)
    if not destroyed:
        return
    state.destroyed += 1
    if state.log:
        state.recorded.append((EV_DESTROYED, card_key(threat)))
    if effect == "meteoroid":  # ruling R2
        state.record(EV_METEOROID_BLAST)
        hurt(state, card.damage)
    elif effect == "nebula":  # ruling R4
        state.record(EV_NEBULA_GONE)


def damage_threat(state: DeepSpaceState, threat: Threat) -> Threat:
    """One point of damage on an external threat (a hit, or its own activation); at health 0
    it is destroyed (§5.9). Returns the threat as it is now."""
    hit = instance(threat.key, threat.health - 1, threat.stasis)
    state.replace(threat, hit)
    return hit


def to_infirmary(state: DeepSpaceState, n: int) -> None:
    """The die ``n`` (0-based) goes to the Infirmary; a mission slot reopens, a stasis stays in
    force (R5, R34)."""
    face = state.dice[n].face
    state.dice[n] = die(face, INFIRMARY)
    if state.log:
        state.recorded.append((EV_INFIRMARY, n + 1, face_key(face)))


# -- step 5 (§5.5) -------------------------------------------------------------------------------


def activate_threats(state: DeepSpaceState) -> None:
    """Step 5: roll the threat die, unless no threat is in play (§5.5, DS-P6)."""
    state.activated = False
    state.cloak = False
    if state.threats:  # DS-P6: no threat in play, no threat die
        state.draw(THREAT, THREAT_DIE, threat_rolled)


def threat_rolled(state: DeepSpaceState, outcome: Action) -> None:
    """§5.5: the activated set is fixed now (R33), internals first, in entry order (R1); each
    activation is a step of its own, then :func:`after_roll`."""
    value = int(outcome.args[0])
    state.threat_die = value
    bit = 1 << value
    internal: list[int] = []
    external: list[int] = []
    for t in state.threats:
        if t.act_mask & bit and not t.stasis:  # ruling R11
            (internal if t.internal else external).append(t.key)
    if state.log:
        count = len(internal) + len(external)
        state.recorded.append((EV_THREAT_ROLL[counted("ds6.ev.threat_roll", count, zero=True)], value, count))
    # the activations in this order, each after the one before has finished (a choice it asks
    # included), then after_roll: the first run now (the step the stack would run next), the
    # others pushed
    active = internal + external
    if not active:
        after_roll(state)
        return
    state.push(after_roll)
    for k in range(len(active) - 1, 0, -1):
        state.push(activate, active[k])
    activate(state, active[0])


def after_roll(state: DeepSpaceState) -> None:
    """After a roll's activations: Cloaked Threats rolls again (R14); after the last roll,
    Mercenary, then Scouting Ship (R27, R3, R28)."""
    if state.cloak:
        state.cloak = False
        state.record(EV_CLOAKED)
        state.draw(THREAT, THREAT_DIE, threat_rolled)
        return
    if not state.activated and state.in_play("mercenary"):
        state.record(EV_MERCENARY)
        hurt(state, MERCENARY.damage)
        if state.over:
            return
    if state.lost and state.in_play("scout"):
        state.record(EV_SCOUT)
        hurt(state, SCOUT.damage)


def activate(state: DeepSpaceState, key: int) -> None:
    """One threat's activation (§6, §7), unless it left play before its turn (R33)."""
    threat = state.threat(key)
    if threat is None:
        return
    state.activated = True
    card = threat.card
    effect = threat.effect
    if state.log:
        state.recorded.append((EV_ACTIVATES, card_key(threat)))
    if effect == "damage":
        hurt(state, card.damage, card.ignores_shields)
    elif effect == "bomber":  # the damage first: a hull at 0 ends the game before the unit goes
        hurt(state, card.damage)
        if not state.over:
            send_unit(state, threat)
    elif effect == "send_unit":
        send_unit(state, threat)
    elif effect == "bounty":
        if state.shields:
            state.lost = True  # ruling R28
        state.shields = 0
        state.record(EV_SHIELDS_DESTROYED)
        hurt(state, card.damage)
    elif effect in ("meteoroid", "nebula"):  # rulings R2, R4: it damages itself
        threat = damage_threat(state, threat)
        if state.log:
            state.recorded.append((EV_SELF_DAMAGE, card_key(threat), threat.health))
        if threat.health == 0:
            remove(state, threat, destroyed=True)
    elif effect == "solar_winds":
        hurt(state, card.damage)
        if not state.over:
            remove(state, threat, destroyed=False)
    elif effect == "boost_morale":
        dice = state.dice
        for n, d in enumerate(dice):
            if d.where == SCANNER:
                dice[n] = d.at[RETURNED]
                state.record(EV_RELEASE)
                break
        remove(state, threat, destroyed=False)
    elif effect == "cloaked":  # ruling R14
        state.cloak = True
    elif effect == "distracted":  # ruling R30: its die goes to Returned with the card
        remove(state, threat, destroyed=False)
    elif effect == "time_warp":  # ruling R31
        for i, t in enumerate(state.threats):
            if t.external and 0 < t.health < t.max_health:
                state.threats[i] = instance(t.key, t.health + 1, t.stasis)
        state.record(EV_TIME_WARP)


def send_unit(state: DeepSpaceState, threat: Threat) -> None:
    """R5, R36: the player picks the die (made for them when all candidates are alike, DS-P4)."""
    choices = state.classes(SENDABLE)
    if not choices:
        state.record(EV_NOBODY_TO_SEND)
    elif len(choices) == 1:
        to_infirmary(state, choices[0])
    else:
        state.pending = threat
        state.ask(SEND, sent)


def sent(state: DeepSpaceState, action: Action) -> None:
    state.pending = None
    to_infirmary(state, int(action.args[0]) - 1)
