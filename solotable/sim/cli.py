"""``solotable sim GAME --agent NAME --games N --jobs J --seed S [--lang en|ja] [game options]``.

Also: ``--think SECONDS`` / ``--iterations N`` (the search bots' budget per decision; only
``--iterations`` reproduces), ``--grid NAME=V1,V2`` (repeatable; ``agent`` or a game option: one
cell per combination, reported as a table), ``--backend local|ray [--address ADDR]``, ``--out DIR``
(``cells.json``, ``cells.csv`` and PNG plots) and ``--progress/--no-progress`` (a bar on standard
error; by default only when it is a terminal and the run lasts over 2 seconds).

An engineer's tool: plays many games with one agent and prints a report (win rate with its 95%
Wilson interval, mean score and details, where runs ended, causes of loss, speed) in English or
Japanese: ``--lang``, else ``$SOLOTABLE_LANG``, else English. Every word of the report, of its
``--help`` and of its error lines is in ``messages.toml``, except argparse's own words ("usage:",
its error messages), which :mod:`solotable.core.argparse_i18n` says in the player's language; the words for a game's
result details and causes of loss come from the game
(:meth:`~solotable.core.protocol.Game.stat_label`, ``cause_label``). Game options come from the
game's ``option_specs``: ``--NAME VALUE``, or ``--FLAG`` / ``--no-FLAG`` for yes/no options.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, NoReturn, TextIO

from solotable.agents.registry import agent_names
from solotable.core.argparse_i18n import Parser, requested_lang, translate
from solotable.core.i18n import (
    LANG_ENV,
    LANGS,
    Catalogue,
    LocalizedError,
    display_width,
    explain,
    pad_to,
    register_catalogue,
)
from solotable.core.protocol import Game, OptionError
from solotable.core.registry import load as load_game
from solotable.sim.output import ProgressBar, varying_options, write_csv, write_json, write_plots
from solotable.sim.runner import (
    AGENT_AXIS,
    BACKENDS,
    Cell,
    RayMissing,
    RayUnavailable,
    SimStats,
    simulate_grid,
    sorted_keys,
)

PROG = "solotable sim"
BAR_WIDTH = 40


@cache
def messages() -> Catalogue:
    """The simulator's message catalogue (``solotable/sim/messages.toml``)."""
    return Catalogue.from_package(("solotable.sim", "messages.toml"))


register_catalogue(messages())  # so that UsageError (a LocalizedError) reads in either language


def t(key: str, lang: str, /, **params: object) -> str:
    return messages().text(key, lang, **params)


_LABELS = (
    "sim.label.game",
    "sim.label.options",
    "sim.label.agent",
    "sim.label.games",
    "sim.label.win_rate",
    "sim.label.score",
    "sim.label.length",
    "sim.label.means",
    "sim.label.elapsed",
)
"""The left column of the report; its width is that of the widest label in the language."""


class UsageError(LocalizedError):
    """A bad command line, reported as one line and exit status 2: a message id (of this
    catalogue or the engine's) with its parameters, or free text (argparse's messages, already in
    the language of the command)."""

    @classmethod
    def of(cls, exc: ValueError) -> UsageError:
        """The engine's error ``exc`` as a usage error, still translatable if it was."""
        if isinstance(exc, LocalizedError):
            return cls(exc.key, **exc.params)
        return cls(str(exc))


