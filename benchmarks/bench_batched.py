"""The batched environment at several batch sizes against Gymnasium's Blackjack-v1, in one run.

    python benchmarks/bench_batched.py [--games minirogue-v1,minirogue,deepspace-d6]
                                       [--num-envs 16,64,256] [--seconds 1.0] [--repeats 5]

The loops are ``bench_rl.py``'s (a uniformly random legal action of every sub-env, picked for all
rows at once with NumPy from the mask; ``copy=False``; resets included; one step counted per
sub-env), for each batch size in ``--num-envs``, with the same Blackjack-v1 anchor (``gymnasium.make``,
an all-ones mask of its two actions) and each game's single env. Every contender runs
``--seconds`` of CPU time (``time.process_time``) per repeat, the contenders interleaved in every
repeat; the table gives the median steps/s per core and its ratio to Blackjack-v1's median. The
first line says whether the compiled build runs (``solotable.core.native.compiled()``).
"""

from __future__ import annotations

import argparse
import platform
import statistics
from collections.abc import Callable

import gymnasium as gym
from bench_rl import bench_batched, bench_single  # (benchmarks/ is this script's directory, first on sys.path)

import solotable.rl  # noqa: F401 - registers the environments
from solotable.core.native import compiled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="minirogue-v1,minirogue,deepspace-d6")
    parser.add_argument("--num-envs", default="16,64,256", help="batch sizes, comma-separated")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per contender and repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-single", action="store_true", help="leave out the games' single envs")
    args = parser.parse_args()
    sizes = [int(n) for n in args.num_envs.split(",")]
    contenders: list[tuple[str, str, Callable[[int], float]]] = [
        ("Blackjack-v1", "env", lambda r: bench_single(lambda: gym.make("Blackjack-v1"), args.seconds, r)),
    ]
    for g in args.games.split(","):
        if not args.no_single:
            env_id = f"solotable/{g}-v0"
            contenders.append((g, "env", lambda r, e=env_id: bench_single(lambda: gym.make(e), args.seconds, r)))
        for n in sizes:
            contenders.append((g, f"batched x{n}", lambda r, g=g, n=n: bench_batched(g, n, args.seconds, r)))
    for _name, _kind, fn in contenders:  # warm up: imports, lazily built tables, the mask rows met
        fn(0)
    results: dict[tuple[str, str], list[float]] = {(g, k): [] for g, k, _ in contenders}
    for r in range(args.repeats):
        for g, kind, fn in contenders:
            results[(g, kind)].append(fn(args.seed + r))
    anchor = statistics.median(results[("Blackjack-v1", "env")])
    print(f"python {platform.python_implementation()} {platform.python_version()}; gymnasium {gym.__version__}; "
          f"{'compiled' if compiled() else 'pure Python'} build; {args.seconds:g} CPU s a measurement, "
          f"median of {args.repeats}, interleaved")
    print(f"{'game':<14} {'kind':<13} {'steps/s':>10} {'x Blackjack':>12}   (min-max)")
    for (g, kind), rates in results.items():
        med = statistics.median(rates)
        print(f"{g:<14} {kind:<13} {med:>10,.0f} {med / anchor:>11.2f}x   ({min(rates):,.0f}-{max(rates):,.0f})")


if __name__ == "__main__":
    main()
