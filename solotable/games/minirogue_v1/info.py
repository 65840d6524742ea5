"""What a player of Mini Rogue v1.2.1 can read at the table, in words: the cards' texts and
tables (``info_entries``, the ``i`` key), what the game waits for now (``phase_line``), what a die
or a card is drawn for (``chance_label``), and the end of the game (``end_lines``).

Everything is built from the game's data (``cards.toml``) and catalogue, never from the rules'
code: the numbers a player reads are those the rules use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from solotable.core.i18n import Catalogue
from solotable.core.protocol import Action, InfoEntry

from .data import SPELLS, data
from .state import CARD_NAMES, FOE_BOSS, FOE_EVENT, NO_FOE, MiniRogueState

if TYPE_CHECKING:
    from .observation import Observation

D = data()

Text = Callable[..., str]


def _t(cat: Catalogue, lang: str) -> Text:
    def text(key: str, **params: object) -> str:
        return cat.text(key, lang, **params)

    return text


def _foe_name(s: MiniRogueState, t: Text) -> str:
    if s.foe == FOE_BOSS:
        return t(f"mr1.boss.{s.level}")
    if s.foe == FOE_EVENT:
        return t("mr1.event_monster")
    return t(f"mr1.monster.{s.level}")


# -- the cards (the i key) ---------------------------------------------------------------------------


def info_entries(s: MiniRogueState, cat: Catalogue, lang: str) -> list[InfoEntry]:
    """Every card and table on the table, the foe first while there is one, then the room card
    being resolved, then the rest in a fixed order (keys ``foe``, ``card:<id>``, ``spells``...)."""
    t = _t(cat, lang)
    rank = s.rank
    rows = t  # a row of a d6 table: "1: text"
    cards: dict[str, str] = {}
    cards["monster"] = "\n".join(
        [t("mr1.info.monster")]
        + [
            t(
                "mr1.info.monster_row",
                level=lv.number,
                name=t(f"mr1.level.{lv.number}"),
                monster=t(f"mr1.monster.{lv.number}"),
                damage=lv.monster_damage,
                xp=lv.monster_xp,
            )
            for lv in D.levels
        ]
    )
    boss_rows = []
    for lv in D.levels:
        if lv.number == len(D.levels):
            boss_rows.append(
                t(
                    "mr1.info.boss_last",
                    level=lv.number,
                    boss=t(f"mr1.boss.{lv.number}"),
                    hp=lv.boss_hp,
                    damage=lv.boss_damage,
                )
            )
        else:
            boss_rows.append(
                t(
                    "mr1.info.boss_row",
                    level=lv.number,
                    boss=t(f"mr1.boss.{lv.number}"),
                    hp=lv.boss_hp,
                    damage=lv.boss_damage,
                    gold=lv.boss_gold,
                    xp=lv.boss_xp,
                )
            )
    cards["boss"] = "\n".join([t("mr1.info.boss"), *boss_rows])
    item_rows = [
        rows("mr1.info.row", face=i + 1, text=t(f"mr1.item.{item}")) for i, item in enumerate(D.treasure_items)
    ]
    cards["treasure"] = "\n".join(
        [
            t(
                "mr1.info.treasure",
                plain=D.treasure_gold_plain,
                after=D.treasure_gold_after_monster,
                gate=D.treasure_item_gate,
            ),
            *item_rows,
        ]
    )
    cards["merchant"] = "\n".join(
        [
            t("mr1.info.merchant"),
            *(t("mr1.info.price", ware=t(f"mr1.ware.{name}"), price=ware.price) for name, ware in D.wares.items()),
            t("mr1.info.sell", armor=D.sell_armor, spell=D.sell_spell),
        ]
    )
    cards["resting"] = "\n".join([t("mr1.info.resting"), *(t(f"mr1.rest.{o}") for o in ("xp", "food", "hp"))])
    cards["event"] = "\n".join(
        [
            t("mr1.info.event"),
            *(rows("mr1.info.row", face=i + 1, text=t(f"mr1.event.{r}")) for i, r in enumerate(D.event_results)),
            t("mr1.info.event_monster", xp=D.event_monster_xp),
            t("mr1.info.event_check", rank=rank),
        ]
    )
    dest = D.pit_destination.get(s.area)
    trap_lines = [
        t("mr1.info.trap"),
        *(rows("mr1.info.row", face=i + 1, text=t(f"mr1.trap.{r}")) for i, r in enumerate(D.trap_results)),
        t("mr1.info.trap_check", rank=rank, hp=D.trap_unpayable_hp),
        t("mr1.info.pit_to", area=dest) if dest is not None else t("mr1.info.pit_none"),
    ]
    if s.keys:
        trap_lines.append(t("mr1.info.key"))
    cards["trap"] = "\n".join(trap_lines)

    out: list[InfoEntry] = []
    if s.foe != NO_FOE:
        taken = max(0, s.foe_damage - s.armor)
        if s.phase.name == "monster_hp":
            text = t(
                "mr1.info.foe_rolling",
                foe=_foe_name(s, t),
                area=s.area,
                damage=s.foe_damage,
                taken=taken,
                armor=s.armor,
            )
        else:
            text = t(
                "mr1.info.foe",
                foe=_foe_name(s, t),
                hp=s.foe_hp,
                max_hp=s.foe_max_hp,
                damage=s.foe_damage,
                taken=taken,
                armor=s.armor,
            )
        out.append(InfoEntry("foe", t("mr1.info.title.foe"), text))
    order = list(CARD_NAMES)
    if 0 <= s.card < len(CARD_NAMES) and not s.over:  # the room being resolved first
        order.remove(CARD_NAMES[s.card])
        order.insert(0, CARD_NAMES[s.card])
    out.extend(InfoEntry(f"card:{c}", t(f"mr1.card.{c}"), cards[c]) for c in order)
    spells = [
        t("mr1.info.spells"),
        t("mr1.info.fire", damage=D.fire_damage),
        t("mr1.info.ice"),
        t("mr1.info.poison", damage=D.poison_damage),
        t("mr1.info.heal", hp=D.heal_hp),
    ]
    out.append(InfoEntry("spells", t("mr1.info.title.spells"), "\n".join(spells)))
    out.append(InfoEntry("combat", t("mr1.info.title.combat"), t("mr1.info.combat")))
    steps = (t("mr1.info.xp_step", low=r + 1, high=r + 2, need=need) for r, need in enumerate(D.xp_to_next))
    xp = t("mr1.ui.list").join(steps)
    out.append(
        InfoEntry(
            "character",
            t("mr1.info.title.character"),
            t(
                "mr1.info.character",
                hp=D.cap_hp,
                armor=D.cap_armor,
                gold=D.cap_gold,
                food=D.cap_food,
                xp=xp,
                top=D.cap_rank,
            ),
        )
    )
    levels = [
        t(
            "mr1.info.level_row",
            level=lv.number,
            name=t(f"mr1.level.{lv.number}"),
            areas=f"{lv.areas[0]}–{lv.areas[-1]}",
        )
        for lv in D.levels
    ]
    out.append(
        InfoEntry(
            "dungeon", t("mr1.info.title.dungeon"), "\n".join([t("mr1.info.dungeon", hp=D.starvation_hp), *levels])
        )
    )
    sc = D.score
    out.append(
        InfoEntry(
            "score",
            t("mr1.info.title.score"),
            t(
                "mr1.info.score",
                bonus=D.difficulties[s.difficulty].score_bonus,
                area=sc.area,
                bosses=sc.bosses,
                rank=sc.rank,
                hp=sc.hp,
                gold=sc.gold,
                spells=sc.spells,
                armor=sc.armor,
                food=sc.food,
            ),
        )
    )
    return out


# -- what the game waits for -----------------------------------------------------------------------


def phase_line(o: Observation, cat: Catalogue, lang: str) -> str:
    """What the game waits for now, in words: which draw and what it is for, or which decision
    (from the observation, so that line mode and the board say the same)."""
    t = _t(cat, lang)
    name = o["phase"]
    rank = o["character"]["rank"]
    if name == "over":
        return ""
    if name == "reveal":
        column = next((c["column"] for c in o["layout"] if c["current"]), 1)
        return t("mr1.phase.reveal_pair" if column == 2 else "mr1.phase.reveal", column=column)
    if name == "monster_hp":
        return t("mr1.phase.monster_hp", area=o["dungeon"]["area"])
    if name == "treasure_gate":
        return t("mr1.phase.treasure_gate", gate=D.treasure_item_gate)
    if name == "item_roll":
        table = t("mr1.ui.list").join(
            f"{i + 1} {t(f'mr1.spell.{it}') if it in SPELLS else t(f'mr1.item.{it}')}"
            for i, it in enumerate(D.treasure_items)
        )
        return t("mr1.phase.item_roll", table=table)
    if name in ("event_skill", "trap_skill", "attack_roll"):
        return t(f"mr1.phase.{name}", rank=rank)
    if name in ("crit_roll", "feat_roll"):
        return t(f"mr1.phase.{name}", die=o["rerolling"] or 1)
    if name == "event_check" and o["event_roll"] is not None:
        face = o["event_roll"]
        below = t("mr1.info.row", face=face - 1, text=t(f"mr1.event.{D.event_results[face - 2]}")) if face > 1 else "-"
        above = t("mr1.info.row", face=face + 1, text=t(f"mr1.event.{D.event_results[face]}")) if face < 6 else "-"
        result = t(f"mr1.event.{D.event_results[face - 1]}")
        return t("mr1.phase.event_check", face=face, result=result, rank=rank, below=below, above=above)
    return t(f"mr1.phase.{name}")


def chance_label(s: MiniRogueState, action: Action, cat: Catalogue, lang: str) -> str | None:
    """A die's face in words, with what it is rolled for (None: not a die of this game)."""
    if action.name != "d6":
        return None
    t = _t(cat, lang)
    face = int(action.args[0])
    name = s.phase.name
    if name == "monster_hp":
        return t("mr1.act.d6.monster_hp", face=face, area=s.area, hp=s.area + face)
    if name == "treasure_gate":
        key = "mr1.act.d6.treasure_yes" if face >= D.treasure_item_gate else "mr1.act.d6.treasure_no"
        return t(key, face=face, gate=D.treasure_item_gate)
    if name == "item_roll":
        return t("mr1.act.d6.item_roll", face=face, item=t(f"mr1.item.{D.treasure_items[face - 1]}"))
    if name == "event_roll":
        return t("mr1.act.d6.event_roll", face=face, result=t(f"mr1.event.{D.event_results[face - 1]}"))
    if name == "trap_roll":
        return t("mr1.act.d6.trap_roll", face=face, trap=t(f"mr1.trap.{D.trap_results[face - 1]}"))
    if name in ("event_skill", "trap_skill"):
        return t("mr1.act.d6.skill_ok" if face <= s.rank else "mr1.act.d6.skill_fail", face=face, rank=s.rank)
    if name == "crit_roll" and s.rerolling >= 0:
        die = s.rerolling + 1
        if face == 1:
            return t("mr1.act.d6.crit_miss", die=die)
        return t("mr1.act.d6.crit_roll", die=die, face=face, value=s.dice[s.rerolling] + face)
    if name == "feat_roll" and s.rerolling >= 0:
        return t("mr1.act.d6.feat_roll", die=s.rerolling + 1, face=face)
    return None


