"""CPU of one review at the default budget, on the sample games and the long ones.

    python benchmarks/review_cpu.py [--budget 32] [--case NAME ...]

Reviews each case with ``solotable review``'s engine (``review(record, budget, seed=0)``) and
prints its steps, decisions, CPU seconds (``time.process_time``: this process only, so other work
on the machine changes the wall-clock time, not this figure), the decisions flagged, the mean
rounds the chosen move's figure rests on (the adaptive budget stops clear decisions early), how
many decisions stopped before the full budget, and how many moves were dropped early.

Cases: the sample records of ``docs/review/`` (one game per game; Mini Rogue 2020's is co-op,
Rogue and Mage, 154 steps), and the long games: a whole JongRogue game of the heuristic (seed 2:
3,232 steps, 915 decisions) and a whole Mini Rogue v1 game of the heuristic (seed 1).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from solotable.agents.review import DEFAULT_BUDGET, heuristic_record, review
from solotable.core.record import Record, load_record

DOCS = Path(__file__).resolve().parent.parent / "docs" / "review"




CASES: dict[str, Callable[[], Record]] = {
    "minirogue-v1 sample": lambda: load_record(DOCS / "minirogue-v1.json"),
    "deepspace-d6 sample": lambda: load_record(DOCS / "deepspace-d6.json"),
    "jongrogue sample": lambda: load_record(DOCS / "jongrogue.json"),
    "minirogue co-op sample": lambda: load_record(DOCS / "minirogue.json"),
    "minirogue-v1 heuristic seed 1": lambda: heuristic_record("minirogue-v1", 1),
    "jongrogue heuristic seed 2": lambda: heuristic_record("jongrogue", 2),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--case", action="append", choices=sorted(CASES), help="a case (repeatable; default all)")
    ns = parser.parse_args()
    print(f"budget {ns.budget}")
    print("case                              steps  decisions  cpu_s  flagged  mean_rounds  stopped_early  dropped")
    for name in ns.case or list(CASES):
        record = CASES[name]()
        t = time.process_time()
        r = review(record, ns.budget, seed=0)
        cpu = time.process_time() - t
        n = len(r.decisions)
        rounds = sum(d.rounds for d in r.decisions) / n if n else 0.0
        early = sum(d.rounds < ns.budget for d in r.decisions)
        print(
            f"{name:<32} {r.steps:>6}  {n:>9}  {cpu:>5.1f}  {sum(d.flagged for d in r.decisions):>7}  "
            f"{rounds:>11.1f}  {early:>13}  {sum(d.dropped for d in r.decisions):>7}",
            flush=True,
        )


if __name__ == "__main__":
    main()
