"""The labyrinth and movement (rules reference §7.3, §7.4, §7.9 recovery, §7.11.8 pincer; trigger
rows 2, 3, 5-9, 29).

The PC is inside a room, at a door of a room, or in the passage behind a door (§7.4). Each move
runs its trigger-table rows in order (§5.1): Before checks that may cancel it (Held, Confused),
the move, After and After-resolution cells (gaze, the Ring of See Invisible, HP recovery, the
pincer attack, the Ring of Teleportation). Time passes only on rest, passage steps and search
(the extra satiation cost, §7.4).
"""

from __future__ import annotations

from typing import Final

from solotable.core.engine import Phase

from ..notation import SIDES
from ..state import (
    ADDED,
    ASLEEP,
    BLIND,
    CONFUSED,
    DOOR,
    GAME_ID,
    HELD,
    K_MON,
    LEVIT,
    M_ASLEEP,
    M_CANCEL,
    M_CONF,
    M_INVIS,
    M_SCARED,
    M_SLEEPING,
    M_SLOW,
    PASSAGE,
    PASSAGE_REF,
    ROOM,
    JongRogueState,
    R,
    neighbour,
    opposite,
    ref,
)
from . import encounters, floors, monsters, turns
from .pile import REVEAL, nothing_more, pick, roll, satiation, turn_up

# does a confused move stray (§7.16)
CONFUSION_CHECK: Final = Phase[JongRogueState]("confusion_check", chance=True, game=GAME_ID)
# which door a stray move reaches (§2.5 step 7)
STRAY_DOOR: Final = Phase[JongRogueState]("stray_door", chance=True, game=GAME_ID)
SEARCH: Final = Phase[JongRogueState]("search", chance=True, game=GAME_ID)  # a search for a hidden passage (§7.3)
GAZE: Final = Phase[JongRogueState]("gaze", chance=True, game=GAME_ID)  # a medusa's gaze (§7.14.12)
# does the ring fire (§7.22)
RING_OF_TELEPORTATION: Final = Phase[JongRogueState]("teleport_ring", chance=True, game=GAME_ID)

CONFUSED_STRAY: Final = R.move.confused_stray.value
SEARCH_TARGET: Final = R.map.search_target.value
SEARCH_RING_BONUS: Final = R.map.search_ring_bonus.value
REGEN_A, REGEN_B = R.hp.regen.value
REGEN_RING: Final = R.hp.regen_ring_bonus.value
TELEPORT_FIRE: Final = R.ring.teleport_fire.value
GAZE_TARGET: Final = R.ability.gaze.value
PINCER_ATTACKS: Final = R.combat.pincer_attacks.value


# -- room -> door (row 5) ----------------------------------------------------------------------


def door(state: JongRogueState, side: str | int) -> None:
    """The decision ``door:E``: move to a usable door of the room."""
    to_door(state, SIDES.index(str(side)))


def to_door(state: JongRogueState, sd: int) -> None:
    """Row 5: room -> door. Before: Confused (on 1d9 <= 4 another usable door, §7.16), Held.
    After: Gaze, See Invisible. After resolution: end ranged combat."""
    if state.status & CONFUSED:
        roll(state, 1, CONFUSION_CHECK, _confused_door, sd)
        return
    _door_reached(state, sd)


def _confused_door(state: JongRogueState, v: int, sd: int) -> None:
    if v <= CONFUSED_STRAY:
        usable = state.usable_sides(state.room)
        pick(state, len(usable), STRAY_DOOR, _stray_door, tuple(usable))
        return
    _door_reached(state, sd)


def _stray_door(state: JongRogueState, i: int, usable: tuple[int, ...]) -> None:
    sd = usable[i]
    if state.log:
        state.emit("jr.ev.stray", side=f"@jr.side.{SIDES[sd]}")
    _door_reached(state, sd)


def _door_reached(state: JongRogueState, sd: int) -> None:
    if state.status & HELD:
        state.emit("jr.ev.held")
        return
    state.pos = DOOR
    state.side = sd
    if state.log:
        state.emit("jr.ev.to_door", room=state.room + 1, side=f"@jr.side.{SIDES[sd]}")
    state.then((gaze, ()), (see_invisible, ()), (_end_ranged, ()))


def _end_ranged(state: JongRogueState) -> None:
    if state.mode is turns.RANGED:
        state.mode = turns.MELEE  # row 5 after resolution: end ranged combat
        state.turn = 1


# -- door -> room (row 6) ----------------------------------------------------------------------


