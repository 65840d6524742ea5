"""Issue: with ten or more choices a lone ``1`` showed nothing and a second ``1`` typed later
played choice 11 (Divine Tribute paying 9 of 13 HP) with no confirmation. Now a digit that can
still grow is shown, is forgotten after a moment, and a move paying most of a hero's HP asks
first (ruling MR-P16)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import solotable.ui.tui.game_screen as game_screen_module
from solotable.agents.registry import make_agent
from solotable.core.protocol import Action
from solotable.core.session import Session
from solotable.ui.tui.app import SoloTableApp
from solotable.ui.tui.dialogs import ConfirmDialog

from .drive import game_screen, keys_for, notifications, run_async

SIZE = (80, 24)


def a_fight_with_tributes() -> Session:
    """The issue's game (Priestess, seed 21) played by a bot up to a decision offering Divine
    Tribute among ten or more choices."""
    session = Session("minirogue", seed=21, options={"character": "priestess"})
    bot = make_agent("heuristic", "minirogue")
    rng = random.Random(0)
    for _ in range(400):
        state = session.state
        legal = [] if state.is_chance() else state.legal_actions()
        if len(legal) >= 10 and any(a.name == "tribute" for a in legal):
            return session
        session.play(bot.choose(state, rng))
    raise AssertionError("no fight offering Divine Tribute was reached")


def test_a_tribute_of_most_hp_warns_and_a_small_one_does_not() -> None:  # ruling MR-P16
    state = a_fight_with_tributes().state
    hp = state.heroes[state.actor].hp
    tributes = [a for a in state.legal_actions() if a.name == "tribute"]
    big = [a for a in tributes if 2 * int(a.args[0]) > hp]
    small = [a for a in tributes if 2 * int(a.args[0]) <= hp]
    assert big and all(state.warnings(a) for a in big)
    assert all(not state.warnings(a) for a in small)


@run_async
async def test_a_lone_digit_is_shown_and_forgotten(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_screen_module, "DIGIT_WAIT", 0.6)
    session = a_fight_with_tributes()
    before = len(session.record.actions)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert len(session.record.actions) == before
        assert "Choice 1: Enter plays it" in notifications(app), notifications(app)
        await pilot.pause(1.2)  # the digit is forgotten
        await pilot.press("1")
        await pilot.pause()
        assert len(session.record.actions) == before  # not choice 11: a new pending 1
        assert game_screen(app)._digits == "1"


@run_async
async def test_a_tribute_of_most_hp_asks_first_on_screen(data_dir: Path) -> None:
    session = a_fight_with_tributes()
    state = session.state
    hp = state.heroes[state.actor].hp
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        listed = game_screen(app).choices()
        big = next(a for a in listed if isinstance(a, Action) and a.name == "tribute" and 2 * int(a.args[0]) > hp)
        before = len(session.record.actions)
        await pilot.press(*keys_for(listed.index(big) + 1, len(listed)))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert len(session.record.actions) == before and session.state.heroes[state.actor].hp == hp
