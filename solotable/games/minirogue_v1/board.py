"""The board's elements of Mini Rogue v1.2.1 and the legal actions that concern each: the dungeon
cards of the room row (``take``), the dice of a roll (feats and critical rerolls), the items and
spells of the character card (buy, sell, cast, discard). Resting, checks, answers and "done" concern
no element: they stay in the list of choices."""

from __future__ import annotations

from collections.abc import Iterable

from solotable.core.action import Action
from solotable.core.board import BoardActions, sort_actions
from solotable.core.protocol import State


def concerns(action: Action) -> Iterable[tuple[str, str]]:
    name, args = action.name, action.args
    if name == "take":
        return [("card", f"card:{args[0]}")]
    if name in ("feat", "crit"):
        return [("die", f"die:{args[0]}")]
    if name in ("buy", "sell", "cast", "discard"):
        return [("item", f"item:{args[0]}")]
    return []


def board_actions(state: State) -> BoardActions:
    return sort_actions(state.legal_actions(), concerns)
