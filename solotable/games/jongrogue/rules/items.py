"""Items: pick-ups, equipment, rings, curses, camp and carry limits (rules reference §7.19, §7.22-§7.25;
trigger rows 37-40).

Items and gold are picked up inside a room, out of threat and not Levitating (rows 37-39): the
category of an item comes from its tile's number (§7.19). A found weapon's or armour's state and a
ring's kind are drawn when first equipped or identified (§7.22, §7.24). Camp (§7.25) is a set of
free actions offered whenever no monster threatens (JR-P3): equip, unequip, put on, take off,
drop; the carry limits are kept just before the stairs (row 40, ``floors.stairs``).
"""

from __future__ import annotations

from typing import Final

from solotable.core.engine import Phase

from ..notation import TILE_INDEX, number
from ..state import (
    GAME_ID,
    K_GOLD,
    K_GONE,
    K_MON,
    M_ASLEEP,
    M_CANCEL,
    M_DEEP,
    M_DISGUISED,
    RINGS,
    Armour,
    JongRogueState,
    R,
    Ring,
    Weapon,
    ref,
)
from . import monsters, moves
from .pile import GLYPHS, discard_tile, draw_until, is_not_s, is_s, roll

GOLD_PILE: Final = Phase[JongRogueState]("gold_pile", chance=True, game=GAME_ID)  # 2d9 x F gold (§7.19)
POTION_KIND: Final = Phase[JongRogueState]("potion_kind", chance=True, game=GAME_ID)  # draw until an s tile (§7.19)
# draw until an m or p tile (§7.19)
SCROLL_KIND: Final = Phase[JongRogueState]("scroll_kind", chance=True, game=GAME_ID)
WEAPON_KIND: Final = Phase[JongRogueState]("weapon_kind", chance=True, game=GAME_ID)  # 1d9 on the weapon table (§7.23)
ARMOUR_KIND: Final = Phase[JongRogueState]("armour_kind", chance=True, game=GAME_ID)  # 1d9 on the armour table (§7.23)
# curse and enchantment (§7.24)
EQUIPMENT_STATE: Final = Phase[JongRogueState]("equipment_state", chance=True, game=GAME_ID)
RING_KIND: Final = Phase[JongRogueState]("ring_kind", chance=True, game=GAME_ID)  # 1d9 on the ring table (§7.22)
RING_CURSE: Final = Phase[JongRogueState]("ring_curse", chance=True, game=GAME_ID)  # is the ring cursed (§7.22)

CATEGORY_BY_S: Final = R.item.category_by_s.value
WEAPON_TABLE: Final = R.item.weapon_table.value
ARMOUR_TABLE: Final = R.item.armour_table.value
EQUIP_STATE: Final = R.item.equip_state.value
RING_CURSES: Final[dict[str, int]] = R.item.ring_curse.value
MISSILES: Final = ("arrows", "darts", "shuriken")
AMULET_FLOOR: Final = R.amulet.floor.value
FOOD_MAX: Final = R.food.max.value
FOOD_GAIN: Final = R.food.item_gain.value
GOLD_MAX: Final = R.gold.max.value
GOLD_TILES: Final = R.gold.pile_amount.value


# -- pick-ups (§7.19, rows 37-39) ----------------------------------------------------------------


def pick_up(state: JongRogueState, k: str | int) -> None:
    """The decision ``pick:N``: pick up the item or gold of slot N of the room (rows 37-39). A
    disguised xeroc (§7.14.8) wakes and attacks at once."""
    room = state.room
    i = int(k) - 1
    s = state.room_slots(room)[i]
    if s.kind == K_MON:
        s.flags &= ~(M_DISGUISED | M_DEEP | M_ASLEEP)
        if state.log:
            state.emit("jr.ev.mimic", monster=f"@jr.mon.{s.mon.id}")
        monsters.attack(state, ref(room, i))
        return
    if s.kind == K_GOLD:
        for m in state.room_monsters(room):  # row 39 before: Gold-lover
            if "gold_lover" in m.mon.abilities and not m.flags & M_CANCEL:
                state.emit("jr.ev.gold_blocked")
                return
        roll(state, GOLD_TILES, GOLD_PILE, _gold, i)
        return
    s.kind = K_GONE
    state.then((gain_item, (number(s.tile),)), (_discard, (s.tile,)))


def _gold(state: JongRogueState, v: int, i: int) -> None:
    """A gold pile: 2d9 x F gold (§7.19, D31), capped at 999,999."""
    amount = v * state.floor
    state.gold = min(GOLD_MAX, state.gold + amount)
    s = state.room_slots(state.room)[i]
    s.kind = K_GONE
    discard_tile(state, s.tile)
    if state.log:
        state.emit("jr.ev.gold", n=amount, gold=state.gold)


