"""Combat (rules reference §7.11; trigger rows 12-19).

Combat begins (row 12) when the PL chooses to fight, a flee is cancelled, a threat starts while
the PC is Asleep, or the PC attacks a sleeping monster (§7.11.1). It runs the ranged phase first
(up to 2 shots, §7.11.3), then melee turns (§7.11.4): the PC attacks or uses an item, each engaged
monster attacks (``monsters.attack``), and at the end of the turn (row 17) the PL keeps fighting or
flees (§7.11.7). A kill (row 18) gives XP (row 19) and may leave a drop (§7.11.9).
"""

from __future__ import annotations

from typing import Final

from solotable.core.engine import Phase, step

from ..data import Monster
from ..notation import SIDES
from ..state import (
    ADDED,
    ASLEEP,
    BLIND,
    CONFUSED,
    DOOR,
    FROZEN,
    GAME_ID,
    HELD,
    K_ITEM,
    K_MON,
    M_ASLEEP,
    M_CANCEL,
    M_DEEP,
    M_DISGUISED,
    M_HASTE,
    M_INVIS,
    M_SCARED,
    M_SLOW,
    PASSAGE,
    PASSAGE_REF,
    ROOM,
    JongRogueState,
    R,
    Slot,
    level_of_xp,
    neighbour,
    ref,
)
from . import monsters, moves, turns
from .pile import GLYPHS, discard_tile, draw_until, is_s, roll, satiation

# the PC's 2d9 ranged hit check (§7.11.3)
RANGED_HIT: Final = Phase[JongRogueState]("ranged_hit", chance=True, game=GAME_ID)
AMMO: Final = Phase[JongRogueState]("ammo_check", chance=True, game=GAME_ID)  # is the missile row used up (§7.11.3)
# the PC's 2d9 melee hit check (§7.11.4)
MELEE_HIT: Final = Phase[JongRogueState]("melee_hit", chance=True, game=GAME_ID)
# 2d9 x F on the kill (§7.14.3)
LEPRECHAUN_GOLD: Final = Phase[JongRogueState]("leprechaun_gold", chance=True, game=GAME_ID)
# does the monster drop an item (§7.11.9)
DROP_CHECK: Final = Phase[JongRogueState]("drop_check", chance=True, game=GAME_ID)
DROPPED_ITEM: Final = Phase[JongRogueState]("dropped_item", chance=True, game=GAME_ID)  # draw until an s tile (§7.11.9)

C: Final = R.combat
PC_MELEE_BASE: Final = C.pc_melee_base.value
PC_RANGED_BASE: Final = C.pc_ranged_base.value
HIT_LEVEL_DIV: Final = C.hit_level_div.value
TARGET_MIN: Final = C.pc_target_min.value
FUMBLE_MAX: Final = C.fumble_max.value
MARGIN_DIV: Final = C.margin_div.value
MIN_DAMAGE: Final = C.min_damage.value
INVISIBLE_PENALTY: Final = C.invisible_penalty.value
SHOTS, SHOTS_HASTED = C.ranged_shots.value
AMMO_OUT: Final = C.ammo_out.value
WEAPON_DMG: Final[dict[str, int]] = C.weapon_damage.value
MISSILE_DMG: Final[dict[str, int]] = C.missile_damage.value
PARTING_ATTACKS: Final = C.parting_attacks.value
HASTED_ATTACKS: Final = R.monster.hasted_attacks.value
SLOWED_ATTACKS: Final = R.monster.slowed_attacks.value
FREEZE_DURATION: Final = R.ability.freeze_duration.value
LEPRECHAUN: Final = R.ability.leprechaun_gold.value
LEVEL_DRAIN: Final = R.ability.level_drain.value
HP_GAIN: Final = R.level.hp_gain.value
LEVEL_XP: Final = R.level.xp_table.value
LEVEL_MAX: Final = R.level.max.value
XP_MAX: Final = R.xp.max.value
GOLD_MAX: Final = R.gold.max.value
MISSILES: Final = ("arrows", "darts", "shuriken")


def target_ref(state: JongRogueState, k: int) -> int:
    """The monster of slot ``k`` (1-based; 0 the passage monster) named by an action."""
    return PASSAGE_REF if state.pos == PASSAGE else ref(state.room, k - 1)


# -- beginning combat (rows 12, 16) -------------------------------------------------------------


def fight(state: JongRogueState) -> None:
    """The decision ``fight`` (§7.6)."""
    begin_combat(state)