class _Parser(Parser):
    """argparse's errors as a :class:`UsageError`: one line, in the parser's language."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(translate(message, self.lang))


def _base_parser(lang: str) -> _Parser:
    parser = _Parser(
        prog=PROG,
        description=t("sim.help.description", lang),
        epilog=t("sim.help.epilog", lang),
        lang=lang,
    )
    parser.add_argument("game", metavar=t("sim.help.game_metavar", lang), help=t("sim.help.game", lang))
    parser.add_argument(
        "--agent",
        default=None,
        metavar=t("sim.help.agent_metavar", lang),
        help=t("sim.help.agent", lang),
    )
    parser.add_argument(
        "--games",
        type=int,
        default=1000,
        metavar=t("sim.help.games_metavar", lang),
        help=t("sim.help.games", lang, default=1000),
    )
    parser.add_argument(
        "--jobs", type=int, default=1, metavar=t("sim.help.jobs_metavar", lang), help=t("sim.help.jobs", lang)
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar=t("sim.help.seed_metavar", lang),
        help=t("sim.help.seed", lang, default=0),
    )
    parser.add_argument(
        "--think", type=float, default=None, metavar=t("sim.help.think_metavar", lang), help=t("sim.help.think", lang)
    )
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        metavar=t("sim.help.iterations_metavar", lang),
        help=t("sim.help.iterations", lang),
    )
    parser.add_argument(
        "--grid",
        action="append",
        default=[],
        metavar=t("sim.help.grid_metavar", lang),
        help=t("sim.help.grid", lang),
    )
    parser.add_argument("--backend", choices=BACKENDS, default="local", help=t("sim.help.backend", lang))
    parser.add_argument(
        "--address", default=None, metavar=t("sim.help.address_metavar", lang), help=t("sim.help.address", lang)
    )
    parser.add_argument("--out", default=None, metavar=t("sim.help.out_metavar", lang), help=t("sim.help.out", lang))
    parser.add_argument(
        "--progress", action=argparse.BooleanOptionalAction, default=None, help=t("sim.help.progress", lang)
    )
    parser.add_argument("--lang", choices=LANGS, help=t("sim.help.lang", lang, env=LANG_ENV))
    return parser


def _add_game_options(parser: Parser, game: Game, lang: str) -> None:
    group = parser.section(t("sim.help.game_options", lang, game=game.id))
    taken = {
        "game",
        "agent",
        "games",
        "jobs",
        "seed",
        "lang",
        "help",
        "think",
        "iterations",
        "grid",
        "backend",
        "address",
        "out",
        "progress",
    }
    for spec in game.option_specs:
        if spec.name in taken:  # cannot happen with sensible option names; keep ours working
            continue
        flag = "--" + spec.name.replace("_", "-")
        if isinstance(spec.default, bool):
            group.add_argument(
                flag,
                dest=spec.name,
                action=argparse.BooleanOptionalAction,
                default=None,
                help=t("sim.help.flag", lang, value=_format_option(spec.default, lang)),
            )
            continue
        choices = ", ".join(str(c) for c in spec.choices)
        aliases = ", ".join(f"{a}={v}" for a, v in spec.aliases.items())
        if not choices:  # free text, a file name say
            text = t("sim.help.free", lang, default=spec.default)
        elif aliases:
            text = t("sim.help.option_aliases", lang, choices=choices, aliases=aliases, default=spec.default)
        else:
            text = t("sim.help.option", lang, choices=choices, default=spec.default)
        group.add_argument(flag, dest=spec.name, default=None, metavar=t("sim.help.value_metavar", lang), help=text)


def _format_option(value: object, lang: str) -> str:
    if isinstance(value, bool):
        return t("sim.option_on" if value else "sim.option_off", lang)
    return str(value)


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def _number(x: float) -> str:
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.3f}"




def _rjust(text: str, width: int) -> str:
    return " " * max(0, width - display_width(text)) + text


def format_report(
    game: Game,
    options: dict[str, str | bool | int],
    agent: str,
    stats: SimStats,
    *,
    seed: int,
    jobs: int,
    elapsed: float,
    lang: str = "en",
) -> str:
    """The report printed by ``solotable sim``, in ``lang``."""
    lines: list[str] = []
    add = lines.append
    assist = game.sim_assist
    assist_label = game.stat_label(assist, lang) if assist is not None else ""
    label_width = max(display_width(label) for label in [*(t(key, lang) for key in _LABELS), assist_label]) + 2

    def row(label_key: str, value: str, label: str | None = None) -> None:
        add(pad_to(t(label_key, lang) if label is None else label, label_width) + value)

    row("sim.label.game", t("sim.game", lang, id=game.id, title=game.title(lang), version=game.rules_version))
    shown = "  ".join(f"{k}={_format_option(v, lang)}" for k, v in options.items())
    row("sim.label.options", shown or t("sim.options_none", lang))
    row("sim.label.agent", agent)
    row("sim.label.games", t("sim.games", lang, games=f"{stats.games:,}", seed=seed, jobs=jobs))
    low, high = stats.win_interval()
    if assist is None:
        row(
            "sim.label.win_rate",
            t("sim.win_rate", lang, rate=_pct(stats.win_rate), wins=f"{stats.wins:,}", low=_pct(low), high=_pct(high)),
        )
    else:  # the headline is the wins with no assist; the assists and the wins after one apart
        row(
            "sim.label.win_rate",
            t("sim.win_rate_unassisted", lang, rate=_pct(stats.win_rate), wins=f"{stats.wins:,}", low=_pct(low),
              high=_pct(high), assist=assist_label),
        )
        row("", assist_text(stats, lang), label=assist_label)
    mean_score = stats.mean_score
    if mean_score is not None:
        sd = stats.score_sd
        if sd is None:
            row("sim.label.score", t("sim.score", lang, mean=f"{mean_score:.3f}"))
        else:
            row("sim.label.score", t("sim.score_sd", lang, mean=f"{mean_score:.3f}", sd=f"{sd:.3f}"))
    if stats.games:
        steps = f"{stats.steps / stats.games:.1f}"
        decisions = f"{stats.decisions / stats.games:.1f}"
        row("sim.label.length", t("sim.length", lang, steps=steps, decisions=decisions))
    means: tuple[str, ...] = game.sim_means
    if not means:
        means = tuple(sorted(stats.detail_sums))
    mean_parts = []
    for key in means:
        value = stats.mean(key)
        if value is None and key == "score":  # the score itself rather than a detail
            value = stats.mean_score
        if value is not None:
            mean_parts.append(f"{game.stat_label(key, lang)} {value:.3f}")
    if mean_parts:
        row("sim.label.means", "  ".join(mean_parts))
    histogram_key = game.sim_histogram
    if histogram_key is not None and stats.histogram:
        add("")
        add(t("sim.histogram_heading", lang, detail=game.stat_label(histogram_key, lang)))
        lines.extend(_bars(stats.histogram, stats.games))
    for key in game.sim_histograms:
        counts = stats.histograms.get(key)
        if counts:
            add("")
            add(t("sim.histogram_more", lang, detail=game.stat_label(key, lang)))
            lines.extend(_bars(counts, stats.games))
    if stats.causes:
        losses = stats.games - stats.wins
        add("")
        add(t("sim.causes_heading", lang))
        order = [k for k, _ in stats.causes.most_common()]
        lines.extend(_bars(stats.causes, losses, keys=order, label=lambda cause: game.cause_label(str(cause), lang)))
    add("")
    rate = stats.games / elapsed if elapsed > 0 else float("inf")
    row("sim.label.elapsed", t("sim.elapsed", lang, seconds=f"{elapsed:.2f}", rate=f"{rate:,.0f}"))
    return "\n".join(lines)


def assist_text(stats: SimStats, lang: str) -> str:
    """The assists of a run in words: how many games used one, how many in all, the wins after
    one and every win."""
    games = stats.games or 1
    return t(
        "sim.assists",
        lang,
        games_with=f"{stats.assisted_games:,}",
        games=f"{stats.games:,}",
        share=_pct(stats.assisted_games / games),
        used=_number(stats.assists),
        wins_after=f"{stats.assisted_wins:,}",
        all_wins=f"{stats.all_wins:,}",
        all_rate=_pct(stats.all_wins / games),
    )


def _bars(
    counts: Mapping[Any, int],
    total: int,
    keys: Sequence[Hashable] | None = None,
    label: Callable[[Hashable], str] = str,
) -> list[str]:
    order = list(keys) if keys is not None else sorted_keys(counts)
    labels = [label(k) for k in order]
    peak = max(counts.values(), default=0)
    label_width = max((display_width(s) for s in labels), default=0)
    count_width = max((len(f"{v:,}") for v in counts.values()), default=1)
    rows = []
    for key, name in zip(order, labels, strict=True):
        count = counts[key]
        bar = "#" * (round(BAR_WIDTH * count / peak) if peak else 0)
        share = count / total if total else 0.0
        rows.append(f"  {_rjust(name, label_width)} | {bar:<{BAR_WIDTH}} {count:>{count_width},} {100 * share:6.2f}%")
    return rows


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None) -> int:
    """Run ``solotable sim`` with ``argv`` (the arguments after ``sim``); return the exit status."""
    stdout = out if out is not None else sys.stdout
    args_in = list(sys.argv[1:] if argv is None else argv)
    lang = requested_lang(args_in)
    try:
        return _main(args_in, stdout, lang)
    except UsageError as exc:
        print(t("sim.error", lang, prog=PROG, message=explain(exc, lang)), file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except BrokenPipeError:  # the report piped into `head`: stop quietly
        if out is None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 1


def _parse(argv: list[str], lang: str) -> tuple[Game, argparse.Namespace]:
    """The game and the arguments; ``--help`` prints the help (of the game's options too once the
    game is known) and raises ``SystemExit``; a bad command line raises :class:`UsageError`."""
    wants_help = any(a in ("-h", "--help") for a in argv)
    try:
        first, _ = _base_parser(lang).parse_known_args([a for a in argv if a not in ("-h", "--help")])
        game = load_game(first.game)
    except ValueError as exc:  # a UsageError, or the engine's "unknown game"
        if wants_help:
            _base_parser(lang).parse_args(["--help"])  # prints the help and exits 0
        if isinstance(exc, UsageError):
            raise
        raise UsageError.of(exc) from exc
    parser = _base_parser(lang)
    _add_game_options(parser, game, lang)
    return game, parser.parse_args(argv)


def _main(argv: list[str], stdout: TextIO, lang: str) -> int:
    """The command proper; ``lang`` (from :func:`requested_lang`) is the language of the help, the
    errors and the report."""
    game, args = _parse(argv, lang)
    available = agent_names(game.id)
    if args.agent is None:  # the game's own bot when it has one: random play shows little of a game
        args.agent = "heuristic" if "heuristic" in available else "random"
    if args.agent not in available:
        raise UsageError("sim.err.unknown_agent", agent=args.agent, game=game.id, agents=", ".join(available))
    if args.games < 1:
        raise UsageError("sim.err.games", games=args.games)
    if args.jobs < 0:
        raise UsageError("sim.err.jobs", jobs=args.jobs)
    if args.seed < 0:
        raise UsageError("sim.err.seed", seed=args.seed)
    given = {
        spec.name: getattr(args, spec.name) for spec in game.option_specs if getattr(args, spec.name, None) is not None
    }
    try:  # a file option names a file: read here, the game gets its content
        options = game.validate_options(game.read_files(given))
    except ValueError as exc:  # named as typed: --dont-panic
        raise UsageError.of(exc.as_flag() if isinstance(exc, OptionError) else exc) from exc
    jobs = args.jobs
    if jobs == 0:
        jobs = os.cpu_count() or 1
    if args.iterations is not None and args.iterations < 1:
        raise UsageError("sim.err.iterations", iterations=args.iterations)
    if args.think is not None and not args.think > 0:
        raise UsageError("sim.err.think", think=args.think)
    grid = parse_grid(args.grid, game, available)
    params = {"iterations": args.iterations, "think": args.think}
    cell_count = 1
    for values in grid.values():
        cell_count *= len(values)
    bar = ProgressBar(cell_count * args.games, force=args.progress) if args.progress is not False else None
    start = time.perf_counter()
    try:
        cells = simulate_grid(
            game.id,
            grid,
            args.games,
            agent=args.agent,
            options=options,
            jobs=jobs,
            seed=args.seed,
            agent_params=params,
            backend=args.backend,
            address=args.address,
            progress=bar,
        )
    except RayMissing as exc:
        raise UsageError("sim.err.ray_missing") from exc
    except RayUnavailable as exc:
        raise UsageError("sim.err.ray_failed", reason=exc.reason) from exc
    except ValueError as exc:
        raise UsageError.of(exc) from exc
    finally:
        if bar is not None:
            bar.close()
    elapsed = time.perf_counter() - start
    if len(cells) == 1 and not grid:
        cell = cells[0]
        report = format_report(
            game,
            cell.options,
            _agent_text(cell.agent, params),
            cell.stats,
            seed=args.seed,
            jobs=jobs,
            elapsed=elapsed,
            lang=lang,
        )
    else:
        report = format_grid(game, cells, params, seed=args.seed, jobs=jobs, elapsed=elapsed, lang=lang)
    print(report, file=stdout)
    if args.out is not None:
        write_outputs(game, cells, Path(args.out), params, args, lang, stdout)
    return 0


def _agent_text(agent: str, params: Mapping[str, object]) -> str:
    shown = [f"{k}={v}" for k, v in params.items() if v is not None and agent not in ("random", "heuristic")]
    return agent + (f" ({', '.join(shown)})" if shown else "")


def parse_grid(specs: Sequence[str], game: Game, agents: Sequence[str]) -> dict[str, list[str]]:
    """``--grid NAME=V1,V2`` options as ``{NAME: [V1, V2]}``: ``agent`` or a game option."""
    grid: dict[str, list[str]] = {}
    names = {spec.name for spec in game.option_specs}
    for spec in specs:
        name, sep, values = spec.partition("=")
        name = name.strip().replace("-", "_")
        items = [v.strip() for v in values.split(",") if v.strip()]
        if not sep or not items:
            raise UsageError("sim.err.grid", spec=spec)
        if name != AGENT_AXIS and name not in names:
            raise UsageError("sim.err.grid_name", name=name, names=", ".join([AGENT_AXIS, *sorted(names)]))
        if name == AGENT_AXIS:
            for item in items:
                if item not in agents:
                    raise UsageError("sim.err.unknown_agent", agent=item, game=game.id, agents=", ".join(agents))
        grid[name] = items
    return grid


def format_grid(
    game: Game,
    cells: Sequence[Cell],
    params: Mapping[str, object],
    *,
    seed: int,
    jobs: int,
    elapsed: float,
    lang: str = "en",
) -> str:
    """One row per cell: its options, agent, games, win rate with its 95% Wilson interval, mean
    score."""
    varying = varying_options(cells)
    assist = game.sim_assist
    assist_label = game.stat_label(assist, lang) if assist is not None else ""
    header = [
        *varying,
        t("sim.col.agent", lang),
        t("sim.col.games", lang),
        t("sim.col.win_rate", lang) if assist is None else t("sim.col.win_rate_unassisted", lang, assist=assist_label),
        t("sim.col.interval", lang),
        t("sim.col.score", lang),
    ]
    if assist is not None:
        header += [
            t("sim.col.assisted_wins", lang, assist=assist_label),
            t("sim.col.assists", lang, assist=assist_label),
        ]
    rows = []
    for cell in cells:
        st = cell.stats
        low, high = st.win_interval()
        score = st.mean_score
        row = [
            *[_format_option(cell.options[n], lang) for n in varying],
            cell.agent,
            f"{st.games:,}",
            _pct(st.win_rate),
            f"{_pct(low)} - {_pct(high)}",
            "-" if score is None else f"{score:.2f}",
        ]
        if assist is not None:
            row += [f"{st.assisted_wins:,}", _number(st.assists)]
        rows.append(row)
    widths = [max(display_width(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [t("sim.game", lang, id=game.id, title=game.title(lang), version=game.rules_version)]
    fixed = "  ".join(f"{k}={_format_option(v, lang)}" for k, v in cells[0].options.items() if k not in varying)
    if fixed:
        lines.append(fixed)
    shown = "  ".join(f"{k}={v}" for k, v in params.items() if v is not None)
    lines.append(t("sim.grid_run", lang, seed=seed, jobs=jobs, params=shown or "-"))
    lines.append("")
    numeric = {len(varying) + 1, len(varying) + 2, len(varying) + 4, len(varying) + 5, len(varying) + 6}
    for r in [header, *rows]:
        lines.append(
            "  ".join(_rjust(v, widths[i]) if i in numeric else pad_to(v, widths[i]) for i, v in enumerate(r)).rstrip()
        )
        if r is header:
            lines.append("  ".join("-" * w for w in widths))
    games = sum(c.stats.games for c in cells)
    rate = games / elapsed if elapsed > 0 else float("inf")
    lines.append("")
    lines.append(t("sim.elapsed", lang, seconds=f"{elapsed:.2f}", rate=f"{rate:,.0f}"))
    return "\n".join(lines)


def write_outputs(
    game: Game,
    cells: Sequence[Cell],
    directory: Path,
    params: Mapping[str, object],
    args: argparse.Namespace,
    lang: str,
    stdout: TextIO,
) -> None:
    """``cells.json``, ``cells.csv`` and the PNG plots in ``directory`` (created if needed)."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError("sim.err.out", path=str(directory), reason=exc.strerror or str(exc)) from exc
    meta = {
        "game": game.id,
        "rules_version": game.rules_version,
        "seed": args.seed,
        "games_per_cell": args.games,
        "agent_params": {k: v for k, v in params.items() if v is not None},
        "backend": args.backend,
    }
    if game.sim_assist is not None:
        meta["assist"] = game.sim_assist
    write_json(cells, directory / "cells.json", meta)
    write_csv(game, cells, directory / "cells.csv")
    try:
        write_plots(game, cells, directory, t, lang)
    except ImportError:
        print(t("sim.no_matplotlib", lang), file=sys.stderr)
        print(t("sim.written_no_plots", lang, path=str(directory)), file=stdout)
    else:
        print(t("sim.written", lang, path=str(directory)), file=stdout)


if __name__ == "__main__":
    sys.exit(main())
