"""The full-screen app driven by key presses: whole games to the end, resume, undo and rewind
through the log, hints in a worker, language switch, physical dice, co-op, the record."""

from __future__ import annotations

import random
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.content import Content
from textual.widgets import Input, OptionList

from solotable.agents.hint import WILSON, Hint
from solotable.agents.registry import make_agent
from solotable.core.record import load_record
from solotable.core.session import Session
from solotable.ui.record_db import RecordDB
from solotable.ui.tui.app import SoloTableApp
from solotable.ui.tui.dialogs import ChanceDialog, ConfirmDialog, MarkdownDialog, MessageDialog
from solotable.ui.tui.game_screen import GameScreen, texts_width
from solotable.ui.tui.home import ChoiceField, HomeScreen

from .drive import game_screen, notifications, play_by_keys, run_async, screen_text, static_text

SIZE = (80, 24)
GAMES = ["deepspace-d6", "jongrogue", "minirogue", "minirogue-v1"]

# (game, options, seed): seeds where the random bot's game ends in 20 to 50 decisions
WHOLE_GAMES = [
    ("minirogue-v1", {}, 2),  # two of its moves warn first (confirmed with y)
    ("minirogue", {}, 20),
    ("minirogue", {"partner": "mage"}, 20),  # co-op: two players at one keyboard
    ("deepspace-d6", {}, 3),
    ("jongrogue", {"forced-end": "off"}, 4),
]


def reference(game: str, options: dict[str, object], seed: int) -> Session:
    """The same game played by the same bot directly on a session."""
    session = Session(game, seed=seed, options=options)
    rng = random.Random(seed)
    bot = make_agent("random", game)
    while not session.state.is_terminal():
        session.play(bot.choose(session.state, rng))
    return session


@pytest.mark.parametrize(("game", "options", "seed"), WHOLE_GAMES, ids=[f"{g}-{s}-{len(o)}" for g, o, s in WHOLE_GAMES])
@run_async
async def test_a_whole_game_by_key_presses(game: str, options: dict[str, object], seed: int, data_dir: Path) -> None:
    save = data_dir / "game.solotable.json"
    data_dir.mkdir(parents=True)
    session = Session(game, seed=seed, options=options, autosave=save)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert type(screen.board) is session.game.tui_board()  # the game's own board
        moves = await play_by_keys(app, pilot, make_agent("random", game), random.Random(seed))
        assert moves >= 10
        expected = reference(game, options, seed)
        assert session.record.actions == expected.record.actions  # every key played the intended move
        actions = screen.query_one("#actions", OptionList)
        shown = [str(actions.get_option_at_index(i).prompt) for i in range(actions.option_count)]
        assert shown[0] == ("Game over. You won!" if expected.state.result().won else "Game over. You lost.")
        assert "↩ Back to the home screen" in shown
    assert load_record(save).actions == expected.record.actions  # autosaved to the end
    with RecordDB.open(data_dir / "record.sqlite3") as db:
        rows = db.summary()
        assert [(r.game, r.played, r.won) for r in rows] == [(game, 1, int(expected.state.result().won))]


@run_async
async def test_coop_shows_whose_turn_it_is(data_dir: Path) -> None:
    session = Session("minirogue", seed=20, options={"partner": "mage"})
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen = set()
        rng = random.Random(20)
        bot = make_agent("random", "minirogue")
        screen = game_screen(app)
        for _ in range(40):
            state = session.state
            if state.is_terminal():
                break
            assert state.to_move is not None
            status = static_text(screen.query_one("#status"))
            assert f"▶ Player {state.to_move + 1} to decide" in status
            assert f"▶P{state.to_move + 1} " in static_text(screen.board)  # the mat of who decides
            seen.add(state.to_move)
            choices = screen.choices()
            number = choices.index(bot.choose(state, rng)) + 1
            await pilot.press(*str(number), *(["enter"] if number * 10 <= len(choices) else []))
            if seen == {0, 1}:
                break
        assert seen == {0, 1}


