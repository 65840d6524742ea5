"""``solotable sim GAME --agent NAME --games N --jobs J --seed S [game options]``.

An engineer's tool: plays many games with one agent and prints a plain-English report (win
rate with its 95% Wilson interval, mean score and details, where runs ended, causes of loss,
speed). Game options come from the game's ``option_specs``: ``--NAME VALUE``, or ``--FLAG`` /
``--no-FLAG`` for yes/no options.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, NoReturn, TextIO

from solotable.agents.registry import agent_names
from solotable.core.protocol import Game
from solotable.core.registry import load as load_game
from solotable.sim.runner import SimStats, simulate, sorted_keys

PROG = "solotable sim"
BAR_WIDTH = 40


class UsageError(Exception):
    """A bad command line, reported as one line and exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _base_parser() -> _Parser:
    parser = _Parser(
        prog=PROG,
        description="Play many games with a bot and report the statistics.",
        epilog="Game options (for example --difficulty hard) depend on the game; see `solotable sim GAME --help`.",
    )
    parser.add_argument("game", help="game id, for example minirogue-v1")
    parser.add_argument("--agent", default="random", help="the bot to play with (default: random)")
    parser.add_argument("--games", type=int, default=1000, help="number of games (default: 1000)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default: 1; 0: one per CPU)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (default: 0)")
    return parser


def _add_game_options(parser: argparse.ArgumentParser, game: Game) -> None:
    group = parser.add_argument_group(f"{game.id} options")
    taken = {"game", "agent", "games", "jobs", "seed", "help"}
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
                help=f"(default: {'yes' if spec.default else 'no'})",
            )
        else:
            choices = ", ".join(str(c) for c in spec.choices)
            aliases = ", ".join(f"{a}={v}" for a, v in spec.aliases.items())
            group.add_argument(
                flag,
                dest=spec.name,
                default=None,
                metavar="VALUE",
                help=f"one of {choices}" + (f"; aliases {aliases}" if aliases else "") + f" (default: {spec.default})",
            )


def _format_option(value: object) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def _number(x: float) -> str:
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.3f}"


def format_report(
    game: Game,
    options: dict[str, str | bool | int],
    agent: str,
    stats: SimStats,
    *,
    seed: int,
    jobs: int,
    elapsed: float,
) -> str:
    """The report printed by ``solotable sim``."""
    lines: list[str] = []
    add = lines.append
    add(f"game      {game.id}: {game.title('en')}, rules {game.rules_version}")
    shown = "  ".join(f"{k}={_format_option(v)}" for k, v in options.items()) or "(none)"
    add(f"options   {shown}")
    add(f"agent     {agent}")
    add(f"games     {stats.games:,}  (seed {seed}, jobs {jobs})")
    low, high = stats.win_interval()
    add(f"win rate  {_pct(stats.win_rate)}  ({stats.wins:,} won; 95% Wilson interval {_pct(low)} to {_pct(high)})")
    mean_score = stats.mean_score
    if mean_score is not None:
        sd = stats.score_sd
        add(f"score     mean {mean_score:.3f}" + (f"  (sd {sd:.3f})" if sd is not None else ""))
    if stats.games:
        add(
            f"length    mean {stats.steps / stats.games:.1f} steps, "
            f"{stats.decisions / stats.games:.1f} decisions per game"
        )
    means: tuple[str, ...] = game.sim_means
    if not means:
        means = tuple(sorted(stats.detail_sums))
    mean_parts = []
    for key in means:
        value = stats.mean(key)
        if value is None and key == "score":  # the score itself rather than a detail
            value = stats.mean_score
        if value is not None:
            mean_parts.append(f"{key} {value:.3f}")
    if mean_parts:
        add("means     " + "  ".join(mean_parts))
    histogram_key = game.sim_histogram
    if histogram_key is not None and stats.histogram:
        add("")
        add(f"where runs ended ({histogram_key}):")
        lines.extend(_bars(stats.histogram, stats.games))
    if stats.causes:
        losses = stats.games - stats.wins
        add("")
        add("causes of loss:")
        lines.extend(_bars(stats.causes, losses, keys=[k for k, _ in stats.causes.most_common()]))
    add("")
    rate = stats.games / elapsed if elapsed > 0 else float("inf")
    add(f"elapsed   {elapsed:.2f} s  ({rate:,.0f} games/s)")
    return "\n".join(lines)


def _bars(
    counts: Mapping[Any, int],
    total: int,
    keys: Sequence[Hashable] | None = None,
) -> list[str]:
    order = list(keys) if keys is not None else sorted_keys(counts)
    peak = max(counts.values(), default=0)
    label_width = max((len(str(k)) for k in order), default=0)
    count_width = max((len(f"{v:,}") for v in counts.values()), default=1)
    rows = []
    for key in order:
        count = counts[key]
        bar = "#" * (round(BAR_WIDTH * count / peak) if peak else 0)
        share = count / total if total else 0.0
        rows.append(f"  {key!s:>{label_width}} | {bar:<{BAR_WIDTH}} {count:>{count_width},} {100 * share:6.2f}%")
    return rows


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None) -> int:
    """Run ``solotable sim`` with ``argv`` (the arguments after ``sim``); return the exit status."""
    stdout = out if out is not None else sys.stdout
    args_in = list(sys.argv[1:] if argv is None else argv)
    try:
        return _main(args_in, stdout)
    except UsageError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except BrokenPipeError:  # the report piped into `head`: stop quietly
        if out is None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 1


def _main(argv: list[str], stdout: TextIO) -> int:
    wants_help = any(a in ("-h", "--help") for a in argv)
    try:
        first, _ = _base_parser().parse_known_args([a for a in argv if a not in ("-h", "--help")])
        game = load_game(first.game)
    except (UsageError, ValueError) as exc:
        if wants_help:
            _base_parser().parse_args(["--help"])  # prints the help and exits 0
        raise UsageError(str(exc)) from exc
    parser = _base_parser()
    _add_game_options(parser, game)
    args = parser.parse_args(argv)
    available = agent_names(game.id)
    if args.agent not in available:
        raise UsageError(f"unknown agent {args.agent!r} for {game.id}; available agents: {', '.join(available)}")
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    if args.jobs < 0:
        raise UsageError(f"--jobs must be 0 (one per CPU) or more, not {args.jobs}")
    if args.seed < 0:
        raise UsageError(f"--seed must be 0 or more, not {args.seed}")
    given = {
        spec.name: getattr(args, spec.name) for spec in game.option_specs if getattr(args, spec.name, None) is not None
    }
    try:
        options = game.validate_options(given)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    jobs = args.jobs
    if jobs == 0:
        jobs = os.cpu_count() or 1
    start = time.perf_counter()
    stats = simulate(game.id, args.agent, args.games, jobs=jobs, seed=args.seed, options=options)
    elapsed = time.perf_counter() - start
    report = format_report(game, options, args.agent, stats, seed=args.seed, jobs=jobs, elapsed=elapsed)
    print(report, file=stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
