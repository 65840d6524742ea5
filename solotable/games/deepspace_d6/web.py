"""The Deep Space D-6 ship board in the browser: hull, shields, stations, crew dice and threats.

Drawn from the observation only (no rule, no copied art), with the pieces of
:mod:`solotable.core.web_pieces`; words from the game's catalogue and ``messages_web.toml`` beside
this file. :meth:`Game.web_board <solotable.core.protocol.Game.web_board>` hands :func:`draw` to the
browser interface."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.core.html import Html, tag
from solotable.core.web_pieces import (
    Infos,
    Obs,
    Words,
    card,
    die,
    emblem,
    g,
    game_has,
    listing,
    meter,
    rules_about,
    section,
)

t = Words("solotable.games.deepspace_d6")
_has = t.has
_game_has = game_has

# -- Deep Space D-6 ----------------------------------------------------------------------------

STATIONS = ("commander", "tactical", "medical", "science", "engineering")
FACE_OF_STATION = {"commander": "com", "tactical": "tac", "medical": "med", "science": "sci", "engineering": "eng"}
FACE_NUMBER = {"com": 1, "tac": 2, "med": 3, "sci": 4, "eng": 5, "thr": 6}
FACE_SYMBOL = {"com": "star", "tac": "crosshair", "med": "cross", "sci": "atom", "eng": "gear", "thr": "alert"}
"""Each crew face's drawing on the die (its word is written beside it)."""
OTHER_PLACES = ("unassigned", "scanners", "infirmary", "returned", "pool", "distracted")


def _ds_die(d: Mapping[str, Any], lang: str) -> Html:
    face = str(d["face"]) if d["face"] else "?"
    word = t(f"web.ds.face.{face}", lang) if _has(f"web.ds.face.{face}") else face
    keys = f"die:{d['die']}" + (f" dice:{face}" if d["where"] == "unassigned" else "")
    return die(
        word,
        t("web.ds.die", lang, n=d["die"], face=word),
        cls=f"crew face-{face}",
        el=keys,
        symbol=FACE_SYMBOL.get(face, ""),
    )


