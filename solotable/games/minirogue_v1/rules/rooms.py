"""§5 The room cards other than the fights: Treasure (§5.3), Merchant (§5.4), Resting (§5.5),
Event (§5.6) and Trap (§5.7). (The Monster card and the boss are in ``combat``.)

Each room is a step that ends when the card is resolved; what comes next (the next column) is
already pending. A Trap's Pit is the exception: it drops the adventurer into a fresh area.
"""

from __future__ import annotations

from typing import Final

from solotable.core.chance import die_table
from solotable.core.engine import EventKind, Phase, Step
from solotable.core.protocol import Action

from .. import actions as A
from ..data import SPELLS, data
from ..state import GAME_ID, MiniRogueState
from . import areas
from .character import (
    free_discard,
    gain_armor,
    gain_food,
    gain_gold,
    gain_hp,
    gain_spell,
    gain_xp,
    held_discards,
    lose_hp,
    lose_xp,
    pay_armor,
    pay_food,
    pay_gold,
)
from .combat import event_monster
from .items import ITEM_ROLL, item_rolled

EV_REST: Final = EventKind("mr1.ev.rest", "option")
EV_EVENT_ROLL: Final = EventKind("mr1.ev.event_roll", "face", "result")
EV_EVENT: Final = EventKind("mr1.ev.event", "result")
EV_TRAP: Final = EventKind("mr1.ev.trap", "trap")
EV_UNPAYABLE: Final = EventKind("mr1.ev.unpayable")
EV_TRAP_SPRUNG: Final = EventKind("mr1.ev.trap_sprung", "trap")
EV_LEAVE: Final = EventKind("mr1.ev.leave")
EV_BUY: Final = EventKind("mr1.ev.buy", "ware")
EV_KEY_GAIN: Final = EventKind("mr1.ev.key_gain")
EV_SELL: Final = EventKind("mr1.ev.sell", "ware")
EV_NO_FALL: Final = EventKind("mr1.ev.no_fall")
EV_FALL: Final = EventKind("mr1.ev.fall", "area")
EV_TREASURE_ITEM: Final = EventKind("mr1.ev.treasure_item", "face")
EV_TREASURE_NONE: Final = EventKind("mr1.ev.treasure_none", "face")
EV_SKILL_OK: Final = EventKind("mr1.ev.skill_ok", "face", "rank")
EV_SKILL_FAIL: Final = EventKind("mr1.ev.skill_fail", "face", "rank")

D: Final = data()
D6: Final = die_table("d6")


# -- §5.3 Treasure ---------------------------------------------------------------------------------

TREASURE_GATE: Final = Phase[MiniRogueState]("treasure_gate", chance=True, game=GAME_ID)
"""The Treasure's roll for an item: 5 or 6 finds one (§5.3)."""


def treasure(s: MiniRogueState) -> None:
    """1 gold, or 2 if a monster was defeated in this area (ruling R4); then roll for an item."""
    gain_gold(s, _GOLD_AFTER_MONSTER if s.monster_defeated else _GOLD_PLAIN)
    # (s.draw(TREASURE_GATE, D6, _treasure_gate), written out: a room starts while the rules run)
    s.stack.append(_TREASURE_GATE)
    s.table = D6
    s.phase = TREASURE_GATE


def _treasure_gate(s: MiniRogueState, outcome: Action) -> None:
    face = outcome.args[0]  # (an int: the outcomes of D6, the only ones apply accepts)
    assert isinstance(face, int)
    found = face >= _ITEM_GATE
    if s.log:
        s.recorded.append((EV_TREASURE_ITEM if found else EV_TREASURE_NONE, face))
    if found:
        # (roll_item(s) and its s.draw, written out: the rules run; the boss's table, project ruling P4)
        s.stack.append(_ITEM_ROLLED)
        s.table = D6
        s.phase = ITEM_ROLL


_TREASURE_GATE: Final[Step] = (_treasure_gate, ())
_ITEM_ROLLED: Final[Step] = (item_rolled, ())
_GOLD_AFTER_MONSTER: Final = D.treasure_gold_after_monster
_GOLD_PLAIN: Final = D.treasure_gold_plain
_ITEM_GATE: Final = D.treasure_item_gate


