"""Fit Mini Rogue 2020's review evaluation (``solotable/games/minirogue/value.toml``).

The evaluation is the chance that the ``heuristic`` bot (both seats in a co-op game) wins from a
position, as a logistic regression on the groups of the game's own observation vector named by
``heuristic.GROUPS`` (the heroes' cards, the area, the floor, the difficulty, the bosses beaten),
fitted to the positions where the review's rollouts stop: the first position of every area after
the first (``heuristic.stage`` changes), labelled by whether the game was won.

    python benchmarks/fit_minirogue_value.py --games 24000 --seed 2026 --write

The games cycle through the options a review meets: solo and co-op (every partner), every
character and every difficulty, Normal most often (see :func:`options`). A fifth of the games is
held out to report the fits (log loss and Brier score against always predicting the mean, and
against one fit pooling solo and co-op). Without
``--write`` it only reports. The calibration runs (``benchmarks/calibration.py``) use other seeds.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import logistic  # benchmarks/logistic.py, beside this script
import numpy as np

from solotable.games.minirogue import heuristic as H
from solotable.games.minirogue.names import CHARACTERS, DIFFICULTIES

VALUE_FILE = Path(H.__file__).with_name("value.toml")


def options(index: int) -> dict[str, str]:
    """Game ``index``'s options: solo every other game, else a partner; characters and partners
    in turn; Normal two games in three, the other difficulties in turn."""
    character = CHARACTERS[index // 2 % len(CHARACTERS)]
    others = [c for c in CHARACTERS if c != character]
    partner = "none" if index % 2 == 0 else others[index // 2 // len(CHARACTERS) % len(others)]
    rest = [d for d in DIFFICULTIES if d != "normal"]
    difficulty = "normal" if index % 3 else rest[index // 3 % len(rest)]
    return {"character": character, "partner": partner, "difficulty": difficulty}


def collect(games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features where an area begins, the game's result, and the game's index."""
    return logistic.collect_at_stages("minirogue", options, H.stage, H.features, H.make_agent, games, seed)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """This game's fit: ridge 1e-4, at most 60 Newton steps."""
    return logistic.fit(x, y, l2=1e-4, steps=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--write", action="store_true", help="write value.toml")
    ns = parser.parse_args()
    start = time.process_time()
    x, y, g = collect(ns.games, ns.seed)
    coop = x[:, 1 + H.FEATURES.index("two players")] > 0.5
    held = g % 5 == 4
    wins = len({int(i) for i, won in zip(g, y, strict=True) if won})
    print(f"{len(y)} positions from {ns.games} games, {wins} won ({y[~held].mean():.3f} of positions in won games)")
    pooled = fit(x[~held], y[~held])
    held_scores: dict[str, tuple[float, float, float, float]] = {}
    for name, part in (("solo", ~coop), ("co-op", coop)):
        train, test = ~held & part, held & part
        mean = float(y[train].mean())
        alone = fit(x[train], y[train])
        held_scores[name] = logistic.scores(x[test], y[test], alone, mean)
        loss, base, brier, base_brier = held_scores[name]
        p_loss, _, p_brier, _ = logistic.scores(x[test], y[test], pooled, mean)
        print(
            f"held out, {name} ({int(test.sum())} positions): log loss {loss:.4f} (one fit for both {p_loss:.4f}, "
            f"mean only {base:.4f}), Brier {brier:.4f} (one fit for both {p_brier:.4f}, mean only {base_brier:.4f})"
        )
    fits = {name: fit(x[part], y[part]) for name, part in (("solo", ~coop), ("co-op", coop))}
    for name, weights in fits.items():
        print(f"{name}:")
        for feature, weight in zip(("bias", *H.FEATURES), weights, strict=True):
            print(f"  {feature:24} {weight:+.4f}")
    print(f"{time.process_time() - start:.0f} s of CPU")
    if ns.write:
        solo, co = held_scores["solo"], held_scores["co-op"]
        lines = [
            "# Mini Rogue 2020: the review's evaluation, logistic regressions of the heuristic bot's wins on",
            "# groups of the observation vector (heuristic.GROUPS) where each area begins, one for solo games",
            "# (weights) and one for co-op (coop_weights). Written by:",
            f"#   python benchmarks/fit_minirogue_value.py --games {ns.games} --seed {ns.seed} --write",
            f"# {len(y)} positions of {ns.games} games (solo and co-op, every character and difficulty), {wins} won;",
            f"# held-out log loss solo {solo[0]:.4f} (mean only {solo[1]:.4f}), "
            f"co-op {co[0]:.4f} (mean only {co[1]:.4f});",
            f"# Brier solo {solo[2]:.4f} (mean only {solo[3]:.4f}), co-op {co[2]:.4f} (mean only {co[3]:.4f}).",
            "features = [" + ", ".join(f'"{n}"' for n in ("bias", *H.FEATURES)) + "]",
            "weights = [" + ", ".join(f"{float(v):.6f}" for v in fits["solo"]) + "]",
            "coop_weights = [" + ", ".join(f"{float(v):.6f}" for v in fits["co-op"]) + "]",
            "",
        ]
        VALUE_FILE.write_text("\n".join(lines), encoding="utf-8")
        print(f"wrote {VALUE_FILE}")


if __name__ == "__main__":
    main()