@run_async
async def test_start_from_home_quit_and_resume(data_dir: Path) -> None:
    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("down", "down", "down")  # minirogue-v1
        await pilot.press("tab")  # to its options
        await pilot.press("right")  # difficulty normal -> hard
        await pilot.press("tab", "tab", "tab", "tab")  # keys, language, physical dice, seed
        await pilot.press("4", "2", "enter")  # seed 42, start
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.session.game.id == "minirogue-v1"
        assert screen.session.state.options()["difficulty"] == "hard"
        assert screen.session.seed == 42
        await pilot.press("1")  # take the monster: a fight begins
        await pilot.pause()
        assert not screen.session.state.is_terminal()
        played = list(screen.session.record.actions)
        log_before = list(screen._shown_log)
        await pilot.press("q")
        await pilot.pause()
    saves = list((data_dir / "saves").glob("*.solotable.json"))
    assert len(saves) == 1 and load_record(saves[0]).actions == played

    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")  # the Continue tab
        await pilot.pause()
        saves_list = app.screen.query_one("#saves", OptionList)
        assert "Mini Rogue (print-and-play v1.2.1)" in str(saves_list.get_option_at_index(0).prompt)
        saves_list.focus()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.session.record.actions == played
        assert screen.session.state.observation() == Session.resume(saves[0], autosave=False).state.observation()
        assert [line.lstrip("↶ ") for line in screen._shown_log] == [line.lstrip("↶ ") for line in log_before]
        before = len(screen.session.record.actions)
        await pilot.press("1")
        await pilot.pause()
        assert len(screen.session.record.actions) > before  # play goes on
        await pilot.press("escape")  # back home: the game is still listed as unfinished
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


def decisions_without_chance() -> tuple[Session, int]:
    """A Mini Rogue v1 game at a point with two decisions in a row and no roll between them."""
    for seed in range(50):
        session = Session("minirogue-v1", seed=seed)
        for step in range(60):
            state = session.state
            if state.is_terminal():
                break
            for action in state.legal_actions():
                copy = state.clone()
                copy.apply(action)
                if not copy.is_chance() and not copy.is_terminal() and not state.warnings(action):
                    return Session("minirogue-v1", seed=seed), step
            session.play(state.legal_actions()[0])
    raise AssertionError("no such position")


@run_async
async def test_undo_and_rewind_from_the_log(data_dir: Path) -> None:
    session = Session("minirogue-v1", seed=2)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        # the first moves reveal cards and roll: they can never be rewound
        await pilot.press("1")
        await pilot.pause()
        wall_state = session.state.observation()
        wall_len = len(session.record.actions)
        # find two decisions in a row with no chance between them
        played = 0
        while played < 40:
            state = session.state
            quiet = [
                i for i, a in enumerate(state.legal_actions())
                if not state.warnings(a) and not _leads_to_chance(state, a)
            ]
            if quiet and screen.wall == len(session.record.actions):
                break
            await pilot.press("1")
            if app.screen is not screen:
                await pilot.press("y")
            await pilot.pause()
            played += 1
        assert quiet, "no quiet decision found"
        wall_state = session.state.observation()
        wall_len = len(session.record.actions)
        number = quiet[0] + 1
        await pilot.press(str(number), *(["enter"] if number * 10 <= len(screen.choices()) else []))
        await pilot.pause()
        assert len(session.record.actions) == wall_len + 1 and session.can_undo()
        # u takes it back
        await pilot.press("u")
        await pilot.pause()
        assert len(session.record.actions) == wall_len
        assert session.state.observation() == wall_state
        assert "Move taken back." in notifications(app)
        # play it again, then rewind by choosing it in the log (↶ marks it)
        await pilot.press(str(number), *(["enter"] if number * 10 <= len(screen.choices()) else []))
        await pilot.pause()
        log = screen.query_one("#log", OptionList)
        marked = [i for i, line in enumerate(screen._shown_log) if line.startswith("↶")]
        assert marked, screen._shown_log
        log.focus()
        log.highlighted = marked[-1]
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.record.actions) == wall_len
        assert session.state.observation() == wall_state
        # a move before a roll cannot be rewound: said plainly, nothing changes
        first_move = next(i for i, line in enumerate(screen._shown_log) if "▸" in line[:3])
        log.focus()
        log.highlighted = first_move
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.record.actions) == wall_len
        assert "Cannot rewind there" in notifications(app)


