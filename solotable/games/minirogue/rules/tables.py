"""The chance nodes of Mini Rogue (2020): the dice of §5 and the lazy deal of the room cards and
the bosses (ruling MR-P1), built from the core's primitives and cached, and the outcomes read
back into numbers.

- A combat roll is one event (ruling MR-P3): the white dice as a multiset (ascending, ``x`` for
  the ×), the black die, and the poison and curse dice when held: ``roll:x56,3,p1,c0``.
- A skill check is the white dice and the black die together: ``check:56,2`` (§6.1).
- A critical or feat reroll is one white die (``white:4``); the shrine and the Reward card roll
  the black die (``d6:N``); the first Leader is ``leader:1`` or ``leader:2`` (MR-P9).
- A room card is drawn uniformly from the cards not yet seen this area (``card:MON-A``), a floor
  boss uniformly from those not yet seen (``boss:ghoul``).
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple

from solotable.core.chance import ChanceTable, dice_multisets, die_table
from solotable.core.protocol import Action

from ..data import BOSSES, ROOM_CARDS
from ..state import FACE


def white_text(faces: tuple[int, ...]) -> str:
    return "".join(FACE[f - 1] for f in faces)


class Roll(NamedTuple):
    """A combat roll or a skill check, read from its outcome."""

    white: tuple[int, ...]
    black: int
    poison: bool
    curse: bool


ROLLS: Final[dict[Action, Roll]] = {}
"""Every combat roll and check outcome built so far, read back (filled by the tables below)."""


_ROLL_TABLES: Final[dict[int, ChanceTable]] = {}
"""The combat rolls' tables made so far, by ``4 n + 2 poisoned + cursed`` (a dict of small numbers:
cheaper to ask at every roll than a cache keyed by the arguments)."""
_CHECK_TABLES: Final[dict[int, ChanceTable]] = {}
"""The skill checks' tables made so far, by their number of white dice."""


def roll_table(n: int, poisoned: bool, cursed: bool) -> ChanceTable:
    """A combat roll of ``n`` white dice (§7.2): the multiset, the black die, then the poison die
    when poisoned and the curse die when cursed (1/2 each)."""
    key = 4 * n + 2 * poisoned + cursed
    table = _ROLL_TABLES.get(key)
    if table is None:
        table = _ROLL_TABLES[key] = _roll_table(n, poisoned, cursed)
    return table


def _roll_table(n: int, poisoned: bool, cursed: bool) -> ChanceTable:
    actions: list[Action] = []
    weights: list[int] = []
    for faces, orderings in dice_multisets(n):
        w = white_text(faces)
        for black in range(1, 7):
            for pz in ("p1", "p0") if poisoned else ("",):
                for cz in ("c1", "c0") if cursed else ("",):
                    action = Action("roll", w, black, *(x for x in (pz, cz) if x))
                    actions.append(action)
                    weights.append(orderings)
                    ROLLS[action] = Roll(faces, black, pz == "p1", cz == "c1")
    return ChanceTable.weighted(actions, weights)


def check_table(n: int) -> ChanceTable:
    """A skill check of ``n`` white dice and the black die (§6.1)."""
    table = _CHECK_TABLES.get(n)
    if table is None:
        table = _CHECK_TABLES[n] = _check_table(n)
    return table


def _check_table(n: int) -> ChanceTable:
    actions: list[Action] = []
    weights: list[int] = []
    for faces, orderings in dice_multisets(n):
        w = white_text(faces)
        for black in range(1, 7):
            action = Action("check", w, black)
            actions.append(action)
            weights.append(orderings)
            ROLLS[action] = Roll(faces, black, False, False)
    return ChanceTable.weighted(actions, weights)


def read_roll(action: Action) -> Roll:
    """A roll outcome in numbers (any action equal to a table's: records and tests build their own)."""
    found = ROLLS.get(action)
    if found is None:
        white = tuple(FACE.index(ch) + 1 for ch in str(action.args[0]))
        extra = action.args[2:]
        found = Roll(white, int(action.args[1]), "p1" in extra, "c1" in extra)
    return found


WHITE_TABLE: Final = ChanceTable.uniform(tuple(Action("white", f) for f in FACE))
"""One white die: a critical or a feat reroll."""
WHITE_FACE: Final = {a: FACE.index(str(a.args[0])) + 1 for a in WHITE_TABLE.actions}
D6_TABLE: Final = die_table("d6")
"""The black die rolled alone: the shrine, the Reward card."""
LEADER_TABLE: Final = ChanceTable.uniform((Action("leader", 1), Action("leader", 2)))
CARD_ACTIONS: Final = tuple(Action("card", c) for c in ROOM_CARDS)
CARD_OF: Final = {a: i for i, a in enumerate(CARD_ACTIONS)}
BOSS_ACTIONS: Final = tuple(Action("boss", b) for b in BOSSES)
ALL_CARDS: Final = (1 << len(ROOM_CARDS)) - 1


_HALF: Final = 10
_LOW: Final = tuple(tuple(a for i, a in enumerate(CARD_ACTIONS[:_HALF]) if not m >> i & 1) for m in range(1 << _HALF))
_HIGH: Final = tuple(tuple(a for i, a in enumerate(CARD_ACTIONS[_HALF:]) if not m >> i & 1) for m in range(1 << _HALF))


_CARD_TABLES: Final[dict[int, ChanceTable]] = {}
"""The tables of the first seen sets met, up to :data:`_CARD_TABLES_KEPT`: the few sets of an
area's first reveals recur in every game (in random play the 1,024 commonest of the 13,454 sets
met in 100,000 decisions made 60% of the reveals)."""
_CARD_TABLES_KEPT: Final = 4096


def card_table(seen: int) -> ChanceTable:
    """The next room card: uniform over the cards not in ``seen`` (MR-P1), in the order of
    ``ROOM_CARDS``. Most seen sets rarely repeat (12,853 different ones in 3,000 games), so a
    table is built from the unseen cards of each half of the deck, looked up, and the first sets
    met keep theirs."""
    table = _CARD_TABLES.get(seen)
    if table is None:
        table = ChanceTable.uniform(_LOW[seen & 1023] + _HIGH[seen >> _HALF])
        if len(_CARD_TABLES) < _CARD_TABLES_KEPT:
            _CARD_TABLES[seen] = table
    return table


@cache
def boss_table(seen: int) -> ChanceTable:
    """A floor boss: uniform over the four not in ``seen`` (MR-P1)."""
    return ChanceTable.uniform(tuple(a for i, a in enumerate(BOSS_ACTIONS) if not seen >> i & 1))
