"""The tables as HTML and SVG, drawn from the observation only (no rule, no copied art).

``render(game_id, observation, lang)`` returns the board's markup and the texts of its cards:
every card, tile and die that can be opened carries ``data-info="KEY"`` and is a button, and
``infos[KEY]`` is ``{"title": ..., "body": ...}`` for the page's card dialog. Words come from the
game's catalogue (card names, levels, foes) and the web catalogue (labels); every piece of text
passes :mod:`solotable.ui.web.html`, which escapes it. Nothing is told by colour alone: each
state a colour shows is also written (a mark, a word).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from solotable.core.registry import load as load_game
from solotable.ui.web.html import Html, join, tag, text
from solotable.ui.web.i18n import g, t


def listing(lang: str, items: list[str]) -> str:
    """Words in a row as each language writes them: ``a, b`` in English, ``a、b`` in Japanese."""
    return t("web.sep.list", lang).join(items)

Infos = dict[str, dict[str, str]]
Obs = Mapping[str, Any]

PIPS = {
    1: [(50, 50)],
    2: [(28, 28), (72, 72)],
    3: [(28, 28), (50, 50), (72, 72)],
    4: [(28, 28), (72, 28), (28, 72), (72, 72)],
    5: [(28, 28), (72, 28), (50, 50), (28, 72), (72, 72)],
    6: [(28, 25), (72, 25), (28, 50), (72, 50), (28, 75), (72, 75)],
}


def render(game_id: str, o: Obs, lang: str) -> tuple[str, Infos]:
    infos: Infos = {}
    drawer = _DRAWERS.get(game_id, _fallback)
    board = drawer(o, lang, infos)
    return str(board), infos


# -- pieces every board uses -------------------------------------------------------------------


def die(value: int | str, label: str, *, cls: str = "") -> Html:
    """A die as an SVG with its pips and its number written beside them (for readers and for
    those who do not tell colours apart)."""
    pips: list[Html] = []
    if isinstance(value, int) and value in PIPS:
        pips = [tag("circle", cx=x, cy=y, r=9) for x, y in PIPS[value]]
    else:
        pips = [tag("text", str(value), x=50, y=62, text_anchor="middle", font_size=40)]
    svg = tag(
        "svg",
        tag("rect", x=4, y=4, width=92, height=92, rx=16),
        *pips,
        viewBox="0 0 100 100",
        cls="die-svg",
        aria_hidden="true",
        focusable="false",
    )
    return tag("span", svg, tag("span", label, cls="die-label"), cls=f"die {cls}".strip(), role="img", aria_label=label)


def card(key: str, title: str, body: str, infos: Infos, *lines: object, cls: str = "", mark: str = "") -> Html:
    """A card: a button that opens its text (``infos[key]``)."""
    infos[key] = {"title": title, "body": body}
    head = tag("span", title, cls="card-title")
    rows = [tag("span", line, cls="card-line") for line in lines if line not in (None, "")]
    return tag(
        "button",
        tag("span", mark, cls="card-mark") if mark else None,
        head,
        *rows,
        type="button",
        cls=f"card {cls}".strip(),
        data_info=key,
        aria_haspopup="dialog",
    )


def stat(label: str, value: object, maximum: object = None) -> Html:
    shown = f"{value}/{maximum}" if maximum is not None else str(value)
    return tag("span", tag("span", label, cls="stat-label"), " ", tag("b", shown), cls="stat")


def meter(label: str, value: int, maximum: int) -> Html:
    """A stat with a bar (the number is written too)."""
    width = 0 if maximum <= 0 else max(0, min(100, round(100 * value / maximum)))
    bar = tag(
        "svg",
        tag("rect", x=0, y=0, width=100, height=10, cls="meter-back"),
        tag("rect", x=0, y=0, width=width, height=10, cls="meter-fill"),
        viewBox="0 0 100 10",
        preserveAspectRatio="none",
        cls="meter",
        aria_hidden="true",
        focusable="false",
    )
    return tag("span", tag("span", label, cls="stat-label"), " ", tag("b", f"{value}/{maximum}"), bar, cls="stat")


def section(title: str, *children: object, cls: str = "") -> Html:
    return tag("section", tag("h3", title), *children, cls=f"zone {cls}".strip())


@cache
def help_sections(game_id: str, lang: str) -> tuple[tuple[str, str], ...]:
    """The game's rules in short (``help_text``) cut into ``(heading, text)`` sections and
    paragraphs, for a card's text."""
    help_text = load_game(game_id).help_text(lang)
    out: list[tuple[str, str]] = []
    heading = ""
    buf: list[str] = []
    for line in help_text.splitlines():
        if line.startswith("#"):
            if buf:
                out.append((heading, "\n".join(buf).strip()))
            heading = line.lstrip("#").strip()
            buf = []
        elif not line.strip() and buf:
            out.append((heading, "\n".join(buf).strip()))
            buf = []
        else:
            buf.append(line)
    if buf:
        out.append((heading, "\n".join(buf).strip()))
    return tuple((h, b) for h, b in out if b)


