"""What ``solotable sim --out DIR`` writes: ``cells.json``, ``cells.csv`` and PNG plots, and the
progress bar on standard error.

matplotlib and tqdm are the optional ``sim`` extra (``pip install 'solotable[sim]'``), imported
only when a plot or a progress bar is wanted; without them the JSON and CSV are still written and
the caller is told what is missing.
"""

from __future__ import annotations

import csv
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from solotable.core.protocol import Game
from solotable.sim.runner import Cell, sorted_keys

PLOTS = ("win_rate.png", "where_runs_end.png", "scores.png")
"""The PNG files written by :func:`write_plots`."""


def cell_label(cell: Cell, varying: Sequence[str]) -> str:
    """A short label for a cell: the values of the axes that vary between cells, and the agent."""
    parts = [f"{name}={cell.options[name]}" for name in varying if name in cell.options]
    return " ".join([*parts, cell.agent])


def varying_options(cells: Sequence[Cell]) -> list[str]:
    """The option names whose values differ between cells (the grid's option axes)."""
    if not cells:
        return []
    names = list(cells[0].options)
    return [n for n in names if len({str(c.options.get(n)) for c in cells}) > 1]


def write_json(cells: Sequence[Cell], path: Path, meta: dict[str, Any]) -> None:
    doc = {**meta, "cells": [cell.to_json() for cell in cells]}
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1, default=str) + "\n", encoding="utf-8")


def assist_columns(game: Game) -> list[str]:
    """The CSV columns of a game's assists (none if it declares no ``sim_assist``): the wins after
    one, every win, the games that used one, and how many were used."""
    key = game.sim_assist
    if key is None:
        return []
    return [f"wins_after_{key}", "all_wins", f"games_with_{key}", f"{key}_used"]


def csv_rows(game: Game, cells: Sequence[Cell]) -> tuple[list[str], list[list[Any]]]:
    """The header and rows of ``cells.csv``: options, agent, games, wins, the win rate and its
    interval, mean score, the game's declared means, and the share of each cause of loss. For a
    game with an assist (``Game.sim_assist``) ``wins`` and the win rate count the wins with none,
    and further columns count the assists."""
    option_names = list(cells[0].options) if cells else []
    means = list(game.sim_means) or sorted({k for c in cells for k in c.stats.detail_sums})
    means = [m for m in means if m != "score"]
    causes = sorted({k for c in cells for k in c.stats.causes})
    header = [
        *option_names,
        "agent",
        "games",
        "wins",
        "win_rate",
        "win_low95",
        "win_high95",
        "mean_score",
        "score_sd",
        *[f"mean_{m}" for m in means],
        *[f"cause_{c}" for c in causes],
        *assist_columns(game),
        "elapsed_s",
    ]
    rows = []
    for cell in cells:
        st = cell.stats
        low, high = st.win_interval()
        rows.append(
            [
                *[cell.options.get(n) for n in option_names],
                cell.agent,
                st.games,
                st.wins,
                st.win_rate,
                low,
                high,
                st.mean_score,
                st.score_sd,
                *[st.mean(m) for m in means],
                *[st.causes.get(c, 0) for c in causes],
                *([st.assisted_wins, st.all_wins, st.assisted_games, st.assists] if game.sim_assist else []),
                round(cell.elapsed, 3),
            ]
        )
    return header, rows


def write_csv(game: Game, cells: Sequence[Cell], path: Path) -> None:
    header, rows = csv_rows(game, cells)
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)


def write_plots(game: Game, cells: Sequence[Cell], directory: Path, t: Callable[..., str], lang: str) -> list[Path]:
    """The three plots as PNG files in ``directory`` (matplotlib, imported here). ``t`` gives the
    words (the simulator's catalogue)."""
    import warnings

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with warnings.catch_warnings():
        # without a Japanese font, kana and kanji show as boxes: say nothing about each glyph
        warnings.filterwarnings("ignore", message="Glyph .* missing from font", category=UserWarning)
        return _plots(game, cells, directory, t, lang, plt)