def enter(state: JongRogueState) -> None:
    """Row 6: door -> room. Before: Held. After: wake light sleepers, Gaze, See Invisible. After
    resolution: the trap check. A Blind PC entering an unprocessed room processes it after the
    trap check, with no wake-up (D44)."""
    if state.status & HELD:
        state.emit("jr.ev.held")
        return
    state.pos = ROOM
    state.lead = -1
    room = state.room
    if state.log:
        state.emit("jr.ev.enter", room=room + 1)
    unprocessed = not state.processed[room]
    if not unprocessed:
        for s in state.room_monsters(room):
            if s.flags & M_ASLEEP:  # light sleepers wake, deep sleepers stay asleep (§7.7)
                s.flags &= ~M_ASLEEP
                if state.log:
                    state.emit("jr.ev.wakes", monster=f"@jr.mon.{s.mon.id}")
    if unprocessed:  # the trap check includes the room's face-down traps: the tiles are looked at (JR-P1)
        state.then((turn_up, ((room,), REVEAL, nothing_more)), (gaze, ()), (see_invisible, ()),
                   (encounters.trap_check, (room, 0)), (_encounter_here, ()))
    else:
        state.then((gaze, ()), (see_invisible, ()), (encounters.trap_check, (room, 0)))


def _encounter_here(state: JongRogueState) -> None:
    encounters.encounter(state, state.room)


# -- door -> passage (row 8), passage -> door (row 7) ---------------------------------------------


def pass_on(state: JongRogueState) -> None:
    """The decision ``pass``: row 8, door -> passage. Before: satiation, Held, Pincer. After: clear
    Levitating, monster Confused. After resolution: recover HP; the teleport ring."""
    state.then((satiation, ()), (_pass_unless_held, ()))


def _pass_unless_held(state: JongRogueState) -> None:
    if state.status & HELD:
        state.emit("jr.ev.held")
        return
    into_passage_steps(state)


def into_passage_steps(state: JongRogueState) -> None:
    """Row 8 from its Pincer check on (the flee from a door runs it too, §7.11.7)."""
    state.then((pincer, (state.room, neighbour(state.room, state.side))), (in_passage, ()), (teleport_ring, ()))


def in_passage(state: JongRogueState) -> None:
    state.pos = PASSAGE
    state.pfrom = state.room
    state.lead = -1
    state.status &= ~LEVIT
    clear_monster_confusion(state)
    state.clear_monster_flags(M_SCARED)  # scare monster lasts until the PC steps into a passage (§7.21)
    state.emit("jr.ev.passage")
    recover(state)


def go(state: JongRogueState, which: str | int) -> None:
    """The decision ``go:back`` / ``go:on``: row 7, passage -> door. Before: satiation, Held."""
    state.then((satiation, ()), (_go_unless_held, (str(which),)))


def _go_unless_held(state: JongRogueState, which: str) -> None:
    if state.status & HELD:
        state.emit("jr.ev.held")
        return
    leave_passage(state, which)


def leave_passage(state: JongRogueState, which: str) -> None:
    """Row 7 from its After cells: clear Levitating, monster Confused, check Confused (on 1d9 <= 4
    back to the door it came from). After resolution: recover; Pincer; the teleport ring. Then
    encounter processing of the room reached (§7.5 a)."""
    a, sd = state.pfrom, state.side
    b = neighbour(a, sd)
    target, tside = (a, sd) if which == "back" else (b, opposite(sd))
    state.status &= ~LEVIT
    clear_monster_confusion(state)
    if state.status & CONFUSED and (target, tside) != (a, sd):
        roll(state, 1, CONFUSION_CHECK, _stray_back, a, b, target, tside)
        return
    _left_passage(state, a, b, target, tside)


def _stray_back(state: JongRogueState, v: int, a: int, b: int, target: int, tside: int) -> None:
    if v <= CONFUSED_STRAY:
        target, tside = a, state.side
        state.emit("jr.ev.stray_back")
    _left_passage(state, a, b, target, tside)


def _left_passage(state: JongRogueState, a: int, b: int, target: int, tside: int) -> None:
    move_pmon(state, b if target == a else a)
    state.pos = DOOR
    state.room = target
    state.side = tside
    state.found[target] |= 1 << tside  # arriving through a hidden end finds it (§7.3, D6)
    state.then((floors.reveal_lab, (target, None)), (_at_door, (a, b, target)))


def _at_door(state: JongRogueState, a: int, b: int, target: int) -> None:
    if state.log:
        state.emit("jr.ev.to_door", room=target + 1, side=f"@jr.side.{SIDES[state.side]}")
    recover(state)
    state.then((pincer, (a, b)), (teleport_ring, ()), (_encounter_at, (target,)))


def _encounter_at(state: JongRogueState, target: int) -> None:
    if state.pos == DOOR and state.room == target:
        encounters.encounter(state, target)  # §7.5 (a), D9: at the door, before entering


def move_pmon(state: JongRogueState, room: int) -> None:
    """D60: an awake passage monster moves into the room at the other end (row 27): the one
    pursuit a monster makes (D53)."""
    p = state.pmon
    if p is None or p.flags & M_SLEEPING:
        return
    p.up = ADDED
    state.room_slots(room).append(p)
    state.pmon = None
    if state.log:
        state.emit("jr.ev.pmon_moves", monster=f"@jr.mon.{p.mon.id}", room=room + 1)


# -- search (row 9), rest (row 2) ------------------------------------------------------------------


