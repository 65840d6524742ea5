"""SVG snapshots at 80×24 of the home screen and of each game screen, the real app with the real
boards: Mini Rogue (co-op included), Deep Space D-6 and JongRogue EZ and EZ Plus in mid-game
states with a lot on the table (reached by the decisions the board tests play), and the
fallback board. Update them after a deliberate change with
``pytest tests/ui_tui --snapshot-update`` and look at the report."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from solotable.core.session import Session
from solotable.ui.tui.app import SoloTableApp

from .test_board_deepspace_d6 import STATES as DS_STATES
from .test_board_jongrogue import STATES as JR_STATES

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


def played(game: str, seed: int, options: dict[str, object], decisions: list[str]) -> Session:
    session = Session(game, seed=seed, options=options)
    for text in decisions:
        session.play(text)
    return session


@pytest.mark.parametrize(("state", "lang"), [("distracted", "en"), ("missions", "en"), ("nebula", "ja")])
def test_deepspace_d6(snap_compare: Compare, data_dir: Path, state: str, lang: str) -> None:
    # distracted: seven threats, a die on Distracted's box, dice Returned and in the Infirmary;
    # missions: dice on away missions, in stasis and the scanners; nebula: ten threats, shields offline
    seed, options, decisions = DS_STATES[state]
    app = SoloTableApp(session=played("deepspace-d6", seed, options, decisions), data=data_dir, lang=lang)
    assert snap_compare(app, terminal_size=SIZE)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_deepspace_d6_crew_step(snap_compare: Compare, data_dir: Path, lang: str) -> None:
    # the first crew step of seed 5, 26 choices: the Commander's twenty ways to turn a die grouped
    # a line per face (issue 20 item 12), the second of the first line picked with →
    app = game_app("deepspace-d6", 5, data_dir, lang=lang)
    assert snap_compare(app, terminal_size=SIZE, press=["right"])


@pytest.mark.parametrize(("state", "lang"), [("rich-ez", "en"), ("fight-ez-plus", "en"), ("rich-ez-plus", "en"),
                                             ("rich-ez-plus", "ja")])  # fmt: skip
def test_jongrogue(snap_compare: Compare, data_dir: Path, state: str, lang: str) -> None:
    # rich-ez: in melee, confused and held, rings, potions and scrolls; fight-ez-plus: four
    # monsters at a door; rich-ez-plus: the identification sheets partly filled, threatened at a door
    seed, rules, decisions = JR_STATES[state]
    app = SoloTableApp(session=played("jongrogue", seed, {"rules": rules}, decisions), data=data_dir, lang=lang)
    assert snap_compare(app, terminal_size=SIZE)


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
