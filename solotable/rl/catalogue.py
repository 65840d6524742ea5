"""The fixed action catalogue of each game: every decision notation the game can ever offer, in
a fixed order, so that index ``i`` of a ``Discrete(N)`` action space always means the same
action.

Each game declares its catalogue in its folder (``games/<game>/features.py``, through
:meth:`solotable.core.protocol.Game.features`), written out from the notation grammar of its
decisions and its public data. Chance outcomes are not in it: the environments resolve chance
themselves. ``docs/rl.md`` lists every catalogue; the tests play random and heuristic games and
check that every legal action is in its game's catalogue.
"""

from __future__ import annotations

from functools import cache

from solotable.core.features import Features
from solotable.core.protocol import Action, State
from solotable.core.registry import game_ids, load


@cache
def features(game_id: str) -> Features:
    """The game's numeric view (``ValueError`` if the game has none)."""
    f = load(game_id).features()
    if f is None:
        raise ValueError(f"no action catalogue for {game_id!r}; games: {', '.join(learning_games())}")
    return f


def learning_games() -> tuple[str, ...]:
    """Every registered game that declares features, in the registry's order."""
    return tuple(g for g in game_ids() if load(g).features() is not None)


GAME_IDS: tuple[str, ...] = learning_games()
"""The games with environments when :mod:`solotable.rl` was imported."""


def catalogue(game_id: str) -> tuple[str, ...]:
    """Every decision notation of ``game_id``, in the fixed order of the action space."""
    return features(game_id).catalogue


@cache
def index(game_id: str) -> dict[str, int]:
    """Notation -> index in :func:`catalogue`."""
    return {a: i for i, a in enumerate(catalogue(game_id))}


def legal_indices(game_id: str, state: State) -> tuple[dict[int, Action], list[Action]]:
    """The legal decisions of ``state`` by catalogue index, and any legal decision the catalogue
    does not hold (JongRogue: a target beyond its tiles of one room)."""
    idx = index(game_id)
    legal = state.legal_actions()
    notations = features(game_id).notations
    names = notations(state, legal) if notations is not None else [str(a) for a in legal]
    out: dict[int, Action] = {}
    outside: list[Action] = []
    for a, name in zip(legal, names, strict=True):
        i = idx.get(name)
        if i is None:
            outside.append(a)
        else:
            out[i] = a
    return out, outside