def _leads_to_chance(state: object, action: object) -> bool:
    from solotable.core.protocol import Action, State

    assert isinstance(state, State) and isinstance(action, Action)
    copy = state.clone()
    copy.apply(action)
    return copy.is_chance() or copy.is_terminal()


@run_async
async def test_hint_shows_the_best_move_and_win_chances(data_dir: Path) -> None:
    session = Session("minirogue-v1", seed=2)
    app = SoloTableApp(session=session, data=data_dir, hint_seconds=None, hint_iterations=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        body = static_text(dialog.query_one("#body"))
        assert "The bot recommends:" in body
        flat = " ".join(body.split())  # long lines wrap in the dialog
        assert re.search(r"— estimated chance of winning \d+% \(95% interval \d+–\d+%, Wilson's, from \d+ simulated",
                         flat), body  # fmt: skip
        # a runner-up shown higher: the hint says truly why the bot still recommends its move
        state = session.state
        first, second = state.legal_actions()[:2]
        text = " ".join(screen.hint_text(state, [Hint(first, 0.31, 40, 0.18, 0.47, WILSON),
                                                 Hint(second, 0.33, 40, 0.2, 0.49, WILSON)]).split())  # fmt: skip
        assert "2) " in text and "chance of winning 33% (95% interval 20–49%, Wilson's, from 40 simulated games" in text
        assert "unless another wins clearly more often on the same simulated dice" in text
        assert "simulated dice" not in screen.hint_text(state, [Hint(first, 0.4, 40), Hint(second, 0.33, 40)])
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert "thinking" not in static_text(screen.query_one("#status"))


@run_async
async def test_the_screen_does_not_freeze_while_the_bot_thinks(data_dir: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    import solotable.agents.hint as hint_module

    release = threading.Event()
    real = hint_module.hint

    def slow_hint(*args: Any, **kwargs: Any) -> Any:
        assert release.wait(10), "never released"
        return real(*args, **kwargs)

    monkeypatch.setattr(hint_module, "hint", slow_hint)
    session = Session("minirogue-v1", seed=2)
    app = SoloTableApp(session=session, data=data_dir, hint_seconds=None, hint_iterations=20)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await pilot.press("h")
        await pilot.pause()
        assert "hint: thinking…" in static_text(screen.query_one("#status"))
        await pilot.press("l")  # the screen answers while the bot thinks
        await pilot.pause()
        assert "ヒント：考え中…" in static_text(screen.query_one("#status"))
        await pilot.press("l")
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)


@run_async
async def test_language_switch_at_any_time(data_dir: Path) -> None:
    session = Session("minirogue-v1", seed=2)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert "Area 1/14" in static_text(screen.board)
        await pilot.press("l")
        await pilot.pause()
        assert "エリア" in static_text(screen.board)
        assert "ミニ・ローグ" in static_text(screen.query_one("#status"))
        assert "戻す" in screen_text(app)  # the key hints too
        actions = screen.query_one("#actions", OptionList)
        assert any(ord(c) > 0x3000 for c in str(actions.get_option_at_index(0).prompt))
        await pilot.press("l")
        await pilot.pause()
        assert "Area 1/14" in static_text(screen.board)


@run_async
async def test_physical_dice_dialog(data_dir: Path) -> None:
    session = Session("minirogue-v1", seed=2, physical_dice=True)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChanceDialog)  # asked at once
        outcomes = session.state.chance_table().actions
        await pilot.press(*"nonsense", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChanceDialog)
        assert "Not an outcome here" in screen_text(app)
        dialog = app.screen
        faces = dialog.query_one("#faces")
        faces.value = ""  # type: ignore[attr-defined]
        # type the outcome as people write it: the game's own notation, loosely
        await pilot.press(*str(outcomes[0]), "enter")
        await pilot.pause()
        assert session.record.actions[0] == str(outcomes[0])
        # until a decision, every chance node asks again; Escape closes the dialog and the
        # list offers the same outcomes by number
        while isinstance(app.screen, ChanceDialog):
            await pilot.press("escape")
            await pilot.pause()
            game_screen(app)
            if not session.waiting_for_chance:
                break
            count = len(session.state.chance_table().actions)
            before = len(session.record.actions)
            await pilot.press("1", *(["enter"] if count >= 10 else []))
            await pilot.pause()
            assert len(session.record.actions) == before + 1
        assert not session.state.is_chance() or isinstance(app.screen, ChanceDialog)


