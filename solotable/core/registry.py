"""The registry of games: ``load(game_id)`` and ``games()``.

A game registers itself in its package's ``__init__``; the list below is the one line per game
that makes it known (DESIGN.md: a new game is a new folder plus one line here).
"""

from __future__ import annotations

import importlib
from typing import TypeVar

from solotable.core.protocol import Game, OptionError
from solotable.core.untrusted import clip

_GAME_MODULES: dict[str, str] = {
    "minirogue-v1": "solotable.games.minirogue_v1",
    "deepspace-d6": "solotable.games.deepspace_d6",
    "minirogue": "solotable.games.minirogue",
    "jongrogue": "solotable.games.jongrogue",
}

_loaded: dict[str, Game] = {}


G = TypeVar("G", bound=Game)


def register(game: G) -> G:
    """Make ``game`` loadable by id (games call this when their module is imported; tests may
    register small games of their own)."""
    _loaded[game.id] = game
    return game


def load(game_id: str) -> Game:
    """The game with this id; ``ValueError`` naming the known ids otherwise."""
    if game_id in _loaded:
        return _loaded[game_id]
    if game_id not in _GAME_MODULES:
        known = ", ".join(game_ids())
        raise OptionError("core.err.unknown_game", game=clip(str(game_id)), known=known)
    importlib.import_module(_GAME_MODULES[game_id])
    if game_id not in _loaded:
        raise ValueError(f"the module {_GAME_MODULES[game_id]} did not register the game {game_id!r}")
    return _loaded[game_id]


def registered(game_id: str) -> Game | None:
    """The game registered under this id, if any (imports nothing: a pickled game is its id only
    when it is the registered one)."""
    return _loaded.get(game_id)


def game_ids() -> list[str]:
    """Every known game id, without importing any game."""
    return sorted(set(_GAME_MODULES) | set(_loaded))


def games(lang: str = "en") -> dict[str, str]:
    """Every registered game id with its title."""
    return {gid: load(gid).title(lang) for gid in game_ids()}
