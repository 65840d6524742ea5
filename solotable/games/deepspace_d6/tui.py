"""The Deep Space D-6 board of the full-screen interface: the USS Crypsis ship board.

Drawn from ``state.observation()`` only, typed by
:class:`solotable.games.deepspace_d6.observation.Observation`: the hull
and shield tracks, the threat die, the scanners (three slots, then a draw), the Unassigned row,
the five crew stations, Returned, the Infirmary, the pool and Distracted's "?" box, and every
threat in play in the order it arrived (▲ external with its health on the damage track, ■
internal), with its activation values, away-mission slots and stasis. Every crew die is written
as its number and its face (``3:Sci``), so nothing depends on colour. ↑/↓ or a click selects a
threat; ``details`` (the app's key ``i``) gives its whole card. ``choice_groups`` lists the
Commander's ways to turn a die a line per face the die shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from solotable.core.choice_groups import ChoiceGroup, GroupItem, GroupRow
from solotable.core.i18n import Catalogue, message, register_catalogue
from solotable.core.protocol import Action, Game, State
from solotable.core.rich_layout import SEP, breakable, fit, flow, side_by_side, track
from solotable.games.deepspace_d6.observation import DieView, Observation, PlaceName, ThreatView

register_catalogue(Catalogue.from_package((__package__ or "solotable.games.deepspace_d6", "messages_tui.toml")))

STATIONS = ("commander", "tactical", "medical", "science", "engineering")
FACE_STYLE = {
    "com": "bold yellow",
    "tac": "bold red",
    "med": "bold green",
    "sci": "bold cyan",
    "eng": "bold magenta",
    "thr": "bold white on red",
}


# -- the board ---------------------------------------------------------------------------------


class Board(Widget):
    """The ship board; ``show(observation, lang)`` redraws it from the observation alone."""

    DEFAULT_CSS = """
    Board {
        height: 1fr;
        min-height: 14;
        width: 1fr;
    }
    Board:focus {
        background: $boost;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "select(-1)", "previous threat", show=False),
        Binding("down", "select(1)", "next threat", show=False),
    ]
    can_focus = True
    selected: reactive[int] = reactive(0)

    def __init__(
        self, game: Game, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.game = game
        self.observation: Observation | None = None
        self.lang = "en"
        self._hits: list[tuple[int, int, int, int]] = []  # (row, x from, x to, threat) for clicks

    # -- the contract --------------------------------------------------------------------------

    def show(self, observation: Mapping[str, Any], lang: str) -> None:
        self.observation = cast(Observation, observation)  # what this game's observation() returns
        self.lang = lang
        n = len(self.observation["threats"])
        self.selected = min(self.selected, max(0, n - 1))
        self.refresh(layout=True)

    def details(self, lang: str) -> str | None:
        o = self.observation
        if o is None:
            return None
        threats = o["threats"]
        if not threats:
            return "\n".join([self.t("tui.ds.info.none", lang), self._discard_line(lang),
                              self.t("tui.ds.info.legend", lang)])  # fmt: skip
        th = threats[min(self.selected, len(threats) - 1)]
        t = self.t
        lines = [t("tui.ds.info.title", lang, name=self.t(f"ds6.name.{th['card']}", lang),
                   kind=self.t(f"tui.ds.kind.{th['kind']}", lang), order=th["order"])]  # fmt: skip
        if th["health"] is not None:
            lines.append(t("tui.ds.info.health", lang, health=th["health"], max=th["max_health"]))
        if th["activation"]:
            values = self.t("ds6.sep.values", lang).join(str(v) for v in th["activation"])
            lines.append(t("tui.ds.info.activation", lang, values=values))
        else:
            lines.append(t("tui.ds.info.never", lang))
        lines.append(t("tui.ds.info.effect", lang, text=self.t(f"ds6.text.{th['id']}", lang)))
        if th["ignores_shields"]:
            lines.append(t("tui.ds.info.ignores_shields", lang))
        if th["in_stasis"]:
            lines.append(t("tui.ds.info.stasis", lang))
        if th["mission"]:
            slots = " + ".join("/".join(self.t(f"ds6.face.{f}", lang) for f in slot) for slot in th["mission"])
            placed = [self._die(d, lang).plain for d in self._dice_on(th, "mission")]
            dice = self.t("ds6.sep.list", lang).join(placed) or "-"
            lines.append(t("tui.ds.info.mission", lang, slots=slots, dice=dice))
        lines.append(self._discard_line(lang))
        lines.append(t("tui.ds.info.legend", lang))
        lines.append(t("tui.ds.info.select", lang))
        return "\n".join(lines)

    # -- selection -----------------------------------------------------------------------------

    def action_select(self, step: int) -> None:
        n = len(self.observation["threats"]) if self.observation is not None else 0
        if n:
            self.selected = (self.selected + step) % n

    def watch_selected(self) -> None:
        self.refresh()

    def element_key(self) -> str | None:
        """The selected threat as ``board.py`` names it (Enter plays what concerns it)."""
        threats = self.observation["threats"] if self.observation is not None else []
        return f"threat:{threats[self.selected]['card']}" if 0 <= self.selected < len(threats) else None

    def choice_groups(self, state: State, actions: Sequence[Action], lang: str) -> list[ChoiceGroup]:
        """The Commander's ways to turn a die (``change:FROM,TO``), grouped by the face the die
        shows: a line per face, ``Tac→ 1)Com 2)Med 3)Sci 4)Eng 5)Thr!`` (issue 20 item 12: one
        choice a line took 15 to 20 of the 8 lines of the list at 80×24). Read from the
        actions' notation only."""
        by_face: dict[str, list[GroupItem]] = {}
        for index, action in enumerate(actions):
            kind, _, args = str(action).partition(":")
            if kind != "change" or args.count(",") != 1:
                continue
            source, target = args.split(",")
            by_face.setdefault(source, []).append(
                GroupItem(index, self.t(f"ds6.face.{target}", lang), self.t(f"tui.ds.face.{target}", lang))
            )
        if sum(len(items) for items in by_face.values()) < 2:
            return []
        rows = tuple(
            GroupRow(
                self.t("tui.ds.change.lead", lang, face=self.t(f"ds6.face.{source}", lang)),
                self.t("tui.ds.change.short_lead", lang, face=self.t(f"tui.ds.face.{source}", lang)),
                tuple(items),
            )
            for source, items in by_face.items()
        )
        return [ChoiceGroup(self.t("tui.ds.change.heading", lang), rows)]

    def on_click(self, event: events.Click) -> None:
        for y, x1, x2, index in self._hits:
            if event.y == y and x1 <= event.x < x2:
                self.selected = index

    # -- drawing -------------------------------------------------------------------------------

    @staticmethod
    def t(key: str, lang: str, **params: object) -> str:
        return message(key, lang, **params)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width or container.width, container.height or 14))

    def render(self) -> Text:
        width = self.content_size.width or self.size.width or 80
        height = self.content_size.height or self.size.height or 14
        out = Text(no_wrap=True, overflow="crop")
        out.append_text(Text("\n").join(fit(line, width) for line in self._lines(width, height)))
        return out

    def _face(self, face: str | None, lang: str) -> Text:
        if face is None:
            return Text("·", style="dim")
        return Text(self.t(f"tui.ds.face.{face}", lang), style=FACE_STYLE.get(face, ""))

    def _die(self, d: DieView, lang: str) -> Text:
        """A crew die: its number and its face in words (``3:Sci``); ``#3`` with no face."""
        if d["face"] is None:
            return Text(f"#{d['die']}", style="bold")
        t = Text(self.t("tui.ds.die", lang, die=d["die"]), style="bold")
        t.append_text(self._face(d["face"], lang))
        return t

    def _dice_at(self, where: PlaceName, station: str | None = None) -> list[DieView]:
        dice = self.observation["dice"] if self.observation is not None else []
        return [d for d in dice if d["where"] == where and d["station"] == station]

    def _dice_on(self, th: ThreatView, where: PlaceName) -> list[DieView]:
        dice = self.observation["dice"] if self.observation is not None else []
        return [d for d in dice if d["where"] == where and d["card"] == th["card"]]

    def _discard_line(self, lang: str) -> str:
        discard = self.observation["discard"] if self.observation is not None else []
        names = [self.t(f"ds6.card.{c}", lang) for c in discard]
        return self.t("tui.ds.info.discard", lang, cards=self.t("ds6.sep.list", lang).join(names) or "-")

    def _lines(self, width: int, height: int) -> list[Text]:
        o = self.observation
        if o is None:
            return [Text("")]
        lang = self.lang
        top = self._top(o, width, lang)
        rows_left = max(1, height - len(top))
        lw = min(max(34, width * 2 // 5), 48) if width >= 70 else width
        if width < 70:  # too narrow for two columns: one under the other
            stations = self._stations(o, width, lang, max(1, height - len(top)))
            y0 = len(top) + len(stations)
            return top + stations + self._threats(o, width, max(1, height - y0), lang, 0, y0)
        rw = width - lw - len(SEP)
        left = self._stations(o, lw, lang, rows_left)
        right = self._threats(o, rw, rows_left, lang, lw + len(SEP), len(top))
        return top + side_by_side(left, right, lw, rw)

    def _top(self, o: Observation, width: int, lang: str) -> list[Text]:
        t = self.t
        title = Text(t("tui.ds.ship", lang), style="bold reverse")
        title.append(" ")
        title.append(t("tui.ds.round", lang, round=o["round"]) if o["round"] else t("tui.ds.setup_phase", lang),
                     style="bold")
        title.append(t("tui.ds.sep", lang))  # Japanese separates with ・
        title.append(t(f"tui.ds.phase.{o['phase']}", lang), style="bold")
        difficulty = t(f"tui.ds.diff.{o['difficulty']}", lang)
        length = t(f"tui.ds.len.{o['length']}", lang)
        setup = Text(t("tui.ds.setup", lang, difficulty=difficulty, dont_panic=o["dont_panic"], length=length),
                     style="dim")
        head = [title, setup]
        if o["over"]:  # the end replaces the setup line
            head = [title, Text(t("tui.ds.won" if o["won"] else "tui.ds.lost", lang), style="bold reverse")]
        hull = Text(t("tui.ds.hull", lang) + " ")
        hull.append_text(track(o["hull"], o["hull_max"], "■", "□", "bold" if o["hull"] > 3 else "bold red"))
        shields = Text(t("tui.ds.shields", lang) + " ")
        if o["shields_offline"]:
            shields.append(t("tui.ds.offline", lang), style="bold reverse")
        else:
            shields.append_text(track(o["shields"], o["shields_max"], "◆", "◇", "bold cyan"))
        die = o["threat_die"]
        threat_die = Text(t("tui.ds.threat_die", lang, face=die) if die else t("tui.ds.threat_die_none", lang))
        status: list[Text] = []
        if o["volley_left"] is not None:
            status.append(Text(t("tui.ds.volley", lang, points=o["volley_left"]), style="bold reverse"))
        if o["pending"]:
            status.append(Text(t("tui.ds.pending", lang, card=f"@ds6.name.{o['pending']}"), style="bold reverse"))
        if o["lost_this_round"]:
            status.append(Text(t("tui.ds.lost_round", lang), style="italic"))
        scanners = Text(t("tui.ds.scanners", lang) + " ")
        in_scanners = self._dice_at("scanners")
        for slot in range(3):
            scanners.append("[")
            if slot < len(in_scanners):
                scanners.append_text(self._die(in_scanners[slot], lang))
            else:
                scanners.append("    ", style="dim")
            scanners.append("]")
        scanners.append(" " + t("tui.ds.scanner_draw", lang), style="dim")
        unassigned = Text(t("tui.ds.where.unassigned", lang) + " ", style="bold")
        dice = self._dice_at("unassigned")
        unassigned.append_text(Text(" ").join(self._die(d, lang) for d in dice) if dice else Text("-", style="dim"))
        lines = flow(head, width)
        lines += flow([hull, shields, threat_die, *status], width)
        lines += flow([scanners, unassigned], width, indent=2)
        return lines

    def _stations(self, o: Observation, width: int, lang: str, rows: int = 99) -> list[Text]:
        """The five stations a row each, then Returned, the Infirmary, the pool (and
        Distracted's "?" box) a row each or, when ``rows`` are short, flowed together; then the
        deck, discard and destroyed counts."""
        t = self.t
        places: list[tuple[str, list[DieView]]] = [
            (t(f"tui.ds.station.{s}", lang), self._dice_at("station", s)) for s in STATIONS
        ]
        places += [
            (t("tui.ds.where.returned", lang), self._dice_at("returned")),
            (t("tui.ds.where.infirmary", lang), self._dice_at("infirmary")),
            (t("tui.ds.where.pool", lang), self._dice_at("pool")),
        ]
        distracted = self._dice_at("distracted")
        if distracted or any(th["id"] == "i5" for th in o["threats"]):  # the "?" box is on the Distracted card
            places.append((t("tui.ds.where.distracted", lang), distracted))
        label_w = max(Text(label).cell_len for label, _ in places) + 1
        rows_of: list[list[Text]] = []
        boxes: list[Text] = []  # the places after the stations, flowed together
        for i, (label, dice) in enumerate(places):
            head = Text(label, style="bold" if i < len(STATIONS) else "")
            parts = [self._die(d, lang) for d in dice] or [Text(t("tui.ds.empty", lang), style="dim")]
            if i >= len(STATIONS):
                box = head.copy()
                for part in parts:
                    box.append(" ")
                    box.append_text(part)
                boxes.append(box)
            head.pad_right(label_w - head.cell_len)
            rows_of.append(flow([head, *parts], width, indent=label_w, sep=" "))
        counters = [
            Text(t("tui.ds.deck", lang, left=o["deck_left"]), style="bold"),
            Text(t("tui.ds.discard", lang, count=len(o["discard"]))),
            Text(t("tui.ds.destroyed", lang, count=o["destroyed"])),
        ]
        if o["removed_unseen"]:
            counters.append(Text(t("tui.ds.removed", lang, count=o["removed_unseen"]), style="dim"))
        stations = [line for row in rows_of[: len(STATIONS)] for line in row]
        sep = t("tui.ds.sep", lang)  # Japanese separates with ・
        for lines in (
            [line for row in rows_of for line in row] + flow(counters, width, sep=sep),
            stations + flow(boxes, width, sep="  ") + flow(counters, width, sep=sep),
        ):
            if len(lines) <= rows:
                return lines
        return stations + flow([*boxes, *counters], width, sep="  ")

    def _threat_parts(self, th: ThreatView, lang: str) -> list[Text]:
        t = self.t
        kind = {"external": "▲", "internal": "■"}.get(th["kind"], "◇")
        # the card's name (the 2nd copy of a card printed twice says so), never its code
        head = Text(kind + t(f"ds6.name.{th['card']}", lang), style="bold")
        parts = [head]
        if th["health"] is not None:
            parts.append(Text(t("tui.ds.hp", lang, health=th["health"], max=th["max_health"]),
                              style="bold red" if th["health"] <= 1 else "bold"))  # fmt: skip
        acts = ",".join(str(v) for v in th["activation"])
        parts.append(Text(t("tui.ds.act", lang, values=acts) if acts else t("tui.ds.act_none", lang)))
        if th["mission"]:
            placed = self._dice_on(th, "mission")
            mission = Text()
            for d in placed:
                mission.append("●")
                mission.append_text(self._die(d, lang))
            for slot in th["open_slots"]:
                mission.append("○", style="bold")
                mission.append("/".join(self.t(f"tui.ds.face.{f}", lang) for f in slot))
            parts.append(mission)
        if th["in_stasis"]:
            stasis = self._dice_on(th, "stasis")
            st = Text(t("tui.ds.stasis", lang), style="bold reverse")
            if stasis:
                st.append(" ")
                st.append_text(self._die(stasis[0], lang))
            parts.append(st)
        return parts

    def _threats(self, o: Observation, width: int, rows: int, lang: str, x0: int, y0: int) -> list[Text]:
        """The threats in play, as detailed as the rows allow: with as many card texts as fit,
        then two lines each (the name cut if it must), then two threats a line. Records where
        each threat is, for clicks."""
        t = self.t
        header = Text(t("tui.ds.threats", lang), style="bold reverse")
        header.append(" ")
        header.append(t("tui.ds.legend", lang), style="dim")
        threats = o["threats"]
        self._hits = []
        if not threats:
            return [header, Text(t("tui.ds.no_threats", lang), style="dim")]

        def cell(i: int, compact: bool, with_text: bool, w: int) -> list[Text]:
            parts = self._threat_parts(threats[i], lang)
            if compact:  # one line, the name cut to make room, else the name and health, then the rest
                head, rest = parts[0], parts[1:]
                tail = Text(" ").join(rest)
                room = w - 1 - tail.cell_len - 1
                if head.cell_len <= room or room >= 6:
                    if head.cell_len > room:
                        head = fit(head, room - 1)
                        head.rstrip()  # a wide character that did not fit left a space
                        head.append("…")
                    lines = [head + Text(" ") + tail]
                else:
                    health = rest.pop(0) if threats[i]["health"] is not None else Text()
                    room = w - 1 - (health.cell_len + 1 if health.plain else 0)
                    if head.cell_len > room:
                        head = fit(head, max(1, room - 1))
                        head.rstrip()
                        head.append("…")
                    head.append(" ")
                    head.append_text(health)
                    lines = [fit(head, w - 1), *flow([Text("  "), *rest], w - 1, indent=2, sep=" ")]
            else:
                lines = flow(parts, w - 1, indent=2, sep=" ")
            if with_text:  # the card text on lines of its own, cut between words
                words, sep = breakable(self.t(f"ds6.text.{threats[i]['id']}", lang))
                text = flow([Text(word, style="italic") for word in words], w - 3, indent=0, sep=sep)
                lines += [Text("  ").append_text(line) for line in text]
            out = []
            for k, line in enumerate(lines):
                mark = Text("▶" if i == self.selected and k == 0 else " ", style="bold")
                if i == self.selected and self.has_focus:
                    line = line.copy()
                    line.stylize("reverse")
                mark.append_text(line)
                out.append(mark)
            return out

        out = [header]
        for compact in (False, True):
            cells = [cell(i, compact, False, width) for i in range(len(threats))]
            if sum(len(c) for c in cells) + 1 <= rows:
                # the card texts where there is room, the selected threat's first
                order = sorted(range(len(threats)), key=lambda i: (i != self.selected, i))
                for i in order if not compact else ():
                    longer = cell(i, False, True, width)
                    if sum(len(c) for c in cells) - len(cells[i]) + len(longer) + 1 <= rows:
                        cells[i] = longer
                for i, lines in enumerate(cells):
                    for line in lines:
                        self._hits.append((y0 + len(out), x0, x0 + width, i))
                        out.append(line)
                return out
        half = (width - 1) // 2  # two threats a line
        for first in range(0, len(threats), 2):
            pair = [cell(i, True, False, half) for i in range(first, min(first + 2, len(threats)))]
            for k in range(max(len(c) for c in pair)):
                line = Text()
                for j, c in enumerate(pair):
                    line.append_text(fit(c[k] if k < len(c) else Text(), half))
                    line.append(" ")
                    self._hits.append((y0 + len(out), x0 + j * (half + 1), x0 + (j + 1) * (half + 1), first + j))
                out.append(line)
        return out
