"""Fit Mini Rogue v1.2.1's review evaluation (``solotable/games/minirogue_v1/value.toml``).

The evaluation is the chance that the ``heuristic`` bot wins from a position, as a logistic
regression on the groups of the game's own observation vector named by ``heuristic.GROUPS`` (the
character card, the area and level, the difficulty, the bosses slain), fitted to the positions
where the review's rollouts stop: the first position of every area after the first
(``heuristic.stage`` changes), labelled by whether the game was won.

    python benchmarks/fit_minirogue_v1_value.py --games 20000 --seed 2026 --write

The games cycle through the options a review meets (see :func:`options`): Normal two games in
three, the other difficulties in turn; the Labyrinth keys variant one game in four. A fifth of the
games is held out to report the fit (log loss and Brier score against always predicting the mean,
overall and on Normal without keys). Without ``--write`` it only reports. The calibration runs
(``benchmarks/calibration.py``) use other seeds.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import logistic  # benchmarks/logistic.py, beside this script
import numpy as np

from solotable.games.minirogue_v1 import heuristic as H
from solotable.games.minirogue_v1.data import data

VALUE_FILE = Path(H.__file__).with_name("value.toml")


def options(index: int) -> dict[str, object]:
    """Game ``index``'s options: Normal two games in three, the other difficulties in turn; the
    keys variant one game in four."""
    rest = [d for d in data().difficulty_order if d != "normal"]
    difficulty = "normal" if index % 3 else rest[index // 3 % len(rest)]
    return {"difficulty": difficulty, "keys": index % 4 == 1}


def collect(games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features where an area begins, the game's result, and the game's index."""
    return logistic.collect_at_stages("minirogue-v1", options, H.stage, H.features, H.make_agent, games, seed)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """This game's fit: ridge 1e-4, at most 60 Newton steps."""
    return logistic.fit(x, y, l2=1e-4, steps=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--write", action="store_true", help="write value.toml")
    ns = parser.parse_args()
    start = time.process_time()
    x, y, g = collect(ns.games, ns.seed)
    names = H.feature_names()
    held = g % 5 == 4
    w = fit(x[~held], y[~held])
    mean = float(y[~held].mean())
    loss, base, brier, base_brier = logistic.scores(x[held], y[held], w, mean)
    wins = len({int(i) for i, won in zip(g, y, strict=True) if won})
    print(f"{len(y)} positions from {ns.games} games, {wins} won ({mean:.3f} of positions in won games)")
    print(f"held out: log loss {loss:.4f} (mean only {base:.4f}), Brier {brier:.4f} (mean only {base_brier:.4f})")
    normal = np.array([options(int(i)) == {"difficulty": "normal", "keys": False} for i in g])
    sub = held & normal
    n_loss, n_base, n_brier, n_base_brier = logistic.scores(x[sub], y[sub], w, float(y[~held & normal].mean()))
    print(
        f"held out, Normal without keys ({int(sub.sum())} positions): log loss {n_loss:.4f} "
        f"(its mean only {n_base:.4f}), Brier {n_brier:.4f} (its mean only {n_base_brier:.4f})"
    )
    w = fit(x, y)
    for name, weight in zip(("bias", *names), w, strict=True):
        print(f"  {name:24} {weight:+.4f}")
    print(f"{time.process_time() - start:.0f} s of CPU")
    if ns.write:
        lines = [
            "# Mini Rogue v1.2.1: the review's evaluation, a logistic regression of the heuristic bot's wins on",
            "# groups of the observation vector (heuristic.GROUPS) where each area begins. Written by:",
            f"#   python benchmarks/fit_minirogue_v1_value.py --games {ns.games} --seed {ns.seed} --write",
            f"# {len(y)} positions of {ns.games} games (every difficulty, keys variant one game in four), {wins} won;",
            f"# held-out log loss {loss:.4f} (mean only {base:.4f}), Brier {brier:.4f} (mean only {base_brier:.4f}).",
            "features = [" + ", ".join(f'"{n}"' for n in ("bias", *names)) + "]",
            "weights = [" + ", ".join(f"{float(v):.6f}" for v in w) + "]",
            "",
        ]
        VALUE_FILE.write_text("\n".join(lines), encoding="utf-8")
        print(f"wrote {VALUE_FILE}")


if __name__ == "__main__":
    main()
