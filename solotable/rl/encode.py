"""Numeric observations: each game's ``state.observation(player)`` (the JSON view a player sees,
face-down cards hidden) turned into a fixed-length float32 vector by the game's own encoder
(``games/<game>/features.py``, :class:`solotable.core.features.Features`).

The vector is built from the observation alone, never from the state's private fields, so it
holds exactly what the player sees. Every game's layout is fixed: the same position of the vector
always means the same thing, whatever the state. :func:`layout` names every position (``docs/rl.md``
prints the tables, ``python -m solotable.rl.docs`` regenerates them).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np

from solotable.core.features import Writer
from solotable.core.registry import load

from .catalogue import features

MAX_FEATURES = 8192
"""Room for a layout being measured (every game's is far smaller)."""


def sample_observation(game_id: str) -> Mapping[str, Any]:
    """A first view of the game, whose encoding walks every position of the layout."""
    return load(game_id).new_state(seed=0).observation(0)


@cache
def layout(game_id: str) -> tuple[str, ...]:
    """The name of every position of ``game_id``'s observation vector."""
    w = Writer(np.zeros(MAX_FEATURES, dtype=np.float32), names=True)
    features(game_id).encode(sample_observation(game_id), w, 0)
    assert w.names is not None
    return tuple(w.names)


@cache
def size(game_id: str) -> int:
    return len(layout(game_id))


def encode_into(game_id: str, observation: Mapping[str, Any], player: int, out: np.ndarray) -> None:
    """Write the observation vector into ``out`` (float32, of the layout's size), zeroing it first."""
    out.fill(0.0)
    w = Writer(out)
    features(game_id).encode(observation, w, player)
    if w.pos != len(out):  # pragma: no cover - an encoder that writes a varying number of features
        raise AssertionError(f"{game_id}: wrote {w.pos} features, the layout has {len(out)}")


def encode(game_id: str, observation: Mapping[str, Any], player: int = 0) -> np.ndarray:
    """The observation vector (float32, fixed length) of one ``state.observation(player)``."""
    out = np.zeros(size(game_id), dtype=np.float32)
    encode_into(game_id, observation, player, out)
    return out
