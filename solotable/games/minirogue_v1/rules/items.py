"""§5.3 The item table, rolled for a Treasure on 5+ and for every boss's +Item (ruling R11).

1 Armor piece (+1 Armor), 2 Better weapon (+2 XP), 3 Fire, 4 Ice, 5 Poison, 6 Heal: a spell
that would be a third one is the choice of ruling R6 (project ruling P4).
"""

from __future__ import annotations

from typing import Final

from solotable.core.chance import die_table
from solotable.core.engine import EventKind, Phase
from solotable.core.protocol import Action

from ..data import data
from ..state import GAME_ID, MiniRogueState
from .character import gain_armor, gain_spell, gain_xp

EV_ITEM: Final = EventKind("mr1.ev.item", "item")

D: Final = data()
D6: Final = die_table("d6")

_ITEMS: Final = ("", *D.treasure_items)
"""The item table by face."""

ITEM_ROLL: Final = Phase[MiniRogueState]("item_roll", chance=True, game=GAME_ID)
"""The roll on the item table (§5.3)."""


def roll_item(s: MiniRogueState) -> None:
    s.draw(ITEM_ROLL, D6, item_rolled)


def item_rolled(s: MiniRogueState, outcome: Action) -> None:
    face = outcome.args[0]  # (an int: the outcomes of D6, the only ones apply accepts)
    assert isinstance(face, int)
    item = _ITEMS[face]
    if s.log:
        s.recorded.append((EV_ITEM, "@mr1.item." + item))
    if item == "armor":
        gain_armor(s, 1)
    elif item == "weapon":
        gain_xp(s, D.weapon_xp)
    else:
        gain_spell(s, item)
