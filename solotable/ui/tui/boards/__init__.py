"""Boards: one widget per game that draws the table from the observation.

A game declares its board with :meth:`Game.tui_board <solotable.core.protocol.Game.tui_board>`
(its ``tui.py``): a ``textual.widget.Widget`` class built as ``Board(game, id="board")``, with
``show(observation, lang)`` called after every change of state or language (it redraws from the
observation only) and optionally ``details(lang) -> str | None`` (shown on the key ``i``) and
``selected_key() -> str | None``: the ``InfoEntry.key`` (``Game.info_entries``) of what is
selected on the board, whose entry ``i`` shows while the board has the focus; and
``choice_groups(state, actions, lang) -> list[ChoiceGroup]``
(:mod:`solotable.core.choice_groups`): choices the list shows side by side, a line per group row
(:mod:`solotable.ui.tui.choices`).
A game that declares none gets :mod:`solotable.ui.tui.boards.fallback`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from textual.widget import Widget

from solotable.core.protocol import Game
from solotable.ui.tui.boards.fallback import Board as FallbackBoard


@runtime_checkable
class BoardLike(Protocol):
    def show(self, observation: Mapping[str, Any], lang: str) -> None: ...


def make_board(game: Game) -> Widget:
    """The board of ``game`` (the generic fallback board if the game declares none)."""
    made = game.tui_board()
    board = made(game, id="board") if made is not None else FallbackBoard(game, id="board")
    if not isinstance(board, Widget):
        raise TypeError(f"the terminal board of {game.id} is not a widget: {type(board).__name__}")
    return board