def rules_about(game_id: str, lang: str, *names: str) -> str:
    """What the rules in short say about a card: the section headed by its name, else the
    paragraphs that name it (at most three)."""
    sections = help_sections(game_id, lang)
    for name in names:
        wanted = name.strip().lower()
        body = [b for h, b in sections if h.lower() == wanted]
        if body:
            return "\n\n".join(body)
    for name in names:
        if len(name.strip()) < 2:
            continue
        pattern = re.compile(re.escape(name.strip()), re.IGNORECASE)
        found = [b for _, b in sections if pattern.search(b)]
        if found:
            return "\n\n".join(found[:3])
    return t("web.info.no_text", lang)


# -- Mini Rogue v1.2.1 -------------------------------------------------------------------------


def _minirogue_v1(o: Obs, lang: str, infos: Infos) -> Html:
    ch = o["character"]
    dg = o["dungeon"]
    level_name = g(f"mr1.level.{dg['level']}", lang)
    head = tag(
        "p",
        g(
            "mr1.view.where",
            lang,
            area=dg["area"],
            level=dg["level"],
            name=level_name,
            difficulty=g(f"mr1.difficulty.{o['difficulty']}", lang),
        ),
        " · ",
        g("mr1.view.bosses", lang, bosses=dg["bosses_slain"], score=o["score"]),
        cls="board-head",
    )
    if ch["xp_to_next"] is None:
        xp = g("mr1.view.xp_max", lang)
    else:
        xp = g("mr1.view.xp", lang, xp=ch["xp"], need=ch["xp_to_next"], rank=ch["rank"] + 1)
    spells = [g(f"mr1.spell.{sp}", lang) for sp in ch["spells"]]
    character = card(
        "character",
        t("web.mr1.character", lang),
        rules_about("minirogue-v1", lang, t("web.mr1.character_heading", lang)),
        infos,
        meter(t("web.stat.hp", lang), ch["hp"], ch["hp_max"]),
        meter(t("web.stat.armor", lang), ch["armor"], ch["armor_max"]),
        stat(t("web.stat.gold", lang), ch["gold"], ch["gold_max"]),
        stat(t("web.stat.food", lang), ch["food"], ch["food_max"]),
        stat(t("web.stat.rank", lang), ch["rank"]),
        xp,
        t("web.mr1.spells", lang, spells=listing(lang, spells) or g("mr1.view.none", lang)),
        None if ch["key"] is None else g("mr1.view.key_yes" if ch["key"] else "mr1.view.key_no", lang),
        cls="mat character",
    )
    dungeon = card(
        "dungeon",
        t("web.mr1.dungeon", lang),
        rules_about("minirogue-v1", lang, t("web.mr1.turn_heading", lang)),
        infos,
        stat(t("web.mr1.area", lang), dg["area"], dg["final_area"]),
        stat(t("web.mr1.level", lang), f"{dg['level']} {level_name}"),
        t("web.mr1.boss_area", lang) if dg["boss_area"] else None,
        cls="mat dungeon",
    )
    columns: list[Html] = []
    for col in o["layout"]:
        boss_col = col["column"] == 5
        title = t("web.mr1.boss_column", lang) if boss_col else t("web.mr1.column", lang, n=col["column"])
        cards: list[Html] = []
        for i, c in enumerate(col["cards"]):
            key = f"room-{col['column']}-{i}"
            if c["card"] is None:
                cards.append(
                    card(
                        key,
                        t("web.mr1.face_down", lang),
                        t("web.mr1.face_down_text", lang),
                        infos,
                        cls="room face-down",
                        mark="?",
                    )
                )
                continue
            name = g(f"mr1.card.{c['card']}", lang)
            mark, state_word = _v1_mark(c, lang)
            cards.append(
                card(
                    key,
                    name,
                    rules_about("minirogue-v1", lang, name),
                    infos,
                    state_word,
                    cls=f"room kind-{c['card']}" + (" chosen" if c["chosen"] else ""),
                    mark=mark,
                )
            )
        here = tag("span", "▶ " + t("web.here", lang), cls="here") if col["current"] else None
        columns.append(
            tag("div", tag("h4", title, here), *cards, cls="column" + (" current" if col["current"] else ""))
        )
    rooms = section(t("web.mr1.rooms", lang), tag("div", *columns, cls="room-row"), cls="rooms")
    parts: list[object] = [head, tag("div", character, dungeon, cls="mats"), rooms]
    cb = o["combat"]
    if cb is not None:
        foe = g("mr1." + cb["foe"], lang)
        dg_area = dg["area"]
        if cb["hp"] is None:
            first = g("mr1.view.combat_hp_roll", lang, foe=foe, area=dg_area, damage=cb["damage"])
        else:
            first = g("mr1.view.combat", lang, foe=foe, hp=cb["hp"], max_hp=cb["max_hp"], damage=cb["damage"])
        extras = []
        if cb["poison"]:
            extras.append(g("mr1.view.poisoned", lang, count=cb["poison"]))
        if cb["ice"]:
            extras.append(g("mr1.view.frozen", lang))
        dice = [
            die(
                d["value"] if 1 <= d["value"] <= 6 else str(d["value"]),
                f"{d['value']} {t('web.mr1.die.' + d['status'], lang)}" + (" ★" if d["feat_used"] else ""),
                cls=f"st-{d['status']}",
            )
            for d in cb["dice"]
        ]
        foe_card = card(
            "foe",
            foe,
            rules_about("minirogue-v1", lang, t("web.mr1.combat_heading", lang), foe),
            infos,
            first,
            *extras,
            cls="foe",
        )
        parts.append(
            section(
                t("web.combat", lang),
                foe_card,
                tag("div", *dice, cls="dice-row"),
                tag("p", t("web.mr1.damage_now", lang, total=cb["damage_now"])) if cb["dice"] else None,
                cls="combat",
            )
        )
    notes: list[Html] = []
    if o["event_roll"] is not None:
        notes.append(tag("div", die(o["event_roll"], t("web.mr1.event_roll", lang, face=o["event_roll"]))))
    if o["trap"] is not None:
        notes.append(tag("p", t("web.mr1.trap", lang, trap=g(f"mr1.trap.{o['trap']}", lang))))
    if o["pending_spell"]:
        notes.append(tag("p", t("web.mr1.pending_spell", lang, spell=g(f"mr1.spell.{o['pending_spell']}", lang))))
    if notes:
        parts.append(tag("div", *notes, cls="notes"))
    if o["unrevealed"]:
        names = listing(lang, [g(f"mr1.card.{c}", lang) for c in o["unrevealed"]])
        parts.append(tag("p", t("web.mr1.details_unrevealed", lang, cards=names), cls="small"))
    return tag("div", *parts, cls="board board-minirogue-v1")


