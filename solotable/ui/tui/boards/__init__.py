"""Boards: one widget per game that draws the table from the observation.

The contract (shared with the boards of every game): the module
``solotable.ui.tui.boards.<package>`` (the game id with ``-`` as ``_``) defines
``class Board(textual.widget.Widget)``, built as ``Board(game, id="board")``, with
``show(observation, lang)`` called after every change of state or language (it redraws from the
observation only) and optionally ``details(lang) -> str | None`` (shown on the key ``i``) and
``selected_key() -> str | None``: the ``InfoEntry.key`` (``Game.info_entries``) of what is
selected on the board, whose entry ``i`` shows while the board has the focus.
A game without a board module gets :mod:`solotable.ui.tui.boards.fallback`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from textual.widget import Widget

from solotable.core.protocol import Game


@runtime_checkable
class BoardLike(Protocol):
    def show(self, observation: Mapping[str, Any], lang: str) -> None: ...


def board_module_name(game_id: str) -> str:
    return "solotable.ui.tui.boards." + game_id.replace("-", "_")


def make_board(game: Game) -> Widget:
    """The board of ``game`` (the generic fallback board if the game has none)."""
    try:
        module = importlib.import_module(board_module_name(game.id))
    except ModuleNotFoundError as exc:
        if exc.name is None or not board_module_name(game.id).startswith(exc.name):
            raise  # the board exists but something it imports is missing: a real error
        module = importlib.import_module("solotable.ui.tui.boards.fallback")
    board: Widget = module.Board(game, id="board")
    return board
