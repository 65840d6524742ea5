"""The table of Mini Rogue (2020): the 3×3 room grid with the heroes on it, the character mats,
the foe and the dice of each kind (white combat dice, black dungeon dice), skill checks and
offers between the two heroes of the co-op game, and what is decided or drawn now.

Drawn from the observation only (typed: :class:`solotable.games.minirogue.observation.Observation`);
card and game words come from the game's catalogue (``mr.*``), the board's own from ``tui.mr.*``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from rich.text import Text
from textual.widgets import Static

from solotable.core.i18n import Catalogue, display_width, register_catalogue
from solotable.core.protocol import Game
from solotable.core.text_boxes import fit, side_by_side, t
from solotable.core.text_layout import wrap
from solotable.games.minirogue import GAME
from solotable.games.minirogue.observation import HeroView, Observation
from solotable.games.minirogue.view import now_what

CATALOGUE = Catalogue.from_package(("solotable.games.minirogue", "messages_tui.toml"))
register_catalogue(CATALOGUE)
CATALOGUE_GAME = GAME.catalogue

ROWS = 14
"""Rows the board may take at 80×24: the legend is left out when the rest needs them all."""
EXIT = 8


def hero_marks(o: Observation, pos: int) -> str:
    """◆ where a hero stands (the mats say which: ``⌂1-1``)."""
    return "◆" if any((h["pos"][0] - 1) * 3 + h["pos"][1] - 1 == pos for h in o["heroes"]) else ""


def cell_label(o: Observation, pos: int, lang: str) -> str:
    if pos == EXIT:
        name = t(f"mr.name.{o['boss']}", lang) if o["boss"] else t("mr.ui.exit", lang)
    else:
        card = o["grid"][pos]
        name = t(f"mr.card.{card}", lang) if card else t("tui.mr.face_down", lang)
    marks = hero_marks(o, pos)
    return f"{marks}{name}" if marks else f" {name}"


def grid_lines(o: Observation, lang: str, width: int) -> list[str]:
    """The 3×3 rooms, the whole width: a border, three rows of three cells, a border."""
    cell = (width - 4) // 3
    sep = "─" * cell
    lines = ["┌" + "┬".join([sep] * 3) + "┐"]
    for r in range(3):
        lines.append("│" + "│".join(fit(cell_label(o, r * 3 + c, lang), cell) for c in range(3)) + "│")
    lines.append("└" + "┴".join([sep] * 3) + "┘")
    return lines


def mat_lines(o: Observation, hero: HeroView, lang: str, width: int) -> list[str]:
    """A character mat: who (and whose turn), the stats, dice and item, statuses and potions."""
    seat = hero["seat"]
    role = ""
    if o["players"] == 2:
        role = t("tui.mr.leader" if seat == o["leader"] else "tui.mr.partner", lang)
    turn = "▶" if o["to_move"] == seat - 1 and not o["over"] else " "
    name = t(f"mr.char.{hero['character']}", lang)
    skill = t("tui.mr.skill_ready" if hero["skill_up"] else "tui.mr.skill_used", lang)
    shield = f"+{hero['shield']}" if hero["shield"] else ""
    item = t(f"mr.item.{hero['item']}", lang) if hero["item"] else "-"
    sep = t("mr.ui.list", lang)
    statuses = sep.join(t(f"mr.status.{s}", lang) for s in hero["statuses"]) or "-"
    potions = sep.join(t(f"mr.potion.{p}", lang) for p in hero["potions"]) or "-"
    room = f"⌂{hero['pos'][0]}-{hero['pos'][1]}"
    parts = [
        f"{turn}P{seat} {name}{role} {room} {skill}".replace("  ", " "),
        " " + t("tui.mr.stats", lang, hp=hero["hp"], armor=hero["armor"], shield=shield, gold=hero["gold"],
                food=hero["food"], xp=hero["xp"]),
        " " + t("tui.mr.gear", lang, dice=f"@mr.ui.dice.{hero['dice']}", item=item),
        " " + t("tui.mr.status", lang, statuses=statuses),
        " " + t("tui.mr.potions", lang, potions=potions),
    ]  # fmt: skip
    if o["players"] == 1:  # one mat, the whole width: three lines
        parts = [parts[0] + "  " + parts[1].strip(), parts[2] + "  " + parts[3].strip(), parts[4]]
    return [fit(p, width).rstrip() for p in parts]


def table_lines(observation: Mapping[str, Any], lang: str, width: int = 80) -> list[str]:
    """The whole table as lines of at most ``width`` columns (14 lines or fewer at 80 columns)."""
    o = cast(Observation, observation)
    difficulty = t(f"mr.difficulty.{o['difficulty']}", lang)
    head = t("mr.ui.where", lang, area=o["area"], floor=o["floor"], difficulty=difficulty)
    head += "  " + t("tui.mr.bosses", lang, n=o["bosses_beaten"])
    if o["free_feats"]:
        head += "  " + t("tui.mr.free_feats", lang, n=o["free_feats"])
    if o["overrides"]:
        head += "  " + t("tui.mr.overrides", lang)
    if o["over"]:
        head = t("tui.mr.over_won" if o["won"] else "tui.mr.over_lost", lang) + "  " + head
    lines = [head, *grid_lines(o, lang, width)]
    heroes = o["heroes"]
    if len(heroes) == 2:
        half = (width - 1) // 2
        lines.extend(side_by_side(mat_lines(o, heroes[0], lang, half), mat_lines(o, heroes[1], lang, half), half))
    else:
        lines.extend(mat_lines(o, heroes[0], lang, width))
    cb = o["combat"]
    if cb is not None:
        foe = t(f"mr.name.{cb['foe']}", lang)
        first = "⚔ " + t("mr.ui.foe", lang, foe=foe, hp=cb["hp"], max=cb["max_hp"], damage=cb["damage"],
                         round=cb["round"])  # fmt: skip
        extras = []
        if cb["icons"]:
            extras.append(t("mr.ui.list", lang).join(t(f"tui.mr.icon.{i}", lang) for i in cb["icons"]))
        if cb["frozen"]:
            extras.append(t("tui.mr.frozen", lang))
        if cb["cursed"]:
            extras.append(t("tui.mr.cursed", lang))
        joined = "  ".join([first, *extras])
        if display_width(joined) <= width:
            lines.append(joined)
        else:  # a second line (the legend then makes room)
            lines.extend([first, "  " + "  ".join(extras)])
        shown = [f"[{_face(face)}]" + ("✗" if cb["removed"][i] else f"={cb['values'][i]}") for i, face in
                 enumerate(cb["dice"])]  # fmt: skip
        white = " ".join(shown) or "-"
        black = " ".join(f"[{b}]" for b in cb["black"]) or "-"
        fighters = ",".join(f"P{f}" for f in cb["fighters"])
        key = "tui.mr.dice_one" if len(shown) == 1 else "tui.mr.dice"  # one white die: "White die"
        lines.append(t(key, lang, white=white, black=black, fighters=fighters))
    check = o["check"]
    if check is not None:
        white = " ".join(f"[{_face(c)}]" for c in check["white"])
        lines.append(t("tui.mr.check", lang, white=white, black=check["black"]))
    offer = o["offer"]
    if offer is not None:
        if offer["get"]:
            lines.append(t("mr.ui.trade_offer", lang, seat=offer["from"], what=t(f"mr.give.{offer['give']}", lang),
                           got=t(f"mr.give.{offer['get']}", lang)))  # fmt: skip
        else:
            lines.append(t("mr.ui.gift_offer", lang, seat=offer["from"], what=t(f"mr.give.{offer['give']}", lang)))
    now = wrap(("" if o["over"] else "▶ ") + now_what(CATALOGUE_GAME, o, lang), width)
    if len(lines) + len(now) <= ROWS:  # what is decided or drawn now (▶ on the mat says whose)
        lines.extend(now)
    if len(lines) < ROWS:
        lines.append(legend(o, lang))
    return [fit(line, width).rstrip() for line in lines]


def legend(o: Observation, lang: str) -> str:
    """What the marks on the board mean: only the marks shown (issue 20 item 9): a face-down
    room while one is, whose decision it is while the game goes on."""
    parts = ["hero"]
    if any(not o["grid"][pos] for pos in range(9) if pos != EXIT):
        parts.append("down")
    if not o["over"]:
        parts.append("decide")
    parts.append("rest")
    return t("tui.mr.legend.sep", lang).join(t(f"tui.mr.legend.{p}", lang) for p in parts)


def _face(face: str) -> str:
    return "×" if face == "x" else face


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
            label = cell_label(cast(Observation, o), pos, lang).strip()
            lines.append(f"  {pos // 3 + 1}-{pos % 3 + 1}: {label}")
        lines.append(t("tui.mr.details_dice", lang))
        return "\n".join(lines)
