"""How long a game's review takes, and how far its verdicts hold at a larger budget.

    python benchmarks/review_agreement.py [--game ID ...] [--seeds 1 2 3] [--budget 32] [--factor 10]
                                          [--slip 0.2]

Plays one game per game id and seed with a *fallible player*: the game's heuristic, which plays
a uniformly random legal move instead with probability ``--slip`` at each decision (a player who
errs now and then, so that there are errors to find). Each game is reviewed at ``--budget`` rollouts
per move (the default of ``solotable review``) and at ``--factor`` times that, with different
seeds, and the script prints for each: steps, decisions, the CPU seconds of each review
(``time.process_time``), the decisions flagged at the budget and how many of them the larger
review flags too (any verdict: **agreement** = confirmed / flagged), and the other way round
(how many of the larger review's flags the budget review found). The totals lines sum them, and
count as well the flags at which the larger review finds the played move worse at all (a loss
whose interval is above 0, which may be below the 2-point threshold of a verdict); every flag the
larger review does not confirm is printed with both reviews' losses.

``--flagged-only`` measures the agreement alone, at a fraction of the CPU: each game is reviewed at
``--budget``, and each decision it flags is searched and judged again at ``--factor`` times the
budget, with another seed, exactly as the larger review would search and judge that decision
(``review.judge_decision``: a decision's verdict rests on its own search alone), instead of
reviewing the whole game again. The other way round (how many of the larger review's flags the
budget review found) needs the whole larger review, and is not measured in this mode.
``--larger-to-the-end`` (with ``--flagged-only``): the larger search plays its rollouts to the end
of the game, with no horizon and no evaluation, so that a flag the game's horizon and fitted
evaluation raise (Mini Rogue 2020 and v1: the next area) is checked against the heuristic's own
play, not against the same evaluation: a bias of the evaluation is then counted as a miss.
``--both`` (with ``--flagged-only``): each flag is judged at the larger budget both ways, as the
larger review would (its own horizon) and with its rollouts to the end, on the same review at the
budget; the columns ``confirmed``/``worse_x`` are the first, ``end``/``worse_end`` the second.
``--far N`` (with ``--larger-to-the-end`` or ``--both``): the second reference's rollouts stop
``N`` stages ahead (scored by the game's evaluation) instead of at the end, for a game whose
rollouts to the end cost too much at the larger budget (JongRogue: 3,000 steps a game).
``--pair-end N`` (with ``--flagged-only``): each flag's loss is also measured by ``N`` fresh paired
rounds of the played move and the flag's best move, played to the end of the game (no horizon, no
evaluation), and judged by the review's rule (Student's t, the sign test, the lower end against
the thresholds): at a few thousand rounds, a reference to the end that resolves losses of a few
points, which a search to the end at 320 rounds cannot (a win-or-loss difference of 2 to 5 points
is within its noise). Columns ``pair``/``worse_pair``; the mean loss at the budget and to the end
over the flags is printed at the end.
"""

from __future__ import annotations

import argparse
import random
import time

from solotable.agents import review as rv
from solotable.agents.review import DEFAULT_BUDGET, Decision, Review, heuristic_record, judge_decision, review
from solotable.core.protocol import State
from solotable.core.record import Record
from solotable.core.stats import wilson_interval


