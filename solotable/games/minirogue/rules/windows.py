"""Decision windows (D32, rulings MR-P4, MR-P11): potions, Exploration skills (§4.3) and, with two
players in the same room, gifts and trades (§9).

In a window either seat may act, in any order; the protocol names one seat at a time, so the
window opens with the Leader, the seat to move acts as often as it likes and then ``wait`` (the
other seat acts first, then this one again) or ``pass`` (done with this window); play goes on
when both have passed. A gift or trade is an offer the partner accepts or declines; then the
window is back with the giver.

A seat is asked only when it has something to do (MR-P11): a potion that would do something or
a skill that can be used; a gift or trade (both players in one room, D32) in the windows after the
rooms and at the exit, and in every window of D32 (the area's start, before the rooms, between
them) once the seat has asked for it: ``share:on``, offered beside the gifts and trades of any
window it is asked in, stops it at every shared window until ``share:off``. Otherwise it passes
by itself: nobody is asked to pass before every room because a gift could be made, and a Leader
who wants to hand gold to the Partner between their two visits to one Merchant can.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from solotable.core.engine import EventKind, Phase
from solotable.core.protocol import Action

from .. import actions as A
from ..data import POTIONS
from ..state import EXIT, GAME_ID, Offer
from . import dungeon, effects, potions

EV_DECLINED: Final = EventKind("mr.ev.declined", "seat")
EV_TRADE: Final = EventKind("mr.ev.trade", "seat", "to", "what", "got")
EV_GIVE: Final = EventKind("mr.ev.give", "seat", "to", "what")
EV_SKILL: Final = EventKind("mr.ev.skill", "seat", "skill")
EV_TRADE_OFFER: Final = EventKind("mr.ev.trade_offer", "seat", "to", "what", "got")
EV_GIFT_OFFER: Final = EventKind("mr.ev.gift_offer", "seat", "to", "what")

if TYPE_CHECKING:
    from ..state import Hero, MiniRogueState


AREA_START: Final = "start"
"""The window at the start of an area, before the start room resolves."""
BEFORE_ROOM: Final = "before"
"""After the moves, before the (Leader's) room resolves."""
BETWEEN_ROOMS: Final = "between"
"""Between the Leader's and the Partner's rooms."""
AFTER_ROOMS: Final = "after"
"""After the rooms, before moving."""
BEFORE_BOSS: Final = "boss"
"""At the exit, before the boss fight."""
AT_EXIT: Final = "exit"
"""At the exit, before Delving (after the boss fight, if any)."""
WHEN: Final = (AREA_START, BEFORE_ROOM, BETWEEN_ROOMS, AFTER_ROOMS, BEFORE_BOSS, AT_EXIT)
OFFER_WINDOWS: Final = frozenset((AFTER_ROOMS, BEFORE_BOSS, AT_EXIT))
"""The windows that offers alone open (MR-P11)."""


def window(s: MiniRogueState, seats: tuple[int, ...], when: str, turn: int = -1, done: int = 0) -> None:
    """A step: the decision window ``when`` for ``seats`` (the Leader first), or reopened for ``turn``."""
    if s.n == 1 and turn < 0 and not done:
        # one hero, as every window of a solo game: open_window's loop, written for one seat
        seat = seats[0]
        s.actor = seat
        s.win_turn = 0
        if _has_something_to_do(s, s.heroes[seat]):
            s.win = [seat]
            s.win_when = when
            s.win_done = 0
            s.ask(WINDOW, window_decided, seat)
        else:  # it passes, and the window shuts
            s.win = []
            s.win_when = ""
            s.win_done = 1
        return
    s.win = list(seats)
    s.win_when = when
    s.win_turn = s.win.index(turn) if turn >= 0 else 0
    s.win_done = done
    open_window(s)


def open_window(s: MiniRogueState) -> None:
    """Ask the seat whose turn it is, if it has something to do; else it passes."""
    win = s.win
    everyone = (1 << len(win)) - 1
    while win and s.win_done != everyone:
        if s.win_done >> s.win_turn & 1:
            s.win_turn = (s.win_turn + 1) % len(win)
            continue
        seat = win[s.win_turn]
        s.actor = seat
        if _has_something_to_do(s, s.heroes[seat]):
            s.ask(WINDOW, window_decided, seat)
            return
        pass_turn(s)
    s.win = []
    s.win_when = ""


def _has_something_to_do(s: MiniRogueState, h: Hero) -> bool:
    """MR-P11: a potion or a skill to use; offers only in the windows they open."""
    if h.potions and potions.drinkable(s, h, fight=False):
        return True
    out: list[Action] = []
    if h.skill_up:
        _skills(s, h, out)
        if out:
            return True
    if s.n == 2 and (s.win_when in OFFER_WINDOWS or h.share):
        _exchanges(s, h, out)
    return bool(out)


def pass_turn(s: MiniRogueState) -> None:
    s.win_done |= 1 << s.win_turn
    s.win_turn = (s.win_turn + 1) % len(s.win)


def _waits(s: MiniRogueState) -> bool:
    """``wait`` is open: the other seat of the window has not passed yet."""
    return len(s.win) == 2 and not s.win_done >> (1 - s.win_turn) & 1


def _window_legal(s: MiniRogueState) -> list[Action]:
    out = [A.PASS, A.WAIT] if _waits(s) else [A.PASS]
    out.extend(window_actions(s, s.heroes[s.actor]))
    return out


def room_ahead(s: MiniRogueState, h: Hero) -> bool:
    """D21, MR-P6: Evasion needs a room card to skip: the unresolved start room, or a room card
    reachable by the next move (never the boss)."""
    if not h.resolved:
        return h.pos == 0 and s.data.flags.evasion_on_start_room
    return h.pos != EXIT and h.pos != 5 and h.pos != 7


def window_actions(s: MiniRogueState, h: Hero) -> list[Action]:
    """What ``h`` may do in a window besides passing."""
    out = [A.DRINK[p] for p in potions.drinkable(s, h, fight=False)] if h.potions else []
    if h.skill_up:
        _skills(s, h, out)
    if s.n == 2:
        _exchanges(s, h, out)
        out.append(A.SHARE_OFF if h.share else A.SHARE_ON)  # D32, MR-P11
    return out


def _skills(s: MiniRogueState, h: Hero, out: list[Action]) -> None:
    """The Exploration skills (§4.3, D4, D21, D22, D23; MR-P7: not where they do nothing)."""
    c = h.char
    at_exit = h.pos == EXIT
    if c == "rogue":
        if not h.evade and room_ahead(s, h):  # MR-P6
            out.append(A.EVADE)
    elif c == "priestess":
        cap = s.data.caps.hp
        for seat, t in enumerate(s.heroes):
            sts = t.statuses()
            out.extend(A.BLESS_STATUS[(seat + 1, st)] for st in sts)
            if not sts and t.hp < cap:
                out.append(A.BLESS[seat + 1])
    elif c == "crusader":
        # D23: at the exit, Shield only serves for the boss fight still to come
        if any(t.shield == 0 for t in s.heroes) and (not at_exit or (s.boss_ahead and s.data.flags.shield_counts_boss)):
            out.append(A.SHIELD)
    elif c == "mage" and not at_exit and min(s.grid[:8]) < 0:
        out.append(A.FORESEE)


def _exchanges(s: MiniRogueState, h: Hero, out: list[Action]) -> None:
    """§9, D2, MR-P4: in the same room (or both at the exit), a gift the partner can keep within
    the maxima, or a swap of a potion for a potion or the item for the item."""
    other = s.heroes[1 - s.actor]
    if other.pos != h.pos:
        return
    caps = s.data.caps
    if h.gold and other.gold < caps.gold:
        out.append(A.GIVE["gold"])
    if h.food and other.food < caps.food:
        out.append(A.GIVE["food"])
    if h.armor and other.armor < caps.armor:
        out.append(A.GIVE["armor"])
    if h.item and not other.item:
        out.append(A.GIVE["item"])
    if len(other.potions) < caps.potions:
        out.extend(A.GIVE[p] for p in h.potions if p not in other.potions)
    if h.item and other.item:
        out.append(A.TRADE[("item", "item")])
    out.extend(
        A.TRADE[(g, t)] for g in h.potions for t in other.potions if t not in h.potions and g not in other.potions
    )


def window_decided(s: MiniRogueState, action: Action, seat: int) -> None:
    s.declined = False
    name = action.name
    args = action.args
    h = s.heroes[seat]
    if name == "drink":
        potions.drink(s, seat, args[0])  # type: ignore[arg-type]
    elif name == "pass":
        pass_turn(s)
    elif name == "wait":  # D32: let the partner act first; this seat gets the window back
        s.win_turn = 1 - s.win_turn
    elif name == "share":  # D32, MR-P11: every shared window opens for this seat, or only when needed
        h.share = args[0] == "on"
        if s.log:
            s.emit("mr.ev.share_on" if h.share else "mr.ev.share_off", seat=seat + 1)
    elif name == "give" or name == "trade":  # D32: an offer, which the receiver accepts or declines
        give = str(args[0])
        get = str(args[1]) if name == "trade" else ""
        s.offer = Offer(seat, give, get)
        if s.log:
            if get:
                s.record(EV_TRADE_OFFER, seat + 1, 2 - seat, "@mr.give." + give, "@mr.give." + get)
            else:
                s.record(EV_GIFT_OFFER, seat + 1, 2 - seat, "@mr.give." + give)
        s.ask(OFFER, offer_answered, actor=1 - seat)
        return
    else:  # an Exploration skill: the card turns face down (§4.3)
        h.skill_up = False
        if s.log:
            s.recorded.append((EV_SKILL, seat + 1, "@mr.skill." + name))
        if name == "evade":
            h.evade = True
        elif name == "bless":  # D4
            target = int(args[0]) - 1
            if len(args) > 1:
                effects.cure(s, target, (args[1],))  # type: ignore[arg-type]
            effects.gain(s, target, "hp", s.data.blessing_heal)
        elif name == "shield":  # D23
            for t in s.heroes:
                t.shield = s.data.shield_armor
        else:  # foresee, D22: the window reopens for the same seats after the reveals
            reopen = (tuple(s.win), s.win_when, seat, s.win_done)
            s.then((foresee, (seat, s.data.foresight_cards)), (window, reopen))
            s.win = []
            return
    open_window(s)


def _offer_legal(s: MiniRogueState) -> list[Action]:
    return [A.ACCEPT, A.DECLINE]


def offer_answered(s: MiniRogueState, action: Action) -> None:
    """D32: a gift or trade takes effect when the receiving player accepts it."""
    offer = s.offer
    assert offer is not None
    giver, give, get = offer
    s.offer = None
    if action.name == "accept":
        exchange(s, giver, give, get)
        if s.log:
            if get:
                s.record(EV_TRADE, giver + 1, 2 - giver, "@mr.give." + give, "@mr.give." + get)
            else:
                s.record(EV_GIVE, giver + 1, 2 - giver, "@mr.give." + give)
    else:
        s.declined = True
        if s.log:
            s.recorded.append((EV_DECLINED, 2 - giver))
    s.actor = giver
    open_window(s)


def _hand_over(src: Hero, dst: Hero, what: str) -> None:
    if what == "gold":
        src.gold -= 1
        dst.gold += 1
    elif what == "food":
        src.food -= 1
        dst.food += 1
    elif what == "armor":
        src.armor -= 1
        dst.armor += 1
    elif what in POTIONS:
        src.potions.remove(what)
        dst.add_potion(what)


def exchange(s: MiniRogueState, giver: int, give: str, get: str) -> None:
    a, b = s.heroes[giver], s.heroes[1 - giver]
    _hand_over(a, b, give)
    _hand_over(b, a, get)
    if give == "item" or get == "item":
        item_a = b.item if get == "item" else (a.item if give != "item" else "")
        item_b = a.item if give == "item" else (b.item if get != "item" else "")
        a.item, b.item = item_a, item_b
        effects.use_cure(s, giver)  # MR-P13: a stored cure received by an afflicted character is used
        effects.use_cure(s, 1 - giver)


# -- Foresight (D22) ----------------------------------------------------------------------------


def foresee(s: MiniRogueState, seat: int, left: int) -> None:
    """A step: the Mage may turn up another face-down room (up to ``left`` more)."""
    s.actor = seat
    s.foresee_left = left
    if left <= 0 or min(s.grid[:8]) >= 0:
        return
    s.ask(FORESEE, foreseen, seat)


def _foresee_legal(s: MiniRogueState) -> list[Action]:
    out = [A.STOP]
    out.extend(A.SEE[p] for p in range(8) if s.grid[p] < 0)
    return out


def foreseen(s: MiniRogueState, action: Action, seat: int) -> None:
    if action.name == "stop":
        return
    pos = (int(action.args[0]) - 1) * 3 + int(action.args[1]) - 1
    s.then((dungeon.reveal, (pos,)), (foresee, (seat, s.foresee_left - 1)))


WINDOW: Final[Phase[Any]] = Phase("window", _window_legal, game=GAME_ID)
"""A decision window: potions, skills, offers; then wait or pass."""
OFFER: Final[Phase[Any]] = Phase("offer", _offer_legal, game=GAME_ID)
"""The partner answers a gift or trade."""
FORESEE: Final[Phase[Any]] = Phase("foresee", _foresee_legal, game=GAME_ID)
"""Foresight: turn up a face-down room, or stop."""
