"""The table of Mini Rogue (2020): the 3×3 room grid with the heroes on it, the character mats,
the foe and the dice of each kind (white combat dice, black dungeon dice), skill checks and
offers between the two heroes of the co-op game.

Drawn from the observation only (:mod:`solotable.games.minirogue.view`); card and game words come
from the game's catalogue (``mr.*``), the board's own from ``tui.mr.*``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual.widgets import Static

from solotable.core.protocol import Game
from solotable.ui.tui.boards._common import fit, side_by_side, t
from solotable.ui.tui.i18n import register_board_catalogue

CATALOGUE = register_board_catalogue("messages_minirogue.toml")

CELL = 13
"""Columns inside a grid cell: the grid takes 3 × 14 + 1 = 43 columns, the mats the rest."""
GRID_WIDTH = 3 * (CELL + 1) + 1
EXIT = 8


def hero_marks(o: Mapping[str, Any], pos: int) -> str:
    seats = [str(h["seat"]) for h in o["heroes"] if (h["pos"][0] - 1) * 3 + h["pos"][1] - 1 == pos]
    return "".join(seats)


def cell_label(o: Mapping[str, Any], pos: int, lang: str) -> str:
    if pos == EXIT:
        name = t(f"mr.name.{o['boss']}", lang) if o["boss"] else t("mr.ui.exit", lang)
    else:
        card = o["grid"][pos]
        name = t(f"mr.card.{card}", lang) if card else t("tui.mr.face_down", lang)
    marks = hero_marks(o, pos)
    return f"{marks}▸{name}" if marks else f" {name}"


def grid_lines(o: Mapping[str, Any], lang: str) -> list[str]:
    sep = "─" * CELL
    lines = ["┌" + "┬".join([sep] * 3) + "┐"]
    for r in range(3):
        lines.append("│" + "│".join(fit(cell_label(o, r * 3 + c, lang), CELL) for c in range(3)) + "│")
        lines.append(("├" + "┼".join([sep] * 3) + "┤") if r < 2 else ("└" + "┴".join([sep] * 3) + "┘"))
    return lines


def mat_lines(o: Mapping[str, Any], lang: str, width: int) -> list[str]:
    """The character mats: four lines per hero."""
    out: list[str] = []
    two = o["players"] == 2
    for h in o["heroes"]:
        seat = h["seat"]
        role = ""
        if two:
            role = t("tui.mr.leader" if seat == o["leader"] else "tui.mr.partner", lang)
        turn = "▶" if o["to_move"] == seat - 1 and not o["over"] else " "
        name = t(f"mr.char.{h['character']}", lang)
        skill = t("tui.mr.skill_ready" if h["skill_up"] else "tui.mr.skill_used", lang)
        out.append(fit(f"{turn}P{seat} {name} {role} {skill}".rstrip(), width))
        shield = f"+{h['shield']}" if h["shield"] else ""
        out.append(fit(" " + t("tui.mr.stats", lang, hp=h["hp"], armor=h["armor"], shield=shield, gold=h["gold"],
                                food=h["food"], xp=h["xp"]), width))  # fmt: skip
        item = t(f"mr.item.{h['item']}", lang) if h["item"] else "-"
        statuses = ", ".join(t(f"mr.status.{s}", lang) for s in h["statuses"]) or "-"
        out.append(fit(" " + t("tui.mr.gear", lang, dice=h["dice"], item=item, statuses=statuses), width))
        potions = ", ".join(t(f"mr.potion.{p}", lang) for p in h["potions"]) or "-"
        out.append(fit(" " + t("tui.mr.potions", lang, potions=potions), width))
    return out


def table_lines(o: Mapping[str, Any], lang: str, width: int = 80) -> list[str]:
    """The whole table as lines of at most ``width`` columns (14 lines or fewer at 80 columns)."""
    difficulty = t(f"mr.difficulty.{o['difficulty']}", lang)
    head = t("mr.ui.where", lang, area=o["area"], floor=o["floor"], difficulty=difficulty)
    head += "  " + t("tui.mr.bosses", lang, n=o["bosses_beaten"])
    if o["free_feats"]:
        head += "  " + t("tui.mr.free_feats", lang, n=o["free_feats"])
    if o["overrides"]:
        head += "  " + t("tui.mr.overrides", lang)
    lines = [head]
    mats_width = width - GRID_WIDTH - 1
    lines.extend(side_by_side(grid_lines(o, lang), mat_lines(o, lang, mats_width), GRID_WIDTH))
    cb = o["combat"]
    if cb is not None:
        foe = t(f"mr.name.{cb['foe']}", lang)
        first = "⚔ " + t("mr.ui.foe", lang, foe=foe, hp=cb["hp"], max=cb["max_hp"], damage=cb["damage"],
                         round=cb["round"])  # fmt: skip
        if cb["icons"]:
            first += "  " + ", ".join(t(f"tui.mr.icon.{i}", lang) for i in cb["icons"])
        if cb["frozen"]:
            first += "  " + t("tui.mr.frozen", lang)
        if cb["cursed"]:
            first += "  " + t("tui.mr.cursed", lang)
        lines.append(first)
        white = " ".join(
            f"[{face}]" + ("✗" if cb["removed"][i] else f"={cb['values'][i]}") for i, face in enumerate(cb["dice"])
        ) or "-"
        black = " ".join(f"[{b}]" for b in cb["black"]) or "-"
        fighters = ",".join(f"P{f}" for f in cb["fighters"])
        lines.append(t("tui.mr.dice", lang, white=white, black=black, fighters=fighters))
    check = o["check"]
    if check is not None:
        white = " ".join(f"[{c}]" for c in check["white"])
        lines.append(t("tui.mr.check", lang, white=white, black=check["black"]))
    offer = o["offer"]
    if offer is not None:
        if offer["get"]:
            lines.append(t("mr.ui.trade_offer", lang, seat=offer["from"], what=t(f"mr.give.{offer['give']}", lang),
                           got=t(f"mr.give.{offer['get']}", lang)))  # fmt: skip
        else:
            lines.append(t("mr.ui.gift_offer", lang, seat=offer["from"], what=t(f"mr.give.{offer['give']}", lang)))
    if o["over"]:
        lines.append(t("tui.mr.over_won" if o["won"] else "tui.mr.over_lost", lang))
    lines.append(t("tui.mr.legend", lang))
    return [fit(line, width).rstrip() for line in lines]


class Board(Static):
    """Mini Rogue (2020)'s table (see the module docstring)."""

    DEFAULT_CSS = """
    Board { height: 1fr; min-height: 14; }
    """

    def __init__(self, game: Game, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        self._observation: Mapping[str, Any] | None = None
        self._lang = "en"

    def show(self, observation: Mapping[str, Any], lang: str) -> None:
        self._observation = observation
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
        """The rooms of the grid in full, and what the marks and dice mean."""
        o = self._observation
        if o is None:
            return None
        lines = [t("tui.mr.details_marks", lang)]
        for pos in range(9):
            label = cell_label(o, pos, lang).strip()
            lines.append(f"  {pos // 3 + 1}-{pos % 3 + 1}: {label}")
        lines.append(t("tui.mr.details_dice", lang))
        return "\n".join(lines)
