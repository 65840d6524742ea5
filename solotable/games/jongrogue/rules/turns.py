"""The PL's decisions and what each may be (rules reference §7.29, §7.6; trigger row 1).

After every step (a decision and the draws it needs, JR-P2) the PC faces one of these decisions,
its ``state.mode``:

- ``PLAY``: out of threat, every free action (moves, rest, search, pick-ups, attacking a
  sleeping monster, items, camp, the stairs);
- ``THREAT``: a threat has started (§7.6): fight, flee, the stairs, an item;
- ``RANGED``: a ranged round (§7.11.3); ``MELEE``: a melee turn (§7.11.4); ``TURN_END``: keep
  fighting or flee (row 17, §7.11.7);
- ``CARRY``: over the carry limits before the stairs, what to discard (row 40, JR-P3);
- ``IDENTIFY``: what the identify scroll identifies (§7.21 row 1, JR-P4);
- ``DEATH``: continue or game over (§4.1).

Forced end (``forced-end``) is on offer at every decision but death (§4.4, §7.29), unless the option
turns it off (§7.30's random bot, JR-P7).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import compress
from typing import Any, Final

from solotable.core.action import Action
from solotable.core.engine import Phase

from ..notation import SIDES, TILE_NAMES
from ..state import (
    ASLEEP,
    BLIND,
    DOOR,
    FROZEN,
    GAME_ID,
    HELD,
    INNER_WALLS,
    K_GOLD,
    K_ITEM,
    K_MON,
    LEVIT,
    M_CANCEL,
    M_DISGUISED,
    M_INVIS,
    M_SLEEPING,
    ROOM,
    SCROLLS,
    SIDES_OF,
    JongRogueState,
    R,
    Ring,
)

Then = Callable[..., None]

FLOOR_MAX: Final = R.floor.max.value
act = cache(Action)
"""Actions, made once each (legal actions are listed at every decision)."""
FORCED_END: Final = act("forced-end")
REST: Final = act("rest")
ENTER, PASS, GO_BACK, GO_ON = act("enter"), act("pass"), act("go", "back"), act("go", "on")
DOOR_ACTIONS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(act("door", SIDES[sd]) for sd in SIDES_OF[m]) for m in range(16))  # fmt: skip
"""The door actions of the sides in a mask of four bits (N E S W), in that order."""
SEARCH_ACTIONS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(act("search", SIDES[sd]) for sd in SIDES_OF[m]) for m in range(16))  # fmt: skip
NUMBERED: Final = 64
"""Numbered actions (a room's slot, a sheet's row) made ahead, up to this number; past it they are
made when offered (``act``)."""
PICK, ATTACK, WIELD, WEAR, REMOVE, PUT_ON, DROP_W, DROP_A, DROP_R = (
    tuple(act(name, *extra, k) for k in range(NUMBERED))
    for name, *extra in (("pick",), ("attack",), ("wield",), ("wear",), ("remove",), ("puton",), ("drop", "w"),
                         ("drop", "a"), ("drop", "r")))  # fmt: skip
"""``PICK[k]`` is ``act("pick", k)``, and so on: the numbered actions of every decision, made once."""
QUAFF: Final[tuple[Action, ...]] = tuple(act("quaff", TILE_NAMES[18 + i]) for i in range(9))
READ: Final[tuple[Action, ...]] = tuple(act("read", TILE_NAMES[i]) for i in range(18))


def _with_forced_end(state: JongRogueState, out: list[Action]) -> list[Action]:
    if state.forced_end_ok:
        out.append(FORCED_END)
    return out


def _play(state: JongRogueState) -> list[Action]:
    return _with_forced_end(state, free_actions(state))


def _threat(state: JongRogueState) -> list[Action]:
    out = [act("fight")]
    if not state.status & FROZEN:  # §7.16: a Frozen PC cannot flee
        out.extend(flee_actions(state))
    if state.pos == ROOM and stairs_ok(state):
        out.extend(stairs_actions(state))
    out.extend(item_actions(state))
    return _with_forced_end(state, out)


def _ranged(state: JongRogueState) -> list[Action]:
    from .combat import targets

    out: list[Action] = []
    if not state.status & FROZEN:  # row 13 before: a Frozen PC cannot attack (§7.14.1)
        for k, _s in targets(state, ranged=True):
            for mi, name in enumerate(("arrows", "darts", "shuriken")):
                if state.missiles[mi] and (name != "arrows" or state.bow):
                    out.append(act("shoot", k, name))
    out.append(act("skip"))
    out.extend(item_actions(state))
    if state.pos == ROOM and not state.status & (HELD | FROZEN):  # §7.16: Frozen cannot flee
        out.extend(act("door", SIDES[sd]) for sd in state.usable_sides(state.room))
    return _with_forced_end(state, out)


def _melee(state: JongRogueState) -> list[Action]:
    from .combat import targets

    out: list[Action] = []
    if not state.status & FROZEN:
        out.extend(act("hit", k) for k, _ in targets(state, ranged=False))
    out.extend(item_actions(state))
    if not out or state.status & FROZEN:
        out.append(act("wait"))
    return _with_forced_end(state, out)


def _turn_end(state: JongRogueState) -> list[Action]:
    out = [act("keep")]
    if not state.status & FROZEN:
        out.extend(flee_actions(state))
    return _with_forced_end(state, out)


def _carry(state: JongRogueState) -> list[Action]:
    return _with_forced_end(state, discard_actions(state))


def _identify(state: JongRogueState) -> list[Action]:
    from .magic import identify_actions

    return _with_forced_end(state, identify_actions(state))


def _death(state: JongRogueState) -> list[Action]:
    return [act("continue"), act("gameover")]


PLAY: Final = Phase("play", _play, game=GAME_ID)
THREAT: Final = Phase("threat", _threat, game=GAME_ID)
RANGED: Final = Phase("ranged", _ranged, game=GAME_ID)
MELEE: Final = Phase("melee", _melee, game=GAME_ID)
TURN_END: Final = Phase("turn_end", _turn_end, game=GAME_ID)
CARRY: Final = Phase("carry", _carry, game=GAME_ID)
IDENTIFY: Final = Phase("identify", _identify, game=GAME_ID)
DEATH: Final = Phase("death", _death, game=GAME_ID)
MODES: Final[tuple[Phase[Any], ...]] = (PLAY, THREAT, RANGED, MELEE, TURN_END, CARRY, IDENTIFY, DEATH)


# -- the turn ----------------------------------------------------------------------------------


def end_of_step(state: JongRogueState) -> None:
    """After every step: a threat starts the fight-or-flee choice (row 11 after resolution, §7.6):
    combat does not begin by itself, entering a room included (D62); an Asleep PC has no choice,
    combat begins (D57). Then the PL decides."""
    mode = state.mode
    if mode is PLAY or mode is THREAT:
        state.mode = PLAY
        if state.threats():
            if state.status & ASLEEP:
                from .combat import begin_combat

                state.then((begin_combat, ()), (ask_next, ()))
                return
            state.mode = THREAT
    ask_next(state)


def ask_next(state: JongRogueState) -> None:
    state.ask(state.mode, decided)


def decided(state: JongRogueState, action: Action) -> None:
    """The PL's decision: its procedure runs (:func:`handlers`), then :func:`end_of_step`."""
    state.decisions += 1
    state.push(end_of_step)
    handlers()[action.name](state, *action.args)