def _v1_mark(c: Mapping[str, Any], lang: str) -> tuple[str, str]:
    if c["chosen"]:
        return "✓", t("web.mr1.mark.chosen", lang)
    if not c["reachable"]:
        return "✗", t("web.mr1.mark.closed", lang)
    return "·", t("web.mr1.mark.open", lang)


# -- Mini Rogue 2020 ---------------------------------------------------------------------------

EXIT = 8


def _minirogue(o: Obs, lang: str, infos: Infos) -> Html:
    difficulty = g(f"mr.difficulty.{o['difficulty']}", lang)
    head_parts: list[object] = [
        g("mr.ui.where", lang, area=o["area"], floor=o["floor"], difficulty=difficulty),
        " · ",
        t("web.mr.bosses", lang, n=o["bosses_beaten"]),
    ]
    if o["free_feats"]:
        head_parts += [" · ", t("web.mr.free_feats", lang, n=o["free_feats"])]
    if o["overrides"]:
        head_parts += [" · ", t("web.mr.overrides", lang)]
    cells: list[Html] = []
    for pos in range(9):
        here = [h for h in o["heroes"] if (h["pos"][0] - 1) * 3 + h["pos"][1] - 1 == pos]
        tokens = [
            tag(
                "span",
                f"P{h['seat']}",
                cls=f"token seat{h['seat']}",
                aria_label=t("web.mr.hero_here", lang, seat=h["seat"], name=g(f"mr.char.{h['character']}", lang)),
            )
            for h in here
        ]
        where = f"{pos // 3 + 1}-{pos % 3 + 1}"
        if pos == EXIT:
            if o["boss"]:
                name = g(f"mr.name.{o['boss']}", lang)
                body = rules_about("minirogue", lang, name, t("web.mr.boss_word", lang))
                cls = "room boss"
            else:
                name = g("mr.ui.exit", lang)
                body = rules_about("minirogue", lang, t("web.mr.exit_word", lang))
                cls = "room exit"
            cells.append(card(f"room-{pos}", name, body, infos, where, *tokens, cls=cls))
            continue
        code = o["grid"][pos]
        if code is None:
            cells.append(
                card(
                    f"room-{pos}",
                    t("web.mr.face_down_card", lang),
                    t("web.mr.face_down_text", lang),
                    infos,
                    where,
                    *tokens,
                    cls="room face-down",
                    mark="?",
                )
            )
            continue
        name = g(f"mr.card.{code}", lang)
        kind = code.split("-")[0].lower()
        body = rules_about(
            "minirogue", lang, name, t(f"web.mr.kind.{kind}", lang) if _has(f"web.mr.kind.{kind}") else name
        )
        cells.append(card(f"room-{pos}", name, body, infos, where, *tokens, cls=f"room kind-{kind}"))
    grid = section(t("web.mr.rooms", lang), tag("div", *cells, cls="grid3"), cls="rooms")
    mats = [_mr_mat(o, h, lang, infos) for h in o["heroes"]]
    parts: list[object] = [
        tag("p", *head_parts, cls="board-head"),
        tag("div", grid, tag("div", *mats, cls="mats"), cls="mr-layout"),
    ]
    cb = o["combat"]
    if cb is not None:
        foe = g(f"mr.name.{cb['foe']}", lang)
        lines: list[object] = [
            g("mr.ui.foe", lang, foe=foe, hp=cb["hp"], max=cb["max_hp"], damage=cb["damage"], round=cb["round"])
        ]
        if cb["icons"]:
            lines.append(listing(lang, [t(f"web.mr.icon.{i}", lang) for i in cb["icons"]]))
        if cb["frozen"]:
            lines.append(t("web.mr.frozen", lang))
        if cb["cursed"]:
            lines.append(t("web.mr.cursed", lang))
        foe_card = card(
            "foe", foe, rules_about("minirogue", lang, foe, t("web.mr.combat_word", lang)), infos, *lines, cls="foe"
        )
        white = [
            die(
                _face_value(face),
                t("web.mr.white_die", lang, face=_face_text(face), value="✗" if cb["removed"][i] else cb["values"][i]),
                cls="white" + (" removed" if cb["removed"][i] else ""),
            )
            for i, face in enumerate(cb["dice"])
        ]
        black = [die(_face_value(b), t("web.mr.black_die", lang, face=b), cls="black") for b in cb["black"]]
        fighters = listing(lang, [f"P{f}" for f in cb["fighters"]])
        parts.append(
            section(
                t("web.combat", lang),
                foe_card,
                tag("div", *white, *black, cls="dice-row"),
                tag("p", t("web.mr.fighters", lang, fighters=fighters)),
                cls="combat",
            )
        )
    check = o["check"]
    if check is not None:
        white = [
            die(_face_value(c), t("web.mr.white_die_plain", lang, face=_face_text(c)), cls="white")
            for c in check["white"]
        ]
        black_die = die(_face_value(check["black"]), t("web.mr.black_die", lang, face=check["black"]), cls="black")
        kind = str(check["kind"] or "")
        kind_word = t(f"web.mr.check.{kind}", lang) if _has(f"web.mr.check.{kind}") else kind
        parts.append(
            section(
                t("web.mr.check_title", lang, kind=kind_word),
                tag("div", *white, black_die, cls="dice-row"),
                cls="check",
            )
        )
    offer = o["offer"]
    if offer is not None:
        if offer["get"]:
            words = g(
                "mr.ui.trade_offer",
                lang,
                seat=offer["from"],
                what=g(f"mr.give.{offer['give']}", lang),
                got=g(f"mr.give.{offer['get']}", lang),
            )
        else:
            words = g("mr.ui.gift_offer", lang, seat=offer["from"], what=g(f"mr.give.{offer['give']}", lang))
        parts.append(tag("p", words, cls="notes"))
    if o["over"]:
        parts.insert(0, tag("p", t("web.mr.over_won" if o["won"] else "web.mr.over_lost", lang), cls="over"))
    return tag("div", *parts, cls="board board-minirogue")


