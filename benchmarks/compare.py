"""Two checkouts of solotable, measured in one run: engine and search speed per game, before and after.

    python benchmarks/compare.py --before ../old-checkout [--after .] [--rounds 5] [--seconds 2]

Each round runs, for every game, ``bench_engine.py`` (random play: steps/s, games/s, clone()/s)
and ``bench_search.py --mcts-only`` (MCTS iterations/s) once with each checkout's code
(``PYTHONPATH``), alternating which goes first, so both meet the same machine; every figure is
CPU time (``time.process_time``) in a fresh process. It prints the median of each figure per
checkout and the ratio after/before. The ``before`` checkout needs ``benchmarks/bench_*.py`` of
its own (any version that prints the same lines).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

GAMES = ("minirogue-v1", "minirogue", "deepspace-d6", "jongrogue")
FIGURES = {
    "steps/s": re.compile(r"^steps/s\s+([\d,]+)", re.M),
    "games/s": re.compile(r"^games/s\s+([\d,]+)", re.M),
    "clone/s": re.compile(r"^clone\(\)/s\s+([\d,]+)", re.M),
    "mcts it/s": re.compile(r"mcts iterations/s\s+([\d,]+)", re.M),
}


TIMED_OUT: set[tuple[Path, str, str]] = set()
"""(checkout, script, game) that did not finish once: not run again (the old JongRogue's MCTS)."""


def run(checkout: Path, script: str, args: list[str], timeout: float) -> str:
    key = (checkout, script, args[1])
    if key in TIMED_OUT:
        return ""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    # the benchmark scripts of the checkout measured, with its own code
    cmd = [sys.executable, str(checkout / "benchmarks" / script), *args]
    try:
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        TIMED_OUT.add(key)
        print(f"{checkout.name}: {script} {args[1]} did not finish in {timeout:.0f} s", file=sys.stderr)
        return ""
    return out.stdout + out.stderr


def measure(checkout: Path, game: str, seconds: float) -> dict[str, float]:
    text = run(checkout, "bench_engine.py", ["--game", game, "--seconds", str(seconds)], 60 + 20 * seconds)
    text += run(checkout, "bench_search.py", ["--game", game, "--seconds", str(seconds), "--mcts-only"],
                120 + 20 * seconds)
    return figures(text)


def figures(text: str) -> dict[str, float]:
    """The figures :data:`FIGURES` names, read from the benchmarks' output."""
    found: dict[str, float] = {}
    for name, pattern in FIGURES.items():
        m = pattern.search(text)
        if m:
            found[name] = float(m.group(1).replace(",", ""))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, required=True, help="the checkout measured as 'before'")
    parser.add_argument("--after", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    parser.add_argument("--game", action="append", help="game id (repeatable; default: all four)")
    args = parser.parse_args(argv)
    games = args.game or list(GAMES)
    sides = {"before": args.before.resolve(), "after": args.after.resolve()}
    results: dict[tuple[str, str, str], list[float]] = {}
    for r in range(args.rounds):
        for game in games:
            order = ("before", "after") if (r + games.index(game)) % 2 == 0 else ("after", "before")
            for side in order:
                for name, value in measure(sides[side], game, args.seconds).items():
                    results.setdefault((game, side, name), []).append(value)
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    print(f"medians of {args.rounds} interleaved rounds, CPU time, one process each")
    print(f"{'game':<14} {'figure':<10} {'before':>12} {'after':>12} {'after/before':>13}")
    for game in games:
        for name in FIGURES:
            before = results.get((game, "before", name))
            after = results.get((game, "after", name))
            if not before and not after:
                continue
            b = f"{statistics.median(before):,.0f}" if before else "unfinished"
            a = f"{statistics.median(after):,.0f}" if after else "unfinished"
            ratio = f"{statistics.median(after) / statistics.median(before):.2f}x" if before and after else "-"
            print(f"{game:<14} {name:<10} {b:>12} {a:>12} {ratio:>13}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
