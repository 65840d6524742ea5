"""Setup (§2): the game begins; with two players the first Leader is drawn at random (§2.1
step 7, ruling MR-P9), then the first area is prepared."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from solotable.core.engine import EventKind, Phase
from solotable.core.protocol import Action

from ..state import GAME_ID
from . import dungeon
from .tables import LEADER_TABLE

EV_START: Final = EventKind("mr.ev.start", "difficulty", "players", "who")

if TYPE_CHECKING:
    from ..state import MiniRogueState


def begin(s: MiniRogueState) -> None:
    if s.log:
        s.recorded.append((EV_START, "@mr.difficulty." + s.difficulty, s.n, f"@mr.ui.players.{s.n}"))
    if s.n == 2:
        s.draw(LEADER, LEADER_TABLE, leader_drawn)
    else:
        s.push(dungeon.prepare)


def leader_drawn(s: MiniRogueState, outcome: Action) -> None:
    s.leader = int(outcome.args[0]) - 1
    s.push(dungeon.prepare)


LEADER: Final[Phase[Any]] = Phase("leader_roll", chance=True, game=GAME_ID)
"""Who is the first Leader (§2.1 step 7)."""
