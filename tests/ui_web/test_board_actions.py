"""The board's actions as the page is sent them: in every decision of a few random and heuristic
games of each game, the elements' actions (from the game's own declaration, ``Game.board_actions``)
plus the free ones in the list are exactly ``legal_actions()``; the board draws every element that
carries an action (``data-el``), so the page offers it there, and most of play happens on the
board: at least :data:`ON_BOARD` of the legal actions (the list keeps pass, end and the like)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from solotable.agents.registry import make_agent
from solotable.ui.web.storage import Storage
from solotable.ui.web.tables import Tables

GAMES = [
    ("deepspace-d6", {}),
    ("jongrogue", {"rules": "ez-plus"}),
    ("minirogue", {}),
    ("minirogue", {"character": "mage", "partner": "priestess"}),  # two heroes: gifts, swaps, blessings
    ("minirogue-v1", {}),
]
STEPS = 150
ON_BOARD = 0.8
"""The least share of the legal actions (over every decision checked) offered on a drawn piece."""


def marked(board: str) -> set[str]:
    return {key for keys in re.findall(r'data-el="([^"]*)"', board) for key in keys.split()}


def play(game_id: str, options: dict[str, Any], agent: str, seed: int, tmp_path: Any) -> tuple[int, int, int]:
    """One game through the server (at most ``STEPS`` decisions); how many decisions were checked,
    how many actions the board offered and how many the list kept."""
    tables = Tables(Storage(f"sqlite:///{tmp_path / f'{game_id}-{agent}-{seed}.sqlite3'}"))
    row, tokens = tables.create(game_id, options, player="board-test-player-1", seed=seed, practice=True)
    bot = make_agent(agent, game_id)
    rng = random.Random(seed)
    checked = on_board = in_list = 0
    for _ in range(STEPS):
        live = tables.load(row.id)
        state = live.session.state
        if state.is_terminal():
            break
        seat = state.to_move if isinstance(state.to_move, int) and state.to_move >= 0 else 0
        payload = tables.view(live, seat, "en", fresh=True)  # the seat to move (two heroes: either)
        legal = {str(a) for a in state.legal_actions()}
        sent = {a["n"] for a in payload["actions"]}
        assert sent == legal
        free = {a["n"] for a in payload["actions"] if a["free"]}
        from_elements = {n for e in payload["elements"] for n in e["actions"]}
        assert from_elements | free == legal, (game_id, sorted(legal - from_elements - free))
        assert not (from_elements & free)
        drawn = marked(payload["board"])
        for e in payload["elements"]:
            assert set(e["actions"]) <= legal
            assert e["key"] in drawn, (game_id, e["key"], sorted(drawn))  # every element is drawn
        # what the page lists: the free actions and those of elements the board does not draw
        listed = free | {n for e in payload["elements"] if e["key"] not in drawn for n in e["actions"]}
        on_board += len(legal - listed)
        in_list += len(listed)
        checked += 1
        tables.play(row.id, tokens[seat], str(bot.choose(state, rng)), live.row.version)
    return checked, on_board, in_list


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_the_elements_actions_and_the_list_are_the_legal_actions(
    game_id: str, options: dict[str, Any], tmp_path: Any
) -> None:
    checked = on_board = in_list = 0
    for agent, seed in (("random", 1), ("random", 2), ("heuristic", 3)):
        c, b, n = play(game_id, options, agent, seed, tmp_path)
        checked += c
        on_board += b
        in_list += n
    assert checked >= 30
    assert on_board / (on_board + in_list) >= ON_BOARD, (game_id, on_board, in_list)
