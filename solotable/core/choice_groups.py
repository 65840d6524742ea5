"""Choices shown together on a screen: a game's interface may group its choices that differ by a
word or two (Deep Space D-6's Commander turning a die into any other face) so that a list shows
them side by side, one line per group row (:mod:`solotable.ui.tui.choices` draws them). Only the
showing changes: every choice keeps its place and number in ``legal_actions()``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GroupItem:
    """One choice of a grouped line: its index in the list of choices, its name and a short name
    (used when the line would not fit with the names)."""

    index: int
    name: str
    short: str


@dataclass(frozen=True, slots=True)
class GroupRow:
    """One line of a group: what its choices share, with what parts it from them (``Tactical → ``,
    short ``Tac→``), then each."""

    lead: str
    short_lead: str
    items: tuple[GroupItem, ...]


@dataclass(frozen=True, slots=True)
class ChoiceGroup:
    """Choices shown together: a heading line that says what they do, then the rows."""

    heading: str
    rows: tuple[GroupRow, ...]

    def indices(self) -> list[int]:
        return [item.index for row in self.rows for item in row.items]
