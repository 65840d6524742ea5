"""Two checkouts' learning environments, measured in one run: ``bench_rl.py`` of each, interleaved.

    python benchmarks/compare_rl.py --before ../main [--after .] [--games jongrogue] [--rounds 5]
                                    [--seconds 1]

Each round runs ``bench_rl.py --repeats 1`` once with each checkout's code (``PYTHONPATH``, a fresh
process each, the side that goes first alternating, so both meet the same machine); each run
measures Blackjack-v1 beside the games, so every figure is also read as a multiple of the Blackjack
of its own run. It prints, per game and kind (single env, batched), the median steps/s and the
median multiple of Blackjack-v1 of each checkout, and the ratio after/before (CPU time throughout).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

LINE = re.compile(r"^(\S+)\s+(env|batched x\d+)\s+([\d,]+)\s+([\d.]+)x", re.M)


def run(checkout: Path, games: str, seconds: float, seed: int) -> dict[tuple[str, str], tuple[float, float]]:
    """``(game, kind) -> (steps/s, x Blackjack)`` of one ``bench_rl.py --repeats 1`` run."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    cmd = [sys.executable, str(checkout / "benchmarks" / "bench_rl.py"), "--games", games, "--repeats", "1",
           "--seconds", str(seconds), "--seed", str(seed)]  # fmt: skip
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    return {(m[1], m[2]): (float(m[3].replace(",", "")), float(m[4])) for m in LINE.finditer(out)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, required=True, help="the checkout measured as 'before'")
    parser.add_argument("--after", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--games", default="jongrogue")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per contender and run")
    args = parser.parse_args(argv)
    sides = {"before": args.before.resolve(), "after": args.after.resolve()}
    results: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
    for r in range(args.rounds):
        order = ("before", "after") if r % 2 == 0 else ("after", "before")
        for side in order:
            for key, value in run(sides[side], args.games, args.seconds, 1 + r).items():
                results.setdefault((side, *key), []).append(value)
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    print(f"medians of {args.rounds} interleaved rounds (bench_rl.py --repeats 1 --seconds {args.seconds:g} each), "
          f"CPU time, one process each")
    print(f"{'game':<14} {'kind':<12} {'before':>9} {'x BJ':>6} {'after':>9} {'x BJ':>6} {'after/before':>13}")
    keys = sorted({(g, k) for _side, g, k in results}, key=lambda gk: (gk[0] != "Blackjack-v1", gk))
    for g, k in keys:
        b, a = results.get(("before", g, k), []), results.get(("after", g, k), [])
        if not a or not b:
            continue
        bs, bx = statistics.median(v[0] for v in b), statistics.median(v[1] for v in b)
        as_, ax = statistics.median(v[0] for v in a), statistics.median(v[1] for v in a)
        print(f"{g:<14} {k:<12} {bs:>9,.0f} {bx:>5.2f}x {as_:>9,.0f} {ax:>5.2f}x {as_ / bs:>12.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
