"""§4.1 The Preparation phase: a fresh layout of room cards for an area.

The six room cards are dealt face down in a uniformly random order, in columns of 1, 2, 1 and 2
cards; in the last area of a level the boss card lies face up as a fifth column (§4.1 step 3).
The software deals lazily (project ruling P1): nothing is drawn here; each column's card(s) are
drawn when the column is reached (``dungeon.next_column``), from the cards not yet turned up.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Final

from solotable.core.chance import ChanceTable
from solotable.core.engine import EventKind
from solotable.core.protocol import Action

from ..data import data
from ..state import ALL_CARDS, BOSS_CARD, CARD_INDEX, CARD_NAMES, NO_COLUMNS, NOT_CHOSEN, MiniRogueState

EV_AREA: Final = EventKind("mr1.ev.area", "area", "level")

D: Final = data()


def new_area(s: MiniRogueState) -> None:
    """The layout of a new area, nothing turned up yet; the column before the first is "reached"
    (the next ``next_column`` turns up column 1). A monster defeated in the area before no
    longer counts for a Treasure (rulings R4, R5)."""
    s.col = -1
    s.revealed = ((), (), (), (), (BOSS_CARD,)) if s.area in D.last_area_of_level else NO_COLUMNS
    s.chosen = NOT_CHOSEN
    s.remaining = ALL_CARDS
    s.monster_defeated = False
    if s.log:
        s.recorded.append((EV_AREA, s.area, s.level))


@cache
def reveal_table(remaining: int, pair: bool) -> ChanceTable:
    """The cards turned up in a column, uniformly from those not turned up yet (``remaining``, a
    bitmask of card ids): one card, or an unordered pair (project ruling P1). Cached: 2 × 64."""
    cards = [c for c in range(6) if remaining >> c & 1]
    if pair:
        return ChanceTable.uniform([Action("reveal", CARD_NAMES[a], CARD_NAMES[b]) for a, b in combinations(cards, 2)])
    return ChanceTable.uniform([Action("reveal", CARD_NAMES[c]) for c in cards])


def revealed_cards(outcome: Action) -> tuple[int, ...]:
    """The card ids of a reveal outcome (``reveal:merchant,trap`` -> ``(2, 5)``)."""
    cards = CARDS_NAMED.get(outcome.args)
    if cards is None:
        cards = tuple(CARD_INDEX[str(name)] for name in outcome.args)
    return cards


CARDS_NAMED: Final[dict[tuple[str | int, ...], tuple[int, ...]]] = {
    tuple(CARD_NAMES[c] for c in cards): cards
    for cards in (*((c,) for c in range(6)), *combinations(range(6), 2))
}
"""The card ids of a reveal, by its outcome's arguments (the card names): one lookup, the names'
hashes kept by the strings (an :class:`Action` key would hash it in Python at every reveal)."""
