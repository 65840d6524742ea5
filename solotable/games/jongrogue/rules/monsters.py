"""A monster's attack and its special abilities (rules reference §7.11.5, §7.14; trigger rows 20,
21, 28, 30, 32).

:func:`attack` is one attack on the PC: row 28's Before checks (asleep, Scared, Confused, flits),
the 2d9 hit check against the monster's attack value and the PC's defence, and on a hit row 20:
its abilities in the seed's order (freeze, poison, gold theft, armour weakening, item theft, hold,
strength drain), none for a Cancelled monster (row 30), then the damage (row 21). A monster is
named by its reference (``state.ref``), since the attack may wait for draws.
"""

from __future__ import annotations

from typing import Final

from solotable.core.engine import Checked, Phase, step

from ..data import Monster
from ..state import (
    ASLEEP,
    FROZEN,
    GAME_ID,
    HELD,
    K_GONE,
    LEVIT,
    M_CANCEL,
    M_CONF,
    M_SCARED,
    M_SLEEPING,
    PASSAGE_REF,
    JongRogueState,
    R,
)
from . import combat, encounters, ending, turns
from .pile import discard_tile, pick, roll

# a Confused monster (§7.15)
MONSTER_CONFUSION: Final = Phase[JongRogueState]("monster_confusion", chance=True, game=GAME_ID)
# does a flitting monster lose its attack (§7.14.14)
FLITS: Final = Phase[JongRogueState]("flits", chance=True, game=GAME_ID)
# the monster's 2d9 hit check (§7.11.5)
MONSTER_HIT: Final = Phase[JongRogueState]("monster_hit", chance=True, game=GAME_ID)
BREATH: Final = Phase[JongRogueState]("breath_damage", chance=True, game=GAME_ID)  # fire breath, 1d9 damage (§7.14.11)
FREEZE: Final = Phase[JongRogueState]("freeze_check", chance=True, game=GAME_ID)  # 2d9 >= 8 + defence (§7.14.1)
POISON: Final = Phase[JongRogueState]("poison_check", chance=True, game=GAME_ID)  # strength loss on 1d9 >= 5 (§7.14.2)
GOLD_THEFT: Final = Phase[JongRogueState]("gold_theft_check", chance=True, game=GAME_ID)  # 1d9 >= 2 (§7.14.3)
GOLD_STOLEN: Final = Phase[JongRogueState]("gold_stolen", chance=True, game=GAME_ID)  # 2d9 x F gold (§7.14.3)
ITEM_THEFT: Final = Phase[JongRogueState]("item_theft_check", chance=True, game=GAME_ID)  # 1d9 >= 2 (§7.14.5)
ITEM_STOLEN: Final = Phase[JongRogueState]("item_stolen", chance=True, game=GAME_ID)  # which item (§2.5 step 7)
STRENGTH_DRAIN: Final = Phase[JongRogueState]("strength_drain_check", chance=True, game=GAME_ID)  # 1d9 >= 6 (§7.14.6)

# D51: the abilities' odds of §7.1 (poison 1d9 >= 5, theft 1d9 >= 2, drain 1d9 >= 6, gaze
# 1d9 >= 6 in moves.gaze, breath 1d9 damage)
CONFUSED_SKIP: Final = R.monster.confused_skip.value
FLIT_SKIP: Final = R.monster.flit_skip.value
TARGET_MAX: Final = R.combat.monster_target_max.value
VS_HELPLESS: Final = R.combat.vs_helpless.value
FREEZE_TARGET: Final = R.ability.freeze_target.value
POISON_STR: Final = R.ability.poison_str_loss.value
STEAL_GOLD: Final = R.ability.steal_gold.value
STEAL_GOLD_AMOUNT: Final = R.ability.steal_gold_amount.value
STEAL_ITEM: Final = R.ability.steal_item.value
STR_DRAIN: Final = R.ability.str_drain.value
BREATH_DAMAGE: Final = R.ability.breath_damage.value
FLYTRAP_A, FLYTRAP_B = R.ability.flytrap_damage.value


def attack(state: JongRogueState, r: int, breath: bool = False) -> None:
    """A step: the monster ``r`` attacks the PC (§7.11.5); ``breath``: fire breath (§7.14.11).
    Row 28 before: an asleep monster does not attack, nor a Scared one (fire breath is an attack,
    §7.14.11, and a Scared monster "does not attack", §7.15: a Scared dragon does not breathe), a
    Confused one loses it on 1d9 <= 5, a flitting one on 1d9 <= 3."""
    s = state.monster_at(r)
    if s is None:
        return
    fl = s.flags
    if fl & M_SLEEPING:
        return
    if fl & M_SCARED:
        return
    if fl & M_CONF:
        roll(state, 1, MONSTER_CONFUSION, _confusion_checked, r, breath, fl)
        return
    _flit_check(state, r, breath, fl)


