"""The two Mini Rogue boards and the fallback board: the whole state fits the 80 × 14 the app
gives a board at 80×24 (no line cut, no line too wide, at most 14 lines) in both languages
over whole games, and the board shows what the observation says."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from solotable.agents.registry import make_agent
from solotable.core.i18n import display_width
from solotable.core.registry import load as load_game
from solotable.core.session import Session
from solotable.games.minirogue import tui as minirogue
from solotable.games.minirogue_v1 import tui as minirogue_v1
from solotable.ui.tui.boards import fallback, make_board

Lines = Callable[[Mapping[str, Any], str, int], list[str]]

CASES: list[tuple[Lines, str, dict[str, object]]] = [
    (minirogue_v1.table_lines, "minirogue-v1", {}),
    (minirogue_v1.table_lines, "minirogue-v1", {"keys": True, "difficulty": "casual"}),
    (minirogue.table_lines, "minirogue", {}),
    (minirogue.table_lines, "minirogue", {"partner": "mage"}),
    (minirogue.table_lines, "minirogue", {"character": "crusader", "partner": "priestess", "difficulty": "roguelike"}),
]


@pytest.mark.parametrize(("lines", "game", "options"), CASES, ids=[f"{g}-{len(o)}" for _, g, o in CASES])
def test_every_position_fits_80_by_14_uncut(lines: Lines, game: str, options: dict[str, object]) -> None:
    checked = 0
    for seed in range(4):
        session = Session(game, seed=seed, options=options)
        rng = random.Random(seed)
        bot = make_agent("heuristic" if seed % 2 else "random", game)
        for _ in range(400):
            observation = session.state.observation()
            for lang in ("en", "ja"):
                shown = lines(observation, lang, 80)
                assert len(shown) <= 14, (lang, shown)
                for line in shown:
                    assert display_width(line) <= 80, line
                    assert "…" not in line, line  # nothing had to be cut
                    # a mark is followed by what it marks: "▶" never stands alone on a line
                    # (a long Japanese phase line once wrapped whole after "▶ ")
                    assert line.strip() not in ("▶", "⚔", "◆"), (lang, shown)
            checked += 1
            if session.state.is_terminal():
                break
            session.play(bot.choose(session.state, rng))
    assert checked > 50


def test_minirogue_v1_board_shows_the_observation() -> None:
    session = Session("minirogue-v1", seed=2)
    o = session.state.observation()
    text = "\n".join(minirogue_v1.table_lines(o, "en", 80))
    ch = o["character"]
    assert f"HP {ch['hp']}/20" in text and f"Food {ch['food']}/6" in text
    assert "▶ Column 1" in text
    first = o["layout"][0]["cards"][0]
    assert minirogue_v1.card_mark(first) in "✓" + minirogue_v1.MAY_CHOOSE
    ja = "\n".join(minirogue_v1.table_lines(o, "ja", 80))
    assert "1列目" in ja


def test_minirogue_board_marks_heroes_and_turn() -> None:
    session = Session("minirogue", seed=20, options={"partner": "mage"})
    o = session.state.observation()
    text = "\n".join(minirogue.table_lines(o, "en", 80))
    assert "◆" in text  # the heroes' room
    leader, partner = ("P1 Rogue", "P2 Mage") if o["leader"] == 1 else ("P2 Mage", "P1 Rogue")
    assert f"{leader} [Leader] ⌂1-1" in text and f"{partner} [Partner] ⌂1-1" in text
    seat = o["to_move"] + 1
    assert f"▶P{seat} " in text
    assert "Exit" in text


def test_fallback_outline() -> None:
    out = fallback.outline({"a": 1, "b": [1, 2], "c": {"d": None, "e": True}, "f": [{"g": 1}]})
    assert out == ["a: 1", "b: 1, 2", "c: d=-, e=✓", "f:", "  - g=1"]


def test_boards_are_declared_by_their_game() -> None:
    from toygame import GAME as TOY

    assert load_game("deepspace-d6").tui_board().__module__ == "solotable.games.deepspace_d6.tui"
    assert type(make_board(Session("minirogue-v1", seed=1).game)).__module__ == minirogue_v1.__name__
    assert isinstance(make_board(TOY), fallback.Board)  # no board module: the fallback


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_minirogue_v1_legends_name_only_the_marks_shown(lang: str) -> None:
    """Issue 20 item 9: the full screen's dice line said "(★ feat used)" in every fight, and its
    legend listed every mark, the "may choose" one being the separator dot itself."""
    from solotable.core.i18n import message

    load_game("minirogue-v1")
    feat_note = message("tui.mr1.dice_feat", lang, dice="", total=0).split("0", 1)[1]
    separator = message("tui.mr1.legend.sep", lang)
    assert minirogue_v1.MAY_CHOOSE not in separator and minirogue_v1.MAY_CHOOSE != "·"
    fights = feats = legends = 0
    for seed in range(1, 7):
        session = Session("minirogue-v1", seed=seed)
        rng = random.Random(seed)
        while not session.state.is_terminal():
            o = session.state.observation()
            shown = minirogue_v1.table_lines(o, lang, 80)
            cards = "\n".join(shown[4:11])  # the columns' headings and cards
            for line in shown:
                if line.startswith(message("tui.mr1.dice", lang, dice="", total=0)[:4]):
                    fights += 1
                    star = "★" in line.split("=")[0]
                    feats += star
                    assert (feat_note in line) == star, line
            legend = minirogue_v1.legend(o, lang)
            if legend in shown:
                legends += 1
                for mark, key in minirogue_v1.MARKS:
                    assert (message(f"tui.mr1.legend.{key}", lang) in legend) == (mark in cards), (legend, cards)
            session.play(rng.choice(session.state.legal_actions()))
    assert fights > feats > 0 and legends > 0


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_minirogue_legend_names_only_the_marks_shown(lang: str) -> None:
    """Issue 20 item 9, Mini Rogue 2020: the legend named "▶ to decide" at the game's end (and
    would name "? face down" with every room turned up)."""
    from solotable.core.i18n import message

    load_game("minirogue")
    down, decide = message("tui.mr.legend.down", lang), message("tui.mr.legend.decide", lang)
    seen: dict[str, set[bool]] = {"down": set(), "decide": set()}
    for seed in range(1, 9):
        session = Session("minirogue", seed=seed)
        rng = random.Random(seed)
        while True:
            o = session.state.observation()
            drawn = minirogue.table_lines(o, lang, 80)
            if drawn[-1].startswith("◆ "):  # the legend, when the board has a row for it
                face_down = any(not o["grid"][pos] for pos in range(9) if pos != minirogue.EXIT)
                assert (down in drawn[-1]) == face_down, drawn[-1]
                assert (decide in drawn[-1]) == (not o["over"]), drawn[-1]
                seen["down"].add(face_down)
                seen["decide"].add(not o["over"])
            if session.state.is_terminal():
                break
            session.play(rng.choice(session.state.legal_actions()))
    assert seen["decide"] == {True, False} and True in seen["down"]  # (a whole grid turned up is rare)
