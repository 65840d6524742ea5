"""Environment speed: the Gymnasium env and its vector env, per game, on one core.

    python benchmarks/bench_rl.py [--games minirogue-v1,minirogue,deepspace-d6,jongrogue]
                                  [--steps 20000] [--num-envs 8] [--repeats 5]

A step is one ``env.step`` of a uniformly random legal action (read from the mask), with the
chance outcomes it brings drawn inside the env, the observation vector and the mask built, and
resets when an episode ends; the vector env (``gymnasium.make_vec(..., vectorization_mode="sync")``)
counts one step per sub-environment. Times are CPU time (``time.process_time``); the contenders
(each game's env and vector env) are interleaved in every repeat and the median of the repeats is
printed.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable

import gymnasium as gym
import numpy as np

import solotable.rl  # noqa: F401 - registers the environments


def bench_env(env_id: str, steps: int, seed: int) -> float:
    env = gym.make(env_id)
    rng = np.random.default_rng(seed)
    _obs, info = env.reset(seed=seed)
    start = time.process_time()
    for _ in range(steps):
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        _obs, _r, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            _obs, info = env.reset()
    return steps / (time.process_time() - start)


def bench_vector(env_id: str, steps: int, num_envs: int, seed: int) -> float:
    envs = gym.make_vec(env_id, num_envs=num_envs, vectorization_mode="sync")
    rng = np.random.default_rng(seed)
    _obs, info = envs.reset(seed=seed)
    rounds = max(1, steps // num_envs)
    start = time.process_time()
    for _ in range(rounds):
        masks = info["action_mask"]
        # a sub-env that has just ended takes its next step as its reset (the action is ignored)
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        _obs, _r, _term, _trunc, info = envs.step(actions)
    elapsed = time.process_time() - start
    envs.close()
    return rounds * num_envs / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="minirogue-v1,minirogue,deepspace-d6,jongrogue")
    parser.add_argument("--steps", type=int, default=20_000, help="steps per measurement")
    parser.add_argument("--num-envs", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = args.games.split(",")
    contenders: list[tuple[str, str, Callable[[int], float]]] = []
    for g in games:
        env_id = f"solotable/{g}-v0"
        contenders.append((g, "env", lambda r, e=env_id: bench_env(e, args.steps, args.seed + r)))
        contenders.append((g, f"vector x{args.num_envs}",
                           lambda r, e=env_id: bench_vector(e, args.steps, args.num_envs, args.seed + r)))
    for g in games:  # warm up: imports, the games' lazily built chance tables
        bench_env(f"solotable/{g}-v0", 2000, 0)
    results: dict[tuple[str, str], list[float]] = {(g, k): [] for g, k, _ in contenders}
    for r in range(args.repeats):
        for g, kind, fn in contenders:
            results[(g, kind)].append(fn(r))
    print(f"python {platform.python_implementation()} {platform.python_version()} on {platform.machine()}; "
          f"gymnasium {gym.__version__}; {args.steps:,} steps a measurement, median of {args.repeats}, CPU time")
    print(f"{'game':<14} {'kind':<12} {'steps/s':>10}   (min-max)")
    for (g, kind), rates in results.items():
        print(f"{g:<14} {kind:<12} {statistics.median(rates):>10,.0f}   ({min(rates):,.0f}-{max(rates):,.0f})")


if __name__ == "__main__":
    main()
