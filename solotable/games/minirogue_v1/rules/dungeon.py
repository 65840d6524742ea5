"""§4 The turn: the Hack & Slash phase through the columns of an area (§4.2), the Exploration
phase between areas (§4.3), and the Labyrinth keys variant at the doors (§7).

Columns are turned up from left to right (the layout is dealt lazily, project ruling P1): a
single card is the room; of a pair the player takes one and the other has no effect. Column 4
holds the last two cards of the six, so its reveal is certain and makes no chance event. A boss
area ends with the boss (column 5). A room is started with the next column pending on the stack,
so each room's steps simply end when the card is resolved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from solotable.core.chance import ChanceTable
from solotable.core.engine import EventKind, Phase, Step
from solotable.core.protocol import Action

from .. import actions as A
from ..data import data
from ..state import BOSS_CARD, CARD_INDEX, CARD_NAMES, GAME_ID, MiniRogueState
from . import areas, combat, rooms
from .character import end, free_discard, gain_hp, held_discards, lose_hp

D: Final = data()
CARD_KEYS: Final = tuple(f"@mr1.card.{name}" for name in CARD_NAMES)
"""A card's name as an event parameter (a message id), by card index."""
EV_REVEAL1: Final = EventKind("mr1.ev.reveal1", "a")
EV_REVEAL2: Final = EventKind("mr1.ev.reveal2", "a", "b")
EV_TAKE: Final = EventKind("mr1.ev.take", "card")
EV_ROOM: Final = EventKind("mr1.ev.room", "card")
EV_START: Final = EventKind("mr1.ev.start", "difficulty")
EV_CAST: Final = EventKind("mr1.ev.cast", "spell")
EV_EAT: Final = EventKind("mr1.ev.eat", "food")
EV_STARVE: Final = EventKind("mr1.ev.starve", "hp")
EV_KEY_USED: Final = EventKind("mr1.ev.key_used")
EV_NO_KEY: Final = EventKind("mr1.ev.no_key")


def _choose_legal(s: MiniRogueState) -> list[Action]:
    cards = s.revealed[s.col]
    out = _TAKES.get(cards)
    if out is None:
        out = _TAKES[cards] = list(map(A.TAKE.__getitem__, cards))
    if s.spells:
        return [*out, *held_discards(s)]
    return out  # (kept, never changed: ``legal_actions`` hands out a copy)


_TAKES: Final[dict[tuple[int, ...], list[Action]]] = {}
"""The cards of a pair to take, by the pair (15 lists at most, never changed once made)."""


def _pre_room_legal(s: MiniRogueState) -> list[Action]:
    return [A.ENTER, _CAST_HEAL, *held_discards(s)]  # (asked with Heal held: a spell to discard)


_CAST_HEAL: Final = A.CAST["heal"]


REVEAL: Final = Phase[MiniRogueState]("reveal", chance=True, game=GAME_ID)
"""The card (or the pair) turned up in the column reached (§4.2, project ruling P1)."""
CHOOSE: Final = Phase("choose", _choose_legal, game=GAME_ID)
"""Take one card of a pair (§4.2)."""
PRE_ROOM: Final = Phase("pre_room", _pre_room_legal, game=GAME_ID)
"""Cast Heal before the room is resolved, or enter it (rulings R12, R28; project ruling P3)."""

ROOMS: Final[tuple[Callable[[MiniRogueState], None], ...]] = (
    combat.monster_room,  # §5.1
    rooms.treasure,  # §5.3
    rooms.merchant_room,  # §5.4
    rooms.resting,  # §5.5
    rooms.event,  # §5.6
    rooms.trap,  # §5.7
    combat.boss_room,  # §5.2
)
"""The step that resolves each room card, by card id."""


def begin(s: MiniRogueState) -> None:
    """§2, §4.1: the game starts in area 1 with a fresh layout."""
    if s.log:
        s.recorded.append((EV_START, "@mr1.difficulty." + s.difficulty))
    areas.new_area(s)
    next_column(s)


def next_column(s: MiniRogueState) -> None:
    """Move to the next column: turn it up, fight the boss, or leave the area (§4.2, §4.3)."""
    col = s.col = s.col + 1
    if col < 3:
        table = (_PAIR_TABLES if col == 1 else _ONE_TABLES)[s.remaining]
        assert table is not None  # (two cards are left for column 2's pair, one for column 3)
        # (s.draw(REVEAL, table, _revealed), written out: a column is reached while the rules run)
        s.stack.append(_REVEALED)
        s.table = table
        s.phase = REVEAL
    elif col == 3:  # the last two cards: their reveal is certain (project ruling P1)
        cards = _CARDS_LEFT[s.remaining]
        if s.log:
            s.recorded.append((EV_REVEAL2, CARD_KEYS[cards[0]], CARD_KEYS[cards[1]]))
        _turn_up(s, cards)
    elif col == 4 and s.revealed[4]:
        _start_room(s, BOSS_CARD)
    else:
        _exploration(s)


