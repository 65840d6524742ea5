"""§6 Combat, and the foes it is fought against: the Monster card (§5.1), the boss (§5.2) and the
Event monster (§5.6).

A fight is a loop of attack phases (§6.2) and defense phases (§6.4) until the foe or the
adventurer has no HP left; there is no fleeing (ruling R10). One attack phase:

- A1 roll one die per Rank (one chance event over the multisets of faces, project ruling P2);
- A2 each 1 misses;
- A3 criticals: an open 6 may be rerolled and added, again on a 6; a 1 loses the whole die; the
  player stops when they like, which closes every open die (ruling R17);
- A4 feats (§6.3): once per die, pay 2 HP or 1 XP (ruling R16) to reroll it; the new roll
  replaces the die (R18) and a 6 opens a chain for that die only (R17);
- A5 the dice deal their sum; a kill ends the fight at once (ruling R19);
- A6 one spell may be cast (§6.5);
- A7 Poison cast in earlier phases deals 5 (rulings R3, R20);
then the defense phase: the foe deals its damage less Armor, unless Ice froze it.
"""

from __future__ import annotations

from typing import Final

from solotable.core.chance import ChanceTable, dice_table, die_table
from solotable.core.engine import EventKind, Phase, Step
from solotable.core.protocol import Action

from .. import actions as A
from ..data import SPELLS, data
from ..state import FOE_BOSS, FOE_EVENT, FOE_MONSTER, GAME_ID, HIT, MISS, NO_FOE, OPEN, MiniRogueState
from .character import end, free_discard, gain_gold, gain_hp, gain_xp, held_discards, lose_hp, lose_xp, pay_hp
from .items import roll_item

D: Final = data()
EV_FIGHT: Final = EventKind("mr1.ev.fight", "foe", "hp", "damage")
EV_ROLL: Final = EventKind("mr1.ev.roll", "dice")
EV_FEAT: Final = EventKind("mr1.ev.feat", "die", "cost")
EV_DAMAGE: Final = EventKind("mr1.ev.damage", "damage", "hp")
EV_COUNTER: Final = EventKind("mr1.ev.counter", "damage", "armor")
EV_MONSTER_HP: Final = EventKind("mr1.ev.monster_hp", "area", "face", "hp")
EV_FEAT_ROLL: Final = EventKind("mr1.ev.feat_roll", "die", "face")
EV_CAST: Final = EventKind("mr1.ev.cast", "spell")
EV_DEFEATED: Final = EventKind("mr1.ev.defeated", "foe")
EV_CRIT_MISS: Final = EventKind("mr1.ev.crit_miss", "die")
EV_CRIT: Final = EventKind("mr1.ev.crit", "die", "face", "value")
EV_POISON_TICK: Final = EventKind("mr1.ev.poison_tick", "damage", "hp")
EV_FROZEN: Final = EventKind("mr1.ev.frozen")
EV_SPELL_DAMAGE: Final = EventKind("mr1.ev.spell_damage", "damage", "hp")
D6: Final = die_table("d6")

# -- the phases of a fight -------------------------------------------------------------------------


def _crit_legal(s: MiniRogueState) -> list[Action]:
    if s.feat_chain >= 0:  # ruling R17: a feat's 6 opens a chain for that die only
        out = [A.CRIT[s.feat_chain], A.STOP]
        if s.spells:
            out.extend(held_discards(s))
        return out
    dstat = s.dstat
    crits = _CRITS.get(dstat)
    if crits is None:
        crits = _CRITS[dstat] = [*(A.CRIT[i] for i, st in enumerate(dstat) if st == OPEN), A.STOP]
    if s.spells:
        return [*crits, *held_discards(s)]
    return crits  # (kept, never changed: ``legal_actions`` hands out a copy)


_CRITS: Final[dict[tuple[int, ...], list[Action]]] = {}
"""The criticals open with no feat's chain, by the dice's statuses (never changed once made)."""


def feat_actions(s: MiniRogueState) -> list[Action]:
    """The feats open now (§6.3): each unused die, for each cost that can be paid (ruling R16:
    paying 2 HP must not kill; paying 1 XP needs XP, or a Rank to lose)."""
    can_hp = s.hp >= 3
    can_xp = s.xp > 0 or s.rank > 1
    out: list[Action] = []
    for i, used in enumerate(s.dfeat):
        if not used:
            if can_hp:
                out.append(A.FEAT_HP[i])
            if can_xp:
                out.append(A.FEAT_XP[i])
    return out