def _face_text(face: object) -> str:
    return "×" if str(face) in ("x", "X", "1") and not str(face).isdigit() else str(face)


def _face_value(face: object) -> int | str:
    s = str(face)
    return int(s) if s.isdigit() and 1 <= int(s) <= 6 else ("×" if s.lower() == "x" else s)


def _mr_mat(o: Obs, hero: Mapping[str, Any], lang: str, infos: Infos) -> Html:
    seat = hero["seat"]
    name = g(f"mr.char.{hero['character']}", lang)
    role = ""
    if o["players"] == 2:
        role = t("web.mr.leader" if seat == o["leader"] else "web.mr.partner", lang)
    turn = (not o["over"]) and o["to_move"] == seat - 1
    item = g(f"mr.item.{hero['item']}", lang) if hero["item"] else "-"
    statuses = listing(lang, [g(f"mr.status.{s}", lang) for s in hero["statuses"]]) or "-"
    potions = listing(lang, [g(f"mr.potion.{p}", lang) for p in hero["potions"]]) or "-"
    title = f"P{seat} {name} {role}".strip()
    return card(
        f"hero-{seat}",
        title,
        rules_about("minirogue", lang, name),
        infos,
        tag("span", "▶ " + t("web.mr.turn_mark", lang), cls="turn-mark") if turn else None,
        stat(t("web.stat.hp", lang), hero["hp"]),
        stat(t("web.stat.armor", lang), hero["armor"])
        if not hero["shield"]
        else stat(t("web.stat.armor", lang), f"{hero['armor']}+{hero['shield']}"),
        stat(t("web.stat.gold", lang), hero["gold"]),
        stat(t("web.stat.food", lang), hero["food"]),
        stat(t("web.stat.xp", lang), hero["xp"]),
        stat(t("web.mr.dice_count", lang), hero["dice"]),
        t("web.mr.item", lang, item=item),
        t("web.mr.statuses", lang, statuses=statuses),
        t("web.mr.potions_line", lang, potions=potions),
        t("web.mr.skill_ready" if hero["skill_up"] else "web.mr.skill_used", lang),
        t("web.mr.room_at", lang, room=f"{hero['pos'][0]}-{hero['pos'][1]}"),
        cls="mat hero" + (" to-move" if turn else ""),
    )


