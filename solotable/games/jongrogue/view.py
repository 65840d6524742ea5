"""The table as text for line-mode play, built from the observation (§7.2).

The character sheet, the equipment with what is known of each thing (its enchantment, cursed,
protected, or not yet known), the pack by appearance tile, the 3×3 labyrinth map room by room
(its doors and stairs in words in English, as winds 東南西北 in Japanese, the hidden doors found,
its tiles written as tiles with what each is), where the PC is, what a pending draw is for, and
at the end the score card in words.
"""

from __future__ import annotations

from solotable.core.i18n import Catalogue

from .notation import SIDE_OF_WIND, SIDES, glyph
from .observation import Observation, SlotView, observation
from .state import POTIONS, SCROLLS, JongRogueState, R

CATEGORY: tuple[str, ...] = R.item.category_by_s.value
"""What an item tile sN is (§7.19)."""
COMPASS = ("nw", "n", "ne", "w", "c", "e", "sw", "s", "se")
"""Where each room lies (§6.2): room 1 is north-west, 5 the centre, 9 south-east."""


UNPLACED = frozenset({"discard_up", "start_room"})
"""The draws made before the PC is placed on a floor (the last floor's tiles going to the discard
pile, §3.3 step 0; the start room, §6.2): the view names no room."""


class _View:
    def __init__(self, o: Observation, cat: Catalogue, lang: str) -> None:
        self.o = o
        self.cat = cat
        self.lang = lang

    def t(self, key: str, **params: str | int) -> str:
        return self.cat.text(key, self.lang, **params)

    def join(self, parts: list[str]) -> str:
        return self.t("jr.view.sep").join(parts)

    # -- the sheets ------------------------------------------------------------------------------

    def sheet(self) -> list[str]:
        sh = self.o["sheet"]
        lines = [self.t("jr.view.sheet", level=sh["level"], xp=sh["xp"], hp=sh["hp"], max_hp=sh["max_hp"],
                        strength=f"{sh['strength']:+d}", gold=sh["gold"], food=sh["food"], floor=sh["floor"],
                        stairs=f"@jr.view.plate.{sh['stairs']}")]  # fmt: skip
        if sh["status"]:
            lines.append(self.t("jr.view.status", status=self.join([self.t(f"jr.status.{x}") for x in sh["status"]])))
        return lines

    def _state(self, ench: int | None, cursed: bool | None, protected: bool = False, in_use: bool = False) -> str:
        words = [self.t("jr.view.state.unknown") if ench is None else f"{ench:+d}"]
        if cursed:
            words.append(self.t("jr.view.state.cursed"))
        if protected:
            words.append(self.t("jr.view.state.protected"))
        if in_use:
            words.append(self.t("jr.view.state.in_use"))
        return self.join(words)

    def equipment(self) -> list[str]:
        eq = self.o["equipment"]
        weapons = [self.t("jr.view.kit", item=f"@jr.item.{w['kind']}",
                          state=self._state(w["enchant"], w["cursed"], in_use=w["equipped"]))
                   for w in eq["weapons"]]  # fmt: skip
        armours = [self.t("jr.view.kit", item=f"@jr.item.{a['kind']}",
                          state=self._state(a["enchant"], a["cursed"], a["protected"], a["worn"]))
                   for a in eq["armours"]]  # fmt: skip
        ranged = [self.t(f"jr.item.{m}") for m, v in eq["missiles"].items() if v]
        if eq["bow"]:
            ranged.insert(0, self.t("jr.item.bow"))
        rings = []
        for n, r in enumerate(eq["rings"], start=1):
            name = self.t(f"jr.ring.{r['kind']}") if r["kind"] else self.t("jr.name.ring_unknown", n=n)
            words = ([self.t("jr.view.state.cursed")] if r["cursed"] else []) + (
                [self.t(f"jr.view.hand.{r['hand']}")] if r["hand"] else [])
            rings.append(self.t("jr.view.kit", item=name, state=self.join(words)) if words else name)
        none = self.t("jr.view.none")
        return [self.t("jr.view.equipment", weapons=self.join(weapons) or none, ranged=self.join(ranged) or none,
                       armour=self.join(armours) or none, rings=self.join(rings) or none)]  # fmt: skip

    def pack(self) -> list[str]:
        o = self.o
        parts = {}
        for kind, rows, family in (("potions", POTIONS, "jr.potion"), ("scrolls", SCROLLS, "jr.scroll")):
            known = o["identified"]["potions" if kind == "potions" else "scrolls"]
            carried = o["pack"]["potions" if kind == "potions" else "scrolls"]
            parts[kind] = self.join([
                f"{glyph(app)}×{n} " + (self.t(f"{family}.{rows.index(known[app])}") if app in known
                                         else self.t("jr.view.unidentified"))
                for app, n in carried.items()
            ]) or self.t("jr.view.none")  # fmt: skip
        amulet = self.t("jr.view.amulet.held" if o["equipment"]["amulet"] else "jr.view.amulet.not_held")
        return [self.t("jr.view.pack", potions=parts["potions"], scrolls=parts["scrolls"], amulet=amulet)]

    # -- the map ---------------------------------------------------------------------------------

    def slot_text(self, sl: SlotView) -> str:
        """A tile and what it is: ``8萬 Orc 9 HP asleep``, ``2筒 bear trap``, ``?``."""
        tile = sl["tile"]
        if tile == "?":
            return self.t("jr.view.slot.unseen") if sl.get("unseen") else "?"
        kind = sl.get("kind", "item")
        if kind == "monster":
            status = " ".join(self.t(f"jr.mstatus.{x}") for x in sl.get("status", []))
            text = self.t("jr.view.slot.monster", tile=glyph(tile), monster=f"@jr.mon.{sl.get('monster', '')}",
                          hp=sl.get("hp", 0))  # fmt: skip
            return f"{text} {status}" if status else text
        if kind == "trap":
            return self.t("jr.view.slot.trap", tile=glyph(tile), trap=f"@jr.trap.{sl.get('trap', 0)}")
        if kind == "gold":
            return self.t("jr.view.slot.gold", tile=glyph(tile))
        return self.t("jr.view.slot.item", tile=glyph(tile), what=f"@jr.category.{CATEGORY[int(tile[1]) - 1]}")

    def map(self) -> list[str]:
        o = self.o
        pos = o["position"]
        lines = [self.t("jr.view.map")]
        for r in o["map"]:
            n = r["room"]
            here = pos["at"] != "passage" and pos.get("room") == n
            where = self.t(f"jr.view.compass.{COMPASS[n - 1]}")
            if r["lab"] is None:
                lines.append(self.t("jr.view.room.unseen", room=n, where=where))
                continue
            doors = sorted({SIDE_OF_WIND["TNSP".index(x)] for x in r["lab"] if x in "TNSP"})
            parts = []
            if doors:
                sides = self.join([self.t(f"jr.view.side.{SIDES[d]}") for d in doors])
                parts.append(self.t("jr.view.doors", sides=sides))
            if "R" in r["lab"]:
                parts.append(self.t("jr.view.stairs"))
            if r["found"]:
                found = self.join([self.t(f"jr.view.side.{s}") for s in r["found"]])
                parts.append(self.t("jr.view.found", sides=found))
            if r["processed"] or any(sl["tile"] != "?" for sl in r["slots"]):
                tiles = self.join([self.t("jr.view.slot", slot=sl["slot"], what=self.slot_text(sl))
                                   for sl in r["slots"]])  # fmt: skip
                tiles = tiles or self.t("jr.view.empty")
            else:
                tiles = self.t("jr.view.face_down", n=len(r["slots"]))
            parts.append(tiles)
            what = self.t("jr.view.part").join(parts)
            lines.append(self.t("jr.view.room.here" if here else "jr.view.room", room=n, where=where, what=what))
        return lines

    def position(self) -> list[str]:
        o = self.o
        pos = o["position"]
        if pos["at"] == "passage":
            lines = [self.t("jr.view.pos.passage", a=pos.get("from", 0), b=pos.get("to", 0))]
        elif pos["at"] == "door":
            lines = [self.t("jr.view.pos.door", room=pos.get("room", 0), side=f"@jr.side.{pos.get('side', 'N')}")]
        elif o["draw"] in UNPLACED:  # between floors: the start room is not drawn yet (§6.2)
            lines = [self.t("jr.view.pos.none")]
        else:
            lines = [self.t("jr.view.pos.room", room=pos.get("room", 0))]
        pm = o["passage_monster"]
        if pm is not None:
            status = " ".join(self.t(f"jr.mstatus.{x}") for x in pm["status"])
            lines.append(self.t("jr.view.passage_monster", monster=f"@jr.mon.{pm['monster']}", hp=pm["hp"])
                         + (f" {status}" if status else ""))  # fmt: skip
        lines.append(self.t("jr.view.pile", pile=o["pile"], discard=o["discard"]))
        if o["draw"] is not None:
            lines.append(self.t("jr.view.draw", what=f"@jr.draw.{o['draw']}"))
        return lines

    def end(self, s: JongRogueState) -> list[str]:
        """The score card (§4.2, §4.7) in words."""
        r = self.o["result"]
        if r is None:
            return []
        sh = self.o["sheet"]
        if r["cause"] == "monster" and s.killer:
            cause = self.t("jr.view.end.killed_by", monster=f"@jr.mon.{s.killer}")
        else:
            cause = self.t(f"jr.cause.{r['cause']}")
        lines = [self.t("jr.view.end", cause=cause, floor=sh["floor"], deepest=sh["deepest"], level=sh["level"],
                        xp=sh["xp"], gold=sh["gold"], score=r["score"])]  # fmt: skip
        lines.append(self.t("jr.view.end.amulet_held" if self.o["equipment"]["amulet"] else "jr.view.end.no_amulet"))
        c = self.o["continues"]
        lines.append(self.t("jr.view.end.continues", n=c) if c else self.t("jr.view.end.no_continue"))
        return lines



def render_text(s: JongRogueState, cat: Catalogue, lang: str) -> str:
    v = _View(observation(s), cat, lang)
    lines = v.sheet() + v.equipment() + v.pack() + v.map() + v.position() + v.end(s)
    return "\n".join(lines)


__all__ = ["COMPASS", "render_text"]