def _discard(state: JongRogueState, t: int) -> None:
    discard_tile(state, t)


def gain_item(state: JongRogueState, n: int) -> None:
    """§7.19, D30: the category of item sN; s1 is the Amulet on floor 10 or deeper while not held
    (row 38, D39), else food."""
    cat = CATEGORY_BY_S[n - 1]
    if cat == "amulet_or_food":
        if state.floor >= AMULET_FLOOR and not state.amulet:
            state.amulet = True
            state.emit("jr.ev.amulet")
            return
        # row 38: why this s1 is not the Amulet (D39)
        if state.amulet:
            state.emit("jr.ev.s1_food_held")
        else:
            if state.log:
                state.emit("jr.ev.s1_food", floor=state.floor, amulet_floor=AMULET_FLOOR)
        cat = "food"
    if cat == "food":
        state.food = min(FOOD_MAX, state.food + FOOD_GAIN)
        if state.log:
            state.emit("jr.ev.food", food=state.food)
    elif cat == "potion":
        draw_until(state, is_s, POTION_KIND, _potion_found)
    elif cat == "scroll":
        draw_until(state, is_not_s, SCROLL_KIND, _scroll_found)
    elif cat == "weapon":
        roll(state, 1, WEAPON_KIND, _weapon_found)
    elif cat == "armour":
        roll(state, 1, ARMOUR_KIND, _armour_found)
    else:
        state.rings.append(Ring())
        if state.log:
            state.emit("jr.ev.item", item="@jr.item.ring")


def _potion_found(state: JongRogueState, t: int) -> None:
    """The s tile drawn is the potion's appearance (§7.19)."""
    if t >= 0:
        discard_tile(state, t)
        state.potions[number(t) - 1] += 1
        row = state.pot_row[number(t) - 1]
        if row >= 0:
            if state.log:
                state.emit("jr.ev.potion_known", app=GLYPHS[t], what=f"@jr.potion.{row}")
        else:
            if state.log:
                state.emit("jr.ev.potion", app=GLYPHS[t])


def _scroll_found(state: JongRogueState, t: int) -> None:
    """The m or p tile drawn is the scroll's appearance (§7.19): one of 18, each as likely (D33)."""
    if t >= 0:
        discard_tile(state, t)
        state.scrolls[t] += 1
        row = state.scr_row[t]
        if row >= 0:
            if state.log:
                state.emit("jr.ev.scroll_known", app=GLYPHS[t], what=f"@jr.scroll.{row}")
        else:
            if state.log:
                state.emit("jr.ev.scroll", app=GLYPHS[t])


def _weapon_found(state: JongRogueState, v: int) -> None:
    kind = WEAPON_TABLE[v - 1]
    if kind == "bow":
        state.bow = True
    elif kind in MISSILES:
        state.missiles[MISSILES.index(kind)] = True  # finding a missile again restores its row
    else:
        state.weapons.append(Weapon(kind, known=False))
    if state.log:
        state.emit("jr.ev.item", item=f"@jr.item.{kind}")


def _armour_found(state: JongRogueState, v: int) -> None:
    kind = ARMOUR_TABLE[v - 1]
    state.armours.append(Armour(kind, known=False))
    if state.log:
        state.emit("jr.ev.item", item=f"@jr.item.{kind}")


# -- states of equipment and rings (§7.22, §7.24) ---------------------------------------------------


def reveal_state(state: JongRogueState, weapon: bool, i: int) -> None:
    """A step: §7.24, D35: a found weapon's or armour's state is drawn when first equipped or
    identified: 1d9 on the state table (1-2 cursed -1, 3-7 +0, 8-9 +1)."""
    item = state.weapons[i] if weapon else state.armours[i]
    if not item.known:
        roll(state, 1, EQUIPMENT_STATE, _state_drawn, weapon, i)


def _state_drawn(state: JongRogueState, v: int, weapon: bool, i: int) -> None:
    item = state.weapons[i] if weapon else state.armours[i]
    ench = EQUIP_STATE[v - 1]
    item.enchant = ench
    item.cursed = ench < 0
    item.known = True


def reveal_ring(state: JongRogueState, i: int) -> None:
    """A step: §7.22, a ring's kind and curse are drawn when first put on or identified."""
    if state.rings[i].kind is None:
        roll(state, 1, RING_KIND, _ring_kind, i)


def _ring_kind(state: JongRogueState, v: int, i: int) -> None:
    kind = RINGS[v - 1]
    ring = state.rings[i]
    ring.kind = kind
    curse = RING_CURSES.get(kind, 0)
    if curse >= 9:  # §7.22: teleportation is always cursed; a certain 1d9 draws no tile (issue 25)
        ring.cursed = True
    elif curse:
        roll(state, 1, RING_CURSE, _ring_curse, i, curse)
    else:
        ring.cursed = False


