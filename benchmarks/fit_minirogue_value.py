"""Fit Mini Rogue 2020's review evaluation (``solotable/games/minirogue/value.toml``).

The evaluation is the chance that the ``heuristic`` bot (both seats in a co-op game) wins from a
position, as a logistic regression fitted to the positions where the review's rollouts stop: the
first position of every area after the first (``heuristic.stage`` changes), labelled by whether
the game was won. Two fits:

- solo, on the groups of the game's own observation vector named by ``heuristic.GROUPS`` (the
  hero's card, the area, the floor, the difficulty, the bosses beaten), from the solo half of
  ``--games`` games that cycle through the options (see :func:`options`);
- co-op, on ``--coop-games`` co-op games (every ordered pair of characters, see
  :func:`coop_options`), on the party's holdings (each hero column summed over the two heroes),
  which characters play and the weaker hero's HP (``heuristic.coop_features``), not on each
  seat's: a seat's weights priced a gift or trade between the two heroes at 2 to 4 points, where
  the rest of the game finds it worth about nothing (issue 24; ``benchmarks/minirogue_coop_prices.py``).

    python benchmarks/fit_minirogue_value.py --games 20000 --coop-games 20000 --seed 2026 --write

A fifth of the games is held out to report the fits (log loss and Brier score against always
predicting the mean; co-op, against the seats' layout of the solo fit). Without ``--write`` it only reports. The
calibration runs (``benchmarks/calibration.py``) use other seeds.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import logistic  # benchmarks/logistic.py, beside this script
import numpy as np

from solotable.core.protocol import State
from solotable.games.minirogue import heuristic as H
from solotable.games.minirogue.names import CHARACTERS, DIFFICULTIES
from solotable.games.minirogue.state import MiniRogueState

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


def coop_options(index: int) -> dict[str, str]:
    """Co-op game ``index``'s options: every ordered pair of two characters in turn; Normal two
    games in three, the other difficulties in turn."""
    pairs = [(a, b) for a in CHARACTERS for b in CHARACTERS if a != b]
    character, partner = pairs[index % len(pairs)]
    rest = [d for d in DIFFICULTIES if d != "normal"]
    difficulty = "normal" if index % 3 else rest[index // 3 % len(rest)]
    return {"character": character, "partner": partner, "difficulty": difficulty}


def collect(games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features where an area begins, the game's result, and the game's index."""
    return logistic.collect_at_stages("minirogue", options, H.stage, H.features, H.make_agent, games, seed)


def both_layouts(state: State) -> list[float]:
    """A co-op position's features in both layouts: by seat (:func:`H.features`), then the
    party's (:func:`H.coop_features`, its bias left out)."""
    assert isinstance(state, MiniRogueState)
    return [*H.features(state), *H.coop_features(state)[1:]]