@run_async
async def test_physical_dice_loose_spelling_of_a_roll(data_dir: Path) -> None:
    session = Session("minirogue-v1", seed=2, physical_dice=True)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # get to the first attack roll by picking outcomes and decisions with 1
        for _ in range(40):
            phase = session.state.observation()["phase"]
            if phase == "attack_roll":
                break
            if isinstance(app.screen, ChanceDialog):
                await pilot.press("escape")
            await pilot.press("1")
            choices = game_screen(app).choices()
            if len(choices) >= 10:
                await pilot.press("enter")
            await pilot.pause()
        assert session.state.observation()["phase"] == "attack_roll"
        if not isinstance(app.screen, ChanceDialog):
            await pilot.press("1")  # the first line opens the dialog
            await pilot.pause()
        assert isinstance(app.screen, ChanceDialog)
        await pilot.press(*" 3 ", "enter")  # one combat die at rank 1, typed loosely
        await pilot.pause()
        assert session.record.actions[-1] == "roll:3"


@run_async
async def test_damaged_record_reported_in_the_app(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "record.sqlite3").write_bytes(b"not a database " * 100)
    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "was damaged" in notifications(app)  # a notification at once
        await pilot.press("f3")
        await pilot.pause()
        record = static_text(app.screen.query_one("#record-body"))
        assert "was damaged" in record and "record.sqlite3.damaged-" in record
    moved = list(data_dir.glob("record.sqlite3.damaged-*"))
    assert len(moved) == 1 and moved[0].read_bytes() == b"not a database " * 100


@run_async
async def test_record_tab_lists_finished_games(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    with RecordDB.open(data_dir / "record.sqlite3") as db:
        db.add("minirogue-v1", {"difficulty": "hard", "keys": False}, won=True, score=64, save_file="a")
        db.add("minirogue-v1", {"difficulty": "hard", "keys": False}, won=False, score=12, save_file="b")
        db.add("minirogue-v1", {"difficulty": "normal", "keys": False}, won=False, score=30, save_file="c")
    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        text = screen_text(app)
        assert "Mini Rogue (print-and-play v1.2.1) · Hard: played 2, won 1, lost 1, best 64" in text
        assert "Mini Rogue (print-and-play v1.2.1) · Normal: played 1, won 0, lost 1, best 30" in text
        assert "Mini Rogue (print-and-play v1.2.1) · all: played 3, won 1, lost 2, best 64" in text
        await pilot.press("l")  # the setups in words in Japanese too
        await pilot.pause()
        record = static_text(app.screen.query_one("#record-body"))
        assert "ミニ・ローグ（プリント＆プレイ版 v1.2.1）・難しい：プレイ2・勝ち1・負け1・最高64" in record


@run_async
async def test_info_and_help_dialogs(data_dir: Path) -> None:
    session = Session("minirogue", seed=20)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)
        body = static_text(app.screen.query_one("#body"))
        assert "The Reward card" in body and "The dungeon" in body and "Highlighted choice:" in body  # what is in view
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, MarkdownDialog)
        assert "rewinds" in app.screen.body and "rewinds" in screen_text(app)


