"""The agent registry: ``make_agent(name, game_id, **params)`` and ``agent_names(game_id)``.

Built in, for every game: ``random``, and the search bots ``expectimax``, ``mcts`` and ``oracle``
(:mod:`solotable.agents.search`, imported lazily), which take the parameters ``iterations=`` (a
deterministic budget) and ``think=`` (seconds per decision, wall clock), plus their own tuning
parameters. ``random`` and ``heuristic`` ignore ``iterations`` and ``think``. Per game,
``heuristic`` is the game's own bot, as the game declares it (``Game.bot_hooks().heuristic``).
Other agents (tests, say) can be added with :func:`register_agent`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solotable.agents.base import Agent
from solotable.agents.random_agent import RandomAgent
from solotable.core.registry import load as load_game

AgentFactory = Callable[..., Agent]
"""Builds an agent for a game id: ``factory(game_id, **params)``."""

HEURISTIC = "heuristic"

BUDGET_PARAMS = frozenset({"iterations", "think"})
"""Parameters every agent accepts (the simple ones ignore them)."""


def _random(game_id: str, **params: Any) -> Agent:
    _only_budget("random", params)
    return RandomAgent()


def _only_budget(name: str, params: dict[str, Any]) -> None:
    unknown = set(params) - BUDGET_PARAMS
    if unknown:
        raise ValueError(f"agent {name!r} takes no parameter {', '.join(sorted(unknown))}")


def _mcts(game_id: str, **params: Any) -> Agent:
    from solotable.agents.search import MCTSAgent

    return MCTSAgent(game_id, **params)


def _oracle(game_id: str, **params: Any) -> Agent:
    from solotable.agents.search import MCTSAgent

    return MCTSAgent(game_id, oracle=True, **params)


def _expectimax(game_id: str, **params: Any) -> Agent:
    from solotable.agents.search import ExpectimaxAgent

    return ExpectimaxAgent(game_id, **params)


_GENERIC: dict[str, AgentFactory] = {
    "random": _random,
    "mcts": _mcts,
    "oracle": _oracle,
    "expectimax": _expectimax,
}
_PER_GAME: dict[tuple[str, str], AgentFactory] = {}


def register_agent(name: str, factory: AgentFactory, game_id: str | None = None) -> None:
    """Make ``name`` available for every game (``game_id`` None) or for one game only."""
    if game_id is None:
        _GENERIC[name] = factory
    else:
        _PER_GAME[(game_id, name)] = factory


def _has_heuristic(game_id: str) -> bool:
    return load_game(game_id).bot_hooks() is not None


def agent_names(game_id: str) -> list[str]:
    """The agents available for ``game_id``, sorted. ``ValueError`` for an unknown game."""
    load_game(game_id)
    names = set(_GENERIC)
    names.update(name for gid, name in _PER_GAME if gid == game_id)
    if _has_heuristic(game_id):
        names.add(HEURISTIC)
    return sorted(names)


def make_agent(name: str, game_id: str, **params: Any) -> Agent:
    """A new agent called ``name`` for ``game_id``, with ``params`` (``iterations=``,
    ``think=``, and the search bots' own; ``None`` values are left out).

    ``ValueError`` names the known games (unknown game) or the available agents (unknown agent).
    """
    load_game(game_id)
    params = {k: v for k, v in params.items() if v is not None}
    factory = _PER_GAME.get((game_id, name)) or _GENERIC.get(name)
    if factory is not None:
        return factory(game_id, **params)
    hooks = load_game(game_id).bot_hooks() if name == HEURISTIC else None
    if hooks is not None:
        _only_budget(name, params)
        agent = hooks.heuristic()
        if not isinstance(agent, Agent):
            raise TypeError(f"the heuristic of {game_id} built {agent!r}, which is not an Agent")
        return agent
    available = ", ".join(agent_names(game_id))
    raise ValueError(f"unknown agent {name!r} for {game_id}; available agents: {available}")