def _plots(
    game: Game, cells: Sequence[Cell], directory: Path, t: Callable[..., str], lang: str, plt: Any
) -> list[Path]:

    if lang == "ja":  # a font with kana and kanji if the machine has one; else boxes, not a crash
        from matplotlib import font_manager

        names = {f.name for f in font_manager.fontManager.ttflist}
        for candidate in ("Noto Sans CJK JP", "IPAexGothic", "IPAGothic", "TakaoGothic", "Hiragino Sans", "Yu Gothic"):
            if candidate in names:
                plt.rcParams["font.family"] = candidate
                break
    varying = varying_options(cells)
    labels = [cell_label(c, varying) for c in cells]
    written = []

    # 1. win rate per cell, with 95% Wilson interval bars (wins with no assist; the wins after
    # one, if the game has assists, as a hatched bar on top of them)
    fig, ax = plt.subplots(figsize=(max(6.0, 0.8 * len(cells) + 2), 4.5))
    rates = [100 * c.stats.win_rate for c in cells]
    lows = [max(0.0, 100 * (c.stats.win_rate - c.stats.win_interval()[0])) for c in cells]
    highs = [max(0.0, 100 * (c.stats.win_interval()[1] - c.stats.win_rate)) for c in cells]
    assist = game.sim_assist
    assist_label = game.stat_label(assist, lang) if assist is not None else ""
    ax.bar(range(len(cells)), rates, yerr=[lows, highs], capsize=4, color="#4c72b0",
           label=t("sim.plot.unassisted", lang, assist=assist_label) if assist else None)  # fmt: skip
    if assist is not None:
        after = [100 * c.stats.assisted_wins / (c.stats.games or 1) for c in cells]
        ax.bar(range(len(cells)), after, bottom=rates, color="none", edgecolor="#dd8452", hatch="//",
               label=t("sim.plot.assisted", lang, assist=assist_label))  # fmt: skip
        ax.legend(fontsize="small")
    ax.set_xticks(range(len(cells)), labels, rotation=30, ha="right")
    ax.set_ylabel(
        t("sim.plot.win_rate_axis", lang)
        if assist is None
        else t("sim.plot.win_rate_axis_unassisted", lang, assist=assist_label)
    )
    ax.set_title(t("sim.plot.win_rate_title", lang, game=game.title(lang)))
    fig.tight_layout()
    path = directory / PLOTS[0]
    fig.savefig(path, dpi=100)
    plt.close(fig)
    written.append(path)

    # 2. where runs end (the game's sim_histogram), one line per cell, as a share of games
    fig, ax = plt.subplots(figsize=(8, 4.5))
    key = game.sim_histogram
    keys = sorted_keys(sum((c.stats.histogram for c in cells), start=type(cells[0].stats.histogram)()))
    for cell, label in zip(cells, labels, strict=True):
        total = cell.stats.games or 1
        ax.plot(
            [str(k) for k in keys],
            [100 * cell.stats.histogram.get(k, 0) / total for k in keys],
            marker="o",
            label=label,
        )
    ax.set_xlabel(game.stat_label(key, lang) if key else "-")
    ax.set_ylabel(t("sim.plot.share_axis", lang))
    ax.set_title(t("sim.plot.ends_title", lang))
    if len(cells) > 1:
        ax.legend(fontsize="small")
    fig.tight_layout()
    path = directory / PLOTS[1]
    fig.savefig(path, dpi=100)
    plt.close(fig)
    written.append(path)

    # 3. score distribution (from the additive score counts), one step line per cell
    fig, ax = plt.subplots(figsize=(8, 4.5))
    drawn = 0
    for cell, label in zip(cells, labels, strict=True):
        hist = cell.stats.score_histogram
        if not hist:
            continue
        xs = sorted(hist)
        total = sum(hist.values())
        ax.step(xs, [100 * hist[x] / total for x in xs], where="mid", label=label)
        drawn += 1
    ax.set_xlabel(game.stat_label("score", lang))
    ax.set_ylabel(t("sim.plot.share_axis", lang))
    ax.set_title(t("sim.plot.scores_title", lang))
    if drawn > 1:
        ax.legend(fontsize="small")
    fig.tight_layout()
    path = directory / PLOTS[2]
    fig.savefig(path, dpi=100)
    plt.close(fig)
    written.append(path)
    return written


class ProgressBar:
    """A tqdm bar on standard error counting games, shown only if standard error is a terminal
    or ``force`` is set, and only once a run has lasted 2 seconds (tqdm's ``delay``). Without
    tqdm installed it shows nothing."""

    def __init__(self, total: int, *, force: bool | None = None, stream: TextIO | None = None) -> None:
        self._bar: Any = None
        stream = stream if stream is not None else sys.stderr
        wanted = force if force is not None else stream.isatty()
        if not wanted:
            return
        try:
            from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]
        except ImportError:
            return
        self._bar = tqdm(total=total, unit="game", file=stream, delay=0 if force else 2.0, dynamic_ncols=True)

    def __call__(self, games: int) -> None:
        if self._bar is not None:
            self._bar.update(games)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