def _revealed(s: MiniRogueState, outcome: Action) -> None:
    # (_turn_up, written out: the hot path makes one call fewer a column)
    cards = _CARDS_NAMED.get(outcome.args) or areas.revealed_cards(outcome)
    col = s.col
    revealed = list(s.revealed)  # (a tuple with one place changed: one list, one tuple)
    revealed[col] = cards
    s.revealed = tuple(revealed)
    if len(cards) == 1:
        card = cards[0]
        if s.log:
            s.recorded.append((EV_REVEAL1, CARD_KEYS[card]))
        s.remaining &= ~(1 << card)
        _start_room(s, card)
        return
    if s.log:
        s.recorded.append((EV_REVEAL2, CARD_KEYS[cards[0]], CARD_KEYS[cards[1]]))
    s.remaining &= ~(1 << cards[0] | 1 << cards[1])
    # (s.ask(CHOOSE, _chosen), written out: the rules run)
    s.stack.append(_CHOSEN)
    s.phase = CHOOSE


def _turn_up(s: MiniRogueState, cards: tuple[int, ...]) -> None:
    remaining = s.remaining
    for c in cards:
        remaining &= ~(1 << c)
    s.remaining = remaining
    col = s.col
    revealed = list(s.revealed)  # (a tuple with one place changed: one list, one tuple)
    revealed[col] = cards
    s.revealed = tuple(revealed)
    if len(cards) == 1:
        _start_room(s, cards[0])
    else:
        s.ask(CHOOSE, _chosen)


def _chosen(s: MiniRogueState, action: Action) -> None:
    if action.name == "discard":
        free_discard(s, action)
        s.ask(CHOOSE, _chosen)
        return
    card = _CARD_OF_NAME[action.args[0]]
    if s.log:
        s.recorded.append((EV_TAKE, CARD_KEYS[card]))
    _start_room(s, card)


def _start_room(s: MiniRogueState, card: int) -> None:
    """Enter the room of ``card``; the next column is pending until the room is resolved."""
    s.card = card
    col = s.col
    chosen = list(s.chosen)  # (a tuple with one place changed: one list, one tuple)
    chosen[col] = card
    s.chosen = tuple(chosen)
    s.stack.append(_NEXT_COLUMN)  # (``s.push(next_column)``: a room starts while the rules run)
    if "heal" in s.spells:  # rulings R12, R28: Heal may be cast at the start of a room; project ruling P3
        s.ask(PRE_ROOM, _pre_room)
    else:  # (_resolve, written out)
        if s.log:
            s.recorded.append((EV_ROOM, CARD_KEYS[card]))
        ROOMS[card](s)


_NEXT_COLUMN: Final[Step] = (next_column, ())
"""The pending step of the next column, made once."""
_REVEALED: Final[Step] = (_revealed, ())
_CHOSEN: Final[Step] = (_chosen, ())
"""The continuations of a column's reveal and of a pair's choice, made once."""
_CARDS_NAMED: Final = areas.CARDS_NAMED
_CARD_OF_NAME: Final[dict[str | int, int]] = {name: i for name, i in CARD_INDEX.items()}
"""A card's id by its name as an action's argument (``take:monster``)."""


def _reveal_tables(pair: bool) -> tuple[ChanceTable | None, ...]:
    """:func:`areas.reveal_table` of every set of remaining cards (a bitmask) that has a card to
    turn up (two for a pair), by the set: the same tables, found by an index."""
    need = 2 if pair else 1
    return tuple(areas.reveal_table(r, pair) if r.bit_count() >= need else None for r in range(64))


_CARDS_LEFT: Final = tuple(tuple(c for c in range(6) if remaining >> c & 1) for remaining in range(64))
"""The ids of the cards not turned up yet, by the bitmask of them."""
_ONE_TABLES: Final = _reveal_tables(False)
_PAIR_TABLES: Final = _reveal_tables(True)


def _pre_room(s: MiniRogueState, action: Action) -> None:
    name = action.name
    if name == "enter":
        _resolve(s)
        return
    if name == "cast":  # Heal, any number of times (rulings R12, R28)
        s.spells.remove("heal")
        if s.log:
            s.recorded.append((EV_CAST, "@mr1.spell.heal"))
        gain_hp(s, D.heal_hp)
    else:
        free_discard(s, action)
    if "heal" in s.spells:
        s.ask(PRE_ROOM, _pre_room)
    else:
        _resolve(s)


def _resolve(s: MiniRogueState) -> None:
    card = s.card
    if s.log:
        s.recorded.append((EV_ROOM, CARD_KEYS[card]))
    ROOMS[card](s)


def _exploration(s: MiniRogueState) -> None:
    """§4.3: eat 1 Food, or lose 2 HP with none (ruling R9); unlock the door (the Labyrinth
    keys variant, §7, ruling R33); go down to the next area."""
    if s.food >= 1:
        s.food -= 1
        if s.log:
            s.recorded.append((EV_EAT, s.food))
    else:
        if s.log:
            s.recorded.append((EV_STARVE, D.starvation_hp))
        lose_hp(s, D.starvation_hp, "starvation")
        if s.over:
            return
    if s.keys and s.area in D.last_area_of_level and s.level < len(D.levels):  # project ruling P5: no door on Level 5
        if not s.key_held:  # ruling R33: no key at the door loses the game
            if s.log:
                s.recorded.append((EV_NO_KEY,))
            end(s, False, "no_key")
            return
        s.key_held = False
        if s.log:
            s.recorded.append((EV_KEY_USED,))
    s.area += 1
    areas.new_area(s)
    next_column(s)
