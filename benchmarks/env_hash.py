"""A fingerprint of the learning environments' trajectories: the hash of every observation, mask,
reward and end of seeded random play, single env and batched.

    python benchmarks/env_hash.py [--games jongrogue,...] [--steps 3000] [--batched-steps 375]

For each game: ``--steps`` steps of the single env (``gymnasium.make``, reset with seed 1, each
action drawn uniformly from the mask by a seeded NumPy generator, a reset after each episode's end)
the same with the actions that end a game at once left out while another is legal (deeper
games), and ``--batched-steps`` steps of :class:`solotable.rl.env.SolotableVectorEnv` (16 games, seed 1,
actions drawn the same way for every row). It prints the SHA-256 of the vectors, masks, rewards and
ends each gave. A change meant to make the environments faster, not different, must leave every
hash as it was: run it before and after.
"""

from __future__ import annotations

import argparse
import hashlib

import gymnasium as gym
import numpy as np

import solotable.rl  # noqa: F401 - registers the environments
from solotable.rl.env import SolotableVectorEnv


def single(game: str, steps: int, avoid_end: bool = False) -> str:
    """``avoid_end``: never the actions that end a game at once (forced end, game over) while any
    other is legal, so that random games go deeper (JongRogue's forced end is always on offer)."""
    env = gym.make(f"solotable/{game}-v0")
    enders = np.array([name in ("forced-end", "gameover") for name in env.unwrapped.catalogue])
    rng = np.random.default_rng(1)
    digest = hashlib.sha256()
    obs, info = env.reset(seed=1)
    digest.update(obs.tobytes())
    digest.update(info["action_mask"].tobytes())
    for _ in range(steps):
        mask = info["action_mask"]
        legal = np.flatnonzero(mask & ~enders) if avoid_end else ()
        if not len(legal):
            legal = np.flatnonzero(mask)
        action = legal[int(rng.random() * len(legal))]
        obs, reward, terminated, truncated, info = env.step(action)
        digest.update(obs.tobytes())
        digest.update(info["action_mask"].tobytes())
        digest.update(f"{reward}|{terminated}|{truncated}|{info.get('won')}".encode())
        if terminated or truncated:
            obs, info = env.reset()
            digest.update(obs.tobytes())
            digest.update(info["action_mask"].tobytes())
    return digest.hexdigest()[:16]


def batched(game: str, steps: int, num_envs: int = 16) -> str:
    envs = SolotableVectorEnv(game, num_envs)
    rng = np.random.default_rng(1)
    digest = hashlib.sha256()
    obs, info = envs.reset(seed=1)
    digest.update(obs.tobytes())
    for _ in range(steps):
        mask = info["action_mask"]
        cum = np.cumsum(mask, axis=1)
        pick = (rng.random(num_envs) * cum[:, -1]).astype(np.int64)
        actions = (cum <= pick[:, None]).sum(axis=1)
        obs, rewards, terminations, _truncations, info = envs.step(actions)
        digest.update(obs.tobytes())
        digest.update(info["action_mask"].tobytes())
        digest.update(rewards.tobytes())
        digest.update(terminations.tobytes())
        if "final_obs" in info:
            for i in np.flatnonzero(info["_final_obs"]):
                digest.update(info["final_obs"][i].tobytes())
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="minirogue-v1,minirogue,deepspace-d6,jongrogue")
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--batched-steps", type=int, default=375)
    args = parser.parse_args()
    for game in args.games.split(","):
        print(f"{game:<14} single {args.steps} steps {single(game, args.steps)}   "
              f"no ends {single(game, args.steps, avoid_end=True)}   "
              f"batched x16 {args.batched_steps} steps {batched(game, args.batched_steps)}")


if __name__ == "__main__":
    main()
