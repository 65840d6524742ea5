"""Game start, floors and stairs (rules reference §3.1, §3.3, §6.2, §7.27; rows 4, 40).

Game Start steps 2-5 (§3.1) run at the start of the game, on every floor change and on continue:
the floor-start preparation (§3.3: the last floor's tiles discarded, 4 pile tiles face down on
each of the 9 rooms in room order, the labyrinth set mixed), the start room drawn from the pile
(§6.2), the PC placed inside it, encounter processing. A face-down encounter tile is drawn when the
table turns it up, not when it is laid (JR-P1). The labyrinth pair of a room is drawn when
the room is first seen, from the labyrinth set left (JR-P1): the same odds as mixing the 18 tiles
at floor start.
"""

from __future__ import annotations

from typing import Final

from solotable.core.action import Action
from solotable.core.engine import Phase

from ..notation import LAB_NAMES
from ..state import (
    AGGRAV,
    BLIND,
    CLAIR,
    FACE_DOWN,
    GAME_ID,
    K_GONE,
    ROOM,
    JongRogueState,
    R,
    face_down,
)
from . import encounters, ending, turns
from .pile import (
    ALL_ROOMS,
    DISCARD_UP,
    START_ROOM,
    Then,
    discard_tile,
    lab_table,
    restack,
    runout,
    take,
    turn_up,
)

# a room's pair turned face up (§7.3)
LABYRINTH: Final = Phase[JongRogueState]("labyrinth_tile", chance=True, game=GAME_ID)

LAB_ACTIONS: Final[tuple[Action, ...]] = tuple(Action("lab", name) for name in LAB_NAMES)
LAB_OF: Final[dict[str | int, int]] = {name: i for i, name in enumerate(LAB_NAMES)}
"""The labyrinth tile (0-4) of a draw's outcome, by its argument: ``LAB_OF[outcome.args[0]]`` (a
string key hashes in C)."""

DEAL_TILES: Final = 9 * R.map.encounter_tiles_per_room.value
PER_ROOM: Final = R.map.encounter_tiles_per_room.value
FLOOR_MAX: Final = R.floor.max.value
ROOM_DOWN: Final = (FACE_DOWN,) * PER_ROOM
"""A room's deal: its tiles laid face down (shared, never changed in place: :data:`FACE_DOWN`)."""


def game_start(state: JongRogueState) -> None:
    """The first step of a game (§3.1): then Game Start steps 2-5 and the PL's first decision."""
    state.emit("jr.ev.start")
    state.then((game_start_steps, ()), (turns.end_of_step, ()))


def game_start_steps(state: JongRogueState) -> None:
    """Game Start steps 2-5 (§3.1): floor-start preparation, the start room, the encounter."""
    turn_up(state, ALL_ROOMS, DISCARD_UP, _floor_prep)


def _floor_prep(state: JongRogueState) -> None:
    floor_prep(state)
    deal(state)


def floor_prep(state: JongRogueState) -> None:
    """§3.3 step 0: the last floor's tiles go to the discard pile (the labyrinth set returns).
    The discard pile lies face up, so the tiles still face down were drawn as they went to it
    (:func:`game_start_steps`, JR-P1)."""
    for room in state.slots:
        for s in room:
            if s.kind != K_GONE:
                discard_tile(state, s.tile)
    if state.pmon is not None:
        discard_tile(state, state.pmon.tile)
        state.pmon = None
    restack(state)  # a restack left pending by a death at the food check (D59)
    state.reset_floor()


