"""Where a step of JongRogue's single env goes, beside Gymnasium's Blackjack-v1: CPU time per step of
the same random-legal-action loop (``bench_rl.py``'s) through ``gymnasium.make``, of that env with
its observation vector left unwritten, and of the game alone (its rules, chance draws and legal
list, no env, no vector, no mask).

    python benchmarks/jongrogue_step.py [--steps 30000] [--repeats 5]

Each repeat runs the four loops in turn (``--steps`` steps each, resets included); the table gives
the median and the range of the repeats in microseconds per step. The env without its vector is
the same env whose table's writer is replaced by one that writes nothing: what the vector costs is
the difference of the two.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import gymnasium as gym
import numpy as np

import solotable.rl  # noqa: F401 - registers the environments
from solotable.rl.catalogue import catalogue
from solotable.rl.encode import size
from solotable.rl.table import Table

ONES = np.ones(2, dtype=np.int8)


def env_loop(env: gym.Env[Any, Any], steps: int, uniform: list[float]) -> float:
    """µs per ``env.step`` of a uniformly random legal action read from the mask."""
    _obs, info = env.reset(seed=1)
    k = 0
    start = time.process_time()
    for _ in range(steps):
        legal = np.flatnonzero(info.get("action_mask", ONES))
        action = legal[int(uniform[k] * len(legal))]
        k = (k + 1) & 0xFFFF
        _obs, _r, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            _obs, info = env.reset()
    return (time.process_time() - start) / steps * 1e6


def no_vector() -> gym.Env[Any, Any]:
    """JongRogue's single env, its vector never written (its mask as ever)."""
    env = gym.make("solotable/jongrogue-v0")
    table = env.unwrapped._table  # type: ignore[attr-defined]
    table._write = lambda _state, _player, _out: None
    return env


class _GameOnly(Table):
    """A table that writes neither vector nor mask: the game's rules, draws and legal list."""

    __slots__ = ()

    def _fill(self, tm: int | None) -> None:
        pass


def game_loop(steps: int, uniform: list[float]) -> float:
    """µs per decision of the game alone (a random legal action, chance drawn as the env does)."""
    table = _GameOnly("jongrogue", {}, np.zeros(size("jongrogue"), dtype=np.float32),
                      np.zeros(len(catalogue("jongrogue")), dtype=np.int8))
    table.seed(np.random.default_rng(1))
    table.new_game(1)
    k = 0
    start = time.process_time()
    for _ in range(steps):
        legal = table.state.legal_actions()
        action = legal[int(uniform[k] * len(legal))]
        k = (k + 1) & 0xFFFF
        table.play(action)
        if table.state.to_move is None:
            table.new_game(None)
    return (time.process_time() - start) / steps * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=30_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    uniform = np.random.default_rng(1).random(1 << 16).tolist()
    runs: dict[str, list[float]] = {"Blackjack-v1": [], "jongrogue env": [], "jongrogue env, no vector": [],
                                    "jongrogue game alone": []}
    for _ in range(args.repeats):
        runs["Blackjack-v1"].append(env_loop(gym.make("Blackjack-v1"), args.steps, uniform))
        runs["jongrogue env"].append(env_loop(gym.make("solotable/jongrogue-v0"), args.steps, uniform))
        runs["jongrogue env, no vector"].append(env_loop(no_vector(), args.steps, uniform))
        runs["jongrogue game alone"].append(game_loop(args.steps, uniform))
    print(f"CPU time per step, median of {args.repeats} (min-max), {args.steps:,} steps a loop")
    for name, times in runs.items():
        print(f"{name:26s} {statistics.median(times):6.1f} us  ({min(times):.1f}-{max(times):.1f})")


if __name__ == "__main__":
    main()
