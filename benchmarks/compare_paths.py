"""The default path against the trusted one, per game, measured in one run.

    python benchmarks/compare_paths.py [--rounds 5] [--seconds 2] [--game ID ...] [--before CHECKOUT]

Each round runs, for every game, ``bench_engine.py`` on three paths once each, the order turning
round each time, in a fresh process each, with this checkout's code: ``--path default`` (one
``apply`` a step, events on, every action checked: play, the web, the learning environments,
library users), ``--path stepwise`` (the same loop, events off and ``apply(..., trusted=True)``:
the two differ in ``apply`` and the events only) and ``--path trusted`` (``run_game``, the
simulator's: a whole game in one ``StepState.play_out`` call). Every figure is CPU time
(``time.process_time``). It prints the median steps/s and games/s of each path, the ratio
default/stepwise (what the default ``apply`` costs over the trusted one) and default/trusted
(against the simulator's loop). ``--before CHECKOUT`` measures another checkout's two paths in the same rounds
(its own ``bench_engine.py``, its code), the four runs of a game in an order that turns round each
time, and prints each checkout's table and the ratio of their default paths.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

from compare import GAMES, Results, figures, interleaved, print_table  # (benchmarks/ is first on sys.path)

CHECKOUT = Path(__file__).resolve().parent.parent


def measure(path: str, game: str, seconds: float, checkout: Path = CHECKOUT) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(checkout))
    cmd = [sys.executable, str(checkout / "benchmarks" / "bench_engine.py"), "--game", game,
           "--seconds", str(seconds), "--path", path, "--no-clone"]  # fmt: skip
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60 + 20 * seconds, check=False)
    if out.returncode:
        print(out.stderr, file=sys.stderr)
    return figures(out.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    parser.add_argument("--game", action="append", help="game id (repeatable; default: all four)")
    parser.add_argument("--before", type=Path, help="another checkout measured in the same rounds")
    args = parser.parse_args(argv)
    games = args.game or list(GAMES)
    sides = ("trusted", "default")
    if args.before is None:
        three = ("stepwise", "trusted", "default")
        results = interleaved(games, three, args.rounds, lambda side, game: measure(side, game, args.seconds))
        print("default apply against trusted apply, one apply a step:")
        print_table(results, games, ("stepwise", "default"), args.rounds)
        print("\ndefault apply against the simulator's play_out:")
        print_table(results, games, ("trusted", "default"), args.rounds)
        return 0
    checkouts = {"before": args.before.resolve(), "after": CHECKOUT}
    runs = [(which, path) for which in checkouts for path in sides]
    by_checkout: dict[str, Results] = {which: {} for which in checkouts}
    for r in range(args.rounds):
        for i, game in enumerate(games):
            for which, path in runs if (r + i) % 2 == 0 else runs[::-1]:
                for name, value in measure(path, game, args.seconds, checkouts[which]).items():
                    by_checkout[which].setdefault((game, path, name), []).append(value)
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    for which, checkout in checkouts.items():
        print(f"\n{which}: {checkout}")
        print_table(by_checkout[which], games, sides, args.rounds)
    print("\ndefault path, after/before (steps/s medians)")
    for game in games:
        a = by_checkout["before"].get((game, "default", "steps/s"))
        b = by_checkout["after"].get((game, "default", "steps/s"))
        if a and b:
            print(f"{game:<14} {statistics.median(b) / statistics.median(a):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