@run_async
async def test_save_a_copy(data_dir: Path, tmp_path: Path) -> None:
    session = Session("minirogue-v1", seed=2)
    app = SoloTableApp(session=session, data=data_dir)
    target = tmp_path / "copy.solotable.json"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await pilot.press("s")
        await pilot.pause()
        field = app.screen.query_one("#path")
        field.value = str(target)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert f"Saved to {target}" in notifications(app)
    assert load_record(target).actions == session.record.actions


@run_async
async def test_physical_dice_deep_space_crew_typed_in_any_order(data_dir: Path) -> None:
    session = Session("deepspace-d6", seed=3, physical_dice=True)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # get to the first crew roll, picking the first outcome or decision otherwise
        for _ in range(60):
            if session.waiting_for_chance and str(session.state.chance_table().actions[0]).startswith("roll:"):
                break
            if isinstance(app.screen, ChanceDialog):
                await pilot.press("escape")
            count = len(game_screen(app).choices())
            await pilot.press("1", *(["enter"] if count >= 10 else []))
        assert session.waiting_for_chance
        if not isinstance(app.screen, ChanceDialog):
            await pilot.press("1")
            await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChanceDialog)
        # the list says each roll as it is typed ('1 1 1 1 1 1'), never the protocol's 'roll:1,1,…'
        listed = dialog.query_one("#outcomes", OptionList)
        labels = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        assert labels[0].endswith(") 1 1 1 1 1 1") and not any("roll:" in label for label in labels), labels[:3]
        many = len(session.state.chance_table().actions)
        outcome = session.state.chance_table().actions[many // 2]
        # type the faces as the README says: one digit per die, in any order, with spaces
        faces = [c for c in str(outcome) if c.isdigit()]
        typed = " ".join(reversed(faces))
        before = len(session.record.actions)
        await pilot.press(*typed, "enter")
        await pilot.pause()
        assert len(session.record.actions) == before + 1, screen_text(app)
        assert session.record.actions[-1] == str(outcome)


@run_async
async def test_a_warned_move_asks_first(data_dir: Path) -> None:
    session = Session("minirogue-v1", seed=2)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "2")  # rest for XP, then the merchant
        assert str(session.state.legal_actions()[0]) == "buy:ration"
        before = list(session.record.actions)
        await pilot.press("1")  # buy a ration with food nearly full: the game warns
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "Food is at or near its maximum" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert session.record.actions == before  # nothing played
        assert "Cancelled" in notifications(app)
        await pilot.press("1")
        await pilot.press("y")
        await pilot.pause()
        assert session.record.actions == [*before, "buy:ration"]


@run_async
async def test_the_board_gets_80_by_14_at_80x24(data_dir: Path) -> None:
    from toygame import GAME as TOY

    for session in (Session("minirogue-v1", seed=2), Session("minirogue", seed=2, options={"partner": "mage"}),
                    Session(TOY, seed=1)):  # fmt: skip
        app = SoloTableApp(session=session, data=data_dir)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            board = game_screen(app).board
            assert (board.size.width, board.size.height) == (80, 14)
            assert board.region.y == 1
        app = SoloTableApp(session=session, data=data_dir)
        async with app.run_test(size=(120, 40)) as pilot:  # a larger terminal: more room for the board
            await pilot.pause()
            board = game_screen(app).board
            # and, for a game whose table shows texts (info_entries), room for them beside it
            beside = texts_width(120) if session.game.info_entries(session.state, "en") else 0
            assert board.size.width == 120 - beside >= 80 and board.size.height > 14


@run_async
async def test_home_screen_fits_80x24(data_dir: Path) -> None:
    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HomeScreen)
        assert screen.scroll_y == 0 and screen.virtual_size.height <= 24  # nothing pushed off screen
        text = screen_text(app).splitlines()
        assert text[0].startswith("solotable — ")
        assert "New game" in text[1] and "Continue" in text[1] and "Record" in text[1]
        assert "Deep Space D-6" in text[3]
        for _ in GAMES:  # every game's options fit too
            await pilot.press("down")
            assert screen.scroll_y == 0


