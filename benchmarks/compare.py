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
from collections.abc import Callable
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
    results = interleaved(games, ("before", "after"), args.rounds,
                          lambda side, game: measure(sides[side], game, args.seconds))  # fmt: skip
    print_table(results, games, ("before", "after"), args.rounds)
    return 0


Results = dict[tuple[str, str, str], list[float]]
"""Each figure's values, by (game, side, figure)."""


def interleaved(
    games: list[str], sides: tuple[str, ...], rounds: int, measure_one: Callable[[str, str], dict[str, float]]
) -> Results:
    """``rounds`` rounds of ``measure_one(side, game)`` for every game on every side, the order of
    the sides turning round each time, so all meet the same machine."""
    results: Results = {}
    for r in range(rounds):
        for game in games:
            order = sides if (r + games.index(game)) % 2 == 0 else sides[::-1]
            for side in order:
                for name, value in measure_one(side, game).items():
                    results.setdefault((game, side, name), []).append(value)
        print(f"round {r + 1} of {rounds} done", file=sys.stderr)
    return results


def print_table(results: Results, games: list[str], sides: tuple[str, str], rounds: int) -> None:
    """The median of each figure per side and the ratio second/first ("unfinished": no value)."""
    first, second = sides
    print(f"medians of {rounds} interleaved rounds, CPU time, one process each")
    print(f"{'game':<14} {'figure':<10} {first:>12} {second:>12} {second + '/' + first:>14}")
    for game in games:
        for name in FIGURES:
            a = results.get((game, first, name))
            b = results.get((game, second, name))
            if not a and not b:
                continue
            shown_a = f"{statistics.median(a):,.0f}" if a else "unfinished"
            shown_b = f"{statistics.median(b):,.0f}" if b else "unfinished"
            ratio = f"{statistics.median(b) / statistics.median(a):.2f}x" if a and b else "-"
            print(f"{game:<14} {name:<10} {shown_a:>12} {shown_b:>12} {ratio:>14}")


if __name__ == "__main__":
    sys.exit(main())