def attack_sleeper(state: JongRogueState, k: str | int) -> None:
    """The decision ``attack:N``: attack a sleeping monster (§7.11.1), engaged from the start (at a
    door, the first to melee the PC); or attack a displayed item: a single melee attack out of
    combat, rows 13-15 without row 12 (§7.14.8: a xeroc may hide there)."""
    r = target_ref(state, int(k))
    s = state.slot_at(r)
    if s.kind == K_ITEM or s.flags & M_DISGUISED:
        pc_melee(state, r)
        return
    s.flags &= ~(M_ASLEEP | M_DEEP | M_DISGUISED)
    if state.pos == DOOR:
        state.lead = r
    begin_combat(state)


def begin_combat(state: JongRogueState) -> None:
    """Row 12: after, the ranged phase (up to 2 shots, D24: :func:`can_shoot`); after resolution,
    melee."""
    state.mode = turns.RANGED
    state.turn = 0
    state.shots = SHOTS
    state.emit("jr.ev.combat")
    if not can_shoot(state):
        start_melee(state)


def can_shoot(state: JongRogueState) -> bool:
    """§7.11.3: a missile row to shoot (arrows with the bow), not Blind (row 16) nor Asleep, a
    shot left and a visible target. Row 16 before, "check monster Hasted", runs before every
    ranged attack (D24, project ruling JR-P11): up to 2 shots, but only 1 while an awake monster
    of the room is Hasted, so a Hasted monster woken by the first shot leaves no second one, and
    slowing the only Hasted one in the first round leaves the second."""
    shots = state.shots  # (shots left of the 2)
    if state.status & (BLIND | ASLEEP) or shots <= 0:
        return False
    if SHOTS - shots >= SHOTS_HASTED and any(s.flags & M_HASTE for s in state.threats()):
        return False
    m = state.missiles
    if not (m[0] and state.bow) and not m[1] and not m[2]:
        return False
    return bool(targets(state, ranged=True))


def targets(state: JongRogueState, ranged: bool) -> list[tuple[int, Slot]]:
    """The monsters the PC may attack, with their slot numbers (0: the passage monster): ranged,
    any visible one of the room (not Invisible, not a disguised mimic); in melee, an engaged one."""
    if state.pos == PASSAGE:
        return [(0, state.pmon)] if state.pmon is not None else []
    out = []
    room = state.room
    eng = [] if ranged else state.engaged()
    for k, s in enumerate(state.room_slots(room)):
        if s.kind != K_MON or not state.revealed_monster(room, s):
            continue
        if ranged:
            if s.flags & (M_INVIS | M_DISGUISED):
                continue
            out.append((k + 1, s))
        elif any(e is s for e in eng):
            out.append((k + 1, s))
    return out


def start_melee(state: JongRogueState) -> None:
    """Row 12 after resolution: the melee phase, turn 1 (ranged rounds are not counted, D64); an
    Asleep PC skips its action (D57)."""
    state.mode = turns.MELEE
    state.turn = 1
    if state.status & ASLEEP:
        monsters_turn(state)


def skip(state: JongRogueState) -> None:
    """The decision ``skip``: the rest of the ranged phase is skipped (§7.11.2)."""
    start_melee(state)


# -- the ranged phase (rows 13, 14, 16) -----------------------------------------------------------


def shoot(state: JongRogueState, k: str | int, missile: str | int) -> None:
    """The decision ``shoot:1,arrows``: a ranged attack (§7.11.3)."""
    roll(state, 2, RANGED_HIT, _shot, target_ref(state, int(k)), str(missile))


