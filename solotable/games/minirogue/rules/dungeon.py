"""The dungeon: areas, their grid and cycle, Delving and falling (§3; decisions D16, D17, D20,
D27, D32; rulings MR-P1, MR-P5).

An area (§3.3): Preparation turns up the start room (and draws the boss in a boss area); then
each step of exploration is a decision window, the Leader's room, a window, the Partner's room,
a window, both moves (one player: window, room, window, move). At the exit: a window, the boss
fight in a boss area and another window (D32), then Delving: eat, the skill cards turn face up,
the next area. A Fall (§3.5, D17) drops both characters to a deeper area at once: what was
pending is dropped, nothing is eaten (unless the flag says so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from solotable.core.engine import Checked, EventKind, Phase, step
from solotable.core.protocol import Action

from .. import actions as A
from ..data import CARD_INDEX, ROOM_CARDS, STATUSES
from ..state import EXIT, GAME_ID
from . import bosses, effects, rooms, windows
from .tables import BOSS_ACTIONS, CARD_OF, boss_table, card_table

EV_REVEAL: Final = EventKind("mr.ev.reveal", "pos", "card")
EV_MOVE: Final = EventKind("mr.ev.move", "seat", "pos")
EV_AREA: Final = EventKind("mr.ev.area", "area", "floor")
EV_BOSS: Final = EventKind("mr.ev.boss", "boss")
EV_STARVE: Final = EventKind("mr.ev.starve", "seat")
EV_FALL: Final = EventKind("mr.ev.fall", "area")
EV_LEADER: Final = EventKind("mr.ev.leader", "seat", "char")
EV_EXIT: Final = EventKind("mr.ev.exit")
EV_EAT: Final = EventKind("mr.ev.eat", "seat", "food")
EV_NO_FALL: Final = EventKind("mr.ev.no_fall")

if TYPE_CHECKING:
    from ..state import MiniRogueState


def pos_text(pos: int) -> str:
    """A position as players read it: ``row,column`` from 1."""
    return f"{pos // 3 + 1},{pos % 3 + 1}"


def prepare(s: MiniRogueState) -> None:
    """§3.3 Preparation: a fresh grid (held items stay out of the deck, D27), everyone at the start
    room; the start room is turned up, and in a boss area the boss."""
    s.grid = [-1] * 9
    seen = 0
    for h in s.heroes:
        if h.item:
            seen |= 1 << CARD_INDEX[s.data.item_card[h.item]]
        h.pos = 0
        h.resolved = False
        h.evade = False
        h.met = 0
    s.seen = seen
    s.item_taken = 0
    s.boss = ""
    if s.log:
        s.recorded.append((EV_AREA, s.area, s.floor))
        if s.n == 2:
            s.record(EV_LEADER, s.leader + 1, "@mr.char." + s.heroes[s.leader].char)
    if s.area in s.data.boss_areas:
        cycle(s, windows.AREA_START)
        s.then((reveal, (0,)), (boss_reveal, ()))  # before the cycle
    else:
        cycle(s, windows.AREA_START)
        s.then((reveal, (0,)))


_SOLO_CYCLE: Final[dict[str, tuple[Checked, ...]]] = {}
"""One hero's step of exploration (:func:`cycle`) by its first window, made once."""


def cycle(s: MiniRogueState, first: str = windows.BEFORE_ROOM) -> None:
    """Push one step of exploration (§3.3, §9, D32): windows, the rooms (the Leader first), the
    moves. ``first`` names the first window: the area's start, or after the moves."""
    if s.n == 1:
        steps = _SOLO_CYCLE.get(first)
        if steps is None:  # (made on first use: the rules' modules import one another)
            steps = _SOLO_CYCLE[first] = (
                step(windows.window, (0,), first, -1, 0), step(rooms.resolve, 0),
                step(windows.window, (0,), windows.AFTER_ROOMS, -1, 0), step(move, 0), step(arrive),
            )  # fmt: skip
        s.then(*steps)
        return
    o = tuple(s.order())
    w = windows.window
    s.then(
        (w, (o, first, -1, 0)), (rooms.resolve, (o[0],)), (w, (o, windows.BETWEEN_ROOMS, -1, 0)),
        (rooms.resolve, (o[1],)), (w, (o, windows.AFTER_ROOMS, -1, 0)), (move, (o[0],)), (move, (o[1],)),
        (arrive, ()),
    )  # fmt: skip


def reveal(s: MiniRogueState, pos: int) -> None:
    """A step: turn up the card at ``pos`` (MR-P1: drawn now from the cards not yet seen)."""
    if s.grid[pos] < 0:
        s.rpos = pos
        s.draw(REVEAL, card_table(s.seen), revealed, pos)


def revealed(s: MiniRogueState, outcome: Action, pos: int) -> None:
    index = CARD_OF[outcome]
    s.grid[pos] = index
    s.seen |= 1 << index
    if s.log:
        s.recorded.append((EV_REVEAL, pos_text(pos), "@mr.card." + ROOM_CARDS[index]))


def boss_reveal(s: MiniRogueState) -> None:
    """§2.1 step 6, MR-P1: a floor boss drawn among those not yet seen; Og's Remains in area 10."""
    if s.area == 10:
        s.boss = "og"
        if s.log:
            s.recorded.append((EV_BOSS, "@mr.name.og"))
        return
    s.draw(BOSS_REVEAL, boss_table(s.seen_bosses), boss_revealed)