@cache
def handlers() -> dict[str, Then]:
    """Each action's procedure, by the action's name: made at the first decision, here, since the
    chapters it names import this module (nothing fills it from outside)."""
    from . import combat, ending, floors, items, magic, moves

    return {
        "door": moves.door, "enter": moves.enter, "pass": moves.pass_on, "go": moves.go,
        "search": moves.search, "rest": moves.rest,
        "fight": combat.fight, "attack": combat.attack_sleeper, "skip": combat.skip, "shoot": combat.shoot,
        "hit": combat.hit, "wait": combat.wait, "keep": combat.keep, "flee": combat.flee,
        "pick": items.pick_up, "wield": items.wield, "wear": items.wear, "puton": items.put_on,
        "remove": items.remove, "drop": items.drop,
        "quaff": magic.quaff, "read": magic.read, "identify": magic.identify,
        "stairs": floors.stairs, "discard": floors.discard_over_limit,
        "continue": ending.continue_game, "gameover": ending.game_over, "forced-end": ending.forced_end,
    }  # fmt: skip


# -- what may be chosen (§7.29) -------------------------------------------------------------------


def stairs_ok(state: JongRogueState) -> bool:
    """§7.27: inside a stairs room, not Held, Levitating (D45) or Asleep."""
    return state.pos == ROOM and state.has_stairs(state.room) and not state.status & (HELD | LEVIT | ASLEEP)


def stairs_actions(state: JongRogueState) -> list[Action]:
    out = []
    if state.floor < FLOOR_MAX:  # D67: no way down from floor 99
        out.append(act("stairs", "down"))
    if state.amulet:  # the plate shows South: up or down (§7.27, D8); East: down only
        out.append(act("stairs", "up"))
    return out


def flee_actions(state: JongRogueState) -> list[Action]:
    if state.pos == ROOM:
        return [act("flee", SIDES[sd]) for sd in state.usable_sides(state.room)]
    if state.pos == DOOR:
        return [act("flee")]
    return [act("flee", "back"), act("flee", "on")]