def _shot(state: JongRogueState, total: int, r: int, missile: str) -> None:
    s = state.slot_at(r)
    target = max(TARGET_MIN, PC_RANGED_BASE - state.level // HIT_LEVEL_DIV)
    hit = total > FUMBLE_MAX and total >= target
    if state.log:
        state.emit("jr.ev.shoot", monster=f"@jr.mon.{s.mon.id}", total=total, target=target,
                   result="@jr.word." + ("hit" if hit else "miss"))  # fmt: skip
    wake_attacked(s)
    # row 16 after resolution: the ammo check (after a killing shot too), then fire breath
    if hit:
        dmg = max(MIN_DAMAGE, MISSILE_DMG[missile] + (total - target) // MARGIN_DIV)
        state.then((damage_monster, (r, dmg)), (_ammo_check, (missile,)), (_after_shot, ()))
    else:
        state.then((_ammo_check, (missile,)), (_after_shot, ()))


def _ammo_check(state: JongRogueState, missile: str) -> None:
    roll(state, 1, AMMO, _ammo_rolled, missile)


def _ammo_rolled(state: JongRogueState, v: int, missile: str) -> None:
    if v == AMMO_OUT:  # 1d9 = 1: the missile row is used up (D25)
        state.missiles[MISSILES.index(missile)] = False
        if state.log:
            state.emit("jr.ev.ammo_out", item=f"@jr.item.{missile}")


def _after_shot(state: JongRogueState) -> None:
    """Each awake, uncancelled dragon breathes fire (§7.14.11); then the next ranged round."""
    if state.mode is not turns.RANGED:
        return
    if state.pos != PASSAGE:
        room = state.room
        near = [(ref(room, k), s) for k, s in enumerate(state.room_slots(room)) if s.kind == K_MON]
    else:
        near = [(PASSAGE_REF, state.pmon)] if state.pmon is not None else []
    breathers = [r for r, d in near if "breath" in d.mon.abilities and not d.flags & (M_ASLEEP | M_DEEP | M_CANCEL)]
    state.then(*(step(monsters.attack, r, True) for r in breathers), step(ranged_round_done))


def ranged_round_done(state: JongRogueState) -> None:
    # a ranged round is not a combat turn: no row 17, the melee turn counter stays (D64)
    state.shots -= 1
    if not state.threats() and not targets(state, ranged=True):
        end_combat(state)
        return
    if not can_shoot(state):
        start_melee(state)


def wake_attacked(s: Slot) -> None:
    """Row 13 after: the target wakes; a Gold-lover becomes Cancelled (row 31: not Hasted nor
    Invisible); a Scared monster attacked stops being Scared (§7.21)."""
    s.flags &= ~(M_ASLEEP | M_DEEP | M_DISGUISED | M_SCARED)
    if "gold_lover" in s.mon.abilities and not s.flags & M_CANCEL:
        s.flags = (s.flags | M_CANCEL) & ~(M_HASTE | M_INVIS)


# -- the melee phase (rows 13-15, 17) ------------------------------------------------------------


def hit(state: JongRogueState, k: str | int) -> None:
    """The decision ``hit:N``: a melee attack (§7.11.4), then the monsters' turn."""
    state.then((pc_melee, (target_ref(state, int(k)),)), (_after_hit, ()))


def _after_hit(state: JongRogueState) -> None:
    if state.mode is turns.MELEE:
        monsters_turn(state)


def pc_melee(state: JongRogueState, r: int) -> None:
    """A step: the PC's melee attack on ``r`` (rows 13-15). Hit on 2d9 >= 10 - ⌊L/3⌋ - weapon
    enchantment (+2 against an Invisible target), from 4 to 18 (D17); 2d9 <= 3 is a fumble (D18)."""
    s = state.slot_at(r)
    if s.kind == K_ITEM:  # an attack on a real item: the hit check, and nothing happens
        roll(state, 2, MELEE_HIT, _hit_nothing)
        return
    w = state.weapon()
    ench = w.enchant if w else 0
    target = PC_MELEE_BASE - state.level // HIT_LEVEL_DIV - ench
    if s.flags & M_INVIS:
        target += INVISIBLE_PENALTY
    target = min(18, max(TARGET_MIN, target))
    roll(state, 2, MELEE_HIT, _melee_rolled, r, target)


def _hit_nothing(state: JongRogueState, total: int) -> None:
    state.emit("jr.ev.nothing")


def _melee_rolled(state: JongRogueState, total: int, r: int, target: int) -> None:
    s = state.slot_at(r)
    mon = s.mon
    if total <= FUMBLE_MAX:  # a fumble: 2d9 <= 3, an automatic miss (§7.11.6, D18)
        if state.log:
            state.emit("jr.ev.fumble", monster=f"@jr.mon.{mon.id}")
        wake_attacked(s)
        if "level_drain" in mon.abilities and not s.flags & M_CANCEL:  # row 15, §7.14.7, D49
            level_down(state)
        return
    hit_ = total >= target
    if state.log:
        state.emit("jr.ev.melee", monster=f"@jr.mon.{mon.id}", total=total, target=target,
                   result="@jr.word." + ("hit" if hit_ else "miss"))  # fmt: skip
    disguised = s.flags & M_DISGUISED
    wake_attacked(s)
    if hit_ and not disguised:  # row 14: check Mimicry
        w = state.weapon()
        base = WEAPON_DMG[w.kind] if w else WEAPON_DMG["bare"]
        ench = w.enchant if w else 0
        # D17: weapon + enchantment + strength + ⌊margin/3⌋, no damage draw; strength adds to the
        # damage only, never to the hit target (D16)
        dmg = max(MIN_DAMAGE, base + ench + state.eff_strength() + (total - target) // MARGIN_DIV)
        damage_monster(state, r, dmg)


def wait(state: JongRogueState) -> None:
    """The decision ``wait`` (a Frozen PC, §7.11.2): the monsters' turn."""
    monsters_turn(state)


def damage_monster(state: JongRogueState, r: int, dmg: int) -> None:
    s = state.slot_at(r)
    s.hp -= dmg
    if state.log:
        state.emit("jr.ev.mon_damage", monster=f"@jr.mon.{s.mon.id}", n=dmg, hp=max(0, s.hp))
    if s.hp <= 0:
        kill(state, r)


def kill(state: JongRogueState, r: int) -> None:
    """Row 18: after, clear Confused and Held, the leprechaun's gold (§7.14.3); after resolution
    XP (row 19) and the drop (§7.11.9). The tile goes to the discard pile."""
    s = state.slot_at(r)
    mon = s.mon
    room = monsters.remove_monster(state, r)
    discard_tile(state, s.tile)
    if state.log:
        state.emit("jr.ev.kill", monster=f"@jr.mon.{mon.id}", xp=mon.xp)
    state.status &= ~(CONFUSED | HELD)
    if "steal_gold" in mon.abilities:
        state.then((_leprechaun_gold, ()), (_xp_and_drop, (mon, room)))
    else:
        _xp_and_drop(state, mon, room)


def _leprechaun_gold(state: JongRogueState) -> None:
    roll(state, LEPRECHAUN, LEPRECHAUN_GOLD, _leprechaun_paid)


def _leprechaun_paid(state: JongRogueState, v: int) -> None:
    amount = v * state.floor
    state.gold = min(GOLD_MAX, state.gold + amount)
    if state.log:
        state.emit("jr.ev.gold", n=amount, gold=state.gold)


def _xp_and_drop(state: JongRogueState, mon: Monster, room: int) -> None:
    gain_xp(state, mon.xp)
    # §7.11.9 (JR-P9): 1d9 is drawn for every kill, a drop value of 0 included (it cannot succeed,
    # but the tile drawn is a tile of the food clock, as at the table)
    roll(state, 1, DROP_CHECK, _drop_check, mon, room)


def _drop_check(state: JongRogueState, v: int, mon: Monster, room: int) -> None:
    if v <= mon.drop:
        draw_until(state, is_s, DROPPED_ITEM, _dropped, room)
    else:
        _after_kill(state)


def _dropped(state: JongRogueState, t: int, room: int) -> None:
    """The drop lies face up in the monster's room; a passage kill's in the room last left."""
    if t >= 0:
        dest = room if room >= 0 else state.pfrom
        state.room_slots(dest).append(Slot(t, K_ITEM, ADDED))
        if state.log:
            state.emit("jr.ev.drop", app=GLYPHS[t])
    _after_kill(state)


def _after_kill(state: JongRogueState) -> None:
    if not state.threats():
        end_combat(state)


def gain_xp(state: JongRogueState, xp: int) -> None:
    """Row 19: add XP (cap 99,999), then the level check (§7.9)."""
    state.xp = min(XP_MAX, state.xp + xp)
    while state.level < LEVEL_MAX and state.xp >= LEVEL_XP[state.level]:
        level_up(state)


def level_up(state: JongRogueState) -> None:
    # max HP and HP +2 a level: max HP stays 2L + 2 (§7.9, D14)
    state.level += 1
    state.maxhp += HP_GAIN
    state.hp += HP_GAIN
    if state.log:
        state.emit("jr.ev.level_up", level=state.level)


def level_down(state: JongRogueState) -> None:
    """§7.9, D49: a level lost; XP to the new level's threshold; max HP and HP -2 (HP at least 1)."""
    if state.level <= 1:
        return
    state.level -= LEVEL_DRAIN
    state.xp = LEVEL_XP[state.level - 1]
    state.maxhp -= HP_GAIN
    state.hp = max(1, state.hp - HP_GAIN)
    if state.log:
        state.emit("jr.ev.level_down", level=state.level)


def end_combat(state: JongRogueState) -> None:
    state.mode = turns.PLAY
    state.lead = -1
    state.turn = 0
    state.status &= ~FROZEN
    state.emit("jr.ev.combat_end")


def monsters_turn(state: JongRogueState) -> None:
    """§7.11.4 step 2: each engaged monster attacks in slot order (Hasted twice, Slowed only on
    even turns); then row 17."""
    _monster_turn(state, tuple(state.ref_of(s) for s in state.engaged()), 0)


def _monster_turn(state: JongRogueState, refs: tuple[int, ...], i: int) -> None:
    while i < len(refs):
        s = state.monster_at(refs[i])
        if s is not None:
            attacks = 1
            if s.flags & M_HASTE:
                attacks = HASTED_ATTACKS
            if s.flags & M_SLOW and state.turn % SLOWED_ATTACKS:
                attacks = 0
            if attacks:
                r = refs[i]
                state.then(*(step(monsters.attack, r) for _ in range(attacks)), step(_monster_turn, refs, i + 1))
                return
        i += 1
    # row 17 after: clear Asleep; Gaze; See Invisible
    state.status &= ~ASLEEP
    if state.status & FROZEN and state.turn >= state.frozen_at + FREEZE_DURATION:
        state.status &= ~FROZEN  # §7.14.1, D43: it ends at the end of the turn after it began
    state.then((moves.gaze, ()), (moves.see_invisible, ()), (_turn_over, ()))


def _turn_over(state: JongRogueState) -> None:
    """Row 17 after resolution: keep fighting or flee (§7.11.7)."""
    if not state.threats():
        end_combat(state)
        return
    state.mode = turns.TURN_END


def keep(state: JongRogueState) -> None:
    """The decision ``keep``: the next melee turn."""
    state.mode = turns.MELEE
    state.turn += 1
    if state.status & ASLEEP:
        monsters_turn(state)


# -- fleeing (§7.6, §7.11.7) -------------------------------------------------------------------


def flee(state: JongRogueState, where: str | int = "") -> None:
    """The decision ``flee`` (``flee:E`` from a room, ``flee`` from a door, ``flee:back`` /
    ``flee:on`` from a passage). Held cancels it, and it turns into fighting (D58)."""
    in_melee = state.mode in (turns.TURN_END, turns.MELEE)
    if state.pos == ROOM:
        if state.status & HELD:
            state.emit("jr.ev.held")
            flee_failed(state, in_melee)
            return
        was_turn_end = state.mode is turns.TURN_END
        state.then((moves.to_door, (SIDES.index(str(where)),)), (_fled_to_door, (was_turn_end,)))
        return
    if state.pos == DOOR:
        state.then((satiation, ()), (_flee_door, (in_melee,)))
        return
    state.then((satiation, ()), (_flee_passage, (in_melee, str(where))))


def _fled_to_door(state: JongRogueState, was_turn_end: bool) -> None:
    """From a room the monsters follow: melee goes on at the door, one at a time (§7.11.7)."""
    if state.pos == DOOR and was_turn_end:
        state.mode = turns.MELEE
        state.turn += 1
    elif state.pos == DOOR:
        state.mode = turns.PLAY


def _flee_door(state: JongRogueState, in_melee: bool) -> None:
    """Row 8 from a door: Held; parting attacks (§7.11.7); Pincer; into the passage."""
    if state.status & HELD:
        state.emit("jr.ev.held")
        flee_failed(state, in_melee)
        return
    state.then(*(_parting(state) if in_melee else ()), (_flee_door_on, ()))


def _flee_door_on(state: JongRogueState) -> None:
    state.then((moves.pincer, (state.room, neighbour(state.room, state.side))), (_into_passage, ()))


def _into_passage(state: JongRogueState) -> None:
    state.mode = turns.PLAY
    state.then((moves.in_passage, ()), (moves.teleport_ring, ()))


def _flee_passage(state: JongRogueState, in_melee: bool, where: str) -> None:
    if state.status & HELD:
        state.emit("jr.ev.held")
        flee_failed(state, in_melee)
        return
    state.then(*(_parting(state) if in_melee else ()), (_flee_passage_on, (where,)))


def _flee_passage_on(state: JongRogueState, where: str) -> None:
    state.mode = turns.PLAY
    moves.leave_passage(state, where)


def flee_failed(state: JongRogueState, in_melee: bool) -> None:
    """D58: a cancelled flee turns into fighting."""
    if in_melee:
        state.mode = turns.MELEE
        state.turn += 1
    else:
        begin_combat(state)


def _parting(state: JongRogueState) -> list[tuple[object, tuple[int]]]:
    """The parting attacks (§7.11.7, D26: only when leaving melee; a flee before melee is free):
    one from each engaged monster but Slowed and stationary ones (asleep and Scared ones make
    none: ``monsters.attack`` checks)."""
    out: list[tuple[object, tuple[int]]] = []
    for s in state.engaged():
        if s.flags & M_SLOW or "stationary" in s.mon.abilities:
            continue
        r = state.ref_of(s)
        out.extend((monsters.attack, (r,)) for _ in range(PARTING_ATTACKS))
    return out


__all__ = ["attack_sleeper", "begin_combat", "end_combat", "fight", "flee", "gain_xp", "hit", "keep",
           "level_of_xp", "monsters_turn", "shoot", "skip", "targets", "wait"]
