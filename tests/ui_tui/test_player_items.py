"""The full-screen interface as a new player meets it (issue 11, items 2, 8, 12, 13, 14): the home
screen's Enter, help and explanations, room on larger terminals, a clear word under 80×24, the
Continue list, where games were saved, help in Markdown, the dice dialog, and `i`."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.markdown import Markdown as RichMarkdown
from textual.widgets import OptionList, Static

from solotable.core.i18n import LANGS
from solotable.core.protocol import Game, InfoEntry, State
from solotable.core.registry import load as load_game
from solotable.core.session import Session
from solotable.ui import cli
from solotable.ui.present import option_label
from solotable.ui.tui import app as app_module
from solotable.ui.tui.app import SoloTableApp
from solotable.ui.tui.dialogs import ChanceDialog, ConfirmDialog, MarkdownDialog, MessageDialog
from solotable.ui.tui.game_screen import GameScreen
from solotable.ui.tui.home import ChoiceField, _optinfo, _valinfo, options_help

from .drive import game_screen, run_async, screen_text, static_text

SIZE = (80, 24)
GAMES = ["deepspace-d6", "jongrogue", "minirogue", "minirogue-v1"]


# -- the home screen ------------------------------------------------------------------------------


@run_async
async def test_enter_on_the_game_list_starts_the_selected_game(data_dir: Path) -> None:
    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "⏎ start" in screen_text(app).splitlines()[-1]  # what the footer promises
        await pilot.press("down", "down", "down", "enter")  # Mini Rogue v1.2.1, as it stands
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.game.id == "minirogue-v1"


@run_async
async def test_question_mark_and_i_explain_the_home_screen_and_every_option(data_dir: Path) -> None:
    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down")  # JongRogue
        await pilot.press("question_mark")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MarkdownDialog)
        for words in ("The home screen", "The options of JongRogue", "continue",
                      "An EZ Plus rule: ending the game yourself", "A number that fixes the dice",
                      "JongRogue EZ / EZ Plus (Ver.0.1.0): the rules in short"):
            assert words in dialog.body, words
        await pilot.press("escape", "tab")  # the first option of JongRogue: its rules set
        await pilot.pause()
        assert isinstance(app.focused, ChoiceField) and app.focused.option_name == "rules"
        await pilot.press("i")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MarkdownDialog)
        assert "EZ, the base game" in dialog.body and "All three EZ Plus rules." in dialog.body
        assert "EZ (chosen)" in dialog.body


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_of_every_game_is_explained(game_id: str, lang: str) -> None:
    game = load_game(game_id)
    for spec in game.option_specs:
        if spec.name.endswith("_data"):
            continue  # kept by records, not chosen by people
        assert _optinfo(game, spec.name, lang), (game_id, spec.name)
        if spec.name in ("difficulty", "character", "rules", "length", "continue", "forced-end"):
            for value in spec.choices:
                assert _valinfo(game, spec.name, str(value), lang), (game_id, spec.name, value)
    for field in ("__lang", "__physical", "seed"):
        assert _optinfo(game, field, lang)
    assert "tui." not in options_help(game, lang)  # no message id left in place of words
    def norm(text: str) -> str:
        return re.sub(r"[\s\-の]|・ルール", "", text.lower())

    for spec in game.option_specs:  # the explanation follows the option's name: it does not say it again
        parts = re.split("[:：]", _optinfo(game, spec.name, lang) or "", maxsplit=1)
        if len(parts) == 2:  # 'Card overrides: a TOML file…' under the name 'card overrides'
            assert not norm(parts[0]).startswith(norm(option_label(game, spec.name, lang))), (game_id, spec.name)


@run_async
async def test_continue_lines_show_the_setup_and_can_be_deleted(data_dir: Path) -> None:
    saves = data_dir / "saves"
    saves.mkdir(parents=True)
    jr = saves / "20260101-000000-jongrogue.solotable.json"
    Session("jongrogue", seed=1, options={"rules": "ez-plus", "continue": "off"}).save(jr)
    mr = saves / "20260102-000000-minirogue.solotable.json"
    Session("minirogue", seed=1, options={"character": "priestess", "difficulty": "hard"}).save(mr)
    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        saves_list = app.screen.query_one("#saves", OptionList)
        lines = [str(saves_list.get_option_at_index(i).prompt) for i in range(saves_list.option_count)]
        assert any("Hard, Priestess" in line for line in lines), lines
        assert any("EZ Plus" in line and "continue off" in line for line in lines), lines
        saves_list.focus()
        index = next(i for i, line in enumerate(lines) if "Priestess" in line)
        saves_list.highlighted = index
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, MarkdownDialog) and "seed 1" in app.screen.body
        await pilot.press("escape", "d")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, ConfirmDialog):
                break
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # not deleted
        for _ in range(50):
            await pilot.pause()
            if not isinstance(app.screen, ConfirmDialog):
                break
        assert mr.exists()
        await pilot.press("d")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, ConfirmDialog):
                break
        await pilot.press("y")
        for _ in range(50):  # the dialog closes and the list refreshes a few frames later on a busy machine
            await pilot.pause()
            if not mr.exists() and saves_list.option_count == 1:
                break
        assert not mr.exists() and jr.exists()
        lines = [str(saves_list.get_option_at_index(i).prompt) for i in range(saves_list.option_count)]
        assert len(lines) == 1 and "EZ Plus" in lines[0]


# -- the size of the terminal ---------------------------------------------------------------------


@run_async
async def test_a_larger_terminal_gives_the_choices_and_the_log_more_room(data_dir: Path) -> None:
    app = SoloTableApp(session=Session("minirogue", seed=20), data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.query_one("#actions").region.height == 8 and screen.query_one("#log").region.width == 34
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        actions, log, board = (screen.query_one(f"#{n}").region for n in ("actions", "log", "board"))
        assert actions.height == log.height == 16 and board.height == 22  # the 16 extra rows shared
        assert log.width == 54 and actions.width == 66  # the 40 extra columns shared
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert screen.query_one("#actions").region.height == 8


@pytest.mark.parametrize("where", ["home", "game"])
@run_async
async def test_a_terminal_under_80x24_gets_a_clear_message(where: str, data_dir: Path) -> None:
    session = Session("deepspace-d6", seed=3) if where == "game" else None
    app = SoloTableApp(session=session, data=data_dir, games=GAMES)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "This terminal is 70×20: solotable needs at least 80×24." in text
        assert "solotable play GAME --plain" in text
        await pilot.press("l")
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        assert "この端末は 79×30 です" in screen_text(app)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        text = screen_text(app)
        assert "この端末" not in text
        assert ("1-9↑↓⏎選択" if where == "game" else "↑↓ ゲーム") in text.splitlines()[-1]


# -- leaving ---------------------------------------------------------------------------------------


@run_async
async def test_leaving_says_where_the_game_was_saved(data_dir: Path) -> None:
    saves = data_dir / "saves"
    saves.mkdir(parents=True)
    path = saves / "game.solotable.json"
    session = Session("minirogue-v1", seed=2, autosave=path)
    session.save(path)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1", "q")
        await pilot.pause()
    assert app.farewell() == [f"Game saved to {path}. Continue it with: solotable resume {path}"]


def test_run_prints_the_farewell_once_the_terminal_is_back(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.solotable.json"
    session = Session("minirogue-v1", seed=2, autosave=path)
    session.save(path)

    def run(self: SoloTableApp) -> int:
        self.note_session(session)
        return 0

    monkeypatch.setattr(SoloTableApp, "run", run)
    assert app_module.run_session(session, "ja") == 0
    assert capsys.readouterr().out == cli.msg("cli.quit_saved", "ja", path=path) + "\n"


# -- help, the dice dialog --------------------------------------------------------------------------


def static_text_renderable(dialog: MarkdownDialog) -> object:
    body = dialog.query_one("#body", Static)
    return body.content


@pytest.mark.parametrize("game_id", GAMES)
@run_async
async def test_help_is_rendered_markdown_in_both_languages(game_id: str, data_dir: Path) -> None:
    app = SoloTableApp(session=Session(game_id, seed=1), data=data_dir)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        for lang in LANGS:
            app.set_lang(lang)
            await pilot.press("question_mark")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, MarkdownDialog)
            assert isinstance(static_text_renderable(dialog), RichMarkdown)
            shown = screen_text(app)
            assert "##" not in shown and "`" not in shown, shown
            await pilot.press("escape")
            await pilot.pause()


def at_a_roll(game_id: str, prefix: str, least: int) -> Session:
    """A game with the player's own dice, at a roll whose outcomes start with ``prefix`` and
    number at least ``least`` (random play to it)."""
    for seed in range(50):
        session = Session(game_id, seed=seed, physical_dice=True)
        rng = random.Random(seed)
        while not session.state.is_terminal():
            state = session.state
            choices = list(state.chance_table().actions) if state.is_chance() else state.legal_actions()
            if state.is_chance() and str(choices[0]).startswith(prefix) and len(choices) >= least:
                return session
            session.play(choices[rng.randrange(len(choices))])
    raise AssertionError(f"no {prefix} roll met")


async def open_dice_dialog(app: SoloTableApp, pilot: Any) -> ChanceDialog:
    await pilot.pause()
    if not isinstance(app.screen, ChanceDialog):  # it opens by itself at a roll
        game_screen(app).action_dice()
        await pilot.pause()
    assert isinstance(app.screen, ChanceDialog)
    return app.screen


@run_async
async def test_the_crew_dialog_repeats_the_face_mapping(data_dir: Path) -> None:
    session = at_a_roll("deepspace-d6", "roll:", 400)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_dice_dialog(app, pilot)
        example = static_text(app.screen.query_one("#example"))
        assert example == ("For example 1 2 3 4 5 6 reads: Crew dice: Commander, Tactical, Medical, "
                           "Science, Engineering, Threat")  # fmt: skip
        await pilot.press(*"1 3 3 5 6 2")
        await pilot.pause()
        said = static_text(app.screen.query_one("#error"))
        assert said == "Reads: Crew dice: Commander, Tactical, Medical, Medical, Engineering, Threat"


@run_async
async def test_the_dice_dialog_asks_rather_than_reading_11_as_choice_11(data_dir: Path) -> None:
    session = at_a_roll("minirogue-v1", "roll:", 12)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_dice_dialog(app, pilot)
        before = list(session.record.actions)
        listed = str(session.state.chance_table().actions[10])
        await pilot.press("1", "1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChanceDialog) and session.record.actions == before
        assert f"'11' could be choice 11 ({listed}) or roll:1,1" in static_text(app.screen.query_one("#error"))


# -- what the table shows: i and info ----------------------------------------------------------------


def _entries(self: Game, state: State, lang: str = "en") -> list[InfoEntry]:
    word = "Würfel" if lang == "en" else "ダイス"
    return [InfoEntry("die", f"The {word}", "1: bust\n2-6: add it"), InfoEntry("goal", "Goal", "Bank 10 in 4 turns")]


@pytest.fixture
def toy_with_entries(monkeypatch: pytest.MonkeyPatch) -> str:
    import toygame

    monkeypatch.setattr(toygame.PigGame, "info_entries", _entries)
    return toygame.GAME.id


@run_async
async def test_i_shows_every_entry_or_the_selected_one(toy_with_entries: str, data_dir: Path) -> None:
    app = SoloTableApp(session=Session(toy_with_entries, seed=3), data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("i")  # nothing selected on the board: every entry, and the highlighted choice
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        body = static_text(dialog.query_one("#body"))
        assert "The Würfel\n  1: bust\n  2-6: add it\n\nGoal\n  Bank 10 in 4 turns" in body
        assert "Highlighted choice: roll" in body
        await pilot.press("escape")
        screen = game_screen(app)
        screen.board.selected_key = lambda: "goal"  # type: ignore[attr-defined]
        screen.board.focus()
        await pilot.press("i")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MessageDialog) and dialog.title_text == "Goal"
        assert static_text(dialog.query_one("#body")) == "Bank 10 in 4 turns"


def test_line_mode_info_lists_the_entries(toy_with_entries: str) -> None:
    said: list[str] = []
    player = cli.LinePlayer(Session(toy_with_entries, seed=3), "ja", input_fn=lambda _: "", output_fn=said.append)
    player.handle("info")
    assert said[-1] == "The ダイス\n  1: bust\n  2-6: add it\n\nGoal\n  Bank 10 in 4 turns"


def test_line_mode_info_says_when_there_is_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every game now explains what is in view; a game with nothing to explain is stood in for.
    said: list[str] = []
    player = cli.LinePlayer(Session("minirogue-v1", seed=3), "en", input_fn=lambda _: "", output_fn=said.append)
    monkeypatch.setattr(player.game, "info_entries", lambda state, lang: [])
    player.handle("info")
    assert said == [cli.msg("cli.info_none", "en")]
    said.clear()
    with_entries = cli.LinePlayer(Session("minirogue-v1", seed=3), "en", input_fn=lambda _: "", output_fn=said.append)
    monkeypatch.undo()
    with_entries.handle("info")
    assert said and said[0] != cli.msg("cli.info_none", "en")
