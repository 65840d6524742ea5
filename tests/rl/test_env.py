"""The Gymnasium environments: the checker, masks, rewards, seeds, and the same episode as the
engine."""

from __future__ import annotations

import random
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import solotable
import solotable.rl
from solotable.agents.registry import make_agent
from solotable.core.protocol import OptionError
from solotable.rl.catalogue import legal_indices
from solotable.rl.env import SolotableEnv, progress

ENVS = [
    ("solotable/minirogue-v1-v0", {}),
    ("solotable/minirogue-v1-v0", {"difficulty": "impossible", "keys": True}),
    ("solotable/minirogue-v0", {"character": "mage"}),
    ("solotable/minirogue-v0", {"character": "rogue", "partner": "priestess"}),
    ("solotable/deepspace-d6-v0", {"difficulty": "hard"}),
    ("solotable/jongrogue-v0", {"rules": "ez-plus"}),
    ("solotable/jongrogue-v0", {"rules": "ez", "continue": "off", "forced_end": "off"}),
]


def play(env: gym.Env[np.ndarray, np.int64], seed: int, pick_seed: int, max_steps: int = 5000) -> list[object]:
    """An episode with uniformly random masked actions; what the agent saw at each step."""
    rng = np.random.default_rng(pick_seed)
    obs, info = env.reset(seed=seed)
    seen: list[object] = [(obs.tobytes(), info["action_mask"].tobytes())]
    for _ in range(max_steps):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        seen.append((action, obs.tobytes(), reward, terminated, info["action_mask"].tobytes()))
        if terminated or truncated:
            break
    return seen


