"""What the player sees (§7.2 Observation), and the table as text for line-mode play."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.i18n import Catalogue

from .rules import (
    CLAIR,
    DOOR,
    FLAGS,
    K_GONE,
    K_MON,
    M_DISGUISED,
    M_INVIS,
    MON_STATUS_NAMES,
    PASSAGE,
    PC_STATUS_NAMES,
    PHASE_NAMES,
    POTIONS,
    RINGS,
    ROOM,
    SCROLLS,
    UP,
    JongRogueState,
    neighbour,
)
from .tiles import LAB_NAMES, SIDES, TILE_NAMES, number

if TYPE_CHECKING:
    pass

POS_NAMES = ("room", "door", "passage")


def _slot_view(s: JongRogueState, room: int, k: int, slot: list[int]) -> dict[str, Any] | None:
    if slot[1] == K_GONE:
        return None
    clair = s.status & CLAIR
    shown: dict[str, Any] = {"slot": k + 1}
    if not slot[UP] and not clair:
        shown["tile"] = "?"
        return shown
    if slot[1] == K_MON and slot[FLAGS] & M_INVIS and not clair:
        shown["tile"] = "?"
        shown["unseen"] = True
        return shown
    if slot[1] == K_MON and slot[FLAGS] & M_DISGUISED and not clair:
        shown["tile"] = "s" + str(number(slot[0]))  # D61: a xeroc on mN looks like sN
        shown["kind"] = "item"
        return shown
    shown["tile"] = TILE_NAMES[slot[0]]
    shown["kind"] = ("monster", "trap", "gold", "item")[slot[1]]
    if slot[1] == K_MON:
        mon = s.monster(slot)
        shown["monster"] = mon.id
        shown["hp"] = slot[3]
        shown["status"] = [n for i, n in enumerate(MON_STATUS_NAMES) if slot[FLAGS] >> i & 1]
    elif slot[1] == 1:
        shown["trap"] = number(slot[0])
    return shown


def observation(s: JongRogueState) -> dict[str, Any]:
    rooms = []
    for r in range(9):
        pair = s.lab[r]
        rooms.append({
            "room": r + 1,
            "lab": [LAB_NAMES[t] for t in pair] if pair is not None else None,
            "found": [SIDES[sd] for sd in range(4) if s.found[r] >> sd & 1],
            "processed": bool(s.processed[r]),
            "slots": [v for k, slot in enumerate(s.slots[r]) if (v := _slot_view(s, r, k, slot)) is not None],
        })
    pmon = None
    if s.pmon is not None:
        mon = s.monster(s.pmon)
        pmon = {"monster": mon.id, "hp": s.pmon[3],
                "status": [n for i, n in enumerate(MON_STATUS_NAMES) if s.pmon[FLAGS] >> i & 1]}
    pos: dict[str, Any] = {"at": POS_NAMES[s.pos], "room": s.room + 1}
    if s.pos == DOOR:
        pos["side"] = SIDES[s.side]
    if s.pos == PASSAGE:
        pos = {"at": "passage", "from": s.pfrom + 1, "to": neighbour(s.pfrom, s.side) + 1}
    return {
        "phase": PHASE_NAMES[s.phase] if s._table is None else "chance",
        "options": s.options(),
        "sheet": {
            "level": s.level, "xp": s.xp, "hp": s.hp, "max_hp": s.maxhp, "strength": s.strength,
            "max_strength": s.max_str,
            "status": [n for i, n in enumerate(PC_STATUS_NAMES) if s.status >> i & 1]
            + (["hungry"] if s.food == 0 else []),
            "gold": s.gold, "food": s.food, "floor": s.floor, "deepest": s.deepest,
            "stairs": "S" if s.amulet else "T",
        },
        "equipment": {
            "weapons": [{"kind": w[0], "enchant": w[1] if w[3] else None, "cursed": bool(w[2]) if w[3] else None,
                         "equipped": i == s.weapon_eq} for i, w in enumerate(s.weapons)],
            "bow": s.bow,
            "missiles": {m: bool(s.missiles[i]) for i, m in enumerate(("arrows", "darts", "shuriken"))},
            "armours": [{"kind": a[0], "enchant": a[1] if a[3] else None, "cursed": bool(a[2]) if a[3] else None,
                         "protected": bool(a[4]), "worn": i == s.armour_eq} for i, a in enumerate(s.armours)],
            "rings": [{"kind": RINGS[r[0]] if r[0] >= 0 else None, "cursed": bool(r[1]) if r[0] >= 0 else None,
                       "hand": r[2]} for r in s.rings],
            "amulet": s.amulet,
        },
        "pack": {
            "potions": {TILE_NAMES[18 + i]: n for i, n in enumerate(s.potions) if n},
            "scrolls": {TILE_NAMES[i]: n for i, n in enumerate(s.scrolls) if n},
        },
        "identified": {
            "potions": {TILE_NAMES[18 + i]: POTIONS[r] for i, r in enumerate(s.pot_row) if r >= 0},
            "scrolls": {TILE_NAMES[i]: SCROLLS[r] for i, r in enumerate(s.scr_row) if r >= 0},
        },
        "position": pos,
        "map": rooms,
        "passage_monster": pmon,
        "pile": s.pile_n,
        "discard": s.discard_n,
        "discard_tiles": {TILE_NAMES[t]: n for t, n in enumerate(s.discard) if n},
        "turn": s.turn,
        "continues": s.continues,
        "result": {"won": s.won, "score": s.score, "cause": s.cause} if s.phase == 7 else None,
    }


def render_text(s: JongRogueState, cat: Catalogue, lang: str) -> str:
    o = observation(s)
    t = cat.text
    sh = o["sheet"]
    lines = [t("jr.view.sheet", lang, **{k: sh[k] for k in ("level", "xp", "hp", "max_hp", "strength", "gold",
                                                              "food", "floor")},
               stairs=t(f"jr.view.plate.{sh['stairs']}", lang))]
    if sh["status"]:
        lines.append(t("jr.view.status", lang, status=", ".join(t(f"jr.status.{x}", lang) for x in sh["status"])))
    eq = o["equipment"]
    wtxt = ", ".join(t(f"jr.item.{w['kind']}", lang) + ("" if w["enchant"] is None else f" {w['enchant']:+d}")
                     + ("*" if w["equipped"] else "") for w in eq["weapons"])
    atxt = ", ".join(t(f"jr.item.{a['kind']}", lang) + ("" if a["enchant"] is None else f" {a['enchant']:+d}")
                     + ("*" if a["worn"] else "") for a in eq["armours"])
    miss = [t(f"jr.item.{m}", lang) for m, v in eq["missiles"].items() if v]
    if eq["bow"]:
        miss.insert(0, t("jr.item.bow", lang))
    rtxt = ", ".join((t(f"jr.ring.{r['kind']}", lang) if r["kind"] else t("jr.item.ring", lang))
                     + ("*" if r["hand"] else "") for r in eq["rings"])
    lines.append(t("jr.view.equipment", lang, weapons=wtxt or "-", ranged=", ".join(miss) or "-", armour=atxt or "-",
                   rings=rtxt or "-"))
    pk = o["pack"]
    pots = ", ".join(f"{a}x{n}" + (f"({t('jr.potion.' + str(POTIONS.index(o['identified']['potions'][a])), lang)})"
                                    if a in o["identified"]["potions"] else "") for a, n in pk["potions"].items())
    scrs = ", ".join(f"{a}x{n}" + (f"({t('jr.scroll.' + str(SCROLLS.index(o['identified']['scrolls'][a])), lang)})"
                                    if a in o["identified"]["scrolls"] else "") for a, n in pk["scrolls"].items())
    lines.append(t("jr.view.pack", lang, potions=pots or "-", scrolls=scrs or "-",
                   amulet=t("jr.word.yes" if eq["amulet"] else "jr.word.no", lang)))
    # the 3x3 labyrinth
    for row in range(3):
        cells = []
        for col in range(3):
            r = o["map"][row * 3 + col]
            here = s.pos != PASSAGE and s.room == row * 3 + col
            lab = "".join(r["lab"]) if r["lab"] else "??"
            found = "".join(x.lower() for x in r["found"])
            tiles = " ".join(x["tile"] for x in r["slots"]) if r["processed"] or any(
                x["tile"] != "?" for x in r["slots"]) else "? ? ? ?"
            mark = "@" if here else " "
            cells.append(f"{mark}{r['room']}[{lab}{('+' + found) if found else ''}] {tiles}")
        lines.append("  |  ".join(cells))
    pos = o["position"]
    if pos["at"] == "passage":
        lines.append(t("jr.view.pos.passage", lang, a=pos["from"], b=pos["to"]))
    elif pos["at"] == "door":
        lines.append(t("jr.view.pos.door", lang, room=pos["room"], side=t(f"jr.side.{pos['side']}", lang)))
    else:
        lines.append(t("jr.view.pos.room", lang, room=pos["room"]))
    cur = s.room if s.pos != PASSAGE else -1
    if cur >= 0:
        for sl in o["map"][cur]["slots"]:
            if sl.get("monster"):
                st = ", ".join(t(f"jr.mstatus.{x}", lang) for x in sl["status"])
                lines.append(f"  {sl['slot']}: {t('jr.mon.' + sl['monster'], lang)} HP {sl['hp']} {st}")
    if o["passage_monster"]:
        pm = o["passage_monster"]
        lines.append(f"  {t('jr.mon.' + pm['monster'], lang)} HP {pm['hp']}")
    lines.append(t("jr.view.pile", lang, pile=o["pile"], discard=o["discard"]))
    return "\n".join(lines)


__all__ = ["ROOM", "observation", "render_text"]
