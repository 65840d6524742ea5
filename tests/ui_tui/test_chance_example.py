"""Physical mode shows what to type as words, not codes (issue 20, item 10: Mini Rogue 2020 co-op
showed ``leader:2`` and ``card:GRV-4`` as its examples)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from solotable.core.session import Session
from solotable.ui.present import example_outcome, typed_example
from solotable.ui.tui.app import SoloTableApp
from solotable.ui.tui.dialogs import ChanceDialog

from .drive import run_async


def coop() -> Session:
    return Session("minirogue", seed=None, physical_dice=True, options={"partner": "mage"})


def test_examples_are_what_a_player_types_and_the_game_reads() -> None:
    session = coop()
    seen: list[str] = []
    for _ in range(2):
        state = session.state
        example = example_outcome(state.chance_table().actions)
        for lang in ("en", "ja"):
            typed = typed_example(state.game, state, example, lang)
            assert ":" not in typed and state.game.parse_action(state, typed) == example
            seen.append(typed)
        session.play(example)
    assert seen[0] == "2" and seen[2] == "Empty Shelter" and seen[3] == "打ち捨てられた隠れ家"


@run_async
async def test_the_chance_dialog_shows_words(data_dir: Path) -> None:
    session = coop()
    app = SoloTableApp(session=session, data=data_dir, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session.play(example_outcome(session.state.chance_table().actions))
        await app.push_screen(ChanceDialog(session, "en"))
        await pilot.pause()
        placeholder = app.screen.query_one("#faces", Input).placeholder
        assert placeholder == "for example: Empty Shelter" and "card:" not in placeholder
