"""Everything a player could read at the table about what is in view (``Game.info_entries``).

Each tile of the PC's room and the passage monster (what it is, its numbers, its abilities), the
character sheet (the numbers each check needs), the food clock, each carried thing (what it does,
as far as it is known), each status, and the tables a player keeps at hand: the monster window of
this floor, what the tiles mean, the traps, the items, the odds of 1d9 and 2d9. Only what the
observation shows: a face-down tile, an unrevealed link or an unknown ring is said to be unknown.
"""

from __future__ import annotations

from collections.abc import Callable

from solotable.core.i18n import Catalogue
from solotable.core.protocol import InfoEntry

from .notation import glyph
from .observation import SlotView, observation
from .state import (
    PASSAGE,
    POTIONS,
    SCROLLS,
    JongRogueState,
    R,
    mimic_on_floor,
)

CATEGORY: tuple[str, ...] = R.item.category_by_s.value
C = R.combat


def _odds(n: int, sides: int = 9) -> list[int]:
    """Percent (rounded) of nd9 >= k for k = n .. 9n (§2.7, independent draws)."""
    ways = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for v, w in ways.items():
            for f in range(1, sides + 1):
                nxt[v + f] = nxt.get(v + f, 0) + w
        ways = nxt
    total = sides**n
    return [round(100 * sum(w for v, w in ways.items() if v >= k) / total) for k in range(n, sides * n + 1)]


