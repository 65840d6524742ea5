"""Action value objects of Mini Rogue v1.2.1 and their notation.

Decisions::

    take:CARD        choose one card of a revealed pair (column 2 or 4)
    enter            resolve the room card (after casting Heal at its start, ruling R12/R28)
    cast:SPELL       cast a held spell (Heal before a room; any spell in the spell step)
    nospell          cast nothing in the spell step
    discard:SPELL    discard a held spell (any decision point, R29; or the third-spell choice, R6)
    buy:WARE         Merchant: ration, potion, bigpotion, armor, fire, ice, poison, heal
    sell:ITEM        Merchant: armor, or a held spell
    leave            leave the Merchant
    rest:OPTION      Resting: xp, food, hp (exactly one, R32)
    check / accept   Event: make the optional skill check, or take the roll as it is
    keep / up / down Event: after a successful check, keep or shift the roll by 1 (R2, R21)
    crit:N           reroll the open 6 on die N (1-based)
    stop             stop rerolling criticals (closes every open die, R17)
    feat:N,hp|xp     feat: reroll die N, paying 2 HP or 1 XP (R16)
    done             end the feat stage and deal the damage

Chance outcomes::

    reveal:CARD      the card turned up in a single column
    reveal:CARD,CARD the two cards turned up in a pair column (either order may be typed)
    d6:N             one die
    roll:A,B,...     the attack roll, faces in ascending order
"""

from __future__ import annotations

from typing import Final

from solotable.core.protocol import Action

from .data import ROOM_CARDS, SPELLS

WARES: Final[tuple[str, ...]] = ("ration", "potion", "bigpotion", "armor", *SPELLS)

ENTER: Final = Action("enter")
NOSPELL: Final = Action("nospell")
LEAVE: Final = Action("leave")
CHECK: Final = Action("check")
ACCEPT: Final = Action("accept")
KEEP: Final = Action("keep")
UP: Final = Action("up")
DOWN: Final = Action("down")
STOP: Final = Action("stop")
DONE: Final = Action("done")

TAKE: Final = tuple(Action("take", c) for c in ROOM_CARDS)
CAST: Final = {s: Action("cast", s) for s in SPELLS}
DISCARD: Final = {s: Action("discard", s) for s in SPELLS}
BUY: Final = {w: Action("buy", w) for w in WARES}
SELL: Final = {s: Action("sell", s) for s in ("armor", *SPELLS)}
REST: Final = {o: Action("rest", o) for o in ("xp", "food", "hp")}
CRIT: Final = tuple(Action("crit", i + 1) for i in range(4))
FEAT_HP: Final = tuple(Action("feat", i + 1, "hp") for i in range(4))
FEAT_XP: Final = tuple(Action("feat", i + 1, "xp") for i in range(4))
D6: Final = tuple(Action("d6", f) for f in range(1, 7))
