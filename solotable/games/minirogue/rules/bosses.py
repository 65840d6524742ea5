"""Boss fights and the Reward card (§7.7, §7.8, §8.9, §8.10; decisions D5, D6, D23, D28).

At the exit of a boss area every character fights the boss together (two-player HP with two,
D10); Og's Remains in area 10 has two phases (D28, in :mod:`.combat`). Each fighter who defeats
a floor boss gains its XP and rolls the Reward card: +2 gold and one option of the die's row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from solotable.core.engine import EventKind, Phase
from solotable.core.protocol import Action

from ..state import GAME_ID
from . import combat, effects
from .tables import D6_TABLE

EV_REWARD: Final = EventKind("mr.ev.reward", "seat", "face")

if TYPE_CHECKING:
    from ..state import MiniRogueState


def boss_fight(s: MiniRogueState) -> None:
    """A step: the boss fight (D23: it counts as the next room for Shield, unless the flag says no)."""
    s.boss_ahead = False
    if not s.data.flags.shield_counts_boss:
        for h in s.heroes:
            h.shield = 0
    combat.start_combat(s, s.order(), combat.OG1 if s.boss == "og" else combat.BOSS)


def reward_roll(s: MiniRogueState, seat: int) -> None:
    """A step: ``seat`` rolls the Reward card's die (D6)."""
    s.actor = seat
    s.draw(REWARD_ROLL, D6_TABLE, reward_rolled, seat)


def reward_rolled(s: MiniRogueState, outcome: Action, seat: int) -> None:
    face = int(outcome.args[0])
    if s.log:
        s.recorded.append((EV_REWARD, seat + 1, face))
    effects.gain(s, seat, "gold", s.data.reward_gold)
    effects.choose(s, seat, s.data.reward_rows[face - 1])


REWARD_ROLL: Final[Phase[Any]] = Phase("reward_roll", chance=True, game=GAME_ID)
"""The Reward card's die, after a floor boss."""
