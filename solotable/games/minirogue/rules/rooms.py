"""Resolving the room cards (§3.3 exploration step 1, §8; decisions D7, D9, D21, D26, D27, D34;
rulings MR-P7, MR-P8).

:func:`resolve` dispatches on the card's type: a monster starts a fight (shared by both heroes in
the same room, §9), a trap or a graveyard a skill check, a campfire refreshes the skill and
offers its choice, a merchant opens the shop, a treasure pays its gold and starts a check, the
shrine takes an offering and rolls, an item room offers its skill check, whose black die picks
the item. :func:`resolved` then turns up the rooms to the right and below (§3.3 step 2; not when blind, §6.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from solotable.core.engine import EventKind, Phase
from solotable.core.protocol import Action

from .. import actions as A
from ..data import CARD_INDEX, ROOM_CARDS, ROOM_TYPE
from ..state import EXIT, GAME_ID, MET_MONSTER, MET_TRAP, MONSTER
from . import checks, combat, dungeon, effects
from .tables import D6_TABLE

EV_RESOLVE: Final = EventKind("mr.ev.resolve", "seat", "card")
EV_BUY: Final = EventKind("mr.ev.buy", "seat", "ware")
EV_SHRINE: Final = EventKind("mr.ev.shrine", "face", "row")
EV_ITEM_FOUND: Final = EventKind("mr.ev.item_found", "seat", "face", "item")
EV_ITEM_DROP: Final = EventKind("mr.ev.item_drop", "seat", "item")
EV_ITEM: Final = EventKind("mr.ev.item", "seat", "item")
EV_EVADED: Final = EventKind("mr.ev.evaded", "seat", "card")
EV_LEAVE: Final = EventKind("mr.ev.leave", "seat")
EV_OFFER: Final = EventKind("mr.ev.offer", "seat")
EV_SELL: Final = EventKind("mr.ev.sell", "seat", "what")
EV_REFRESH: Final = EventKind("mr.ev.refresh", "seat")
EV_ITEM_GONE: Final = EventKind("mr.ev.item_gone", "seat")

if TYPE_CHECKING:
    from ..state import MiniRogueState


def resolve(s: MiniRogueState, seat: int) -> None:
    """A step: ``seat`` resolves the room it stands in (nothing at the exit, nothing twice)."""
    h = s.heroes[seat]
    if h.resolved or h.pos == EXIT:
        return
    s.actor = seat
    index = s.grid[h.pos]
    card = ROOM_CARDS[index]
    if h.evade:  # D21, MR-P6: the next room card entered is entered but not resolved
        h.evade = False
        s.push(resolved, seat)
        if s.log:
            s.recorded.append((EV_EVADED, seat + 1, "@mr.card." + card))
        return
    kind = ROOM_TYPE[index]
    if s.log:
        s.recorded.append((EV_RESOLVE, seat + 1, "@mr.card." + card))
    s.c_card = card
    if kind == "monster":
        h.met |= MET_MONSTER  # D9
        fighters = [seat]
        if s.n == 2:
            other = s.heroes[1 - seat]
            if other.pos == h.pos and not other.resolved and not other.evade:
                fighters.append(1 - seat)  # §9, MR-P8: one shared fight, two-player HP
                other.met |= MET_MONSTER
        if len(fighters) == 1:
            s.push(resolved, seat)  # (the same step as below, without a generator and its tuple)
        else:
            s.then(*((resolved, (f,)) for f in fighters))
        combat.start_combat(s, fighters, MONSTER)
        return
    s.push(resolved, seat)
    if kind == "trap":
        h.met |= MET_TRAP
        checks.start_check(s, "trap")
    elif kind == "graveyard":
        checks.start_check(s, "graveyard")
    elif kind == "campfire":  # §8.4: the refresh icon comes first
        if not h.skill_up and s.log:
            s.record(EV_REFRESH, seat + 1)
        h.skill_up = True
        effects.choose(s, seat, s.data.campfires[card])
    elif kind == "merchant":
        s.ask(SHOP, shop_decided, seat)
    elif kind == "treasure":  # §8.6, D9: more gold after a monster or trap room in this area
        t = s.data.treasures[card]
        effects.gain(s, seat, "gold", t.gold_condition if h.met & t.condition else t.gold)
        checks.start_check(s, "treasure")
    elif kind == "shrine":
        s.ask(SHRINE, shrine_decided, seat)
    elif s.item_taken >> CARD_INDEX[card] & 1:  # D27: only one character takes it
        if s.log:
            s.recorded.append((EV_ITEM_GONE, seat + 1))
    else:
        s.ask(ITEM, item_decided, seat)


def resolved(s: MiniRogueState, seat: int) -> None:
    """A step: the room is done (D23: a Shield lasts one room); the rooms to the right and below
    are turned up (§3.3 step 2), unless the hero is blind (§6.5)."""
    h = s.heroes[seat]
    h.resolved = True
    h.shield = 0
    if h.blind:
        return
    pos = h.pos
    right = pos % 3 < 2 and pos + 1 != EXIT
    below = pos < 6 and pos + 3 != EXIT
    # the reveals are this step's last work: the first is made at once, the second pushed
    if right and below:
        s.push(dungeon.reveal, pos + 3)
        dungeon.reveal(s, pos + 1)
    elif right:
        dungeon.reveal(s, pos + 1)
    elif below:
        dungeon.reveal(s, pos + 3)


# -- merchants (§8.5, D26) ---------------------------------------------------------------------


def _shop_legal(s: MiniRogueState) -> list[Action]:
    h = s.heroes[s.actor]
    floor = s.floor
    out = [A.LEAVE]
    for w in s.data.merchants[s.c_card].wares:
        if h.gold < w.cost(floor):
            continue
        if w.potion and w.potion != "any" and w.potion in h.potions:
            continue  # MR-P7 (D34's reasoning): a potion you already hold would be lost
        out.append(A.BUY[w.key])
    if h.armor > 0:
        out.append(A.SELL_ARMOR)
    out.extend(A.SELL[p] for p in h.potions)
    return out


def shop(s: MiniRogueState, seat: int) -> None:
    """A step: back to the shop after a purchase."""
    s.actor = seat
    s.ask(SHOP, shop_decided, seat)


def shop_decided(s: MiniRogueState, action: Action, seat: int) -> None:
    h = s.heroes[seat]
    name = action.name
    merchant = s.data.merchants[s.c_card]
    if name == "leave":
        if s.log:
            s.recorded.append((EV_LEAVE, seat + 1))
        return
    what = str(action.args[0])
    if name == "sell":
        if what == "armor":
            h.armor -= 1
            if s.log:
                s.recorded.append((EV_SELL, seat + 1, "@mr.give.armor"))
            effects.gain(s, seat, "gold", merchant.sell_armor)
        else:
            h.potions.remove(what)  # type: ignore[arg-type]
            if s.log:
                s.recorded.append((EV_SELL, seat + 1, "@mr.give." + what))
            effects.gain(s, seat, "gold", merchant.sell_potion)
        s.ask(SHOP, shop_decided, seat)
        return
    ware = next(w for w in merchant.wares if w.key == what)
    h.gold -= ware.cost(s.floor)
    if s.log:
        s.recorded.append((EV_BUY, seat + 1, "@mr.ware." + what))
    s.push(shop, seat)
    effects.apply_effects(s, seat, ware.gain)


# -- the shrine (§8.7, D14) --------------------------------------------------------------------


def _shrine_legal(s: MiniRogueState) -> list[Action]:
    if s.heroes[s.actor].gold >= s.data.shrine.offer_gold:
        return [A.ROLL, A.OFFER]
    return [A.ROLL]


def shrine_decided(s: MiniRogueState, action: Action, seat: int) -> None:
    s.c_ok = action.name == "offer"
    if s.c_ok:
        s.heroes[seat].gold -= s.data.shrine.offer_gold
        if s.log:
            s.recorded.append((EV_OFFER, seat + 1))
    s.draw(SHRINE_ROLL, D6_TABLE, shrine_rolled, seat)


def shrine_rolled(s: MiniRogueState, outcome: Action, seat: int) -> None:
    """An offering adds its bonus to the row unless the die shows 6."""
    face = int(outcome.args[0])
    row = face
    shrine = s.data.shrine
    if s.c_ok and face < 6:
        row = min(6, face + shrine.offer_bonus)
    if s.log:
        s.recorded.append((EV_SHRINE, face, row))
    s.c_ok = False
    effects.choose(s, seat, shrine.rows[row - 1])


# -- item rooms (§8.8, D27, MR-P8, MR-P13) -----------------------------------------------------------


def _item_legal(s: MiniRogueState) -> list[Action]:
    return [A.LEAVE, A.TRY]


def item_decided(s: MiniRogueState, action: Action, seat: int) -> None:
    """§8.8: the Armory and the Alcove are entered by a skill check (F ArmoryThrowDice.cpp, J-data
    Item_Alcove.asset); its black die picks the item (see :func:`checks.check_done`)."""
    if action.name == "try":
        checks.start_check(s, "item")


def offer_item(s: MiniRogueState, seat: int, face: int) -> None:
    """After the check's success: the item of the black die's face is offered."""
    s.c_item = s.data.items[s.c_card].items[face - 1]
    if s.log:
        s.recorded.append((EV_ITEM_FOUND, seat + 1, face, "@mr.item." + s.c_item))
    s.ask(TAKE, take_decided, seat)


def take_decided(s: MiniRogueState, action: Action, seat: int) -> None:
    if action.name == "take":
        take_item(s, seat)
    s.c_item = ""


def take_item(s: MiniRogueState, seat: int) -> None:
    h = s.heroes[seat]
    if h.item and s.log:  # D27: the old item goes back to the room deck
        s.record(EV_ITEM_DROP, seat + 1, "@mr.item." + h.item)
    h.item = s.c_item
    s.item_taken |= 1 << CARD_INDEX[s.c_card]
    if s.log:
        s.recorded.append((EV_ITEM, seat + 1, "@mr.item." + h.item))
    effects.use_cure(s, seat)  # MR-P13: a cure taken while its status is on is used at once


def _take_legal(s: MiniRogueState) -> list[Action]:
    return [A.TAKE, A.LEAVE]


SHOP: Final[Phase[Any]] = Phase("shop", _shop_legal, game=GAME_ID)
"""At a merchant: buy, sell, or leave."""
SHRINE: Final[Phase[Any]] = Phase("shrine", _shrine_legal, game=GAME_ID)
"""At the shrine: make an offering, or not, and roll."""
SHRINE_ROLL: Final[Phase[Any]] = Phase("shrine_roll", chance=True, game=GAME_ID)
"""The shrine's black die."""
ITEM: Final[Phase[Any]] = Phase("item", _item_legal, game=GAME_ID)
"""In an item room: try the skill check, or leave."""
TAKE: Final[Phase[Any]] = Phase("take", _take_legal, game=GAME_ID)
"""After an item room's check: take the item the black die gave, or leave it."""
