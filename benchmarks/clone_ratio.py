"""JongRogue's clone() against Mini Rogue v1's, measured in one run.

    python benchmarks/clone_ratio.py [--rounds 5] [--seconds 0.5]

For 200 mid-game states of each game (random play, as ``bench_engine.py``), the rounds alternate
the games; each figure is the median over the rounds, CPU time (``time.process_time``):

- ``clone/s``: ``state.clone()`` alone;
- ``clone+step/s``: a clone and then one step on it (the first legal action, or a sampled
  outcome, ``trusted``), what a search does with a clone: a copy put off until a change (JongRogue's
  rooms are copied when first changed) is paid here.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from bench_engine import _mid_game_states  # (benchmarks/ is this script's directory, first on sys.path)

from solotable.core.protocol import CHANCE, State

GAMES = ("minirogue-v1", "jongrogue")


def clone_only(states: list[State]) -> None:
    for s in states:
        s.clone()


def clone_and_step(states: list[State]) -> None:
    rng = random.Random(0)
    for s in states:
        c = s.clone()
        if c.to_move == CHANCE:
            c.apply(c.chance_table().sample(rng), trusted=True)
        elif c.to_move is not None:
            c.apply(c.legal_actions()[0], trusted=True)


def rate(fn: object, states: list[State], seconds: float) -> float:
    assert callable(fn)
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        fn(states)
        n += len(states)
    return n / (time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per figure and round")
    args = parser.parse_args(argv)
    states = {g: [s for s in _mid_game_states(g, "random", 2, 200) if s.to_move is not None] for g in GAMES}
    figures = {"clone/s": clone_only, "clone+step/s": clone_and_step}
    found: dict[tuple[str, str], list[float]] = {}
    for r in range(args.rounds):
        order = GAMES if r % 2 == 0 else GAMES[::-1]
        for game in order:
            for name, fn in figures.items():
                found.setdefault((game, name), []).append(rate(fn, states[game], args.seconds))
    print(f"medians of {args.rounds} interleaved rounds, CPU time")
    for name in figures:
        a = statistics.median(found[("minirogue-v1", name)])
        b = statistics.median(found[("jongrogue", name)])
        print(f"{name:<13} minirogue-v1 {a:>12,.0f}  jongrogue {b:>10,.0f}  jongrogue/minirogue-v1 1/{a / b:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
