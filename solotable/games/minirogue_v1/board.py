"""The board's elements of Mini Rogue v1.2.1 and the legal actions that concern each:

- the dungeon cards of the room row (``take``), and the card the hero stands on (the card last
  taken): what is decided there (resting's choice, leaving the merchant, entering the room);
- the dice of a roll (feats and critical rerolls) and the Event's die (its roll taken, or a skill
  check to move it, then moved up or down or kept);
- the spells on the character card (cast, discard, sell) and the character card itself (selling
  armour);
- the merchant's wares (buy).

"Done", "stop" and casting no spell concern no element: they stay in the list of choices. The
mapping only sorts ``legal_actions()`` by each action's name and arguments; it decides nothing."""

from __future__ import annotations

from collections.abc import Iterable

from solotable.core.action import Action
from solotable.core.board import BoardActions, sort_actions
from solotable.core.protocol import State

HERE = ("card", "card:here")
"""The card the hero stands on (web.py marks the card last taken)."""
ON_THE_CARD_HERE = frozenset({"rest", "leave", "enter"})


def concerns(action: Action, held: frozenset[str] = frozenset()) -> Iterable[tuple[str, str]]:
    """What ``action`` concerns; ``held``: the spells on the character card (a spell just found and
    not yet held is discarded on the card the hero stands on)."""
    name, args = action.name, action.args
    if name == "take":
        return [("card", f"card:{args[0]}")]
    if name in ("feat", "crit"):
        return [("die", f"die:{args[0]}")]
    if name in ("check", "accept", "keep", "up", "down"):  # the Event's roll: checked, taken, moved (§5.6, R2, R21)
        return [("die", "die:event")]
    if name == "sell" and args[0] == "armor":
        return [("hero", "hero")]
    if name == "discard" and args[0] not in held:
        return [HERE]
    if name in ("sell", "cast", "discard"):
        return [("item", f"item:{args[0]}")]
    if name == "buy":
        return [("item", f"ware:{args[0]}")]
    if name in ON_THE_CARD_HERE:
        return [HERE]
    return []


def board_actions(state: State) -> BoardActions:
    character = state.observation(0).get("character") or {}
    held = frozenset(str(sp) for sp in character.get("spells", ()))
    return sort_actions(state.legal_actions(), lambda a: concerns(a, held))
