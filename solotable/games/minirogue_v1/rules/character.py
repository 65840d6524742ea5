"""§3 The character: stats and their caps, XP and Rank, spells, and the end of the game.

Every change to the character card goes through these functions, so that the caps (ruling R13),
the XP table (§3.2, R14, R15, R31) and the two-spell limit (§3.4, R6, R29) hold everywhere.
They are plain functions called by the steps of the other chapters; the one decision here is
the choice of a spell to drop when a third one comes (ruling R6).
"""

from __future__ import annotations

from typing import Final

from solotable.core.engine import EventKind, Phase
from solotable.core.protocol import Action

from .. import actions as A
from ..data import SPELLS, data
from ..state import GAME_ID, MiniRogueState

D: Final = data()
EV_GAIN: Final = EventKind("mr1.ev.gain", "stat", "amount", "value")
EV_PAY: Final = EventKind("mr1.ev.pay", "stat", "amount", "value")
EV_HURT: Final = EventKind("mr1.ev.hurt", "amount", "hp")
EV_GAIN_CAPPED: Final = EventKind("mr1.ev.gain_capped", "stat", "value")
EV_SPELL_THIRD: Final = EventKind("mr1.ev.spell_third", "spell")
EV_DISCARD: Final = EventKind("mr1.ev.discard", "spell")
EV_XP_AT_MAX: Final = EventKind("mr1.ev.xp_at_max")
EV_RANK_UP: Final = EventKind("mr1.ev.rank_up", "amount", "rank", "xp")
EV_XP: Final = EventKind("mr1.ev.xp", "amount", "xp")
EV_XP_LOST: Final = EventKind("mr1.ev.xp_lost", "xp")
EV_RANK_DOWN: Final = EventKind("mr1.ev.rank_down", "rank", "xp")
EV_SPELL: Final = EventKind("mr1.ev.spell", "spell")
EV_WIN: Final = EventKind("mr1.ev.win", "score")
EV_LOSE: Final = EventKind("mr1.ev.lose", "score")


# -- gains and payments (§3.1, ruling R13: the excess of a gain is lost, nothing below 0) --------


def _gained(s: MiniRogueState, stat: str, before: int, after: int) -> None:
    """``stat``: the stat's message id (``"@mr1.stat.hp"``)."""
    if after == before:
        s.recorded.append((EV_GAIN_CAPPED, stat, after))
    else:
        s.recorded.append((EV_GAIN, stat, after - before, after))


def gain_hp(s: MiniRogueState, amount: int) -> None:
    before = s.hp
    s.hp = after = min(D.cap_hp, before + amount)
    if s.log:
        _gained(s, "@mr1.stat.hp", before, after)


def gain_gold(s: MiniRogueState, amount: int) -> None:
    before = s.gold
    s.gold = after = min(D.cap_gold, before + amount)
    if s.log:
        _gained(s, "@mr1.stat.gold", before, after)


def gain_food(s: MiniRogueState, amount: int) -> None:
    before = s.food
    s.food = after = min(D.cap_food, before + amount)
    if s.log:
        _gained(s, "@mr1.stat.food", before, after)


def gain_armor(s: MiniRogueState, amount: int) -> None:
    before = s.armor
    s.armor = after = min(D.cap_armor, before + amount)
    if s.log:
        _gained(s, "@mr1.stat.armor", before, after)


def pay_gold(s: MiniRogueState, amount: int) -> None:
    """Pay gold the player has (the Merchant checks the price, R30; Tripwire checks for 1)."""
    s.gold -= amount
    if s.log:
        s.recorded.append((EV_PAY, "@mr1.stat.gold", amount, s.gold))


def pay_hp(s: MiniRogueState, amount: int) -> None:
    """Pay HP for a feat (R16: never the last HP, checked by the feat's legal actions)."""
    s.hp -= amount
    if s.log:
        s.recorded.append((EV_PAY, "@mr1.stat.hp", amount, s.hp))


def pay_food(s: MiniRogueState, amount: int) -> None:
    s.food -= amount
    if s.log:
        s.recorded.append((EV_PAY, "@mr1.stat.food", amount, s.food))


def pay_armor(s: MiniRogueState, amount: int) -> None:
    s.armor -= amount
    if s.log:
        s.recorded.append((EV_PAY, "@mr1.stat.armor", amount, s.armor))


def lose_hp(s: MiniRogueState, amount: int, cause: str) -> None:
    """Lose HP (never below 0, R13); at 0 the game ends at once (R26): ``s.over``, and the caller
    goes no further."""
    if amount <= 0:
        return
    s.hp = hp = max(0, s.hp - amount)
    if s.log:
        s.recorded.append((EV_HURT, amount, hp))
    if hp == 0:
        end(s, False, cause)


