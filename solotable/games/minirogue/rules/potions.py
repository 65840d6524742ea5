"""Potions (§6.3; decisions D33, D34): which may be drunk now, and what each does.

A potion that would do nothing at that moment is not offered (D34, unless the flag
``hide_useless_potions`` is off): Fire, Frost and Poison only in a fight (Frost not twice in a
round, Poison not a second time unless effects stack), Healing below the HP maximum, Holy with a
status to cure, Perception when blind or in a skill check not yet passed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from solotable.core.engine import EventKind

from . import combat, effects

EV_DRINK: Final = EventKind("mr.ev.drink", "seat", "potion")

if TYPE_CHECKING:
    from ..data import Potion
    from ..state import Hero, MiniRogueState


def drinkable(s: MiniRogueState, h: Hero, *, fight: bool, check: bool = False) -> list[Potion]:
    """The potions ``h`` may drink now (D34)."""
    if not h.potions:
        return []
    flags = s.data.flags
    if not flags.hide_useless_potions:
        return list(h.potions)
    out: list[Potion] = []
    for p in h.potions:
        if p == "fire" or p == "frost" or p == "poison":
            if not fight or (p == "frost" and s.frozen) or (p == "poison" and h.poison_fx and not flags.poison_stacks):
                continue
        elif p == "healing":
            if h.hp >= s.data.caps.hp:
                continue
        elif p == "holy":
            if not (h.poison or h.curse or h.blind):
                continue
        elif p == "perception" and not h.blind and not (check and not s.check_ok()):
            continue
        out.append(p)
    return out


def drink(s: MiniRogueState, seat: int, potion: Potion, *, check: bool = False) -> bool:
    """``seat`` drinks ``potion`` (``check``: during a skill check). True if the foe fell (the
    fight is over, or Og's second phase began)."""
    s.heroes[seat].potions.remove(potion)
    if s.log:
        s.recorded.append((EV_DRINK, seat + 1, "@mr.potion." + potion))
    return effect(s, seat, potion, check=check)


def effect(s: MiniRogueState, seat: int, potion: str, *, check: bool = False) -> bool:
    """A potion's effect, drunk or conjured (§6.3). True if the foe fell."""
    h = s.heroes[seat]
    if potion in ("fire", "frost", "poison") and s.foe is None:
        return False  # §6.3: only in a fight (drunk outside one only when D34's flag allows it)
    if potion == "fire":
        return combat.hit_foe(s, s.data.fire_damage)
    if potion == "frost":
        s.frozen = True
    elif potion == "poison":
        h.poison_fx += 1
    elif potion == "healing":
        effects.gain(s, seat, "hp", s.data.healing_hp)
    elif potion == "holy":
        effects.cure(s, seat)
    else:  # perception
        effects.cure(s, seat, ("blind",))
        if check:
            s.c_ok = True
    return False