def info_entries(cat: Catalogue, s: JongRogueState, lang: str) -> list[InfoEntry]:
    def t(key: str, **params: str | int) -> str:
        return cat.text(key, lang, **params)

    o = observation(s)
    out: list[InfoEntry] = []
    add: Callable[[str, str, str], None] = lambda key, title, text: out.append(InfoEntry(key, title, text))  # noqa: E731

    # the tiles in view: the PC's room (or the room at whose door it stands) and the passage
    if s.pos != PASSAGE:
        for sl in o["map"][s.room]["slots"]:
            add(f"slot:{sl['slot']}", t("jr.info.slot", slot=sl["slot"], tile=glyph(sl["tile"])), _slot(t, s, sl))
    pm = o["passage_monster"]
    if pm is not None and s.pmon is not None:
        add("passage:monster", t("jr.info.passage"), _monster(t, s, s.pmon.mon.id, pm["hp"], pm["status"]))

    # the character sheet and the food clock
    sh = o["sheet"]
    w = s.weapon()
    ench = w.enchant if w and w.known else 0
    melee = min(18, max(C.pc_target_min.value, C.pc_melee_base.value - s.level // C.hit_level_div.value - ench))
    ranged = max(C.pc_target_min.value, C.pc_ranged_base.value - s.level // C.hit_level_div.value)
    xp_table = R.level.xp_table.value
    nxt = xp_table[s.level] if s.level < len(xp_table) else s.xp
    regen = R.hp.regen.value[0] + s.level // R.hp.regen.value[1]
    add("sheet:character", t("jr.info.title.character"),
        t("jr.info.character", level=sh["level"], xp=sh["xp"], next=nxt, hp=sh["hp"], max_hp=sh["max_hp"],
          regen=regen, strength=f"{s.eff_strength():+d}", defence=s.defence(), melee=melee, ranged=ranged))
    add("sheet:food", t("jr.info.title.food"),
        t("jr.info.food", food=sh["food"], max=R.food.max.value, pile=o["pile"], discard=o["discard"],
          floor_tiles=9 * R.map.encounter_tiles_per_room.value))  # fmt: skip
    add("sheet:stairs", t("jr.info.title.stairs"), t(f"jr.info.stairs.{sh['stairs']}", floor=R.amulet.floor.value))
    for st in sh["status"]:
        add(f"status:{st}", t(f"jr.status.{st}"), t(f"jr.statusinfo.{st}"))

    # what is carried
    for i, wp in enumerate(s.weapons, start=1):
        state = t("jr.info.state", ench=wp.enchant) if wp.known else t("jr.view.state.unknown")
        if wp.known and wp.cursed:
            state += t("jr.view.sep") + t("jr.view.state.cursed")
        add(f"weapon:{i}", t(f"jr.item.{wp.kind}"),
            t("jr.info.weapon", damage=C.weapon_damage.value[wp.kind], state=state))  # fmt: skip
    if s.bow or any(s.missiles):
        names = [t("jr.item.bow")] if s.bow else []
        missiles = zip(("arrows", "darts", "shuriken"), s.missiles, strict=True)
        names += [t(f"jr.item.{m}") for m, have in missiles if have]
        add("ranged", t("jr.info.title.ranged"), t("jr.info.ranged", items=t("jr.view.sep").join(names)))
    for i, a in enumerate(s.armours, start=1):
        state = t("jr.info.state", ench=a.enchant) if a.known else t("jr.view.state.unknown")
        if a.known and a.cursed:
            state += t("jr.view.sep") + t("jr.view.state.cursed")
        if a.protected:
            state += t("jr.view.sep") + t("jr.view.state.protected")
        add(f"armour:{i}", t(f"jr.item.{a.kind}"),
            t("jr.info.armour", value=C.armour_value.value[a.kind], state=state))  # fmt: skip
    for i, r in enumerate(s.rings, start=1):
        if r.kind is None:
            add(f"ring:{i}", t("jr.name.ring_unknown", n=i), t("jr.iteminfo.ring"))
        else:
            text = t(f"jr.ringinfo.{r.kind}")
            if r.cursed:
                text = t("jr.info.then", first=text, then=t("jr.info.cursed_ring"))
            add(f"ring:{i}", t(f"jr.ring.{r.kind}"), text)
    for app, n in o["pack"]["potions"].items():
        name = o["identified"]["potions"].get(app)
        text = t(f"jr.potioninfo.{POTIONS.index(name)}") if name else t("jr.info.unidentified")
        title = t(f"jr.potion.{POTIONS.index(name)}") if name else t("jr.name.potion_unknown", tile=glyph(app))
        add(f"potion:{app}", f"{title} ×{n}", text)
    for app, n in o["pack"]["scrolls"].items():
        name = o["identified"]["scrolls"].get(app)
        text = t(f"jr.scrollinfo.{SCROLLS.index(name)}") if name else t("jr.info.unidentified")
        title = t(f"jr.scroll.{SCROLLS.index(name)}") if name else t("jr.name.scroll_unknown", tile=glyph(app))
        add(f"scroll:{app}", f"{title} ×{n}", text)

    # the tables at hand
    window = t("jr.view.sep").join(
        f"{n}萬 " + t(f"jr.mon.{R.monster_for(n, s.floor).id}") for n in range(1, 10))
    add("table:window", t("jr.info.title.window", floor=s.floor), window)
    add("table:tiles", t("jr.info.title.tiles"), t("jr.info.tiles"))
    join = t("jr.info.join")
    add("table:traps", t("jr.info.title.traps"),
        join.join(t("jr.info.entry", tile=f"{n}筒", name=f"@jr.trap.{n}", text=f"@jr.trapinfo.{n}")
                  for n in range(1, 7)))  # fmt: skip
    items = []
    for n, c in enumerate(CATEGORY, start=1):
        text = t(f"jr.iteminfo.{c}", gain=R.food.item_gain.value, max=R.food.max.value)
        items.append(text if c == "amulet_or_food" else f"{n}索 " + text)
    add("table:items", t("jr.info.title.items"), join.join(items))
    sep = t("jr.view.sep")
    one = sep.join(t("jr.info.odds", k=k, p=p) for k, p in zip(range(1, 10), _odds(1), strict=True))
    two = sep.join(t("jr.info.odds", k=k, p=p) for k, p in zip(range(2, 19), _odds(2), strict=True))
    add("table:checks", t("jr.info.title.checks"), t("jr.info.checks", one=one, two=two))
    discard = " ".join(f"{glyph(k)}×{n}" for k, n in o["discard_tiles"].items()) or t("jr.view.none")
    add("table:discard", t("jr.info.title.discard"), discard)
    return out


def _slot(t: Callable[..., str], s: JongRogueState, sl: SlotView) -> str:
    tile = sl["tile"]
    if tile == "?":
        return t("jr.info.unseen") if sl.get("unseen") else t("jr.info.face_down")
    kind = sl.get("kind", "item")
    if kind == "monster":
        return _monster(t, s, sl.get("monster", ""), sl.get("hp", 0), sl.get("status", []))
    if kind == "trap":
        n = sl.get("trap", 1)
        trap = t("jr.info.trap", trap=f"@jr.trap.{n}", spring=R.trap.spring.value)
        return t("jr.info.then", first=trap, then=t(f"jr.trapinfo.{n}"))
    if kind == "gold":
        return t("jr.info.gold", floor=s.floor)
    item = t(f"jr.iteminfo.{CATEGORY[int(tile[1]) - 1]}", gain=R.food.item_gain.value, max=R.food.max.value)
    return t("jr.info.then", first=item, then=t("jr.info.mimic")) if mimic_on_floor(s.floor) else item


def _monster(t: Callable[..., str], s: JongRogueState, mid: str, hp: int, status: list[str]) -> str:
    mon = next(m for m in R.monsters if m.id == mid)
    dmg = t("jr.info.counter") if mon.dmg < 0 else str(mon.dmg)
    need = min(C.monster_target_max.value, mon.attack + s.defence())
    text = t("jr.info.monster", monster=f"@jr.mon.{mid}", hp=hp, max=mon.hp, dmg=dmg, need=need, attack=mon.attack,
             xp=mon.xp, drop=mon.drop, sleep=f"@jr.info.sleep.{mon.sleep}",
             wanders=f"@jr.word.{'yes' if mon.wanders else 'no'}")  # fmt: skip
    if status:
        shown = t("jr.view.sep").join(t(f"jr.mstatus.{x}") for x in status)
        text = t("jr.info.then", first=text, then=t("jr.info.mstatus", status=shown))
    for ab in mon.abilities:
        text = t("jr.info.then", first=text, then=t(f"jr.ability.{ab}"))
    return text


__all__ = ["info_entries"]
