"""Every decision of Mini Rogue (2020) as a shared :class:`Action` (legal actions are listed at
every decision: each is built once here), and their notations (ruling MR-P3 for the rolls)."""

from __future__ import annotations

from solotable.core.protocol import Action

from .data import POTIONS, STATUSES, WARES

PASS = Action("pass")
WAIT = Action("wait")
MOVE_RIGHT = Action("move", "right")
MOVE_DOWN = Action("move", "down")
ROLL = Action("roll")
CONFIRM = Action("confirm")
BACKSTAB = Action("backstab")
STUN = Action("stun")
EVADE = Action("evade")
SHIELD = Action("shield")
FORESEE = Action("foresee")
ACCEPT = Action("accept")
DECLINE = Action("decline")
KEEP = Action("keep")
UP = Action("up")
DOWN = Action("down")
LEAVE = Action("leave")
TAKE = Action("take")
TRY = Action("try")
OFFER = Action("offer")
STOP = Action("stop")
SELL_ARMOR = Action("sell", "armor")
SHARE_ON = Action("share", "on")  # D32, MR-P11: beside every co-op decision
SHARE_OFF = Action("share", "off")

DICE = (1, 2, 3)
"""White dice are numbered 1-3 in actions (``crit:2``)."""
DRINK = {p: Action("drink", p) for p in POTIONS}
CONJURE = {p: Action("conjure", p) for p in ("fire", "frost", "poison")}
POTION = {p: Action("potion", p) for p in POTIONS}
DROP = {p: Action("drop", p) for p in POTIONS}
SELL = {p: Action("sell", p) for p in POTIONS}
BUY = {w: Action("buy", w) for w in WARES}
CRIT = {i: Action("crit", i) for i in DICE}
CONFIRM_DIE = {i: Action("confirm", i) for i in DICE}
FEAT = {(i, cost): Action("feat", i, cost) for i in DICE for cost in ("xp", "hp", "free")}
OPT: dict[int, Action] = {}
TRIBUTE: dict[int, Action] = {}
BLESS = {seat: Action("bless", seat) for seat in (1, 2)}
BLESS_STATUS = {(seat, s): Action("bless", seat, s) for seat in (1, 2) for s in STATUSES}
SEE = {pos: Action("see", pos // 3 + 1, pos % 3 + 1) for pos in range(8)}
GIVE = {w: Action("give", w) for w in ("gold", "food", "armor", "item", *POTIONS)}
TRADE = {(a, b): Action("trade", a, b) for a in (*POTIONS, "item") for b in (*POTIONS, "item")}


def opt(n: int) -> Action:
    """``opt:n``, the n-th alternative of a choice (1-based)."""
    found = OPT.get(n)
    if found is None:
        found = OPT[n] = Action("opt", n)
    return found


def tribute(k: int) -> Action:
    """``tribute:k``: Divine Tribute paying k HP."""
    found = TRIBUTE.get(k)
    if found is None:
        found = TRIBUTE[k] = Action("tribute", k)
    return found
