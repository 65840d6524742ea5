"""The board's elements of JongRogue and the legal actions that concern each:

- the tiles of the encounter row (attack, hit, pick up, shoot, a scroll read naming a monster);
  fighting a threat and keeping on fighting concern the monsters the PC faces;
- the sides of the room (a door opened, a wall searched, a flight through it), the door the PC
  stands at (enter, pass, flee), the ways of a passage (back, on), and the rooms of the map these
  lead to (the game's own ``neighbour``);
- the stairs;
- the items on the sheet (wield, wear, put on, remove, drop, discard, identify) and the potions
  and scrolls of the pack (quaff, read);
- the PC (resting).

Skipping a shot, waiting, a forced end and the choice after death concern no element: they stay in
the list of choices. The mapping only sorts ``legal_actions()`` by the observation's public facts
(where the PC is, which weapon is wielded, which tiles are monsters); it decides nothing."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from solotable.core.action import Action
from solotable.core.board import BoardActions, sort_actions
from solotable.core.protocol import State

from .notation import SIDES
from .state import neighbour

HERO = ("hero", "hero")


def _room(n: int) -> tuple[str, str]:
    return ("room", f"room:{n}")


def board_actions(state: State) -> BoardActions:
    o: dict[str, Any] = state.observation(0)
    pos = o["position"]
    room = int(pos["room"]) if pos.get("room") else 0  # 1-9; 0 in a passage
    at = pos.get("at")
    weapons = o["equipment"]["weapons"]
    wielded = next((i for i, w in enumerate(weapons, 1) if w.get("equipped")), 0)
    monsters: list[tuple[str, str]] = []
    if room:
        monsters = [("tile", f"slot:{s['slot']}") for s in o["map"][room - 1]["slots"] if s.get("kind") == "monster"]
    if o.get("passage_monster"):
        monsters.append(("tile", "slot:0"))

    def across(side: str) -> list[tuple[str, str]]:
        far = neighbour(room - 1, SIDES.index(side)) + 1 if room else 0
        return [_room(far)] if far > 0 else []

    def concerns(action: Action) -> Iterable[tuple[str, str]]:
        name, args = action.name, action.args
        if name in ("attack", "hit", "pick", "shoot"):
            return [("tile", f"slot:{args[0]}")]
        if name in ("fight", "keep"):
            return monsters or [HERO]
        if name in ("door", "flee") and args and args[0] in SIDES:
            return [("door", f"door:{args[0]}"), *across(str(args[0]))]
        if name == "search":
            return [("door", f"door:{args[0]}")]
        if name in ("go", "flee") and args:  # a passage's way back (to the room left) or on
            far = pos.get("from") if args[0] == "back" else pos.get("to")
            return [("door", f"way:{args[0]}"), _room(int(far))] if far else [("door", f"way:{args[0]}")]
        if at == "door" and name in ("enter", "pass", "flee"):  # the door the PC stands at
            side = str(pos.get("side"))
            if name == "enter":
                return [("door", f"door:{side}"), _room(room)]
            return [("door", f"door:{side}"), *across(side)]
        if name == "stairs":
            return [("tile", "stairs")]
        if name == "wield":
            return [("item", f"item:w,{args[0] if int(args[0]) else wielded}")]
        if name == "wear":
            return [("item", f"item:a,{args[0]}")]
        if name in ("puton", "remove"):
            return [("item", f"item:r,{args[0]}")]
        if name in ("drop", "discard", "identify"):
            return [("item", "item:" + ",".join(str(a) for a in args))]
        if name == "quaff":
            return [("item", f"pack:{args[0]}")]
        if name == "read":
            out = [("item", f"pack:{args[0]}")]
            if len(args) > 1:
                out.append(("tile", f"slot:{args[1]}"))
            return out
        if name == "rest":
            return [HERO]
        return []

    return sort_actions(state.legal_actions(), concerns)