def timed(record: Record, budget: int, seed: int) -> tuple[Review, float]:
    t = time.process_time()
    r = review(record, budget, seed=seed)
    return r, time.process_time() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="game id (repeatable; default minirogue-v1 and deepspace-d6)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--factor", type=int, default=10)
    parser.add_argument("--slip", type=float, default=0.2)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    parser.add_argument(
        "--max-steps", type=int, default=0, help="skip (and say so) a game longer than this many steps (0: none)"
    )
    parser.add_argument(
        "--flagged-only", action="store_true", help="judge again at the larger budget only the decisions flagged"
    )
    parser.add_argument(
        "--larger-to-the-end",
        action="store_true",
        help="with --flagged-only: the larger search's rollouts play to the end (no horizon, no evaluation)",
    )
    parser.add_argument(
        "--both",
        action="store_true",
        help="with --flagged-only: judge each flag at the larger budget both at the game's horizon and to the end",
    )
    parser.add_argument("--far", type=int, default=0, help="the second reference's horizon (0: to the end)")
    parser.add_argument("--pair-end", type=int, default=0, help="with --flagged-only: N paired rounds to the end")
    ns = parser.parse_args()
    games = ns.game or ["minirogue-v1", "deepspace-d6"]
    if ns.flagged_only:
        flagged_only(ns, games)
        return
    print(f"budget {ns.budget}, larger {ns.budget * ns.factor}, slip {ns.slip}")
    print("game            seed  steps  decisions  cpu_s  cpu_s_x  flagged  confirmed  flagged_x  found")
    tot = [0, 0, 0, 0]
    tot_worse = 0
    for game_id in games:
        for seed in ns.seeds:
            record = heuristic_record(game_id, seed, slip=ns.slip, **dict(o.split("=", 1) for o in ns.option))
            if ns.max_steps and len(record.actions) > ns.max_steps:
                print(f"{game_id:<15} {seed:>4}  {len(record.actions):>5}  skipped: over --max-steps", flush=True)
                continue
            small, t_small = timed(record, ns.budget, seed=1000 + seed)
            large, t_large = timed(record, ns.budget * ns.factor, seed=2000 + seed)
            flagged = {d.index for d in small.decisions if d.flagged}
            flagged_x = {d.index for d in large.decisions if d.flagged}
            confirmed = len(flagged & flagged_x)
            erred_x = {d.index for d in large.decisions if d.loss > 0.0}  # a significant loss, any size
            worse = len(flagged & erred_x)
            tot_worse += worse
            by_index = {d.index: d for d in large.decisions}
            for d in small.decisions:
                if d.flagged and d.index not in flagged_x:  # a flag the larger review does not confirm
                    x = by_index[d.index]
                    print(
                        f"    not confirmed: step {d.index + 1}, {d.verdict} at {ns.budget}: loss {100 * d.loss:.1f} "
                        f"[{100 * d.loss_low:.1f}, {100 * d.loss_high:.1f}] points ({d.chosen.action} vs "
                        f"{d.best.action}); at {ns.budget * ns.factor}: loss {100 * x.loss:.1f} "
                        f"[{100 * x.loss_low:.1f}, {100 * x.loss_high:.1f}] ({x.chosen.action} vs {x.best.action})",
                        flush=True,
                    )
            counts = [len(flagged), confirmed, len(flagged_x), confirmed]
            tot = [a + b for a, b in zip(tot, counts, strict=True)]
            print(
                f"{game_id:<15} {seed:>4}  {small.steps:>5}  {len(small.decisions):>9}  {t_small:>5.1f}  "
                f"{t_large:>7.1f}  {counts[0]:>7}  {counts[1]:>9}  {counts[2]:>9}  {counts[3]:>5}",
                flush=True,
            )
    if tot[0]:
        low_w, high_w = wilson_interval(tot_worse, tot[0])
        print(
            f"of the {tot[0]} flagged, the larger review finds the played move worse (a loss whose interval is "
            f"above 0, flagged or below the thresholds) at {tot_worse} ({tot_worse / tot[0]:.1%}, Wilson 95% "
            f"{low_w:.1%}–{high_w:.1%})"
        )
    agree = tot[1] / tot[0] if tot[0] else float("nan")
    found = tot[3] / tot[2] if tot[2] else float("nan")
    low, high = wilson_interval(tot[1], tot[0]) if tot[0] else (float("nan"), float("nan"))
    print(
        f"total: {tot[0]} flagged, {tot[1]} confirmed at x{ns.factor}: agreement {agree:.1%} "
        f"(Wilson 95% {low:.1%}–{high:.1%}); "
        f"the larger review's {tot[2]} flags found at the budget: {found:.1%}"
    )