# -- Deep Space D-6 ----------------------------------------------------------------------------

STATIONS = ("commander", "tactical", "medical", "science", "engineering")
FACE_OF_STATION = {"commander": "com", "tactical": "tac", "medical": "med", "science": "sci", "engineering": "eng"}
FACE_NUMBER = {"com": 1, "tac": 2, "med": 3, "sci": 4, "eng": 5, "thr": 6}
OTHER_PLACES = ("unassigned", "scanners", "infirmary", "returned", "pool", "distracted")


def _ds_die(d: Mapping[str, Any], lang: str) -> Html:
    face = str(d["face"]) if d["face"] else "?"
    word = t(f"web.ds.face.{face}", lang) if _has(f"web.ds.face.{face}") else face
    return die(word, t("web.ds.die", lang, n=d["die"], face=word), cls=f"crew face-{face}")


def _deepspace(o: Obs, lang: str, infos: Infos) -> Html:
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
            kind,
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


# -- JongRogue ---------------------------------------------------------------------------------

SUIT_KANJI = {"m": "萬", "p": "筒", "s": "索"}
WIND_OF_LAB = {"T": "東", "N": "南", "S": "西", "P": "北"}


def tile_text(name: str, lang: str) -> str:
    """A tile as players read it: ``5萬``, a wind (labyrinth tile), the stairs, or face down."""
    if len(name) == 2 and name[0] in SUIT_KANJI and name[1].isdigit():
        return name[1] + SUIT_KANJI[name[0]]
    if name in WIND_OF_LAB:
        return WIND_OF_LAB[name]
    if name == "R":
        return t("web.jr.lab.R", lang)
    return t("web.jr.face_down", lang)