def _ring_curse(state: JongRogueState, v: int, i: int, curse: int) -> None:
    state.rings[i].cursed = v <= curse


# -- camp (§7.25) ------------------------------------------------------------------------------


def wield(state: JongRogueState, i: str | int) -> None:
    """The decision ``wield:N`` (0: bare hands)."""
    n = int(i)
    if n == 0:
        state.weapon_eq = -1
        state.emit("jr.ev.unwield")
        return
    state.weapon_eq = n - 1
    state.then((reveal_state, (True, n - 1)), (_wielded, (n - 1,)))


def _wielded(state: JongRogueState, i: int) -> None:
    w = state.weapons[i]
    if state.log:
        state.emit("jr.ev.wield_cursed" if w.cursed else "jr.ev.wield", item=f"@jr.item.{w.kind}", ench=w.enchant)


def wear(state: JongRogueState, i: str | int) -> None:
    """The decision ``wear:N``."""
    n = int(i) - 1
    state.armour_eq = n
    state.then((reveal_state, (False, n)), (_worn, (n,)))


def _worn(state: JongRogueState, i: int) -> None:
    a = state.armours[i]
    if state.log:
        state.emit("jr.ev.wear_cursed" if a.cursed else "jr.ev.wear", item=f"@jr.item.{a.kind}", ench=a.enchant)


def put_on(state: JongRogueState, i: str | int) -> None:
    """The decision ``puton:N``: on the free hand (left first); row 36 for see invisible."""
    n = int(i) - 1
    state.then((reveal_ring, (n,)), (_put_on, (n,)))


def _put_on(state: JongRogueState, i: int) -> None:
    ring = state.rings[i]
    hands = {x.hand for x in state.rings if x.hand}
    ring.hand = 1 if 1 not in hands else 2
    if state.log:
        state.emit("jr.ev.puton_cursed" if ring.cursed else "jr.ev.puton", item=f"@jr.ring.{ring.kind}")
    if ring.kind == "see_invisible":
        moves.see_invisible(state)  # row 36


def remove(state: JongRogueState, i: str | int) -> None:
    """The decision ``remove:N``: take a ring off."""
    ring = state.rings[int(i) - 1]
    ring.hand = 0
    if state.log:
        state.emit("jr.ev.removed", item=f"@jr.ring.{ring.kind}")


def drop(state: JongRogueState, what: str | int, i: str | int) -> None:
    """The decision ``drop:w,N`` / ``drop:a,N`` / ``drop:r,N``: the item leaves the game (D66)."""
    n = int(i) - 1
    if what == "w":
        if state.log:
            state.emit("jr.ev.dropped", item=f"@jr.item.{state.weapons[n].kind}")
        drop_weapon(state, n)
    elif what == "a":
        if state.log:
            state.emit("jr.ev.dropped", item=f"@jr.item.{state.armours[n].kind}")
        drop_armour(state, n)
    else:
        kind = state.rings[n].kind
        if state.log:
            state.emit("jr.ev.dropped", item=f"@jr.ring.{kind}" if kind else "@jr.item.ring")
        del state.rings[n]


def drop_weapon(state: JongRogueState, i: int) -> None:
    del state.weapons[i]
    if state.weapon_eq == i:
        state.weapon_eq = -1
    elif state.weapon_eq > i:
        state.weapon_eq -= 1


def drop_armour(state: JongRogueState, i: int) -> None:
    del state.armours[i]
    if state.armour_eq == i:
        state.armour_eq = -1
    elif state.armour_eq > i:
        state.armour_eq -= 1


def discard(state: JongRogueState, what: str, i: int) -> None:
    """One item over the carry limits goes (row 40, §7.25, JR-P3): ``w``, ``a``, ``r`` with its
    row, or a potion or scroll appearance."""
    if what == "w":
        if state.log:
            state.emit("jr.ev.discarded", item=f"@jr.item.{state.weapons[i - 1].kind}")
        drop_weapon(state, i - 1)
    elif what == "a":
        if state.log:
            state.emit("jr.ev.discarded", item=f"@jr.item.{state.armours[i - 1].kind}")
        drop_armour(state, i - 1)
    elif what == "r":
        ring = state.rings[i - 1]
        if state.log:
            state.emit("jr.ev.discarded", item=f"@jr.ring.{ring.kind}" if ring.kind else "@jr.item.ring")
        del state.rings[i - 1]
    else:
        t = TILE_INDEX[what]
        if t >= 18:
            state.potions[t - 18] -= 1
        else:
            state.scrolls[t] -= 1
        if state.log:
            state.emit("jr.ev.discarded_app", app=GLYPHS[t])
