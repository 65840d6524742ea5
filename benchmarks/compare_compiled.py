"""The pure-Python engine against the compiled build (mypyc), measured in one run, per game.

    SOLOTABLE_MYPYC=1 pip install .          # in a virtualenv of its own: the compiled build
    python benchmarks/compare_compiled.py --python VENV/bin/python [--rounds 5] [--seconds 2] [--engine-only]

``--python`` is the interpreter of an environment where the compiled build is installed. Both
sides run with that interpreter (the same Python, the same NumPy): *pure* with ``PYTHONPATH``
set to this checkout, so the ``.py`` files of the checkout are imported, *compiled* with no
``PYTHONPATH``, so the installed extension modules are (each side checks which it got, and the
run stops if a side is not what it claims). Build the compiled side from this same checkout.

Each round runs, for every game, ``bench_engine.py`` (random play: steps/s, games/s, clone()/s)
and ``bench_search.py --mcts-only`` (MCTS iterations/s; not with ``--engine-only``) once on each
side, alternating which goes first; every figure is CPU time (``time.process_time``) in a fresh
process. It prints the median of each figure per side and the ratio compiled/pure.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from compare import figures, interleaved, print_table  # (benchmarks/ is this script's directory, first on sys.path)

GAMES = ("minirogue-v1", "minirogue", "deepspace-d6", "jongrogue")
"""The games the compiled build compiles (setup.py's GAMES). ``--engine-only`` leaves MCTS out
(JongRogue's rollouts play whole games of thousands of steps: with a short ``--seconds`` its
figure rests on few iterations)."""
CHECKOUT = Path(__file__).resolve().parent.parent
PROBE = "from solotable.core.native import compiled; import solotable; print(compiled(), solotable.__file__)"


def environment(side: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if side == "pure":
        env["PYTHONPATH"] = str(CHECKOUT)
    return env


def check(python: str, side: str) -> str:
    out = subprocess.run([python, "-c", PROBE], env=environment(side), capture_output=True, text=True,
                         cwd=CHECKOUT / "benchmarks", check=False)
    words = out.stdout.split()
    if out.returncode or not words or words[0] != str(side == "compiled"):
        raise SystemExit(f"compare_compiled: the {side} side is not {side}: {(out.stdout + out.stderr).strip()}")
    return words[1]


def run(python: str, side: str, script: str, args: list[str], timeout: float) -> str:
    cmd = [python, str(CHECKOUT / "benchmarks" / script), *args]
    try:
        out = subprocess.run(cmd, env=environment(side), capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired as exc:  # that figure is missing from the table, the rest stands
        print(f"compare_compiled: {side} {script} {' '.join(args)}: timed out", file=sys.stderr)
        return exc.stdout.decode() if isinstance(exc.stdout, bytes) else exc.stdout or ""
    return out.stdout + out.stderr


def measure(python: str, side: str, game: str, seconds: float, mcts: bool = True) -> dict[str, float]:
    text = run(python, side, "bench_engine.py", ["--game", game, "--seconds", str(seconds)], 60 + 20 * seconds)
    if mcts:
        args = ["--game", game, "--seconds", str(seconds), "--mcts-only"]
        text += run(python, side, "bench_search.py", args, 120 + 20 * seconds)
    return figures(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", required=True, help="the interpreter of an environment with the compiled build")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    parser.add_argument("--game", action="append", help="game id (repeatable; default: the four games)")
    parser.add_argument("--engine-only", action="store_true", help="random play and clones only, no MCTS")
    args = parser.parse_args(argv)
    if os.sep in args.python:  # a path: the probe runs from benchmarks/, so make it absolute
        args.python = str(Path(args.python).absolute())  # (not resolve(): a venv's python is a link)
    games = args.game or list(GAMES)
    sides = ("pure", "compiled")
    for side in sides:
        print(f"{side:<9} {check(args.python, side)}")
    mcts = not args.engine_only
    results = interleaved(
        games, sides, args.rounds, lambda side, game: measure(args.python, side, game, args.seconds, mcts)
    )
    print_table(results, games, sides, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
