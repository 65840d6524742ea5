"""Games to review: records of the heuristic policy's play, made on the spot from a seed."""

from __future__ import annotations

import random

from solotable.agents.search import game_policy
from solotable.core.record import Record
from solotable.core.registry import load


def played(game_id: str, seed: int, limit: int | None = None, **options: object) -> Record:
    """A record of the game's heuristic playing ``game_id`` from ``seed`` (its first ``limit``
    steps only, if given: an unfinished game)."""
    game = load(game_id)
    state = game.new_state(seed=seed, **options)
    record = Record.start(state)
    policy = game_policy(game_id)
    assert policy is not None
    rng = random.Random(seed)
    while not state.is_terminal() and (limit is None or len(record.actions) < limit):
        action = state.chance_table().sample(rng) if state.is_chance() else policy(state, rng)
        record.actions.append(str(action))
        state.apply(action)
    return record
