"""Combat (§7; decisions D10, D13, D18, D19, D28, D29, D31, D33, D34; rulings MR-P3, MR-P8).

A fight is rounds: each fighter in turn (the Leader first, §9) may drink potions, rolls its dice
as one event (MR-P3), then adjusts them (criticals §7.3, feats §6.2, potions §6.3, its combat
skill §4.3) and confirms its damage; when every fighter has attacked, the foe attacks (§7.5):
the Leader in odd rounds, the Partner in even rounds (D10), aimed by that fighter's black die.

Steps: :func:`start_combat` → :func:`begin_attacker` → (``pre_roll``) → ``roll`` →
``attack`` (→ ``crit_roll`` / ``feat_roll`` → ``attack``) → :func:`confirm` →
:func:`attack_next` → :func:`monster_attack` → the next round. A foe at 0 HP ends the fight at
once (:func:`defeated`): its rewards are pushed as steps, or Og's second phase begins (D28), or
the game is won.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from solotable.core.engine import EventKind, Phase
from solotable.core.protocol import Action

from .. import actions as A
from ..state import BOSS, FOE_KINDS, GAME_ID, GHOST, MONSTER, OG1, OG2
from . import bosses, checks, dungeon, effects, potions
from .tables import WHITE_FACE, WHITE_TABLE, read_roll, roll_table

EV_ROLL: Final = EventKind("mr.ev.roll", "seat", "white", "black")
EV_CONFIRM: Final = EventKind("mr.ev.confirm", "seat", "damage")
EV_DAMAGE: Final = EventKind("mr.ev.damage", "damage", "hp")
EV_FIGHT: Final = EventKind("mr.ev.fight", "foe", "hp", "damage")
EV_HIT: Final = EventKind("mr.ev.hit", "seat", "damage", "face")
EV_DEFEATED: Final = EventKind("mr.ev.defeated", "foe")
EV_POISON_DIE: Final = EventKind("mr.ev.poison_die", "seat")
EV_CURSE_DIE: Final = EventKind("mr.ev.curse_die", "seat")
EV_CRIT_MISS: Final = EventKind("mr.ev.crit_miss", "die")
EV_CRIT: Final = EventKind("mr.ev.crit", "die", "face", "value")
EV_FROZEN: Final = EventKind("mr.ev.frozen")
EV_MISS: Final = EventKind("mr.ev.miss", "seat")
EV_WIN: Final = EventKind("mr.ev.win")
EV_SKILL: Final = EventKind("mr.ev.skill", "seat", "skill")
EV_CONJURE: Final = EventKind("mr.ev.conjure", "seat", "potion")

if TYPE_CHECKING:
    from ..state import Hero, MiniRogueState

__all__ = ["BOSS", "GHOST", "MONSTER", "OG1", "OG2"]


def start_combat(s: MiniRogueState, fighters: list[int], kind: int) -> None:
    """§7.1: the foe of ``kind`` on this floor, with two-player HP when two fight (D10; a Ghost is
    fought alone by default, D29)."""
    d = s.data
    floor = s.floor
    if kind == MONSTER:
        foe = d.monsters[s.c_card][floor - 1]
    elif kind == GHOST:
        foe = d.ghosts[floor - 1]
    elif kind == BOSS:
        foe = d.bosses[s.boss][floor - 1]
    else:
        foe = d.og[0 if kind == OG1 else 1]
    s.clear_combat()
    s.foe = foe
    s.foe_kind = kind
    two = len(fighters) == 2  # (a Ghost has two fighters only with D29's alternative, MR-P10)
    s.foe_hp = s.foe_max = foe.hp2 if two else foe.hp  # D10
    s.fighters = list(fighters)
    s.round = 1
    if s.log:
        s.recorded.append((EV_FIGHT, "@mr.name." + foe.name, s.foe_hp, foe.damage))
    begin_attacker(s, 0)


def begin_attacker(s: MiniRogueState, index: int) -> None:
    """§7.2 step 1: the fighter may drink potions before rolling (asked only when one would do
    something, D34)."""
    s.att = index
    seat = s.fighters[index]
    s.actor = seat
    s.clear_dice()
    h = s.heroes[seat]
    if h.potions and potions.drinkable(s, h, fight=True):
        s.ask(PRE_ROLL, pre_roll_decided, seat)
    else:
        s.draw(ROLL, roll_table(s.dice_count(h), h.poison, h.curse), rolled, seat)


def _pre_roll_legal(s: MiniRogueState) -> list[Action]:
    out = [A.ROLL]
    out.extend(A.DRINK[p] for p in potions.drinkable(s, s.heroes[s.actor], fight=True))
    return out


def pre_roll_decided(s: MiniRogueState, action: Action, seat: int) -> None:
    if action.name == "roll":
        h = s.heroes[seat]
        s.draw(ROLL, roll_table(s.dice_count(h), h.poison, h.curse), rolled, seat)
        return
    if potions.drink(s, seat, action.args[0]):  # type: ignore[arg-type]
        return  # the Fire potion ended the fight
    s.ask(PRE_ROLL, pre_roll_decided, seat)


def rolled(s: MiniRogueState, outcome: Action, seat: int) -> None:
    """§7.2 steps 2-4: the roll; the poison die costs 1 HP, the curse die lowers the dice."""
    r = read_roll(outcome)
    s.dice = list(r.white)
    k = len(s.dice)
    s.chain = [0] * k
    s.last = [0] * k
    s.removed = [False] * k
    s.featted = [False] * k
    s.heroes[seat].black = r.black
    if s.log:
        s.recorded.append((EV_ROLL, seat + 1, str(outcome.args[0]), r.black))  # the faces as codes: event_words
    s.c_kind = ""
    if r.poison:  # §7.2 step 3
        if s.log:
            s.recorded.append((EV_POISON_DIE, seat + 1))
        effects.lose_hp(s, seat, 1, "poison")
        if s.over:
            return
    if r.curse:  # §7.2 step 4
        s.cursed_now = True
        if s.log:
            s.recorded.append((EV_CURSE_DIE, seat + 1))
    s.ask(ATTACK, attack_decided, seat)


def is_open(s: MiniRogueState, i: int) -> bool:
    """Die ``i`` shows a 6 that may be rerolled as a critical (§7.3)."""
    if s.removed[i]:
        return False
    if s.chain[i]:
        return s.last[i] == 6
    f = s.dice[i]
    if s.cursed_now:
        f = max(1, f - 1)
    return f == 6


def _attack_legal(s: MiniRogueState) -> list[Action]:
    h = s.heroes[s.actor]
    n = len(s.dice)
    out = [A.CONFIRM_DIE[i] for i in range(1, n + 1)] if s.backstab else [A.CONFIRM]
    for i in range(n):
        if is_open(s, i):
            out.append(A.CRIT[i + 1])
    checks.feat_actions(s, h, n, out, in_fight=True)
    if h.potions:
        for p in potions.drinkable(s, h, fight=True):
            out.append(A.DRINK[p])
    if h.skill_up:
        _skill_actions(s, h, out)
    return out


def _skill_actions(s: MiniRogueState, h: Hero, out: list[Action]) -> None:
    """The combat skills of §4.3 (D4, D30, D34)."""
    c = h.char
    flags = s.data.flags
    if c == "rogue":
        if not s.backstab:
            out.append(A.BACKSTAB)
    elif c == "priestess":
        most = h.hp + 1 if flags.lethal_payments else h.hp  # D30
        out.extend(A.tribute(k) for k in range(1, most))
    elif c == "crusader":
        out.append(A.STUN)
    elif c == "mage":
        hide = flags.hide_useless_potions
        out.append(A.CONJURE["fire"])
        if not (hide and s.frozen):
            out.append(A.CONJURE["frost"])
        if not (hide and h.poison_fx and not flags.poison_stacks):  # D34
            out.append(A.CONJURE["poison"])


def attack_decided(s: MiniRogueState, action: Action, seat: int) -> None:
    name = action.name
    args = action.args
    h = s.heroes[seat]
    if name == "confirm":
        confirm(s, seat, int(args[0]) - 1 if args else -1)
        return
    if name == "crit":
        i = int(args[0]) - 1
        s.die = i
        if not s.chain[i]:
            s.chain[i] = 6
        s.draw(CRIT_ROLL, WHITE_TABLE, crit_rolled, seat)
        return
    if name == "feat":
        checks.feat(s, seat, action)
        return
    if name == "drink":
        if potions.drink(s, seat, args[0]):  # type: ignore[arg-type]
            return
    elif name == "backstab":  # §4.3: one die counts twice at Confirm
        h.skill_up = False
        s.backstab = True
        if s.log:
            s.recorded.append((EV_SKILL, seat + 1, "@mr.skill.backstab"))
    elif name == "tribute":  # §4.3, D30: pay HP, deal twice as much
        k = int(args[0])
        h.skill_up = False
        if s.log:
            s.recorded.append((EV_SKILL, seat + 1, "@mr.skill.tribute"))
        effects.lose_hp(s, seat, k, "tribute")
        if s.over or hit_foe(s, s.data.tribute_per_hp * k):
            return
    elif name == "stun":  # §4.3, D4: twice the armor (Shield included, D23)
        h.skill_up = False
        if s.log:
            s.recorded.append((EV_SKILL, seat + 1, "@mr.skill.stun"))
        if hit_foe(s, s.data.stun_per_armor * (h.armor + h.shield)):
            return
    elif name == "conjure":  # §4.3: the effect of a Fire, Frost or Poison potion
        h.skill_up = False
        if s.log:
            s.recorded.append((EV_CONJURE, seat + 1, "@mr.potion." + str(args[0])))
        if potions.effect(s, seat, str(args[0])):
            return
    s.ask(ATTACK, attack_decided, seat)


def crit_rolled(s: MiniRogueState, outcome: Action, seat: int) -> None:
    """§7.3: the reroll adds to the chain; a × loses the whole die."""
    i = s.die
    face = WHITE_FACE[outcome]
    if face == 1:
        s.removed[i] = True
        if s.log:
            s.recorded.append((EV_CRIT_MISS, i + 1))
    else:
        s.chain[i] += face
        s.last[i] = face
        if s.log:
            s.recorded.append((EV_CRIT, i + 1, face, s.chain[i]))
    s.ask(ATTACK, attack_decided, seat)


def confirm(s: MiniRogueState, seat: int, doubled: int) -> None:
    """§7.4: the dice's total (Backstab doubles one die; Poison effects add, D34)."""
    h = s.heroes[seat]
    total = 0
    for i in range(len(s.dice)):
        total += s.die_value(i)
    if doubled >= 0:
        total += s.die_value(doubled)
    if h.poison_fx:  # D34: +4 once, or once per effect when they stack
        total += s.data.poison_bonus * (h.poison_fx if s.data.flags.poison_stacks else 1)
    if s.log:
        s.recorded.append((EV_CONFIRM, seat + 1, total))
    if not hit_foe(s, total):
        attack_next(s)


