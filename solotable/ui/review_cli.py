"""``solotable review FILE``: a game's review in the terminal (see :mod:`solotable.agents.review`).

Prints the method and thresholds, a table of every decision (the move played and the best move
with their chances of winning and 95% intervals, the loss, the verdict) and every roll, draw or
reveal (its luck) in step order (``--short``: the flagged decisions and the biggest swings only),
the totals (skill, luck, and that their sum is the result minus the start), and a Unicode chart of
the chance of winning over the game with the errors and the biggest luck swings marked. Every
word comes from ``review_messages.toml``, in English or Japanese.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from solotable.agents.review import BLUNDER, DEFAULT_BUDGET, MISTAKE, THRESHOLDS, Review, proficiency, review
from solotable.core.argparse_i18n import Parser, requested_lang
from solotable.core.i18n import LANGS, Catalogue, default_lang, display_width
from solotable.core.protocol import Action, Game, State
from solotable.core.record import Record, RecordError, load_record
from solotable.core.registry import load as load_game
from solotable.core.untrusted import clip

MAX_BUDGET = 100_000
"""The largest ``--budget`` accepted (a larger one would only keep the machine busy)."""
CHART_WIDTH = 60
CHART_HEIGHT = 10
SWINGS = 3
"""How many of the largest luck swings are listed and marked."""


@cache
def messages() -> Catalogue:
    """``solotable/ui/review_messages.toml``."""
    return Catalogue.from_package(("solotable.ui", "review_messages.toml"))


def msg(key: str, lang: str, **params: object) -> str:
    return messages().text(key, lang, **params)


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal (wide characters take two)."""
    return display_width(text)


def pad(text: str, columns: int) -> str:
    """``text`` padded with spaces to ``columns`` columns, or cut to them with an ellipsis that
    says so (a label cut short read as another: 'Reinforce your Weapon (+1 XP' beside its figure)."""
    if display_width(text) <= columns:
        return text + " " * (columns - display_width(text))
    out = ""
    used = 0
    for c in text:
        w = display_width(c)
        if used + w > columns - 1:
            break
        out += c
        used += w
    out = out.rstrip()
    return out + "…" + " " * (columns - display_width(out) - 1)


def pct(value: float) -> str:
    return f"{100 * value:.1f}"


def signed_points(value: float) -> str:
    """``value`` (a fraction) in percentage points with its sign ("+0.0", never "-0.0")."""
    shown = round(100 * value, 1) + 0.0
    return f"{shown:+.1f}"


def _label(game: Game, state: State, action: Action, lang: str) -> str:
    try:
        return game.describe(state, action, lang)
    except Exception:  # a label is a nicety: the notation always reads
        return str(action)


