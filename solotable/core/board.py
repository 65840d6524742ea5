"""What a board's elements are and which legal actions concern each (DESIGN.md, "A player acts on
the board"): each game declares it in its ``board.py`` (:meth:`Game.board_actions
<solotable.core.protocol.Game.board_actions>`), so that the terminal and the browser can let a
player act on a die, a card, a room, a tile, a station, a threat, an item or a hero, and keep in
their list of choices only the actions that concern no element.

The declaration re-implements no rule: it only sorts the state's own ``legal_actions()``. Every
legal action is either ``free`` or concerns one element or more (an action may concern two: a crew
die sent onto a threat concerns both), and nothing else is listed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from solotable.core.action import Action

KINDS = ("die", "card", "room", "tile", "station", "threat", "item", "hero", "door")
"""The kinds of board element a game may declare."""


@dataclass(frozen=True)
class BoardElement:
    """One thing on the board (``kind``, and a ``key`` unique on this board, such as ``die:2``,
    ``room:5``, ``threat:e19``) with the legal actions that concern it, in legal order."""

    kind: str
    key: str
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class BoardActions:
    """The legal actions of a state sorted by the board elements they concern; ``free``: those
    that concern none (pass, end, a choice of words), kept in the list of choices."""

    elements: tuple[BoardElement, ...]
    free: tuple[Action, ...]

    def element(self, key: str) -> BoardElement | None:
        return next((e for e in self.elements if e.key == key), None)

    def covered(self) -> set[Action]:
        """Every action the declaration lists (the elements' and the free ones)."""
        return {a for e in self.elements for a in e.actions} | set(self.free)


Concerns = Callable[[Action], Iterable[tuple[str, str]]]
"""What an action concerns: ``(kind, key)`` pairs; none for a free action."""


def sort_actions(actions: Sequence[Action], concerns: Concerns) -> BoardActions:
    """``actions`` sorted by what ``concerns`` says each concerns (elements in the order first met)."""
    found: dict[str, tuple[str, list[Action]]] = {}
    free: list[Action] = []
    for action in actions:
        pairs = list(concerns(action))
        if not pairs:
            free.append(action)
        for kind, key in pairs:
            if kind not in KINDS:
                raise ValueError(f"unknown board element kind {kind!r} for {action}")
            entry = found.setdefault(key, (kind, []))
            if action not in entry[1]:
                entry[1].append(action)
    elements = tuple(BoardElement(kind, key, tuple(acts)) for key, (kind, acts) in found.items())
    return BoardActions(elements, tuple(free))