def deal(state: JongRogueState) -> None:
    """§3.3 step 2: 4 pile tiles face down on each room, rooms 1 to 9. None is drawn yet: what a
    face-down tile is is drawn when the table turns it up (JR-P1); until then it is one of the
    tiles the pile's counts hold. Then the start room is drawn (§6.2)."""
    if state.pile_n > DEAL_TILES:  # the common case: the pile does not run out while dealing
        state.pile_n -= DEAL_TILES
        for slots in state.own_rooms():
            slots.extend(ROOM_DOWN)
        take(state, START_ROOM, _start_room)
        return
    for n in range(DEAL_TILES):
        if state.pile_n == 0:
            continue  # pile and discard pile both empty (§2.5 step 6): no tile to lay
        state.pile_n -= 1
        state.room_slots(n // PER_ROOM).append(face_down(0))
        if state.pile_n == 0 and not runout(state):
            return
    take(state, START_ROOM, _start_room)


def _start_room(state: JongRogueState, t: int) -> None:
    """§6.2: the start room is the room numbered like the drawn tile (reading order, D5); the
    tile is discarded."""
    start = t % 9 if t >= 0 else 0
    discard_tile(state, t)
    if state.pile_n == 0 and not runout(state):
        return
    state.pos = ROOM
    state.room = start
    if state.log:
        state.emit("jr.ev.floor", floor=state.floor, room=start + 1)
    reveal_lab(state, start, _placed)


def _placed(state: JongRogueState, room: int) -> None:
    place_inside(state, room)


def reveal_lab(state: JongRogueState, room: int, then: Then | None = None) -> None:
    """Turn a room's labyrinth pair face up (§7.3): two tiles from the labyrinth set left; then
    ``then(state, room)``."""
    if state.lab[room] is not None:
        if then is not None:
            then(state, room)
        return
    state.draw(LABYRINTH, lab_table(LAB_ACTIONS, state.lab_left), _lab_tile, room, -1, then)


def _lab_tile(state: JongRogueState, outcome: Action, room: int, first: int,
              then: Then | None) -> None:  # fmt: skip
    k = LAB_OF[outcome.args[0]]
    state.lab_left[k] -= 1
    state.lab_n -= 1
    if first < 0:
        state.draw(LABYRINTH, lab_table(LAB_ACTIONS, state.lab_left), _lab_tile, room, k, then)
        return
    state.lab[room] = (first, k)
    if state.log:
        state.emit("jr.ev.lab", room=room + 1, a=f"@jr.labtile.{LAB_NAMES[first]}", b=f"@jr.labtile.{LAB_NAMES[k]}")
    if then is not None:
        then(state, room)


def place_inside(state: JongRogueState, room: int) -> None:
    """The PC is placed inside a room (start, teleport, fall): encounter processing (§7.5 b, D9)."""
    state.pos = ROOM
    state.room = room
    state.lead = -1
    reveal_lab(state, room, encounters.encounter)


def change_floor(state: JongRogueState, floor: int) -> None:
    """Row 4: after, clear Blind, Clairvoyant and Aggravation; after resolution, Game Start
    steps 2-5 on the new floor (also a trap door's fall, §7.18 p1)."""
    state.status &= ~(BLIND | CLAIR | AGGRAV)
    state.mode = turns.PLAY
    state.floor = floor
    state.deepest = max(state.deepest, floor)
    game_start_steps(state)


def stairs(state: JongRogueState, way: str) -> None:
    """§7.27 step 1: row 40 runs just before the stairs. Over the carry limits, the PL chooses what
    to discard (§7.25, D37, JR-P3); the stairs are taken once within them."""
    if any(state.over_limits().values()):
        state.way = way
        state.mode = turns.CARRY
        state.emit("jr.ev.carry_over")
        return
    take_stairs(state, way)


def take_stairs(state: JongRogueState, way: str) -> None:
    state.way = ""
    if way == "up":
        if state.floor == 1:
            ending.victory(state)
            return
        change_floor(state, state.floor - 1)
    else:
        change_floor(state, state.floor + 1)


def discard_over_limit(state: JongRogueState, what: str | int, i: str | int = 0) -> None:
    """Discard one item over the carry limits (§7.25, D66: it leaves the game); within them, the
    stairs are taken."""
    from . import items

    items.discard(state, str(what), int(i))
    if not any(state.over_limits().values()):
        state.mode = turns.PLAY
        take_stairs(state, state.way)
