"""The HTML pages: home (new game with each game's options in words, continue, the player's
record, the odds chart) and the table's page (a shell the script fills from the JSON API)."""

from __future__ import annotations

import json
import unicodedata
from collections import defaultdict
from functools import cache
from typing import Any

from solotable.core.html import Html, tag
from solotable.core.i18n import LANGS
from solotable.core.registry import game_ids
from solotable.core.registry import load as load_game
from solotable.ui import present
from solotable.ui.web.i18n import catalogue, t
from solotable.ui.web.storage import StoredTable
from solotable.ui.web.tables import option_choices

CLIENT_KEYS = (
    "web.choices",
    "web.no_choices",
    "web.type_action",
    "web.play",
    "web.undo",
    "web.hint",
    "web.hint_thinking",
    "web.info_title",
    "web.info_none",
    "web.log",
    "web.rewind_to",
    "web.rewinding",
    "web.back_to_now",
    "web.confirm",
    "web.cancel",
    "web.warning",
    "web.invite",
    "web.copy",
    "web.copied",
    "web.seats",
    "web.you",
    "web.set_name",
    "web.live",
    "web.keys_help",
    "web.download",
    "web.review",
    "web.chance_typed",
    "web.close",
    "web.rules",
    "web.loading",
    "web.offline",
    "web.retry",
    "web.new_invite",
    "web.seat_taken",
    "web.seat_conflict",
    "web.keep_seat",
    "web.take_seat",
    "web.live_down",
    "web.error_prefix",
    "web.your_name",
    "web.home",
    "web.lang_switch",
    "web.lang_switch_label",
    "web.board_hint",
    "web.board_menu",
    "web.board_about",
    "web.board_pick",
    "web.changed",
    "web.hint_best",
    "web.hint_line",
    "web.hint_line_board",
)
"""The words the page's script shows itself, sent with the page in its language."""


def _document(
    lang: str, title: str, body: list[Html], *, script: bool = False, data: dict[str, Any] | None = None
) -> str:
    head = [
        tag("meta", charset="utf-8"),
        tag("meta", name="viewport", content="width=device-width, initial-scale=1"),
        tag("title", title),
        tag("link", rel="stylesheet", href="/static/style.css"),
        tag("link", rel="icon", href="/static/favicon.svg", type="image/svg+xml"),
    ]
    if script:
        head.append(tag("script", src="/static/app.js", defer=True))
    attrs: dict[str, object] = {}
    if data is not None:
        attrs["data_page"] = json.dumps(data, ensure_ascii=False)
    return "<!doctype html>\n" + tag("html", tag("head", *head), tag("body", *body, **attrs), lang=lang)


def _top(lang: str, *, switch_to: str) -> Html:
    other = next(code for code in LANGS if code != lang)
    return tag(
        "header",
        tag("a", t("web.app_title", lang), href="/", cls="brand"),
        tag(
            "nav",
            tag(
                "a",
                t("web.lang_switch", lang),
                href=f"{switch_to}?lang={other}",
                id="lang-switch",
                hreflang=other,
                lang=other,
                aria_label=t("web.lang_switch_label", lang),
            ),
        ),
        cls="top",
    )


def option_label(game_id: str, name: str, lang: str) -> str:
    return _capital(present.option_label(load_game(game_id), name, lang))


def value_label(game_id: str, name: str, value: str, lang: str) -> str:
    return _capital(present.value_label(load_game(game_id), name, value, lang))


def _capital(label: str) -> str:
    """A label as a form writes it: its first letter in capitals (``difficulty`` → ``Difficulty``)."""
    return label[:1].upper() + label[1:]


def odds_option(game_id: str, rows: list[dict[str, Any]]) -> str:
    """The option whose values name the odds chart's rows (the first that has them all)."""
    values = {str(r["row"]) for r in rows}
    for spec in load_game(game_id).option_specs:
        if values <= {str(c) for c in spec.choices}:
            return spec.name
    return "difficulty"