@pytest.mark.parametrize(("env_id", "options"), ENVS)
def test_gymnasium_env_checker_passes(env_id: str, options: dict[str, object]) -> None:
    env = gym.make(env_id, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checker's warning fails the test
        check_env(env.unwrapped, skip_render_check=False)


def test_the_four_ids_are_registered() -> None:
    assert set(solotable.rl.ENV_IDS) <= set(gym.registry)
    assert {gym.spec(i).kwargs["game_id"] for i in solotable.rl.ENV_IDS} == set(solotable.rl.GAME_IDS)


@pytest.mark.parametrize(("env_id", "options"), ENVS)
def test_mask_is_the_legal_actions_in_info_and_action_masks(env_id: str, options: dict[str, object]) -> None:
    env = gym.make(env_id, **options)
    inner = env.unwrapped
    assert isinstance(inner, SolotableEnv)
    rng = np.random.default_rng(0)
    _obs, info = env.reset(seed=3)
    for _ in range(300):
        by_index, outside = legal_indices(inner.game_id, inner.state)
        assert not outside and set(by_index.values()) == set(inner.state.legal_actions())
        assert set(np.flatnonzero(info["action_mask"])) == set(by_index)
        assert np.array_equal(inner.action_masks(), info["action_mask"].astype(bool))
        _obs, _r, terminated, _t, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated:
            assert not info["action_mask"].any()
            break


@pytest.mark.parametrize(("env_id", "options"), ENVS)
def test_same_seed_same_episode(env_id: str, options: dict[str, object]) -> None:
    a = play(gym.make(env_id, **options), seed=11, pick_seed=5)
    b = play(gym.make(env_id, **options), seed=11, pick_seed=5)
    assert a == b
    c = play(gym.make(env_id, **options), seed=12, pick_seed=5)
    assert c != a  # another seed deals other cards


@pytest.mark.parametrize(("env_id", "options"), ENVS)
def test_episode_replays_through_the_engine(env_id: str, options: dict[str, object]) -> None:
    """The env's episode, replayed through the engine with its chance outcomes (its record),
    gives the same states, the same vectors and the same result (the env's games are clones of
    one game dealt up to its first draw: the same as a new state of the seed's)."""
    env = gym.make(env_id, **options)
    inner = env.unwrapped
    assert isinstance(inner, SolotableEnv)
    rng = np.random.default_rng(1)
    env.reset(seed=3)
    env.step(int(rng.choice(np.flatnonzero(inner.action_masks()))))  # an episode begun: the next is a fresh one
    obs, info = env.reset(seed=21)
    assert inner.state.seed == 21
    vectors = [obs]
    while True:
        obs, _r, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        vectors.append(obs)
        if terminated or truncated:
            break
    game = solotable.load(inner.game_id)
    state = game.new_state(seed=21, **inner.options)
    decisions = 0
    for notation in inner.record:
        if state.to_move != solotable.CHANCE:
            player = state.to_move or 0
            expect = vectors[decisions]
            assert np.array_equal(solotable.rl.encode(inner.game_id, state.observation(player), player), expect)
            decisions += 1
        state.apply(game.parse_action(state, notation))
    assert decisions == len(vectors) - 1
    assert state.is_terminal() and state.observation(0) == inner.state.observation(0)
    assert state.result() == inner.state.result()
    assert info["won"] == state.result().won


def test_chance_is_drawn_from_np_random_by_the_exact_table() -> None:
    """The first chance node of Mini Rogue v1 (the first card: 1/6 each) over many seeds."""
    env = SolotableEnv("minirogue-v1")
    firsts = []
    for seed in range(600):
        env.reset(seed=seed)
        firsts.append(env.record[0])
    counts = {c: firsts.count(c) for c in set(firsts)}
    assert len(counts) == 6 and all(60 <= n <= 140 for n in counts.values())  # 100 expected each


def test_win_reward_is_one_for_a_win_only() -> None:
    env = SolotableEnv("minirogue-v1", difficulty="casual")
    bot = make_agent("heuristic", "minirogue-v1")
    results = []
    for seed in range(40):
        env.reset(seed=seed)
        total, rewards = 0.0, []
        while True:
            action = bot.choose(env.state, random.Random(seed))
            _o, r, terminated, _t, info = env.step(env.catalogue.index(str(action)))
            rewards.append(float(r))
            if terminated:
                break
        total = sum(rewards)
        assert all(r == 0 for r in rewards[:-1])
        assert total == (1.0 if info["won"] else 0.0)
        results.append(info["won"])
    assert any(results) and not all(results)  # both kinds of ending were met


@pytest.mark.parametrize("game_id", ["minirogue-v1", "minirogue", "deepspace-d6", "jongrogue"])
def test_score_reward_is_shaped_progress_plus_the_win(game_id: str) -> None:
    env = SolotableEnv(game_id, reward="score")
    rng = np.random.default_rng(2)
    _obs, info = env.reset(seed=4)
    start = progress(game_id, env.state.observation(0))
    total = 0.0
    while True:
        _obs, r, terminated, _t, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += float(r)
        if terminated:
            break
    end = progress(game_id, env.state.observation(0))
    assert total == pytest.approx(end - start + (1.0 if info["won"] else 0.0))


def test_illegal_action_loses_or_raises() -> None:
    env = SolotableEnv("minirogue-v1")
    _obs, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _o, r, terminated, _t, info = env.step(illegal)
    assert terminated and r == 0.0 and info["illegal_action"]
    assert info["won"] is False and not info["action_mask"].any() and not env.action_masks().any()
    with pytest.raises(RuntimeError, match="the episode is over"):
        env.step(illegal)
    with pytest.raises(RuntimeError, match="the episode is over"):
        env.step(0)
    _obs, info = env.reset(seed=1)  # a new episode plays again
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    strict = SolotableEnv("minirogue-v1", illegal_action="raise")
    _obs, info = strict.reset(seed=0)
    with pytest.raises(ValueError, match="is not legal now; legal: "):
        strict.step(illegal)
    strict.step(int(np.flatnonzero(info["action_mask"])[0]))  # the state was left as it was


def test_a_step_after_the_end_is_refused() -> None:
    env = SolotableEnv("minirogue-v1", difficulty="casual")
    _obs, info = env.reset(seed=3)
    terminated = False
    while not terminated:
        _o, _r, terminated, _t, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert "won" in info and not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def test_render_human_writes_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    env = gym.make("solotable/minirogue-v1-v0", render_mode="human")
    _obs, info = env.reset(seed=0)
    first = capsys.readouterr().out
    assert first == solotable.load("minirogue-v1").render_text(env.unwrapped.state) + "\n"
    assert env.render() is None
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert capsys.readouterr().out  # every step is shown


def test_action_meanings_are_the_catalogue() -> None:
    env = gym.make("solotable/deepspace-d6-v0")
    meanings = env.unwrapped.get_action_meanings()
    assert meanings == list(solotable.rl.catalogue("deepspace-d6")) and len(meanings) == env.action_space.n


def test_gymnasium_make_without_importing_solotable() -> None:
    """Gymnasium 1.x loads no plugins, but its ``module:id`` form imports the module itself."""
    import subprocess
    import sys

    code = ("import gymnasium, sys; env = gymnasium.make('solotable.rl:solotable/minirogue-v0'); "
            "obs, info = env.reset(seed=0); print(obs.shape[0] > 0, info['action_mask'].any())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "True"]


def test_options_are_checked_as_in_the_cli() -> None:
    with pytest.raises(OptionError):
        SolotableEnv("minirogue-v1", difficulty="nightmarish")
    with pytest.raises(OptionError):
        SolotableEnv("deepspace-d6", colour="red")
    assert SolotableEnv("minirogue-v1", difficulty="nightmare").options["difficulty"] == "impossible"
    assert SolotableEnv("jongrogue", forced_end="off").options["forced-end"] == "off"
    with pytest.raises(ValueError, match="reward must be one of win, score"):
        SolotableEnv("minirogue-v1", reward="points")


def test_render_ansi_is_the_games_text() -> None:
    env = gym.make("solotable/deepspace-d6-v0", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and text == solotable.load("deepspace-d6").render_text(env.unwrapped.state)


@pytest.mark.parametrize("env_id", solotable.rl.ENV_IDS)
def test_vector_env_steps_with_masks(env_id: str) -> None:
    envs = gym.make_vec(env_id, num_envs=3, vectorization_mode="sync")
    obs, info = envs.reset(seed=7)
    assert obs.shape == (3, *envs.single_observation_space.shape)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(200):
        masks = info["action_mask"]
        assert masks.shape == (3, envs.single_action_space.n)
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, _r, terminated, _t, info = envs.step(actions)
        finished += int(terminated.sum())
    assert np.array_equal(np.stack(envs.call("action_masks")), info["action_mask"].astype(bool))
    envs.close()


def test_a_game_over_before_any_decision_is_skipped_and_counted() -> None:
    """Mini Rogue v1 on Impossible: a run of traps in single columns can kill the hero before
    any choice; reset deals the next game and says how many it skipped."""
    env = SolotableEnv("minirogue-v1", difficulty="impossible")
    skipped = []
    for seed in range(300):
        _obs, info = env.reset(seed=seed)
        assert not env.state.is_terminal() and info["action_mask"].any()
        skipped.append(info["skipped_games"])
    assert max(skipped) >= 1 and skipped.count(0) > 250


@pytest.mark.parametrize(("env_id", "options"), ENVS)
def test_batched_env_steps_many_games_into_shared_arrays(env_id: str, options: dict[str, object]) -> None:
    """SolotableVectorEnv: every row's vector and mask are its game's; an ended game is dealt anew
    in the same step (SAME_STEP autoreset: no all-zero mask row), its last vector and result in
    the infos."""
    from solotable.rl.env import SolotableVectorEnv

    game_id = gym.spec(env_id).kwargs["game_id"]
    envs = SolotableVectorEnv(game_id, 4, **options)
    assert envs.metadata["autoreset_mode"] == gym.vector.AutoresetMode.SAME_STEP
    obs, info = envs.reset(seed=5)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        assert envs.observation_space.contains(obs)
        for i, table in enumerate(envs.tables):
            by_index, _outside = legal_indices(game_id, table.state)
            assert set(np.flatnonzero(info["action_mask"][i])) == set(by_index)
            player = table.player
            assert np.array_equal(obs[i], solotable.rl.encode(game_id, table.state.observation(player), player))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            ended += 1
            assert info["_final_obs"][i] and info["final_obs"][i].shape == obs[i].shape
            assert rewards[i] == float(info["won"][i])
    assert ended > 0 or game_id == "jongrogue"
    # the same seed plays the same games
    again = SolotableVectorEnv(game_id, 4, **options)
    a, _ = again.reset(seed=5)
    assert np.array_equal(a, SolotableVectorEnv(game_id, 4, **options).reset(seed=5)[0])


def test_batched_env_refuses_or_ends_on_an_illegal_action() -> None:
    from solotable.rl.env import SolotableVectorEnv

    envs = SolotableVectorEnv("minirogue-v1", 2)
    _obs, info = envs.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"][0] == 0)[0])
    legal = int(np.flatnonzero(info["action_mask"][1])[0])
    _obs, rewards, terminated, _t, info = envs.step(np.array([illegal, legal]))
    assert terminated[0] and rewards[0] == 0.0 and info["illegal_action"][0] and not info["won"][0]
    assert info["action_mask"][0].any()  # already the next game's first decision
    strict = SolotableVectorEnv("minirogue-v1", 2, illegal_action="raise")
    _obs, info = strict.reset(seed=0)
    with pytest.raises(ValueError, match=r"sub-env 0: action .* is not legal now"):
        strict.step(np.array([illegal, legal]))