def flagged_only(ns: argparse.Namespace, games: list[str]) -> None:
    larger = ns.budget * ns.factor
    far = ns.far
    horizons: list[int | None] = [None, far] if ns.both else [far if ns.larger_to_the_end else None]
    to_the_end = {None: "", far: f", its rollouts {f'{far} stages ahead' if far else 'to the end'}"}
    print(
        f"budget {ns.budget}, flagged decisions judged again at {larger}"
        f"{' both ways' if ns.both else to_the_end[horizons[0]]}, slip {ns.slip}"
    )
    both = "      end  worse_end" if ns.both else ""
    both += "     pair  worse_pair" if ns.pair_end else ""
    pair = [0, 0]
    pair_losses: list[tuple[float, float]] = []
    print(f"game            seed  steps  decisions  cpu_s  cpu_s_x  flagged  confirmed  worse_x{both}")
    flagged = 0
    confirmed = [0] * len(horizons)
    worse = [0] * len(horizons)
    cpu = cpu_x = 0.0
    for game_id in games:
        for seed in ns.seeds:
            record = heuristic_record(game_id, seed, slip=ns.slip, **dict(o.split("=", 1) for o in ns.option))
            if ns.max_steps and len(record.actions) > ns.max_steps:
                print(f"{game_id:<15} {seed:>4}  {len(record.actions):>5}  skipped: over --max-steps", flush=True)
                continue
            small, t_small = timed(record, ns.budget, seed=1000 + seed)
            states = [s.clone() for s, _ in record.replay_states()]
            t = time.process_time()
            row = [0] * (1 + 2 * len(horizons))
            paired_row = [0, 0]
            for d in small.decisions:
                if not d.flagged:
                    continue
                row[0] += 1
                for k, horizon in enumerate(horizons):
                    best, loss, low, high, verdict = judge_decision(
                        game_id, states[d.index], d.chosen.action, larger, 2000 + seed + d.index / 10_000,
                        horizon=horizon,
                    )  # fmt: skip
                    row[1 + 2 * k] += verdict is not None
                    row[2 + 2 * k] += loss > 0.0
                    if verdict is None:
                        print(
                            f"    not confirmed{to_the_end[horizon].replace(', its', ' by')}: step {d.index + 1}, "
                            f"{d.verdict} at {ns.budget}: loss {100 * d.loss:.1f} [{100 * d.loss_low:.1f}, "
                            f"{100 * d.loss_high:.1f}] points ({d.chosen.action} vs {d.best.action}); at {larger}: "
                            f"loss {100 * loss:.1f} [{100 * low:.1f}, {100 * high:.1f}] ({d.chosen.action} vs {best})",
                            flush=True,
                        )
                if ns.pair_end:
                    end_verdict, end_loss, text = pair_to_the_end(game_id, states[d.index], d, ns.pair_end, seed)
                    paired_row[0] += end_verdict is not None
                    paired_row[1] += end_loss > 0.0
                    pair_losses.append((d.loss, end_loss))
                    if end_verdict is None:
                        print(
                            f"    not confirmed by {ns.pair_end} paired rounds to the end: step {d.index + 1}, "
                            f"{d.verdict} at {ns.budget}: loss {100 * d.loss:.1f} [{100 * d.loss_low:.1f}, "
                            f"{100 * d.loss_high:.1f}] points ({d.chosen.action} vs {d.best.action}); {text}",
                            flush=True,
                        )
            t_large = time.process_time() - t
            cpu += t_small
            cpu_x += t_large
            flagged += row[0]
            for k in range(len(horizons)):
                confirmed[k] += row[1 + 2 * k]
                worse[k] += row[2 + 2 * k]
            pair = [a + b for a, b in zip(pair, paired_row, strict=True)]
            rest = "".join(f"  {c:>7}  {w:>9}" for c, w in zip(row[3::2], row[4::2], strict=True))
            rest += f"  {paired_row[0]:>7}  {paired_row[1]:>10}" if ns.pair_end else ""
            print(
                f"{game_id:<15} {seed:>4}  {small.steps:>5}  {len(small.decisions):>9}  {t_small:>5.1f}  "
                f"{t_large:>7.1f}  {row[0]:>7}  {row[1]:>9}  {row[2]:>7}{rest}",
                flush=True,
            )
    if flagged:
        for k, horizon in enumerate(horizons):
            low, high = wilson_interval(confirmed[k], flagged)
            low_w, high_w = wilson_interval(worse[k], flagged)
            print(
                f"total{to_the_end[horizon]}: {flagged} flagged, {confirmed[k]} confirmed at x{ns.factor}: agreement "
                f"{confirmed[k] / flagged:.1%} (Wilson 95% {low:.1%}–{high:.1%}); played move worse at x{ns.factor}: "
                f"{worse[k]} ({worse[k] / flagged:.1%}, Wilson 95% {low_w:.1%}–{high_w:.1%})"
            )
        if ns.pair_end:
            low, high = wilson_interval(pair[0], flagged)
            low_w, high_w = wilson_interval(pair[1], flagged)
            mean_small = sum(a for a, _ in pair_losses) / flagged
            mean_end = sum(b for _, b in pair_losses) / flagged
            print(
                f"total, {ns.pair_end} paired rounds to the end: {pair[0]} of {flagged} confirmed: agreement "
                f"{pair[0] / flagged:.1%} (Wilson 95% {low:.1%}–{high:.1%}); played move worse: {pair[1]} "
                f"({pair[1] / flagged:.1%}, Wilson 95% {low_w:.1%}–{high_w:.1%}); mean loss of the flags "
                f"{100 * mean_small:.1f} points at {ns.budget}, {100 * mean_end:.1f} to the end (a loss not told "
                f"from 0 counted 0)"
            )
        print(f"CPU {cpu:.1f} s at {ns.budget}, {cpu_x:.1f} s at {larger} and to the end")


def pair_to_the_end(game_id: str, state: State, d: Decision, rounds: int, seed: int) -> tuple[str | None, float, str]:
    """The loss of ``d``'s best move against its played one by ``rounds`` fresh paired rounds played
    to the end (common random numbers), judged by the review's rule: its verdict, the loss
    counted (0 when not told from 0) and a line of figures."""
    game = state.game
    est = rv._Estimator(game_id, rv._success(game.sim_assist), game.sim_assist, 0)
    rng = random.Random(3000 + seed + d.index / 10_000)
    values = rv._rounds(est, state, [d.chosen.action, d.best.action], rounds, rng)
    diffs = [b - c for b, c in zip(values[d.best.action], values[d.chosen.action], strict=True)]
    loss, low, high = rv._paired(diffs)
    counted = loss if low > 0.0 and rv._sign_test(diffs) else 0.0
    text = f"to the end: loss {100 * loss:.1f} [{100 * low:.1f}, {100 * high:.1f}]"
    return rv.verdict(counted, low), counted, text


if __name__ == "__main__":
    main()
