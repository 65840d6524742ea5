"""What a player could read at the table, in words (issue 11 item 8): the ``i`` key and ``info``.

Every room card turned up says what it does (a monster's row on each floor, a trap's and a
graveyard's rows by the black die, a merchant's prices on this floor, a treasure's and the
shrine's tables, an item's price and free feats), and so do the boss, the foe fought, the Reward
card and its Ghost side, the potions, the icons, the characters' skills and the XP track. All from
the data in force (a ``--cards`` correction shows as corrected).
"""

from __future__ import annotations

from solotable.core.i18n import Catalogue
from solotable.core.protocol import InfoEntry

from .data import POTIONS, ROOM_CARDS, ROOM_TYPE, ROOM_TYPES, Data, Foe, Options
from .state import MiniRogueState
from .view import effects_text

ICONS = ("curse", "poison", "blind", "weaken", "ignore_armor", "regenerate", "fall")


def options_text(cat: Catalogue, options: Options, lang: str) -> str:
    return cat.text("mr.info.or", lang).join(effects_text(cat, o, lang) for o in options)


def _faces(faces: list[int]) -> str:
    return "-".join(str(f) for f in (faces[0], faces[-1])) if len(faces) > 1 else str(faces[0])


def _foe_line(cat: Catalogue, foe: Foe, lang: str) -> str:
    icons = cat.text("mr.ui.list", lang).join(cat.text(f"mr.icon.{i}", lang) for i in foe.icons)
    line = cat.text(
        "mr.info.foe_line", lang, foe=f"@mr.name.{foe.name}", hp=foe.hp, hp2=foe.hp2, damage=foe.damage,
        icons=icons or cat.text("mr.info.no_icon", lang),
    )  # fmt: skip
    if foe.reward:
        line += cat.text("mr.info.reward", lang, reward=effects_text(cat, foe.reward, lang))
    return line


def card_text(cat: Catalogue, d: Data, card: str, floor: int, lang: str) -> str:
    """What the room card ``card`` does (on ``floor`` where it matters)."""
    t = cat.text
    kind = ROOM_TYPE[ROOM_CARDS.index(card)]
    lines: list[str] = [t(f"mr.info.kind.{kind}", lang)]
    if kind == "monster":
        for n, foe in enumerate(d.monsters[card], start=1):
            mark = "▶" if n == floor else " "
            lines.append(mark + t("mr.info.floor_row", lang, floor=n, text=_foe_line(cat, foe, lang)))
    elif kind == "trap":
        rows = d.traps[card]
        groups: list[tuple[list[int], int]] = []
        for face in range(1, 7):
            if groups and rows[groups[-1][1]] == rows[face - 1]:
                groups[-1][0].append(face)
            else:
                groups.append(([face], face - 1))
        for faces, i in groups:
            trap = rows[i]
            fail, success = effects_text(cat, trap.fail, lang), effects_text(cat, trap.success, lang)
            lines.append(t("mr.info.trap_row", lang, faces=_faces(faces), row=f"@mr.name.{trap.name}", fail=fail,
                           success=success))  # fmt: skip
    elif kind == "graveyard":
        for face, grave in enumerate(d.graveyards[card], start=1):
            lines.append(t("mr.info.row", lang, face=face, row=f"@mr.name.{grave.name}",
                           what=options_text(cat, grave.options, lang)))  # fmt: skip
    elif kind == "campfire":
        lines.append(options_text(cat, d.campfires[card], lang))
    elif kind == "merchant":
        m = d.merchants[card]
        for w in m.wares:
            lines.append(t("mr.info.ware", lang, ware=f"@mr.ware.{w.key}", price=w.cost(floor),
                           per_floor=t("mr.info.per_floor", lang) if w.per_floor else ""))  # fmt: skip
        lines.append(t("mr.info.sell", lang, armor=m.sell_armor, potion=m.sell_potion))
    elif kind == "treasure":
        tr = d.treasures[card]
        types = t("mr.info.or", lang).join(
            t(f"mr.info.type.{r}", lang) for i, r in enumerate(ROOM_TYPES) if tr.condition >> i & 1
        )
        lines.append(t("mr.info.treasure_gold", lang, gold=tr.gold, more=tr.gold_condition, types=types))
        for face, options in enumerate(tr.rows, start=1):
            lines.append(t("mr.info.face", lang, face=face, what=options_text(cat, options, lang)))
    elif kind == "shrine":
        sh = d.shrine
        lines.append(t("mr.info.shrine_offer", lang, gold=sh.offer_gold, bonus=sh.offer_bonus))
        for face, options in enumerate(sh.rows, start=1):
            lines.append(t("mr.info.face", lang, face=face, what=options_text(cat, options, lang)))
    else:
        item = d.items[card]
        lines.append(t("mr.info.item_check", lang))
        for gear in dict.fromkeys(item.items):
            faces = [f for f, k in enumerate(item.items, start=1) if k == gear]
            lines.append(t("mr.info.item_face", lang, faces=_faces(faces), item=f"@mr.item.{gear}",
                           use=gear_text(cat, d, gear, lang)))  # fmt: skip
    return "\n".join(lines)