def item_actions(state: JongRogueState) -> list[Action]:
    """Quaff any potion; read any scroll unless Blind (§7.21), naming a monster for a "one
    monster" scroll or an unidentified one (D63, JR-P4)."""
    potions = state.potions
    out = list(compress(QUAFF, potions)) if any(potions) else []
    if not state.status & BLIND and any(state.scrolls):
        from .magic import ONE_MONSTER_SCROLLS, nameable

        named = nameable(state)
        for i in range(18):
            if not state.scrolls[i]:
                continue
            row = state.scr_row[i]
            one = row >= 0 and SCROLLS[row] in ONE_MONSTER_SCROLLS
            if not (one and named):
                out.append(READ[i])
            if row < 0 or one:
                out.extend(act("read", TILE_NAMES[i], k) for k, _s in named)
    return out


def free_actions(state: JongRogueState) -> list[Action]:
    """Out of threat (§7.29). D58: actions certain to be cancelled at no cost are not offered."""
    st = state.status
    if st & ASLEEP:  # row 1, D58: only rest
        return [REST]
    room = state.room
    pos = state.pos
    if pos == ROOM:
        doors = state.doors(room) | state.found[room]
        inner = INNER_WALLS[room]
        # the usable doors (state.usable_sides), then the walls to search
        out = [*DOOR_ACTIONS[doors & inner], *SEARCH_ACTIONS[inner & ~doors]] if not st & HELD else \
            list(SEARCH_ACTIONS[inner & ~doors])  # fmt: skip
        slots = state.slots[room]
        if len(slots) >= NUMBERED:
            return _free_in_room_long(state, out)
        if not st & LEVIT:  # a Levitating PC picks nothing up (D45)
            guarded = -1  # row 39, JR-P6: a certain, free cancel (asked once, at the first gold)
            for k, s in enumerate(slots, 1):
                kind = s.kind
                if kind == K_GOLD:
                    if guarded < 0:
                        guarded = gold_guarded(state, room)
                    if s.up and not guarded:
                        out.append(PICK[k])
                elif (kind == K_ITEM and s.up) or (kind == K_MON and s.flags & M_DISGUISED):
                    out.append(PICK[k])
        for k, s in enumerate(slots, 1):
            # a visible sleeping monster, or any displayed item (a xeroc may hide there, §7.14.8)
            if s.up and (s.kind == K_ITEM or (s.kind == K_MON and s.flags & M_SLEEPING and not s.flags & M_INVIS)):
                out.append(ATTACK[k])
        if stairs_ok(state):
            out.extend(stairs_actions(state))
    elif pos == DOOR:
        out = [ENTER, PASS] if not st & HELD else [PASS]
        for k, s in enumerate(state.slots[room], 1):
            if s.kind == K_MON and s.up and s.flags & M_SLEEPING and not s.flags & (M_INVIS | M_DISGUISED):
                out.append(ATTACK[k] if k < NUMBERED else act("attack", k))
    else:
        out = [GO_BACK, GO_ON, ATTACK[0]] if state.pmon is not None else [GO_BACK, GO_ON]
    out.append(REST)
    if any(state.potions) or any(state.scrolls):
        out.extend(item_actions(state))
    out.extend(camp_actions(state))
    return out


def _free_in_room_long(state: JongRogueState, out: list[Action]) -> list[Action]:
    """:func:`free_actions` in a room of :data:`NUMBERED` tiles or more (its numbered actions made
    as they are offered), from the pick-ups on."""
    st = state.status
    room = state.room
    slots = state.slots[room]
    if not st & LEVIT:
        guarded = gold_guarded(state, room)
        for k, s in enumerate(slots):
            if s.kind == K_GOLD and guarded:
                continue
            if (s.up and s.kind in (K_GOLD, K_ITEM)) or (s.kind == K_MON and s.flags & M_DISGUISED):
                out.append(act("pick", k + 1))
    for k, s in enumerate(slots):
        if s.up and (s.kind == K_ITEM or (s.kind == K_MON and s.flags & M_SLEEPING and not s.flags & M_INVIS)):
            out.append(act("attack", k + 1))
    if stairs_ok(state):
        out.extend(stairs_actions(state))
    out.append(REST)
    out.extend(item_actions(state))
    out.extend(camp_actions(state))
    return out


def gold_guarded(state: JongRogueState, room: int) -> bool:
    return any("gold_lover" in m.mon.abilities and not m.flags & M_CANCEL for m in state.room_monsters(room))


