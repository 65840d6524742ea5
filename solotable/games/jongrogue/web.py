"""The JongRogue table in the browser: the map of rooms, the encounter's tiles, the sheet.

Drawn from the observation only (no rule, no copied art), with the pieces of
:mod:`solotable.core.web_pieces`; words from the game's catalogue and ``messages_web.toml`` beside
this file. :meth:`Game.web_board <solotable.core.protocol.Game.web_board>` hands :func:`draw` to the
browser interface."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from solotable.core.html import Html, tag
from solotable.core.web_pieces import (
    Infos,
    Obs,
    Words,
    card,
    g,
    game_has,
    listing,
    meter,
    piece,
    rules_about,
    section,
    stat,
)

from .notation import SIDES
from .state import neighbour

t = Words("solotable.games.jongrogue")
_has = t.has
_game_has = game_has

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


@cache
def mahjong_tile(name: str, lang: str, *, small: bool = False) -> Html:
    """A tile drawn as a mahjong tile: the number above the suit's kanji (or a wind), in SVG (drawn
    once for each tile, language and size: the server draws many boards)."""
    suit = name[0] if len(name) == 2 and name[0] in SUIT_KANJI and name[1].isdigit() else ""
    if suit:
        inner = [
            tag("text", name[1], x=30, y=36, text_anchor="middle", font_size=26, cls="tile-num"),
            tag("text", SUIT_KANJI[suit], x=30, y=68, text_anchor="middle", font_size=24, cls="tile-suit"),
        ]
    elif name == "R":  # the stairs: a flight of steps drawn, no letters
        inner = [tag("path", d="M10 64 H20 V54 H30 V44 H40 V34 H50 V64 Z", cls="tile-stairs")]
    elif name in WIND_OF_LAB:
        inner = [tag("text", tile_text(name, lang), x=30, y=54, text_anchor="middle", font_size=26, cls="tile-wind")]
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


def draw(o: Obs, lang: str, infos: Infos) -> Html:
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
                el=f"room:{n}",  # a door or a passage's way that leads there (board.py)
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
                    data_el=f"slot:{sl['slot']}",
                    aria_haspopup="dialog",
                )
            )
    pm = o.get("passage_monster")
    if pm:
        encounter.append(
            tag(
                "p",
                t("web.jr.passage_monster", lang, name=g(f"jr.mon.{pm.get('monster')}", lang), hp=pm.get("hp", "?")),
                cls="notes passage-monster",
                data_el="slot:0",  # the monster met in a passage (board.py: attack:0)
            )
        )
    room_zone = section(
        t("web.jr.encounter", lang),
        tag("div", *encounter, cls="slot-row") if encounter else tag("p", t("web.jr.room_empty", lang)),
        _jr_drawn(o, lang, infos),
        _jr_ways(o, lang),
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
        el="hero",
    )
    eq = o["equipment"]
    gear: list[object] = []
    for i, w in enumerate(eq["weapons"], 1):
        gear.append(
            _jr_item(
                f"{i}. " + g(f"jr.item.{w['kind']}", lang),
                w.get("enchant"),
                w.get("cursed"),
                w.get("equipped"),
                lang,
                el=f"item:w,{i}",
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
                el=f"item:a,{i}",
            )
        )
    for i, r in enumerate(eq["rings"], 1):
        ring = g(f"jr.ring.{r['kind']}", lang) if r.get("kind") else g("jr.item.ring", lang)
        gear.append(_jr_item(f"{i}. " + ring, None, r.get("cursed"), r.get("hand", True), lang, el=f"item:r,{i}"))
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
            words = f"{tile_text(code, lang)} ×{count} {meaning}"
            pack_lines.append(
                piece(
                    t(f"web.jr.pack_piece.{kind}", lang, tile=words),
                    mahjong_tile(code, lang, small=True),
                    f" ×{count} {meaning}",
                    el=f"pack:{code}",
                    cls="pack-item",
                )
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


def _jr_drawn(o: Obs, lang: str, infos: Infos) -> Html | None:
    """The tiles drawn from the pile since the last decision (the observation's ``drawn``), face
    up, each group labelled with what it was drawn for in the game's own words (``jr.draw.*``).
    Each group is keyed by the decision it follows, so the page turns over every new draw, even
    one showing the same tiles as the step before, and marks it until the next decision."""
    groups = o.get("drawn") or []
    if not groups:
        return None
    after = o.get("drawn_after", 0)
    body = t("web.jr.info.drawn", lang)
    pieces: list[Html] = []
    for i, group in enumerate(groups, 1):
        purpose = group["purpose"]
        what = g(f"jr.draw.{purpose}", lang) if _game_has(f"jr.draw.{purpose}") else purpose
        tiles = [tile_text(x, lang) for x in group["tiles"]]
        key = f"drawn-{after}-{i}"
        title = t("web.jr.drawn_title", lang, what=what, tiles=t("web.sep.dot", lang).join(tiles))
        infos[key] = {"title": title, "body": body}
        pieces.append(
            tag(
                "button",
                tag("span", *[mahjong_tile(x, lang, small=True) for x in group["tiles"]], cls="tiles"),
                tag("span", what, cls="tile-words"),
                type="button",
                cls="slot drawn",
                data_info=key,
                aria_haspopup="dialog",
                aria_label=title,
            )
        )
    return tag(
        "div",
        tag("h4", t("web.jr.drawn", lang)),
        tag("div", *pieces, cls="slot-row drawn-row"),
        cls="draws",
        role="group",
        aria_label=t("web.jr.drawn", lang),
    )


def _jr_ways(o: Obs, lang: str) -> Html | None:
    """The sides of the room the PC is in or at (doors to open, walls to search, the door the PC
    stands at), or the two ways of a passage, each a piece (``door:N``, ``way:back``...)."""
    pos = o["position"]
    ways: list[Html] = []
    if pos.get("at") == "passage":
        for way, room in (("back", pos.get("from")), ("on", pos.get("to"))):
            ways.append(
                piece(t(f"web.jr.way.{way}", lang, room=room), t(f"web.jr.way.{way}", lang, room=room), el=f"way:{way}")
            )
    elif pos.get("room"):
        room = int(pos["room"])
        here = pos.get("side") if pos.get("at") == "door" else None
        for k, side in enumerate(SIDES):
            far = neighbour(room - 1, k) + 1
            if far <= 0:
                continue
            words = t(
                "web.jr.side_here" if side == here else "web.jr.side_piece",
                lang,
                side=g(f"jr.side.{side}", lang),
                room=far,
            )
            ways.append(piece(words, words, el=f"door:{side}", cls="side" + (" here" if side == here else "")))
        lab = o["map"][room - 1]["lab"] or []
        if "R" in lab:
            words = t("web.jr.stairs_piece", lang)
            ways.append(piece(words, mahjong_tile("R", lang, small=True), " ", words, el="stairs", cls="stairs"))
    if not ways:
        return None
    return tag("div", *ways, cls="dice-row ways")


def _jr_item(
    name: str, enchant: object, cursed: object, on: object, lang: str, *, protected: bool = False, el: str = ""
) -> Html:
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
    if el:
        return piece(words, words, el=el, cls="item" + (" on" if on else ""))
    return tag("span", words, cls="item" + (" on" if on else ""))


def _jr_slot(sl: Mapping[str, Any], lang: str) -> tuple[str, str]:
    """A room's tile in words, and its longer meaning."""
    name = sl["tile"]
    kind = sl.get("kind")
    head = ""
    if len(name) == 2 and name[0] in SUIT_KANJI:
        head = t(
            "web.jr.info.tile",
            lang,
            slot=sl["slot"],
            tile=tile_text(name, lang),
            suit=t(f"web.jr.suit.{name[0]}", lang),
            number=name[1],
        )

    def then(text: str) -> str:  # the tile's sentence, then these (a space between in English only)
        return g("jr.info.then", lang, first=head, then=text) if head else text

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
            then(t("web.jr.info.monster", lang, name=monster, hp=sl["hp"], status=status)),
        )
    if kind == "trap":
        trap = g(f"jr.trap.{sl['trap']}", lang)
        return t("web.jr.slot.trap", lang, name=trap), then(t("web.jr.info.trap", lang, name=trap))
    if kind in ("gold", "item"):
        return t(f"web.jr.slot.{kind}", lang), then(t(f"web.jr.info.{kind}", lang))
    return tile_text(name, lang), head or tile_text(name, lang)
