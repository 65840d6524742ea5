"""The Review page of a finished table: ``/t/{table_id}/review?seat=TOKEN``.

The same review as ``solotable review`` (:mod:`solotable.agents.review`) at :data:`WEB_BUDGET`
paired rollouts per move, worked out in a thread (one review at a time per server; another asked
meanwhile gets a 429 page) and kept in memory per table and version. The page shows the totals, an
SVG chart of the chance of winning over the game (errors and the biggest luck swings marked, each
mark with its words in a ``<title>``), and the table of decisions and luck. Only a seat of the
table (its token, or the player's cookie) may see it, and only once the game is over (the record
tells the seed). Its words come from ``solotable/ui/review_messages.toml``.

``/record`` ("Your games") lists the finished tables whose seats this browser's cookie holds, each
linked to its Review page, and the proficiency over the last :data:`REVIEWED` of them: the mean loss
per decision of the browser's own seats, with its 95% interval (:func:`~solotable.agents.review.proficiency`
over the same reviews the Review page shows and keeps).
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections import OrderedDict
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from solotable.agents.review import BLUNDER, MISTAKE, THRESHOLDS, Proficiency, Review, proficiency, review
from solotable.core.html import Html, tag
from solotable.core.protocol import State
from solotable.core.record import Record
from solotable.core.web_pieces import listing
from solotable.ui.review_cli import SWINGS, msg, pct, signed_points, states_of

WEB_BUDGET = 16
"""Paired rollouts per move of the page's review (the terminal's default is 32: a page should come
back within seconds on a typical game)."""
CACHED = 64
"""Reviews kept in memory (the most recent tables)."""
LISTED = 50
"""Finished tables listed on ``/record`` (the most recent)."""
REVIEWED = 10
"""Finished tables (the most recent) whose reviews make the proficiency on ``/record``: at most
this many reviews are worked out for one request."""

_lock = threading.Lock()
_busy = threading.BoundedSemaphore(1)
_cache: OrderedDict[tuple[str, int], tuple[Review, list[State]]] = OrderedDict()


def routes(webapp: Any) -> list[Route]:
    """The page's route, for :class:`solotable.ui.web.app.WebApp` (``webapp.tables``)."""

    async def review_page(request: Request) -> Response:
        from solotable.ui.web import pages
        from solotable.ui.web.app import PLAYER_COOKIE, SECURITY_HEADERS, lang_of
        from solotable.ui.web.tables import WebError

        lang = lang_of(request)
        table_id = request.path_params["table_id"]
        try:
            live = await run_in_threadpool(webapp.tables.load, table_id)
            webapp.tables.seat(live, request.query_params.get("seat"), request.cookies.get(PLAYER_COOKIE))
            with live.lock:
                over = live.session.state.is_terminal()
                record = _record_of(live)
                version = live.row.version
            if not over:
                raise WebError(409, "web.err.record_later")
            found = (await _reviews([((table_id, version), record)]))[0]
        except WebError as err:
            return HTMLResponse(
                pages.error_page(lang, err.message(lang)), status_code=err.status, headers=SECURITY_HEADERS
            )
        r, states = found
        title = msg("review.web.title", lang, title=live.session.game.title(lang))
        body = [pages._top(lang, switch_to=f"/t/{table_id}/review"), page_body(r, states, lang, title)]
        html = pages._document(lang, title, body)
        return HTMLResponse(html, headers=SECURITY_HEADERS)

    async def record_page(request: Request) -> Response:
        from solotable.ui.web import pages
        from solotable.ui.web.app import SECURITY_HEADERS, lang_of, player_of
        from solotable.ui.web.tables import WebError

        lang = lang_of(request)
        player = player_of(request)
        try:
            games = await run_in_threadpool(_finished_games, webapp, player, lang)
            found = await _reviews([(g.key, g.record) for g in games[:REVIEWED]])
        except WebError as err:
            return HTMLResponse(
                pages.error_page(lang, err.message(lang)), status_code=err.status, headers=SECURITY_HEADERS
            )
        reviews = [_own(r, g.seats) for g, (r, _) in zip(games, found, strict=False)]
        title = msg("review.web.record_title", lang)
        body = [pages._top(lang, switch_to="/record"), record_body(games, reviews, lang, title)]
        return HTMLResponse(pages._document(lang, title, body), headers=SECURITY_HEADERS)

    return [Route("/t/{table_id}/review", review_page), Route("/record", record_page)]


_RECORD_FIELDS = ("game", "rules_version", "options", "seed", "physical_dice", "actions")