def home_page(lang: str, going: list[StoredTable], record: list[dict[str, Any]]) -> str:
    forms: list[Html] = []
    for gid in game_ids():
        game = load_game(gid)
        fields: list[Html] = [tag("input", type="hidden", name="game", value=gid)]
        for name, choices, default in option_choices(game):
            field_id = f"{gid}-{name}"
            options = [tag("option", value_label(gid, name, c, lang), value=c, selected=c == default) for c in choices]
            fields.append(
                tag(
                    "label",
                    option_label(gid, name, lang),
                    tag("select", *options, name="opt_" + name, id=field_id),
                    for_=field_id,
                )
            )
        fields.append(
            tag(
                "label",
                tag("input", type="checkbox", name="physical_dice"),
                " ",
                t("web.physical_dice", lang),
                cls="check",
            )
        )
        fields.append(
            tag(
                "label",
                t("web.your_name", lang),
                tag("input", type="text", name="name", maxlength=40, autocomplete="nickname"),
            )
        )
        fields.append(tag("button", t("web.start", lang), type="submit", cls="primary"))
        forms.append(
            tag(
                "form",
                tag("h3", game.title(lang)),
                *fields,
                method="post",
                action=f"/new?lang={lang}",
                cls="new-game",
                data_game=gid,
            )
        )
    if going:
        items = [
            tag(
                "li",
                tag("a", load_game(row.game).title(lang), href=f"/t/{row.id}", data_table=row.id),
                " · ",
                t("web.opened", lang, steps=len(row.actions)),
            )
            for row in going
        ]
        continue_block = tag("ul", *items, cls="continue")
    else:
        continue_block = tag("p", t("web.continue_none", lang))
    body = [
        _top(lang, switch_to="/"),
        tag(
            "main",
            tag("h1", t("web.tagline", lang), cls="tagline"),
            tag("section", tag("h2", t("web.new_game", lang)), tag("div", *forms, cls="forms"), id="new"),
            tag("section", tag("h2", t("web.continue", lang)), continue_block, id="continue"),
            tag(
                "section",
                tag("h2", t("web.record", lang)),
                _record(record, lang),
                tag("p", tag("a", t("web.your_games", lang), href=f"/record?lang={lang}", id="your-games")),
                id="record",
            ),
            tag("section", tag("h2", t("web.odds", lang)), *_odds_charts(lang), id="odds"),
            cls="home",
        ),
    ]
    return _document(lang, t("web.app_title", lang), body)


def _record(record: list[dict[str, Any]], lang: str) -> Html:
    if not record:
        return tag("p", t("web.record_none", lang))
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in record:
        counts[r["game"]][0] += 1
        counts[r["game"]][1] += 1 if r["won"] else 0
    items = [
        tag("li", t("web.record_line", lang, game=load_game(gid).title(lang), played=n, won=w, lost=n - w))
        for gid, (n, w) in sorted(counts.items())
    ]
    return tag("ul", *items, cls="record")


ODDS_PLAYERS = {"heuristic": "careful", "mcts": "strong"}
"""The bots of the odds chart as a player knows them: the rule-based bot plays as a careful player,
the search bot as a strong one (``web.odds_agent.*``, ``web.odds_careful``, ``web.odds_strong``)."""


@cache
def odds_data() -> dict[str, Any]:
    """Every game's measured odds (``Game.odds``, the ``odds.json`` of its folder), by game id."""
    return {"games": {gid: odds for gid in game_ids() if (odds := load_game(gid).odds()) is not None}}


def _odds_charts(lang: str) -> list[Html]:
    """Per game, a bar per difficulty and player with its 95% interval, as SVG (numbers written).
    The players are named in words (a careful player, a strong player: the heuristic and mcts
    bots, whose commands are in docs/strength.md), never by a bot's name or a command line."""
    out: list[Html] = [
        tag("p", t("web.odds_note", lang)),
        tag(
            "ul",
            tag("li", t("web.odds_careful", lang)),
            tag("li", t("web.odds_strong", lang)),
            cls="odds-who",
        ),
    ]
    for gid, entry in odds_data()["games"].items():
        rows = [r for r in entry["rows"] if r["agent"] in ODDS_PLAYERS]  # the players named in words
        if not rows:
            continue
        column = odds_option(gid, rows)
        labels = [
            t(
                "web.odds_label",
                lang,
                row=value_label(gid, column, r["row"], lang),
                agent=t(f"web.odds_agent.{ODDS_PLAYERS[r['agent']]}", lang),
            )
            for r in rows
        ]
        # each label above its bar (12 px text: a full-width character 12 px), so that a chart fits a
        # phone: labels beside the bars made it 600-700 px wide, and a phone saw the labels only
        bar_h, gap, label_h, scale_w, pad = 14, 8, 16, 240, 8
        width = max(scale_w + 2 * pad + 60, 2 * pad + max(_text_width(label) for label in labels))
        row_h = label_h + bar_h + gap
        height = len(rows) * row_h + 30
        parts: list[Html] = []
        for tick in (0, 25, 50, 75, 100):
            x = pad + scale_w * tick / 100
            parts.append(tag("line", x1=x, x2=x, y1=0, y2=height - 22, cls="grid-line"))
            parts.append(tag("text", f"{tick}%", x=x, y=height - 6, text_anchor="middle", cls="tick"))
        for i, r in enumerate(rows):
            top = i * row_h + 4
            y = top + label_h
            row_name = value_label(gid, column, r["row"], lang)
            who = ODDS_PLAYERS[r["agent"]]
            agent = t(f"web.odds_agent.{who}", lang)
            label = labels[i]
            words = t(
                "web.odds_bar",
                lang,
                row=row_name,
                agent=agent,
                rate=f"{r['rate']:.1f}",
                low=f"{r['low']:.1f}",
                high=f"{r['high']:.1f}",
                games=f"{r['games']:,}",
            )
            x0 = pad
            parts.append(
                tag(
                    "g",
                    tag("title", words),
                    tag("text", label, x=pad, y=top + 12, cls="bar-label"),
                    tag(
                        "rect",
                        x=x0,
                        y=y,
                        width=max(1.0, scale_w * r["rate"] / 100),
                        height=bar_h,
                        cls=f"bar who-{who}",
                    ),
                    tag(
                        "line",
                        x1=x0 + scale_w * r["low"] / 100,
                        x2=x0 + scale_w * r["high"] / 100,
                        y1=y + bar_h / 2,
                        y2=y + bar_h / 2,
                        cls="interval",
                    ),
                    tag(
                        "text",
                        f"{r['rate']:.1f}%",
                        x=x0 + scale_w * r["high"] / 100 + 6,
                        y=y + bar_h - 3,
                        cls="bar-value",
                    ),
                    role="listitem",
                    aria_label=words,
                )
            )
        svg = tag(
            "svg",
            *parts,
            viewBox=f"0 0 {width} {height}",
            width=width,  # drawn at its size (12 px text), scrolled sideways where wider than the screen
            height=height,
            cls="odds-chart",
            role="list",
            aria_label=load_game(gid).title(lang),
        )
        title = load_game(gid).title(lang)
        out.append(
            tag(
                "figure",
                tag("figcaption", tag("b", title), " — ", option_label(gid, odds_option(gid, rows), lang)),
                # on a phone the chart scrolls sideways: a region the keyboard reaches
                tag(
                    "div",
                    svg,
                    cls="odds-scroll",
                    tabindex=0,
                    role="region",
                    aria_label=t("web.odds_scroll", lang, game=title),
                ),
                cls="odds",
                data_game=gid,
            )
        )
    return out


