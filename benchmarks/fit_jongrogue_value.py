"""Fit JongRogue's search evaluation (``solotable/games/jongrogue/value.toml``).

The evaluation is the chance that the ``heuristic`` bot wins (with no continue, §7.30) from a
position, as a logistic regression on the public features of ``heuristic.features`` (numbers the
observation shows), fitted to positions met at the PL's decisions in heuristic games, labelled by
whether the game was won. MCTS compares moves by it ``heuristic.SEARCH_HORIZON`` decisions ahead:
policy improvement over the heuristic, with the heuristic's own value estimated from its games.

    python benchmarks/fit_jongrogue_value.py --games 8000 --seed 2026 --write

Games alternate between EZ and full EZ Plus, continue off; every ``--every``-th decision of a game
is kept (neighbouring positions say nearly the same). A fifth of the games is held out to report
the fit (log loss and Brier score against always predicting the mean). Without ``--write`` it
only reports.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import logistic  # benchmarks/logistic.py, beside this script
import numpy as np

from solotable.core.protocol import CHANCE
from solotable.core.registry import load
from solotable.games.jongrogue import heuristic as H
from solotable.games.jongrogue.state import JongRogueState
from solotable.sim.runner import game_rngs

RULES = ("ez", "ez-plus")
VALUE_FILE = Path(H.__file__).with_name("value.toml")


def collect(games: int, seed: int, every: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features at every ``every``-th decision, the game's result, and the game's index."""
    game = load("jongrogue")
    agent = H.make_agent()
    xs: list[list[float]] = []
    ys: list[int] = []
    gs: list[int] = []
    for index in range(games):
        chance_rng, agent_rng = game_rngs(seed, index)
        state = game.new_state(rules=RULES[index % len(RULES)], **{"continue": "off"})
        assert isinstance(state, JongRogueState)
        state.set_events(False)
        rows: list[list[float]] = []
        decisions = 0
        while state.to_move is not None:
            if state.to_move == CHANCE:
                state.apply(state.chance_table().sample(chance_rng), trusted=True)
                continue
            if decisions % every == 0:
                rows.append(H.features(state))
            decisions += 1
            state.apply(agent.choose(state, agent_rng), trusted=True)
        won = int(state.won)
        xs.extend(rows)
        ys.extend([won] * len(rows))
        gs.extend([index] * len(rows))
    return np.array(xs), np.array(ys, dtype=float), np.array(gs)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """This game's fit: ridge 1e-4, at most 60 Newton steps."""
    return logistic.fit(x, y, l2=1e-4, steps=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--every", type=int, default=3, help="keep every N-th decision of a game (default 3)")
    parser.add_argument("--write", action="store_true", help="write value.toml")
    ns = parser.parse_args()
    start = time.process_time()
    x, y, g = collect(ns.games, ns.seed, ns.every)
    held = g % 5 == 4
    w = fit(x[~held], y[~held])
    loss, base, brier, base_brier = logistic.scores(x[held], y[held], w, float(y[~held].mean()))
    wins = len({int(i) for i, won in zip(g, y, strict=True) if won})
    print(f"{len(y)} positions from {ns.games} games, {wins} won ({y[~held].mean():.3f} of positions in won games)")
    print(f"held out: log loss {loss:.4f} (mean only {base:.4f}), Brier {brier:.4f} (mean only {base_brier:.4f})")
    w = fit(x, y)
    for name, weight in zip(H.FEATURES, w, strict=True):
        print(f"  {name:16} {weight:+.4f}")
    print(f"{time.process_time() - start:.0f} s of CPU")
    if ns.write:
        lines = [
            "# JongRogue: the search evaluation, a logistic regression of the heuristic bot's wins (continue",
            "# off) on public features at its decisions (heuristic.features). Written by:",
            f"#   python benchmarks/fit_jongrogue_value.py --games {ns.games} --seed {ns.seed} --every {ns.every}"
            " --write",
            f"# {len(y)} positions of {ns.games} games (EZ and EZ Plus alternately), {wins} won; held-out log loss"
            f" {loss:.4f}",
            f"# (mean only {base:.4f}), Brier {brier:.4f} (mean only {base_brier:.4f}).",
            "features = [" + ", ".join(f'"{n}"' for n in H.FEATURES) + "]",
            "weights = [" + ", ".join(f"{float(v):.6f}" for v in w) + "]",
            "",
        ]
        VALUE_FILE.write_text("\n".join(lines), encoding="utf-8")
        print(f"wrote {VALUE_FILE}")


if __name__ == "__main__":
    main()
