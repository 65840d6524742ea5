"""Every environment driven by each game's heuristic bot to the end of its games, wins included on
the easiest setting: the late game (final bosses, last floors, victory) that random play almost
never reaches (issue: `og` at area 10 of Mini Rogue 2020 crashed the encoder in all three envs)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest

import solotable.rl.openspiel as adapter
from solotable.agents.registry import make_agent
from solotable.core.protocol import Action, State
from solotable.rl.catalogue import legal_indices
from solotable.rl.coop import CoopEnv
from solotable.rl.env import SolotableEnv

# the easiest setting of each game (Mini Rogue 2020: its strongest hero, the Priestess), and how
# many heuristic games are played on it
EASIEST: list[tuple[str, dict[str, object], int]] = [
    ("minirogue-v1", {"difficulty": "casual"}, 30),
    ("minirogue", {"difficulty": "normal", "character": "priestess"}, 30),
    ("deepspace-d6", {"difficulty": "beginner"}, 30),
    ("jongrogue", {"rules": "ez"}, 3),
    ("jongrogue", {"rules": "ez-plus"}, 2),
]


def _index(game_id: str, state: State, action: Action) -> int:
    """The catalogue index of a legal decision."""
    return next(i for i, a in legal_indices(game_id, state)[0].items() if a == action)


def _late(game_id: str, state: State) -> tuple[object, ...]:
    """A few coordinates of how deep a state is (what the test asks each game to reach)."""
    o: Any = state.observation(0)
    if game_id == "minirogue":
        return (o["area"], o["boss"])
    if game_id == "minirogue-v1":
        return (o["dungeon"]["level"], o["dungeon"]["boss_area"])
    if game_id == "deepspace-d6":
        return (o["deck_empty"],)
    return (o["sheet"]["deepest"],)


def _gym_games(game_id: str, options: dict[str, object], games: int) -> tuple[int, set[tuple[object, ...]]]:
    env = SolotableEnv(game_id, **options)
    bot = make_agent("heuristic", game_id)
    space = env.observation_space
    wins = 0
    reached: set[tuple[object, ...]] = set()
    for seed in range(games):
        obs, info = env.reset(seed=seed)
        rng = random.Random(seed)
        while True:
            assert space.contains(obs)
            reached.add(_late(game_id, env.state))
            obs, _r, terminated, truncated, info = env.step(_index(game_id, env.state, bot.choose(env.state, rng)))
            if terminated or truncated:
                assert not info["action_mask"].any()
                wins += int(info["won"])
                break
    return wins, reached


@pytest.mark.parametrize(("game_id", "options", "games"), EASIEST)
def test_gymnasium_env_plays_heuristic_games_to_their_ends_and_wins(
        game_id: str, options: dict[str, object], games: int) -> None:
    wins, reached = _gym_games(game_id, options, games)
    assert wins > 0
    if game_id == "minirogue":  # area 10: the og, the final boss every win passes through
        assert (10, "og") in reached


def test_pettingzoo_coop_plays_heuristic_games_to_their_ends_and_wins() -> None:
    e = CoopEnv("minirogue", character="priestess", partner="mage", difficulty="normal")
    bot = make_agent("heuristic", "minirogue")
    wins = 0
    og = False
    for seed in range(20):
        e.reset(seed=seed)
        rng = random.Random(seed)
        for agent in e.agent_iter(max_iter=100_000):
            obs, _r, terminated, truncated, info = e.last()
            if terminated or truncated:
                wins += int(info["won"] and agent == "player_0")
                e.step(None)
                continue
            assert e.observation_space(agent).contains(obs)
            state = e.env.state
            og = og or state.observation(0)["boss"] == "og"
            e.step(_index("minirogue", state, bot.choose(state, rng)))
    assert og and wins > 0


@pytest.mark.parametrize(("game_id", "options", "games"), [(g, o, min(n, 10)) for g, o, n in EASIEST[:4]])
def test_openspiel_adapter_plays_heuristic_games_to_their_ends(
        game_id: str, options: dict[str, object], games: int) -> None:
    params = ",".join(f"{k}={v}" for k, v in options.items())
    game = pyspiel.load_game(f"{adapter.short_name(game_id)}({params})")
    bot = make_agent("heuristic", game_id)
    np_rng = np.random.default_rng(0)
    wins = 0
    for seed in range(games):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(np_rng.choice(actions, p=probs)))
                continue
            tensor = np.asarray(state.observation_tensor(state.current_player()), dtype=np.float32)
            assert tensor.shape == (game.observation_tensor_size(),)
            engine = state.engine_state
            state.apply_action(_index(game_id, engine, bot.choose(engine, rng)))
        wins += int(state.returns()[0] == 1.0)
    assert wins > 0
