"""CPU of one review at the default budget, on the sample games and the long ones.

    python benchmarks/review_cpu.py [--budget 32] [--case NAME ...]
    python benchmarks/review_cpu.py --game ID [--option KEY=VALUE ...] --seeds 1 2 3 [--slip 0.2]

Reviews each case with ``solotable review``'s engine (``review(record, budget, seed=0)``) and
prints its steps, decisions, CPU seconds (``time.process_time``: this process only, so other work
on the machine changes the wall-clock time, not this figure), the decisions flagged, the mean
rounds the chosen move's figure rests on (the adaptive budget stops clear decisions early), how
many decisions stopped before the full budget, and how many moves were dropped early.

Cases: the sample records of ``docs/review/`` (one game per game; Mini Rogue 2020's is co-op,
Rogue and Mage, 154 steps), and the long games: a whole JongRogue game of the heuristic (seed 2:
3,232 steps, 915 decisions) and a whole Mini Rogue v1 game of the heuristic (seed 1).

``--game ID --seeds ...``: instead of the cases, whole games of ``ID`` played by its heuristic
(``review.heuristic_record``; with ``--slip``, a fallible player who plays a random legal move
at that share of its decisions, as ``benchmarks/review_agreement.py`` does), one per seed, each
reviewed as above; then the median and the largest CPU over them (a typical game, and the worst).

``--luck-noise``: each case is also reviewed at ``--seed2`` (other rollout seeds, the same record),
and the noise of the luck column is printed: over the chance events that carry luck, the standard
deviation of one event's luck between the two reviews, divided by sqrt(2) (the noise of one
review's figure), and the mean absolute difference. ``--to-the-end``: the review's rollouts play
to the end of the game, with no horizon and no evaluation (what the review did for Mini Rogue v1
before its fitted evaluation), to compare the two.
"""

from __future__ import annotations

import argparse
import functools
import math
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from solotable.agents.review import DEFAULT_BUDGET, Review, heuristic_record, review
from solotable.core.record import Record, load_record

DOCS = Path(__file__).resolve().parent.parent / "docs" / "review"


def luck_noise(a: Review, b: Review) -> tuple[int, float, float]:
    """(events, noise of one review's luck per event, mean |difference|) between two reviews of
    the same record: over the events that carry luck (the last of each run)."""
    other = {e.index: e.luck for e in b.events if e.run}
    diffs = [e.luck - other[e.index] for e in a.events if e.run and e.index in other]
    if len(diffs) < 2:
        return len(diffs), math.nan, math.nan
    return len(diffs), statistics.stdev(diffs) / math.sqrt(2.0), statistics.fmean(abs(d) for d in diffs)


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
    parser.add_argument("--luck-noise", action="store_true", help="review each case at a second seed too")
    parser.add_argument("--seed2", type=int, default=1, help="the second review's seed (--luck-noise)")
    parser.add_argument("--to-the-end", action="store_true", help="rollouts to the end: no horizon, no evaluation")
    parser.add_argument("--game", help="review heuristic games of this game id (one per --seeds) instead of the cases")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (--game)")
    parser.add_argument("--slip", type=float, default=0.0, help="with --game: a random move at this share of decisions")
    ns = parser.parse_args()
    horizon = 0 if ns.to_the_end else None
    print(f"budget {ns.budget}{', rollouts to the end' if ns.to_the_end else ''}")
    print("case                              steps  decisions  cpu_s  flagged  mean_rounds  stopped_early  dropped")
    cases: dict[str, Callable[[], Record]] = {name: CASES[name] for name in ns.case or list(CASES)}
    if ns.game:
        options = dict(o.split("=", 1) for o in ns.option)
        cases = {
            f"{ns.game} seed {seed}": functools.partial(heuristic_record, ns.game, seed, slip=ns.slip, **options)
            for seed in ns.seeds
        }
    times: list[float] = []
    for name, make in cases.items():
        record = make()
        t = time.process_time()
        r = review(record, ns.budget, seed=0, horizon=horizon)
        cpu = time.process_time() - t
        times.append(cpu)
        n = len(r.decisions)
        rounds = sum(d.rounds for d in r.decisions) / n if n else 0.0
        early = sum(d.rounds < ns.budget for d in r.decisions)
        print(
            f"{name:<32} {r.steps:>6}  {n:>9}  {cpu:>5.1f}  {sum(d.flagged for d in r.decisions):>7}  "
            f"{rounds:>11.1f}  {early:>13}  {sum(d.dropped for d in r.decisions):>7}",
            flush=True,
        )
        if ns.luck_noise:
            other = review(record, ns.budget, seed=ns.seed2, horizon=horizon)
            events, noise, mean_abs = luck_noise(r, other)
            print(
                f"{'':<32} luck noise (seeds 0 and {ns.seed2}, {events} events): sd {100 * noise:.2f} points "
                f"per event, mean |difference| {100 * mean_abs:.2f}; start {100 * r.start:.1f} and "
                f"{100 * other.start:.1f}, total luck {100 * r.luck:+.1f} and {100 * other.luck:+.1f}",
                flush=True,
            )
    if len(times) > 1:
        print(f"CPU s over {len(times)} games: median {statistics.median(times):.1f}, largest {max(times):.1f}")


if __name__ == "__main__":
    main()