def render(r: Review, states: Sequence[State], lang: str, *, short: bool = False, source: str = "") -> list[str]:
    """The review as lines of text (``states``: the state before each step, and the last)."""
    game = load_game(r.game)
    out = [msg("review.heading", lang, title=game.title(lang), file=source)]
    out.append(msg("review.method", lang, budget=r.budget))
    t = {name: f"{100 * value:g}" for name, value in THRESHOLDS}
    out.append(msg("review.thresholds", lang, **t))
    final = states[-1]
    if not final.is_terminal():
        out.append(msg("review.unfinished", lang))
    out.append("")
    coop = len(r.seats()) > 1
    swings = r.swings(SWINGS)
    swing_steps = {e.index for e in swings}
    heads = ["col_step", "col_seat", "col_played", "", "col_best", "", "col_loss", "col_verdict"]
    cols = [5, 3 if coop else 0, 34, 20, 34, 20, 9, 10]
    # no heading is cut ('Seat' in a column of 3)
    cols = [max(w, display_width(msg(f"review.{h}", lang))) if w and h else w for w, h in zip(cols, heads, strict=True)]

    def row(cells: list[str]) -> str:
        return "  ".join(pad(c, w) for c, w in zip(cells, cols, strict=True) if w).rstrip()

    rows: list[tuple[int, str]] = []
    for d in r.decisions:
        if short and d.verdict is None:
            continue
        s = states[d.index]
        chosen = _label(game, s, d.chosen.action, lang)
        best = (
            msg("review.same_as_played", lang)
            if d.best.action == d.chosen.action
            else _label(game, s, d.best.action, lang)
        )
        cells = [
            str(d.index + 1),
            str(d.seat + 1),
            chosen,
            msg("review.win_figure", lang, win=pct(d.chosen.win), low=pct(d.chosen.low), high=pct(d.chosen.high)),
            best,
            msg("review.win_figure", lang, win=pct(d.best.win), low=pct(d.best.low), high=pct(d.best.high))
            if d.best.action != d.chosen.action
            else "",
            msg("review.points", lang, value=f"{100 * d.loss:.1f}") if d.loss else "",
            msg(f"review.verdict.{d.verdict}", lang) if d.verdict else "",
        ]
        rows.append((d.index, row(cells)))
    for e in r.events:
        if short and e.index not in swing_steps:
            continue
        s = states[e.index]
        span = sum(cols[2:6]) + 6
        label, percent = _label(game, s, e.outcome, lang), f"{100 * e.probability:.3g}"
        text = msg("review.event", lang, label=label, percent=percent)
        if display_width(text) > span:  # cut the label, not its chance
            room = span - display_width(msg("review.event", lang, label="", percent=percent))
            text = msg("review.event", lang, label=pad(label, max(room, 1)).rstrip(), percent=percent)
        luck = msg("review.points", lang, value=signed_points(e.luck))
        mark = " ▲" if e.index in swing_steps and e.luck > 0 else " ▼" if e.index in swing_steps else ""
        lead = "  ".join(pad(c, w) for c, w in zip([str(e.index + 1), "", text], [*cols[:2], span], strict=True) if w)
        rows.append((e.index, f"{lead}  {luck}{mark}"))
    rows.sort(key=lambda x: x[0])
    out.append(msg("review.table_heading", lang))
    out.append(row([msg(f"review.{h}", lang) if h else "" for h in heads]))
    out.extend(line for _, line in rows)
    out.append("")
    if swings:
        out.append(msg("review.swings_heading", lang))
        for e in swings:
            label = _label(game, states[e.index], e.outcome, lang)
            points = msg("review.points", lang, value=signed_points(e.luck))
            out.append(f"  {e.index + 1:>5}  {pad(label, 40)}  {points}")
        out.append("")
    out.append(msg("review.totals_heading", lang))
    out.append(msg("review.start", lang, value=pct(r.start)))
    if final.is_terminal():
        out.append(msg("review.result_won" if r.result >= 1.0 else "review.result_lost", lang))
    else:
        out.append(msg("review.result_open", lang, value=pct(r.result)))
    counts = r.counts()
    out.append(msg("review.skill", lang, value=signed_points(r.skill), decisions=len(r.decisions), **counts))
    if coop:
        for seat in r.seats():
            lost, n = r.seat_loss(seat)
            out.append(msg("review.seat_skill", lang, seat=seat + 1, value=signed_points(-lost), decisions=n))
    out.append(msg("review.luck", lang, value=signed_points(r.luck), events=len(r.events)))
    out.append(msg("review.identity", lang, sum=signed_points(r.luck + r.skill), error="1e-9"))
    out.append("")
    out.append(msg("review.chart_heading", lang))
    out.extend(chart(r))
    out.append(msg("review.chart_legend", lang, first=0, last=r.steps))
    return out