def _confusion_checked(state: JongRogueState, v: int, r: int, breath: bool, fl: int) -> None:
    if v > CONFUSED_SKIP:
        _flit_check(state, r, breath, fl)
    else:
        if state.log:
            state.emit("jr.ev.mon_confused", monster=f"@jr.mon.{state.slot_at(r).mon.id}")


def _flit_check(state: JongRogueState, r: int, breath: bool, fl: int) -> None:
    s = state.slot_at(r)
    if "flits" in s.mon.abilities:
        roll(state, 1, FLITS, _flit_checked, r, breath, fl)
        return
    _hit_check(state, r, breath, fl)


def _flit_checked(state: JongRogueState, v: int, r: int, breath: bool, fl: int) -> None:
    if v > FLIT_SKIP:
        _hit_check(state, r, breath, fl)
    else:
        if state.log:
            state.emit("jr.ev.mon_flits", monster=f"@jr.mon.{state.slot_at(r).mon.id}")


def _hit_check(state: JongRogueState, r: int, breath: bool, fl: int) -> None:
    """Hit on 2d9 >= min(18, attack value + defence - 3 if the PC is Asleep or Frozen) (D19)."""
    mon = state.slot_at(r).mon
    helpless = VS_HELPLESS if state.status & (ASLEEP | FROZEN) else 0
    need = min(TARGET_MAX, mon.attack + state.defence() - helpless)
    roll(state, 2, MONSTER_HIT, _hit_rolled, r, breath, fl, need)


def _hit_rolled(state: JongRogueState, total: int, r: int, breath: bool, fl: int, need: int) -> None:
    s = state.slot_at(r)
    mon = s.mon
    if total < need:
        if state.log:
            state.emit("jr.ev.mon_miss", monster=f"@jr.mon.{mon.id}", total=total, target=need)
        return
    if state.log:
        state.emit("jr.ev.mon_hit", monster=f"@jr.mon.{mon.id}", total=total, target=need)
    if breath:
        roll(state, BREATH_DAMAGE, BREATH, _burnt, mon.id)
        return
    dmg = mon.dmg
    if dmg < 0:  # the flytrap's counter (§7.14.10)
        dmg = FLYTRAP_A + s.counter * FLYTRAP_B
        s.counter += 1
    # row 20 after: the abilities in the seed's order; a Cancelled monster uses none (row 30)
    steps: list[Checked] = []
    if not fl & M_CANCEL:
        ab = mon.abilities
        if "freeze" in ab:
            steps.append(step(_freeze))
        if "poison" in ab:
            steps.append(step(_poison))
        if "steal_gold" in ab:
            steps.append(step(_steal_gold, r, mon))
        if "rust" in ab:
            steps.append(step(encounters.rust))
        if "steal_item" in ab:
            steps.append(step(_steal_item, r, mon))
        if "hold" in ab:
            steps.append(step(_hold))
        if "str_drain" in ab:
            steps.append(step(_str_drain))
    steps.append(step(_damage, dmg, mon.id))
    state.then(*steps)


def _burnt(state: JongRogueState, v: int, killer: str) -> None:
    ending.hp_down(state, v, "monster", killer)


def _damage(state: JongRogueState, dmg: int, killer: str) -> None:
    """Row 20 after resolution: HP decreases by the monster's damage (row 21)."""
    ending.hp_down(state, dmg, "monster", killer)


def _freeze(state: JongRogueState) -> None:
    roll(state, 2, FREEZE, _freeze_rolled)


def _freeze_rolled(state: JongRogueState, total: int) -> None:
    """§7.14.1, D50: Frozen on 2d9 >= 8 + defence; frozen again while Frozen: death by freezing."""
    if total >= FREEZE_TARGET + state.defence():
        if state.status & FROZEN:
            ending.die(state, "freezing")
            return
        state.status |= FROZEN
        state.frozen_at = state.turn
        state.emit("jr.ev.frozen")


def _poison(state: JongRogueState) -> None:
    roll(state, 1, POISON, _poisoned)


def _poisoned(state: JongRogueState, v: int) -> None:
    if v >= POISON_STR:
        encounters.str_down(state)


