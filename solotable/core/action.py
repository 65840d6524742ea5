"""Actions: the moves and chance outcomes of every game, as immutable values with a notation."""

from __future__ import annotations

from operator import attrgetter
from typing import Any


class Action:
    """An immutable, hashable move or chance outcome with a short stable notation.

    The notation is ``name`` or ``name:arg1,arg2``, like UCI in chess; ``str(action)`` gives it
    and ``game.parse_action(state, text)`` reads it back. Two actions are equal when their names
    and typed arguments are: ``Action("attack", 2)`` is not ``Action("attack", "2")``, though both
    print as ``attack:2`` (games read typed arguments; ``parse_action`` turns text into the legal
    action itself).
    """

    __slots__ = ("name", "args", "_text", "_hash")

    name: str
    args: tuple[str | int, ...]
    _text: str
    _hash: int

    def __init__(self, name: str, *args: str | int) -> None:
        text = name if not args else name + ":" + ",".join(str(a) for a in args)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_hash", hash(text))

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action({self._text!r})"

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, Action) and other._text == self._text and other.args == self.args

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.name, *self.args))


notation: Any = attrgetter("_text")
"""``notation(action)`` is ``str(action)``, read in C: ``list(map(notation, actions))`` lists the
notations of many actions without a Python call each (the environments do it at every step)."""