def chart(r: Review, columns: int = CHART_WIDTH, rows: int = CHART_HEIGHT) -> list[str]:
    """The chance of winning over the game as a Unicode chart: one column per stretch of steps
    (the value at its end), ``●`` the value, ``✖`` a column holding a blunder or mistake, ``▲ ▼``
    one holding one of the biggest luck swings."""
    n = r.steps
    cols = max(1, min(columns, n + 1))

    def column_of(step: int) -> int:
        return min(cols - 1, step * cols // (n + 1))

    level = [0.0] * cols
    for step, value in enumerate(r.values):
        level[column_of(step)] = value  # the last value of the stretch
    marks: dict[int, str] = {}
    for e in r.swings(SWINGS):
        marks[column_of(e.index + 1)] = "▲" if e.luck > 0 else "▼"
    for d in r.decisions:
        if d.verdict in (BLUNDER, MISTAKE):
            marks[column_of(d.index + 1)] = "✖"
    grid = [[" "] * cols for _ in range(rows)]
    for c, v in enumerate(level):
        y = round(min(1.0, max(0.0, v)) * (rows - 1))
        grid[rows - 1 - y][c] = marks.get(c, "●")
    out = []
    for i, line in enumerate(grid):
        axis = "100% ┤" if i == 0 else "  0% ┤" if i == rows - 1 else " 50% ┤" if i == (rows - 1) // 2 else "     │"
        out.append(axis + "".join(line).rstrip())
    out.append("     └" + "─" * cols)
    return out


def states_of(record: Record) -> list[State]:
    """The state before every step of ``record``, and the last."""
    return [state.clone() for state, _ in record.replay_states()]


def _budget(lang: str) -> Callable[[str], int]:
    def budget(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = 0
        if not 1 <= value <= MAX_BUDGET:
            raise argparse.ArgumentTypeError(msg("review.bad_budget", lang, max=MAX_BUDGET, value=clip(text, 20)))
        return value

    budget.__name__ = "int"
    return budget


def build_parser(lang: str) -> Parser:
    parser = Parser(prog="solotable review", description=msg("review.prog_description", lang), lang=lang)
    parser.add_argument("files", nargs="*", metavar="FILE", help=msg("review.help_file", lang))
    parser.add_argument("--record", action="store_true", help=msg("review.help_record", lang))
    parser.add_argument(
        "--budget",
        type=_budget(lang),
        default=DEFAULT_BUDGET,
        help=msg("review.help_budget", lang, default=DEFAULT_BUDGET),
    )
    parser.add_argument("--seed", type=int, default=0, help=msg("review.help_seed", lang))
    parser.add_argument("--short", action="store_true", help=msg("review.help_short", lang))
    parser.add_argument("--lang", choices=LANGS, help=msg("review.help_lang", lang))
    return parser


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    """``solotable review ...``; returns the exit status (2 for a usage or file error)."""
    args = list(sys.argv[1:] if argv is None else argv)
    asked = requested_lang(args)
    try:
        ns = build_parser(asked).parse_args(args)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    lang = default_lang(ns.lang)
    files: list[str] = list(ns.files)
    if ns.record:
        files += recorded_saves()
    if not files:
        print(msg("review.error", lang, message=msg("review.no_files", lang)), file=sys.stderr)
        return 2
    if len(files) > 1 or ns.record:
        return _proficiency(files, ns.budget, ns.seed, lang, out)
    try:
        record = load_record(Path(files[0]).expanduser())
    except RecordError as exc:
        print(msg("review.error", lang, message=exc), file=sys.stderr)
        return 2
    shown = -1

    def progress(done: int, total: int) -> None:
        nonlocal shown
        percent = 100 * done // max(1, total)
        if sys.stderr.isatty() and percent // 10 != shown // 10:
            shown = percent
            print("\r" + msg("review.progress", lang, percent=percent), end="", file=sys.stderr, flush=True)

    result = review(record, ns.budget, seed=ns.seed, progress=progress)
    if shown >= 0:
        print(file=sys.stderr)
    for line in render(result, states_of(record), lang, short=ns.short, source=clip(files[0], 60)):
        out(line)
    out(msg("review.cpu", lang, seconds=f"{result.cpu_seconds:.1f}"))
    return 0


def recorded_saves(path: Path | None = None) -> list[str]:
    """The save files of the finished games in the player's record (those still on the disk)."""
    from solotable.ui.record_db import RecordDB

    with RecordDB.open(path, recover=False) as db:
        rows = db.conn.execute("SELECT save_file FROM games WHERE save_file IS NOT NULL ORDER BY id").fetchall()
    return [str(f) for (f,) in rows if f and Path(f).is_file()]


def _proficiency(files: list[str], budget: int, seed: int, lang: str, out: Callable[[str], None]) -> int:
    """Review every file and print each game's line and the proficiency per game and seat."""
    by_game: dict[str, list[Review]] = {}
    cpu = 0.0
    for file in files:
        try:
            record = load_record(Path(file).expanduser())
        except RecordError as exc:
            print(msg("review.error", lang, message=exc), file=sys.stderr)
            continue
        r = review(record, budget, seed=seed)
        cpu += r.cpu_seconds
        by_game.setdefault(r.game, []).append(r)
        out(msg("review.game_line", lang, file=clip(file, 60), game=r.game, decisions=len(r.decisions),
                loss=f"{100 * r.loss:.1f}", luck=signed_points(r.luck), **r.counts()))  # fmt: skip
    if not by_game:
        return 2
    out("")
    out(msg("review.proficiency_heading", lang))
    for game_id, reviews in sorted(by_game.items()):
        seats = sorted({s for r in reviews for s in r.seats()})
        for seat in [None, *seats] if len(seats) > 1 else [None]:
            p = proficiency(reviews, seat)
            if p is None:
                continue
            key = "review.proficiency" if seat is None else "review.proficiency_seat"
            out(msg(key, lang, game=load_game(game_id).title(lang), seat=(seat or 0) + 1, games=p.games,
                    decisions=p.decisions, mean=f"{100 * p.mean_loss:.2f}", low=f"{100 * p.low:.2f}",
                    high=f"{100 * p.high:.2f}"))  # fmt: skip
    out(msg("review.cpu", lang, seconds=f"{cpu:.1f}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
