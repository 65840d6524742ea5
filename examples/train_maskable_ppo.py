"""Train a masked policy on one of solotable's games and record its learning curve.

Needs the extra ``solotable[rl-train]`` (sb3-contrib's MaskablePPO, PyTorch, matplotlib). On a
CPU, one thread::

    nice -n 10 python examples/train_maskable_ppo.py --game minirogue-v1 --option difficulty=normal \
        --points 131072,262144,524288,786432,1048576 --curve-games 500 --seed 1 --out results/v1-seed1

trains MaskablePPO (sb3-contrib) on ``solotable/<game>-v0`` with the shaped reward
(``reward="score"``: the change of the game's progress score at every step, plus 1 for a win;
docs/rl.md) and, at every curve point (``--points``, or every ``--chunk`` steps up to ``--steps``),
plays the greedy masked policy on ``--curve-games`` fresh games (seeds from 1,000,000, none a
training game). Each curve point records the environment steps, the training CPU time
(``time.process_time`` around ``learn``, the PPO updates included) and CPU per step, the wins and
games, and the mean final progress score (the game's own measure of how far it got: docs/rl.md)
with its spread. ``--agent random`` plays the uniformly random masked policy through the same
evaluation instead (no training): the baseline. Writes ``curve.csv`` and ``run.json`` (with the
library versions, the commit, the CPU model and the load) into ``--out``;
``examples/learning_curves.py`` pools runs over seeds into the curve.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import platform
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

import solotable.rl  # registers the environments
from solotable.core.stats import wilson_interval as wilson
from solotable.rl.env import progress

CURVE_SEED = 1_000_000
"""The curve games' first seed: no curve game is a training game (those draw from the vector env's
own seeds, ``--seed`` onwards)."""
FINAL_SEED = 2_000_000
"""The final evaluation's first seed (``--eval-games``)."""


