"""Helpers so the Mini Rogue (2020) rule tests read like the rules reference.

Helpers drive the real state machine with chosen chance outcomes written in the game's own
notation (``card:MON-A``, ``roll:x56,3``, ``check:5,2``, ``white:6``, ``d6:4``). Set-up that play
cannot reach cheaply (the area, a stat) is done by setting fields, then everything is played.
The expected numbers come from shared/rules/minirogue.md, written out in the tests.
"""

from __future__ import annotations

from typing import Any

import solotable
from solotable.core.engine import RUNNING
from solotable.core.protocol import State
from solotable.games.minirogue.rules import dungeon

G = solotable.load("minirogue")


def new(char: str = "rogue", partner: str = "none", difficulty: str = "normal", area: int = 1, **opts: Any) -> Any:
    """A fresh game at the start of ``area`` (its Preparation done, first reveal pending).
    Co-op games get player 1 as the first Leader (``leader:1``)."""
    s = G.new_state(seed=1, character=char, partner=partner, difficulty=difficulty, **opts)
    if partner != "none":
        play(s, "leader:1")
    if area != 1:
        goto(s, area)
    return s


def run_steps(s: Any, *steps: Any) -> Any:
    """Drop what is pending and run ``steps`` (``(function, args)`` pairs of the rules), as the
    rules would from that point: set-up that play cannot reach cheaply."""
    s.stack.clear()
    s.table = None
    s.phase = RUNNING
    s.then(*steps)
    s.run()
    return s


def goto(s: Any, area: int) -> None:
    s.area = area
    run_steps(s, (dungeon.prepare, ()))


def play(s: State, *notations: str) -> State:
    for text in notations:
        s.apply(G.parse_action(s, text))
    return s


def legal(s: State) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def phase(s: State) -> str:
    return str(s.observation()["phase"])


def keys_of(s: State) -> list[str]:
    return [e.key.removeprefix("mr.") for e in s.events]


def until(s: Any, *phases: str, choose: str = "pass") -> Any:
    """Pass windows (or play ``choose``) until the phase is one of ``phases``."""
    for _ in range(50):
        if phase(s) in phases:
            return s
        play(s, choose)
    raise AssertionError(f"stuck in {phase(s)}")


def enter(s: Any, card: str, **hero: Any) -> Any:
    """Turn up ``card`` at the start room, set the first hero's ``hero`` fields, and go to the
    room's resolution (passing the area-start window)."""
    for k, v in hero.items():
        setattr(s.heroes[0], k, v)
    play(s, "card:" + card)
    if phase(s) == "window":
        play(s, "pass")
    if phase(s) == "window":
        play(s, "pass")
    return s


def hero(s: Any, seat: int = 0) -> dict[str, Any]:
    return dict(s.observation()["heroes"][seat])
