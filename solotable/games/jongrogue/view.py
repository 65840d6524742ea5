"""The table as text for line-mode play, built from the observation (§7.2)."""

from __future__ import annotations

from solotable.core.i18n import Catalogue

from .observation import observation
from .state import POTIONS, SCROLLS, JongRogueState


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
            here = o["position"]["at"] != "passage" and o["position"].get("room") == row * 3 + col + 1
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
    cur = pos["room"] - 1 if pos["at"] != "passage" else -1
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


__all__ = ["render_text"]