def feats_open(s: MiniRogueState) -> bool:
    """Whether :func:`feat_actions` offers any (the same conditions), without building the list:
    an unused die, and a cost that can be paid (ruling R16)."""
    return False in s.dfeat and (s.hp >= 3 or s.xp > 0 or s.rank > 1)


_FEATS: Final[dict[tuple[tuple[bool, ...], bool, bool], list[Action]]] = {}
"""``done`` and :func:`feat_actions` by what they depend on: the dice's feats used, and whether 2 HP
and 1 XP can be paid (at most 2 × 2 × 30 lists, never changed once made)."""


def _feat_legal(s: MiniRogueState) -> list[Action]:
    key = (s.dfeat, s.hp >= 3, s.xp > 0 or s.rank > 1)
    out = _FEATS.get(key)
    if out is None:
        # the safe choice first: every feat costs 2 HP or 1 XP (issue 11, item 13)
        out = _FEATS[key] = [A.DONE, *feat_actions(s)]
    if s.spells:
        return [*out, *held_discards(s)]
    return out  # (kept, never changed: ``legal_actions`` hands out a copy)


def _spell_legal(s: MiniRogueState) -> list[Action]:
    held = tuple(s.spells)
    out = _SPELLS_LEGAL.get(held)
    if out is None:
        out = [A.CAST[sp] for sp in SPELLS if sp in held]
        out.append(A.NOSPELL)
        if held:
            out.extend(held_discards(s))
        _SPELLS_LEGAL[held] = out
    return out  # (kept, never changed: ``legal_actions`` hands out a copy)


_SPELLS_LEGAL: Final[dict[tuple[str, ...], list[Action]]] = {}
"""The spell step's choices by the hand of spells (a few dozen hands at most, R6; never changed)."""


MONSTER_HP: Final = Phase[MiniRogueState]("monster_hp", chance=True, game=GAME_ID)
"""The monster's HP roll: the area plus one die (§5.1, §5.6)."""
ATTACK_ROLL: Final = Phase[MiniRogueState]("attack_roll", chance=True, game=GAME_ID)
"""The attack roll: one die per Rank (§6.2 A1)."""
CRIT_ROLL: Final = Phase[MiniRogueState]("crit_roll", chance=True, game=GAME_ID)
"""A critical's reroll of an open 6 (§6.2 A3)."""
FEAT_ROLL: Final = Phase[MiniRogueState]("feat_roll", chance=True, game=GAME_ID)
"""A feat's reroll of one die (§6.3)."""
CRIT: Final = Phase("crit", _crit_legal, game=GAME_ID)
"""Reroll an open 6, or stop (§6.2 A3)."""
FEAT: Final = Phase("feat", _feat_legal, game=GAME_ID)
"""Reroll a die for 2 HP or 1 XP, or deal the damage (§6.3)."""
SPELL: Final = Phase("spell", _spell_legal, game=GAME_ID)
"""Cast one spell, or none (§6.2 A6, §6.5)."""


# -- the foes --------------------------------------------------------------------------------------


def monster_room(s: MiniRogueState) -> None:
    """§5.1: the Monster card; its damage is known, its HP is rolled."""
    # (_await_monster_hp(s, FOE_MONSTER), written out: the commonest room, one call fewer)
    if s.foe != NO_FOE:  # (no fight on the table is a cleared one: clear_combat sets no foe, nothing else does)
        s.clear_combat()
    s.foe = FOE_MONSTER
    s.foe_damage = _MONSTER_DAMAGE[s.area]
    # (s.draw(MONSTER_HP, D6, _monster_hp_rolled), written out: a room starts while the rules run)
    s.stack.append(_MONSTER_HP_ROLLED)
    s.table = D6
    s.phase = MONSTER_HP


def event_monster(s: MiniRogueState) -> None:
    """§5.6, Event 6: a monster with HP area + 1d6 and the level's damage, worth 2 XP."""
    _await_monster_hp(s, FOE_EVENT)


def boss_room(s: MiniRogueState) -> None:
    """§5.2: the boss of the level, its HP and damage printed on the Dungeon card."""
    lv = D.levels[s.level - 1]
    _start(s, FOE_BOSS, lv.boss_hp, lv.boss_damage)