def camp_actions(state: JongRogueState) -> list[Action]:
    """Camp (§7.25, D37): equip, unequip, put on, take off, drop; subject to curses (§7.24):
    a cursed equipped item cannot be removed or dropped (D36)."""
    weapons, armours, rings = state.weapons, state.armours, state.rings
    nw, na = len(weapons), len(armours)
    if nw >= NUMBERED or na >= NUMBERED or len(rings) >= NUMBERED:
        return _camp_actions_long(state)
    weq, aeq = state.weapon_eq, state.armour_eq
    w_cursed = weq >= 0 and weapons[weq].cursed
    a_cursed = aeq >= 0 and armours[aeq].cursed
    if not rings:  # the camp of the same sheets without rings: the same actions
        key = (nw, na, weq, aeq, w_cursed, a_cursed)
        known = _CAMP.get(key)
        if known is None:
            made = _camp(nw, na, weq, aeq, w_cursed, a_cursed, rings)
            if len(_CAMP) < 4096:
                _CAMP[key] = tuple(made)
            return made
        return list(known)
    return _camp(nw, na, weq, aeq, w_cursed, a_cursed, rings)


_CAMP: dict[tuple[int, int, int, int, bool, bool], tuple[Action, ...]] = {}
"""The camp actions of sheets without rings, by (weapons, armours, the weapon wielded, the armour
worn, whether each of these is cursed), the first 4,096 met (a game meets a few dozen)."""


def _camp(nw: int, na: int, weq: int, aeq: int, w_cursed: bool, a_cursed: bool, rings: list[Ring]) -> list[Action]:
    """:func:`camp_actions` of ``nw`` weapons and ``na`` armours (each under :data:`NUMBERED`)."""
    out: list[Action] = []
    if not w_cursed:  # wield any other weapon (weq -1: none wielded, every one), or none
        out += WIELD[1:weq + 1]
        out += WIELD[weq + 2:nw + 1]
        if weq >= 0:
            out.append(WIELD[0])
    if not a_cursed:
        out += WEAR[1:aeq + 1]
        out += WEAR[aeq + 2:na + 1]
    if rings:
        worn = sum(1 for r in rings if r.hand)
        for i, r in enumerate(rings, 1):
            if r.hand:
                if not r.cursed:
                    out.append(REMOVE[i])
            elif worn < 2:
                out.append(PUT_ON[i])
    if w_cursed:  # the cursed weapon wielded stays
        out += DROP_W[1:weq + 1]
        out += DROP_W[weq + 2:nw + 1]
    else:
        out += DROP_W[1:nw + 1]
    if a_cursed:
        out += DROP_A[1:aeq + 1]
        out += DROP_A[aeq + 2:na + 1]
    else:
        out += DROP_A[1:na + 1]
    if rings:
        out.extend(DROP_R[i] for i, r in enumerate(rings, 1) if not (r.hand and r.cursed))
    return out


def _camp_actions_long(state: JongRogueState) -> list[Action]:
    """:func:`camp_actions` for a sheet of :data:`NUMBERED` rows or more (actions made as offered)."""
    out: list[Action] = []
    cur = state.weapon()
    for i in range(len(state.weapons)):
        if i != state.weapon_eq and not (cur and cur.cursed):
            out.append(act("wield", i + 1))
    if cur is not None and not cur.cursed:
        out.append(act("wield", 0))
    arm = state.armour()
    for i in range(len(state.armours)):
        if i != state.armour_eq and not (arm and arm.cursed):
            out.append(act("wear", i + 1))
    worn = sum(1 for r in state.rings if r.hand)
    for i, r in enumerate(state.rings):
        if r.hand:
            if not r.cursed:
                out.append(act("remove", i + 1))
        elif worn < 2:
            out.append(act("puton", i + 1))
    for i, w in enumerate(state.weapons):
        if not (i == state.weapon_eq and w.cursed):
            out.append(act("drop", "w", i + 1))
    for i, a in enumerate(state.armours):
        if not (i == state.armour_eq and a.cursed):
            out.append(act("drop", "a", i + 1))
    for i, r in enumerate(state.rings):
        if not (r.hand and r.cursed):
            out.append(act("drop", "r", i + 1))
    return out


def discard_actions(state: JongRogueState) -> list[Action]:
    """§7.25 end of camp: the PL chooses which item over a limit to discard (JR-P3)."""
    over = state.over_limits()
    out: list[Action] = []
    if over["w"]:
        out.extend(act("discard", "w", i + 1) for i, w in enumerate(state.weapons)
                   if not (i == state.weapon_eq and w.cursed))  # fmt: skip
    if over["a"]:
        out.extend(act("discard", "a", i + 1) for i, a in enumerate(state.armours)
                   if not (i == state.armour_eq and a.cursed))  # fmt: skip
    if over["r"]:
        out.extend(act("discard", "r", i + 1) for i, r in enumerate(state.rings) if not (r.hand and r.cursed))
    if over["pot"]:
        out.extend(act("discard", TILE_NAMES[18 + i]) for i in range(9) if state.potions[i])
    if over["scr"]:
        out.extend(act("discard", TILE_NAMES[i]) for i in range(18) if state.scrolls[i])
    return out

