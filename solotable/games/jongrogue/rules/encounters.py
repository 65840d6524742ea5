"""Encounters: encounter processing, sleep, wandering monsters and traps (rules reference §7.5-§7.7,
§7.17, §7.18; rows 2, 6, 10, 11, 24).

Encounter processing (row 10) turns a room's four tiles face up, the first time on a floor that
the PC reaches one of its doors or is placed inside it (§7.5); each monster then gets its sleep
determination (row 11, §7.7). After every rest a wandering monster may come (§7.17). When the PC
steps from a door into a room, each trap there may spring (row 6 after resolution, §7.18).
"""

from __future__ import annotations

from functools import partial
from typing import Final

from solotable.core.engine import Phase

from ..notation import number
from ..state import (
    ADDED,
    AGGRAV,
    ARMOUR_VALUE,
    ASLEEP,
    BLIND,
    DOOR,
    FROZEN,
    GAME_ID,
    HELD,
    K_GOLD,
    K_GONE,
    K_MON,
    K_TRAP,
    LEVIT,
    M_ASLEEP,
    M_CANCEL,
    M_DEEP,
    M_DISGUISED,
    M_HASTE,
    M_INVIS,
    PASSAGE,
    UP,
    JongRogueState,
    R,
    Slot,
)
from . import ending, floors, moves
from .pile import GLYPHS, REVEAL, Then, discard_tile, draw_tile, draw_until, is_m, other_room, roll, turn_up

# a wandering type asleep or awake (§7.7)
SLEEP_CHECK: Final = Phase[JongRogueState]("sleep_check", chance=True, game=GAME_ID)
# the tile after a rest (§7.17)
WANDERING: Final = Phase[JongRogueState]("wandering_monster", chance=True, game=GAME_ID)
# 1d9 <= 3 after an m tile (§7.17)
WANDER_CHECK: Final = Phase[JongRogueState]("wandering_check", chance=True, game=GAME_ID)
TRAP_CHECK: Final = Phase[JongRogueState]("trap_check", chance=True, game=GAME_ID)  # does the trap spring (§7.18)
DART_DAMAGE: Final = Phase[JongRogueState]("dart_damage", chance=True, game=GAME_ID)  # the poison dart (§7.18 p4)
# the dart's strength loss (§7.18 p4)
DART_POISON: Final = Phase[JongRogueState]("dart_poison", chance=True, game=GAME_ID)
TELEPORT: Final = Phase[JongRogueState]("teleport", chance=True, game=GAME_ID)  # draw until another room (§7.18 p3)

ALL_HASTED_FROM: Final = R.monster.all_hasted_from_floor.value
WANDERER_AWAKE: Final = R.sleep.wanderer_awake.value
WANDER_TRIGGER: Final = R.wander.trigger.value
TRAP_SPRING: Final = R.trap.spring.value
DART_DIV: Final = R.trap.dart_damage.value
DART_STR: Final = R.trap.dart_str_loss.value
FLOOR_MAX: Final = R.floor.max.value

__all__ = ["Then", "add_monster", "encounter", "trap_check", "wanderer"]


# -- encounter processing (§7.5, rows 10, 11) ----------------------------------------------------


def encounter(state: JongRogueState, room: int) -> None:
    """Row 10: encounter processing of ``room`` (once per floor): on first arrival at one of its
    doors, or inside it for the start, a teleport or a fall (§7.5, D9)."""
    if state.processed[room]:
        return
    if state.status & BLIND and state.pos == DOOR:  # row 10 before: check Blind (D44)
        state.postponed[room] = True
        if state.log:
            state.emit("jr.ev.blind_postpone", room=room + 1)
        return
    state.processed[room] = True
    state.postponed[room] = False
    if state.log:
        state.emit("jr.ev.encounter", room=room + 1)
    turn_up(state, (room,), REVEAL, _turned_up, room)  # the four tiles are drawn as turned up (JR-P1)