def _await_monster_hp(s: MiniRogueState, foe: int) -> None:
    s.clear_combat()
    s.foe = foe
    s.foe_damage = D.levels[s.level - 1].monster_damage
    s.draw(MONSTER_HP, D6, _monster_hp_rolled)


def _monster_hp_rolled(s: MiniRogueState, outcome: Action) -> None:
    face = outcome.args[0]  # (an int: the outcomes of D6, the only ones apply accepts)
    assert isinstance(face, int)
    hp = s.area + face
    if s.log:
        s.recorded.append((EV_MONSTER_HP, s.area, face, hp))
    # (_start(s, s.foe, hp, s.foe_damage), written out: the fight was set up, nothing else, when
    # its HP roll was asked for; the attack roll is drawn while the rules run)
    s.foe_hp = hp
    s.foe_max_hp = hp
    if s.log:
        s.recorded.append((EV_FIGHT, foe_key(s), hp, s.foe_damage))
    s.stack.append(_ROLLED)
    s.table = ROLL_TABLES[s.rank]
    s.phase = ATTACK_ROLL


def foe_key(s: MiniRogueState) -> str:
    """The foe's name as a message id (``@mr1.monster.3``)."""
    if s.foe == FOE_BOSS:
        return f"@mr1.boss.{s.level}"
    if s.foe == FOE_EVENT:
        return "@mr1.event_monster"
    return f"@mr1.monster.{s.level}"


def _start(s: MiniRogueState, foe: int, hp: int, damage: int) -> None:
    s.clear_combat()
    s.foe = foe
    s.foe_hp = hp
    s.foe_max_hp = hp
    s.foe_damage = damage
    if s.log:
        s.recorded.append((EV_FIGHT, foe_key(s), hp, damage))
    s.draw(ATTACK_ROLL, ROLL_TABLES[s.rank], _rolled)  # (_attack, written out)


# -- the attack phase (§6.2) -----------------------------------------------------------------------


def _attack(s: MiniRogueState) -> None:
    """A1: roll one die per Rank (the Rank now: an XP feat may have lowered it, ruling R8)."""
    s.draw(ATTACK_ROLL, ROLL_TABLES[s.rank], _rolled)


ROLL_TABLES: Final[tuple[ChanceTable, ...]] = tuple(dice_table(max(n, 1), "roll") for n in range(D.cap_rank + 1))
"""The attack roll's table by Rank (``dice_table(rank, "roll")``, the same tables; index 0 is
never used)."""
_MONSTER_DAMAGE: Final = tuple(D.levels[lv - 1].monster_damage if lv else 0 for lv in D.level_of_area)
_MONSTER_XP: Final = tuple(D.levels[lv - 1].monster_xp if lv else 0 for lv in D.level_of_area)
"""The Monster card's damage and XP by area (its level's)."""


Roll = tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...], str]
"""An attack roll read: the dice's faces, their statuses, no feat used yet, and the faces as its
event writes them (``"256"``)."""
_ROLLS: Final[dict[tuple[str | int, ...], Roll]] = {}
"""The attack rolls read so far, by the outcome's arguments (the faces: the tables' 209 at most,
and any others a record builds); the faces' tuple hashes in C, an :class:`Action` in Python."""


def _read_roll(outcome: Action) -> Roll:
    found = _ROLLS.get(outcome.args)
    if found is None:
        faces = tuple(int(f) for f in outcome.args)
        statuses = tuple(MISS if f == 1 else OPEN if f == 6 else HIT for f in faces)  # A2: a 1 misses
        found = (faces, statuses, (False,) * len(faces), "".join(map(str, faces)))
        if len(_ROLLS) < 4096:
            _ROLLS[outcome.args] = found
    return found


def _rolled(s: MiniRogueState, outcome: Action) -> None:
    found = _ROLLS.get(outcome.args)
    faces, dstat, s.dfeat, text = _read_roll(outcome) if found is None else found
    s.dstat = dstat
    s.dice = faces  # project ruling P2: die n shows the n-th face in ascending order
    s.feat_chain = -1
    if s.log:
        s.recorded.append((EV_ROLL, text))  # the faces (256): put in words by event_text
    # (_settle and _feats with no chain open, written out: the commonest roll, two calls fewer;
    # s.ask written out: the rules run)
    if OPEN in dstat:
        s.stack.append(_CRIT_CHOSEN)
        s.phase = CRIT
    elif s.hp >= 3 or s.xp > 0 or s.rank > 1:  # feats_open(s): no die has used its feat yet
        s.stack.append(_FEAT_CHOSEN)
        s.phase = FEAT
    else:
        _damage(s)