def mahjong_tile(name: str, lang: str, *, small: bool = False) -> Html:
    """A tile drawn as a mahjong tile: the number above the suit's kanji (or a wind), in SVG."""
    suit = name[0] if len(name) == 2 and name[0] in SUIT_KANJI and name[1].isdigit() else ""
    if suit:
        inner = [
            tag("text", name[1], x=30, y=36, text_anchor="middle", font_size=26, cls="tile-num"),
            tag("text", SUIT_KANJI[suit], x=30, y=68, text_anchor="middle", font_size=24, cls="tile-suit"),
        ]
    elif name in WIND_OF_LAB or name == "R":
        inner = [
            tag("text", tile_text(name, lang)[:2], x=30, y=54, text_anchor="middle", font_size=26, cls="tile-wind")
        ]
    else:
        inner = [tag("text", "?", x=30, y=54, text_anchor="middle", font_size=28, cls="tile-back-mark")]
    svg = tag(
        "svg",
        tag("rect", x=2, y=2, width=56, height=76, rx=7, cls="tile-face"),
        *inner,
        viewBox="0 0 60 80",
        aria_hidden="true",
        focusable="false",
    )
    return tag(
        "span",
        svg,
        cls=f"tile suit-{suit or 'none'}"
        + (" small" if small else "")
        + (" back" if not suit and name not in WIND_OF_LAB and name != "R" else ""),
        role="img",
        aria_label=tile_text(name, lang),
    )


