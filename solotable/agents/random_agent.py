"""The uniform random agent: a baseline that works on every game."""

from __future__ import annotations

import random

from solotable.agents.base import Agent
from solotable.core.protocol import Action, IllegalAction, State


class RandomAgent(Agent):
    """Picks uniformly among ``state.legal_actions()`` with the given generator.

    A forced move (one legal action) uses no random number.
    """

    __slots__ = ()

    name: str = "random"

    def choose(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        n = len(legal)
        if n == 1:
            return legal[0]
        if n == 0:
            raise IllegalAction("no legal action to choose from (not a decision node)")
        return legal[int(rng.random() * n)]
