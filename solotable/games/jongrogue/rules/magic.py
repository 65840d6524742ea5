"""Potions, scrolls and identification (rules reference §7.20, §7.21, §7.26; rows 25, 26, 31, 33, 34).

A potion or scroll is carried by its appearance tile (s1-s9 for potions, m1-m9 and p1-p9 for
scrolls). In EZ the appearance is the row. Under the identification rule (EZ Plus) each row's
link tile is hidden: the row of an appearance is drawn from the rows not yet revealed when the
appearance is first used or identified (JR-P1), then it is known for the rest of the game (§7.26).
Quaffing and reading are actions in or out of combat; in combat they take the PC's turn
(§7.11.2). A "one monster" scroll's target is named before reading (D63, JR-P4).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import Final, TypeVarTuple

from solotable.core.action import Action
from solotable.core.chance import ChanceTable
from solotable.core.engine import Phase, step

from ..notation import TILE_INDEX, TILE_NAMES, number
from ..state import (
    ADDED,
    AGGRAV,
    ASLEEP,
    BLIND,
    CLAIR,
    CONFUSED,
    DOOR,
    GAME_ID,
    HELD,
    K_GONE,
    K_MON,
    LEVIT,
    M_ASLEEP,
    M_CANCEL,
    M_CONF,
    M_DEEP,
    M_DISGUISED,
    M_HASTE,
    M_INVIS,
    M_SCARED,
    M_SLOW,
    PASSAGE,
    PASSAGE_REF,
    POTIONS,
    SCROLLS,
    JongRogueState,
    R,
    Slot,
    ref,
)
from . import combat, encounters, floors, items, turns
from .pile import ALL_ROOMS, CLAIRVOYANCE, GLYPHS, discard_tile, draw_until, is_m, nothing_more, other_room, turn_up

Ts = TypeVarTuple("Ts")


LINK: Final = Phase[JongRogueState]("link_tile", chance=True, game=GAME_ID)  # the hidden link of an appearance (§7.26)
# draw until an m tile (§7.21)
CREATED_MONSTER: Final = Phase[JongRogueState]("created_monster", chance=True, game=GAME_ID)
# draw until another room (§7.21)
TELEPORT_MONSTER: Final = Phase[JongRogueState]("teleport_monster", chance=True, game=GAME_ID)

ONE_MONSTER_SCROLLS: Final = frozenset(("haste_monster", "slow_monster", "confuse_monster", "monster_invisibility",
                                 "cancellation", "teleport_monster"))  # fmt: skip
"""Scroll rows that act on one monster the PL names before reading (§7.21, D63)."""

ENCH_MAX: Final = R.item.enchant_range.value[1]
STR_MAX: Final = R.strength.range.value[1]
HEALING_DIV: Final = R.potion.healing.value
LEVEL_XP: Final = R.level.xp_table.value
LEVEL_MAX: Final = R.level.max.value


@lru_cache(maxsize=1024)
def link_table(rows: tuple[int, ...]) -> ChanceTable:
    """The hidden link of an appearance: one of the rows not yet revealed, equally likely."""
    return ChanceTable.uniform(tuple(Action("link", r + 1) for r in rows))


def link(
    state: JongRogueState, potion: bool, app: int, then: Callable[[JongRogueState, int, *Ts], None], *args: *Ts
) -> None:
    """The row of appearance ``app`` (0-based: s1.. for potions, m1..p9 for scrolls):
    ``then(state, row, *args)``; a hidden link is drawn from the rows not yet revealed (§7.26):
    identification by using, by the identify scroll, and at victory (D38)."""
    rows = state.pot_row if potion else state.scr_row
    if rows[app] >= 0:
        then(state, rows[app], *args)
        return
    known = state.pot_known_rows if potion else state.scr_known_rows
    free = tuple(r for r in range(len(known)) if not known[r])
    state.draw(LINK, link_table(free), _linked, potion, app, then, args)


def _linked(state: JongRogueState, outcome: Action, potion: bool, app: int, then: turns.Then,
            args: tuple[object, ...]) -> None:  # fmt: skip
    row = int(outcome.args[0]) - 1
    (state.pot_row if potion else state.scr_row)[app] = row
    (state.pot_known_rows if potion else state.scr_known_rows)[row] = True
    if state.log:
        state.emit("jr.ev.identified", app=GLYPHS[18 + app if potion else app],
                   what=f"@jr.{'potion' if potion else 'scroll'}.{row}")  # fmt: skip
    then(state, row, *args)


def reveal_link(state: JongRogueState, potion: bool, app: int) -> None:
    """A step: the appearance's row is known (identify scroll, victory)."""
    link(state, potion, app, _nothing)


