"""Fit Deep Space D-6's search evaluation (``solotable/games/deepspace_d6/value.toml``).

The evaluation is the chance that the ``heuristic`` bot wins from a position, as a logistic
regression on the public features of ``heuristic.features``, fitted to the positions at the start
of every round of heuristic games (labelled by whether the game was won). MCTS compares moves by it
one round ahead (``heuristic.SEARCH_HORIZON``): one-step policy improvement over the heuristic,
with the heuristic's own value estimated from its games.

    python benchmarks/fit_deepspace_value.py --games 16000 --seed 2026 --write

Games are spread evenly over the four presets; a fifth of them is held out to report the fit
(log loss and Brier score against always predicting the mean). Without ``--write`` it only reports.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import logistic  # benchmarks/logistic.py, beside this script
import numpy as np

from solotable.core.protocol import CHANCE
from solotable.core.registry import load
from solotable.games.deepspace_d6 import heuristic as H
from solotable.games.deepspace_d6.rules.crew import ROLL
from solotable.games.deepspace_d6.state import DeepSpaceState
from solotable.sim.runner import game_rngs

PRESETS = ("beginner", "easy", "normal", "hard")
VALUE_FILE = Path(H.__file__).with_name("value.toml")


def collect(games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features at every round start, the game's result, and the game's index."""
    game = load("deepspace-d6")
    agent = H.make_agent()
    xs: list[list[float]] = []
    ys: list[int] = []
    gs: list[int] = []
    for index in range(games):
        chance_rng, agent_rng = game_rngs(seed, index)
        state = game.new_state(difficulty=PRESETS[index % len(PRESETS)])
        assert isinstance(state, DeepSpaceState)
        state.set_events(False)  # nothing here reads them
        rows: list[list[float]] = []
        while state.to_move is not None:
            if state.to_move == CHANCE:
                if state.phase is ROLL:
                    rows.append(H.features(state))
                state.apply(state.chance_table().sample(chance_rng), trusted=True)
            else:
                state.apply(agent.choose(state, agent_rng), trusted=True)
        won = int(state.won)
        xs.extend(rows)
        ys.extend([won] * len(rows))
        gs.extend([index] * len(rows))
    return np.array(xs), np.array(ys, dtype=float), np.array(gs)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """This game's fit: ridge 1e-3, at most 50 Newton steps."""
    return logistic.fit(x, y, l2=1e-3, steps=50)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--write", action="store_true", help="write value.toml")
    ns = parser.parse_args()
    x, y, g = collect(ns.games, ns.seed)
    held = g % 5 == 4
    w = fit(x[~held], y[~held])
    loss, base, brier, base_brier = logistic.scores(x[held], y[held], w, float(y[held].mean()))
    print(f"{len(y)} positions from {ns.games} games ({y[~held].mean():.3f} won, by position)")
    print(f"held out: log loss {loss:.4f} (mean only {base:.4f}), Brier {brier:.4f} (mean only {base_brier:.4f})")
    w = fit(x, y)
    for name, weight in zip(H.FEATURES, w, strict=True):
        print(f"  {name:16} {weight:+.4f}")
    if ns.write:
        lines = [
            "# Deep Space D-6: the search evaluation, a logistic regression of the heuristic bot's wins on",
            "# public features at the start of each round (heuristic.features). Written by:",
            f"#   python benchmarks/fit_deepspace_value.py --games {ns.games} --seed {ns.seed} --write",
            f"# {len(y)} positions; held-out log loss {loss:.4f} (mean only {base:.4f}),"
            f" Brier {brier:.4f} (mean only {base_brier:.4f}).",
            "features = [" + ", ".join(f'"{n}"' for n in H.FEATURES) + "]",
            "weights = [" + ", ".join(f"{float(v):.6f}" for v in w) + "]",
            "",
        ]
        VALUE_FILE.write_text("\n".join(lines), encoding="utf-8")
        print(f"wrote {VALUE_FILE}")


if __name__ == "__main__":
    main()