def _jongrogue(o: Obs, lang: str, infos: Infos) -> Html:
    sh = o["sheet"]
    pos = o["position"]
    if pos.get("at") == "passage":
        where = g("jr.view.pos.passage", lang, a=pos.get("from"), b=pos.get("to"))
    elif pos.get("at") == "door":
        where = g("jr.view.pos.door", lang, room=pos.get("room"), side=g(f"jr.side.{pos.get('side')}", lang))
    else:
        where = g("jr.view.pos.room", lang, room=pos.get("room"))
    rules = o["options"].get("rules", "ez")
    head = tag(
        "p",
        t(f"web.jr.rules.{rules}", lang) if _has(f"web.jr.rules.{rules}") else rules,
        " · ",
        t("web.jr.floor", lang, floor=sh["floor"], deepest=sh["deepest"]),
        " · ",
        where,
        cls="board-head",
    )
    current = None if pos.get("at") == "passage" else pos.get("room")
    rooms: list[Html] = []
    for room in o["map"]:
        n = room["room"]
        lab = room["lab"]
        lab_tiles = [mahjong_tile(x, lang, small=True) for x in lab] if lab else []
        found = [g(f"jr.side.{f}", lang) for f in room["found"]]  # 南 in Japanese, south in English
        lines: list[object] = [tag("span", *lab_tiles, cls="tiles") if lab_tiles else t("web.jr.unexplored", lang)]
        if found:
            lines.append(t("web.jr.found_doors", lang, doors=t("web.sep.dot", lang).join(found)))
        seen = [s for s in room["slots"] if s["tile"] != "?"]
        if seen and n != current:
            lines.append(tag("span", *[mahjong_tile(s["tile"], lang, small=True) for s in seen], cls="tiles"))
        body = t("web.jr.info.map_web", lang) + "\n\n" + t("web.jr.info.tiles", lang, stairs=t("web.jr.lab.R", lang))
        mark = "@" if n == current else ""
        rooms.append(
            card(
                f"room-{n}",
                t("web.jr.room", lang, n=n),
                body,
                infos,
                *lines,
                cls="maproom" + (" current" if n == current else "") + ("" if room["processed"] else " unexplored"),
                mark=mark,
            )
        )
    lab_map = section(t("web.jr.map", lang), tag("div", *rooms, cls="grid3"), cls="labyrinth")
    encounter: list[Html] = []
    if current is not None:
        for sl in o["map"][int(current) - 1]["slots"]:
            words, body = _jr_slot(sl, lang)
            key = f"slot-{sl['slot']}"
            infos[key] = {
                "title": t("web.jr.slot_title", lang, slot=sl["slot"], tile=tile_text(sl["tile"], lang)),
                "body": body,
            }
            encounter.append(
                tag(
                    "button",
                    mahjong_tile(sl["tile"], lang),
                    tag("span", words, cls="tile-words"),
                    type="button",
                    cls=f"slot kind-{sl.get('kind') or 'none'}",
                    data_info=key,
                    aria_haspopup="dialog",
                )
            )
    pm = o.get("passage_monster")
    if pm:
        encounter.append(
            tag(
                "p",
                t("web.jr.passage_monster", lang, name=g(f"jr.mon.{pm.get('monster')}", lang), hp=pm.get("hp", "?")),
                cls="notes",
            )
        )
    room_zone = section(
        t("web.jr.encounter", lang),
        tag("div", *encounter, cls="slot-row") if encounter else tag("p", t("web.jr.room_empty", lang)),
        cls="encounter",
    )
    sheet = card(
        "sheet",
        t("web.jr.sheet", lang),
        rules_about("jongrogue", lang, t("web.jr.play_heading", lang)),
        infos,
        stat(t("web.jr.level_word", lang), sh["level"]),
        stat(t("web.stat.xp", lang), sh["xp"]),
        meter(t("web.stat.hp", lang), sh["hp"], sh["max_hp"]),
        stat(t("web.jr.strength", lang), sh["strength"], sh["max_strength"]),
        stat(t("web.jr.stat.gold", lang), sh["gold"]),  # JongRogue's gold is 金塊, as printed (docs/glossary.md)
        stat(t("web.stat.food", lang), sh["food"]),
        t("web.jr.statuses", lang, statuses=listing(lang, [g(f"jr.status.{s}", lang) for s in sh["status"]]) or "-"),
        cls="mat sheet",
    )
    eq = o["equipment"]
    gear: list[object] = []
    for i, w in enumerate(eq["weapons"], 1):
        gear.append(
            _jr_item(
                f"{i}. " + g(f"jr.item.{w['kind']}", lang), w.get("enchant"), w.get("cursed"), w.get("equipped"), lang
            )
        )
    for i, a in enumerate(eq["armours"], 1):
        gear.append(
            _jr_item(
                f"{i}. " + g(f"jr.item.{a['kind']}", lang),
                a.get("enchant"),
                a.get("cursed"),
                a.get("worn"),
                lang,
                protected=bool(a.get("protected")),
            )
        )
    for r in eq["rings"]:
        ring = g(f"jr.ring.{r['kind']}", lang) if r.get("kind") else g("jr.item.ring", lang)
        gear.append(_jr_item(ring, None, r.get("cursed"), True, lang))
    if eq.get("bow"):
        gear.append(g("jr.item.bow", lang))
    missiles = [g(f"jr.item.{m}", lang) for m, on in eq.get("missiles", {}).items() if on]
    if missiles:
        gear.append(listing(lang, missiles))
    if eq.get("amulet"):
        gear.append(t("web.jr.amulet", lang))
    equipment = card(
        "equipment", t("web.jr.equipment", lang), t("web.jr.equipment_text", lang), infos, *gear, cls="mat equipment"
    )
    pack_lines: list[object] = []
    for kind in ("potions", "scrolls"):
        known = o["identified"][kind]
        for code, count in o["pack"][kind].items():
            meaning = (
                t(f"web.jr.{kind[:3]}.{known[code]}", lang) if code in known else t("web.jr.unidentified_word", lang)
            )
            pack_lines.append(
                tag("span", mahjong_tile(code, lang, small=True), f" ×{count} {meaning}", cls="pack-item")
            )
    pack = card(
        "pack",
        t("web.jr.pack", lang),
        t("web.jr.pack_text", lang),
        infos,
        *(pack_lines or [t("web.jr.none", lang)]),
        cls="mat pack",
    )
    discard = " ".join(f"{tile_text(k, lang)}×{n}" for k, n in o["discard_tiles"].items()) or "-"
    piles = tag(
        "p",
        t("web.jr.piles", lang, pile=o["pile"], discard=o["discard"]),
        cls="small",
        title=t("web.jr.info.discard_tiles", lang, tiles=discard),
    )
    parts: list[object] = [
        head,
        tag("div", lab_map, room_zone, cls="jr-layout"),
        tag("div", sheet, equipment, pack, cls="mats"),
        piles,
    ]
    if o.get("result"):
        parts.insert(0, tag("p", t("web.jr.over", lang), cls="over"))
    return tag("div", *parts, cls="board board-jongrogue")


