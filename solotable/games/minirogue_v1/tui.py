"""The table of Mini Rogue v1.2.1: the character card, the dungeon card, the row of room cards
(columns of one or two cards, the boss card in a boss area) and the combat dice.

Drawn from the observation only (:mod:`solotable.games.minirogue_v1.observation`); card and game words
come from the game's catalogue (``mr1.*``), the board's own from ``tui.mr1.*``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from rich.text import Text
from textual.widgets import Static

from solotable.core.i18n import Catalogue, display_width, register_catalogue
from solotable.core.protocol import Game
from solotable.core.text_boxes import blank_box, box, fit, t
from solotable.core.text_layout import wrap
from solotable.games.minirogue_v1 import GAME as MINIROGUE_V1
from solotable.games.minirogue_v1.info import end_lines, phase_line
from solotable.games.minirogue_v1.observation import CardView, Observation

CATALOGUE = Catalogue.from_package(("solotable.games.minirogue_v1", "messages_tui.toml"))
register_catalogue(CATALOGUE)
CATALOGUE_GAME = MINIROGUE_V1.catalogue

CARD_INNER = 14
"""Columns inside a card box; five columns of cards (with the boss) take 5 × 16 = 80."""
COLUMN_STEP = 16
ROWS = 14
"""Rows the board may take at 80×24: the legend is left out when the rest needs them all."""
DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def card_mark(card: CardView) -> str:
    if card["chosen"]:
        return "✓"
    if not card["reachable"]:
        return "✗"
    return "?" if card["card"] is None else MAY_CHOOSE


MAY_CHOOSE = "◦"
"""The mark of a room that may still be chosen (not the separator dot ·, which it was: issue 20
item 9)."""
MARKS = (("✓", "chosen"), (MAY_CHOOSE, "may"), ("✗", "out"), ("?", "down"))
"""The room cards' marks, in the legend's order, with their ``tui.mr1.legend.*`` words."""


def legend(o: Observation, lang: str) -> str:
    """What the marks on the board mean: only the marks shown (issue 20 item 9)."""
    shown = {card_mark(card) for col in o["layout"] for card in col["cards"]}
    parts = [t("tui.mr1.legend.current", lang)] if any(col["current"] for col in o["layout"]) else []
    parts.extend(t(f"tui.mr1.legend.{key}", lang) for mark, key in MARKS if mark in shown)
    return t("tui.mr1.legend.sep", lang).join(parts)


def card_box(card: CardView, lang: str) -> list[str]:
    """A room card: its mark in the top border, its name inside."""
    name = t("tui.mr1.face_down", lang) if card["card"] is None else t(f"mr1.card.{card['card']}", lang)
    top, middle, bottom = box(name, CARD_INNER)
    return [top[0] + card_mark(card) + top[2:], middle, bottom]


def table_lines(o: Observation, lang: str, width: int = 80) -> list[str]:
    """The whole table as lines of at most ``width`` columns (14 lines or fewer at 80 columns)."""
    ch = o["character"]
    dg = o["dungeon"]
    lines: list[str] = []
    level_name = t(f"mr1.level.{dg['level']}", lang)
    where = t("mr1.view.where", lang, area=dg["area"], level=dg["level"], name=level_name,
              difficulty=t(f"mr1.difficulty.{o['difficulty']}", lang))  # fmt: skip
    bosses = t("mr1.view.bosses", lang, bosses=dg["bosses_slain"], score=o["score"])
    if display_width(where + "  " + bosses) <= width:
        lines.append(where + "  " + bosses)
    else:  # a second line (the legend then makes room if needed)
        lines.extend([where, bosses])
    stats = t("mr1.view.stats", lang, hp=ch["hp"], armor=ch["armor"], gold=ch["gold"], food=ch["food"],
              rank=ch["rank"])  # fmt: skip
    if ch["xp_to_next"] is None:
        xp = t("mr1.view.xp_max", lang)
    else:
        xp = t("mr1.view.xp", lang, xp=ch["xp"], need=ch["xp_to_next"], rank=ch["rank"] + 1)
    lines.append(stats)
    spells = t("mr1.ui.list", lang).join(t(f"mr1.spell.{sp}", lang) for sp in ch["spells"]) or t("mr1.view.none", lang)
    third = xp + "  " + t("mr1.view.spells", lang, spells=spells)
    if ch["key"] is not None:
        third += "  " + t("mr1.view.key_yes" if ch["key"] else "mr1.view.key_no", lang)
    lines.append(third)
    # the row of room cards: a heading per column, then up to two cards stacked
    heads: list[str] = []
    tops: list[list[str]] = []
    bottoms: list[list[str]] = []
    for col in o["layout"]:
        boss_col = col["column"] == 5
        head = t("tui.mr1.boss_column", lang) if boss_col else t("tui.mr1.column", lang, n=col["column"])
        heads.append(fit(("▶ " if col["current"] else "  ") + head, COLUMN_STEP))
        cards = col["cards"]
        tops.append(card_box(cards[0], lang))
        bottoms.append(card_box(cards[1], lang) if len(cards) > 1 else blank_box(CARD_INNER))
    lines.append("".join(heads).rstrip())
    for stack in (tops, bottoms):
        for row in range(3):
            lines.append("".join(fit(part[row], COLUMN_STEP) for part in stack).rstrip())
    lines.extend(fight_lines(o, lang))
    if o["event_roll"] is not None:
        lines.append(t("tui.mr1.event_roll", lang, face=o["event_roll"]))
    if o["trap"] is not None:
        lines.append(t("tui.mr1.trap", lang, trap=t(f"mr1.trap.{o['trap']}", lang)))
    if o["pending_spell"]:
        lines.append(t("tui.mr1.pending_spell", lang, spell=t(f"mr1.spell.{o['pending_spell']}", lang)))
    if o["over"]:
        lines.append(t("mr1.view.over_won" if o["won"] else "mr1.view.over_lost", lang, score=o["score"]))
        ending = end_lines(o, CATALOGUE_GAME, lang)[0]  # how it ended (the score sheet is in line mode)
        if display_width(ending) <= width:
            lines.append(ending)
    else:  # what the game waits for, when the rows allow it whole
        now = wrap(phase_line(o, CATALOGUE_GAME, lang), width)
        if len(lines) + len(now) <= ROWS:
            lines.extend(now)
    if len(lines) < ROWS:
        lines.append(legend(o, lang))
    return [fit(line, width).rstrip() for line in lines]




def fight_lines(o: Observation, lang: str) -> list[str]:
    cb = o["combat"]
    if cb is None:
        return []
    foe = t("mr1." + cb["foe"], lang)
    dg = o["dungeon"]
    if cb["hp"] is None:
        first = t("mr1.view.combat_hp_roll", lang, foe=foe, area=dg["area"], damage=cb["damage"])
    else:
        first = t("mr1.view.combat", lang, foe=foe, hp=cb["hp"], max_hp=cb["max_hp"], damage=cb["damage"])
    first = "⚔ " + first
    if cb["poison"]:
        first += "  " + t("mr1.view.poisoned", lang, count=cb["poison"])
    if cb["ice"]:
        first += "  " + t("mr1.view.frozen", lang)
    out = [first]
    if cb["dice"]:
        dice = " ".join(
            f"[{_face(d['value'])} {t('tui.mr1.die.' + d['status'], lang)}{'★' if d['feat_used'] else ''}]"
            for d in cb["dice"]
        )
        feat = any(d["feat_used"] for d in cb["dice"])  # the ★ explained only when shown (item 9)
        out.append(t("tui.mr1.dice_feat" if feat else "tui.mr1.dice", lang, dice=dice, total=cb["damage_now"]))
    return out


def _face(value: int) -> str:
    """A die as its face and number (``⚄5``); a critical's running total (above 6) as a number."""
    return f"{DIE_FACES[value - 1]}{value}" if 1 <= value <= 6 else str(value)