def key_column(screen: GameScreen, words: str) -> int:
    """The terminal column of ``words`` in the key hints line."""
    plain = Content.from_markup(static_text(screen.query_one("#keys"))).plain
    return cell_len(plain[: plain.index(words)]) + 1


@run_async
async def test_everything_by_mouse_too(data_dir: Path) -> None:
    session = Session("minirogue-v1", seed=2)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        first = str(session.state.legal_actions()[0])
        before = len(session.record.actions)
        assert await pilot.click("#actions", offset=(4, 0))  # the first choice
        await pilot.pause()
        assert session.record.actions[before] == first
        assert await pilot.click("#keys", offset=(key_column(screen, "l 日本語"), 0))  # the key hints are buttons
        await pilot.pause()
        assert "エリア" in static_text(screen.board)
        assert await pilot.click("#keys", offset=(key_column(screen, "?説明"), 0))
        await pilot.pause()
        assert isinstance(app.screen, MessageDialog)


@run_async
async def test_home_language_key(data_dir: Path) -> None:
    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert screen_text(app).splitlines()[0].startswith("solotable — ルールブック")
        assert app.lang == "ja"
        # every word of the home screen follows, the seed field's 'random' too (it stayed English)
        assert app.screen.query_one("#seed", Input).placeholder == "ランダム"
        assert "random" not in screen_text(app)


@run_async
async def test_numbers_of_several_digits(data_dir: Path) -> None:
    session = Session("deepspace-d6", seed=3, physical_dice=True)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(60):  # to the first crew roll: 462 outcomes
            if session.waiting_for_chance and str(session.state.chance_table().actions[0]).startswith("roll:"):
                break
            if isinstance(app.screen, ChanceDialog):
                await pilot.press("escape")
            count = len(game_screen(app).choices())
            await pilot.press("1", *(["enter"] if count >= 10 else []))
        if isinstance(app.screen, ChanceDialog):
            await pilot.press("escape")
        outcomes = session.state.chance_table().actions
        assert len(outcomes) == 462
        before = len(session.record.actions)
        await pilot.press("1", "2")  # 12 could still grow into 120: waits for Enter
        assert len(session.record.actions) == before
        await pilot.press("enter")
        assert session.record.actions[before:] == [str(outcomes[11])]
        while not session.waiting_for_chance or len(session.state.chance_table().actions) != 462:
            if isinstance(app.screen, ChanceDialog):
                await pilot.press("escape")
            count = len(game_screen(app).choices())
            await pilot.press("1", *(["enter"] if count >= 10 else []))
        if isinstance(app.screen, ChanceDialog):
            await pilot.press("escape")
        before = len(session.record.actions)
        await pilot.press("4", "6", "2")  # 462 cannot grow: played at once
        assert session.record.actions[before:] == ["roll:6,6,6,6,6,6"]


@run_async
async def test_continue_lists_unfinished_games_only(data_dir: Path) -> None:
    saves = data_dir / "saves"
    saves.mkdir(parents=True)
    finished = Session("minirogue-v1", seed=7)
    while not finished.state.is_terminal():
        finished.play(finished.state.legal_actions()[0])
    finished.save(saves / "20260101-000000-minirogue-v1.solotable.json")
    Session("minirogue", seed=4).save(saves / "20260102-000000-minirogue.solotable.json")
    (saves / "20260103-000000-minirogue.solotable.json").write_text("{not json", encoding="utf-8")
    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        listed = app.screen.query_one("#saves", OptionList)
        lines = [" ".join(str(listed.get_option_at_index(i).prompt).split()).removeprefix("▶ ")  # the mark, wrapping
                 for i in range(listed.option_count)]
        assert len(lines) == 2
        assert lines[0].startswith("Mini Rogue (2020 edition") and " · Normal, Rogue · 1 step · " in lines[0]
        assert lines[1].startswith("✗ unreadable: 20260103-000000-minirogue.solotable.json")