def attack_next(s: MiniRogueState) -> None:
    """The next fighter, or the foe's attack and the next round (§7.2, §9)."""
    if s.att + 1 < len(s.fighters):
        begin_attacker(s, s.att + 1)
        return
    if monster_attack(s) or s.over:
        return
    s.round += 1
    s.frozen = False
    begin_attacker(s, 0)


def monster_attack(s: MiniRogueState) -> bool:
    """§7.5, §7.6 (D10, D13, D18): the foe's attack by the target's black die: 1 misses, 6
    ignores armor; then the damage line's icons. True if it made everyone fall (:func:`dungeon.fall`);
    a death ends the game as every death does (``s.over``), and the icons are not read then."""
    foe = s.foe
    assert foe is not None
    if s.frozen:
        if s.log:
            s.recorded.append((EV_FROZEN,))
        return False
    fighters = s.fighters
    target = fighters[0] if len(fighters) == 1 or s.round % 2 == 1 else fighters[1]  # D10
    h = s.heroes[target]
    black = h.black
    if black == 1:
        if s.log:
            s.recorded.append((EV_MISS, target + 1))
        return False
    armor = 0 if black == 6 or foe.ignore_armor else h.armor + h.shield
    dmg = max(0, foe.damage - armor)
    if s.log:
        s.recorded.append((EV_HIT, target + 1, dmg, black))
    kind = s.foe_kind
    cause = FOE_KINDS[kind] if kind in (MONSTER, GHOST) else "boss"
    effects.lose_hp(s, target, dmg, cause)
    if s.over:
        return False
    if dmg == 0 and not s.data.flags.icons_on_zero_damage:
        return False  # D18 switched off
    fall = False
    for icon in foe.icons:
        if icon == "curse" or icon == "poison" or icon == "blind":
            effects.add_status(s, target, icon)
        elif icon == "regenerate":  # D13, D31
            s.foe_hp = min(s.foe_max, s.foe_hp + s.data.regenerate_hp)
        elif icon == "weaken":
            effects.lose(s, target, "xp", 1, cause)  # a death from lacking XP is the foe's doing
            if s.over:
                return False
        elif icon == "fall":
            fall = True
    return fall and dungeon.fall(s)


