"""The rules of Mini Rogue v1.2.1, one module per chapter of the rules reference:

- ``character``: §3, stats and caps, XP and Rank, spells, the end of the game;
- ``areas``: §4.1, the Preparation phase (a fresh layout, dealt lazily: project ruling P1);
- ``dungeon``: §4.2-4.3 and §7, the columns of an area, the rooms, Exploration and the doors;
- ``rooms``: §5.3-5.7, Treasure, Merchant, Resting, Event and Trap;
- ``items``: §5.3, the item table (a Treasure's and every boss's, ruling R11);
- ``combat``: §6 with §5.1, §5.2 and the Event monster of §5.6.

Every decision and every draw is a :class:`~solotable.core.engine.Phase`; rulings of the rules
reference are cited as ``ruling Rn``, the project's own (``docs/rulings.md``) as ``project
ruling Pn``.
"""

from __future__ import annotations

from typing import Any, Final

from solotable.core.engine import Phase

from ..state import MiniRogueState
from .character import SPELL_DISCARD
from .combat import ATTACK_ROLL, CRIT, CRIT_ROLL, FEAT, FEAT_ROLL, MONSTER_HP, SPELL
from .dungeon import CHOOSE, PRE_ROOM, REVEAL, begin
from .items import ITEM_ROLL
from .rooms import (
    EVENT_CHECK,
    EVENT_ROLL,
    EVENT_SHIFT,
    EVENT_SKILL,
    MERCHANT_SHOP,
    REST,
    TRAP_ROLL,
    TRAP_SKILL,
    TREASURE_GATE,
)

PHASES: Final[tuple[Phase[Any], ...]] = (
    REVEAL, MONSTER_HP, TREASURE_GATE, ITEM_ROLL, EVENT_ROLL, EVENT_SKILL, TRAP_ROLL, TRAP_SKILL,
    ATTACK_ROLL, CRIT_ROLL, FEAT_ROLL,
    CHOOSE, PRE_ROOM, MERCHANT_SHOP, REST, EVENT_CHECK, EVENT_SHIFT, CRIT, FEAT, SPELL, SPELL_DISCARD,
)  # fmt: skip
"""Every phase of the game: the draws, then the decisions."""


def new_game(game: Any, seed: int | None, difficulty: str, keys: bool) -> MiniRogueState:
    """A new game at the first draw of area 1 (§2, §4.1)."""
    state = MiniRogueState(game, seed, difficulty, keys)
    state.start(begin)
    return state


__all__ = [
    "ATTACK_ROLL", "CHOOSE", "CRIT", "CRIT_ROLL", "EVENT_CHECK", "EVENT_ROLL", "EVENT_SHIFT", "EVENT_SKILL",
    "FEAT", "FEAT_ROLL", "ITEM_ROLL", "MERCHANT_SHOP", "MONSTER_HP", "PHASES", "PRE_ROOM", "REST", "REVEAL",
    "SPELL", "SPELL_DISCARD", "TRAP_ROLL", "TRAP_SKILL", "TREASURE_GATE", "new_game",
]  # fmt: skip