@run_async
async def test_back_home_the_arrows_choose_a_game_again(data_dir: Path) -> None:
    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Enter on the game list starts Deep Space D-6
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        assert app.focused is home.query_one("#games")  # not the Start button of the last game
        await pilot.press("down")
        await pilot.pause()
        assert home.selected == "jongrogue"
        await pilot.press("tab", "right")  # the rules, in words
        await pilot.pause()
        rules = home.query_one(".opt-rules", ChoiceField)
        assert app.focused is rules and rules.value == "ez-plus"
        assert rules.render().plain.endswith("◀ EZ Plus (identification, bonuses) ▶")


@run_async
async def test_a_text_option_can_be_seen_and_typed(data_dir: Path) -> None:
    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "down")  # Mini Rogue (2020): its card overrides are a file name
        await pilot.pause()
        field = next(w for w in app.screen.query(Input) if w.name == "opt-cards")
        assert field.region.right <= SIZE[0] and field.region.width >= 20  # on the screen, room to type
        assert "none (or a TOML file)" in screen_text(app)


@run_async
async def test_physical_tiles_of_jongrogue(data_dir: Path) -> None:
    session = Session("jongrogue", seed=1, options={"rules": "ez-plus"}, physical_dice=True)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChanceDialog)  # asked at once: the tiles laid face down
        assert "draw your card or tile" in screen_text(app)
        field = dialog.query_one("#faces", Input)
        example = field.placeholder.removeprefix("for example: ")
        state = session.state  # what a player types, which the game reads as one of the outcomes
        assert ":" not in example and state.game.parse_action(state, example) in state.chance_table().actions
        await pilot.press(*"5m", "enter")  # a tile as players write it
        await pilot.pause()
        assert session.record.actions == ["tile:m5"]


@run_async
async def test_physical_card_draws_are_listed_by_name(data_dir: Path) -> None:
    session = Session("deepspace-d6", seed=1, physical_dice=True)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChanceDialog)
        outcomes = dialog.query_one("#outcomes", OptionList)
        assert outcomes.option_count == len(session.state.chance_table().actions) > 24
        # with what is typed for it at the table, its name (issue 20 item 10: not the code draw:e1)
        first = "1) Threat card drawn: Assault Cruiser [on 4, 5: −2 Hull]   [Assault Cruiser 4 5]"
        assert str(outcomes.get_option_at_index(0).prompt) == first


@run_async
async def test_home_marks_the_selection_without_colour(data_dir: Path) -> None:
    # issue 20, item 14: the selected game, saved game and tab were told by colour alone
    for _ in range(2):  # two saved games
        app = SoloTableApp(data=data_dir, games=GAMES)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("down", "down", "down", "enter")  # Mini Rogue v1.2.1
            await pilot.pause()
            await pilot.press("1")
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app).splitlines()
        assert "▶ New game" in text[1] and "▶ Continue" not in text[1]
        assert text[3].startswith(" ▶ Deep Space D-6") and text[4].startswith("   (print")  # wrapped under it
        games = app.screen.query_one("#games", OptionList)

        def marks() -> list[str]:
            return [str(games.get_option_at_index(i).prompt)[:2] for i in range(games.option_count)]

        assert marks() == ["▶ ", "  ", "  ", "  "]
        await pilot.press("down")
        await pilot.pause()
        assert marks() == ["  ", "▶ ", "  ", "  "]
        assert any(line.startswith(" ▶ JongRogue") for line in screen_text(app).splitlines())
        await pilot.press("f2")
        await pilot.pause()
        assert "▶ Continue" in screen_text(app).splitlines()[1] and "▶ New game" not in screen_text(app)
        saves = app.screen.query_one("#saves", OptionList)
        prompts = [str(saves.get_option_at_index(i).prompt) for i in range(saves.option_count)]
        assert [p[:2] for p in prompts] == ["▶ ", "  "]
        saves.focus()
        await pilot.press("down")
        await pilot.pause()
        prompts = [str(saves.get_option_at_index(i).prompt) for i in range(saves.option_count)]
        assert [p[:2] for p in prompts] == ["  ", "▶ "]
