"""The Mini Rogue v1.2.1 table in the browser: the character card, the dungeon of cards, combat.

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
    piece,
    rules_about,
    section,
    stat,
)

from .data import data as _data

t = Words("solotable.games.minirogue_v1")
_has = t.has
_game_has = game_has

# -- Mini Rogue v1.2.1 -------------------------------------------------------------------------

EMBLEM_OF = {
    "monster": "monster",
    "boss": "boss",
    "trap": "trap",
    "resting": "campfire",
    "merchant": "merchant",
    "treasure": "treasure",
    "event": "event",
}
"""The emblem of each kind of dungeon card."""


def draw(o: Obs, lang: str, infos: Infos) -> Html:
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
        el="hero",
    )
    # each spell on the character card, a piece of its own (cast, discard, sell)
    spell_pieces = [
        piece(
            t("web.mr1.spell_piece", lang, spell=g(f"mr1.spell.{sp}", lang)),
            t("web.mr1.spell_piece", lang, spell=g(f"mr1.spell.{sp}", lang)),  # "Spell: Fire", not "Fire" alone
            el=f"item:{sp}",
            cls="spell",
        )
        for sp in ch["spells"]
    ]
    if spell_pieces:
        character = tag("div", character, tag("div", *spell_pieces, cls="dice-row spells"), cls="mat-group")
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
    here_at = max((col["column"] for col in o["layout"] if any(c["chosen"] for c in col["cards"])), default=0)
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
                        icon="face-down",
                    )
                )
                continue
            name = g(f"mr1.card.{c['card']}", lang)
            mark, state_word = _v1_mark(c, lang)
            if col["current"] and not c["chosen"]:
                el = f"card:{c['card']}"
            elif c["chosen"] and col["column"] == here_at:
                el = "card:here"  # the card the hero stands on (board.py)
            else:
                el = ""
            cards.append(
                card(
                    key,
                    name,
                    rules_about("minirogue-v1", lang, name),
                    infos,
                    state_word,
                    cls=f"room kind-{c['card']}" + (" chosen" if c["chosen"] else ""),
                    mark=mark,
                    el=el,
                    icon=EMBLEM_OF.get(str(c["card"]), ""),  # the card's name is its kind's
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
        foe_kind = "boss" if cb["foe"].split(".")[0] == "boss" else "monster"
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
                el=f"die:{i + 1}",
            )
            for i, d in enumerate(cb["dice"])
        ]
        foe_card = card(
            "foe",
            foe,
            rules_about("minirogue-v1", lang, t("web.mr1.combat_heading", lang), foe),
            infos,
            emblem(foe_kind, g(f"mr1.card.{foe_kind}", lang)),
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
        notes.append(
            tag("div", die(o["event_roll"], t("web.mr1.event_roll", lang, face=o["event_roll"]), el="die:event"))
        )
    if o["trap"] is not None:
        notes.append(tag("p", t("web.mr1.trap", lang, trap=g(f"mr1.trap.{o['trap']}", lang))))
    if o["phase"] == "merchant":
        wares = [
            piece(
                t("web.mr1.ware_piece", lang, ware=g(f"mr1.ware.{w}", lang)),
                t("web.mr1.ware_priced", lang, ware=g(f"mr1.ware.{w}", lang), price=ware.price),
                el=f"ware:{w}",
                cls="ware",
            )
            for w, ware in _data().wares.items()
        ]
        parts.append(section(t("web.mr1.wares", lang), tag("div", *wares, cls="dice-row"), cls="shop"))
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