def _nothing(state: JongRogueState, row: int) -> None:
    pass


# -- potions (§7.20) ----------------------------------------------------------------------------


def quaff(state: JongRogueState, app: str | int) -> None:
    """The decision ``quaff:s4``."""
    i = TILE_INDEX[str(app)] - 18
    state.potions[i] -= 1
    link(state, True, i, _quaffed)


def _quaffed(state: JongRogueState, row: int) -> None:
    # the 9 potions of §7.20 (D32)
    name = POTIONS[row]
    if state.log:
        state.emit("jr.ev.quaff", what=f"@jr.potion.{row}")
    if name == "healing":
        state.hp = min(state.maxhp, state.hp + -(-state.maxhp // HEALING_DIV))
    elif name == "extra_healing":
        state.hp = state.maxhp
    elif name == "gain_strength":
        state.strength = min(STR_MAX, state.strength + 1)  # +3 at most (D16)
        state.max_str = max(state.max_str, state.strength)
    elif name == "restore_strength":
        state.strength = state.max_str
    elif name == "raise_level":
        if state.level < LEVEL_MAX:
            combat.level_up(state)
            state.xp = LEVEL_XP[state.level - 1]
    elif name == "clairvoyance":
        state.status |= CLAIR
        state.status &= ~BLIND  # row 33
        # every encounter tile of the floor is shown face up, not the monsters only (D32): the
        # face-down ones are drawn (JR-P1)
        state.then((turn_up, (ALL_ROOMS, CLAIRVOYANCE, nothing_more)), (blind_ended, ()), (combat_action_done, ()))
        return
    elif name == "levitation":
        state.status |= LEVIT
        state.status &= ~HELD  # row 34
    elif name == "blindness":
        state.status |= BLIND
    else:
        state.status |= CONFUSED
    combat_action_done(state)


def blind_ended(state: JongRogueState) -> None:
    """D44: Blind ends at the door of a room whose processing was postponed: it is processed."""
    if state.pos == DOOR and state.postponed[state.room]:
        encounters.encounter(state, state.room)


def combat_action_done(state: JongRogueState) -> None:
    """An item used as a combat action takes the PC's turn (§7.11.2)."""
    if state.mode is turns.RANGED:
        combat.ranged_round_done(state)
    elif state.mode is turns.MELEE:
        combat.monsters_turn(state)


# -- scrolls (§7.21) ----------------------------------------------------------------------------


def nameable(state: JongRogueState) -> list[tuple[int, Slot]]:
    """Monsters a "one monster" scroll may name (§7.21), with their slot numbers (0: the passage
    monster): the visible monsters of the PC's room (or of the room whose door it stands at), and
    the monster engaged with the PC."""
    eng = state.engaged() if state.mode in (turns.RANGED, turns.MELEE, turns.TURN_END) else []
    if state.pos == PASSAGE:
        p = state.pmon
        return [(0, p)] if p is not None and (not p.flags & M_INVIS or eng) else []
    out = []
    room = state.room
    for k, s in enumerate(state.room_slots(room)):
        if s.kind != K_MON or not state.revealed_monster(room, s) or s.flags & M_DISGUISED:
            continue
        if s.flags & M_INVIS and not any(e is s for e in eng):
            continue
        out.append((k + 1, s))
    return out


def scroll_targets(state: JongRogueState) -> list[Slot]:
    """A "room" scroll's monsters: those of the PC's room, or the passage monster (§7.21)."""
    if state.pos == PASSAGE:
        return [state.pmon] if state.pmon is not None else []
    room = state.room
    return [s for s in state.room_monsters(room) if state.revealed_monster(room, s) and not s.flags & M_DISGUISED]


def read(state: JongRogueState, app: str | int, k: str | int = -1) -> None:
    """The decision ``read:m4`` (or ``read:p6,2`` naming the monster of slot 2, D63)."""
    one = -2
    if int(k) >= 0 and any(j == int(k) for j, _ in nameable(state)):
        one = PASSAGE_REF if state.pos == PASSAGE else ref(state.room, int(k) - 1)
    i = TILE_INDEX[str(app)]
    state.scrolls[i] -= 1
    link(state, False, i, _read, one)


def _read(state: JongRogueState, row: int, one: int) -> None:
    # the 18 scrolls of §7.21: 12 RC2 scrolls, then 6 RC2 wand effects (D33)
    name = SCROLLS[row]
    if state.log:
        state.emit("jr.ev.read", what=f"@jr.scroll.{row}")
    targets = scroll_targets(state)
    if name == "identify":
        # §7.21 row 1, D63: what to identify is chosen once the row is known (JR-P4)
        choices = identify_actions(state)
        if len(choices) > 1:
            state.ret_mode = state.mode
            state.mode = turns.IDENTIFY
            state.emit("jr.ev.identify_choose")
            return
        state.then(
            *(step(identify_thing, a.args[0], a.args[1] if len(a.args) > 1 else 0) for a in choices),
            step(combat_action_done),
        )
        return
    if name == "protect_armour":
        a = state.armour()
        if a is not None:
            a.protected = True
    elif name == "hold_monster":
        for s in targets:
            s.flags = (s.flags | M_DEEP) & ~M_ASLEEP
    elif name == "enchant_weapon":
        w = state.weapon()
        if w is not None:
            w.enchant = min(ENCH_MAX, w.enchant + 1)
            w.cursed = False
    elif name == "enchant_armour":
        a = state.armour()
        if a is not None:
            a.enchant = min(ENCH_MAX, a.enchant + 1)
            a.cursed = False
    elif name == "teleport":
        encounters.teleport(state)
        return
    elif name == "sleep":
        state.status |= ASLEEP
    elif name == "scare_monster":
        for s in targets:
            s.flags |= M_SCARED
    elif name == "remove_curse":  # it and the enchant scrolls lift curses (D36)
        for w in state.weapons:
            w.cursed = False
        for a in state.armours:
            a.cursed = False
        for ring in state.rings:
            ring.cursed = False
    elif name == "create_monster":
        state.then((_create_monster, ()), (combat_action_done, ()))
        return
    elif name == "aggravate_monsters":
        state.status |= AGGRAV
        state.clear_monster_flags(M_ASLEEP | M_DEEP | M_DISGUISED)
    elif name == "magic_mapping":
        state.then(*(step(floors.reveal_lab, r) for r in range(9)), step(_all_found), step(combat_action_done))
        return
    elif one != -2 and (named := state.monster_at(one)) is not None:
        s = named
        if name == "haste_monster":
            if s.flags & M_SLOW:
                s.flags &= ~M_SLOW  # row 25
            else:
                s.flags |= M_HASTE
        elif name == "slow_monster":
            if s.flags & M_HASTE:
                s.flags &= ~M_HASTE  # row 26
            else:
                s.flags |= M_SLOW
        elif name == "confuse_monster":
            s.flags |= M_CONF
        elif name == "monster_invisibility":
            s.flags |= M_INVIS
        elif name == "cancellation":
            s.flags = (s.flags | M_CANCEL) & ~(M_HASTE | M_INVIS)  # row 31
        else:  # teleport monster
            state.then((_teleport_monster, (one,)), (combat_action_done, ()))
            return
    combat_action_done(state)


def _all_found(state: JongRogueState) -> None:
    for r in range(9):
        state.found[r] = 15


def _create_monster(state: JongRogueState) -> None:
    """Scroll row 10: draw until an m tile; that floor's monster appears awake (§7.17)."""
    draw_until(state, is_m, CREATED_MONSTER, _created)


def _created(state: JongRogueState, t: int) -> None:
    if t >= 0:
        encounters.add_monster(state, t, "jr.ev.created")


def _teleport_monster(state: JongRogueState, one: int) -> None:
    """Scroll row 18: draw until a room number other than its room (§2.6); it keeps its state and
    takes a new slot there (D60); the engagement with it ends."""
    cur = state.here()
    draw_until(state, partial(other_room, cur), TELEPORT_MONSTER, _monster_teleported, one, cur)


def _monster_teleported(state: JongRogueState, t: int, one: int, cur: int) -> None:
    if t < 0:
        return
    discard_tile(state, t)
    dest = number(t) - 1
    s = state.slot_at(one)
    moved = s.copy()
    moved.up = ADDED
    if one == PASSAGE_REF:
        state.pmon = None
    else:
        # its slot stays empty: the other tiles of the room keep their numbers (issue 11 item 9)
        s.kind = K_GONE
        if state.lead == one:
            state.lead = -1
    state.room_slots(dest).append(moved)


# -- identification (§7.21 row 1, §7.26) -----------------------------------------------------------


def identify_actions(state: JongRogueState) -> list[Action]:
    """Scroll row 1: one carried unidentified thing of the PL's choice (§7.21, §7.26): a potion
    or scroll appearance (``identify:s4``), a ring, a weapon or an armour (``identify:r,1``)."""
    act = turns.act
    out = [act("identify", TILE_NAMES[18 + i]) for i in range(9) if state.potions[i] and state.pot_row[i] < 0]
    out.extend(act("identify", TILE_NAMES[i]) for i in range(18) if state.scrolls[i] and state.scr_row[i] < 0)
    out.extend(act("identify", "r", i + 1) for i, r in enumerate(state.rings) if r.kind is None)
    out.extend(act("identify", "w", i + 1) for i, w in enumerate(state.weapons) if not w.known)
    out.extend(act("identify", "a", i + 1) for i, a in enumerate(state.armours) if not a.known)
    return out


def identify(state: JongRogueState, what: str | int, i: str | int = 0) -> None:
    """The decision ``identify:...`` after the identify scroll; in combat the turn goes on."""
    state.then((identify_thing, (what, i)), (_identified, ()))


def _identified(state: JongRogueState) -> None:
    state.mode = state.ret_mode
    combat_action_done(state)


def identify_thing(state: JongRogueState, what: str | int, i: str | int = 0) -> None:
    """A step: identify one thing (a ring's kind, a weapon's or armour's state, an appearance)."""
    n = int(i) - 1
    if what == "r":
        state.then((items.reveal_ring, (n,)), (_ring_known, (n,)))
    elif what in ("w", "a"):
        state.then((items.reveal_state, (what == "w", n)), (_state_known, (what == "w", n)))
    else:
        t = TILE_INDEX[str(what)]
        reveal_link(state, t >= 18, t - 18 if t >= 18 else t)


def _ring_known(state: JongRogueState, i: int) -> None:
    if state.log:
        state.emit("jr.ev.ring_known", item=f"@jr.ring.{state.rings[i].kind}")


def _state_known(state: JongRogueState, weapon: bool, i: int) -> None:
    item = state.weapons[i] if weapon else state.armours[i]
    if state.log:
        state.emit("jr.ev.state_known", item=f"@jr.item.{item.kind}", ench=item.enchant)
