"""Every decision of Mini Rogue (2020) as a shared :class:`Action` (legal actions are listed at
every decision: each is built once here), and their notations (ruling MR-P3 for the rolls)."""

from __future__ import annotations

from typing import Final

from solotable.core.protocol import Action

from .data import POTIONS, STATUSES, WARES

PASS: Final = Action("pass")
WAIT: Final = Action("wait")
MOVE_RIGHT: Final = Action("move", "right")
MOVE_DOWN: Final = Action("move", "down")
ROLL: Final = Action("roll")
CONFIRM: Final = Action("confirm")
BACKSTAB: Final = Action("backstab")
STUN: Final = Action("stun")
EVADE: Final = Action("evade")
SHIELD: Final = Action("shield")
FORESEE: Final = Action("foresee")
ACCEPT: Final = Action("accept")
DECLINE: Final = Action("decline")
KEEP: Final = Action("keep")
UP: Final = Action("up")
DOWN: Final = Action("down")
LEAVE: Final = Action("leave")
TAKE: Final = Action("take")
TRY: Final = Action("try")
OFFER: Final = Action("offer")
STOP: Final = Action("stop")
SELL_ARMOR: Final = Action("sell", "armor")
SHARE_ON: Final = Action("share", "on")  # D32, MR-P11: beside every co-op decision
SHARE_OFF: Final = Action("share", "off")

DICE: Final = (1, 2, 3)
"""White dice are numbered 1-3 in actions (``crit:2``)."""
DRINK: Final = {p: Action("drink", p) for p in POTIONS}
CONJURE: Final = {p: Action("conjure", p) for p in ("fire", "frost", "poison")}
POTION: Final = {p: Action("potion", p) for p in POTIONS}
DROP: Final = {p: Action("drop", p) for p in POTIONS}
SELL: Final = {p: Action("sell", p) for p in POTIONS}
BUY: Final = {w: Action("buy", w) for w in WARES}
CRIT: Final = {i: Action("crit", i) for i in DICE}
CONFIRM_DIE: Final = {i: Action("confirm", i) for i in DICE}
FEAT: Final = {(i, cost): Action("feat", i, cost) for i in DICE for cost in ("xp", "hp", "free")}
OPT: Final[dict[int, Action]] = {}
TRIBUTE: Final[dict[int, Action]] = {}
BLESS: Final = {seat: Action("bless", seat) for seat in (1, 2)}
BLESS_STATUS: Final = {(seat, s): Action("bless", seat, s) for seat in (1, 2) for s in STATUSES}
SEE: Final = {pos: Action("see", pos // 3 + 1, pos % 3 + 1) for pos in range(8)}
GIVE: Final = {w: Action("give", w) for w in ("gold", "food", "armor", "item", *POTIONS)}
TRADE: Final = {(a, b): Action("trade", a, b) for a in (*POTIONS, "item") for b in (*POTIONS, "item")}


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
