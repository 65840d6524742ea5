"""The decision states of a game a bot plays, for checks and measurements that look at every
decision a player meets (what the board draws, which actions it offers)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from solotable.agents.registry import make_agent
from solotable.core.protocol import State
from solotable.core.registry import load as load_game

MAX_STEPS = 4000
"""Steps (chance and decisions) after which a walk stops, finished or not."""


def decision_states(
    game_id: str,
    agent: str,
    seed: int,
    *,
    rng_seed: int | None = None,
    options: Mapping[str, object] | None = None,
    max_steps: int = MAX_STEPS,
) -> Iterator[State]:
    """Each decision state of one game of ``game_id`` (from ``seed``, with ``options``) in which
    ``agent`` (a name for :func:`~solotable.agents.registry.make_agent`) makes every decision, chance
    and the bot drawing from one generator, ``random.Random(rng_seed)`` (``seed`` when not given).
    A state is yielded before the bot plays in it; the walk ends when the game is over or after
    ``max_steps`` steps. The state yielded is the game's own: read it, never change it (clone it to
    play on)."""
    game = load_game(game_id)
    state = game.new_state(seed=seed, **(options or {}))
    bot = make_agent(agent, game_id)
    rng = random.Random(seed if rng_seed is None else rng_seed)
    for _ in range(max_steps):
        if state.is_terminal():
            return
        if state.is_chance():
            state.apply(state.chance_table().sample(rng))
            continue
        yield state
        state.apply(bot.choose(state, rng))