# -- §5.4 Merchant ---------------------------------------------------------------------------------


_PRICED: Final = tuple((A.BUY[name], ware.price) for name, ware in D.wares.items())
_TOP_PRICE: Final = max(price for _, price in _PRICED)
_AFFORDABLE: Final = tuple(tuple(buy for buy, price in _PRICED if gold >= price) for gold in range(_TOP_PRICE + 1))
"""The wares on sale to a purse of each size (R30), up to the dearest's price, in the wares' order."""


def _merchant_legal(s: MiniRogueState) -> list[Action]:
    out = list(_AFFORDABLE[min(s.gold, _TOP_PRICE)])  # R30
    if s.armor > 0:
        out.append(A.SELL["armor"])
    if s.spells:
        out.extend(A.SELL[sp] for sp in SPELLS if sp in s.spells)
    out.append(A.LEAVE)
    if s.spells:
        out.extend(held_discards(s))
    return out


MERCHANT_SHOP: Final = Phase("merchant", _merchant_legal, game=GAME_ID)
"""Buy, sell, or leave the Merchant (§5.4): any number of trades, in any order (R30)."""


def merchant(s: MiniRogueState) -> None:
    s.ask(MERCHANT_SHOP, _traded)


def merchant_room(s: MiniRogueState) -> None:
    """The Merchant's room (§5.4): :func:`merchant`, its ``s.ask`` written out (a room starts
    while the rules run)."""
    s.stack.append(_TRADED)
    s.phase = MERCHANT_SHOP


def _traded(s: MiniRogueState, action: Action) -> None:
    name = action.name
    if name == "leave":
        if s.log:
            s.recorded.append((EV_LEAVE,))
        return
    what = str(action.args[0])
    if name == "buy":
        ware = D.wares[what]
        pay_gold(s, ware.price)
        if s.log:
            s.recorded.append((EV_BUY, "@mr1.ware." + what))
        if ware.spell:
            s.push(merchant)  # back to the Merchant once the spell is placed (R6)
            gain_spell(s, what)
            return
        if ware.food:  # ruling R7: the excess over a cap is lost
            gain_food(s, ware.food)
        if ware.hp:
            gain_hp(s, ware.hp)
        if ware.armor:
            gain_armor(s, ware.armor)
    elif name == "sell":
        if what == "armor":
            pay_armor(s, 1)
            if s.log:
                s.recorded.append((EV_SELL, "@mr1.ware.armor"))
            gain_gold(s, D.sell_armor)  # ruling R30
        else:
            s.spells.remove(what)
            if s.log:
                s.recorded.append((EV_SELL, "@mr1.ware." + what))
            gain_gold(s, D.sell_spell)
    else:
        free_discard(s, action)
    merchant(s)


# -- §5.5 Resting ----------------------------------------------------------------------------------


def _rest_legal(s: MiniRogueState) -> list[Action]:
    if s.spells:
        return [*_RESTS, *held_discards(s)]
    return _RESTS  # (kept, never changed: ``legal_actions`` hands out a copy)


_RESTS: Final = [A.REST["xp"], A.REST["food"], A.REST["hp"]]


REST: Final = Phase("rest", _rest_legal, game=GAME_ID)
"""Resting: exactly one of +1 XP, +1 Food, +2 HP (§5.5, ruling R32)."""


def resting(s: MiniRogueState) -> None:
    # (s.ask(REST, _rested), written out: a room starts while the rules run)
    s.stack.append(_RESTED)
    s.phase = REST


def _rested(s: MiniRogueState, action: Action) -> None:
    if action.name == "discard":
        free_discard(s, action)
        s.ask(REST, _rested)
        return
    option = str(action.args[0])
    if s.log:
        s.recorded.append((EV_REST, "@mr1.rest." + option))
    if option == "xp":
        gain_xp(s, D.rest_xp)
    elif option == "food":
        gain_food(s, D.rest_food)
    else:
        gain_hp(s, D.rest_hp)


# -- §5.6 Event ------------------------------------------------------------------------------------


