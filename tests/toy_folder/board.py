"""The toy's board: rolling concerns the die; holding concerns nothing (a free action)."""

from __future__ import annotations

from collections.abc import Iterable

from solotable.core.action import Action
from solotable.core.board import BoardActions, sort_actions
from solotable.core.protocol import State


def _concerns(action: Action) -> Iterable[tuple[str, str]]:
    return [("die", "die:1")] if action.name == "roll" else []


def board_actions(state: State) -> BoardActions:
    return sort_actions(state.legal_actions(), _concerns)