def _record_of(live: Any) -> Record:
    """The record of a table (under its lock)."""
    return Record(**{k: v for k, v in live.session.record.content().items() if k in _RECORD_FIELDS})


async def _reviews(wanted: list[tuple[tuple[str, int], Record]]) -> list[tuple[Review, list[State]]]:
    """The reviews of these tables (key: table id and version), from memory or worked out, all
    in one thread while no other review is (else a 429 :class:`WebError`)."""
    from solotable.ui.web.tables import WebError

    with _lock:
        found = {key: _cache[key] for key, _ in wanted if key in _cache}
    missing = [(key, record) for key, record in wanted if key not in found]
    if missing:
        if not _busy.acquire(blocking=False):
            raise WebError(429, "web.err.hint_busy")
        try:
            done = await run_in_threadpool(lambda: [(key, _review(record)) for key, record in missing])
        finally:
            _busy.release()
        with _lock:
            for key, value in done:
                found[key] = _cache[key] = value
            while len(_cache) > CACHED:
                _cache.popitem(last=False)
    return [found[key] for key, _ in wanted]


@dataclasses.dataclass(frozen=True)
class FinishedGame:
    """A finished table on ``/record``: the seats this browser holds, and its words."""

    table_id: str
    key: tuple[str, int]
    record: Record
    game: str
    title: str
    setup: str
    result: str
    date: str
    seats: tuple[int, ...]


def _finished_games(webapp: Any, player: str | None, lang: str) -> list[FinishedGame]:
    """The finished tables at which this browser's cookie holds a seat, the newest first (only
    those: the Review page lets no one else in either)."""
    from solotable.ui.web import pages
    from solotable.ui.web.tables import WebError, _result_text, _text_of, option_choices

    if not player:
        return []
    out = []
    for row in webapp.storage.tables_of(player, finished=True, limit=LISTED):
        try:
            live = webapp.tables.load(row.id)
        except WebError:  # gone meanwhile
            continue
        with live.lock:
            held = live.row.seats_of_player(player)
            state = live.session.state
            if not held or not state.is_terminal():
                continue
            game = live.session.game
            options = live.row.options
            setup = listing(
                lang,
                [
                    msg(
                        "review.web.setting",
                        lang,
                        name=pages.option_label(game.id, name, lang),
                        value=pages.value_label(game.id, name, _text_of(options.get(name, default)), lang),
                    )
                    for name, _, default in option_choices(game)
                ],
            )
            out.append(
                FinishedGame(
                    table_id=row.id,
                    key=(row.id, live.row.version),
                    record=_record_of(live),
                    game=game.id,
                    title=game.title(lang),
                    setup=setup,
                    result=_result_text(state, lang),
                    date=time.strftime("%Y-%m-%d", time.gmtime(live.row.updated)),
                    seats=tuple(held),
                )
            )
    return out


def _own(r: Review, seats: tuple[int, ...]) -> Review:
    """The review with only the decisions of these seats (a co-op table's other seat may be
    another browser's)."""
    return dataclasses.replace(r, decisions=[d for d in r.decisions if d.seat in seats])


def _proficiency_words(p: Proficiency) -> dict[str, Any]:
    return {
        "mean": f"{100 * p.mean_loss:.2f}",
        "low": f"{100 * p.low:.2f}",
        "high": f"{100 * p.high:.2f}",
        "decisions": p.decisions,
        "games": p.games,
    }


def record_body(games: list[FinishedGame], reviews: list[Review], lang: str, title: str) -> Html:
    """``/record``'s ``<main>``: the finished tables, then the proficiency per game."""
    if not games:
        return tag(
            "main", tag("h1", title), tag("p", msg("review.web.record_none", lang), id="record-none"), id="games"
        )
    rows = [
        tag(
            "tr",
            tag("td", tag("a", g.title, href=f"/t/{g.table_id}/review?lang={lang}", data_table=g.table_id)),
            tag("td", g.setup),
            tag("td", g.result),
            tag("td", tag("time", g.date, datetime=g.date), cls="figure"),
        )
        for g in games
    ]
    head = tag(
        "tr", *(tag("th", msg(f"review.{k}", lang)) for k in ("col_game", "col_setup", "col_result", "col_date"))
    )
    table_label = msg("review.web.record_table", lang)
    lines: list[Html] = []
    by_game: dict[str, list[Review]] = {}
    for g, r in zip(games, reviews, strict=False):
        by_game.setdefault(g.title, []).append(r)
    for game_title, of_game in sorted(by_game.items()):
        p = proficiency(of_game)
        if p is not None:
            lines.append(tag("li", msg("review.proficiency", lang, game=game_title, **_proficiency_words(p))))
    budget = reviews[0].budget if reviews else WEB_BUDGET
    return tag(
        "main",
        tag("h1", title),
        tag("p", msg("review.web.record_intro", lang)),
        _scrolling_table(head, rows, "record-table", table_label),
        tag("h2", msg("review.web.proficiency_heading", lang)),
        tag("p", msg("review.web.proficiency_note", lang, reviewed=len(reviews), cap=REVIEWED, budget=budget)),
        tag("ul", *lines, id="proficiency")
        if lines
        else tag("p", msg("review.web.proficiency_none", lang), id="proficiency"),
        id="games",
    )