def _check_legal(s: MiniRogueState) -> list[Action]:
    if s.spells:
        return [*_CHECKS, *held_discards(s)]
    return _CHECKS  # (kept, never changed: ``legal_actions`` hands out a copy)


_CHECKS: Final = [A.CHECK, A.ACCEPT]


def _shift_legal(s: MiniRogueState) -> list[Action]:
    out = [A.KEEP]  # ruling R21: keeping the roll is allowed
    if s.event_roll < 6:  # ruling R2: no shift past the ends of the die
        out.append(A.UP)
    if s.event_roll > 1:
        out.append(A.DOWN)
    if s.spells:
        out.extend(held_discards(s))
    return out


EVENT_ROLL: Final = Phase[MiniRogueState]("event_roll", chance=True, game=GAME_ID)
"""The Event's roll on its table (§5.6)."""
EVENT_CHECK: Final = Phase("event_check", _check_legal, game=GAME_ID)
"""Make the optional skill check to shift the Event roll, or take the roll (§5.6)."""
EVENT_SKILL: Final = Phase[MiniRogueState]("event_skill", chance=True, game=GAME_ID)
"""The Event's skill check: a die at most the Rank succeeds (§3.3)."""
EVENT_SHIFT: Final = Phase("event_shift", _shift_legal, game=GAME_ID)
"""After a successful check: keep the roll or move it by 1 (§5.6, rulings R2, R21)."""


def event(s: MiniRogueState) -> None:
    s.event_roll = 0
    # (s.draw(EVENT_ROLL, D6, _event_rolled), written out: a room starts while the rules run)
    s.stack.append(_EVENT_ROLLED)
    s.table = D6
    s.phase = EVENT_ROLL


def _event_rolled(s: MiniRogueState, outcome: Action) -> None:
    face = outcome.args[0]  # (an int: the outcomes of D6, the only ones apply accepts)
    assert isinstance(face, int)
    s.event_roll = face
    if s.log:
        s.recorded.append((EV_EVENT_ROLL, face, "@mr1.event." + D.event_results[face - 1]))
    s.stack.append(_EVENT_CHECKED)  # (s.ask(EVENT_CHECK, _event_checked), written out: the rules run)
    s.phase = EVENT_CHECK


def _event_checked(s: MiniRogueState, action: Action) -> None:
    name = action.name
    if name == "check":
        # (s.draw(EVENT_SKILL, D6, _event_skill), written out: the rules run)
        s.stack.append(_EVENT_SKILL)
        s.table = D6
        s.phase = EVENT_SKILL
    elif name == "accept":
        _event_result(s)
    else:
        free_discard(s, action)
        s.ask(EVENT_CHECK, _event_checked)


def _event_skill(s: MiniRogueState, outcome: Action) -> None:
    face = outcome.args[0]  # (an int: the outcomes of D6, the only ones apply accepts)
    assert isinstance(face, int)
    ok = face <= s.rank  # §3.3; a failed check costs nothing (the first roll stands)
    if s.log:
        s.recorded.append((EV_SKILL_OK if ok else EV_SKILL_FAIL, face, s.rank))
    if ok:
        s.ask(EVENT_SHIFT, _event_shifted)
    else:
        _event_result(s)


def _event_shifted(s: MiniRogueState, action: Action) -> None:
    name = action.name
    if name == "up":
        s.event_roll += 1
    elif name == "down":
        s.event_roll -= 1
    elif name == "discard":
        free_discard(s, action)
        s.ask(EVENT_SHIFT, _event_shifted)
        return
    _event_result(s)


def _event_result(s: MiniRogueState) -> None:
    result = D.event_results[s.event_roll - 1]
    if s.log:
        s.recorded.append((EV_EVENT, "@mr1.event." + result))
    if result == "ration":
        gain_food(s, D.event_ration_food)
    elif result == "potion":
        gain_hp(s, D.event_potion_hp)
    elif result == "loot":
        gain_gold(s, D.event_loot_gold)
    elif result == "whetstone":
        gain_xp(s, D.event_whetstone_xp)
    elif result == "shield":
        gain_armor(s, D.event_shield_armor)
    else:
        event_monster(s)


# -- §5.7 Trap -------------------------------------------------------------------------------------

