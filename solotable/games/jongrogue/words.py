"""JongRogue in words: the label of every action, from the catalogue and what is in view.

Labels name what an action acts on as the table shows it (the observation: a face-down tile is
not named, a disguised xeroc is an item), with its tile written as a tile (``5萬``): "Attack the
Orc (8萬) in slot 1", "Wield the long sword (+1)", "Quaff the potion of healing (1索)".
"""

from __future__ import annotations

from solotable.core.action import Action
from solotable.core.i18n import Catalogue

from .notation import LAB_NAMES, SIDES, TILE_INDEX, glyph
from .observation import Observation, SlotView, observation
from .state import CLAIR, PASSAGE, POTIONS, RINGS, SCROLLS, JongRogueState, R, mimic_on_floor, neighbour

CATEGORY: tuple[str, ...] = R.item.category_by_s.value
"""What an item tile sN is (§7.19)."""


class Words:
    """Labels for one state and language (the observation is built once)."""

    def __init__(self, cat: Catalogue, state: JongRogueState, lang: str) -> None:
        self.cat = cat
        self.state = state
        self.lang = lang
        self._obs: Observation | None = None

    @property
    def obs(self) -> Observation:
        if self._obs is None:
            self._obs = observation(self.state)
        return self._obs

    def t(self, key: str, **params: str | int) -> str:
        return self.cat.text(key, self.lang, **params)

    # -- things in view ------------------------------------------------------------------------

    def slot(self, k: int) -> SlotView | None:
        """What slot number ``k`` (1-based) of the PC's room shows."""
        if self.state.pos == PASSAGE:
            return None
        for sl in self.obs["map"][self.state.room]["slots"]:
            if sl["slot"] == k:
                return sl
        return None

    def monster(self, k: int) -> str:
        """A monster named by slot (0: the passage monster): "the Orc (8萬) in slot 1"."""
        if k == 0 or self.state.pos == PASSAGE:
            pm = self.obs["passage_monster"]
            return self.t("jr.name.passage_monster", monster=f"@jr.mon.{pm['monster']}" if pm else "@jr.word.unseen")
        sl = self.slot(k)
        if sl is None or "monster" not in sl:
            return self.t("jr.name.unseen_monster", slot=k)
        return self.t("jr.name.monster", monster=f"@jr.mon.{sl['monster']}", tile=glyph(sl["tile"]), slot=k)

    def potion(self, app: str) -> str:
        """An appearance s1-s9: "the potion of healing (1索)", or "the unknown potion 4索"."""
        name = self.obs["identified"]["potions"].get(app)
        if name is None:
            return self.t("jr.name.potion_unknown", tile=glyph(app))
        return self.t("jr.name.known", what=f"@jr.potion.{POTIONS.index(name)}", tile=glyph(app))

    def scroll(self, app: str) -> str:
        name = self.obs["identified"]["scrolls"].get(app)
        if name is None:
            return self.t("jr.name.scroll_unknown", tile=glyph(app))
        return self.t("jr.name.known", what=f"@jr.scroll.{SCROLLS.index(name)}", tile=glyph(app))

    def weapon(self, i: int) -> str:
        """Weapon ``i`` (1-based) with its state when known: "the long sword (+1)"."""
        w = self.state.weapons[i - 1]
        return self._kit(f"@jr.item.{w.kind}", w.enchant if w.known else None, w.cursed)

    def armour(self, i: int) -> str:
        a = self.state.armours[i - 1]
        return self._kit(f"@jr.item.{a.kind}", a.enchant if a.known else None, a.cursed, a.protected)

    def _kit(self, item: str, ench: int | None, cursed: bool, protected: bool = False) -> str:
        if ench is None:
            return self.t("jr.name.kit_unknown", item=item)
        key = "jr.name.kit_cursed" if cursed else "jr.name.kit_protected" if protected else "jr.name.kit"
        return self.t(key, item=item, ench=ench)

    def ring(self, i: int) -> str:
        r = self.state.rings[i - 1]
        if r.kind is None:
            return self.t("jr.name.ring_unknown", n=i)
        return self.t("jr.name.ring_cursed" if r.cursed else "jr.name.ring", item=f"@jr.ring.{r.kind}")

    def sheet_item(self, what: str, i: int) -> str:
        return self.weapon(i) if what == "w" else self.armour(i) if what == "a" else self.ring(i)

    def appearance(self, app: str) -> str:
        return self.potion(app) if TILE_INDEX[app] >= 18 else self.scroll(app)

    # -- the label -----------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        t = self.t
        s = self.state
        a = action.args
        n = action.name
        if n == "tile":
            return t("jr.act.tile", tile=glyph(str(a[0])))
        if n == "lab":
            return t("jr.act.lab", tile=f"@jr.labtile.{a[0]}")
        if n == "link":
            return t("jr.act.link", row=a[0])
        if n == "door" or (n == "flee" and a and a[0] in SIDES):
            sd = SIDES.index(str(a[0]))
            return t(f"jr.act.{n}", side=f"@jr.side.{a[0]}", room=neighbour(s.room, sd) + 1)
        if n == "search":
            return t("jr.act.search", side=f"@jr.side.{a[0]}")
        if n == "flee" and not a:  # from a door into the passage
            return t("jr.act.flee.default", room=neighbour(s.room, s.side) + 1)
        if n in ("go", "flee"):
            far = neighbour(s.pfrom, s.side)
            return t(f"jr.act.{n}.{a[0]}", room=(s.pfrom if a[0] == "back" else far) + 1)
        if n == "enter":
            return t("jr.act.enter", room=s.room + 1)
        if n == "pass":
            return t("jr.act.pass", room=neighbour(s.room, s.side) + 1)
        if n == "shoot":
            return t("jr.act.shoot", item=f"@jr.item.{a[1]}", target=self.monster(int(a[0])))
        if n == "hit":
            return t("jr.act.hit", target=self.monster(int(a[0])))
        if n == "attack":
            return self._attack(int(a[0]))
        if n == "pick":
            return self._pick(int(a[0]))
        if n == "wield":
            if int(a[0]) == 0:
                cur = s.weapon()
                return t("jr.act.unwield", item=f"@jr.item.{cur.kind}" if cur else "@jr.item.bare")
            return t("jr.act.wield", item=self.weapon(int(a[0])))
        if n == "wear":
            return t("jr.act.wear", item=self.armour(int(a[0])))
        if n in ("puton", "remove"):
            return t(f"jr.act.{n}", item=self.ring(int(a[0])))
        if n in ("drop", "discard", "identify") and len(a) > 1:
            return t(f"jr.act.{n}", item=self.sheet_item(str(a[0]), int(a[1])))
        if n in ("discard", "identify"):
            return t(f"jr.act.{n}", item=self.appearance(str(a[0])))
        if n == "quaff":
            return t("jr.act.quaff", item=self.potion(str(a[0])))
        if n == "read" and len(a) > 1:  # D63: a monster named before reading
            return t("jr.act.read.named", item=self.scroll(str(a[0])), target=self.monster(int(a[1])))
        if n == "read":
            return t("jr.act.read", item=self.scroll(str(a[0])))
        if n == "stairs":
            if a[0] == "up" and s.floor == 1:
                return t("jr.act.stairs.surface")
            return t(f"jr.act.stairs.{a[0]}", floor=s.floor + (1 if a[0] == "down" else -1))
        return t(f"jr.act.{n}")

    def _attack(self, k: int) -> str:
        """``attack:N``: a sleeping monster (§7.11.1), or a displayed item, which a xeroc may be
        (§7.14.8): the label says which the table shows, and whether a xeroc can be on this floor
        at all (its monster window, §7.13; none hides while the PC is Clairvoyant)."""
        if k == 0:
            return self.t("jr.act.attack.passage", target=self.monster(0))
        sl = self.slot(k)
        if sl is not None and sl.get("kind") == "monster":
            return self.t("jr.act.attack.monster", target=self.monster(k))
        tile = glyph(sl["tile"]) if sl is not None else "?"
        if mimic_on_floor(self.state.floor) and not self.state.status & CLAIR:
            return self.t("jr.act.attack.item", tile=tile, slot=k, mimic="@jr.mon.xeroc")
        return self.t("jr.act.attack.item.no_mimic", tile=tile, slot=k, mimic="@jr.mon.xeroc")

    def _pick(self, k: int) -> str:
        sl = self.slot(k)
        tile = sl["tile"] if sl is not None else "?"
        if sl is not None and sl.get("kind") == "gold":
            return self.t("jr.act.pick.gold", tile=glyph(tile), slot=k)
        what = CATEGORY[int(tile[1]) - 1] if len(tile) == 2 and tile[0] == "s" else "item"
        return self.t("jr.act.pick.item", tile=glyph(tile), slot=k, what=f"@jr.category.{what}")


def describe(cat: Catalogue, state: JongRogueState, action: Action, lang: str) -> str:
    """The label of ``action`` in ``lang``."""
    return Words(cat, state, lang).describe(action)


__all__ = ["LAB_NAMES", "RINGS", "Words", "describe"]