def _turned_up(state: JongRogueState, room: int) -> None:
    for s in state.room_slots(room):
        if s.up == ADDED or s.kind == K_GONE:
            continue
        s.up = UP
        if s.kind == K_MON:
            abilities = s.mon.abilities
            if "invisible" in abilities:
                s.flags |= M_INVIS
            if "mimic" in abilities:
                s.flags |= M_DISGUISED
    # row 10 after: check Levitating (nothing to do here: it blocks pick-ups and traps)
    _next_monster(state, room, 0)


def _next_monster(state: JongRogueState, room: int, k: int) -> None:
    """Row 11 for each monster tile of the four, in slot order (§7.5 step 4)."""
    slots = state.room_slots(room)
    while k < len(slots):
        s = slots[k]
        if s.kind == K_MON and s.up != ADDED:
            _meet(state, room, k)
            return
        k += 1


def _meet(state: JongRogueState, room: int, k: int) -> None:
    """Row 11 after: Aggravation, the sleep determination, Invisible, Gold-lover (§7.7)."""
    s = state.room_slots(room)[k]
    mon = s.mon
    if state.floor >= ALL_HASTED_FROM:  # every monster is Hasted from floor 14 (D40)
        s.flags |= M_HASTE
    if state.status & AGGRAV or mon.sleep == "none":
        _slept(state, True, room, k)
    elif mon.wanders:
        roll(state, 1, SLEEP_CHECK, _woke, room, k)
    else:
        _slept(state, False, room, k)


def _woke(state: JongRogueState, v: int, room: int, k: int) -> None:
    _slept(state, v >= WANDERER_AWAKE, room, k)


def _slept(state: JongRogueState, awake: bool, room: int, k: int) -> None:
    s = state.room_slots(room)[k]
    mon = s.mon
    if "mimic" in mon.abilities:
        awake = state.status & AGGRAV != 0
    if not awake:
        s.flags |= M_DEEP if mon.sleep == "deep" else M_ASLEEP
    if state.log:
        state.emit("jr.ev.monster", room=room + 1, monster=f"@jr.mon.{mon.id}", tile=GLYPHS[s.tile],
                   state="@jr.word." + ("awake" if awake else "asleep"))  # fmt: skip
    if (awake and "gold_lover" in mon.abilities and not s.flags & M_CANCEL
            and any(g.kind == K_GOLD for g in state.room_slots(room))):  # fmt: skip
        s.flags |= M_DEEP  # D48: it goes to the gold and sleeps deeply on it
        if state.log:
            state.emit("jr.ev.gold_lover", monster=f"@jr.mon.{mon.id}")
    _next_monster(state, room, k + 1)


# -- wandering monsters (§7.17, row 2) ----------------------------------------------------------


def wanderer(state: JongRogueState) -> None:
    """A step: draw a tile; an m tile, then 1d9 <= 3, brings that floor's monster (§7.17, D28)."""
    draw_tile(state, WANDERING, _wander_tile)


def _wander_tile(state: JongRogueState, t: int) -> None:
    if t < 0:
        return
    if is_m(t):
        roll(state, 1, WANDER_CHECK, _wander_roll, t)
    else:
        discard_tile(state, t)
        state.emit("jr.ev.wander_none")


def _wander_roll(state: JongRogueState, v: int, t: int) -> None:
    if v <= WANDER_TRIGGER:
        add_monster(state, t, "jr.ev.wanderer")
    else:
        discard_tile(state, t)
        state.emit("jr.ev.wander_none")


def add_monster(state: JongRogueState, t: int, key: str) -> None:
    """A wandering or created monster appears awake where the PC is (§7.17), in a new slot
    (§7.5, D60) or as the passage monster."""
    mon = R.monster_for(number(t), state.floor)
    s = Slot(t, K_MON, ADDED, mon, mon.hp)
    if state.floor >= ALL_HASTED_FROM:  # D40
        s.flags |= M_HASTE
    if "invisible" in mon.abilities:
        s.flags |= M_INVIS
    if state.log:
        state.emit(key, monster=f"@jr.mon.{mon.id}", tile=GLYPHS[t])
    if state.pos == PASSAGE:
        if state.pmon is not None:
            discard_tile(state, state.pmon.tile)
        state.pmon = s
    else:
        state.room_slots(state.room).append(s)