def _steal_gold(state: JongRogueState, r: int, mon: Monster) -> None:
    """§7.14.3: if the PC has gold, on 1d9 >= 2 it loses 2d9 x F and the leprechaun vanishes."""
    if state.gold > 0:
        roll(state, 1, GOLD_THEFT, _gold_theft, r, mon)


def _gold_theft(state: JongRogueState, v: int, r: int, mon: Monster) -> None:
    if v >= STEAL_GOLD:
        roll(state, STEAL_GOLD_AMOUNT, GOLD_STOLEN, _gold_gone, r, mon)


def _gold_gone(state: JongRogueState, v: int, r: int, mon: Monster) -> None:
    amount = v * state.floor
    state.gold = max(0, state.gold - amount)
    if state.log:
        state.emit("jr.ev.gold_stolen", n=amount, gold=state.gold)
    vanish(state, r, mon)


def _steal_item(state: JongRogueState, r: int, mon: Monster) -> None:
    """§7.14.5: on 1d9 >= 2 the nymph steals an item (the Ring of Adornment first, or nothing if
    there is nothing to steal) and vanishes, either way; on a 1 nothing happens and it stays
    (ruling JR-P10, as the leprechaun of §7.14.3)."""
    roll(state, 1, ITEM_THEFT, _item_theft, r, mon)


def _item_theft(state: JongRogueState, v: int, r: int, mon: Monster) -> None:
    if v >= STEAL_ITEM:
        state.then((steal_item, ()), (vanish, (r, mon)))


def _hold(state: JongRogueState) -> None:
    """§7.14.10: the flytrap holds a PC that does not levitate."""
    if not state.status & LEVIT:
        state.status |= HELD


def _str_drain(state: JongRogueState) -> None:
    roll(state, 1, STRENGTH_DRAIN, _drained)


def _drained(state: JongRogueState, v: int) -> None:
    if v >= STR_DRAIN:
        encounters.str_down(state)


def remove_monster(state: JongRogueState, r: int) -> int:
    """Take a monster off the map; the room it was in (-1: the passage)."""
    if r == PASSAGE_REF:
        state.pmon = None
        return -1
    room, k = divmod(r, 64)
    state.room_slots(room)[k].kind = K_GONE
    return room


def vanish(state: JongRogueState, r: int, mon: Monster) -> None:
    """The monster leaves with what it stole: its tile is discarded, no XP (§7.14.3, §7.14.5)."""
    s = state.monster_at(r)
    if s is None:
        return
    remove_monster(state, r)
    discard_tile(state, s.tile)
    if state.log:
        state.emit("jr.ev.vanish", monster=f"@jr.mon.{mon.id}")
    if not state.threats() and state.mode in (turns.RANGED, turns.MELEE, turns.TURN_END):
        combat.end_combat(state)


def steal_item(state: JongRogueState) -> None:
    """Row 32 and §7.14.5: the Ring of Adornment first, else one unequipped item chosen at random
    (§2.5 step 7), the Amulet among them (D47)."""
    for i, ring in enumerate(state.rings):
        if ring.kind == "adornment":
            del state.rings[i]
            if state.log:
                state.emit("jr.ev.stolen", item="@jr.ring.adornment")
            return
    cands: list[tuple[str, int]] = []
    cands.extend(("w", i) for i in range(len(state.weapons)) if i != state.weapon_eq)
    if state.bow:
        cands.append(("bow", 0))
    cands.extend(("m", i) for i in range(3) if state.missiles[i])
    cands.extend(("a", i) for i in range(len(state.armours)) if i != state.armour_eq)
    cands.extend(("r", i) for i in range(len(state.rings)) if not state.rings[i].hand)
    for i in range(9):
        cands.extend(("pot", i) for _ in range(state.potions[i]))
    for i in range(18):
        cands.extend(("scr", i) for _ in range(state.scrolls[i]))
    if state.amulet:
        cands.append(("amulet", 0))
    if cands:
        pick(state, len(cands), ITEM_STOLEN, _stolen, tuple(cands))


def _stolen(state: JongRogueState, index: int, cands: tuple[tuple[str, int], ...]) -> None:
    from .items import drop_armour, drop_weapon

    what, i = cands[index]
    if what == "w":
        drop_weapon(state, i)
    elif what == "bow":
        state.bow = False
    elif what == "m":
        state.missiles[i] = False
    elif what == "a":
        drop_armour(state, i)
    elif what == "r":
        del state.rings[i]
    elif what == "pot":
        state.potions[i] -= 1
    elif what == "scr":
        state.scrolls[i] -= 1
    else:
        state.amulet = False
    if state.log:
        state.emit("jr.ev.stolen", item=f"@jr.steal.{what}")
