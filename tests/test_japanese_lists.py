"""Japanese lists take 「、」 between their items, never the English ", " (a roll of white dice read
"白ダイス ×, 5, 6、黒ダイス…", a hero's potions "火のポーション, 回復のポーション"): every game's Japanese
words over a few seeded games, random and heuristic, are searched for an ASCII comma and space:
the labels of decisions and chance outcomes, the log's events and warnings, the line-mode table,
the browser's board (its text and its attributes), the card and table entries, and the
terminal's board. Notation (``shoot:2,arrows``) has no space after its comma, and is not in these
words anyway. (/record's setup column: tests/ui_web/test_record_page.py.)"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from solotable.agents.registry import make_agent
from solotable.core.protocol import Game, State
from solotable.core.registry import load as load_game
from solotable.games.minirogue import tui as minirogue_tui
from solotable.games.minirogue_v1 import tui as minirogue_v1_tui

GAMES: list[tuple[str, dict[str, object]]] = [
    ("deepspace-d6", {}),
    ("jongrogue", {"rules": "ez"}),
    ("jongrogue", {"rules": "ez-plus"}),
    ("minirogue", {}),
    ("minirogue", {"partner": "mage"}),
    ("minirogue-v1", {}),
]
OUTCOMES = 40
"""Chance outcomes labelled per chance node (the first ones: several white dice come first)."""
EVERY = 3
"""The boards and entries are read at every third decision (the labels and the log at every one)."""
ENGLISH_COMMA = re.compile(r", ")

TableLines = Callable[[Any, str, int], list[str]]
TABLE_LINES: dict[str, TableLines] = {
    "minirogue": minirogue_tui.table_lines,
    "minirogue-v1": minirogue_v1_tui.table_lines,
}


def terminal_board(game: Game, state: State, seat: int) -> str:
    """The terminal's board as its 80 × 14 text and its details (the Textual widgets draw without
    an app; the Mini Rogue boards through their table's lines)."""
    observation = state.observation(seat)
    lines = TABLE_LINES.get(game.id)
    if lines is not None:
        return "\n".join(lines(observation, "ja", 80))
    board_class = game.tui_board()
    assert board_class is not None
    board = board_class(game, id="board")
    board.show(observation, "ja")
    drawn = "\n".join(str(line) for line in board._lines(80, 14))  # (no app: no size of its own)
    return drawn + "\n" + (board.details("ja") or "")


def japanese_words(game_id: str, options: dict[str, object], seed: int, agent: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every Japanese text a player of this game meets."""
    game = load_game(game_id)
    drawer = game.web_board()
    state = game.new_state(seed=seed, **options)
    bot = make_agent(agent, game_id)
    rng = random.Random(seed)
    for step in range(3000):
        if state.is_terminal():
            break
        if state.is_chance():
            for outcome, _ in list(state.chance_table().outcomes)[:OUTCOMES]:
                yield "chance outcome", game.describe(state, outcome, "ja")
            action = state.chance_table().sample(rng)
        else:
            seat = state.to_move
            assert isinstance(seat, int)
            for legal in state.legal_actions():
                yield "decision", game.describe(state, legal, "ja")
                for warning in state.warnings(legal):
                    yield "warning", game.event_text(warning, "ja")
            if step % EVERY == 0:
                yield "line-mode table", game.render_text(state, "ja")
                if drawer is not None:
                    yield "web board", str(drawer(state.observation(seat), "ja", {}))
                for entry in game.info_entries(state, "ja"):
                    yield "entry", entry.title + "\n" + entry.text
                yield "terminal board", terminal_board(game, state, seat)
            action = bot.choose(state, rng)
        state.apply(action)
        for event in state.events:
            yield "log", game.event_text(event, "ja")
    yield "line-mode table", game.render_text(state, "ja")


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=["-".join([g, *map(str, o.values())]) for g, o in GAMES])
def test_no_english_comma_in_japanese_lists(game_id: str, options: dict[str, object]) -> None:
    found: dict[str, set[str]] = {}
    read = 0
    for seed in range(2):
        for agent in ("random", "heuristic"):
            for where, text in japanese_words(game_id, options, seed, agent):
                read += 1
                for m in ENGLISH_COMMA.finditer(text):
                    found.setdefault(where, set()).add(text[max(0, m.start() - 20) : m.end() + 20])
    assert read > 500
    assert not found, {where: sorted(texts)[:5] for where, texts in found.items()}