def parse_options(pairs: list[str]) -> dict[str, str]:
    """``key=value`` pairs into the env's keyword options (checked by the env as the CLI checks them)."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option takes key=value, not {pair!r}")
        options[key.strip().replace("-", "_")] = value.strip()
    return options


def env_id(game: str) -> str:
    return f"solotable/{game}-v0"


def evaluate(policy: Any, game: str, options: dict[str, str], games: int, first_seed: int,
             max_decisions: int = 1000) -> dict[str, Any]:
    """Play ``games`` games seeded ``first_seed``, ``first_seed + 1``... with ``policy`` (a
    MaskablePPO model played greedily, or ``None``: uniformly random legal actions, drawn from a
    generator seeded ``first_seed``). Wins count games that end before any decision as losses (the
    env skips them: docs/rl.md); the final progress score is over the episodes played. A greedy
    policy can repeat a move that changes nothing (JongRogue's games have no length limit short of
    100,000 decisions): an episode still going after ``max_decisions`` is stopped there, a loss at
    the progress it reached, and counted in ``truncated``."""
    env = gym.make(env_id(game), **options)
    base = env.unwrapped
    rng = np.random.default_rng(first_seed)
    wins = played = steps = truncated = 0
    finals: list[float] = []
    for g in range(games):
        obs, info = env.reset(seed=first_seed + g)
        played += 1 + info["skipped_games"]
        done = False
        decisions = 0
        while not done:
            if decisions == max_decisions:
                truncated += 1
                break
            mask = info["action_mask"].astype(bool)
            if policy is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action, _ = policy.predict(obs, action_masks=mask, deterministic=True)
            obs, _r, terminated, cut, info = env.step(int(action))
            steps += 1
            decisions += 1
            done = terminated or cut
        wins += bool(info.get("won"))
        finals.append(progress(game, base.state.observation(base.player)))
    env.close()
    low, high = wilson(wins, played)
    mean = float(np.mean(finals))
    sd = float(np.std(finals, ddof=1)) if len(finals) > 1 else 0.0
    half = 1.959964 * sd / math.sqrt(len(finals)) if finals else 0.0
    return {"wins": wins, "games": played, "win_rate": wins / played if played else 0.0, "low": low, "high": high,
            "episodes": len(finals), "progress_mean": mean, "progress_sd": sd,
            "progress_low": mean - half, "progress_high": mean + half,
            "progress_sum": float(np.sum(finals)), "progress_sumsq": float(np.sum(np.square(finals))),
            "eval_decisions": steps, "truncated": truncated}


def versions() -> dict[str, str]:
    """The versions of what the run depends on, the commit, the CPU and the load (recorded with it)."""
    out = {"python": platform.python_version()}
    for dist in ("torch", "sb3-contrib", "stable-baselines3", "gymnasium", "numpy", "solotable"):
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[dist] = "not installed"
    root = Path(solotable.__file__).resolve().parent.parent
    try:
        out["commit"] = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True,
                                       text=True, check=True).stdout.strip()
        changed = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                                 capture_output=True, text=True, check=True).stdout.strip()
        if changed:
            out["commit"] += "+uncommitted changes"
    except (OSError, subprocess.CalledProcessError):
        out["commit"] = "unknown"
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    out["cpu"] = cpu
    out["cores"] = str(os.cpu_count())
    return out


def load() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


def curve_points(args: argparse.Namespace) -> list[int]:
    if args.points:
        points = sorted({int(p) for p in args.points.split(",")})
    else:
        points = list(range(args.chunk, args.steps + 1, args.chunk)) or [args.steps]
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="minirogue-v1", choices=sorted(solotable.rl.GAME_IDS))
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option for the env (as in the CLI: difficulty=normal, character=priestess...)")
    parser.add_argument("--difficulty", help="shorthand for --option difficulty=...")
    parser.add_argument("--agent", default="ppo", choices=("ppo", "random"),
                        help="random: evaluate the uniformly random masked policy only (the baseline)")
    parser.add_argument("--steps", type=int, default=1_000_000, help="training steps (with --chunk)")
    parser.add_argument("--chunk", type=int, default=250_000, help="steps between curve points")
    parser.add_argument("--points", default="", help="curve points in steps, comma-separated (instead of --chunk)")
    parser.add_argument("--cpu-minutes", type=float, default=0.0,
                        help="stop after the curve point that passes this training CPU budget (0: none)")
    parser.add_argument("--curve-games", type=int, default=200)
    parser.add_argument("--max-decisions", type=int, default=1000,
                        help="an evaluation game still going after this many decisions is stopped, a loss")
    parser.add_argument("--eval-games", type=int, default=0, help="a final evaluation on seeds from 2,000,000")
    parser.add_argument("--n-envs", type=int, default=8)
    parser.add_argument("--hidden", type=int, default=128, help="units in each of the MLP's two layers")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("results/ppo"))
    args = parser.parse_args()
    options = parse_options(args.option)
    if args.difficulty:
        options["difficulty"] = args.difficulty
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.process_time()
    run: dict[str, Any] = {"game": args.game, "env_id": env_id(args.game), "options": options, "agent": args.agent,
                           "seed": args.seed, "argv": sys.argv[1:], "versions": versions(),
                           "load_start": load(), "curve_seed": CURVE_SEED}

    def write(curve: list[dict[str, Any]]) -> None:
        if curve:
            with open(args.out / "curve.csv", "w", newline="") as fh:
                writer = csv.DictWriter(fh, fieldnames=list(curve[0]))
                writer.writeheader()
                writer.writerows(curve)
        run["curve"] = curve
        run["load_end"] = load()
        run["total_cpu_s"] = round(time.process_time() - start, 1)
        (args.out / "run.json").write_text(json.dumps(run, indent=1))

    if args.agent == "random":
        t0 = time.process_time()
        row = {"steps": 0, "train_cpu_s": 0.0, "cpu_ms_per_step": 0.0,
               **evaluate(None, args.game, options, args.curve_games, CURVE_SEED, args.max_decisions),
               "eval_cpu_s": round(time.process_time() - t0, 1)}
        print(json.dumps(row), flush=True)
        write([row])
        return

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    run["policy"] = {"algorithm": "MaskablePPO", "net_arch": [args.hidden, args.hidden], "n_envs": args.n_envs,
                     "n_steps": 512, "batch_size": 512, "n_epochs": 4, "learning_rate": 3e-4, "gamma": 0.999,
                     "gae_lambda": 0.95, "ent_coef": 0.01, "reward": "score", "torch_threads": 1}

    def make() -> gym.Env[Any, Any]:
        return Monitor(gym.make(env_id(args.game), reward="score", **options))

    env = DummyVecEnv([make] * args.n_envs)
    env.seed(args.seed)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=512, batch_size=512, n_epochs=4,
                        learning_rate=3e-4, gamma=0.999, gae_lambda=0.95, ent_coef=0.01,
                        policy_kwargs={"net_arch": [args.hidden, args.hidden]}, verbose=0, device="cpu")
    curve: list[dict[str, Any]] = []
    train_cpu = 0.0
    for point in curve_points(args):
        if point > model.num_timesteps:
            t0 = time.process_time()
            # learn() runs whole rollouts (n_envs x 512 steps): the point is reached or just passed
            model.learn(point - model.num_timesteps, reset_num_timesteps=False)
            train_cpu += time.process_time() - t0
        t0 = time.process_time()
        row = {"steps": model.num_timesteps, "train_cpu_s": round(train_cpu, 1),
               "cpu_ms_per_step": round(1000 * train_cpu / model.num_timesteps, 4),
               **evaluate(model, args.game, options, args.curve_games, CURVE_SEED, args.max_decisions),
               "eval_cpu_s": round(time.process_time() - t0, 1)}
        curve.append(row)
        print(json.dumps(row), flush=True)
        write(curve)
        model.save(args.out / "model.zip")  # after every point: a stopped run keeps its last policy
        if args.cpu_minutes and train_cpu >= 60 * args.cpu_minutes:
            break
    if args.eval_games:
        run["final"] = evaluate(model, args.game, options, args.eval_games, FINAL_SEED, args.max_decisions)
        print(json.dumps(run["final"]), flush=True)
    write(curve)


if __name__ == "__main__":
    main()
