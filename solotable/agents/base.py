"""The agent protocol: a bot that chooses decisions for a game through the protocol.

An agent is called only at decision nodes (``state.to_move`` is a player index). It must not
change the state it is given (no ``state.apply`` on it); it may clone the state and play on the
copy. All of its randomness comes from the ``rng`` it is handed, so a simulation is
reproducible from its seed. Agents should see only what the player may see
(``state.observation(player)`` and ``state.legal_actions()``), unless they are explicitly
oracles.

An agent should keep no memory from one game to the next: the simulator may create one agent
per batch of games, and the statistics must not depend on how games are split into batches.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import Protocol, runtime_checkable

from solotable.core.protocol import Action, State


@runtime_checkable
class Agent(Protocol):
    """A bot. Subclass it, or just provide ``name`` and ``choose`` (it is a structural type)."""

    name: str

    @abstractmethod
    def choose(self, state: State, rng: random.Random) -> Action:
        """The decision to play in ``state`` (a decision node), one of ``state.legal_actions()``."""
        ...
