"""The board's elements of JongRogue and the legal actions that concern each: the tiles of the
encounter row (attack, hit, pick up, shoot), the room's doors (open, search, flee through), the
stairs, and the items on the sheet (wield, drop). Fighting, resting, skipping and a forced end
concern no element: they stay in the list of choices."""

from __future__ import annotations

from collections.abc import Iterable

from solotable.core.action import Action
from solotable.core.board import BoardActions, sort_actions
from solotable.core.protocol import State


def concerns(action: Action) -> Iterable[tuple[str, str]]:
    name, args = action.name, action.args
    if not args and name != "stairs":
        return []  # (a search of the whole room, a flee with no way named): the list of choices
    if name in ("attack", "hit", "pick", "shoot"):
        return [("tile", f"slot:{args[0]}")]
    if name in ("door", "search", "flee"):
        return [("door", f"door:{args[0]}")]
    if name == "stairs":
        return [("tile", "stairs")]
    if name == "wield":
        return [("item", f"item:w,{args[0]}")]
    if name == "drop":
        return [("item", "item:" + ",".join(str(a) for a in args))]
    return []


def board_actions(state: State) -> BoardActions:
    return sort_actions(state.legal_actions(), concerns)