def collect_coop(games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The co-op games' positions where an area begins: by seat and the party's (the co-op fit's
    layout), the game's result, and the game's index."""
    x, y, g = logistic.collect_at_stages("minirogue", coop_options, H.stage, both_layouts, H.make_agent, games, seed)
    width = 1 + len(H.FEATURES)
    return x[:, :width], np.hstack([np.ones((len(y), 1)), x[:, width:]]), y, g


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """This game's fit: ridge 1e-4, at most 60 Newton steps."""
    return logistic.fit(x, y, l2=1e-4, steps=60)


def coop_fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The co-op fit: ridge 1e-3, at most 60 Newton steps."""
    return logistic.fit(x, y, l2=1e-3, steps=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000, help="games for the solo fit (every other one solo)")
    parser.add_argument("--coop-games", type=int, default=20000, help="co-op games for the co-op fit")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--write", action="store_true", help="write value.toml")
    ns = parser.parse_args()
    start = time.process_time()
    x, y, g = collect(ns.games, ns.seed)
    solo = x[:, 1 + H.FEATURES.index("two players")] < 0.5
    x, y, g = x[solo], y[solo], g[solo]
    held = g % 5 == 4
    wins = len({int(i) for i, won in zip(g, y, strict=True) if won})
    mean = float(y[~held].mean())
    solo_scores = logistic.scores(x[held], y[held], fit(x[~held], y[~held]), mean)
    print(f"solo: {len(y)} positions of {len(set(g.tolist()))} games, {wins} won; held out ({int(held.sum())} "
          f"positions): log loss {solo_scores[0]:.4f} (mean only {solo_scores[1]:.4f}), Brier {solo_scores[2]:.4f} "
          f"(mean only {solo_scores[3]:.4f})")
    by_seat, by_char, cy, cg = collect_coop(ns.coop_games, ns.seed)
    c_held = cg % 5 == 4
    c_wins = len({int(i) for i, won in zip(cg, cy, strict=True) if won})
    c_mean = float(cy[~c_held].mean())
    seat_scores = logistic.scores(by_seat[c_held], cy[c_held], fit(by_seat[~c_held], cy[~c_held]), c_mean)
    coop_scores = logistic.scores(by_char[c_held], cy[c_held], coop_fit(by_char[~c_held], cy[~c_held]), c_mean)
    print(f"co-op: {len(cy)} positions of {ns.coop_games} games, {c_wins} won; held out ({int(c_held.sum())} "
          "positions): "
          f"the party's log loss {coop_scores[0]:.4f}, Brier {coop_scores[2]:.4f}; by seat log loss "
          f"{seat_scores[0]:.4f}, Brier {seat_scores[2]:.4f}; mean only {coop_scores[1]:.4f}, {coop_scores[3]:.4f}")
    solo_w, coop_w = fit(x, y), coop_fit(by_char, cy)
    for name, names, weights in (("solo", H.FEATURES, solo_w), ("co-op", H.COOP_FEATURES, coop_w)):
        print(f"{name}:")
        for feature, weight in zip(("bias", *names), weights, strict=True):
            print(f"  {feature:28} {weight:+.4f}")
    print(f"{time.process_time() - start:.0f} s of CPU")
    if ns.write:
        lines = [
            "# Mini Rogue 2020: the review's evaluation, logistic regressions of the heuristic bot's wins where",
            "# each area begins: solo games (weights, over groups of the observation vector, heuristic.GROUPS) and",
            "# co-op games (coop_weights, over the party's holdings, the characters in play and the weaker hero's",
            "# HP: heuristic.coop_features). Written by:",
            f"#   python benchmarks/fit_minirogue_value.py --games {ns.games} --coop-games {ns.coop_games} "
            f"--seed {ns.seed} --write",
            f"# solo: {len(y)} positions of the solo half of {ns.games} games, {wins} won; held-out log loss "
            f"{solo_scores[0]:.4f} (mean only {solo_scores[1]:.4f}),",
            f"#   Brier {solo_scores[2]:.4f} (mean only {solo_scores[3]:.4f});",
            f"# co-op: {len(cy)} positions of {ns.coop_games} games (every pair of characters), {c_wins} won; "
            f"held-out log loss {coop_scores[0]:.4f}",
            f"#   (mean only {coop_scores[1]:.4f}), Brier {coop_scores[2]:.4f} (mean only {coop_scores[3]:.4f}).",
            "features = [" + ", ".join(f'"{n}"' for n in ("bias", *H.FEATURES)) + "]",
            "weights = [" + ", ".join(f"{float(v):.6f}" for v in solo_w) + "]",
            "coop_features = [" + ", ".join(f'"{n}"' for n in ("bias", *H.COOP_FEATURES)) + "]",
            "coop_weights = [" + ", ".join(f"{float(v):.6f}" for v in coop_w) + "]",
            "",
        ]
        VALUE_FILE.write_text("\n".join(lines), encoding="utf-8")
        print(f"wrote {VALUE_FILE}")


if __name__ == "__main__":
    main()
