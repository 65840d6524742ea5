"""The board's elements of Mini Rogue (2020) and the legal actions that concern each: the room a
hero moves into (``move``), the dice of a roll (feats, critical rerolls), the potions and items on
a character mat or for sale (drink, sell, drop, take a potion, buy). Checks, answers, offers and
"pass" concern no element: they stay in the list of choices."""

from __future__ import annotations

from collections.abc import Iterable

from solotable.core.action import Action
from solotable.core.board import BoardActions, sort_actions
from solotable.core.protocol import State


def board_actions(state: State) -> BoardActions:
    heroes = state.observation(0).get("heroes")
    seat = state.to_move if isinstance(state.to_move, int) and state.to_move >= 0 else 0
    pos: int | None = None
    if isinstance(heroes, list) and 0 <= seat < len(heroes):
        hero = heroes[seat]
        if isinstance(hero, dict):
            row, col = hero["pos"]
            pos = (int(row) - 1) * 3 + int(col) - 1

    def concerns(action: Action) -> Iterable[tuple[str, str]]:
        name, args = action.name, action.args
        if name == "move":
            target = None if pos is None else pos + (1 if args[0] == "right" else 3)  # rules/dungeon.py
            return [("room", f"room:{target}" if target is not None else f"room:{args[0]}")]
        if name in ("feat", "crit"):
            return [("die", f"die:{args[0]}")]
        if name in ("drink", "sell", "drop", "potion", "buy"):
            return [("item", f"item:{args[0]}")]
        return []

    return sort_actions(state.legal_actions(), concerns)