class Board(Static):
    """Mini Rogue v1.2.1's table (see the module docstring)."""

    DEFAULT_CSS = """
    Board { height: 1fr; min-height: 14; padding: 0 0; }
    """

    def __init__(self, game: Game, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        self._observation: Observation | None = None
        self._lang = "en"

    def show(self, observation: Mapping[str, Any], lang: str) -> None:
        self._observation = cast(Observation, observation)  # the game's observation (view.py)
        self._lang = lang
        self._redraw()

    def on_resize(self) -> None:
        self._redraw()

    def _redraw(self) -> None:
        if self._observation is None:
            return
        width = max(self.size.width, 80) if self.size.width else 80
        self.update(Text("\n".join(table_lines(self._observation, self._lang, width)), no_wrap=True))

    def details(self, lang: str) -> str | None:
        """What the marks mean and which room cards are still face down."""
        o = self._observation
        if o is None:
            return None
        lines = [t("tui.mr1.details_marks", lang)]
        names = t("mr1.ui.list", lang).join(t(f"mr1.card.{c}", lang) for c in o["unrevealed"])
        names = names or t("mr1.view.none", lang)
        lines.append(t("tui.mr1.details_unrevealed", lang, cards=names))
        lines.append(t("tui.mr1.details_dice", lang))
        return "\n".join(lines)