TRAP_ROLL: Final = Phase[MiniRogueState]("trap_roll", chance=True, game=GAME_ID)
"""The Trap's roll on its table (§5.7)."""
TRAP_SKILL: Final = Phase[MiniRogueState]("trap_skill", chance=True, game=GAME_ID)
"""The Trap's skill check, always made: a die at most the Rank avoids it (§3.3, ruling R22)."""


def trap(s: MiniRogueState) -> None:
    if s.keys and not s.key_held and s.level < len(D.levels):  # project ruling P5: no key on Level 5
        s.key_held = True  # ruling R34: the key comes with resolving the Trap card
        if s.log:
            s.recorded.append((EV_KEY_GAIN,))
    s.trap = 0
    # (s.draw(TRAP_ROLL, D6, _trap_rolled), written out: a room starts while the rules run)
    s.stack.append(_TRAP_ROLLED)
    s.table = D6
    s.phase = TRAP_ROLL


def _trap_rolled(s: MiniRogueState, outcome: Action) -> None:
    face = outcome.args[0]  # (an int: the outcomes of D6, the only ones apply accepts)
    assert isinstance(face, int)
    s.trap = face
    if s.log:
        s.recorded.append((EV_TRAP, "@mr1.trap." + D.trap_results[face - 1]))
    # (s.draw(TRAP_SKILL, D6, _trap_skill), written out: the rules run)
    s.stack.append(_TRAP_SKILL)
    s.table = D6
    s.phase = TRAP_SKILL


def _trap_skill(s: MiniRogueState, outcome: Action) -> None:
    face = outcome.args[0]  # (an int: the outcomes of D6, the only ones apply accepts)
    assert isinstance(face, int)
    ok = face <= s.rank
    if s.log:
        s.recorded.append((EV_SKILL_OK if ok else EV_SKILL_FAIL, face, s.rank))
    if not ok:
        _spring(s)


def _unpayable(s: MiniRogueState) -> None:
    """§5.7: a penalty that cannot be applied costs 2 HP instead."""
    if s.log:
        s.recorded.append((EV_UNPAYABLE,))
    lose_hp(s, D.trap_unpayable_hp, "trap")


def _spring(s: MiniRogueState) -> None:
    """§5.7: the trap's penalty, or 2 HP when it cannot be applied."""
    trap = D.trap_results[s.trap - 1]
    if s.log:
        s.recorded.append((EV_TRAP_SPRUNG, "@mr1.trap." + trap))
    if trap == "mold":
        if s.food > 0:
            pay_food(s, 1)
        else:
            _unpayable(s)
    elif trap == "tripwire":
        if s.gold > 0:
            pay_gold(s, 1)
        else:
            _unpayable(s)
    elif trap == "acid":
        if s.armor > 0:
            pay_armor(s, 1)
        else:
            _unpayable(s)
    elif trap == "blades":
        lose_hp(s, D.trap_blades_hp, "trap")
    elif trap == "walls":
        if not lose_xp(s):  # ruling R15
            _unpayable(s)
    else:  # the Pit; ruling R26: a lethal pit does not move
        lose_hp(s, D.trap_pit_hp, "trap")
        if s.over:
            return
        dest = D.pit_destination.get(s.area)
        if dest is None:  # ruling R25: no fall from Level 5, and no further penalty
            if s.log:
                s.recorded.append((EV_NO_FALL,))
        else:  # rulings R5, R24: straight into the area below, without an Exploration phase
            if s.log:
                s.recorded.append((EV_FALL, dest))
            s.area = dest
            areas.new_area(s)  # the pending next column is that area's first


_RESTED: Final[Step] = (_rested, ())
_TRADED: Final[Step] = (_traded, ())
_EVENT_ROLLED: Final[Step] = (_event_rolled, ())
_EVENT_CHECKED: Final[Step] = (_event_checked, ())
_EVENT_SKILL: Final[Step] = (_event_skill, ())
_TRAP_ROLLED: Final[Step] = (_trap_rolled, ())
_TRAP_SKILL: Final[Step] = (_trap_skill, ())
"""The continuations the rooms push themselves (``draw``, ``ask`` written out), made once."""
