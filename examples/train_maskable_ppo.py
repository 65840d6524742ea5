"""Train a masked policy on Mini Rogue v1.2.1 and plot its learning curve against the bots.

Needs the extra ``solotable[rl-train]`` (sb3-contrib's MaskablePPO, PyTorch, matplotlib). On a
CPU, one thread::

    nice -n 10 python examples/train_maskable_ppo.py --difficulty normal --cpu-minutes 15 \
        --chunk 250000 --curve-games 200 --eval-games 1000 --out results/ppo-minirogue-v1

trains MaskablePPO (sb3-contrib) on ``solotable/minirogue-v1-v0`` with the shaped reward
(``reward="score"``: the game's score in hundredths, plus 1 for a win) until the CPU budget is
spent, evaluating the greedy masked policy on ``--curve-games`` games after every chunk of steps;
then it plays ``--eval-games`` games (seeds apart from training's) and writes ``curve.csv``,
``summary.json`` (win rate with its 95% Wilson interval) and ``learning_curve.png``, with the
random, heuristic and mcts bots' win rates on the same difficulty from docs/strength.md.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import time
from pathlib import Path
from typing import Any

import gymnasium as gym
import torch
from sb3_contrib import MaskablePPO

import solotable.rl  # noqa: F401 - registers the environments

# docs/strength.md, Mini Rogue v1.2.1: (agent, games, win rate) per difficulty, with the commands
# `python -m solotable sim minirogue-v1 --grid difficulty=... --grid agent=random,heuristic
# --games 20000 --jobs 1 --seed 1` and `... --grid agent=expectimax,mcts,oracle --think 0.01
# --games 100 --jobs 1 --seed 1`
BOTS: dict[str, list[tuple[str, int, float]]] = {
    "casual": [("random", 20000, 0.0), ("heuristic", 20000, 0.6465), ("mcts (--think 0.01)", 100, 0.70)],
    "normal": [("random", 20000, 0.0), ("heuristic", 20000, 0.3563), ("mcts (--think 0.01)", 100, 0.44),
               ("mcts (--iterations 128)", 300, 0.51)],
    "hard": [("random", 20000, 0.0), ("heuristic", 20000, 0.2486), ("mcts (--think 0.01)", 100, 0.32)],
    "impossible": [("random", 20000, 0.0), ("heuristic", 20000, 0.1349), ("mcts (--think 0.01)", 100, 0.15)],
}


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(model: MaskablePPO, difficulty: str, games: int, first_seed: int) -> tuple[int, int]:
    """Wins of the greedy masked policy and games played, from ``games`` resets seeded
    ``first_seed``, ``first_seed + 1``... (games that end before a decision count as losses)."""
    env = gym.make("solotable/minirogue-v1-v0", difficulty=difficulty)
    wins = played = 0
    for g in range(games):
        obs, info = env.reset(seed=first_seed + g)
        # a game over before any decision is a loss of every bot (the env skips it: docs/rl.md)
        played += 1 + info["skipped_games"]
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=info["action_mask"].astype(bool), deterministic=True)
            obs, _r, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        wins += bool(info.get("won"))
    return wins, played


def plot(curve: list[dict[str, Any]], summary: dict[str, Any], difficulty: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    steps = [row["steps"] for row in curve]
    rates = [100 * row["win_rate"] for row in curve]
    lows = [100 * row["low"] for row in curve]
    highs = [100 * row["high"] for row in curve]
    ax.plot(steps, rates, marker="o", ms=3, color="tab:blue", label="MaskablePPO (greedy)")
    ax.fill_between(steps, lows, highs, color="tab:blue", alpha=0.15)
    final = summary["final"]
    ax.errorbar([steps[-1] if steps else 0], [100 * final["win_rate"]],
                yerr=[[100 * (final["win_rate"] - final["low"])], [100 * (final["high"] - final["win_rate"])]],
                fmt="s", color="tab:blue", capsize=4, label=f"final, {final['games']} games")
    styles = ["tab:gray", "tab:green", "tab:red", "tab:purple"]
    for (name, games, rate), colour in zip(BOTS[difficulty], styles, strict=False):
        ax.axhline(100 * rate, color=colour, ls="--", lw=1, label=f"{name}: {100 * rate:.1f}% ({games:,} games)")
    ax.set_xlabel("environment steps (decisions)")
    ax.set_ylabel("win rate (%)")
    ax.set_title(f"Mini Rogue v1.2.1, {difficulty}: masked PPO against the bots")
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    fig.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--difficulty", default="normal", choices=sorted(BOTS))
    parser.add_argument("--cpu-minutes", type=float, default=15.0, help="CPU budget for training")
    parser.add_argument("--chunk", type=int, default=250_000, help="steps between curve points")
    parser.add_argument("--curve-games", type=int, default=200)
    parser.add_argument("--eval-games", type=int, default=1000)
    parser.add_argument("--n-envs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("results/ppo-minirogue-v1"))
    args = parser.parse_args()
    torch.set_num_threads(1)
    args.out.mkdir(parents=True, exist_ok=True)

    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    def make() -> gym.Env[Any, Any]:
        return Monitor(gym.make("solotable/minirogue-v1-v0", difficulty=args.difficulty, reward="score"))

    env = DummyVecEnv([make] * args.n_envs)
    env.seed(args.seed)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=512, batch_size=512, n_epochs=4,
                        learning_rate=3e-4, gamma=0.999, gae_lambda=0.95, ent_coef=0.01,
                        policy_kwargs={"net_arch": [128, 128]}, verbose=0, device="cpu")
    curve: list[dict[str, Any]] = []
    start = time.process_time()
    train_cpu = 0.0
    # the curve's games are seeded from 1,000,000 and the final evaluation's from 2,000,000: no
    # game of either is a training game (those draw from the vector env's own seeds)
    while train_cpu < 60 * args.cpu_minutes:
        t0 = time.process_time()
        model.learn(args.chunk, reset_num_timesteps=False)
        train_cpu += time.process_time() - t0
        wins, n = evaluate(model, args.difficulty, args.curve_games, 1_000_000)
        low, high = wilson(wins, n)
        row = {"steps": model.num_timesteps, "train_cpu_s": round(train_cpu, 1), "wins": wins, "games": n,
               "win_rate": wins / n, "low": low, "high": high}
        curve.append(row)
        print(json.dumps(row), flush=True)
        with open(args.out / "curve.csv", "w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=list(row))
            writer.writeheader()
            writer.writerows(curve)
        model.save(args.out / "model.zip")  # after every chunk: a stopped run keeps its last policy
    wins, n = evaluate(model, args.difficulty, args.eval_games, 2_000_000)
    low, high = wilson(wins, n)
    summary = {
        "difficulty": args.difficulty, "steps": model.num_timesteps, "train_cpu_s": round(train_cpu, 1),
        "total_cpu_s": round(time.process_time() - start, 1),
        "final": {"wins": wins, "games": n, "win_rate": wins / n, "low": low, "high": high},
        "bots": [{"agent": a, "games": g, "win_rate": r} for a, g, r in BOTS[args.difficulty]],
    }
    (args.out / "summary.json").write_text(json.dumps(summary, indent=1))
    print(json.dumps(summary["final"]), flush=True)
    plot(curve, summary, args.difficulty, args.out / "learning_curve.png")


if __name__ == "__main__":
    main()