# -- XP and Rank (§3.2) --------------------------------------------------------------------------


def gain_xp(s: MiniRogueState, amount: int) -> None:
    """One XP gain event (§3.2)."""
    rank = s.rank
    if rank == _CAP_RANK:  # ruling R31: +1 HP per gain event at Rank 4
        if s.log:
            s.recorded.append((EV_XP_AT_MAX,))
        gain_hp(s, 1)
        return
    xp = s.xp + amount
    need = _XP_TO_NEXT[rank - 1]
    if xp >= need:
        s.rank = rank = rank + 1
        xp -= need
        if rank == _CAP_RANK:
            xp = 0  # ruling R14: the excess is lost, no HP for this event
        s.xp = xp
        if s.log:
            s.recorded.append((EV_RANK_UP, amount, rank, xp))
    else:
        s.xp = xp
        if s.log:
            s.recorded.append((EV_XP, amount, xp))


_CAP_RANK: Final = D.cap_rank
_XP_TO_NEXT: Final = D.xp_to_next


def lose_xp(s: MiniRogueState) -> bool:
    """Lose 1 XP (ruling R15): at 0 XP the Rank drops to the top of the one below; False if it
    cannot be applied (Rank 1, 0 XP)."""
    if s.xp >= 1:
        s.xp -= 1
        if s.log:
            s.recorded.append((EV_XP_LOST, s.xp))
        return True
    if s.rank >= 2:
        s.rank -= 1
        s.xp = D.xp_to_next[s.rank - 1] - 1
        if s.log:
            s.recorded.append((EV_RANK_DOWN, s.rank, s.xp))
        return True
    return False


# -- spells (§3.4) ---------------------------------------------------------------------------------


def _third_spell_legal(s: MiniRogueState) -> list[Action]:
    return [A.DISCARD[sp] for sp in SPELLS if sp in s.spells or sp == s.pending_spell]


SPELL_DISCARD: Final = Phase("spell_discard", _third_spell_legal, game=GAME_ID)
"""Ruling R6: a third spell came; choose which of the three to drop."""


def gain_spell(s: MiniRogueState, spell: str) -> None:
    """A spell from a Treasure, a boss or the Merchant (§3.4). With two held already, the player
    chooses one of the three to drop (ruling R6) before play goes on with what is pending
    (project ruling P4)."""
    if len(s.spells) < D.cap_spells:
        s.spells.append(spell)
        s.spells.sort(key=SPELLS.index)
        if s.log:
            s.recorded.append((EV_SPELL, "@mr1.spell." + spell))
        return
    s.pending_spell = spell
    s.ask(SPELL_DISCARD, third_spell_dropped)
    if s.log:
        s.recorded.append((EV_SPELL_THIRD, "@mr1.spell." + spell))


def third_spell_dropped(s: MiniRogueState, action: Action) -> None:
    spell = str(action.args[0])
    held = [*s.spells, s.pending_spell]
    held.remove(spell)
    s.spells = sorted(held, key=SPELLS.index)
    s.pending_spell = ""
    if s.log:
        s.recorded.append((EV_DISCARD, "@mr1.spell." + spell))


def discards(s: MiniRogueState) -> list[Action]:
    """Ruling R29: a held spell may be discarded at any decision point, for nothing."""
    return list(held_discards(s))


def held_discards(s: MiniRogueState) -> tuple[Action, ...]:
    """:func:`discards`, as the tuple kept for the hand (a legal list adds it to its own)."""
    held = tuple(s.spells)
    found = _DISCARDS.get(held)
    if found is None:
        found = _DISCARDS[held] = tuple(A.DISCARD[sp] for sp in SPELLS if sp in held)
    return found


_DISCARDS: Final[dict[tuple[str, ...], tuple[Action, ...]]] = {}
"""The discards of each hand of spells (a few dozen hands at most: two spells of four, R6)."""


def free_discard(s: MiniRogueState, action: Action) -> None:
    """Ruling R29: drop a held spell; the decision it was made at is asked again."""
    spell = str(action.args[0])
    s.spells.remove(spell)
    if s.log:
        s.recorded.append((EV_DISCARD, "@mr1.spell." + spell))


# -- the end (§1.1) --------------------------------------------------------------------------------


def end(s: MiniRogueState, won: bool, cause: str) -> None:
    """The game ends: won (Og's Remains defeated, R27) or lost (``cause``: what killed, or no
    key at a door, R33)."""
    s.won = won
    s.cause = cause
    s.clear_combat()
    s.finish()
    if s.log:
        s.recorded.append((EV_WIN if won else EV_LOSE, s.score()))