def _text_width(text: str) -> float:
    """About how wide ``text`` is at 12 px: a full-width character 12 px, any other 7 px."""
    return sum(12.0 if unicodedata.east_asian_width(ch) in "WF" else 7.0 for ch in text)


def table_page(lang: str, table_id: str, title: str) -> str:
    words = {key: catalogue().text(key, lang) for key in CLIENT_KEYS}
    data = {"table": table_id, "lang": lang, "words": words}
    body = [
        _top(lang, switch_to=f"/t/{table_id}"),
        tag(
            "main",
            tag("div", tag("h1", title), tag("p", "", id="turn", role="status", aria_live="polite"), cls="title-row"),
            # the board under a heading of its own (for a screen reader's list of headings; the
            # board's zones are headed h3)
            tag(
                "section",
                tag("h2", t("web.board_heading", lang), cls="sr-only", id="board-heading"),
                tag("div", tag("p", t("web.loading", lang)), id="board"),
                cls="board-wrap",
                aria_labelledby="board-heading",
            ),
            tag(
                "aside",
                tag(
                    "section",
                    tag("h2", t("web.choices", lang)),
                    tag("div", id="notice", role="alert"),
                    tag("div", id="actions", cls="actions"),
                    tag(
                        "form",
                        tag(
                            "label",
                            t("web.type_action", lang),
                            tag("input", id="typed", name="typed", autocomplete="off", maxlength=200),
                        ),
                        tag("button", t("web.play", lang), type="submit"),
                        id="typed-form",
                        cls="typed",
                    ),
                    tag(
                        "div",
                        tag("button", t("web.undo", lang), id="undo", type="button", aria_keyshortcuts="u"),
                        tag("button", t("web.hint", lang), id="hint", type="button", aria_keyshortcuts="h"),
                        tag("button", t("web.info", lang), id="info", type="button", aria_keyshortcuts="i"),
                        tag("button", t("web.rules", lang), id="rules", type="button", aria_keyshortcuts="r"),
                        cls="tools",
                    ),
                    tag("div", id="hint-out", aria_live="polite"),
                    id="controls",
                ),
                tag("section", tag("h2", t("web.seats", lang)), tag("div", id="seats"), id="seat-box"),
                tag(
                    "section",
                    tag("h2", t("web.log", lang)),
                    tag("ol", id="log", cls="log"),
                    # what a screen reader announces: only the steps new since the last drawing
                    tag("div", id="log-live", cls="sr-only", role="log", aria_live="polite", aria_atomic="false"),
                    id="log-box",
                ),
                tag("p", t("web.keys_help", lang), cls="small"),
                cls="side",
            ),
            cls="table",
        ),
        tag(
            "dialog",
            tag("h2", "", id="dialog-title"),
            tag("div", "", id="dialog-body", cls="dialog-body"),
            tag("form", tag("button", t("web.close", lang), value="close"), method="dialog"),
            id="dialog",
        ),
    ]
    return _document(lang, title, body, script=True, data=data)


def error_page(lang: str, message: str) -> str:
    body = [
        _top(lang, switch_to="/"),
        tag("main", tag("p", message, cls="error"), tag("a", t("web.home", lang), href="/")),
    ]
    return _document(lang, t("web.app_title", lang), body)
