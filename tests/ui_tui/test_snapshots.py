"""SVG snapshots at 80×24 of the home screen and of each game screen this branch draws (the
Mini Rogue boards, co-op included, and the fallback board). Update them after a deliberate
change with ``pytest tests/ui_tui --snapshot-update`` and look at the report."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from solotable.core.session import Session
from solotable.ui.tui.app import SoloTableApp

SIZE = (80, 24)
GAMES = ["deepspace-d6", "jongrogue", "minirogue", "minirogue-v1"]
Compare = Callable[..., bool]


def game_app(game: str, seed: int, data: Path, lang: str = "en", **options: object) -> SoloTableApp:
    return SoloTableApp(session=Session(game, seed=seed, options=dict(options)), data=data, lang=lang)


def test_home_screen(snap_compare: Compare, data_dir: Path) -> None:
    assert snap_compare(SoloTableApp(data=data_dir, games=GAMES), terminal_size=SIZE)


def test_home_screen_japanese_minirogue_options(snap_compare: Compare, data_dir: Path) -> None:
    app = SoloTableApp(data=data_dir, games=GAMES, lang="ja")
    assert snap_compare(app, terminal_size=SIZE, press=["down", "down"])


def test_minirogue_v1_in_combat(snap_compare: Compare, data_dir: Path) -> None:
    # seed 2: the first choice takes the monster; the attack roll is on the mat
    assert snap_compare(game_app("minirogue-v1", 2, data_dir), terminal_size=SIZE, press=["1"])


def test_minirogue_v1_japanese(snap_compare: Compare, data_dir: Path) -> None:
    assert snap_compare(game_app("minirogue-v1", 2, data_dir, lang="ja"), terminal_size=SIZE, press=["1"])


def test_minirogue_solo(snap_compare: Compare, data_dir: Path) -> None:
    assert snap_compare(game_app("minirogue", 20, data_dir), terminal_size=SIZE)


def test_minirogue_coop(snap_compare: Compare, data_dir: Path) -> None:
    assert snap_compare(game_app("minirogue", 20, data_dir, partner="mage"), terminal_size=SIZE)


def test_minirogue_coop_japanese(snap_compare: Compare, data_dir: Path) -> None:
    assert snap_compare(game_app("minirogue", 20, data_dir, lang="ja", partner="mage"), terminal_size=SIZE)


def test_fallback_board(snap_compare: Compare, data_dir: Path) -> None:
    from toygame import GAME as TOY

    app = SoloTableApp(session=Session(TOY, seed=3), data=data_dir)
    assert snap_compare(app, terminal_size=SIZE)


def test_game_over(snap_compare: Compare, data_dir: Path) -> None:
    session = Session("minirogue-v1", seed=7)
    while not session.state.is_terminal():
        session.play(session.state.legal_actions()[0])
    app = SoloTableApp(session=session, data=data_dir)

    async def settle(pilot: Pilot[Any]) -> None:
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=settle)
