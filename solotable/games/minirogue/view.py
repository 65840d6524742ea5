"""What the players see, in words: the table as text (line mode), what is decided now and how the
game ended, and the listing of provisional card data (``solotable rules minirogue --provisional``).
The observation itself is :mod:`.observation`; the actions in words :mod:`.words`."""

from __future__ import annotations

import json
from typing import Any

from solotable.core.i18n import Catalogue

from .data import ROOM_CARDS, Effect, base_raw, provenance_fields
from .observation import Observation, observation
from .state import EXIT, MiniRogueState


def effects_text(cat: Catalogue, effects: tuple[Effect, ...], lang: str) -> str:
    parts = []
    for e in effects:
        if e.kind == "stat":
            sign = "+" if e.amount >= 0 else "−"
            floor = cat.text("mr.ui.per_floor", lang) if e.per_floor else ""
            parts.append(cat.text("mr.fx.stat", lang, sign=sign, n=abs(e.amount), per_floor=floor,
                                  stat=f"@mr.stat.{e.arg}"))  # fmt: skip
        elif e.kind == "potion":
            parts.append(cat.text("mr.potion." + e.arg, lang))
        elif e.kind == "status":
            parts.append(cat.text("mr.status." + e.arg, lang))
        else:
            parts.append(cat.text("mr.fx." + e.kind, lang))
    return cat.text("mr.ui.list", lang).join(parts)


def render_text(s: MiniRogueState, cat: Catalogue, lang: str) -> str:
    t = cat.text
    lines = [t("mr.ui.where", lang, area=s.area, floor=s.floor, difficulty="@mr.difficulty." + s.difficulty)]
    if s.cards_data:
        lines.append(t("mr.ui.overrides", lang))
    for seat, h in enumerate(s.heroes):
        role = ""
        if s.n == 2:
            role = t("mr.ui.leader" if seat == s.leader else "mr.ui.partner", lang)
        sts = t("mr.ui.list", lang).join(t("mr.status." + x, lang) for x in h.statuses()) or "-"
        pots = t("mr.ui.list", lang).join(t("mr.potion." + p, lang) for p in h.potions) or "-"
        item = t("mr.item." + h.item, lang) if h.item else "-"
        lines.append(
            t("mr.ui.hero", lang, seat=seat + 1, char="@mr.char." + h.char, role=role, hp=h.hp, armor=h.armor,
              shield=f"+{h.shield}" if h.shield else "", gold=h.gold, food=h.food, xp=h.xp,
              dice=f"@mr.ui.dice.{s.dice_count(h)}", potions=pots, item=item, statuses=sts,
              skill=t("mr.ui.skill_up" if h.skill_up else "mr.ui.skill_down", lang))
        )  # fmt: skip
    for r in range(3):
        cells = []
        for c in range(3):
            p = r * 3 + c
            if p == EXIT:
                label = t("mr.name." + s.boss, lang) if s.boss else t("mr.ui.exit", lang)
            else:
                label = t("mr.card." + ROOM_CARDS[s.grid[p]], lang) if s.grid[p] >= 0 else "?"
            marks = "".join(str(i + 1) for i, h in enumerate(s.heroes) if h.pos == p)
            cells.append(f"[{marks:2}] {label}")
        lines.append("  " + " | ".join(cells))
    if s.foe is not None:
        icons = t("mr.ui.list", lang).join(t(f"mr.icon.{i}", lang) for i in s.foe.icons) or "-"
        foe = t("mr.ui.foe", lang, foe="@mr.name." + s.foe.name, hp=s.foe_hp, max=s.foe_max, damage=s.foe.damage,
                round=s.round)  # fmt: skip
        lines.append(foe + t("mr.ui.list", lang) + t("mr.ui.icons", lang, icons=icons))
        if s.dice:
            dice = " ".join(
                f"{i + 1}:{face_text(d)}" + ("(×)" if s.removed[i] else f"={s.die_value(i)}")
                for i, d in enumerate(s.dice)
            )
            lines.append(t("mr.ui.dice", lang, dice=dice))
    elif s.c_white:
        lines.append(t("mr.ui.check", lang, white=" ".join(face_text(d) for d in s.c_white), black=s.c_black))
    if s.offer is not None:
        giver, give, get = s.offer
        key = "mr.ui.trade_offer" if get else "mr.ui.gift_offer"
        lines.append(t(key, lang, seat=giver + 1, what="@mr.give." + give, got="@mr.give." + (get or give)))
    lines.append(now_text(cat, observation(s), lang))
    return "\n".join(lines)


