"""Random play shared by the tests of solotable.rl."""

from __future__ import annotations

import random
from collections.abc import Iterator

import solotable
from solotable import CHANCE, State

# every game with options that open its rarer decisions (co-op seats, EZ Plus items)
SETUPS: list[tuple[str, dict[str, object]]] = [
    ("minirogue-v1", {"difficulty": "casual"}),
    ("minirogue", {"character": "priestess", "partner": "mage"}),
    ("minirogue", {"character": "rogue", "partner": "crusader"}),
    ("deepspace-d6", {}),
    ("jongrogue", {"rules": "ez-plus"}),
]


def random_states(game_id: str, options: dict[str, object], steps: int, seed: int = 0) -> Iterator[State]:
    """Every decision state of random games (random legal decisions, chance from the exact
    tables) until ``steps`` decisions have been seen."""
    game = solotable.load(game_id)
    rng = random.Random(seed)
    seen = 0
    g = 0
    while seen < steps:
        state = game.new_state(seed=g, **options)
        g += 1
        while not state.is_terminal() and seen < steps:
            if state.to_move == CHANCE:
                state.apply(state.chance_table().sample(rng))
                continue
            seen += 1
            yield state
            state.apply(rng.choice(state.legal_actions()))
