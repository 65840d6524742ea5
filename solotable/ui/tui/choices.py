"""The list of choices of the game screen: one line per choice, or, where a game groups them
(a board's ``choice_groups``), several choices side by side on one line under a heading.

Deep Space D-6's Commander may turn any unassigned die into any other face: fifteen to twenty
choices that differ by two words. Listed one a line they filled the 8 rows an 80×24 terminal
gives the choices four times over (issue 20 item 12); grouped, a line holds the five faces one
die may become (``Tac → 1)Com 2)Med 3)Sci 4)Eng 5)Thr!``) and the whole step fits.

Every choice keeps its number (the digits choose it as before); ↑/↓ move between lines and ←/→
between the choices of a line (the one picked is shown reversed and underlined, not by colour
alone); a click on a choice picks it; Enter plays the picked one.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from solotable.core.choice_groups import ChoiceGroup, GroupRow
from solotable.core.i18n import display_width

__all__ = ["ChoiceGroup", "ChoiceList", "GroupRow", "RowView"]


PICKED = "reverse underline"
"""The style of the picked choice of a highlighted grouped line."""


class RowView:
    """A grouped line laid out to a width: its text with any item picked, and where each item
    stands (line, first column, last column + 1) for the mouse."""

    MARK = " "  # under the group's heading

    def __init__(self, row: GroupRow, width: int, *, short: bool | None = None) -> None:
        """``short``: the short names (a group whose rows do not all fit with the names asks it
        of every row, so that its rows read alike); None: the names where the row fits."""
        self.items = row.items
        self.spans: list[tuple[int, int, int]] = []
        mark = self.MARK
        if short is None:
            short = not self.fits(row, width)
        lead = row.short_lead if short else row.lead
        words = [f"{item.index + 1}){item.short if short else item.name}" for item in row.items]
        self.lead = mark + lead
        self.words = words
        indent = display_width(self.lead)
        line, column = 0, indent
        for word in words:
            w = display_width(word)
            if column > indent and column + 1 + w > width:
                line, column = line + 1, indent
            elif column > indent:
                column += 1
            self.spans.append((line, column, column + w))
            column += w

    @classmethod
    def fits(cls, row: GroupRow, width: int) -> bool:
        """Whether ``row`` fits on one line of ``width`` with its choices' names."""
        words = [f"{item.index + 1}){item.name}" for item in row.items]
        return display_width(cls.MARK + row.lead + " ".join(words)) <= width

    @classmethod
    def for_group(cls, rows: tuple[GroupRow, ...], width: int) -> list[RowView]:
        """A group's rows, all with the names or all with the short names (a row of long names
        beside rows of short ones read as two kinds of choice: 'Tactical→1)Commander' above
        'Med→6)Com')."""
        short = not all(cls.fits(row, width) for row in rows)
        return [cls(row, width, short=short) for row in rows]

    def text(self, picked: int | None) -> Text:
        text = Text(self.lead)
        indent = " " * display_width(self.lead)
        line = 0
        for position, (word, (at, _, _)) in enumerate(zip(self.words, self.spans, strict=True)):
            if at != line:
                text.append("\n" + indent)
                line = at
            elif position:
                text.append(" ")
            text.append(word, style=PICKED if position == picked else "")
        return text

    def item_at(self, line: int, column: int) -> int | None:
        """The position of the item at ``column`` of ``line`` (the nearest on that line)."""
        on_line = [(i, s, e) for i, (at, s, e) in enumerate(self.spans) if at == line]
        for i, start, end in on_line:
            if start <= column < end + 1:
                return i
        return on_line[-1][0] if on_line and column >= on_line[-1][1] else (on_line[0][0] if on_line else None)


class ChoiceList(OptionList):
    """The game screen's list of choices (see the module docstring). Each option is a line: a
    single choice, a group's heading (not selectable), a grouped line, or something else (the
    dice, the end's home and quit), told apart by :meth:`choice_at`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", show=False),
        Binding("right", "step(1)", show=False),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._singles: dict[int, int] = {}  # option index -> choice index
        self._rows: dict[int, RowView] = {}  # option index -> grouped line
        self.picked = 0  # the item picked on the highlighted grouped line
        self._drawn: int | None = None  # the grouped line drawn with its item picked

    def set_choices(self, options: list[Option], singles: dict[int, int], rows: dict[int, RowView]) -> None:
        """Show ``options``; ``singles`` maps an option to its choice, ``rows`` to its grouped line."""
        self._singles, self._rows = singles, rows
        self._drawn = None
        self.picked = 0
        self.set_options(options)

    # -- choices and options ---------------------------------------------------------------

    def choice_at(self, option: int | None, picked: int | None = None) -> int | None:
        """The choice of option ``option`` (on a grouped line, the picked one), or None."""
        if option is None:
            return None
        if option in self._singles:
            return self._singles[option]
        row = self._rows.get(option)
        if row is None:
            return None
        position = self.picked if picked is None else picked
        return row.items[min(position, len(row.items) - 1)].index

    def highlighted_choice(self) -> int | None:
        return self.choice_at(self.highlighted)

    def highlight_choice(self, index: int) -> None:
        """Highlight choice ``index`` (its line, and on a grouped line the item)."""
        for option, choice in self._singles.items():
            if choice == index:
                self.highlighted = option
                return
        for option, row in self._rows.items():
            for position, item in enumerate(row.items):
                if item.index == index:
                    self.picked = position
                    self.highlighted = option
                    self._draw_picked()
                    return

    # -- keys and the mouse ----------------------------------------------------------------

    def action_step(self, step: int) -> None:
        """←/→: the previous or next choice, across lines."""
        current = self.highlighted_choice()
        if current is None:
            (self.action_cursor_down if step > 0 else self.action_cursor_up)()
            return
        wanted = current + step
        if any(wanted == c for c in self._singles.values()) or any(
            wanted == item.index for row in self._rows.values() for item in row.items
        ):
            self.highlight_choice(wanted)

    async def _on_click(self, event: events.Click) -> None:
        """On a grouped line, pick the item under the mouse; Textual's own handler (called
        after this one, as for every class of the widget) then highlights the line and selects."""
        option = event.style.meta.get("option")
        row = self._rows.get(option) if isinstance(option, int) else None
        if row is None:
            return
        try:
            _, line_offset = self._lines[self.scroll_offset.y + event.y]
        except IndexError:
            return
        position = row.item_at(line_offset, event.x - 1)  # the option's left padding
        if position is not None:
            self.picked = position
            self._drawn = None

    # -- drawing the picked item -----------------------------------------------------------

    def watch_highlighted(self, highlighted: int | None) -> None:
        if highlighted is not None and highlighted in self._rows:
            self.picked = min(self.picked, len(self._rows[highlighted].items) - 1)
        self._draw_picked()
        super().watch_highlighted(highlighted)

    def _draw_picked(self) -> None:
        wanted = self.highlighted if self.highlighted in self._rows else None
        if self._drawn is not None and self._drawn != wanted and self._drawn < self.option_count:
            self.replace_option_prompt_at_index(self._drawn, self._rows[self._drawn].text(None))
        if wanted is not None:
            self.replace_option_prompt_at_index(wanted, self._rows[wanted].text(self.picked))
        self._drawn = wanted
