"""The Mini Rogue (2020) table in the browser: the 3×3 rooms, the heroes' mats, the foe and the dice.

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
    piece,
    rules_about,
    section,
    stat,
)

from .data import WARES

t = Words("solotable.games.minirogue")
_has = t.has
_game_has = game_has

# -- Mini Rogue 2020 ---------------------------------------------------------------------------

EXIT = 8
EMBLEM_OF = {
    "mon": "monster",
    "trap": "trap",
    "grv": "graveyard",
    "camp": "campfire",
    "merc": "merchant",
    "tres": "treasure",
    "item": "item",
    "shrn": "shrine",
}
"""The emblem of each kind of room card (its code's prefix: ``MON-A``...)."""


def draw(o: Obs, lang: str, infos: Infos) -> Html:
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
                mark = emblem("boss", t("web.mr.boss_word", lang))
            else:
                name = g("mr.ui.exit", lang)
                body = rules_about("minirogue", lang, t("web.mr.exit_word", lang))
                cls = "room exit"
                mark = emblem("exit", t("web.mr.exit_word", lang))
            cells.append(card(f"room-{pos}", name, body, infos, mark, where, *tokens, cls=cls, el=f"room:{pos}"))
            continue
        code = o["grid"][pos]
        if code is None:
            cells.append(
                card(
                    f"room-{pos}",
                    t("web.mr.face_down_card", lang),
                    t("web.mr.face_down_text", lang),
                    infos,
                    emblem("face-down", t("web.mr.kind.unknown", lang)),
                    where,
                    *tokens,
                    cls="room face-down",
                    mark="?",
                    el=f"room:{pos}",
                )
            )
            continue
        name = g(f"mr.card.{code}", lang)
        kind = code.split("-")[0].lower()
        body = rules_about(
            "minirogue", lang, name, t(f"web.mr.kind.{kind}", lang) if _has(f"web.mr.kind.{kind}") else name
        )
        kind_name = emblem(
            EMBLEM_OF.get(kind, ""), t(f"web.mr.kind.{kind}", lang) if _has(f"web.mr.kind.{kind}") else kind
        )
        cells.append(
            card(f"room-{pos}", name, body, infos, kind_name, where, *tokens, cls=f"room kind-{kind}", el=f"room:{pos}")
        )
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
        foe_kind = "boss" if cb.get("kind") == "boss" else "monster"
        foe_word = t("web.mr.boss_word" if foe_kind == "boss" else "web.mr.kind.mon", lang)
        foe_card = card(
            "foe",
            foe,
            rules_about("minirogue", lang, foe, t("web.mr.combat_word", lang)),
            infos,
            emblem(foe_kind, foe_word),
            *lines,
            cls="foe",
            el="foe",
        )
        white = [
            die(
                _face_value(face),
                t("web.mr.white_die", lang, face=_face_text(face), value="✗" if cb["removed"][i] else cb["values"][i]),
                cls="white" + (" removed" if cb["removed"][i] else ""),
                el=f"die:{i + 1}",
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
            die(_face_value(c), t("web.mr.white_die_plain", lang, face=_face_text(c)), cls="white", el=f"die:{i + 1}")
            for i, c in enumerate(check["white"])
        ]
        black_die = die(
            _face_value(check["black"]), t("web.mr.black_die", lang, face=check["black"]), cls="black", el="die:black"
        )
        kind = str(check["kind"] or "")
        kind_word = t(f"web.mr.check.{kind}", lang) if _has(f"web.mr.check.{kind}") else kind
        parts.append(
            section(
                t("web.mr.check_title", lang, kind=kind_word),
                tag("div", *white, black_die, cls="dice-row"),
                cls="check",
            )
        )
    if o.get("phase") == "shop":
        wares = [
            piece(
                t("web.mr.ware_piece", lang, ware=g(f"mr.ware.{w}", lang)),
                g(f"mr.ware.{w}", lang),
                el=f"ware:{w}",
                cls="ware",
            )
            for w in WARES
        ]
        parts.append(section(t("web.mr.wares", lang), tag("div", *wares, cls="dice-row"), cls="shop"))
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
    hero_card = card(
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
        el=f"hero:{seat}",
    )
    # the potions the hero carries, each a piece of its own (drink, sell, drop, give, swap)
    held = [
        piece(
            t("web.mr.potion_piece", lang, seat=seat, potion=g(f"mr.potion.{p}", lang)),
            emblem("potion", g(f"mr.potion.{p}", lang)),
            el=f"potion:{seat},{p}",
            cls="potion",
        )
        for p in hero["potions"]
    ]
    if not held:
        return hero_card
    return tag("div", hero_card, tag("div", *held, cls="dice-row potions"), cls="mat-group")
