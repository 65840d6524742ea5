"""Tiles and the pile (rules reference §2.4-§2.6; trigger-table row 41; §7.8 the food check).

Every tile drawn is a chance node over the tiles left in the pile, each kind with probability
count / size (§2.5 step 1, JR-P1): :func:`pile_table` builds it from the counts in one pass. What a
draw is for is its phase (``TIME_TILE``, ``WANDERING``, ``TRAP_CHECK``...), which the caller names.

The building blocks, each a step that ends by calling ``then(state, result, *args)``:

- :func:`take`: the top tile, kept in use by the caller (-1 when the pile is empty, §2.5 step 6);
- :func:`draw_tile`: the same, and the pile running out right after it (row 41);
- :func:`roll` (1d9, 2d9: the sum of the numbers), :func:`check_tiles` (the tiles themselves):
  a check (§2.4), its tiles discarded once drawn;
- :func:`draw_until`: the draw-until rule (§2.6);
- :func:`pick`: a random choice of one of n (§2.5 step 7, D56);
- :func:`satiation`: the extra satiation cost (§7.4, rows 2, 7, 8, 9).

A draw that empties the pile runs row 41 at once (:func:`runout`): the food check (§7.8), which may
kill, and the restack of the discard pile (tiles in use stay out, §2.5 step 3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVarTuple

from solotable.core.action import Action
from solotable.core.chance import ChanceTable, draw_table
from solotable.core.engine import Phase

from ..notation import TILE_NAMES, glyph, number
from ..state import GAME_ID, K_DOWN, JongRogueState, R, face_down, new_slot
from . import ending

TILE_ACTIONS: Final[tuple[Action, ...]] = tuple(Action("tile", name) for name in TILE_NAMES)
TILE_OF: Final[dict[str | int, int]] = {name: i for i, name in enumerate(TILE_NAMES)}
"""The tile (0-26) of a draw's outcome, by its argument: ``TILE_OF[outcome.args[0]]`` (a string
key hashes in C; an action's hash is a Python call, and deals are most of a game's steps)."""
GLYPHS: Final[tuple[str, ...]] = tuple(glyph(name) for name in TILE_NAMES)
"""The tiles as players write them: ``5萬``, ``4筒``, ``7索``."""

Then = Callable[..., None]
"""A continuation as the helpers below keep it, with its arguments beside it (checked where the
helpers are called: ``then`` and ``*args`` are typed together there)."""
Ts = TypeVarTuple("Ts")

# -- the draws, named for what they are for (interfaces show the name) -------------------------
# a face-down encounter tile turned up (§7.5, JR-P1)
REVEAL: Final = Phase[JongRogueState]("reveal", chance=True, game=GAME_ID)
# one discarded face up at a floor's end (§3.3)
DISCARD_UP: Final = Phase[JongRogueState]("discard_up", chance=True, game=GAME_ID)
# one shown by Clairvoyance (§7.16)
CLAIRVOYANCE: Final = Phase[JongRogueState]("clairvoyance", chance=True, game=GAME_ID)
START_ROOM: Final = Phase[JongRogueState]("start_room", chance=True, game=GAME_ID)  # the start room (§6.2)
TIME_TILE: Final = Phase[JongRogueState]("time_tile", chance=True, game=GAME_ID)  # the extra satiation cost (§7.4)


def pile_table(state: JongRogueState) -> ChanceTable:
    """A draw from the pile: each kind left with probability count / size (§2.5 step 1)."""
    return draw_table(TILE_ACTIONS, state.pile)


def took(state: JongRogueState, outcome: Action, phase: Phase[Any], first: bool = False) -> int:
    """The tile ``outcome`` leaves the pile; it is in use until the caller places or discards it.
    The log says what it was drawn for: "Time (extra satiation): 3萬"; the table shows it face up
    until the next decision (:func:`laid_out`)."""
    t = TILE_OF[outcome.args[0]]
    state.pile[t] -= 1
    state.pile_n -= 1
    if state.log:
        state.emit("jr.ev.draw", what=f"@jr.draw.{phase.name}", tile=GLYPHS[t])
        laid_out(state, t, phase.name, first)
    return t


def laid_out(state: JongRogueState, t: int, what: str, first: bool) -> None:
    """Tile ``t``, drawn for ``what``, joins the draws shown since the last decision
    (``state.drawn``): with the tiles just drawn for the same thing unless it is the ``first``
    of a check (the second 2d9 of two monsters' attacks is a group of its own)."""
    drawn = state.drawn if state.drawn_at == state.decisions else ()
    if drawn and not first and drawn[-1][0] == what:
        state.drawn = (*drawn[:-1], (what, (*drawn[-1][1], t)))
    else:
        state.drawn = (*drawn, (what, (t,)))
    state.drawn_at = state.decisions


def discard_tile(state: JongRogueState, t: int) -> None:
    if t >= 0:
        state.discard[t] += 1
        state.discard_n += 1


def take(
    state: JongRogueState, phase: Phase[Any], then: Callable[[JongRogueState, int, *Ts], None], *args: *Ts
) -> None:
    """Take the top tile of the pile (§2.5 step 1); ``then(state, t, *args)``, -1 when the pile is
    empty (§2.5 step 6). The tile is in use: the caller discards it or places it."""
    if state.pile_n == 0:
        then(state, -1, *args)
        return
    state.draw(phase, draw_table(TILE_ACTIONS, state.pile), _taken, phase, then, args)


def _taken(state: JongRogueState, outcome: Action, phase: Phase[Any], then: Then, args: tuple[Any, ...]) -> None:
    then(state, took(state, outcome, phase), *args)


def draw_tile(
    state: JongRogueState, phase: Phase[Any], then: Callable[[JongRogueState, int, *Ts], None], *args: *Ts
) -> None:
    """Draw one tile and keep it in use; the pile may run out right after it (row 41)."""
    if state.pile_n == 0:
        then(state, -1, *args)
        return
    state.draw(phase, draw_table(TILE_ACTIONS, state.pile), _drawn, phase, then, args)


def _drawn(state: JongRogueState, outcome: Action, phase: Phase[Any], then: Then, args: tuple[Any, ...]) -> None:
    t = took(state, outcome, phase, True)
    if state.pile_n == 0 and not runout(state):
        return
    then(state, t, *args)


# -- face-down encounter tiles (JR-P1) ------------------------------------------------------------


def turn_up(state: JongRogueState, rooms: tuple[int, ...], phase: Phase[Any], then: Then, *args: Any) -> None:
    """Draw every face-down tile not yet drawn in ``rooms``, in room and slot order (the table
    turns them up); then ``then(state, *args)``. Each is drawn from its pool: the pile's counts
    (the pile and the tiles laid from it cannot be told apart) or the counts held since a restack.
    Drawn, a tile still lies as it lay (face down until encounter processing turns it up)."""
    _turn_up_from(state, rooms, 0, 0, phase, then, args)


def _turn_up_from(state: JongRogueState, rooms: tuple[int, ...], i: int, first: int, phase: Phase[Any], then: Then,
                  args: tuple[Any, ...]) -> None:  # fmt: skip
    """:func:`turn_up` from slot ``first`` of ``rooms[i]`` on (the tiles before it are drawn)."""
    for n in range(i, len(rooms)):
        room = rooms[n]
        slots = state.slots[room]
        for k in range(first, len(slots)):
            s = slots[k]
            if s.kind == K_DOWN:
                counts = state.pile if s.tile == 0 else state.held[s.tile - 1]
                state.draw(phase, draw_table(TILE_ACTIONS, counts), _turned, room, k, rooms, phase, then, args)
                return
        first = 0
    then(state, *args)


def _turned(state: JongRogueState, outcome: Action, room: int, k: int, rooms: tuple[int, ...], phase: Phase[Any],
            then: Then, args: tuple[Any, ...]) -> None:  # fmt: skip
    t = TILE_OF[outcome.args[0]]
    slots = state.room_slots(room)  # the drawn tile replaces the face-down one: the room is this state's own
    s = slots[k]
    if s.tile == 0:
        state.pile[t] -= 1
    else:
        held = state.held[s.tile - 1]
        held[t] -= 1
        if not any(any(h) for h in state.held):
            state.held.clear()
    slots[k] = new_slot(t, state.floor)
    _turn_up_from(state, rooms, rooms.index(room), k + 1, phase, then, args)


ALL_ROOMS: Final = tuple(range(9))


def nothing_more(state: JongRogueState) -> None:
    """The ``then`` of a :func:`turn_up` run as a step of its own."""


# -- checks (§2.4) -----------------------------------------------------------------------------


def check_tiles(
    state: JongRogueState, n: int, phase: Phase[Any], then: Callable[[JongRogueState, tuple[int, ...], *Ts], None],
    *args: *Ts,
) -> None:
    """The ``n`` tiles of one check (§2.4): each is in use until the check is resolved, so a
    restack while it is drawn (§2.5 steps 3-4) leaves them out; then they are discarded. A
    missing tile (pile and discard both empty, §2.5 step 6) is -1. ``then(state, tiles, *args)``."""
    _check_more(state, n, (), phase, then, args)


def _check_more(state: JongRogueState, n: int, got: tuple[int, ...], phase: Phase[Any], then: Then,
                args: tuple[Any, ...]) -> None:  # fmt: skip
    while len(got) < n and state.pile_n == 0:
        got += (-1,)
    if len(got) == n:
        for t in got:
            discard_tile(state, t)
        then(state, got, *args)
        return
    state.draw(phase, draw_table(TILE_ACTIONS, state.pile), _check_took, n, got, phase, then, args)


def _check_took(state: JongRogueState, outcome: Action, n: int, got: tuple[int, ...], phase: Phase[Any],
                then: Then, args: tuple[Any, ...]) -> None:  # fmt: skip
    t = took(state, outcome, phase, not got)
    if state.pile_n == 0 and not runout(state):
        return
    _check_more(state, n, (*got, t), phase, then, args)


def value(tiles: tuple[int, ...]) -> int:
    """nd9: the sum of the numbers; a missing tile counts 1 (§2.5 step 6)."""
    return sum(number(t) if t >= 0 else 1 for t in tiles)


def roll(
    state: JongRogueState, n: int, phase: Phase[Any], then: Callable[[JongRogueState, int, *Ts], None], *args: *Ts
) -> None:
    """nd9 (§2.4): ``then(state, total, *args)``."""
    if n == 1:  # 1d9, the common case, without the tuple
        if state.pile_n == 0:
            then(state, 1, *args)
            return
        state.draw(phase, draw_table(TILE_ACTIONS, state.pile), _d9_took, phase, then, args)
        return
    _check_more(state, n, (), phase, _summed, (then, args))


def _d9_took(state: JongRogueState, outcome: Action, phase: Phase[Any], then: Then, args: tuple[Any, ...]) -> None:
    t = took(state, outcome, phase, True)
    if state.pile_n == 0 and not runout(state):
        return
    discard_tile(state, t)
    then(state, t % 9 + 1, *args)


def _summed(state: JongRogueState, tiles: tuple[int, ...], then: Then, args: tuple[Any, ...]) -> None:
    then(state, value(tiles), *args)


def pick(
    state: JongRogueState, n: int, phase: Phase[Any], then: Callable[[JongRogueState, int, *Ts], None], *args: *Ts
) -> None:
    """Choose one of ``n`` options at random (§2.5 step 7, D56): ``then(state, index, *args)``,
    0-based. One tile for n <= 9, two for n >= 10, none for n = 1."""
    if n <= 1:
        then(state, 0, *args)
    elif n <= ONE_OF_N:
        roll(state, 1, phase, _picked_one, n, then, args)
    else:
        check_tiles(state, 2, phase, _picked_two, n, then, args)


def _picked_one(state: JongRogueState, v: int, n: int, then: Then, args: tuple[Any, ...]) -> None:
    then(state, (v - 1) % n, *args)


def _picked_two(state: JongRogueState, tiles: tuple[int, ...], n: int, then: Then, args: tuple[Any, ...]) -> None:
    a, b = (number(t) if t >= 0 else 1 for t in tiles)
    then(state, (9 * (a - 1) + b - 1) % n, *args)


# -- the draw-until rule (§2.6) ----------------------------------------------------------------


def draw_until(state: JongRogueState, wanted: Callable[[int], bool], phase: Phase[Any],
               then: Callable[[JongRogueState, int, *Ts], None], *args: *Ts) -> None:  # fmt: skip
    """Draw until a tile ``wanted`` appears (§2.6): the others are discarded; ``then(state, t,
    *args)`` with that tile, in use; -1 if the pile ran out first (the process is ignored).
    ``wanted`` must be immutable (a module function or a ``partial`` of one): it waits on the stack."""
    if state.pile_n == 0:
        then(state, -1, *args)
        return
    state.draw(phase, draw_table(TILE_ACTIONS, state.pile), _until_took, wanted, phase, then, args)


def _until_took(state: JongRogueState, outcome: Action, wanted: Callable[[int], bool], phase: Phase[Any],
                then: Then, args: tuple[Any, ...]) -> None:  # fmt: skip
    t = took(state, outcome, phase)
    if wanted(t):
        if state.pile_n == 0 and not runout(state):
            return
        then(state, t, *args)
        return
    discard_tile(state, t)
    if state.pile_n == 0:
        if not runout(state):
            return
        state.emit("jr.ev.until_ignored")
        then(state, -1, *args)
        return
    state.draw(phase, draw_table(TILE_ACTIONS, state.pile), _until_took, wanted, phase, then, args)


def is_m(t: int) -> bool:
    return t < 9


def is_s(t: int) -> bool:
    return t >= 18


def is_not_s(t: int) -> bool:
    return t < 18


def other_room(current: int, t: int) -> bool:
    """A room number other than ``current`` (-1: any, from a passage), for teleports (§7.18 p3)."""
    return current < 0 or number(t) - 1 != current


# -- time and the food clock (§7.4, §7.8, row 41) -------------------------------------------------


def satiation(state: JongRogueState) -> None:
    """A step: the extra satiation cost (§7.4): discard the top tile unused (one tile, D11: time
    passes only on rest, passage steps and search); not with the Ring of Slow Digestion (§7.22)."""
    if state.ring_on("slow_digestion"):
        return
    _satiate(state, SATIATION_TILES)


def _satiate(state: JongRogueState, left: int) -> None:
    if left:
        take(state, TIME_TILE, _satiated, left)


def _satiated(state: JongRogueState, t: int, left: int) -> None:
    discard_tile(state, t)
    if state.pile_n == 0 and not runout(state):
        return
    _satiate(state, left - 1)


def runout(state: JongRogueState) -> bool:
    """Row 41: the pile runs out. After: the food check. After resolution: the restack. False
    if the PC starved (the step is over: the death is pending)."""
    state.emit("jr.ev.pile_out")
    state.restack_due = True
    if not food_check(state):
        return False
    restack(state)
    return True


def restack(state: JongRogueState) -> None:
    """The discard pile becomes the pile (§2.4); tiles in use stay out (§2.5 step 3)."""
    if not state.restack_due:
        return
    state.restack_due = False
    pile, discard = state.pile, state.discard
    if any(pile):  # the pile is empty: what its counts still hold lies face down (JR-P1)
        state.held.append(pile[:])
        pool = len(state.held)
        for room in range(9):  # only the rooms with such tiles are made this state's own
            if any(s.kind == K_DOWN and s.tile == 0 for s in state.slots[room]):
                slots = state.room_slots(room)
                for k, s in enumerate(slots):
                    if s.kind == K_DOWN and s.tile == 0:
                        slots[k] = face_down(pool)  # (a face-down tile is never changed in place)
        for t in range(27):
            pile[t] = 0
    for t in range(27):
        pile[t] += discard[t]
        discard[t] = 0
    state.pile_n += state.discard_n
    state.discard_n = 0
    if state.log:
        state.emit("jr.ev.restack", n=state.pile_n)


def food_check(state: JongRogueState) -> bool:
    """§7.8, D12: eat one meal; with none, starvation (False: the PC died). None once the game is
    over (the victory's identification draws, JR-P5)."""
    if state.ended:
        return True
    if state.food <= FOOD_STARVE:
        ending.die(state, "starvation")
        return False
    state.food -= FOOD_PER_CHECK
    if state.log:
        state.emit("jr.ev.food_check", food=state.food)
    return True


def lab_table(actions: tuple[Action, ...], counts: list[int]) -> ChanceTable:
    """A draw from the labyrinth set left (``actions``: its five kinds), by its counts: the tables
    are kept by the counts alone (a few hundred at most: 4 copies of each wind and the stairs),
    which costs no hash of the actions (a Python call each) at every room's pair."""
    key = tuple(counts)
    table = _LAB_TABLES.get(key)
    if table is None:
        table = _LAB_TABLES[key] = draw_table(actions, key)
    return table


_LAB_TABLES: dict[tuple[int, ...], ChanceTable] = {}


ONE_OF_N: Final = R.pick.one_of_n.value
SATIATION_TILES: Final = R.time.extra_satiation_tiles.value
FOOD_STARVE: Final = R.food.starve.value
FOOD_PER_CHECK: Final = R.food.per_check.value
