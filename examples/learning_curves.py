"""Pool learning-curve runs over seeds into a curve with its spread, and draw it.

Reads the ``run.json`` files that ``examples/train_maskable_ppo.py`` writes, one per seed (and
the random baseline's, ``--agent random``), under ``RUNS`` (any depth)::

    python examples/learning_curves.py /tmp/runs/minirogue-v1 --png docs/rl-curve-minirogue-v1.png \
        --reference "heuristic=0.3563" --title "Mini Rogue v1.2.1, Normal"

At every curve point (environment steps) it gives, over the seeds: the CPU per step (mean,
min–max), the greedy policy's win rate (mean over seeds, min–max over seeds, and all seeds' games
pooled with the 95% Wilson interval) and its mean final progress score (the game's own measure,
docs/rl.md: mean over seeds, min–max, and the pooled mean with its 95% normal interval), and
whether every seed's own 95% interval lies above the random policy's (the claim any seed
reproduces). Prints Markdown tables and writes ``--json``; ``--png`` draws the curve against
environment steps.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from solotable.core.stats import Z95 as Z
from solotable.core.stats import wilson_interval as wilson


def pooled_mean(rows: list[dict[str, Any]]) -> tuple[float, float, float]:
    """The mean final progress over every episode of ``rows`` with its 95% normal interval."""
    n = sum(r["episodes"] for r in rows)
    total = sum(r["progress_sum"] for r in rows)
    sumsq = sum(r["progress_sumsq"] for r in rows)
    mean = total / n
    var = max(0.0, (sumsq - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = Z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def load(root: Path) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    runs: list[dict[str, Any]] = []
    baseline = None
    for path in sorted(root.rglob("run.json")):
        run = json.loads(path.read_text())
        if run["agent"] == "random":
            baseline = run
        elif run.get("curve"):
            runs.append(run)
    return runs, baseline


def aggregate(runs: list[dict[str, Any]], baseline: dict[str, Any] | None) -> dict[str, Any]:
    """Per curve point (the i-th point of every run; the runs share their points), over the seeds."""
    base = baseline["curve"][0] if baseline else None
    points = min(len(r["curve"]) for r in runs)
    out: list[dict[str, Any]] = []
    for i in range(points):
        rows = [r["curve"][i] for r in runs]
        rates = [r["win_rate"] for r in rows]
        prog = [r["progress_mean"] for r in rows]
        wins = sum(r["wins"] for r in rows)
        games = sum(r["games"] for r in rows)
        low, high = wilson(wins, games)
        pmean, plow, phigh = pooled_mean(rows)
        cpu = [r["cpu_ms_per_step"] for r in rows]
        point: dict[str, Any] = {
            "steps": sorted({r["steps"] for r in rows}), "seeds": [r["seed"] for r in runs],
            "cpu_ms_per_step": {"mean": sum(cpu) / len(cpu), "min": min(cpu), "max": max(cpu)},
            "train_cpu_s": [r["train_cpu_s"] for r in rows],
            "truncated": [r.get("truncated", 0) for r in rows],
            "win_rate": {"per_seed": rates, "per_seed_interval": [[r["low"], r["high"]] for r in rows],
                         "mean": sum(rates) / len(rates), "min": min(rates), "max": max(rates),
                         "pooled": {"wins": wins, "games": games, "rate": wins / games, "low": low, "high": high}},
            "progress": {"per_seed": prog, "per_seed_interval": [[r["progress_low"], r["progress_high"]] for r in rows],
                         "mean": sum(prog) / len(prog), "min": min(prog), "max": max(prog),
                         "pooled": {"episodes": sum(r["episodes"] for r in rows), "mean": pmean, "low": plow,
                                    "high": phigh}},
        }
        if base:
            # the claim any seed reproduces: its own interval above the random policy's
            point["every_seed_wins_above_random"] = all(r["low"] > base["high"] for r in rows)
            point["every_seed_progress_above_random"] = all(r["progress_low"] > base["progress_high"] for r in rows)
        out.append(point)
    first = runs[0]
    return {"game": first["game"], "env_id": first["env_id"], "options": first["options"],
            "policy": first.get("policy"),
            "versions": sorted({json.dumps(r["versions"], sort_keys=True) for r in runs}),
            "argv": [r["argv"] for r in runs], "loads": [[r["load_start"], r["load_end"]] for r in runs],
            "total_cpu_s": [r["total_cpu_s"] for r in runs], "baseline": base, "points": out}


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def markdown(summary: dict[str, Any]) -> str:
    lines = ["| steps | CPU per step (ms), mean (min–max) | greedy wins, per seed | mean over seeds (min–max) "
             "| pooled: wins/games (95% Wilson) |", "|---|---|---|---|---|"]
    for p in summary["points"]:
        w = p["win_rate"]
        pool = w["pooled"]
        cpu = p["cpu_ms_per_step"]
        steps = "/".join(f"{s:,}" for s in p["steps"])
        lines.append(f"| {steps} | {cpu['mean']:.2f} ({cpu['min']:.2f}–{cpu['max']:.2f}) | "
                     + ", ".join(pct(r) for r in w["per_seed"])
                     + f" | {pct(w['mean'])} ({pct(w['min'])}–{pct(w['max'])}) | {pool['wins']:,}/{pool['games']:,} = "
                     f"{pct(pool['rate'])} ({pct(pool['low'])}–{pct(pool['high'])}) |")
    lines += ["", "| steps | final progress, per seed (95% interval) | mean over seeds (min–max) "
              "| pooled (95% interval) |", "|---|---|---|---|"]
    for p in summary["points"]:
        g = p["progress"]
        steps = "/".join(f"{s:,}" for s in p["steps"])
        seeds = ", ".join(f"{m:.3f} ({lo:.3f}–{hi:.3f})" for m, (lo, hi) in zip(g["per_seed"], g["per_seed_interval"],
                                                                                  strict=True))
        pool = g["pooled"]
        lines.append(f"| {steps} | {seeds} | {g['mean']:.3f} ({g['min']:.3f}–{g['max']:.3f}) | "
                     f"{pool['mean']:.3f} ({pool['low']:.3f}–{pool['high']:.3f}) |")
    base = summary["baseline"]
    if base:
        lines += ["", f"Random policy, same evaluation: {base['wins']:,}/{base['games']:,} wins = "
                  f"{pct(base['win_rate'])} "
                  f"({pct(base['low'])}–{pct(base['high'])}); final progress {base['progress_mean']:.3f} "
                  f"({base['progress_low']:.3f}–{base['progress_high']:.3f}), {base['episodes']:,} episodes."]
        for p in summary["points"]:
            lines.append(f"- {p['steps'][0]:,} steps: every seed's win interval above random's: "
                         f"{p['every_seed_wins_above_random']}; every seed's progress interval above random's: "
                         f"{p['every_seed_progress_above_random']}")
    return "\n".join(lines)


def plot(summary: dict[str, Any], path: Path, title: str, references: list[tuple[str, float]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points = summary["points"]
    steps = [p["steps"][0] for p in points]
    base = summary["baseline"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4), dpi=100)
    n = len(points[0]["win_rate"]["per_seed"])
    for ax, key, scale, label in ((left, "win_rate", 100.0, "win rate (%)"),
                                  (right, "progress", 1.0, "mean final progress score")):
        for s in range(n):
            ax.plot(steps, [scale * p[key]["per_seed"][s] for p in points], color="tab:blue", lw=0.8, alpha=0.45,
                    marker=".", ms=3, label="each seed" if s == 0 else None)
        ax.plot(steps, [scale * p[key]["mean"] for p in points], color="tab:blue", lw=2, marker="o", ms=4,
                label=f"mean over {n} seeds")
        ax.fill_between(steps, [scale * p[key]["min"] for p in points], [scale * p[key]["max"] for p in points],
                        color="tab:blue", alpha=0.15, label="min–max over seeds")
        pooled = [p[key]["pooled"] for p in points]
        centre = [scale * (q["rate"] if key == "win_rate" else q["mean"]) for q in pooled]
        ax.errorbar(steps, centre, yerr=[[c - scale * q["low"] for c, q in zip(centre, pooled, strict=True)],
                                         [scale * q["high"] - c for c, q in zip(centre, pooled, strict=True)]],
                    fmt="none", ecolor="black", capsize=3, lw=1, label="pooled 95% interval")
        if base:
            value = base["win_rate"] if key == "win_rate" else base["progress_mean"]
            ax.axhline(scale * value, color="tab:gray", ls="--", lw=1, label=f"random policy ({base['games']:,} games)")
        if key == "win_rate":
            colours = ["tab:green", "tab:red", "tab:purple", "tab:orange"]
            for (name, rate), colour in zip(references, colours, strict=False):
                ax.axhline(100 * rate, color=colour, ls=":", lw=1, label=f"{name}: {100 * rate:.1f}%")
        ax.set_xlabel("environment steps (decisions)")
        ax.set_ylabel(label)
        ax.set_xlim(left=0)
        ax.set_ylim(bottom=0)
        ax.legend(fontsize=7, loc="best")
    fig.suptitle(f"{title}: MaskablePPO, greedy masked policy", fontsize=10)
    fig.tight_layout()
    fig.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("runs", type=Path, help="a folder holding the runs' run.json files (one per seed)")
    parser.add_argument("--png", type=Path)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--title", default="")
    parser.add_argument("--reference", action="append", default=[], metavar="NAME=RATE",
                        help="a bot's win rate drawn as a line (e.g. heuristic=0.3563)")
    args = parser.parse_args()
    runs, baseline = load(args.runs)
    if not runs:
        raise SystemExit(f"no training run under {args.runs}")
    summary = aggregate(runs, baseline)
    print(markdown(summary))
    print("versions:", *summary["versions"], sep="\n  ")
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1))
    if args.png:
        refs = [(name, float(rate)) for name, _, rate in (r.partition("=") for r in args.reference)]
        plot(summary, args.png, args.title or summary["env_id"], refs)


if __name__ == "__main__":
    main()
