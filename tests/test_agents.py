"""The agent protocol, the random agent and the agent registry."""

from __future__ import annotations

import random

import pytest
import toygame

import solotable
from solotable.agents import registry as agents_registry
from solotable.agents.base import Agent
from solotable.agents.random_agent import RandomAgent
from solotable.agents.registry import agent_names, make_agent, register_agent
from solotable.core.protocol import CHANCE, Action, IllegalAction, State
from solotable.core.registry import load as load_game


def test_random_agent_is_an_agent() -> None:
    agent = make_agent("random", toygame.GAME.id)
    assert isinstance(agent, RandomAgent)
    assert isinstance(agent, Agent)
    assert agent.name == "random"


def test_random_agent_plays_only_legal_actions_and_leaves_the_state_alone() -> None:
    agent = RandomAgent()
    chance_rng, agent_rng = random.Random(1), random.Random(2)
    decisions = 0
    for _ in range(300):
        state = toygame.GAME.new_state(seed=None)
        while not state.is_terminal():
            if state.to_move == CHANCE:
                state.apply(state.chance_table().sample(chance_rng))
                continue
            before = state.observation()
            legal = state.legal_actions()
            action = agent.choose(state, agent_rng)
            assert action in legal
            assert state.observation() == before
            state.apply(action)
            decisions += 1
    assert decisions > 300


def test_random_agent_is_uniform_and_seeded() -> None:
    state = toygame.GAME.new_state()
    agent = RandomAgent()
    picks = [str(agent.choose(state, random.Random(seed))) for seed in range(2000)]
    assert picks.count("roll") == pytest.approx(1000, abs=120)
    again = [str(agent.choose(state, random.Random(seed))) for seed in range(2000)]
    assert picks == again


def test_random_agent_forced_move_uses_no_random_number() -> None:
    class OneMove(toygame.PigState):
        __slots__ = ()

        def legal_actions(self) -> list[Action]:
            return [toygame.HOLD]

    state = OneMove(toygame.PigGame(), None, 10)
    rng = random.Random(5)
    assert RandomAgent().choose(state, rng) == toygame.HOLD
    assert rng.random() == random.Random(5).random()


def test_random_agent_with_no_legal_action_raises() -> None:
    state: State = toygame.GAME.new_state()
    state.apply(toygame.ROLL)  # now a chance node: no decisions
    with pytest.raises(IllegalAction):
        RandomAgent().choose(state, random.Random(0))


GENERIC = ["expectimax", "mcts", "oracle", "random"]
"""The agents every game has (the search bots work through the protocol)."""


def test_unknown_agent_names_the_available_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown agent 'genius'.*available agents: expectimax, mcts, oracle, random"):
        make_agent("genius", toygame.GAME.id)


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'no-such-game'.*minirogue-v1"):
        make_agent("random", "no-such-game")
    with pytest.raises(ValueError, match="unknown game"):
        agent_names("no-such-game")


def test_agent_names_and_heuristic_lookup() -> None:
    assert agent_names(toygame.GAME.id) == GENERIC
    assert solotable.load("minirogue-v1").bot_hooks() is not None and toygame.GAME.bot_hooks() is None
    with pytest.raises(ValueError, match="available agents: expectimax, mcts, oracle, random"):
        make_agent("heuristic", toygame.GAME.id)


def test_registered_agents_are_found_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(agents_registry, "_PER_GAME", dict(agents_registry._PER_GAME))  # undone after

    class AlwaysHold:
        name = "hold"

        def choose(self, state: State, rng: random.Random) -> Action:
            return toygame.HOLD

    register_agent("hold", lambda game_id: AlwaysHold(), game_id=toygame.GAME.id)
    assert "hold" in agent_names(toygame.GAME.id)
    agent = make_agent("hold", toygame.GAME.id)
    assert isinstance(agent, Agent)  # structural: no subclassing needed
    assert agent.choose(toygame.GAME.new_state(), random.Random(0)) == toygame.HOLD
    assert "hold" not in agent_names("minirogue-v1")


def test_heuristic_of_minirogue() -> None:
    if "heuristic" not in agent_names("minirogue-v1"):
        pytest.skip("minirogue-v1 has no heuristic yet")
    agent = make_agent("heuristic", "minirogue-v1")
    assert isinstance(agent, Agent)
    game = load_game("minirogue-v1")
    chance_rng, agent_rng = random.Random(1), random.Random(2)
    for _ in range(20):
        state = game.new_state()
        while not state.is_terminal():
            if state.to_move == CHANCE:
                state.apply(state.chance_table().sample(chance_rng))
            else:
                action = agent.choose(state, agent_rng)
                assert action in state.legal_actions()
                state.apply(action)


def test_registering_in_a_test_leaves_no_trace() -> None:
    assert agent_names(toygame.GAME.id) == GENERIC
