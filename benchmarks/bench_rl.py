"""Environment speed against Gymnasium's Blackjack-v1, in the same run: each game's single env and
its batched env, steps per second of CPU time.

    python benchmarks/bench_rl.py [--games minirogue-v1,minirogue,deepspace-d6,jongrogue]
                                  [--seconds 1.0] [--num-envs 16] [--repeats 5]

A step is one ``env.step`` of a uniformly random legal action, read from the mask (Blackjack, which
has no mask, reads an all-ones mask of its two actions the same way), with the chance outcomes it
brings drawn inside the env, the observation vector and the mask written, and resets when an
episode ends. The single envs come from ``gymnasium.make`` (with its wrappers, for Blackjack too);
the batched env is :class:`solotable.rl.env.SolotableVectorEnv` (``copy=False``: the shared
arrays), its actions picked for all rows at once with NumPy (the legal entries of the masks listed
by ``np.nonzero``, then the k-th of each row, k uniform below its count: the actions a cumulative
sum over each row picks, for less on wide masks), one step counted per sub-env; it runs
in this one process, so its figure is per core. Each contender runs ``--seconds`` of CPU time
(``time.process_time``) per repeat; the contenders are interleaved in every repeat, and the table
gives the median steps/s of the repeats and its ratio to Blackjack-v1's median.
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
from solotable.rl.env import SolotableVectorEnv


def bench_single(make: Callable[[], gym.Env], seconds: float, seed: int) -> float:
    env = make()
    uniform = np.random.default_rng(seed).random(1 << 16).tolist()
    _obs, info = env.reset(seed=seed)
    all_ones = np.ones(2, dtype=np.int8)
    steps, k = 0, 0
    start = time.process_time()
    while True:
        for _ in range(200):
            legal = np.flatnonzero(info.get("action_mask", all_ones))
            action = legal[int(uniform[k] * len(legal))]
            k = (k + 1) & 0xFFFF
            _obs, _r, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                _obs, info = env.reset()
        steps += 200
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return steps / elapsed


def bench_batched(game_id: str, num_envs: int, seconds: float, seed: int) -> float:
    envs = SolotableVectorEnv(game_id, num_envs, copy=False)
    rng = np.random.default_rng(seed)
    _obs, info = envs.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while True:
        for _ in range(20):  # the k-th legal action of each row, k uniform below the row's count
            rows, cols = np.nonzero(info["action_mask"].view(np.bool_))
            counts = np.bincount(rows, minlength=num_envs)
            first = np.cumsum(counts) - counts
            actions = cols[first + (rng.random(num_envs) * counts).astype(np.int64)]
            _obs, _r, _term, _trunc, info = envs.step(actions)
        steps += 20 * num_envs
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return steps / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="minirogue-v1,minirogue,deepspace-d6,jongrogue")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per contender and repeat")
    parser.add_argument("--num-envs", type=int, default=16)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = args.games.split(",")
    contenders: list[tuple[str, str, Callable[[int], float]]] = [
        ("Blackjack-v1", "env", lambda r: bench_single(lambda: gym.make("Blackjack-v1"), args.seconds, r)),
    ]
    for g in games:
        env_id = f"solotable/{g}-v0"
        contenders.append((g, "env", lambda r, e=env_id: bench_single(lambda: gym.make(e), args.seconds, r)))
        contenders.append((g, f"batched x{args.num_envs}",
                           lambda r, g=g: bench_batched(g, args.num_envs, args.seconds, r)))
    for _name, _kind, fn in contenders:  # warm up: imports, the games' lazily built chance tables
        fn(0)
    results: dict[tuple[str, str], list[float]] = {(g, k): [] for g, k, _ in contenders}
    for r in range(args.repeats):
        for g, kind, fn in contenders:
            results[(g, kind)].append(fn(args.seed + r))
    anchor = statistics.median(results[("Blackjack-v1", "env")])
    print(f"python {platform.python_implementation()} {platform.python_version()} on {platform.machine()}; "
          f"gymnasium {gym.__version__}; {args.seconds:g} CPU s a measurement, median of {args.repeats}, "
          f"interleaved")
    print(f"{'game':<14} {'kind':<12} {'steps/s':>10} {'x Blackjack':>12}   (min-max)")
    for (g, kind), rates in results.items():
        med = statistics.median(rates)
        print(f"{g:<14} {kind:<12} {med:>10,.0f} {med / anchor:>11.2f}x   ({min(rates):,.0f}-{max(rates):,.0f})")


if __name__ == "__main__":
    main()
