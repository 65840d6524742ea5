"""Hints: what a strong player would do now, with its estimated chance of winning.

``hint(state, budget_seconds)`` searches a copy of ``state`` with a search bot (``mcts`` by
default: a fair bot, which never reads hidden state) and returns every legal decision ranked
best first, as ``(action, win_probability, visits)``. The state given is never changed, and the
search uses its own generator (seeded from ``seed``), never a session's.
"""

from __future__ import annotations

import random

from solotable.agents.registry import make_agent
from solotable.agents.search import SearchAgent
from solotable.core.protocol import Action, IllegalAction, State

DEFAULT_BUDGET = 2.0
"""Seconds of search for a hint when the player names none."""


def hint(
    state: State,
    budget_seconds: float | None = DEFAULT_BUDGET,
    agent: str = "mcts",
    *,
    iterations: int | None = None,
    seed: int | None = None,
) -> list[tuple[Action, float, int]]:
    """The legal decisions of ``state`` ranked best first with their estimated win probability
    and the search spent on them (MCTS visits). ``budget_seconds`` of wall-clock time and/or
    ``iterations`` (deterministic with a ``seed``). :class:`IllegalAction` if ``state`` is not a
    decision node."""
    if state.is_terminal() or state.is_chance():
        raise IllegalAction("core.err.not_legal", action="hint", legal="-")
    game_id = state.game.id
    bot = make_agent(agent, game_id, think=budget_seconds, iterations=iterations)
    if not isinstance(bot, SearchAgent):
        raise ValueError(f"agent {agent!r} cannot give hints; use mcts, oracle or expectimax")
    rng = random.Random(seed)
    stats = bot.analyse(state.clone(), rng)
    return [(s.action, s.win_probability, s.visits) for s in stats]