def _settle(s: MiniRogueState) -> None:
    """After a roll: the critical stage while a die is open (A3), then the feats (A4)."""
    chain = s.feat_chain
    if chain >= 0:
        if s.dstat[chain] == OPEN:
            s.ask(CRIT, _crit_chosen)
            return
        s.feat_chain = -1
    elif OPEN in s.dstat:
        s.ask(CRIT, _crit_chosen)
        return
    _feats(s)


def _crit_chosen(s: MiniRogueState, action: Action) -> None:
    name = action.name
    if name == "crit":
        s.rerolling = i = int(action.args[0]) - 1
        s.draw(CRIT_ROLL, D6, _crit_rolled, i)
    elif name == "stop":  # every open die closes at its value (ruling R17)
        s.dstat = tuple(HIT if st == OPEN else st for st in s.dstat)
        s.feat_chain = -1
        _feats(s)
    else:
        free_discard(s, action)
        s.ask(CRIT, _crit_chosen)


def _crit_rolled(s: MiniRogueState, outcome: Action, i: int) -> None:
    face = outcome.args[0]  # (an int: the outcomes of D6, the only ones apply accepts)
    assert isinstance(face, int)
    # (_set_die, written out: a tuple with one place changed is one list and one tuple)
    dice = list(s.dice)
    dstat = list(s.dstat)
    if face == 1:  # a critical reroll of 1 loses the whole die (A3)
        dice[i] = 0
        dstat[i] = MISS
        s.dice = tuple(dice)
        s.dstat = tuple(dstat)
        if s.log:
            s.recorded.append((EV_CRIT_MISS, i + 1))
    else:
        value = dice[i] = dice[i] + face
        dstat[i] = OPEN if face == 6 else HIT
        s.dice = tuple(dice)
        s.dstat = tuple(dstat)
        if s.log:
            s.recorded.append((EV_CRIT, i + 1, face, value))
    _settle(s)


def _set_die(s: MiniRogueState, i: int, value: int, status: int) -> None:
    s.dice = (*s.dice[:i], value, *s.dice[i + 1 :])
    s.dstat = (*s.dstat[:i], status, *s.dstat[i + 1 :])


def _feats(s: MiniRogueState) -> None:
    if feats_open(s):
        s.ask(FEAT, _feat_chosen)
    else:
        _damage(s)


def _feat_chosen(s: MiniRogueState, action: Action) -> None:
    if action is _DONE:  # (the commonest choice, known without reading its name)
        _damage(s)
        return
    name = action.name
    if name == "done":
        _damage(s)
        return
    if name == "discard":
        free_discard(s, action)
        s.ask(FEAT, _feat_chosen)
        return
    i = int(action.args[0]) - 1
    s.dfeat = (*s.dfeat[:i], True, *s.dfeat[i + 1 :])
    cost = str(action.args[1])
    if s.log:
        s.recorded.append((EV_FEAT, i + 1, "@mr1.cost." + cost))
    if cost == "hp":
        pay_hp(s, 2)
    else:
        lose_xp(s)  # may lower the Rank; the dice already rolled stay (ruling R8)
    s.rerolling = i
    s.draw(FEAT_ROLL, D6, _feat_rolled, i)


def _feat_rolled(s: MiniRogueState, outcome: Action, i: int) -> None:
    face = int(outcome.args[0])
    # ruling R18: the new roll replaces the die
    _set_die(s, i, 0 if face == 1 else face, MISS if face == 1 else OPEN if face == 6 else HIT)
    if s.log:
        s.recorded.append((EV_FEAT_ROLL, i + 1, face))
    s.feat_chain = i  # ruling R17: a feat's 6 opens a chain for this die only
    _settle(s)


def _damage(s: MiniRogueState) -> None:
    """A5: the dice deal their values; a kill ends the fight at once (ruling R19)."""
    total = 0
    for value, st in zip(s.dice, s.dstat, strict=True):
        if st != MISS:
            total += value
    hp = s.foe_hp - total
    if hp < 0:
        hp = 0
    s.foe_hp = hp
    if s.log:
        s.recorded.append((EV_DAMAGE, total, hp))
    if hp == 0:
        _defeated(s)
    elif s.spells:
        s.ask(SPELL, _spell_chosen)
    else:
        _end_of_attack(s)


