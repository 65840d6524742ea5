"""Skill checks and feats (§6.1, §6.2, §6.4; decisions D7, D19, D30).

A check rolls the white dice and the black die together (ruling MR-P3): it succeeds if a white
die shows 5 or 6; before accepting, the player may reroll dice by feats (1 XP, 2 HP, or free
with an item) and drink potions (Perception passes it). The black die picks the card's row.
What a check is for: a trap's row (success or failure), a graveyard's row (on a success the
die may move by 1), a treasure's reward, an item room's item.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from solotable.core.engine import EventKind, Phase
from solotable.core.protocol import Action

from .. import actions as A
from ..state import GAME_ID
from . import combat, effects, potions
from .tables import WHITE_FACE, WHITE_TABLE, check_table, read_roll

EV_CHECK: Final = EventKind("mr.ev.check", "seat", "white", "black")
EV_FEAT: Final = EventKind("mr.ev.feat", "seat", "die", "cost")
EV_FEAT_ROLL: Final = EventKind("mr.ev.feat_roll", "die", "face")
EV_ROW: Final = EventKind("mr.ev.row", "row")
EV_ITEM_USED: Final = EventKind("mr.ev.item_used", "seat", "item")
EV_CHECK_OK: Final = EventKind("mr.ev.check_ok", "seat")
EV_CHECK_FAIL: Final = EventKind("mr.ev.check_fail", "seat")

if TYPE_CHECKING:
    from ..state import Hero, MiniRogueState


def start_check(s: MiniRogueState, kind: str) -> None:
    """A skill check of ``kind`` (``trap``, ``graveyard``, ``treasure``, ``item``) by the actor."""
    s.c_kind = kind
    s.c_white = []
    s.featted = []
    s.free_feats = 0
    seat = s.actor
    s.draw(CHECK_ROLL, check_table(s.dice_count(s.heroes[seat])), check_rolled, seat)


def check_rolled(s: MiniRogueState, outcome: Action, seat: int) -> None:
    r = read_roll(outcome)
    s.c_white = list(r.white)
    s.c_black = r.black
    s.featted = [False] * len(s.c_white)
    s.c_ok = False
    if s.log:
        s.recorded.append((EV_CHECK, seat + 1, str(outcome.args[0]), r.black))  # the faces as codes: event_words
    s.ask(CHECK, check_decided, seat)


def _check_legal(s: MiniRogueState) -> list[Action]:
    h = s.heroes[s.actor]
    out = [A.ACCEPT]
    feat_actions(s, h, len(s.c_white), out, in_fight=False)
    if h.potions:
        for p in potions.drinkable(s, h, fight=False, check=True):
            out.append(A.DRINK[p])
    return out


FEATS: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = tuple(
    tuple(tuple(A.FEAT[(die, cost)] for k, cost in enumerate(("xp", "hp", "free")) if can >> k & 1) for die in A.DICE)
    for can in range(8)
)
"""The feats on each die (0-based) by what can pay for them (bits: 1 XP, 2 HP, 4 free), in the
order xp, hp, free."""


def feat_actions(s: MiniRogueState, h: Hero, n: int, out: list[Action], *, in_fight: bool) -> None:
    """§6.2: a feat rerolls a white die, once per die (D19: not a die lost or in a critical
    chain); paid with 1 XP, 2 HP (D30: not a payment that would kill) or free with an item."""
    d = s.data
    can = 1 if h.xp >= d.feat_xp else 0  # what can pay: bits of FEATS
    if h.hp > d.feat_hp or (d.flags.lethal_payments and h.hp >= d.feat_hp):
        can |= 2
    if s.free_feats > 0 or (h.item and d.gear[h.item].free_feats):
        can |= 4
    if not can:
        return
    feats = FEATS[can]
    featted = s.featted
    removed = s.removed
    chain = s.chain
    for i in range(n):
        if featted[i] or (in_fight and (removed[i] or chain[i])):
            continue
        out += feats[i]


def feat(s: MiniRogueState, seat: int, action: Action) -> None:
    """Pay for a feat and reroll its die (§6.2; §6.4, D7: an item used up gives its free feats for
    this roll)."""
    h = s.heroes[seat]
    i = int(action.args[0]) - 1
    cost = str(action.args[1])
    s.featted[i] = True
    if s.log:
        s.recorded.append((EV_FEAT, seat + 1, i + 1, "@mr.cost." + cost))
    if cost == "xp":
        effects.lose(s, seat, "xp", s.data.feat_xp)  # D19: a lost die goes from the next roll
        if s.over:
            return
    elif cost == "hp":
        effects.lose_hp(s, seat, s.data.feat_hp, "feat")
        if s.over:
            return
    elif s.free_feats > 0:
        s.free_feats -= 1
    else:
        free = s.data.gear[h.item].free_feats
        if s.log:
            s.recorded.append((EV_ITEM_USED, seat + 1, "@mr.item." + h.item))
        h.item = ""
        s.free_feats = free - 1
    s.die = i
    s.draw(FEAT_ROLL, WHITE_TABLE, feat_rolled, seat)


def feat_rolled(s: MiniRogueState, outcome: Action, seat: int) -> None:
    i = s.die
    face = WHITE_FACE[outcome]
    if s.log:
        s.recorded.append((EV_FEAT_ROLL, i + 1, "×" if face == 1 else face))
    if s.foe is not None:
        s.dice[i] = face
        s.ask(combat.ATTACK, combat.attack_decided, seat)
    else:
        s.c_white[i] = face
        s.ask(CHECK, check_decided, seat)


def check_decided(s: MiniRogueState, action: Action, seat: int) -> None:
    name = action.name
    if name == "accept":
        check_done(s, seat)
    elif name == "feat":
        feat(s, seat, action)
    else:  # drink
        potions.drink(s, seat, action.args[0], check=True)  # type: ignore[arg-type]
        s.ask(CHECK, check_decided, seat)


def check_done(s: MiniRogueState, seat: int) -> None:
    ok = s.check_ok()
    if s.log:
        s.recorded.append((EV_CHECK_OK if ok else EV_CHECK_FAIL, seat + 1))
    s.free_feats = 0
    kind = s.c_kind
    black = s.c_black
    d = s.data
    if kind == "trap":
        row = d.traps[s.c_card][black - 1]
        if s.log:
            s.recorded.append((EV_ROW, "@mr.name." + row.name))
        effects.apply_effects(s, seat, row.success if ok else row.fail)
    elif kind == "graveyard":
        if ok:
            s.ask(SHIFT, shifted, seat)  # §6.1: ±1 after a success
        else:
            grave_row(s, seat)
    elif kind == "treasure":
        if not ok:
            return
        options = d.treasures[s.c_card].rows[black - 1]
        if d.flags.treasure_reward_optional:  # D35 alternative: it may be declined
            options = (*options, (effects.NOTHING,))
        effects.choose(s, seat, options)
    elif ok:  # item (§8.8): the black die picks the item, which may be taken (MR-P8)
        from .rooms import offer_item

        offer_item(s, seat, black)


def _shift_legal(s: MiniRogueState) -> list[Action]:
    out = [A.KEEP]
    if s.c_black < 6:
        out.append(A.UP)
    if s.c_black > 1:
        out.append(A.DOWN)
    return out


def shifted(s: MiniRogueState, action: Action, seat: int) -> None:
    if action.name == "up":
        s.c_black += 1
    elif action.name == "down":
        s.c_black -= 1
    grave_row(s, seat)


def grave_row(s: MiniRogueState, seat: int) -> None:
    row = s.data.graveyards[s.c_card][s.c_black - 1]
    if s.log:
        s.recorded.append((EV_ROW, "@mr.name." + row.name))
    effects.choose(s, seat, row.options)


CHECK_ROLL: Final[Phase[Any]] = Phase("check_roll", chance=True, game=GAME_ID)
"""A skill check's roll: the white dice and the black die."""
CHECK: Final[Phase[Any]] = Phase("check", _check_legal, game=GAME_ID)
"""After a check's roll: feats and potions, then accept the result."""
SHIFT: Final[Phase[Any]] = Phase("shift", _shift_legal, game=GAME_ID)
"""After a graveyard check's success: move the black die by 1, or keep it."""
FEAT_ROLL: Final[Phase[Any]] = Phase("feat_roll", chance=True, game=GAME_ID)
"""A feat's reroll of one white die."""
