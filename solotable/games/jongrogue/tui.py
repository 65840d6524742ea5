"""The JongRogue board of the full-screen interface: the sheets of the tabletop game.

Drawn from ``state.observation()`` only, typed by ``solotable.games.jongrogue.observation.Observation``:

- the labyrinth map sheet, 3×3 rooms (1 NW … 9 SE), each with its pair of labyrinth tiles once
  revealed (winds 東南西北 are doors on that wall, the stairs tile), the hidden doors found
  (``+南``), and its encounter tiles (face down ``[?]`` until the room is processed); ``@``
  marks the PC in a room, at a door (``@南``) or on the passage between two rooms;
- the encounter map of the current room: each slot's tile and what it is (a monster with its HP
  and statuses, a trap, gold, an item), and a monster in the passage;
- the character sheet (level, XP, HP, strength, gold, food, floor, the stairs plate, status);
- the equipment sheets (melee weapons, bow and missiles, armour, rings, the Amulet) and the pack;
- with the identification rule (EZ Plus), the potion and scroll sheets: what each appearance
  tile is known to be.

Number tiles are drawn as mahjong tiles: ``5萬`` (萬子, m5), ``5筒`` (筒子, p5), ``5索``
(索子, s5). ↑/↓ or a click selects a tile of the current room; ``details`` (the app's key
``i``) explains it, with the legend, the identification sheets and the discard pile.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from solotable.core.i18n import Catalogue, message, register_catalogue
from solotable.core.protocol import Game
from solotable.core.rich_layout import fit, flow, side_by_side
from solotable.games.jongrogue.observation import Observation, RoomView, SlotView
from solotable.games.jongrogue.state import POTIONS, SCROLLS  # the rows of the potion and scroll sheets
from solotable.games.jongrogue.view import UNPLACED  # the draws made before the PC is on the floor

register_catalogue(Catalogue.from_package((__package__ or "solotable.games.jongrogue", "messages_tui.toml")))

SUIT_KANJI = {"m": "萬", "p": "筒", "s": "索"}
SUIT_STYLE = {"m": "bold red", "p": "bold blue", "s": "bold green"}
WIND_OF_LAB = {"T": "東", "N": "南", "S": "西", "P": "北"}  # the labyrinth tiles (§7.3)
WIND_OF_SIDE = {"N": "北", "E": "東", "S": "南", "W": "西"}  # a wall, by the wind of its side


def t(key: str, lang: str, **params: object) -> str:
    return message(key, lang, **params)


def tile(name: str, lang: str) -> Text:
    """A number tile as players see it (``5萬``), a labyrinth tile (``東``, stairs), or face down."""
    if len(name) == 2 and name[0] in SUIT_KANJI and name[1].isdigit():
        return Text(name[1] + SUIT_KANJI[name[0]], style=SUIT_STYLE[name[0]])
    if name in WIND_OF_LAB:
        return Text(WIND_OF_LAB[name], style="bold")
    if name == "R":
        return Text(t("tui.jr.lab.R", lang), style="bold reverse")
    return Text(t("tui.jr.face_down", lang), style="dim")


def suited(names: list[str]) -> list[Text]:
    """Number tiles grouped by suit, the numbers then the suit once: ``m2 m4 p3`` → ``24萬 3筒``."""
    out: list[Text] = []
    for suit, kanji in SUIT_KANJI.items():
        numbers = sorted(n[1] for n in names if len(n) == 2 and n[0] == suit)
        if numbers:
            out.append(Text("".join(numbers) + kanji, style=SUIT_STYLE[suit]))
    return out


def known_of(o: Observation, kind: str) -> dict[str, str]:
    """The identified appearances of ``potions`` or ``scrolls`` (the identification sheets)."""
    return o["identified"]["potions"] if kind == "potions" else o["identified"]["scrolls"]


def carried_of(o: Observation, kind: str) -> dict[str, int]:
    """The appearances of ``potions`` or ``scrolls`` in the pack, with their counts."""
    return o["pack"]["potions"] if kind == "potions" else o["pack"]["scrolls"]


def ident_on(options: Mapping[str, Any]) -> bool:
    """Whether the identification rule is in play (EZ Plus preset, or switched on alone)."""
    ident = options.get("identification", "preset")
    return bool(ident == "on" or (ident == "preset" and options.get("rules") == "ez-plus"))


class Board(Widget):
    """The JongRogue sheets; ``show(observation, lang)`` redraws them from the observation alone."""

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
        Binding("up", "select(-1)", "previous tile", show=False),
        Binding("down", "select(1)", "next tile", show=False),
    ]
    can_focus = True
    selected: reactive[int] = reactive(0)

    def __init__(
        self, game: Game, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.game = game
        self.obs: Observation | None = None
        self.lang = "en"
        self._hits: list[tuple[int, int, int, int]] = []  # (row, x from, x to, slot index) for clicks

    # -- the contract --------------------------------------------------------------------------

    def show(self, observation: Mapping[str, Any], lang: str) -> None:
        self.obs = cast(Observation, observation)  # what JongRogueState.observation() returns
        self.lang = lang
        self.selected = min(self.selected, max(0, len(self._room_slots()) - 1))
        self.refresh(layout=True)

    @property
    def observation(self) -> Observation:
        """The observation shown (only asked for once one is)."""
        assert self.obs is not None
        return self.obs

    def details(self, lang: str) -> str | None:
        if self.obs is None:
            return None
        o = self.obs
        lines: list[str] = []
        slots = self._room_slots()
        if slots:
            lines.append(self._slot_meaning(slots[min(self.selected, len(slots) - 1)], lang))
        lines.append(t("tui.jr.info.tiles", lang, stairs=t("tui.jr.lab.R", lang)))
        lines.append(t("tui.jr.info.map", lang))
        lines.append(t("tui.jr.info.legend", lang))
        for kind in ("potions", "scrolls"):  # the pack, every appearance named as far as known
            known = known_of(o, kind)
            carried = [f"{tile(a, lang).plain}×{n} " + (t(f"tui.jr.{kind[:3]}.{known[a]}", lang) if a in known
                       else t("tui.jr.unidentified", lang)) for a, n in carried_of(o, kind).items()]  # fmt: skip
            items = t("jr.view.sep", lang).join(carried) or t("tui.jr.none", lang)
            lines.append(t("tui.jr.info.pack", lang, kind=t(f"tui.jr.{kind}", lang), items=items))
        if ident_on(o["options"]):
            for kind, rows_of_sheet in (("potion", POTIONS), ("scroll", SCROLLS)):
                known = known_of(o, f"{kind}s")
                rows = t("jr.view.sep", lang).join(
                    t("tui.jr.info.sheet_row", lang, tile=tile(a, lang).plain, effect=t(f"tui.jr.{kind[:3]}.{e}", lang))
                    for a, e in sorted(known.items())
                )
                count = f"{len(known)}/{len(rows_of_sheet)} "
                lines.append(t(f"tui.jr.info.{kind}_sheet", lang, rows=count + (rows or "-")))
        discard = " ".join(f"{tile(k, lang).plain}×{n}" for k, n in o["discard_tiles"].items())
        lines.append(t("tui.jr.info.discard_tiles", lang, tiles=discard or "-"))
        if slots:
            lines.append(t("tui.jr.info.select", lang))
        return "\n".join(lines)

    # -- selection -----------------------------------------------------------------------------

    def action_select(self, step: int) -> None:
        n = len(self._room_slots())
        if n:
            self.selected = (self.selected + step) % n

    def watch_selected(self) -> None:
        self.refresh()

    def element_key(self) -> str | None:
        """The selected tile of the room as ``board.py`` names it (Enter plays what concerns it)."""
        slots = self._room_slots()
        return f"slot:{slots[self.selected]['slot']}" if 0 <= self.selected < len(slots) else None

    def on_click(self, event: events.Click) -> None:
        for y, x1, x2, index in self._hits:
            if event.y == y and x1 <= event.x < x2:
                self.selected = index

    # -- what is where -------------------------------------------------------------------------

    def _current_room(self) -> int | None:
        if self.obs is None:
            return None
        pos = self.obs["position"]
        return None if pos["at"] == "passage" else pos.get("room", 0) or None

    def _room_slots(self) -> list[SlotView]:
        room = self._current_room()
        if room is None or self.obs is None:
            return []
        return list(self.obs["map"][room - 1]["slots"])

    def _monster_name(self, monster: str, lang: str) -> str:
        return t(f"jr.mon.{monster}", lang)

    def _slot_words(self, sl: SlotView, lang: str) -> Text:
        kind = sl.get("kind")
        if sl["tile"] == "?":
            key = "tui.jr.slot.unseen" if sl.get("unseen") else "tui.jr.slot.unknown"
            return Text(t(key, lang), style="italic")
        if kind == "monster":
            words = Text(t("tui.jr.slot.monster", lang, name=self._monster_name(sl["monster"], lang), hp=sl["hp"]),
                         style="bold")  # fmt: skip
            for st in sl.get("status", []):
                words.append(" " + t(f"jr.mstatus.{st}", lang), style="italic")
            return words
        if kind == "trap":
            return Text(t("tui.jr.slot.trap", lang, name=t(f"jr.trap.{sl['trap']}", lang)))
        return Text(t(f"tui.jr.slot.{kind}", lang))

    def _slot_meaning(self, sl: SlotView, lang: str) -> str:
        name = sl["tile"]
        head = ""
        if len(name) == 2 and name[0] in SUIT_KANJI:
            head = t("tui.jr.info.tile", lang, slot=sl["slot"], tile=tile(name, lang).plain,
                     suit=t(f"tui.jr.suit.{name[0]}", lang), number=name[1]) + " "  # fmt: skip
        kind = sl.get("kind")
        if name == "?":
            return head + t("tui.jr.info.unseen" if sl.get("unseen") else "tui.jr.info.face_down", lang)
        if kind == "monster":
            status = t("jr.view.sep", lang).join(t(f"jr.mstatus.{s}", lang) for s in sl.get("status", [])) or "-"
            return head + t("tui.jr.info.monster", lang, name=self._monster_name(sl["monster"], lang), hp=sl["hp"],
                            status=status)  # fmt: skip
        if kind == "trap":
            return head + t("tui.jr.info.trap", lang, name=t(f"jr.trap.{sl['trap']}", lang))
        return head + t(f"tui.jr.info.{kind}", lang)

    # -- drawing -------------------------------------------------------------------------------

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width or container.width, container.height or 14))

    def render(self) -> Text:
        width = self.content_size.width or self.size.width or 80
        height = self.content_size.height or self.size.height or 14
        out = Text(no_wrap=True, overflow="crop")
        out.append_text(Text("\n").join(fit(line, width) for line in self._lines(width, height)))
        return out

    def _lines(self, width: int, height: int) -> list[Text]:
        if self.obs is None:
            return [Text("")]
        lang = self.lang
        if width < 70:  # too narrow for two columns: one under the other
            cw = max(8, (width - 2) // 3)
            left = self._map(cw, lang)
            y0 = len(left)
            left += self._encounter(3 * cw + 2, max(2, height - y0), lang, 0, y0)
            return left + self._sheet(width, max(4, height - len(left)), lang)
        cw = max(13, min(22, (width // 2 - 2) // 3))
        mw = 3 * cw + 2
        rw = width - mw - 3
        lines: list[Text] = []
        # rows of rooms on one line each when they fit it; at last the room's tiles two a line
        # (their words in the details), leaving rows under the encounter for the sheets' last groups
        for compact, squeeze in ((False, False), (True, False), (True, True)):
            left = self._map(cw, lang, compact)
            left += self._encounter(mw, 0 if squeeze else max(2, height - len(left)), lang, 0, len(left), compact)
            right = self._sheet(rw, height, lang, len(left), mw)
            if len(right) > height:  # the sheets' last groups go under the encounter map
                left += right[height:]
                right = right[:height]
            lines = side_by_side(left, right, mw, rw)
            if len(lines) <= height:
                break
        return lines

    # the labyrinth map

    def _cell(self, room: RoomView, cw: int, lang: str, compact: bool = False,
              one_line: bool = False) -> list[Text]:  # fmt: skip
        """A room of the map: its head (number, labyrinth pair, doors found, ``@``), then its
        encounter tiles. ``compact``: the doors found left to the walls (an outer wall leads
        nowhere, an inner one is drawn ═ or ║); ``one_line``: all on the head line
        if it fits, face-down tiles counted."""
        o = self.observation
        pos = o["position"]
        placed = o["draw"] not in UNPLACED  # before the start room is drawn the PC is nowhere (§6.2)
        here = placed and pos.get("at") in ("room", "door") and pos.get("room") == room["room"]
        head = Text("@" if here and pos["at"] == "room" else " ", style="bold reverse" if here else "")
        head.append(str(room["room"]), style="bold" if here else "")
        head.append(" ")
        if room["lab"]:
            for lab in room["lab"]:
                head.append_text(tile(lab, lang))
        else:
            head.append("??", style="dim")
        if room["found"] and not compact:  # compact: the doors found are the ═ ║ on the walls only
            head.append("+" + "".join(WIND_OF_SIDE[s] for s in room["found"]), style="bold")
        if here and pos["at"] == "door":
            head.append("@" + WIND_OF_SIDE[pos["side"]], style="bold reverse")
        tiles = [tile(sl["tile"], lang) for sl in room["slots"]]
        if one_line:  # the room on its head line, face-down tiles counted: ``4 ?? [?]×4``
            down = sum(1 for sl in room["slots"] if sl["tile"] == "?")
            for gap in (" ", ""):  # ``3 南北 8萬3筒``, or when short of room ``3 南北8萬3筒``
                one = head.copy()
                if down == len(tiles) and down > 1:
                    one.append(gap)
                    one.append_text(tile("?", lang))
                    one.append(f"×{down}", style="dim")
                elif tiles:
                    one.append(gap)
                    for piece in tiles:
                        one.append_text(piece)
                if one.cell_len <= cw:
                    return [one]
        body = flow(tiles, cw - 1, indent=1, sep="") if tiles else [Text("")]
        return [*flow([head], cw), *(Text(" ").append_text(line) if not line.plain.startswith(" ") else line
                                     for line in body)]  # fmt: skip

    def _map(self, cw: int, lang: str, compact: bool = False) -> list[Text]:
        """The 3×3 rooms; ``compact``: a row whose rooms each fit one line takes one line."""
        o = self.observation
        rooms = o["map"]
        pos = o["position"]
        lines: list[Text] = []
        for row in range(3):
            cells = [self._cell(rooms[row * 3 + col], cw, lang, compact, compact) for col in range(3)]
            h = 1
            if not all(len(c) == 1 for c in cells):  # a row of two lines (or more) as usual
                cells = [self._cell(rooms[row * 3 + col], cw, lang, compact) for col in range(3)]
                h = max(2, *(len(c) for c in cells))
            for k in range(h):
                line = Text()
                for col in range(3):
                    line.append_text(fit(cells[col][k] if k < len(cells[col]) else Text(), cw))
                    if col < 2:
                        a = row * 3 + col + 1
                        mark = pos.get("at") == "passage" and {pos["from"], pos["to"]} == {a, a + 1} and k == 0
                        door = k == min(1, h - 1) and self._door(a, "E", a + 1, "W")
                        wall = "@" if mark else "═" if door else "│"
                        line.append(wall, style="bold reverse" if mark else "bold" if door else "dim")
                lines.append(line)
            if row < 2:
                sep = Text()
                for col in range(3):
                    a = row * 3 + col + 1
                    mark = pos.get("at") == "passage" and {pos["from"], pos["to"]} == {a, a + 3}
                    half = (cw - 1) // 2
                    sep.append("─" * half, style="dim")
                    door = self._door(a, "S", a + 3, "N")
                    sep.append("@" if mark else "║" if door else "─",
                               style="bold reverse" if mark else "bold" if door else "dim")  # fmt: skip
                    sep.append("─" * (cw - half - 1), style="dim")
                    if col < 2:
                        sep.append("┼", style="dim")
                lines.append(sep)
        return lines

    def _door(self, a: int, side_a: str, b: int, side_b: str) -> bool:
        """Whether a door is known on the wall between rooms ``a`` and ``b`` (``side_a`` of a,
        ``side_b`` of b): a wind tile laid in either room for that wall, or a hidden door found."""
        rooms = self.observation["map"]
        for room, side in ((rooms[a - 1], side_a), (rooms[b - 1], side_b)):
            if side in room["found"] or any(WIND_OF_LAB.get(lab) == WIND_OF_SIDE[side] for lab in room["lab"] or ()):
                return True
        return False

    # the encounter map of the current room

    def _encounter(self, width: int, rows: int, lang: str, x0: int, y0: int, compact: bool = False) -> list[Text]:
        """Where the PC is, in words (left out when ``compact``: the map's ``@`` says it), the
        passage monster, and the tiles of the current room with what each is."""
        o = self.observation
        pos = o["position"]
        self._hits = []
        if pos["at"] == "passage":
            where = t("jr.view.pos.passage", lang, a=pos["from"], b=pos["to"])
        elif pos["at"] == "door":
            where = t("jr.view.pos.door", lang, room=pos["room"], side=f"@jr.side.{pos['side']}")
        elif o["draw"] in UNPLACED:  # between floors: the start room is not drawn yet (§6.2)
            where = t("jr.view.pos.none", lang)
        else:
            where = t("jr.view.pos.room", lang, room=pos["room"])
        out = [] if compact else flow([Text(word, style="bold") for word in where.split(" ")], width, sep=" ")
        pm = o["passage_monster"]
        if pm is not None:
            words = Text(t("tui.jr.passage_monster", lang, name=self._monster_name(pm["monster"], lang), hp=pm["hp"]),
                         style="bold")  # fmt: skip
            for st in pm.get("status", []):
                words.append(" " + t(f"jr.mstatus.{st}", lang), style="italic")
            out += flow([words], width, indent=2)
        slots = self._room_slots()
        if pos["at"] != "passage" and not slots:
            out.append(Text(t("tui.jr.room_empty", lang), style="dim"))
        entries: list[list[Text]] = []
        for i, sl in enumerate(slots):
            mark = Text("▶" if i == self.selected else " ", style="bold")
            mark.append(f"{sl['slot']} ")
            mark.append_text(tile(sl["tile"], lang))
            entry = flow([mark, self._slot_words(sl, lang)], width, indent=6, sep=" ")
            if i == self.selected and self.has_focus:
                for piece in entry:
                    piece.stylize("reverse")
            entries.append(entry)
        if len(out) + sum(len(e) for e in entries) <= rows:
            for i, e in enumerate(entries):
                for piece in e:
                    self._hits.append((y0 + len(out), x0, x0 + width, i))
                    out.append(piece)
            return out
        half = (width - 1) // 2  # two slots a line
        for first in range(0, len(entries), 2):
            row = Text()
            for j, i in enumerate(range(first, min(first + 2, len(slots)))):
                row.append_text(fit(self._short_slot(slots[i], i, lang, half), half))
                row.append(" ")
                self._hits.append((y0 + len(out), x0 + j * (half + 1), x0 + (j + 1) * (half + 1), i))
            out.append(row)
        return out

    def _short_slot(self, sl: SlotView, i: int, lang: str, width: int) -> Text:
        """A slot in half a line: its tile and words if they fit, else its tile (and HP)."""
        mark = Text("▶" if i == self.selected else " ", style="bold")
        mark.append(f"{sl['slot']} ")
        mark.append_text(tile(sl["tile"], lang))
        full = mark.copy()
        full.append(" ")
        full.append_text(self._slot_words(sl, lang))
        if full.cell_len <= width:
            return full
        if sl.get("kind") == "monster":
            mark.append(f" ♥{sl['hp']}")
        return mark

    # the character, equipment, pack and identification sheets

    def _sheet(self, width: int, rows: int, lang: str, used: int = 0, below: int = 0) -> list[Text]:
        """The sheets in ``width`` columns and ``rows`` rows, as detailed as the space allows:
        the identification sheets with names, then without what the pack line already names,
        then as tiles; then every sheet in one flow, the sheets' tiles by suit (``678索``); then
        the pack without the tiles' notation (and ×1), then without names; at last the
        identification sheets as counts (the details list them). With ``below``
        columns free under ``used`` rows of the other column, the last groups may go there:
        they come back as the lines past ``rows``, to be drawn there."""
        lines: list[Text] = []
        for level in range(7):
            groups = self._sheet_groups(lang, level)
            lines = [line for parts, indent, sep in groups for line in flow(parts, width, indent=indent, sep=sep)]
            if len(lines) <= rows:
                return lines
            for cut in range(len(groups) - 1, 1, -1) if below else ():
                top = [line for g in groups[:cut] for line in flow(g[0], width, indent=g[1], sep=g[2])]
                under = [line for g in groups[cut:] for line in flow(g[0], below, indent=g[1], sep=g[2])]
                if len(top) <= rows and used + len(under) <= rows:
                    return [*top, *([Text()] * (rows - len(top))), *under]
        if below:  # at last a group may be cut too: its first parts on top, the rest (indented) under
            groups = self._sheet_groups(lang, 6)
            top = []
            for n, (parts, indent, sep) in enumerate(groups):
                whole = flow(parts, width, indent=indent, sep=sep)
                if len(top) + len(whole) <= rows:
                    top += whole
                    continue
                fits = [k for k in range(1, len(parts)) if len(top) + len(flow(parts[:k], width, indent, sep)) <= rows]
                k = max(fits, default=0)
                top += flow(parts[:k], width, indent=indent, sep=sep) if k else []
                rest = [([Text(" " * indent), *parts[k:]] if k else parts, indent, sep), *groups[n + 1:]]
                under = [line for g in rest for line in flow(g[0], below, indent=g[1], sep=g[2])]
                if used + len(under) <= rows:
                    return [*top, *([Text()] * (rows - len(top))), *under]
                break
        return lines

    def _sheet_groups(self, lang: str, level: int) -> list[tuple[list[Text], int, str]]:
        o = self.observation
        sh = o["sheet"]
        eq = o["equipment"]
        opts = o["options"]
        groups: list[tuple[list[Text], int, str]] = []
        title = Text(t("tui.jr.title", lang, rules=t(f"tui.jr.rules.{opts.get('rules', 'ez')}", lang)),
                     style="bold reverse")
        res = o.get("result")
        if res:
            if res["won"]:
                banner = t("tui.jr.won", lang, score=res["score"])
            else:
                killer = res.get("killer")
                cause = (t("jr.view.end.killed_by", lang, monster=f"@jr.mon.{killer}") if killer
                         else self.game.cause_label(str(res["cause"]), lang))  # fmt: skip
                banner = t("tui.jr.lost", lang, cause=cause, score=res["score"])
            phase = Text(banner, style="bold reverse")
        else:
            draw = o["draw"]  # at a draw, what it is for
            phase = Text(t(f"jr.draw.{draw}" if draw else f"tui.jr.phase.{o['phase']}", lang), style="bold")
        groups.append(([title, phase], 0, t("tui.jr.sep", lang)))  # Japanese separates with ・
        # the character sheet
        hp_style = "bold red" if sh["hp"] * 3 <= sh["max_hp"] else "bold"
        stats = [
            [Text(t("tui.jr.level", lang, level=sh["level"]), style="bold"), Text(t("tui.jr.xp", lang, xp=sh["xp"])),
             Text(t("tui.jr.hp", lang, hp=sh["hp"], max=sh["max_hp"]), style=hp_style),
             Text(t("tui.jr.str", lang, strength=sh["strength"], max=sh["max_strength"]))],
            [Text(t("tui.jr.gold", lang, gold=sh["gold"])),
             Text(t("tui.jr.food", lang, food=sh["food"]), style="bold red" if sh["food"] == 0 else ""),
             Text(t("tui.jr.floor", lang, floor=sh["floor"], deepest=sh["deepest"]))],
            [Text(t(f"tui.jr.stairs.{sh['stairs']}", lang))],
        ]  # fmt: skip
        status = [t(f"jr.status.{x}", lang) for x in sh["status"]]
        if status:
            listed = t("jr.view.sep", lang).join(status)
            stats[-1].append(Text(t("tui.jr.status", lang, status=listed), style="bold reverse"))
        # the equipment sheets
        melee = [self._item(w["kind"], w["enchant"], w["cursed"], w["equipped"], lang) for w in eq["weapons"]]
        armour = [self._item(a["kind"], a["enchant"], a["cursed"], a["worn"], lang, a["protected"])
                  for a in eq["armours"]]  # fmt: skip
        ranged = [Text(t("jr.item.bow", lang))] if eq["bow"] else []
        ranged += [Text(t(f"jr.item.{m}", lang)) for m, have in eq["missiles"].items() if have]
        rings = []
        for r in eq["rings"]:
            name = t(f"jr.ring.{r['kind']}", lang) if r["kind"] else t("jr.item.ring", lang)
            if r["cursed"]:
                name += " " + t("tui.jr.cursed", lang)
            if r["hand"]:
                name = t("tui.jr.equipped", lang, item=name) + "(" + t(f"tui.jr.hand.{r['hand']}", lang) + ")"
            rings.append(Text(name, style="bold" if r["hand"] else ""))
        equipment = [
            [self._label("tui.jr.melee", lang), *(self._grouped(melee) or [self._none(lang)])],
            [self._label("tui.jr.armour", lang), *(self._grouped(armour) or [self._none(lang)])],
            [self._label("tui.jr.ranged", lang), *(ranged or [self._none(lang)]),
             self._label("tui.jr.rings", lang), *(self._grouped(rings) or [self._none(lang)])],
        ]  # fmt: skip
        if eq["amulet"]:
            equipment[-1].append(Text(t("tui.jr.amulet", lang), style="bold reverse"))
        # the pack, with what is known of each appearance
        pack: list[Text] = []
        for kind, short in (("potions", "pot"), ("scrolls", "scr")):
            known = known_of(o, kind)
            carried = carried_of(o, kind)
            pack.append(self._label(f"tui.jr.{kind}", lang))
            for app, n in carried.items():  # the tile, and its notation as the actions name it
                piece = tile(app, lang)
                piece.append(f"×{n}" if level < 4 or n > 1 else "")
                if level < 5:
                    piece.append(" " + (t(f"tui.jr.{short}.{known[app]}", lang) if app in known
                                        else t("tui.jr.unidentified", lang)), style="italic")  # fmt: skip
                pack.append(piece)
            if not carried:
                pack.append(self._none(lang))
        # the potion and scroll sheets (identification rule)
        sheets: list[list[Text]] = []
        if ident_on(opts):
            for kind, short in (("potions", "pot"), ("scrolls", "scr")):
                known = known_of(o, kind)
                total = len(POTIONS if kind == "potions" else SCROLLS)
                parts = [self._label(f"tui.jr.{kind[:-1]}_sheet", lang, known=len(known), total=total)]
                shown = [app for app in sorted(known) if level < 1 or app not in carried_of(o, kind)]
                if level >= 6:  # the last resort: the sheets' counts only (i lists them)
                    shown = []
                if level >= 3:  # by suit, as mahjong players write a hand: 678索
                    parts += suited(shown)
                    shown = []
                for app in shown:
                    piece = tile(app, lang)
                    if level < 2:
                        piece.append(" " + t(f"tui.jr.{short}.{known[app]}", lang), style="italic")
                    parts.append(piece)
                sheets.append(parts)
        counts = [Text(t("tui.jr.pile", lang, pile=o["pile"])), Text(t("tui.jr.discard", lang, discard=o["discard"]))]
        if o["continues"]:
            counts.append(Text(t("tui.jr.continues", lang, n=o["continues"])))
        if level < 3:
            groups += [(g, 2, "  ") for g in stats]
            groups += [(g, 2, " ") for g in equipment]
            groups.append((pack, 2, "  "))
            groups += [(g, 2, "  ") for g in sheets]
        else:
            groups.append(([p for g in stats for p in g], 2, "  "))
            groups.append(([p for g in equipment for p in g], 2, " "))
            groups.append(([*pack, *(p for g in sheets for p in g)], 2, "  "))
        groups.append((counts, 0, t("tui.jr.sep", lang)))
        return groups

    @staticmethod
    def _label(key: str, lang: str, **params: object) -> Text:
        return Text(t(key, lang, **params), style="underline")

    @staticmethod
    def _grouped(items: list[Text]) -> list[Text]:
        """Identical entries once, with a count (three unknown rings: ``ring (unknown)×3``)."""
        out: list[Text] = []
        seen: dict[str, int] = {}
        counts: dict[str, int] = {}
        for item in items:
            counts[item.plain] = counts.get(item.plain, 0) + 1
        for item in items:
            if item.plain in seen:
                continue
            seen[item.plain] = len(out)
            n = counts[item.plain]
            out.append(item.copy().append(f"×{n}") if n > 1 else item)
        return out

    def _none(self, lang: str) -> Text:
        return Text(t("tui.jr.none", lang), style="dim")

    def _item(self, kind: str, enchant: int | None, cursed: bool | None, on: bool, lang: str,
              protected: bool = False) -> Text:  # fmt: skip
        name = t(f"jr.item.{kind}", lang)
        name += f"{enchant:+d}" if enchant is not None else t("tui.jr.unknown_state", lang)
        if cursed:
            name += " " + t("tui.jr.cursed", lang)
        if protected:
            name += " " + t("tui.jr.protected", lang)
        return Text(t("tui.jr.equipped", lang, item=name), style="bold") if on else Text(name)


__all__ = ["Board"]