def gear_text(cat: Catalogue, d: Data, kind: str, lang: str) -> str:
    """What an item does (§6.4): its free feats, or the status it cures (MR-P13)."""
    use = d.gear[kind]
    if use.cure:
        return cat.text("mr.info.item_cure", lang, status=f"@mr.status.{use.cure}")
    return cat.text("mr.info.item_use_1" if use.free_feats == 1 else "mr.info.item_use", lang, n=use.free_feats)


def _boss_text(cat: Catalogue, d: Data, boss: str, floor: int, lang: str) -> str:
    t = cat.text
    if boss == "og":
        lines = [t("mr.info.og", lang)]
        lines.extend(_foe_line(cat, foe, lang) for foe in d.og)
        return "\n".join(lines)
    lines = [t("mr.info.boss", lang)]
    for n, foe in enumerate(d.bosses[boss], start=1):
        mark = "▶" if n == min(floor, 3) else " "
        lines.append(mark + t("mr.info.floor_row", lang, floor=n, text=_foe_line(cat, foe, lang)))
    return "\n".join(lines)


def _reward_text(cat: Catalogue, d: Data, floor: int, lang: str) -> str:
    t = cat.text
    lines = [t("mr.info.reward_card", lang, gold=d.reward_gold)]
    for face, options in enumerate(d.reward_rows, start=1):
        lines.append(t("mr.info.face", lang, face=face, what=options_text(cat, options, lang)))
    lines.append(t("mr.info.ghost_side", lang))
    for n, foe in enumerate(d.ghosts, start=1):
        mark = "▶" if n == floor else " "
        lines.append(mark + t("mr.info.floor_row", lang, floor=n, text=_foe_line(cat, foe, lang)))
    return "\n".join(lines)


def _potion_text(cat: Catalogue, d: Data, potion: str, lang: str) -> str:
    return cat.text(f"mr.info.potion.{potion}", lang, fire=d.fire_damage, healing=d.healing_hp, poison=d.poison_bonus)


def info_entries(cat: Catalogue, s: MiniRogueState, lang: str) -> list[InfoEntry]:
    """Everything in view, in words (see the module docstring)."""
    t = cat.text
    d = s.data
    floor = s.floor
    out: list[InfoEntry] = []
    cards: list[str] = []
    for pos in range(8):
        if s.grid[pos] >= 0 and ROOM_CARDS[s.grid[pos]] not in cards:
            cards.append(ROOM_CARDS[s.grid[pos]])
    for h in s.heroes:
        if h.item and d.item_card[h.item] not in cards:
            cards.append(d.item_card[h.item])
    if s.c_card and s.c_card not in cards:
        cards.append(s.c_card)
    for card in cards:
        out.append(InfoEntry(f"card:{card}", t(f"mr.card.{card}", lang), card_text(cat, d, card, floor, lang)))
    if s.foe is not None:
        foe = s.foe
        text = _foe_line(cat, foe, lang)
        text += "\n" + t("mr.info.foe_now", lang, hp=s.foe_hp, max=s.foe_max)
        out.append(InfoEntry("foe", t(f"mr.name.{foe.name}", lang), text))
    if s.boss:
        out.append(InfoEntry(f"boss:{s.boss}", t(f"mr.name.{s.boss}", lang), _boss_text(cat, d, s.boss, floor, lang)))
    out.append(InfoEntry("card:reward", t("mr.info.reward_title", lang), _reward_text(cat, d, floor, lang)))
    for potion in POTIONS:
        out.append(InfoEntry(f"potion:{potion}", t(f"mr.potion.{potion}", lang), _potion_text(cat, d, potion, lang)))
    for icon in ICONS:
        out.append(InfoEntry(f"icon:{icon}", t(f"mr.icon.{icon}", lang),
                             t(f"mr.info.icon.{icon}", lang, hp=d.regenerate_hp)))  # fmt: skip
    for h in s.heroes:
        out.append(InfoEntry(f"char:{h.char}", t(f"mr.char.{h.char}", lang),
                             t(f"mr.info.char.{h.char}", lang, heal=d.blessing_heal, stun=d.stun_per_armor,
                               tribute=d.tribute_per_hp, shield=d.shield_armor, cards=d.foresight_cards)))  # fmt: skip
    first, second = d.die_thresholds
    caps = d.caps
    out.append(InfoEntry("track", t("mr.info.track_title", lang), t(
        "mr.info.track", lang, first=first, second=second, cap=d.xp_cap, heal=d.heal_per_xp, hp=caps.hp,
        armor=caps.armor, gold=caps.gold, food=caps.food, potions=caps.potions, feat_xp=d.feat_xp, feat_hp=d.feat_hp,
        lack=d.lack_hp, eat=d.eat_food, starve=d.starve_hp,
    )))  # fmt: skip
    bosses = t("mr.ui.list", lang).join(str(a) for a in sorted(d.boss_areas))
    out.append(InfoEntry("dungeon", t("mr.info.dungeon_title", lang), t(
        "mr.info.dungeon", lang, area=s.area, floor=floor, bosses=bosses,
        fall=d.fall_to[s.area - 1] or t("mr.info.no_fall", lang),
    )))  # fmt: skip
    return out