def search(state: JongRogueState, side: str | int) -> None:
    """The decision ``search:N``: row 9. Before: satiation, Confused (fails), Held. After: clear
    Levitating, monster Confused. After resolution: the teleport ring (§7.3)."""
    state.then((satiation, ()), (_search_on, (SIDES.index(str(side)),)))


def _search_on(state: JongRogueState, sd: int) -> None:
    if state.status & CONFUSED:
        state.emit("jr.ev.search_confused")
        return
    if state.status & HELD:
        state.emit("jr.ev.held")
        return
    target = SEARCH_TARGET
    if state.ring_on("searching"):
        target -= SEARCH_RING_BONUS
    state.status &= ~LEVIT
    clear_monster_confusion(state)
    roll(state, 1, SEARCH, _searched, sd, target)


def _searched(state: JongRogueState, v: int, sd: int, target: int) -> None:
    if v >= target:  # 1d9 >= 6 (D6); every interior wall has a passage, so it opens
        state.found[state.room] |= 1 << sd
        if state.log:
            state.emit("jr.ev.search_found", side=f"@jr.side.{SIDES[sd]}")
    else:
        state.emit("jr.ev.search_fail")
    teleport_ring(state)


def rest(state: JongRogueState) -> None:
    """The decision ``rest``: row 2. Before: satiation. After: clear Asleep, Confused, Held,
    Levitating, monster Confused. After resolution: recover HP; a wandering monster (§7.17); the
    teleport ring."""
    state.then((satiation, ()), (_rested, ()), (encounters.wanderer, ()), (teleport_ring, ()))


def _rested(state: JongRogueState) -> None:
    state.status &= ~(ASLEEP | CONFUSED | HELD | LEVIT)
    clear_monster_confusion(state)
    state.emit("jr.ev.rest")
    recover(state)


def clear_monster_confusion(state: JongRogueState) -> None:
    state.clear_monster_flags(M_CONF)
    if state.pmon is not None:
        state.pmon.flags &= ~M_CONF


def recover(state: JongRogueState) -> None:
    """Row 3: recover 1 + ⌊L/4⌋ (+1 with the Ring of Regeneration); cap at max HP (§7.9, D15)."""
    gain = REGEN_A + state.level // REGEN_B
    if state.ring_on("regeneration"):
        gain += REGEN_RING
    state.hp = min(state.maxhp, state.hp + gain)


def teleport_ring(state: JongRogueState) -> None:
    """A step: the Ring of Teleportation fires on 1d9 = 1 (rows 2, 7, 8, 9; §7.22, D29)."""
    if state.ring_on("teleportation"):
        roll(state, 1, RING_OF_TELEPORTATION, _ring_fired)


def _ring_fired(state: JongRogueState, v: int) -> None:
    if v == TELEPORT_FIRE:
        state.emit("jr.ev.ring_teleport")
        encounters.teleport(state)


# -- gaze, see invisible (rows 5, 6, 17, 36), pincer (rows 7, 8, 29) --------------------------------


def gaze(state: JongRogueState) -> None:
    """A step: §7.14.12, a medusa in the PC's room (or the room at whose door it stands): one draw
    per check, on 1d9 >= 6 the PC is Confused (D51). Not while Blind."""
    if state.status & BLIND or state.pos == PASSAGE:
        return
    room = state.room
    for s in state.room_monsters(room):
        if (state.revealed_monster(room, s) and "gaze" in s.mon.abilities
                and not s.flags & (M_SLEEPING | M_CANCEL | M_INVIS)):  # fmt: skip
            roll(state, 1, GAZE, _gazed)
            return


def _gazed(state: JongRogueState, v: int) -> None:
    if v >= GAZE_TARGET:
        state.status |= CONFUSED
        state.emit("jr.ev.gaze")


def see_invisible(state: JongRogueState) -> None:
    """The Ring of See Invisible: Invisible monsters in the PC's room become visible (§7.22)."""
    if not state.ring_on("see_invisible") or state.pos == PASSAGE:
        return
    for s in state.room_monsters(state.room):
        s.flags &= ~M_INVIS


def pincer(state: JongRogueState, a: int, b: int) -> None:
    """§7.11.8: both end rooms hold an eligible monster (revealed, awake, not stationary, Scared
    or Slowed): the first of each makes one attack (D27)."""
    if a < 0 or b < 0:
        return
    first: list[int] = []
    for room in (a, b):
        chosen = -1
        for k, s in enumerate(state.room_slots(room)):
            if s.kind != K_MON or not state.revealed_monster(room, s):
                continue
            if s.flags & (M_SLEEPING | M_SCARED | M_SLOW) or "stationary" in s.mon.abilities:
                continue
            chosen = ref(room, k)
            break
        if chosen < 0:
            return
        first.append(chosen)
    state.emit("jr.ev.pincer")
    state.then(*((monsters.attack, (r, False)) for r in first for _ in range(PINCER_ATTACKS)))


__all__ = ["PASSAGE_REF", "door", "enter", "gaze", "go", "leave_passage", "move_pmon", "pass_on", "pincer",
           "recover", "rest", "search", "see_invisible", "teleport_ring", "to_door"]
