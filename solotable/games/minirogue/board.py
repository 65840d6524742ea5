"""The board's elements of Mini Rogue (2020) and the legal actions that concern each:

- a room: the room a hero moves into (``move``), a room seen by Foresight (``see``), and what is
  decided about the room the deciding hero stands in (its options ``opt``, accepting a check,
  rolling, the shrine's offering, trying or leaving an item room, taking an item, a potion's kind);
- the foe: confirming an attack roll and rolling against it;
- a die of a roll (feats, critical rerolls, which die a backstab keeps; the black die of a check
  moved up or down or kept);
- a hero: their skills (evasion, backstab, stun, tribute, conjuring, shield, foresight, a blessing,
  on the blessed hero too), gifts to a partner (on the partner), an offer answered (on the hero who
  made it), selling armour;
- a potion on a hero's mat (drink, sell, drop, give, swap; a swap is on both potions), a ware for
  sale (buy).

The hero also carries their choice to share rewards (D32). "Pass", "wait" and "stop" concern no
element: they stay in the list of choices.
The mapping only sorts ``legal_actions()`` by the observation's public facts (who decides, where
the heroes stand, whether a fight is on); it decides nothing."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from solotable.core.action import Action
from solotable.core.board import BoardActions, sort_actions
from solotable.core.protocol import State

EXIT = 8
SKILLS = frozenset({"evade", "backstab", "stun", "tribute", "conjure", "shield", "foresee", "bless"})
ROOM_DECISIONS = frozenset({"opt", "accept", "try", "leave", "take", "offer", "potion", "decline"})


def room_of(pos: Sequence[object]) -> int:
    """The room (0-8, row by row) at a ``(row, column)`` position counted from 1."""
    row, col = pos[0], pos[1]
    return (int(str(row)) - 1) * 3 + int(str(col)) - 1


def board_actions(state: State) -> BoardActions:
    o = state.observation(0)
    heroes = o.get("heroes") or []
    seat = state.to_move if isinstance(state.to_move, int) and state.to_move >= 0 else 0
    me = seat + 1  # heroes are seats 1 and 2
    other = 2 if me == 1 else 1
    pos: int | None = None
    held: list[str] = []
    if 0 <= seat < len(heroes):
        pos = room_of(heroes[seat]["pos"])
        held = list(heroes[seat]["potions"])
    fighting = o.get("combat") is not None and o.get("phase") in ("attack", "pre_roll")
    phase = o.get("phase")

    def here() -> list[tuple[str, str]]:
        return [("room", f"room:{pos}")] if pos is not None else []

    def concerns(action: Action) -> Iterable[tuple[str, str]]:
        name, args = action.name, action.args
        if name == "move":
            if pos is None:
                return [("room", f"room:{args[0]}")]
            return [("room", f"room:{pos + (1 if args[0] == 'right' else 3)}")]  # rules/dungeon.py
        if name == "see":
            return [("room", f"room:{room_of(args)}")]
        if name in ("feat", "crit") or (name == "confirm" and args):
            return [("die", f"die:{args[0]}")]
        if name in ("keep", "up", "down"):  # the black die of a check
            return [("die", "die:black")]
        if name in ("confirm", "roll") and fighting:
            return [("card", "foe")]
        if name == "roll":
            return here()
        if name in ("accept", "decline") and phase == "offer":
            return [("hero", f"hero:{other}")]
        if name in ROOM_DECISIONS:
            return here()
        if name in SKILLS or name == "share":  # a skill, or the hero's own sharing of rewards (D32)
            out = [("hero", f"hero:{me}")]
            if name == "bless" and args and int(args[0]) != me:
                out.append(("hero", f"hero:{args[0]}"))
            return out
        if name == "drop" and args[0] not in held:  # the potion just found, not yet on the mat
            return here()
        if name in ("drink", "drop") or (name == "sell" and args[0] != "armor"):
            return [("item", f"potion:{me},{args[0]}")]
        if name == "sell":
            return [("hero", f"hero:{me}")]
        if name == "give":
            if args[0] in ("gold", "food", "armor", "item"):
                return [("hero", f"hero:{other}")]
            return [("item", f"potion:{me},{args[0]}"), ("hero", f"hero:{other}")]
        if name == "trade":
            if args[0] == "item":
                return [("hero", f"hero:{me}"), ("hero", f"hero:{other}")]
            return [("item", f"potion:{me},{args[0]}"), ("item", f"potion:{other},{args[1]}")]
        if name == "buy":
            return [("item", f"ware:{args[0]}")]
        return []

    return sort_actions(state.legal_actions(), concerns)
