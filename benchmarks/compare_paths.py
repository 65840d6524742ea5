"""The default path against the trusted one, per game, measured in one run.

    python benchmarks/compare_paths.py [--rounds 5] [--seconds 2] [--game ID ...]

Each round runs, for every game, ``bench_engine.py --path trusted`` (events off,
``apply(..., trusted=True)``: the simulator) and ``bench_engine.py --path default`` (events on and
read, every action checked: play, the web, library users) once each, alternating which goes
first, in a fresh process each, with this checkout's code; every figure is CPU time
(``time.process_time``). It prints the median steps/s and games/s of each path and the ratio
default/trusted.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from compare import GAMES, figures, interleaved, print_table  # (benchmarks/ is first on sys.path)

CHECKOUT = Path(__file__).resolve().parent.parent


def measure(path: str, game: str, seconds: float) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(CHECKOUT))
    cmd = [sys.executable, str(CHECKOUT / "benchmarks" / "bench_engine.py"), "--game", game,
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
    args = parser.parse_args(argv)
    games = args.game or list(GAMES)
    sides = ("trusted", "default")
    results = interleaved(games, sides, args.rounds, lambda side, game: measure(side, game, args.seconds))
    print_table(results, games, sides, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