# -- traps (§7.18, rows 6, 24) -----------------------------------------------------------------


def trap_check(state: JongRogueState, room: int, k: int = 0) -> None:
    """Row 6 after resolution: each trap of the room, in slot order, springs on 1d9 >= 5 on
    every entry and stays armed (D10); a Levitating PC springs none (row 24 before, D45)."""
    slots = state.room_slots(room)
    while k < len(slots):
        if slots[k].kind == K_TRAP and not state.status & LEVIT:
            roll(state, 1, TRAP_CHECK, _trap_rolled, room, k)
            return
        k += 1


def _trap_rolled(state: JongRogueState, v: int, room: int, k: int) -> None:
    s = state.room_slots(room)[k]
    if v < TRAP_SPRING:
        if state.log:
            state.emit("jr.ev.trap_quiet", trap=f"@jr.trap.{number(s.tile)}")
        trap_check(state, room, k + 1)
        return
    s.up = max(s.up, UP)  # it stays, face up, and is checked again on every entry (D10)
    kind = number(s.tile)
    if state.log:
        state.emit("jr.ev.trap", trap=f"@jr.trap.{kind}")
    if kind == 1:  # trap door: down one floor (none from floor 99, D67)
        if state.floor < FLOOR_MAX:
            floors.change_floor(state, state.floor + 1)
            return
    elif kind == 2:  # bear trap
        state.status |= HELD
    elif kind == 3:  # teleport trap: the trap check ends there
        teleport(state)
        return
    elif kind == 4:  # poison dart
        state.then((_dart, ()), (trap_check, (room, k + 1)))
        return
    elif kind == 5:  # sleeping gas
        state.status |= ASLEEP
    else:  # rust
        rust(state)
    trap_check(state, room, k + 1)


def _dart(state: JongRogueState) -> None:
    roll(state, 1, DART_DAMAGE, _dart_hit)


def _dart_hit(state: JongRogueState, v: int) -> None:
    if ending.hp_down(state, -(-v // DART_DIV), "poison_dart"):
        roll(state, 1, DART_POISON, _dart_poison)


def _dart_poison(state: JongRogueState, v: int) -> None:
    if v >= DART_STR:
        str_down(state)


def rust(state: JongRogueState) -> None:
    """Row 35: cancelled by Armour Protected or the ring; leather and value 0 unaffected (§7.14.4)."""
    a = state.armour()
    if a is None or a.protected or state.ring_on("armour_protection") or a.kind == "leather":
        return
    if ARMOUR_VALUE[a.kind] + a.enchant <= 0:
        return
    a.enchant = max(R.item.enchant_range.value[0], a.enchant - 1)
    state.emit("jr.ev.rust")


def str_down(state: JongRogueState) -> None:
    """Row 22: strength -1, to -3 at least (D16), cancelled by the Ring of Sustain Strength (§7.10)."""
    if state.ring_on("sustain_strength"):
        return
    if state.strength > R.strength.range.value[0]:
        state.strength -= 1
        if state.log:
            state.emit("jr.ev.str_down", str=state.strength)


def teleport(state: JongRogueState) -> None:
    """Trap p3 (§7.18), the teleport scroll and ring: draw until a room number other than the
    current one (§2.6); the PC is placed inside it. Combat ends with no parting attacks (D65)."""
    draw_until(state, partial(other_room, state.here()), TELEPORT, _teleported)


def _teleported(state: JongRogueState, t: int) -> None:
    if t < 0:
        return
    discard_tile(state, t)
    dest = number(t) - 1
    if state.pos == PASSAGE:
        moves.move_pmon(state, state.pfrom)
    from . import turns

    state.mode = turns.PLAY
    state.status &= ~FROZEN
    if state.log:
        state.emit("jr.ev.teleport", room=dest + 1)
    floors.place_inside(state, dest)
