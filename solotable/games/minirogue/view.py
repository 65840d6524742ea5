"""What the players see: the observation (JSON-able), the table as text, and the listing of
provisional card data (``solotable rules minirogue --provisional``)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from solotable.core.i18n import Catalogue

from .cards import PROVENANCE, ROOM_CARDS, Effect, base_raw_json
from .rules import EXIT, FACE, FOE_KINDS, OVER, PHASE_NAMES, MiniRogueState

if TYPE_CHECKING:
    pass


def observation(s: MiniRogueState) -> dict[str, Any]:
    """Everything on the table: face-down cards and the boss stack's order are not in it."""
    heroes = []
    for seat, h in enumerate(s.heroes):
        heroes.append(
            {
                "seat": seat + 1,
                "character": h.char,
                "hp": h.hp,
                "armor": h.armor,
                "shield": h.shield,
                "gold": h.gold,
                "food": h.food,
                "xp": h.xp,
                "dice": s.dice_count(h),
                "potions": list(h.potions),
                "item": h.item,
                "statuses": h.statuses(),
                "skill_up": h.skill_up,
                "pos": [h.pos // 3 + 1, h.pos % 3 + 1],
                "resolved": h.resolved,
                "evade": h.evade,
                "poison_effect": h.poison_fx,
            }
        )
    combat = None
    if s.foe is not None:
        combat = {
            "foe": s.foe.name,
            "kind": FOE_KINDS[s.foe_kind],
            "hp": s.foe_hp,
            "max_hp": s.foe_max,
            "damage": s.foe.damage,
            "icons": list(s.foe.icons),
            "round": s.round,
            "fighters": [f + 1 for f in s.fighters],
            "attacker": s.fighters[s.att] + 1 if s.fighters else 0,
            "frozen": s.frozen,
            "dice": [FACE[d - 1] for d in s.dice],
            "values": [s.die_value(i) for i in range(len(s.dice))],
            "removed": list(s.removed),
            "cursed": s.cursed_now,
            "backstab": s.backstab,
            "black": list(s.black[: s.n]),
        }
    check = None
    if s.c_white and s.foe is None:
        check = {"kind": s.c_kind, "white": "".join(FACE[d - 1] for d in s.c_white), "black": s.c_black, "auto": s.c_ok}
    return {
        "game": "minirogue",
        "phase": PHASE_NAMES[s.phase],
        "to_move": s.to_move,
        "area": s.area,
        "floor": s.floor,
        "difficulty": s.opts["difficulty"],
        "players": s.n,
        "leader": s.leader + 1,
        "grid": [ROOM_CARDS[c] if c >= 0 else None for c in s.grid[:8]],
        "boss": s.boss or None,
        "heroes": heroes,
        "combat": combat,
        "check": check,
        "free_feats": s.free_feats,
        "offer": None if s.offer is None else {"from": s.offer[0] + 1, "give": s.offer[1], "get": s.offer[2] or None},
        "bosses_beaten": s.bosses_beaten,
        "over": s.phase == OVER,
        "won": s.won,
        "overrides": bool(s.opts["cards_data"]),
    }


def effects_text(cat: Catalogue, effects: tuple[Effect, ...], lang: str) -> str:
    parts = []
    for kind, amount, per_floor, arg in effects:
        if kind == "stat":
            sign = "+" if amount >= 0 else "−"
            floor = cat.text("mr.ui.per_floor", lang) if per_floor else ""
            parts.append(f"{sign}{abs(amount)}{floor} {cat.text('mr.stat.' + arg, lang)}")
        elif kind == "potion":
            parts.append(cat.text("mr.potion." + arg, lang))
        elif kind == "status":
            parts.append(cat.text("mr.status." + arg, lang))
        else:
            parts.append(cat.text("mr.fx." + kind, lang))
    return ", ".join(parts)


def render_text(s: MiniRogueState, cat: Catalogue, lang: str) -> str:
    t = cat.text
    lines = [t("mr.ui.where", lang, area=s.area, floor=s.floor, difficulty="@mr.difficulty." + s.opts["difficulty"])]
    if s.opts["cards_data"]:
        lines.append(t("mr.ui.overrides", lang))
    for seat, h in enumerate(s.heroes):
        role = ""
        if s.n == 2:
            role = t("mr.ui.leader" if seat == s.leader else "mr.ui.partner", lang)
        sts = ", ".join(t("mr.status." + x, lang) for x in h.statuses()) or "-"
        pots = ", ".join(t("mr.potion." + p, lang) for p in h.potions) or "-"
        item = t("mr.item." + h.item, lang) if h.item else "-"
        lines.append(
            t("mr.ui.hero", lang, seat=seat + 1, char="@mr.char." + h.char, role=role, hp=h.hp, armor=h.armor,
              shield=f"+{h.shield}" if h.shield else "", gold=h.gold, food=h.food, xp=h.xp,
              dice=s.dice_count(h), potions=pots, item=item, statuses=sts,
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
        lines.append(t("mr.ui.foe", lang, foe="@mr.name." + s.foe.name, hp=s.foe_hp, max=s.foe_max,
                       damage=s.foe.damage, round=s.round))  # fmt: skip
        if s.dice:
            dice = " ".join(
                f"{i + 1}:{FACE[d - 1]}" + ("(×)" if s.removed[i] else f"={s.die_value(i)}")
                for i, d in enumerate(s.dice)
            )
            lines.append(t("mr.ui.dice", lang, dice=dice))
    elif s.c_white:
        lines.append(t("mr.ui.check", lang, white=" ".join(FACE[d - 1] for d in s.c_white), black=s.c_black))
    if s.offer is not None:
        giver, give, get = s.offer
        key = "mr.ui.trade_offer" if get else "mr.ui.gift_offer"
        lines.append(t(key, lang, seat=giver + 1, what="@mr.give." + give, got="@mr.give." + (get or give)))
    if s.phase != OVER and s.to_move is not None and s.to_move >= 0 and s.n == 2:
        lines.append(t("mr.ui.to_move", lang, seat=s.to_move + 1, char="@mr.char." + s.heroes[s.to_move].char))
    return "\n".join(lines)


def _flatten(node: Any, path: list[str], out: list[tuple[list[str], dict[str, Any]]]) -> None:
    if not isinstance(node, dict):
        return
    if "confidence" in node:
        out.append((path, node))
    for k, v in node.items():
        if isinstance(v, dict) and k not in PROVENANCE:
            _flatten(v, [*path, k], out)


def provisional_tables() -> list[tuple[list[str], dict[str, Any]]]:
    """Every table of cards.toml marked provisional, with its values."""
    found: list[tuple[list[str], dict[str, Any]]] = []
    _flatten(json.loads(base_raw_json()), [], found)
    return [(p, t) for p, t in found if t["confidence"] == "provisional"]


def provisional_listing(cat: Catalogue, lang: str) -> str:
    lines = [cat.text("mr.ui.provisional_head", lang), ""]
    for path, table in provisional_tables():
        head = cat.text(
            "mr.ui.provisional_row", lang, table=".".join(path), grade=table.get("grade", "?"),
            source=table.get("source", "?"), decision=table.get("decision", "-"),
        )  # fmt: skip
        lines.append(head)
        for k, v in table.items():
            if k in PROVENANCE or (isinstance(v, dict) and "confidence" in v):
                continue
            lines.append(f"    {k} = {json.dumps(v, ensure_ascii=False)}")
    lines.append("")
    lines.append(cat.text("mr.ui.provisional_decisions", lang))
    return "\n".join(lines)
