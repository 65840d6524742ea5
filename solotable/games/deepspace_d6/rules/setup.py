"""Setting up (§2.1, R16, R17): the deck by counts (in :class:`~..state.DeepSpaceState`), the
trackers and the pool, then two threat cards drawn one at a time, each placed with its on-draw
effect (a Don't Panic drawn now is not replaced; Distracted takes a pool die, R30), then round 1."""

from __future__ import annotations

from ..data import data
from ..state import DeepSpaceState
from ..words import counted
from .round_end import start_round
from .threats import draw_card

D = data()


def setup(state: DeepSpaceState) -> None:
    """The first step of every game."""
    state.emit(counted("ds6.ev.start", state.dont_panic), difficulty=f"@ds6.level.{state.difficulty}",
               dont_panic=state.dont_panic, length=f"@ds6.length.{state.length}", deck=state.deck)  # fmt: skip
    state.then(*[(draw_card, ())] * D.setup.opening_draws, (start_round, ()))