def boss_revealed(s: MiniRogueState, outcome: Action) -> None:
    s.boss = str(outcome.args[0])
    s.seen_bosses |= 1 << BOSS_ACTIONS.index(outcome)
    if s.log:
        s.recorded.append((EV_BOSS, "@mr.name." + s.boss))


_MOVES: Final = tuple(
    tuple(a for a, ok in ((A.MOVE_RIGHT, pos % 3 < 2), (A.MOVE_DOWN, pos < 6)) if ok) for pos in range(9)
)
"""The moves out of each position of the grid (§3.2): right but from the last column, down but from
the last row."""


def _move_legal(s: MiniRogueState) -> list[Action]:
    return list(_MOVES[s.heroes[s.actor].pos])


def move(s: MiniRogueState, seat: int) -> None:
    """A step: ``seat`` moves right or down (§3.2); MR-P5: a forced move is made without asking."""
    s.actor = seat
    legal = _MOVES[s.heroes[seat].pos]
    if len(legal) == 1:
        moved(s, legal[0], seat)
    else:
        s.ask(MOVE, moved, seat)


def moved(s: MiniRogueState, action: Action, seat: int) -> None:
    h = s.heroes[seat]
    h.pos += 1 if action.args[0] == "right" else 3
    h.resolved = False
    if s.log:
        s.recorded.append((EV_MOVE, seat + 1, pos_text(h.pos)))
    if h.pos != EXIT:
        reveal(s, h.pos)


def arrive(s: MiniRogueState) -> None:
    """A step after the moves: another step of exploration, or the exit (§3.3 step 3, D32: a
    decision point before the boss fight and after it)."""
    for h in s.heroes:  # (a loop: faster than any() on the hot path)
        if h.pos != EXIT:
            cycle(s)
            return
    o = tuple(s.order())
    if s.boss:
        s.boss_ahead = True
        s.then(
            (windows.window, (o, windows.BEFORE_BOSS, -1, 0)), (bosses.boss_fight, ()),
            (windows.window, (o, windows.AT_EXIT, -1, 0)), (delve, ()),
        )  # fmt: skip
    else:
        if s.log:
            s.recorded.append((EV_EXIT,))
        s.then((windows.window, (o, windows.AT_EXIT, -1, 0)), (delve, ()))


def delve(s: MiniRogueState) -> None:
    """§3.3 Delving: eat, the skill card turns face up, a Shield ends; the next area."""
    for seat, h in enumerate(s.heroes):
        eat(s, seat)
        if s.over:
            return
        h.skill_up = True
        h.shield = 0
        if not s.data.flags.statuses_persist:  # D20 alternative: statuses end here
            effects.cure(s, seat, STATUSES)
    new_area(s, s.area + 1)


def eat(s: MiniRogueState, seat: int) -> None:
    """§3.3 Delving step 1: −1 food; with no food, −3 HP instead (a death ends the game: ``s.over``)."""
    d = s.data
    h = s.heroes[seat]
    if h.food >= d.eat_food:
        h.food -= d.eat_food
        if s.log:
            s.recorded.append((EV_EAT, seat + 1, h.food))
        return
    if s.log:
        s.recorded.append((EV_STARVE, seat + 1))
    effects.lose_hp(s, seat, d.starve_hp, "starvation")


def new_area(s: MiniRogueState, area: int) -> None:
    """Everything pending is dropped; the area is prepared next (§3.3, D29: the lead alternates)."""
    s.area = area
    if s.n == 2:
        s.leader = 1 - s.leader
    s.stack.clear()
    s.c_white = []  # the last skill check belongs to the area left: its dice are no longer shown
    s.push(prepare)


def fall(s: MiniRogueState) -> bool:
    """A Fall (§3.5, D17): both characters fall to the landing area at once; the fight ends
    unrewarded; nothing is eaten. True if they fell (what was pending is dropped: the caller stops;
    a death in the fall, under D17's alternative, ends the game as every death does, ``s.over``);
    ignored on floor 4 (then False: play goes on)."""
    d = s.data
    dst = d.fall_to[s.area - 1]
    if dst == 0:
        if s.log:
            s.recorded.append((EV_NO_FALL,))
        return False
    s.stack.clear()
    s.clear_combat()
    for h in s.heroes:
        h.shield = 0  # D23
        h.poison_fx = 0
    if s.log:
        s.recorded.append((EV_FALL, dst))
    for seat, h in enumerate(s.heroes):
        if d.flags.eat_on_fall:  # D17 alternative: a fall eats like Delving
            eat(s, seat)
            if s.over:
                return True
        if d.flags.refresh_on_fall:  # D17 alternative: skill cards turn face up
            h.skill_up = True
    new_area(s, dst)
    return True


MOVE: Final[Phase[Any]] = Phase("move", _move_legal, game=GAME_ID)
"""Move right or down."""
REVEAL: Final[Phase[Any]] = Phase("reveal", chance=True, game=GAME_ID)
"""A room card turned up."""
BOSS_REVEAL: Final[Phase[Any]] = Phase("boss_reveal", chance=True, game=GAME_ID)
"""The boss of a boss area turned up."""
