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

from solotable.core.protocol import Action

from .data import ROOM_CARDS, SPELLS

WARES: tuple[str, ...] = ("ration", "potion", "bigpotion", "armor", *SPELLS)

ENTER = Action("enter")
NOSPELL = Action("nospell")
LEAVE = Action("leave")
CHECK = Action("check")
ACCEPT = Action("accept")
KEEP = Action("keep")
UP = Action("up")
DOWN = Action("down")
STOP = Action("stop")
DONE = Action("done")

TAKE = tuple(Action("take", c) for c in ROOM_CARDS)
CAST = {s: Action("cast", s) for s in SPELLS}
DISCARD = {s: Action("discard", s) for s in SPELLS}
BUY = {w: Action("buy", w) for w in WARES}
SELL = {s: Action("sell", s) for s in ("armor", *SPELLS)}
REST = {o: Action("rest", o) for o in ("xp", "food", "hp")}
CRIT = tuple(Action("crit", i + 1) for i in range(4))
FEAT_HP = tuple(Action("feat", i + 1, "hp") for i in range(4))
FEAT_XP = tuple(Action("feat", i + 1, "xp") for i in range(4))
D6 = tuple(Action("d6", f) for f in range(1, 7))
