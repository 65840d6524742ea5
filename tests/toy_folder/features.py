"""The toy's numeric view for learning agents: its two decisions, and the banked points, the turn's
total and the turn, each over its largest value."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import toygame

from solotable.core.features import Features, Writer


def encode(o: Mapping[str, Any], w: Writer, player: int) -> None:
    w.num("banked", o["banked"], 30)
    w.num("turn total", o["turn_total"], 30)
    w.num("turn", o["turn"], toygame.TURNS + 1)


def progress(o: Mapping[str, Any]) -> float:
    return min(1.0, float(o["banked"]) / 10)


FEATURES = Features(
    catalogue=("roll", "hold"),
    encode=encode,
    progress=progress,
    max_chance_outcomes=6,
    max_game_length=200,
)
