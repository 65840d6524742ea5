"""Gains, losses, statuses and the effect lists of room results, rewards and wares (§4.1, §4.4,
§6.3, §6.5; decisions D1, D2, D3, D24).

Every function here that can kill says so by returning ``True`` (the game is over, or everyone
fell, and the caller stops at once: nothing after a death or a fall happens).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from solotable.core.engine import EventKind, Phase
from solotable.core.protocol import Action

from .. import actions as A
from ..data import POTIONS, STATUSES, Effect, Options, Potion, Stat, Status
from ..state import GAME_ID
from . import combat, dungeon

EV_HP: Final = EventKind("mr.ev.hp", "seat", "n", "hp")
EV_GAIN: Final = EventKind("mr.ev.gain", "seat", "stat", "n", "value")
EV_DEATH: Final = EventKind("mr.ev.death", "seat", "char")
EV_LOSE: Final = EventKind("mr.ev.lose", "seat", "stat", "n", "value")
EV_STATUS: Final = EventKind("mr.ev.status", "seat", "status", "state")
EV_POTION_DROP: Final = EventKind("mr.ev.potion_drop", "seat", "potion")
EV_LEVEL_DOWN: Final = EventKind("mr.ev.level_down", "seat", "dice")
EV_LACK: Final = EventKind("mr.ev.lack", "seat", "hp")
EV_ITEM_USED: Final = EventKind("mr.ev.item_used", "seat", "item")
EV_POTION_LOST: Final = EventKind("mr.ev.potion_lost", "seat", "potion")
EV_POTION: Final = EventKind("mr.ev.potion", "seat", "potion")
EV_LEVEL: Final = EventKind("mr.ev.level", "seat", "dice")
EV_CURE: Final = EventKind("mr.ev.cure", "seat", "status")

if TYPE_CHECKING:
    from ..state import Hero, MiniRogueState


# -- death ----------------------------------------------------------------------------------------


def lose_hp(s: MiniRogueState, seat: int, n: int, cause: str) -> None:
    """``seat`` loses ``n`` HP; at 0 the game is lost at once (§1.3): :meth:`finish`, which callers
    see as ``s.over`` (the engine's one way to say the game ended)."""
    if n <= 0:
        return
    h = s.heroes[seat]
    h.hp -= n
    if s.log:
        s.recorded.append((EV_HP, seat + 1, n, max(0, h.hp)))
    if h.hp > 0:
        return
    h.hp = 0
    s.cause = cause
    if s.log:
        s.recorded.append((EV_DEATH, seat + 1, "@mr.char." + h.char))
    s.finish()


# -- stats ----------------------------------------------------------------------------------------


def stat_of(h: Hero, stat: Stat) -> int:
    if stat == "hp":
        return h.hp
    if stat == "armor":
        return h.armor
    if stat == "gold":
        return h.gold
    if stat == "food":
        return h.food
    return h.xp


def _set_stat(h: Hero, stat: Stat, value: int) -> None:
    if stat == "hp":
        h.hp = value
    elif stat == "armor":
        h.armor = value
    elif stat == "gold":
        h.gold = value
    elif stat == "food":
        h.food = value
    else:
        h.xp = value


def cap_of(s: MiniRogueState, stat: Stat) -> int:
    caps = s.data.caps
    if stat == "hp":
        return caps.hp
    if stat == "armor":
        return caps.armor
    if stat == "gold":
        return caps.gold
    if stat == "food":
        return caps.food
    return s.data.xp_cap


def gain(s: MiniRogueState, seat: int, stat: Stat, n: int) -> None:
    """§4.1, D2: a gain above a maximum is lost; D1: XP over the cap heals instead."""
    if n <= 0:
        return
    h = s.heroes[seat]
    d = s.data
    if stat == "xp":
        room = d.xp_cap - h.xp
        before = s.dice_count(h)
        got = min(n, room)
        h.xp += got
        if s.log:
            s.recorded.append((EV_GAIN, seat + 1, "@mr.stat.xp", got, h.xp))
            if s.dice_count(h) > before:
                s.record(EV_LEVEL, seat + 1, f"@mr.ui.dice.{s.dice_count(h)}")
        over = n - got
        if over and d.heal_per_xp:  # D1: XP over the cap heals
            gain(s, seat, "hp", over * d.heal_per_xp)
        return
    value = stat_of(h, stat)
    new = min(cap_of(s, stat), value + n)
    _set_stat(h, stat, new)
    if s.log:
        s.recorded.append((EV_GAIN, seat + 1, "@mr.stat." + stat, new - value, new))


def lose(s: MiniRogueState, seat: int, stat: Stat, n: int, cause: str = "room") -> None:
    """§4.4, D3: an imposed loss; lacking the full amount costs 1 HP once (a death ends the game:
    ``s.over``)."""
    if stat == "hp":
        lose_hp(s, seat, n, cause)
        return
    h = s.heroes[seat]
    value = stat_of(h, stat)
    paid = min(value, n)
    before = s.dice_count(h)
    _set_stat(h, stat, value - paid)
    if s.log:
        s.recorded.append((EV_LOSE, seat + 1, "@mr.stat." + stat, paid, value - paid))
        if stat == "xp" and s.dice_count(h) < before:
            s.record(EV_LEVEL_DOWN, seat + 1, f"@mr.ui.dice.{s.dice_count(h)}")
    if paid < n:
        if s.log:
            s.recorded.append((EV_LACK, seat + 1, s.data.lack_hp))
        lose_hp(s, seat, s.data.lack_hp, cause)


def add_status(s: MiniRogueState, seat: int, status: Status) -> None:
    h = s.heroes[seat]
    if h.has(status):
        return
    h.set_status(status, True)
    if s.log:
        s.recorded.append((EV_STATUS, seat + 1, "@mr.status." + status, "@mr.state." + status))
    use_cure(s, seat)


def use_cure(s: MiniRogueState, seat: int) -> None:
    """Ruling MR-P13: a stored cure (the Alcove) ends its status as soon as its holder has it, and
    is used up."""
    h = s.heroes[seat]
    if not h.item:
        return
    status = s.data.gear[h.item].cure
    if status and h.has(status):  # type: ignore[arg-type]
        if s.log:
            s.recorded.append((EV_ITEM_USED, seat + 1, "@mr.item." + h.item))
        h.item = ""
        cure(s, seat, (status,))  # type: ignore[arg-type]


def cure(s: MiniRogueState, seat: int, statuses: tuple[Status, ...] = STATUSES) -> None:
    """§6.5: the statuses named end (D33: a curse cured by the attacker stops lowering its dice at
    once)."""
    h = s.heroes[seat]
    for status in statuses:
        if h.has(status):
            h.set_status(status, False)
            if s.log:
                s.recorded.append((EV_CURE, seat + 1, "@mr.status." + status))
            if status == "curse" and s.foe is not None and s.actor == seat and s.data.flags.cure_curse_at_once:
                s.cursed_now = False  # D33


# -- effect lists -----------------------------------------------------------------------------------


def apply_effects(s: MiniRogueState, seat: int, effects: tuple[Effect, ...], start: int = 0) -> None:
    """A step: apply ``effects[start:]`` in order. An effect that needs a choice (a potion of the
    player's choice, which potion to let go) or a fight (the Ghost) waits, and the rest follows it
    (D35: the rest of a row after the Ghost is gained only if the Ghost is defeated)."""
    floor = s.floor
    for i in range(start, len(effects)):
        e = effects[i]
        kind = e.kind
        if kind == "stat":
            n = e.amount * floor if e.per_floor else e.amount
            if n >= 0:
                gain(s, seat, e.arg, n)  # type: ignore[arg-type]
            else:
                lose(s, seat, e.arg, -n)  # type: ignore[arg-type]
                if s.over:
                    return
        elif kind == "status":
            add_status(s, seat, e.arg)  # type: ignore[arg-type]
        elif kind == "bless":
            cure(s, seat)
        elif kind == "potion":
            if i + 1 < len(effects):
                s.push(apply_effects, seat, effects, i + 1)
            s.actor = seat
            if e.arg == "any":  # D24: of the player's choice
                s.ask(POTION_KIND, potion_chosen, seat)
            else:
                gain_potion(s, seat, e.arg)  # type: ignore[arg-type]
            return
        elif kind == "fall":
            if dungeon.fall(s):
                return
        elif kind == "ghost":
            if i + 1 < len(effects):
                s.push(apply_effects, seat, effects, i + 1)
            fighters = [seat]  # D29: fought alone, with 1-player HP
            if s.n == 2 and s.data.flags.ghost_two_player_hp:  # MR-P10, D29's alternative
                other = s.heroes[1 - seat]  # the other character in the same room fights it too
                if other.pos == s.heroes[seat].pos and not other.evade:
                    fighters.append(1 - seat)
            combat.start_combat(s, fighters, combat.GHOST)
            return
        # "nothing"


def choose(s: MiniRogueState, seat: int, options: Options) -> None:
    """One of ``options`` (a single one just applies). Among several, an option that pays a stat
    (the Hermit's "-1 XP: +3 gold") is offered only when the stat covers it (ruling MR-P14)."""
    s.actor = seat
    if len(options) == 1:
        apply_effects(s, seat, options[0])
        return
    if not any(payable(s.heroes[seat], option) for option in options):
        return  # MR-P14: nothing can be paid (a card file's choice of payments only)
    s.opts_list = options
    s.ask(OPTION, option_chosen, seat)


def payable(h: Hero, option: tuple[Effect, ...]) -> bool:
    """MR-P14: the stats an option pays are there (HP: the payment leaves at least 1)."""
    for e in option:
        if e.kind == "stat" and e.amount < 0 and not e.per_floor:
            have = stat_of(h, e.arg)  # type: ignore[arg-type]
            if have < -e.amount or (e.arg == "hp" and have == -e.amount):
                return False
    return True


def _option_legal(s: MiniRogueState) -> list[Action]:
    h = s.heroes[s.actor]
    return [A.opt(i) for i, option in enumerate(s.opts_list, start=1) if payable(h, option)]


OPTION: Final[Phase[Any]] = Phase("option", _option_legal, game=GAME_ID)
"""Choose one alternative of a result (``opt:N``)."""


def option_chosen(s: MiniRogueState, action: Action, seat: int) -> None:
    options = s.opts_list
    s.opts_list = ()
    apply_effects(s, seat, options[int(action.args[0]) - 1])


# -- potions gained (§6.3, D2, D24) -------------------------------------------------------------


def gain_potion(s: MiniRogueState, seat: int, kind: Potion) -> None:
    h = s.heroes[seat]
    if kind in h.potions:  # §6.3, D2: two of a kind cannot be kept
        if s.log:
            s.recorded.append((EV_POTION_LOST, seat + 1, "@mr.potion." + kind))
        return
    if len(h.potions) < s.data.caps.potions:
        h.add_potion(kind)
        if s.log:
            s.recorded.append((EV_POTION, seat + 1, "@mr.potion." + kind))
        return
    s.pending_potion = kind  # D24: keep the potions of your choice
    s.actor = seat
    s.ask(POTION_DROP, potion_dropped, seat)


def _kind_legal(s: MiniRogueState) -> list[Action]:
    held = s.heroes[s.actor].potions
    return [A.POTION[p] for p in POTIONS if p not in held]


def _drop_legal(s: MiniRogueState) -> list[Action]:
    held = s.heroes[s.actor].potions
    pending = s.pending_potion
    return [A.DROP[p] for p in POTIONS if p in held or p == pending]


POTION_KIND: Final[Phase[Any]] = Phase("potion_kind", _kind_legal, game=GAME_ID)
"""Which potion to take (a potion of the player's choice, D24)."""
POTION_DROP: Final[Phase[Any]] = Phase("potion_drop", _drop_legal, game=GAME_ID)
"""Which of three potions to let go (D24)."""


def potion_chosen(s: MiniRogueState, action: Action, seat: int) -> None:
    gain_potion(s, seat, action.args[0])  # type: ignore[arg-type]


def potion_dropped(s: MiniRogueState, action: Action, seat: int) -> None:
    h = s.heroes[seat]
    drop = str(action.args[0])
    kept = [p for p in (*h.potions, s.pending_potion) if p != drop]
    h.potions = sorted(kept, key=POTIONS.index)  # type: ignore[arg-type]
    if s.log:
        s.recorded.append((EV_POTION_DROP, seat + 1, "@mr.potion." + drop))
    s.pending_potion = ""


NOTHING: Final = Effect("nothing")
"""The effect of declining a treasure's reward (D35's alternative)."""
