"""JongRogue in words: the label of every action, from the catalogue and what is in view.

Labels name the thing an action acts on as the table shows it (the observation: a face-down
tile is not named, a disguised xeroc is an item), with its tile written as a tile (``5萬``).
"""

from __future__ import annotations

from solotable.core.action import Action
from solotable.core.i18n import Catalogue

from .observation import SlotView, observation
from .state import JongRogueState
from .tiles import glyph


def slot_shown(state: JongRogueState, k: int) -> SlotView | None:
    """What slot number ``k`` (1-based) of the PC's room shows, or None."""
    if state.pos == 2:  # in a passage: no room
        return None
    for sl in observation(state)["map"][state.room]["slots"]:
        if sl["slot"] == k:
            return sl
    return None


def describe(cat: Catalogue, state: JongRogueState, action: Action, lang: str) -> str:
    """The label of ``action`` in ``lang``."""
    t = cat.text
    a = action.args
    n = action.name
    if n == "tile":
        return t("jr.act.tile", lang, tile=a[0])
    if n == "lab":
        return t("jr.act.lab", lang, tile=a[0])
    if n == "link":
        return t("jr.act.link", lang, row=a[0])
    if n in ("door", "search") or (n == "flee" and a and a[0] in ("N", "E", "S", "W")):
        return t(f"jr.act.{n}", lang, side=f"@jr.side.{a[0]}")
    if n == "flee" and not a:
        return t("jr.act.flee.default", lang)
    if n in ("go",) or (n == "flee" and a):
        return t(f"jr.act.{n}.{a[0]}", lang)
    if n == "shoot":
        return t("jr.act.shoot", lang, slot=a[0], item=f"@jr.item.{a[1]}")
    if n == "attack":
        return _attack(cat, state, int(a[0]), lang)
    if n in ("hit", "pick", "wield", "wear", "puton", "remove"):
        return t(f"jr.act.{n}", lang, slot=a[0] if a else 0)
    if n == "drop":
        return t("jr.act.drop", lang, what=f"@jr.drop.{a[0]}", slot=a[1])
    if n == "read" and len(a) > 1:  # D63: a monster named before reading
        return t("jr.act.read.named", lang, app=a[0], slot=a[1])
    if n in ("identify", "discard") and len(a) > 1:
        return t(f"jr.act.{n}", lang, what=f"@jr.drop.{a[0]}", slot=a[1])
    if n in ("identify", "discard"):
        return t(f"jr.act.{n}.app", lang, app=a[0])
    if n in ("quaff", "read"):
        return t(f"jr.act.{n}", lang, app=a[0])
    if n == "stairs":
        return t(f"jr.act.stairs.{a[0]}", lang)
    return t(f"jr.act.{n}", lang)


def _attack(cat: Catalogue, state: JongRogueState, k: int, lang: str) -> str:
    """``attack:N``: a sleeping monster (§7.11.1), or a displayed item, which a xeroc may be
    (§7.14.8): the label says which the table shows."""
    t = cat.text
    if k == 0:
        pm = observation(state)["passage_monster"]
        return t("jr.act.attack.passage", lang, monster=f"@jr.mon.{pm['monster']}" if pm else "-")
    sl = slot_shown(state, k)
    if sl is not None and sl.get("kind") == "monster":
        return t("jr.act.attack.monster", lang, monster=f"@jr.mon.{sl.get('monster', '')}", tile=glyph(sl["tile"]),
                 slot=k)  # fmt: skip
    tile = glyph(sl["tile"]) if sl is not None else "?"
    return t("jr.act.attack.item", lang, tile=tile, slot=k, mimic="@jr.mon.xeroc")
