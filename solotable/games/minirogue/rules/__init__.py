"""The rules of Mini Rogue (2020 retail edition, as on Board Game Arena) as steps on the core
engine (``docs/engine.md``), one module per chapter of the rules reference:

========================  ==================================================================
module                    chapter
========================  ==================================================================
:mod:`.setup`             §2 setup, the first Leader
:mod:`.dungeon`           §3 the dungeon: areas, the grid, the area cycle, Delving, falling
:mod:`.windows`           D32 decision windows: potions, Exploration skills (§4.3), offers (§9)
:mod:`.effects`           §4.4 gains and losses, §6.5 statuses, effect lists, potions gained
:mod:`.potions`           §6.3 potions: which may be drunk, what each does
:mod:`.checks`            §6.1 skill checks, §6.2 feats, §6.4 items' free feats
:mod:`.combat`            §7 combat, the combat skills (§4.3)
:mod:`.bosses`            §7.7, §8.9, §8.10 boss fights and the Reward card
:mod:`.rooms`             §8 the room cards
:mod:`.tables`            §5 the dice and the lazy deal (rulings MR-P1, MR-P3)
========================  ==================================================================

Decisions D1-D35 of the reference are cited as ``D7``, the project's rulings as ``MR-P3``
(docs/rulings.md). A step that may kill or make everyone fall returns ``True`` when it did, and
its callers stop: nothing after a death or a fall happens.
"""

from __future__ import annotations

from typing import Any, Final

from solotable.core.engine import OVER, Phase

from .bosses import REWARD_ROLL
from .checks import CHECK, CHECK_ROLL, FEAT_ROLL, SHIFT
from .combat import ATTACK, CRIT_ROLL, PRE_ROLL, ROLL
from .dungeon import BOSS_REVEAL, MOVE, REVEAL
from .effects import OPTION, POTION_DROP, POTION_KIND
from .rooms import ITEM, SHOP, SHRINE, SHRINE_ROLL, TAKE
from .setup import LEADER
from .windows import FORESEE, OFFER, WINDOW

PHASES: Final[tuple[Phase[Any], ...]] = (
    REVEAL, BOSS_REVEAL, LEADER, ROLL, CRIT_ROLL, FEAT_ROLL, CHECK_ROLL, SHRINE_ROLL, REWARD_ROLL,
    WINDOW, MOVE, PRE_ROLL, ATTACK, CHECK, SHIFT, OPTION, POTION_KIND, POTION_DROP, SHOP, SHRINE,
    ITEM, TAKE, FORESEE, OFFER, OVER,
)  # fmt: skip
"""Every point a game waits at: the draws, the decisions, the end (their names are stable)."""

__all__ = [
    "ATTACK", "BOSS_REVEAL", "CHECK", "CHECK_ROLL", "CRIT_ROLL", "FEAT_ROLL", "FORESEE", "ITEM", "LEADER",
    "MOVE", "OFFER", "OPTION", "PHASES", "POTION_DROP", "POTION_KIND", "PRE_ROLL", "REVEAL", "REWARD_ROLL",
    "ROLL", "SHIFT", "SHOP", "SHRINE", "SHRINE_ROLL", "TAKE", "WINDOW",
]  # fmt: skip