def _scrolling_table(head: Html, rows: list[Html], table_id: str, label: str) -> Html:
    """A review table in a box of its own that scrolls sideways (a phone scrolls the table, not
    the page), focusable and named ``label`` for the keyboard and screen readers."""
    return tag(
        "div",
        tag("table", tag("thead", head), tag("tbody", *rows), id=table_id, cls="review"),
        cls="review-scroll",
        role="region",
        aria_label=label,
        tabindex="0",
    )


def _review(record: Record) -> tuple[Review, list[State]]:
    return review(record, WEB_BUDGET), states_of(record)


def page_body(r: Review, states: list[State], lang: str, title: str) -> Html:
    """The page's ``<main>``: heading, method, totals, chart and table."""
    from solotable.core.registry import load as load_game

    game = load_game(r.game)
    thresholds = {name: f"{100 * value:g}" for name, value in THRESHOLDS}
    counts = r.counts()
    final = states[-1]
    result = msg("review.result_won" if r.result >= 1.0 else "review.result_lost", lang)
    totals = tag(
        "ul",
        tag("li", msg("review.start", lang, value=pct(r.start))),
        tag("li", result if final.is_terminal() else msg("review.result_open", lang, value=pct(r.result))),
        tag("li", msg("review.skill", lang, value=signed_points(r.skill), decisions=len(r.decisions), **counts)),
        tag("li", msg("review.luck", lang, value=signed_points(r.luck), events=len(r.events))),
        tag("li", msg("review.identity", lang, sum=signed_points(r.luck + r.skill), error="1e-9")),
        *_mean_loss_lines(r, lang),
        id="review-totals",
    )
    rows: list[Html] = []
    swings = {e.index for e in r.swings(SWINGS)}
    coop = len(r.seats()) > 1  # a column saying whose decision it was
    for d in r.decisions:
        s = states[d.index]
        best = (
            msg("review.same_as_played", lang)
            if d.best.action == d.chosen.action
            else _label(game, s, d.best.action, lang)
        )
        rows.append(
            tag(
                "tr",
                tag("td", str(d.index + 1)),
                *([tag("td", str(d.seat + 1))] if coop else []),
                tag("td", _label(game, s, d.chosen.action, lang), cls="move"),
                tag("td", _figure(d.chosen.win, d.chosen.low, d.chosen.high, lang), cls="figure"),
                tag("td", best, cls="move"),
                tag(
                    "td",
                    _figure(d.best.win, d.best.low, d.best.high, lang) if d.best.action != d.chosen.action else "",
                    cls="figure",
                ),
                tag("td", msg("review.points", lang, value=f"{100 * d.loss:.1f}") if d.loss else "", cls="figure"),
                tag("td", msg(f"review.verdict.{d.verdict}", lang) if d.verdict else ""),
                cls=f"decision verdict-{d.verdict}" if d.verdict else "decision",
                data_step=d.index + 1,
            )
        )
    for e in r.events:
        label = msg(
            "review.event",
            lang,
            label=_label(game, states[e.index], e.outcome, lang),
            percent=f"{100 * e.probability:.3g}",
        )
        rows.append(
            tag(
                "tr",
                tag("td", str(e.index + 1)),
                *([tag("td", "")] if coop else []),
                tag("td", label, colspan=4),
                tag("td", msg("review.points", lang, value=signed_points(e.luck)), cls="figure"),
                tag("td", ""),
                cls="chance swing" if e.index in swings else "chance",
                data_step=e.index + 1,
            )
        )
    rows.sort(key=lambda row: int(row.split('data-step="', 1)[1].split('"', 1)[0]))
    head = tag(
        "tr",
        *(tag("th", msg(f"review.{k}", lang)) for k in ("col_step", *(["col_seat"] if coop else []), "col_played")),
        tag("th", msg("review.col_win", lang)),
        tag("th", msg("review.col_best", lang)),
        tag("th", msg("review.col_win", lang)),
        tag("th", msg("review.web.col_loss_luck", lang)),  # a decision's loss, a chance step's luck
        tag("th", msg("review.col_verdict", lang)),
    )
    table_heading = msg("review.table_heading", lang).strip("- ")
    return tag(
        "main",
        tag("h1", title),
        tag("p", msg("review.method", lang, budget=r.budget)),
        tag("p", msg("review.thresholds", lang, **thresholds)),
        tag("h2", msg("review.totals_heading", lang).strip("- ")),
        totals,
        tag("h2", msg("review.chart_heading", lang).strip("- ")),
        svg_chart(r, lang),
        tag("h2", table_heading),
        _scrolling_table(head, rows, "review-table", table_heading),
        id="review",
    )