def draw(o: Obs, lang: str, infos: Infos) -> Html:
    phase = t(f"web.ds.phase.{o['phase']}", lang) if _has(f"web.ds.phase.{o['phase']}") else str(o["phase"])
    head = tag(
        "p",
        t("web.ds.round", lang, round=o["round"]),
        " · ",
        phase,
        " · ",
        t("web.ds.destroyed", lang, count=o["destroyed"]),
        cls="board-head",
    )
    ship_stats = [
        meter(t("web.ds.hull", lang), o["hull"], o["hull_max"]),
        meter(t("web.ds.shields", lang), o["shields"], o["shields_max"]),
        tag("span", t("web.ds.offline", lang), cls="warn") if o["shields_offline"] else None,
        tag("span", t("web.ds.deck", lang, left=o["deck_left"]), cls="stat"),
        tag(
            "span",
            t("web.ds.threat_die", lang, face=o["threat_die"] if o["threat_die"] is not None else "-"),
            cls="stat",
        ),
    ]
    if o.get("volley_left") is not None:
        ship_stats.append(tag("span", t("web.ds.volley", lang, points=o["volley_left"]), cls="stat"))
    stations: list[Html] = []
    for s in STATIONS:
        here = [d for d in o["dice"] if d["where"] == "station" and d["station"] == s]
        name = t(f"web.ds.station.{s}", lang)
        body = rules_about("deepspace-d6", lang, name, g(f"ds6.station.{s}", lang))
        stations.append(
            card(
                f"station-{s}",
                name,
                body,
                infos,
                tag("span", *[_ds_die(d, lang) for d in here], cls="dice-row")
                if here
                else t("web.ds.station_empty", lang),
                cls=f"station st-{s}",
                el=f"station:{s}",
            )
        )
    places: list[Html] = []
    for where in OTHER_PLACES:
        here = [d for d in o["dice"] if d["where"] == where]
        if not here:
            continue
        places.append(
            tag(
                "div",
                tag(
                    "h4",
                    t(f"web.ds.where.{where}", lang)
                    if _has(f"web.ds.where.{where}")
                    else g(f"ds6.where.{where}", lang),
                ),
                tag("div", *[_ds_die(d, lang) for d in here], cls="dice-row"),
                cls="place",
            )
        )
    ship = section(
        t("web.ds.ship", lang),
        tag("div", *ship_stats, cls="stats"),
        tag("div", *stations, cls="stations"),
        tag("div", *places, cls="places"),
        cls="ship",
    )
    threat_cards: list[Html] = []
    for th in o["threats"]:
        name = g(f"ds6.card.{th['id']}", lang)
        kind = t(f"web.ds.kind.{th['kind']}", lang) if _has(f"web.ds.kind.{th['kind']}") else th["kind"]
        values = [str(a) for a in th["activation"]]
        act = g("ds6.sep.values", lang).join(values) if values else t("web.ds.never", lang)
        lines: list[object] = [
            emblem(str(th["kind"]), kind),
            meter(t("web.ds.health", lang), th["health"], th["max_health"]) if th["max_health"] else None,
            t("web.ds.activation", lang, faces=act),
        ]
        if th["damage"]:
            lines.append(t("web.ds.damage", lang, n=th["damage"]))
        if th["ignores_shields"]:
            lines.append(t("web.ds.ignores_shields", lang))
        if th["in_stasis"]:
            lines.append(t("web.ds.in_stasis", lang))
        if th["mission"]:
            slots = " ".join("/".join(t(f"web.ds.face.{f}", lang) for f in slot) for slot in th["mission"])
            lines.append(t("web.ds.mission", lang, slots=slots, done=len(th["mission_dice"])))
        on_it = [d for d in o["dice"] if d.get("card") == th["card"] and d["where"] not in OTHER_PLACES]
        if on_it:  # crew on its away mission or holding it in stasis
            lines.append(tag("span", *[_ds_die(d, lang) for d in on_it], cls="dice-row"))
        body = g(f"ds6.text.{th['id']}", lang)
        active = o.get("threat_die") in th["activation"]
        if active:  # the red frame says it too, but not only the frame
            lines.append(t("web.ds.active", lang, face=o["threat_die"]))
        threat_cards.append(
            card(
                f"threat-{th['card']}",
                name,
                body,
                infos,
                *lines,
                cls=f"threat kind-{th['kind']}" + (" active" if active else ""),
                el=" ".join(dict.fromkeys((f"threat:{th['card']}", f"threat:{th['id']}"))),
                mark=f"#{th['order']}",
            )
        )
    threats = section(
        t("web.ds.threats", lang),
        tag("div", *threat_cards, cls="threat-row") if threat_cards else tag("p", t("web.ds.no_threats", lang)),
        cls="threats",
    )
    parts: list[object] = [head, ship, threats]
    if o["discard"]:
        names = [
            g(f"ds6.card.{_ds_id(c)}", lang) if c != "dp" else t("web.ds.kind.dont_panic", lang) for c in o["discard"]
        ]
        parts.append(
            tag(
                "details",
                tag("summary", t("web.ds.discard", lang, count=len(names))),
                tag("p", listing(lang, names)),
                cls="small",
            )
        )
    if o["over"]:
        parts.insert(0, tag("p", t("web.ds.won" if o["won"] else "web.ds.lost", lang), cls="over"))
    return tag("div", *parts, cls="board board-deepspace-d6")


def _ds_id(card_code: str) -> str:
    """A threat card's id without its copy letter (``e23a`` → ``e23``)."""
    return card_code[:-1] if card_code and card_code[-1].isalpha() and card_code[:-1][-1:].isdigit() else card_code
