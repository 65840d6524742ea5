"""The PettingZoo AEC environment of Mini Rogue 2020 co-op."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from solotable.rl.coop import CoopEnv, env

AGENTS = ("player_0", "player_1")


def test_pettingzoo_api_test_passes() -> None:
    with warnings.catch_warnings():
        # PettingZoo's classic form (a dict of observation and action_mask) draws these two
        # advisory warnings from api_test, as its own classic environments do
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env("minirogue", character="priestess", partner="mage"), num_cycles=1000)


@pytest.mark.parametrize(("character", "partner"), [("rogue", "crusader"), ("mage", "priestess")])
def test_pettingzoo_seed_test_passes(character: str, partner: str) -> None:
    seed_test(lambda: env("minirogue", character=character, partner=partner), num_cycles=500)


def test_two_agents_share_the_reward_and_take_turns_as_the_game_says() -> None:
    e = CoopEnv("minirogue", character="rogue", partner="mage")
    rng = np.random.default_rng(0)
    wins = 0
    movers: set[str] = set()
    for seed in range(10):
        e.reset(seed=seed)
        final: dict[str, float] = {}
        for agent in e.agent_iter(max_iter=20000):
            obs, reward, terminated, truncated, info = e.last()
            if terminated or truncated:
                final[agent] = float(reward)
                wins += int(info["won"])
                e.step(None)
                continue
            seat = AGENTS.index(agent)
            assert e.env.state.to_move == seat  # the agent to act is the seat whose decision it is
            other = AGENTS[1 - seat]
            assert not e.observe(other)["action_mask"].any()
            movers.add(agent)
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert not e.agents
        assert set(final) == set(AGENTS) and final[AGENTS[0]] == final[AGENTS[1]]
    assert movers == set(AGENTS)
    assert wins == 0  # random co-op play does not win Mini Rogue


def test_each_agent_sees_from_its_own_seat() -> None:
    e = CoopEnv("minirogue", character="crusader", partner="priestess")
    e.reset(seed=1)
    from solotable.rl.encode import layout

    names = layout("minirogue")
    me_crusader = names.index("me character = crusader")
    me_priestess = names.index("me character = priestess")
    assert e.observe("player_0")["observation"][me_crusader] == 1
    assert e.observe("player_1")["observation"][me_priestess] == 1


def test_a_partner_is_required() -> None:
    with pytest.raises(ValueError, match="needs options that seat two players"):
        CoopEnv("minirogue", partner="none")
    with pytest.raises(ValueError, match="needs options that seat two players"):
        CoopEnv("deepspace-d6")


def test_pettingzoo_render_test_passes() -> None:
    render_test(lambda render_mode=None: env("minirogue", partner="mage", render_mode=render_mode))


def test_an_illegal_action_ends_the_episode_for_both_agents() -> None:
    e = CoopEnv("minirogue", character="rogue", partner="mage")
    e.reset(seed=2)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))
    for a in AGENTS:
        assert e.terminations[a] and e.infos[a]["illegal_action"] and e.infos[a]["won"] is False
        assert not e.observe(a)["action_mask"].any()
