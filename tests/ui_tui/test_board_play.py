"""Enter on a board element plays what concerns it (the game's ``board.py``): the one action, or,
when several concern it, the first of them highlighted in the list of choices."""

from __future__ import annotations

import random
from pathlib import Path

from solotable.core.session import Session
from solotable.ui.tui.app import SoloTableApp
from solotable.ui.tui.choices import ChoiceList

from .drive import game_screen, run_async

SIZE = (100, 30)


def deepspace_with_threat_actions(want: int) -> tuple[Session, int, str]:
    """A Deep Space D-6 game at a decision where a threat has ``want`` actions (1: exactly one,
    2: several); the threat's index on the board and its key."""
    for seed in range(40):
        session = Session("deepspace-d6", seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            state = session.state
            if state.is_terminal():
                break
            if not state.is_chance():
                board = session.game.board_actions(state)
                threats = session.state.observation(0)["threats"]
                assert isinstance(threats, list)
                for index, threat in enumerate(threats):
                    assert isinstance(threat, dict)
                    element = board.element(f"threat:{threat['card']}")
                    if element is not None and (len(element.actions) == 1) == (want == 1):
                        return session, index, element.key
            session.play(state.chance_table().sample(rng) if state.is_chance() else rng.choice(state.legal_actions()))
    raise AssertionError("no such state in 40 games")


@run_async
async def test_enter_on_a_threat_plays_its_only_action(tmp_path: Path) -> None:
    session, index, key = deepspace_with_threat_actions(1)
    (action,) = session.game.board_actions(session.state).element(key).actions  # type: ignore[union-attr]
    before = len(session.record.actions)
    app = SoloTableApp(session=session, data=tmp_path / "data")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        screen.board.focus()
        screen.board.selected = index  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    assert session.record.actions[before] == str(action)


@run_async
async def test_enter_on_a_threat_with_several_actions_points_at_them(tmp_path: Path) -> None:
    session, index, key = deepspace_with_threat_actions(2)
    element = session.game.board_actions(session.state).element(key)
    assert element is not None
    before = len(session.record.actions)
    app = SoloTableApp(session=session, data=tmp_path / "data")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        screen.board.focus()
        screen.board.selected = index  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        actions = screen.query_one("#actions", ChoiceList)
        assert actions.has_focus
        assert screen.choices()[actions.highlighted_choice() or 0] == element.actions[0]
    assert len(session.record.actions) == before  # nothing played
