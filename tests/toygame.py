"""A tiny solo dice game for testing the engine, sessions and interfaces on their own.

"Pig to 10": roll a d6 as often as you like; a 1 loses the turn total; ``hold`` banks it.
Reach 10 banked points within 4 turns to win.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

from solotable.core.protocol import (
    CHANCE,
    Action,
    ChanceTable,
    Event,
    Game,
    IllegalAction,
    Option,
    Result,
    State,
)
from solotable.core.registry import register

ROLL = Action("roll")
HOLD = Action("hold")
D6 = ChanceTable((Action("d6", face), Fraction(1, 6)) for face in range(1, 7))


class PigState(State):
    __slots__ = ("game", "seed", "banked", "turn_total", "turn", "rolling", "_events", "target")

    def __init__(self, game: PigGame, seed: int | None, target: int) -> None:
        self.game = game
        self.seed = seed
        self.target = target
        self.banked = 0
        self.turn_total = 0
        self.turn = 1
        self.rolling = False
        self._events: tuple[Event, ...] = ()

    @property
    def to_move(self) -> int | None:
        if self.banked >= self.target or self.turn > 4:
            return None
        return CHANCE if self.rolling else 0

    @property
    def events(self) -> Sequence[Event]:
        return self._events

    def legal_actions(self) -> list[Action]:
        return [ROLL, HOLD] if self.to_move == 0 else []

    def chance_table(self) -> ChanceTable:
        if not self.rolling:
            raise IllegalAction("not a chance node")
        return D6

    def apply(self, action: Action) -> None:
        if self.to_move == CHANCE:
            if action not in D6.actions:
                raise IllegalAction(f"{action} is not a die face")
            face = int(action.args[0])
            self.rolling = False
            if face == 1:
                self.turn_total = 0
                self.turn += 1
                self._events = (Event("toy.bust"),)
            else:
                self.turn_total += face
                self._events = (Event("toy.rolled", {"face": face}),)
            return
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not legal now")
        if action == ROLL:
            self.rolling = True
            self._events = ()
        else:
            self.banked += self.turn_total
            self.turn_total = 0
            self.turn += 1
            self._events = (Event("toy.held", {"banked": self.banked}),)

    def clone(self) -> PigState:
        new = PigState.__new__(PigState)
        for slot in PigState.__slots__:
            setattr(new, slot, getattr(self, slot))
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
    option_specs = (Option("target", (10, 15), 10),)

    def new_state(self, seed: int | None = None, **options: object) -> PigState:
        opts = self.validate_options(options)
        return PigState(self, seed, int(opts["target"]))


GAME = register(PigGame())
