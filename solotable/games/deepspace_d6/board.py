"""The board's elements of Deep Space D-6 and the legal actions that concern each: the crew dice
(by number, or by the face they show where the notation names a face), the five stations whose
power an action uses, and the threats an action aims at. "End", "stop" and "done" concern no
element: they stay in the list of choices."""

from __future__ import annotations

from collections.abc import Iterable

from solotable.core.action import Action
from solotable.core.board import BoardActions, sort_actions
from solotable.core.protocol import State

STATION_OF = {
    "change": "commander",
    "reroll": "commander",
    "fire": "tactical",
    "stasis": "science",
    "shields": "science",
    "free": "medical",
    "release": "medical",
    "repair": "engineering",
}
"""The station whose power an action uses (the rulebook's crew stations)."""


def concerns(action: Action) -> Iterable[tuple[str, str]]:
    name, args = action.name, action.args
    out: list[tuple[str, str]] = []
    if name in STATION_OF:
        out.append(("station", f"station:{STATION_OF[name]}"))
    if name == "change":  # a die showing one face turned to another
        out.append(("die", f"dice:{args[0]}"))
    elif name == "mission":  # a die showing a face onto a threat's away mission
        out += [("threat", f"threat:{args[0]}"), ("die", f"dice:{args[1]}")]
    elif name in ("stasis", "hit"):
        out.append(("threat", f"threat:{args[0]}"))
    elif name in ("send", "recall", "distract"):
        out.append(("die", f"die:{args[0]}"))
    return out


def board_actions(state: State) -> BoardActions:
    return sort_actions(state.legal_actions(), concerns)