def _mean_loss_lines(r: Review, lang: str) -> list[Html]:
    """The game's mean loss per decision with its 95% interval; in co-op, per seat as well."""
    out = []
    p = proficiency([r])
    if p is not None:
        out.append(tag("li", msg("review.web.mean_loss", lang, **_proficiency_words(p)), cls="mean-loss"))
    seats = r.seats()
    if len(seats) > 1:
        for seat in seats:
            q = proficiency([r], seat)
            if q is not None:
                words = _proficiency_words(q)
                out.append(tag("li", msg("review.web.mean_loss_seat", lang, seat=seat + 1, **words), cls="mean-loss"))
    return out


def _label(game: Any, state: State, action: Any, lang: str) -> str:
    try:
        return str(game.describe(state, action, lang))
    except Exception:  # a label is a nicety: the notation always reads
        return str(action)


def _figure(win: float, low: float, high: float, lang: str) -> str:
    return msg("review.win_figure", lang, win=pct(win), low=pct(low), high=pct(high))


def svg_chart(r: Review, lang: str, width: int = 720, height: int = 240) -> Html:
    """The chance of winning over the game as an SVG line, with ✖ at mistakes and blunders and
    ▲ ▼ at the biggest luck swings (each mark's words in its ``<title>``)."""
    left, right, top, bottom = 56, 12, 12, 26
    w, h = width - left - right, height - top - bottom
    n = max(1, r.steps)

    def x(step: int) -> float:
        return round(left + w * step / n, 1)

    def y(value: float) -> float:
        return round(top + h * (1 - min(1.0, max(0.0, value))), 1)

    parts: list[Html] = []
    for tick in (0, 25, 50, 75, 100):
        parts.append(
            tag("line", x1=left, x2=left + w, y1=y(tick / 100), y2=y(tick / 100), stroke="#bbb", cls="grid-line")
        )
        parts.append(tag("text", f"{tick}%", x=left - 6, y=y(tick / 100) + 4, text_anchor="end", cls="tick"))
    points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(r.values))
    parts.append(tag("polyline", points=points, fill="none", stroke="currentColor", stroke_width=2, cls="win-line"))
    for d in r.decisions:
        if d.verdict in (BLUNDER, MISTAKE):
            said = msg(f"review.verdict.{d.verdict}", lang)
            words = msg("review.web.mark_error", lang, step=d.index + 1, verdict=said, loss=f"{100 * d.loss:.1f}")
            parts.append(
                tag(
                    "text",
                    tag("title", words),
                    "✖",
                    x=x(d.index),
                    y=y(d.before) + 5,
                    text_anchor="middle",
                    cls=f"mark error {d.verdict}",
                )
            )
    for e in r.swings(SWINGS):
        words = msg("review.web.mark_swing", lang, step=e.index + 1, luck=signed_points(e.luck))
        parts.append(
            tag(
                "text",
                tag("title", words),
                "▲" if e.luck > 0 else "▼",
                x=x(e.index + 1),
                y=y(e.after) + 5,
                text_anchor="middle",
                cls="mark swing",
            )
        )
    parts.append(
        tag(
            "text",
            msg("review.web.axis", lang, last=r.steps),
            x=left + w / 2,
            y=height - 6,
            text_anchor="middle",
            cls="tick",
        )
    )
    summary = msg("review.web.chart_label", lang, start=pct(r.start), result=pct(r.result), steps=r.steps)
    return tag(
        "svg",
        tag("title", summary),
        *parts,
        viewBox=f"0 0 {width} {height}",
        width=width,
        height=height,
        role="img",
        aria_label=summary,
        id="review-chart",
        xmlns="http://www.w3.org/2000/svg",
    )