# -- spells (§6.5) ---------------------------------------------------------------------------------


def _spell_chosen(s: MiniRogueState, action: Action) -> None:
    name = action.name
    if name == "nospell":
        _end_of_attack(s)
        return
    if name == "discard":
        free_discard(s, action)
        s.ask(SPELL, _spell_chosen)
        return
    spell = str(action.args[0])
    s.spells.remove(spell)
    if s.log:
        s.recorded.append((EV_CAST, "@mr1.spell." + spell))
    if spell == "heal":
        gain_hp(s, D.heal_hp)
    elif spell == "ice":
        s.ice = True
    elif spell == "fire":
        if s.log:
            s.recorded.append((EV_SPELL_DAMAGE, D.fire_damage, max(0, s.foe_hp - D.fire_damage)))
        if _hit(s, D.fire_damage):
            return
    else:  # Poison: 5 now, and 5 in each later attack phase (rulings R3, R20)
        if s.log:
            s.recorded.append((EV_SPELL_DAMAGE, D.poison_damage, max(0, s.foe_hp - D.poison_damage)))
        s.poison_new += 1
        if _hit(s, D.poison_damage):
            return
    _end_of_attack(s)


def _hit(s: MiniRogueState, amount: int) -> bool:
    s.foe_hp = max(0, s.foe_hp - amount)
    if s.foe_hp == 0:
        _defeated(s)
        return True
    return False


# -- the end of the attack phase and the defense phase (§6.4) --------------------------------------


def _end_of_attack(s: MiniRogueState) -> None:
    """A7 (Poison cast in earlier phases, rulings R3, R20), then the defense phase (§6.4)."""
    if s.poison:
        dmg = D.poison_damage * s.poison
        if s.log:
            s.recorded.append((EV_POISON_TICK, dmg, max(0, s.foe_hp - dmg)))
        if _hit(s, dmg):
            return
    s.poison += s.poison_new
    s.poison_new = 0
    if s.ice:  # §6.5: Ice freezes the foe for one defense phase
        s.ice = False
        if s.log:
            s.recorded.append((EV_FROZEN,))
    else:
        dmg = s.foe_damage - s.armor
        if dmg < 0:
            dmg = 0
        if s.log:
            s.recorded.append((EV_COUNTER, dmg, s.armor))
        if dmg > 0:
            lose_hp(s, dmg, "boss" if s.foe == FOE_BOSS else "monster")
            if s.hp == 0:  # (lose_hp ended the game, R26)
                return
    s.dice = ()
    s.dstat = ()
    s.dfeat = ()
    # (_attack, and its s.draw, written out: the rules run)
    s.stack.append(_ROLLED)
    s.table = ROLL_TABLES[s.rank]
    s.phase = ATTACK_ROLL


# -- the end of a fight (§6.6) ---------------------------------------------------------------------


def _defeated(s: MiniRogueState) -> None:
    """The foe is defeated: its XP (and a boss's gold and item, R11); Og's Remains wins (R27).
    Play goes on with what is pending (the next column)."""
    foe = s.foe
    if s.log:
        s.recorded.append((EV_DEFEATED, foe_key(s)))
    s.monster_defeated = True  # ruling R4: any monster, Event monster or boss
    s.clear_combat()
    if foe == FOE_MONSTER:  # (the commonest foe first)
        gain_xp(s, _MONSTER_XP[s.area])
        return
    level = D.level_of_area[s.area]  # (s.level, read without a call)
    if foe == FOE_BOSS:
        s.bosses += 1
        if level == len(D.levels):  # ruling R27: Og's Remains wins at once
            end(s, True, "win")
            return
        lv = D.levels[level - 1]
        gain_gold(s, lv.boss_gold)
        gain_xp(s, lv.boss_xp)
        roll_item(s)  # ruling R11: straight to the item table, the Treasure's (project ruling P4)
        return
    gain_xp(s, D.event_monster_xp if foe == FOE_EVENT else D.levels[level - 1].monster_xp)


_ROLLED: Final[Step] = (_rolled, ())
_MONSTER_HP_ROLLED: Final[Step] = (_monster_hp_rolled, ())
_CRIT_CHOSEN: Final[Step] = (_crit_chosen, ())
_FEAT_CHOSEN: Final[Step] = (_feat_chosen, ())
"""The continuations the hot steps push themselves (``draw``, ``ask`` written out), made once."""
_DONE: Final = A.DONE