def _jr_item(name: str, enchant: object, cursed: object, on: object, lang: str, *, protected: bool = False) -> Html:
    words = name
    if isinstance(enchant, int):
        words += f" {enchant:+d}"
    elif enchant is None and cursed is None:
        words += " " + t("web.jr.unknown_state", lang)
    if cursed:
        words += " " + t("web.jr.cursed", lang)
    if protected:
        words += " " + t("web.jr.protected", lang)
    if on:
        words = t("web.jr.equipped", lang, item=words)
    return tag("span", words, cls="item" + (" on" if on else ""))


def _jr_slot(sl: Mapping[str, Any], lang: str) -> tuple[str, str]:
    """A room's tile in words, and its longer meaning."""
    name = sl["tile"]
    kind = sl.get("kind")
    head = ""
    if len(name) == 2 and name[0] in SUIT_KANJI:
        head = (
            t(
                "web.jr.info.tile",
                lang,
                slot=sl["slot"],
                tile=tile_text(name, lang),
                suit=t(f"web.jr.suit.{name[0]}", lang),
                number=name[1],
            )
            + " "
        )
    if name == "?":
        key = "unseen" if sl.get("unseen") else "unknown"
        return t(f"web.jr.slot.{key}", lang), t(
            "web.jr.info.unseen" if sl.get("unseen") else "web.jr.info.face_down", lang
        )
    if kind == "monster":
        monster = g(f"jr.mon.{sl['monster']}", lang)
        status = listing(lang, [g(f"jr.mstatus.{s}", lang) for s in sl.get("status", [])]) or "-"
        return (
            t("web.jr.slot.monster", lang, name=monster, hp=sl["hp"]),
            head + t("web.jr.info.monster", lang, name=monster, hp=sl["hp"], status=status),
        )
    if kind == "trap":
        trap = g(f"jr.trap.{sl['trap']}", lang)
        return t("web.jr.slot.trap", lang, name=trap), head + t("web.jr.info.trap", lang, name=trap)
    if kind in ("gold", "item"):
        return t(f"web.jr.slot.{kind}", lang), head + t(f"web.jr.info.{kind}", lang)
    return tile_text(name, lang), head.strip() or tile_text(name, lang)


# -- any other game: the observation as a list ----------------------------------------------------


def _fallback(o: Obs, lang: str, infos: Infos) -> Html:
    rows = [tag("div", tag("dt", key), tag("dd", str(value))) for key, value in o.items()]
    return tag("dl", *rows, cls="board board-fallback")


_DRAWERS: dict[str, Callable[[Obs, str, Infos], Html]] = {
    "minirogue-v1": _minirogue_v1,
    "minirogue": _minirogue,
    "deepspace-d6": _deepspace,
    "jongrogue": _jongrogue,
}


def _has(key: str) -> bool:
    from solotable.ui.web.i18n import has

    return has(key)


def _game_has(key: str) -> bool:
    from solotable.core.i18n import message

    return message(key, "en") != key


__all__ = ["die", "join", "mahjong_tile", "render", "text", "tile_text"]
