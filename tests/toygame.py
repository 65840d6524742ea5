"""A tiny solo dice game for testing the engine, sessions and interfaces on their own.

"Pig to 10": roll a d6 as often as you like; a 1 loses the turn total; ``hold`` banks it.
Reach 10 banked points within 4 turns to win.

It runs on the engine every game uses (:mod:`solotable.core.engine`), so it is also the
smallest worked example of that shape: a decision phase, a chance phase, and steps.
"""

from __future__ import annotations

from typing import Any, ClassVar

from solotable.core.chance import die_table
from solotable.core.engine import Phase, StepState
from solotable.core.protocol import Action, Game, Option, Result
from solotable.core.registry import register

ROLL = Action("roll")
HOLD = Action("hold")
D6 = die_table("d6")
TURNS = 4


def _legal(state: PigState) -> list[Action]:
    return [ROLL, HOLD]


TURN = Phase("turn", _legal, game="toy-pig")
"""The player's decision: roll again or hold."""
DIE = Phase[Any]("die", chance=True, game="toy-pig")
"""The die the player rolls."""


def turn(state: PigState) -> None:
    """A step: ask for the next decision, or end the game."""
    if state.banked >= state.target or state.turn > TURNS:
        state.finish()
        return
    state.ask(TURN, decided)


def decided(state: PigState, action: Action) -> None:
    if action == ROLL:
        state.draw(DIE, D6, rolled)
        return
    state.banked += state.turn_total
    state.turn_total = 0
    state.turn += 1
    state.emit("toy.held", banked=state.banked)
    state.push(turn)


def rolled(state: PigState, outcome: Action) -> None:
    face = int(outcome.args[0])
    if face == 1:
        state.turn_total = 0
        state.turn += 1
        state.emit("toy.bust")
    else:
        state.turn_total += face
        state.emit("toy.rolled", face=face)
    state.push(turn)


class PigState(StepState):
    __slots__ = ("banked", "target", "turn", "turn_total")

    def __init__(self, game: PigGame, seed: int | None, target: int) -> None:
        super().__init__(game, seed)
        self.target = target
        self.banked = 0
        self.turn_total = 0
        self.turn = 1
        self.start(turn)

    @property
    def rolling(self) -> bool:
        return self.phase is DIE

    def clone(self) -> PigState:
        new = type(self).__new__(type(self))  # subclasses in tests add no fields
        self._copy_engine(new)
        new.target = self.target
        new.banked = self.banked
        new.turn_total = self.turn_total
        new.turn = self.turn
        return new

    def observation(self, player: int = 0) -> dict[str, Any]:
        return {"banked": self.banked, "turn_total": self.turn_total, "turn": self.turn}

    def result(self) -> Result:
        return Result(won=self.banked >= self.target, score=self.banked, details={"turn": self.turn})

    def options(self) -> dict[str, Any]:
        return {"target": self.target}


class PigGame(Game):
    id = "toy-pig"
    rules_version = "1"
    titles: ClassVar[dict[str, str]] = {"en": "Pig to 10", "ja": "ピッグ"}
    option_specs: ClassVar[tuple[Option, ...]] = (Option("target", (10, 15), 10),)

    def new_state(self, seed: int | None = None, **options: object) -> PigState:
        opts = self.validate_options(options)
        return PigState(self, seed, int(opts["target"]))


GAME = register(PigGame())
