"""Mini Rogue v1.2.1 as text for line-mode play: the table drawn from the observation
(:mod:`.observation`), with what the game waits for now or how it ended (:mod:`.info`)."""

from __future__ import annotations

from solotable.core.i18n import Catalogue, display_width, pad_to

from .info import end_lines, phase_line
from .observation import observation
from .rules import ATTACK_ROLL
from .state import MiniRogueState


def render_text(s: MiniRogueState, cat: Catalogue, lang: str) -> str:
    """The table as plain text: character card, dungeon, layout, combat."""
    o = observation(s)
    t = cat.text
    ch = o["character"]
    dg = o["dungeon"]
    lines: list[str] = []
    level_name = t(f"mr1.level.{dg['level']}", lang)
    lines.append(
        t(
            "mr1.view.where",
            lang,
            area=dg["area"],
            level=dg["level"],
            name=level_name,
            difficulty=t(f"mr1.difficulty.{o['difficulty']}", lang),
        )
    )
    lines.append(
        t("mr1.view.stats", lang, hp=ch["hp"], armor=ch["armor"], gold=ch["gold"], food=ch["food"], rank=ch["rank"])
    )
    if ch["xp_to_next"] is None:
        lines.append(t("mr1.view.xp_max", lang))
    else:
        lines.append(t("mr1.view.xp", lang, xp=ch["xp"], need=ch["xp_to_next"], rank=ch["rank"] + 1))
    spells = t("mr1.ui.list", lang).join(t(f"mr1.spell.{sp}", lang) for sp in ch["spells"]) or t("mr1.view.none", lang)
    extra = ""
    if ch["key"] is not None:
        extra = "  " + t("mr1.view.key_yes" if ch["key"] else "mr1.view.key_no", lang)
    lines.append(t("mr1.view.spells", lang, spells=spells) + extra)
    lines.append(t("mr1.view.bosses", lang, bosses=dg["bosses_slain"], score=o["score"]))
    # Layout: one column per card column, pairs stacked.
    row_top: list[str] = []
    row_bottom: list[str] = []
    for col in o["layout"]:
        cells = []
        for card in col["cards"]:
            name = t("mr1.view.face_down", lang) if card["card"] is None else t(f"mr1.card.{card['card']}", lang)
            mark = "*" if card["chosen"] else (" " if card["reachable"] else "x")
            cells.append(f"[{name}]{mark}")
        prefix = ">" if col["current"] else " "
        row_top.append(prefix + cells[0])
        row_bottom.append(" " + (cells[1] if len(cells) > 1 else ""))
    width = max(display_width(c) for c in row_top + row_bottom) + 1
    lines.append("".join(pad_to(c, width) for c in row_top).rstrip())
    lines.append("".join(pad_to(c, width) for c in row_bottom).rstrip())
    lines.append(t("mr1.view.legend", lang))
    if o["combat"] is not None:
        cb = o["combat"]
        foe = t("mr1." + cb["foe"], lang)
        if cb["hp"] is None:
            lines.append(t("mr1.view.combat_hp_roll", lang, foe=foe, area=dg["area"], damage=cb["damage"]))
        else:
            lines.append(t("mr1.view.combat", lang, foe=foe, hp=cb["hp"], max_hp=cb["max_hp"], damage=cb["damage"]))
        if cb["poison"]:
            lines.append(t("mr1.view.poisoned", lang, count=cb["poison"]))
        if cb["ice"]:
            lines.append(t("mr1.view.frozen", lang))
        if cb["dice"]:
            dice = "  ".join(
                f"#{d['die']}:{d['value']}"
                + {"open": "!", "miss": "✗", "hit": ""}[d["status"]]
                + ("ᶠ" if d["feat_used"] else "")
                for d in cb["dice"]
            )
            # the legend names only the marks shown (issue 20: "feat used" with no feat used)
            shown = [(mark, key) for mark, key in (("!", "open"), ("✗", "miss"), ("ᶠ", "feat")) if mark in dice]
            legend = "".join(t("mr1.view.dice_sep", lang) + t(f"mr1.view.mark_{key}", lang) for _, key in shown)
            lines.append(t("mr1.view.dice", lang, dice=dice, total=cb["damage_now"], legend=legend))
        elif s.phase is ATTACK_ROLL:
            lines.append(t("mr1.view.to_roll", lang, n=s.rank))
    if o["over"]:
        lines.append(t("mr1.view.over_won" if o["won"] else "mr1.view.over_lost", lang, score=o["score"]))
        lines.extend(end_lines(o, cat, lang))
    else:
        lines.append(phase_line(o, cat, lang))
    return "\n".join(lines)