# -- the end ----------------------------------------------------------------------------------------


def end_lines(o: Observation, cat: Catalogue, lang: str) -> list[str]:
    """How the game ended and the score sheet, in words (empty while it goes on)."""
    if not o["over"]:
        return []
    t = _t(cat, lang)
    ch = o["character"]
    dg = o["dungeon"]
    level = dg["level"]
    where = {"area": dg["area"], "level": level, "name": t(f"mr1.level.{level}")}
    cause = o["cause"] or "monster"
    if cause == "boss":
        first = t("mr1.end.boss", boss=t(f"mr1.boss.{level}"), **where)
    else:
        first = t(f"mr1.end.{cause}", **where)
    sc = D.score
    score = t(
        "mr1.end.score",
        score=o["score"],
        bonus=D.difficulties[o["difficulty"]].score_bonus,
        area=D.final_area if o["won"] else dg["area"],
        bosses=dg["bosses_slain"],
        rank=ch["rank"],
        hp=ch["hp"],
        gold=ch["gold"],
        spells=len(ch["spells"]),
        armor=ch["armor"],
        food=ch["food"],
        k_area=sc.area,
        k_bosses=sc.bosses,
        k_rank=sc.rank,
        k_hp=sc.hp,
        k_gold=sc.gold,
        k_spells=sc.spells,
        k_armor=sc.armor,
        k_food=sc.food,
    )
    return [first, score]