def hit_foe(s: MiniRogueState, amount: int) -> bool:
    """Damage the foe (D31: never below 0); True if it is defeated (then :func:`defeated` ran)."""
    s.foe_hp = max(0, s.foe_hp - amount)
    if s.log:
        s.recorded.append((EV_DAMAGE, amount, s.foe_hp))
    if s.foe_hp > 0:
        return False
    defeated(s)
    return True


def defeated(s: MiniRogueState) -> None:
    """§7.7: the fight ends; every fighter gains the full reward (§9), and after a floor boss
    rolls the Reward card (D6). Og's first phase gives way to the second at once (D28); the
    second's defeat wins the game."""
    foe = s.foe
    assert foe is not None
    kind = s.foe_kind
    fighters = s.fighters
    if s.log:
        s.recorded.append((EV_DEFEATED, "@mr.name." + foe.name))
    for h in s.heroes:
        h.poison_fx = 0  # Poison and Frost effects end with the fight
    if kind == OG1:  # D28: phase 2 at once, no attack
        start_combat(s, fighters, OG2)
        return
    if kind == OG2:
        s.won = True
        s.cause = "win"
        s.bosses_beaten += 1
        if s.log:
            s.recorded.append((EV_WIN,))
        s.finish()
        return
    s.clear_combat()
    steps: list[Any] = []
    for seat in fighters:
        steps.append((effects.apply_effects, (seat, foe.reward)))
        if kind == BOSS:
            steps.append((bosses.reward_roll, (seat,)))
    if kind == BOSS:
        s.bosses_beaten += 1
    s.then(*steps)


PRE_ROLL: Final[Phase[Any]] = Phase("pre_roll", _pre_roll_legal, game=GAME_ID)
"""Before a fighter's roll: drink potions, or roll."""
ATTACK: Final[Phase[Any]] = Phase("attack", _attack_legal, game=GAME_ID)
"""After the roll: criticals, feats, potions, the combat skill, then confirm the damage."""
ROLL: Final[Phase[Any]] = Phase("roll", chance=True, game=GAME_ID)
"""A fighter's combat roll: white dice, black die, poison and curse dice."""
CRIT_ROLL: Final[Phase[Any]] = Phase("crit_roll", chance=True, game=GAME_ID)
"""A critical reroll of one white die."""
