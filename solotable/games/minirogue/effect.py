"""An effect of a room result, reward or ware: a class of its own module, so that the compiled
build compiles it (the file's models in :mod:`.cardfile` stay Python, see setup.py) and the rules
read its fields as a compiled class's."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .names import EffectKind


def by_fields(obj: Any) -> tuple[Any, ...]:
    """``__reduce__`` of a frozen dataclass built from its fields: a compiled frozen dataclass
    neither pickles nor copies by default (its state is set back field by field, which frozen
    refuses), and a state carries these objects through pickle (OpenSpiel, process pools)."""
    return (type(obj), tuple(getattr(obj, f.name) for f in fields(obj)))


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a room result, reward or ware (``"xp+1"``, ``"hp-1*floor"``, ``"potion:holy"``,
    ``"poison"``, ``"bless"``, ``"fall"``, ``"ghost"``, ``"nothing"``; the notation of cards.toml).

    ``arg`` names the stat (``kind == "stat"``), the potion kind or ``any`` (``"potion"``), or the
    status (``"status"``); ``amount`` is a stat's change, times the floor when ``per_floor``."""

    kind: EffectKind
    arg: str = ""
    amount: int = 0
    per_floor: bool = False

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)
