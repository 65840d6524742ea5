"""Calibration of the evaluation a game's review uses: predicted against observed wins, in bins.

    python benchmarks/calibration.py --game ID [--seed 9024] [--budget 8] [--every 5] [--cpu 100]
                                     [--option KEY=VALUE ...] [--plot docs/review/calibration-ID.png]

Plays games of ``ID`` with the game's heuristic policy (the policy of the review's rollouts), their
dice, cards and tiles from ``sim.runner.game_rngs(--seed, index)`` (index 0, 1, 2, ...): the fitted
evaluations of ``value.toml`` were fitted on ``--seed 2026`` (``benchmarks/fit_*.py``), so any
other seed gives games they were not fitted on. At every ``--every``-th chance event of more than one
outcome (a roll, a draw, a reveal: where the review values a position before its luck), it records

- the review's estimate of the chance of winning from the position: the mean of ``--budget``
  policy rollouts, to the end of the game or to its search horizon where the fitted evaluation
  scores them (``review._estimate``, exactly what ``solotable review`` computes there);
- for a game with a fitted evaluation (Deep Space D-6, JongRogue, Mini Rogue 2020), that evaluation
  at the position; with ``--at-stage``, instead, at every position where the review's rollouts
  stop and the evaluation scores them (the first position of each new stage: for Mini Rogue 2020,
  of each area), the positions it was fitted on; ``--eval-only`` (with ``--at-stage``) records that
  alone, with no rollouts, so that a run of the same CPU covers ten times as many games;

and, once the game is over, whether it was won (a headline win: for JongRogue, with no continue).
New positions are sampled until ``--cpu`` seconds of CPU are spent (``time.process_time``); the game
under way is then played to its end to label its positions. The positions are put in ten bins of
predicted chance (0-10%, ..., 90-100%); each bin's mean prediction is set against its observed win
rate with a Wilson 95% interval (the positions of one game share its result, so the intervals are
somewhat narrower than they should be; the number of games is printed). A Markdown table goes to
standard output and, with ``--plot``, a PNG reliability diagram (matplotlib, Agg).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from solotable.agents.review import _estimate, _Estimator, _success
from solotable.core.registry import load
from solotable.core.stats import wilson_interval
from solotable.sim.runner import game_rngs

FIT_SEED = 2026
"""The seed the fitted evaluations were fitted on (``value.toml``); held-out runs must differ."""


@dataclass(frozen=True, slots=True)
class Bin:
    """One bin of predictions ``[low, high)`` (the last one closed): ``n`` positions whose mean
    prediction is ``predicted``, of which ``wins`` were in won games."""

    low: float
    high: float
    n: int
    predicted: float
    wins: int

    @property
    def observed(self) -> float:
        return self.wins / self.n if self.n else math.nan

    def interval(self) -> tuple[float, float]:
        if not self.n:
            return math.nan, math.nan
        return wilson_interval(self.wins, self.n)


def bin_predictions(predicted: Sequence[float], won: Sequence[bool], bins: int = 10) -> list[Bin]:
    """``bins`` equal bins of ``[0, 1]``; a prediction ``p`` goes to bin ``floor(p * bins)``
    (1.0 to the last bin)."""
    if len(predicted) != len(won):
        raise ValueError("predicted and won differ in length")
    count = [0] * bins
    total = [0.0] * bins
    wins = [0] * bins
    for p, w in zip(predicted, won, strict=True):
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"prediction {p} outside [0, 1]")
        k = min(int(p * bins), bins - 1)
        count[k] += 1
        total[k] += p
        wins[k] += int(w)
    return [
        Bin(k / bins, (k + 1) / bins, count[k], total[k] / count[k] if count[k] else math.nan, wins[k])
        for k in range(bins)
    ]


def brier(predicted: Sequence[float], won: Sequence[bool]) -> float:
    return math.fsum((p - float(w)) ** 2 for p, w in zip(predicted, won, strict=True)) / len(predicted)


def collect(
    game_id: str,
    seed: int,
    budget: int,
    every: int,
    cpu: float,
    options: dict[str, str] | None = None,
    at_stage: bool = False,
    eval_only: bool = False,
) -> tuple[list[float], list[float], list[bool], int, list[bool]]:
    """(review estimates, fitted evaluations or [], results, games played, results of the
    evaluations' positions). With ``at_stage`` the fitted evaluation is recorded where the
    review's rollouts stop and it scores them (the first position of every new stage), not at
    the sampled chance events. With ``eval_only`` no rollouts are made (no review estimates): the
    fitted evaluation alone, on many more games for the same CPU."""
    game = load(game_id)
    est = _Estimator(game_id, _success(game.sim_assist), game.sim_assist)
    evaluation = est.evaluation if est.horizon else None  # what the review uses: at a horizon only
    stage = est.stage
    policy = est.policy
    estimates: list[float] = []
    evaluations: list[float] = []
    results: list[bool] = []
    eval_results: list[bool] = []
    start = time.process_time()
    index = 0
    while time.process_time() - start < cpu:
        chance_rng, agent_rng = game_rngs(seed, index)
        review_rng = random.Random(index)
        state = game.new_state(None, **(options or {}))
        state.set_events(False)
        mine: list[float] = []
        mine_eval: list[float] = []
        events = 0
        at = stage(state) if at_stage and stage is not None else 0
        while not state.is_terminal():
            if at_stage and stage is not None and evaluation is not None and stage(state) != at:
                at = stage(state)
                if time.process_time() - start < cpu:
                    mine_eval.append(est.score(state))
            if state.is_chance():
                table = state.chance_table()
                if len(table.outcomes) > 1:
                    if not eval_only and events % every == 0 and time.process_time() - start < cpu:
                        mine.append(_estimate(est, state, budget, random.Random(review_rng.random())))
                        if evaluation is not None and not at_stage:
                            mine_eval.append(est.score(state))
                    events += 1
                state.apply(table.sample(chance_rng), trusted=True)
            else:
                state.apply(policy(state, agent_rng), trusted=True)
        won = est.success(state.result())
        estimates.extend(mine)
        evaluations.extend(mine_eval)
        results.extend([won] * len(mine))
        eval_results.extend([won] * len(mine_eval))
        index += 1
    return estimates, evaluations, results, index, eval_results


def table(title: str, predicted: Sequence[float], won: Sequence[bool]) -> str:
    lines = [
        f"{title}: {len(predicted)} positions, Brier {brier(predicted, won):.4f} "
        f"(the mean only: {brier([sum(won) / len(won)] * len(won), won):.4f})",
        "",
        "| predicted bin | positions | mean predicted | observed wins | observed (95% interval) |",
        "|---|---|---|---|---|",
    ]
    for b in bin_predictions(predicted, won):
        if not b.n:
            continue
        low, high = b.interval()
        lines.append(
            f"| {b.low:.0%}–{b.high:.0%} | {b.n} | {b.predicted:.1%} | {b.wins} | "
            f"{b.observed:.1%} ({low:.1%}–{high:.1%}) |"
        )
    return "\n".join(lines)


def plot(path: str, game_id: str, series: Sequence[tuple[str, Sequence[float], Sequence[bool]]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5, 5), dpi=100)
    ax.plot([0, 1], [0, 1], color="grey", linestyle=":", label="perfect calibration")
    for (label, predicted, won), marker in zip(series, ("o", "s"), strict=False):
        bins = [b for b in bin_predictions(predicted, won) if b.n]
        xs = [b.predicted for b in bins]
        ys = [b.observed for b in bins]
        lows = [b.observed - b.interval()[0] for b in bins]
        highs = [b.interval()[1] - b.observed for b in bins]
        ax.errorbar(xs, ys, yerr=[lows, highs], marker=marker, capsize=3, label=f"{label} ({len(predicted)} positions)")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("predicted chance of winning (bin mean)")
    ax.set_ylabel("observed wins (Wilson 95%)")
    ax.set_title(f"{game_id}: calibration on held-out games")
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--seed", type=int, default=9024)
    parser.add_argument("--budget", type=int, default=8, help="rollouts per estimate")
    parser.add_argument("--every", type=int, default=5, help="sample every N-th chance event")
    parser.add_argument("--cpu", type=float, default=100.0, help="CPU seconds of sampling")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    parser.add_argument("--plot", help="write a PNG reliability diagram here")
    parser.add_argument(
        "--at-stage",
        action="store_true",
        help="record the fitted evaluation where the review's rollouts stop (each new stage), not at chance events",
    )
    parser.add_argument(
        "--eval-only",
        action="store_true",
        help="with --at-stage: the fitted evaluation alone, no rollouts (many more games for the CPU)",
    )
    ns = parser.parse_args()
    if ns.eval_only and not ns.at_stage:
        parser.error("--eval-only goes with --at-stage")
    if ns.seed == FIT_SEED:
        parser.error(f"seed {FIT_SEED} is the fit's: pick a held-out seed")
    t = time.process_time()
    estimates, evaluations, results, games, eval_results = collect(
        ns.game,
        ns.seed,
        ns.budget,
        ns.every,
        ns.cpu,
        dict(o.split("=", 1) for o in ns.option),
        ns.at_stage,
        ns.eval_only,
    )
    cpu = time.process_time() - t
    print(
        f"{ns.game} {' '.join(ns.option)}: {games} heuristic games (game_rngs({ns.seed}, 0..{games - 1})), "
        f"{len(estimates)} positions, {cpu:.1f} s CPU"
    )
    series: list[tuple[str, Sequence[float], Sequence[bool]]] = []
    if estimates:
        print()
        print(table(f"review estimate ({ns.budget} rollouts)", estimates, results))
        series.append((f"review estimate, {ns.budget} rollouts", estimates, results))
    if evaluations:
        where = ", where the review's rollouts stop" if ns.at_stage else ""
        print()
        print(table(f"fitted evaluation (value.toml{where})", evaluations, eval_results))
        label = "fitted evaluation, at the horizon" if ns.at_stage else "fitted evaluation (value.toml)"
        series.append((label, evaluations, eval_results))
    if ns.plot:
        plot(ns.plot, " ".join([ns.game, *ns.option]), series)
        print(f"\nwrote {ns.plot}")


if __name__ == "__main__":
    main()
