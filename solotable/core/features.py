"""What a game declares for learning agents (its numeric view), so that ``solotable.rl`` names no game.

A game returns a :class:`Features` from :meth:`solotable.core.protocol.Game.features` (its module
``features.py``, imported on first use): the fixed action catalogue, the encoder that writes what a
player sees into a float32 vector (:class:`Writer`: the vector's layout is the order of its
writes), the progress measure that shapes rewards, and the limits OpenSpiel's ``GameInfo`` asks
for. Numbers are scaled to about [0, 1] by a documented constant; categories are one-hot (all
zeros for "none"); sets are multi-hot or counts. A value outside a vocabulary raises
``ValueError`` (the game's view changed shape: the tests catch it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from solotable.core.action import Action

if TYPE_CHECKING:
    import numpy as np

    from solotable.core.protocol import State

__all__ = ["Encoder", "Features", "StateWriter", "Writer", "group_starts"]


class Writer:
    """Writes the features of one view into ``out`` (a float32 array, zeroed by the caller) from
    ``pos`` on; with ``names`` it also records the name of every position it passes (the layout)."""

    __slots__ = ("names", "out", "pos")

    def __init__(self, out: np.ndarray, names: bool = False, pos: int = 0) -> None:
        self.out = out
        self.pos = pos
        self.names: list[str] | None = [] if names else None

    def num(self, name: str, value: float | int | bool | None, scale: float = 1.0) -> None:
        """``value / scale`` (``None`` gives 0)."""
        if value:
            self.out[self.pos] = value / scale
        self.pos += 1
        if self.names is not None:
            self.names.append(name if scale == 1 else f"{name} / {scale:g}")

    def flag(self, name: str, value: object) -> None:
        """1 if ``value`` is true."""
        if value:
            self.out[self.pos] = 1.0
        self.pos += 1
        if self.names is not None:
            self.names.append(name)

    def onehot(self, name: str, value: object, choices: Sequence[object]) -> None:
        """One position per choice; ``None`` sets none of them."""
        if value is not None:
            try:
                k = choices.index(value)
            except ValueError:
                raise ValueError(f"{name}: unknown value {value!r} (known: {list(choices)})") from None
            self.out[self.pos + k] = 1.0
        self.pos += len(choices)
        if self.names is not None:
            self.names.extend(f"{name} = {c}" for c in choices)

    def counts(self, name: str, values: Iterable[object] | Mapping[str, int], choices: Sequence[object],
               scale: float = 1.0) -> None:
        """How many of each choice (a list of names, or a mapping name -> count), over ``scale``."""
        items = values.items() if isinstance(values, Mapping) else ((v, 1) for v in values)
        for v, n in items:
            try:
                k = choices.index(v)
            except ValueError:
                raise ValueError(f"{name}: unknown value {v!r} (known: {list(choices)})") from None
            self.out[self.pos + k] += n / scale
        self.pos += len(choices)
        if self.names is not None:
            suffix = "" if scale == 1 else f" / {scale:g}"
            self.names.extend(f"{name} has {c}{suffix}" for c in choices)

    def skip(self, n: int) -> None:
        """Pass ``n`` positions left at zero (a fast path; only where no names are recorded)."""
        self.pos += n


Encoder = Callable[[Mapping[str, Any], Writer, int], None]
"""Writes ``observation`` (what ``player`` sees, ``state.observation(player)``) into a writer."""

StateWriter = Callable[[Any, int, Any], None]
"""``write(state, player, out)``: the same vector as the encoder's, written straight from the state
into ``out`` (a float32 NumPy row or a memoryview of one, set by the caller to the game's
:attr:`Features.blank` row, zeros where it declares none), without building the observation: the
fast path of the environments."""


class _Starts(Writer):
    """A writer that notes where each named group of features starts."""

    def __init__(self, out: np.ndarray) -> None:
        super().__init__(out, names=True)
        self.starts: dict[str, int] = {}

    def num(self, name: str, value: float | int | bool | None, scale: float = 1.0) -> None:
        self.starts[name] = self.pos
        super().num(name, value, scale)

    def flag(self, name: str, value: object) -> None:
        self.starts[name] = self.pos
        super().flag(name, value)

    def onehot(self, name: str, value: object, choices: Sequence[object]) -> None:
        self.starts[name] = self.pos
        super().onehot(name, value, choices)

    def counts(self, name: str, values: Iterable[object] | Mapping[str, int], choices: Sequence[object],
               scale: float = 1.0) -> None:
        self.starts[name] = self.pos
        super().counts(name, values, choices, scale)


def group_starts(encode: Encoder, observation: Mapping[str, Any], out: np.ndarray) -> dict[str, int]:
    """Where each group of features (by the name the encoder gives it) starts in the layout, so a
    :data:`StateWriter` writes at the encoder's positions (``out``: scratch room for one vector)."""
    w = _Starts(out)
    encode(observation, w, 0)
    return w.starts


@dataclass(frozen=True)
class Features:
    """A game's numeric view for learning agents (see the module's docstring)."""

    catalogue: tuple[str, ...]
    """Every decision notation the game can offer, in the fixed order of a ``Discrete(N)`` action
    space (chance outcomes are not in it)."""
    encode: Encoder
    """The observation vector, written from the player's view (never from hidden state)."""
    progress: Callable[[Mapping[str, Any]], float]
    """How far a game has got from what the player sees, about 0 at the start and 1 at the end."""
    max_chance_outcomes: int
    """The largest chance table of the game."""
    max_game_length: int
    """A generous bound on the moves (decisions and chance outcomes) of one game."""
    write: StateWriter | None = None
    """The fast path (:data:`StateWriter`); ``None``: the environments encode the observation."""
    blank: bytes | None = None
    """The row ``write`` writes over (its float32 values' bytes), ``None``: zeros. A game whose
    vector is mostly one pattern at most steps (JongRogue's rooms not yet seen, each dealt face
    down) declares it here: the environments copy it in where they would zero the row, and the
    writer leaves the parts still as it shows them."""
    notations: Callable[[State, Sequence[Action]], list[str]] | None = None
    """The catalogue's notation of each legal action when it is not ``str(action)`` (JongRogue
    numbers a room's tiles by their place in the list); ``None``: the game's own notation."""
    seats: Callable[[Mapping[str, object]], int] | None = None
    """How many players the (validated) options seat; ``None``: the game's fewest."""

    def __post_init__(self) -> None:
        if len(set(self.catalogue)) != len(self.catalogue):
            raise ValueError("the action catalogue repeats a notation")
        if self.blank is not None and self.write is None:
            raise ValueError("a blank row is the state writer's: the encoder writes over zeros")