def face_text(face: int) -> str:
    return "×" if face == 1 else str(face)


def now_text(cat: Catalogue, o: Observation, lang: str) -> str:
    """What is decided or drawn now, and by whom (with two players, always named); at the end, the
    outcome in words. From the observation alone, so the full-screen board says the same."""
    what = now_what(cat, o, lang)
    if o["over"] or o["to_move"] == -1 or o["players"] == 1:
        return what
    hero = o["heroes"][o["actor"] - 1]
    return cat.text("mr.ui.to_move", lang, seat=o["actor"], char=f"@mr.char.{hero['character']}", what=what)


def now_what(cat: Catalogue, o: Observation, lang: str) -> str:
    """:func:`now_text` without who decides (a board marks the seat itself)."""
    t = cat.text
    name = o["phase"]
    if o["over"]:
        return end_text(cat, o, lang)
    hero = o["heroes"][o["actor"] - 1]
    row, col = o["reveal"] or (1, 1)
    params: dict[str, object] = {"seat": o["actor"], "pos": f"{row},{col}", "die": o["die"],
                                 "dice": f"@mr.ui.white.{hero['dice']}"}  # fmt: skip
    if name == "roll":
        params["extra"] = "".join(t(f"mr.phase.extra_{x[0]}", lang) for x in hero["statuses"] if x != "blind")
    if name == "window":
        what = t(f"mr.window.{o['window'] or 'before'}", lang)
    elif name == "offer" and o["offer"] is not None:
        what = t("mr.phase.offer", lang, giver=o["offer"]["from"])
    else:
        what = t(f"mr.phase.{name}", lang, **params)
    return what[:1].upper() + what[1:]


def end_text(cat: Catalogue, o: Observation, lang: str) -> str:
    """The end of the game in words (never a key such as ``cause: monster``)."""
    t = cat.text
    if o["won"]:
        return t("mr.end.won", lang, bosses=o["bosses_beaten"])
    dead = next((h for h in o["heroes"] if h["hp"] <= 0), o["heroes"][0])
    return t("mr.end.lost", lang, seat=dead["seat"], char=f"@mr.char.{dead['character']}",
             cause=f"@mr.cause.{o['cause'] or 'room'}", area=o["area"], floor=o["floor"],
             bosses=o["bosses_beaten"])  # fmt: skip


def _flatten(node: Any, path: list[str], out: list[tuple[list[str], dict[str, Any]]]) -> None:
    if not isinstance(node, dict):
        return
    if "confidence" in node:
        out.append((path, node))
    for k, v in node.items():
        if isinstance(v, dict) and k not in provenance_fields():
            _flatten(v, [*path, k], out)


def provisional_tables() -> list[tuple[list[str], dict[str, Any]]]:
    """Every table of cards.toml marked provisional, with its values."""
    found: list[tuple[list[str], dict[str, Any]]] = []
    _flatten(base_raw(), [], found)
    return [(p, t) for p, t in found if t["confidence"] == "provisional"]


def provisional_listing(cat: Catalogue, lang: str) -> str:
    lines = [cat.text("mr.ui.provisional_head", lang), ""]
    for path, table in provisional_tables():
        head = cat.text(
            "mr.ui.provisional_row", lang, table=".".join(path), grade=table.get("grade", "?"),
            source=table.get("source", "?"), decision=table.get("decision", "-"),
        )  # fmt: skip
        lines.append(head)
        if table.get("reason"):
            lines.append(cat.text("mr.ui.provisional_reason", lang, reason=table["reason"]))
        for k, v in table.items():
            if k in provenance_fields() or (isinstance(v, dict) and "confidence" in v):
                continue
            lines.append(f"    {k} = {json.dumps(v, ensure_ascii=False)}")
    lines.append("")
    lines.append(cat.text("mr.ui.provisional_decisions", lang))
    return "\n".join(lines)
