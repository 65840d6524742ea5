"""Untrusted input in the full-screen interface (issues 11 and 12): crafted files in the saves
folder never crash the home screen; dice typed in the physical-dice dialog never crash the app;
a game end taken back with undo is not counted in the record; a game is counted when the player
leaves its end."""

from __future__ import annotations

import json
import os
from pathlib import Path

from textual.widgets import Input, OptionList

from solotable.core.session import Session
from solotable.ui.record_db import RecordDB
from solotable.ui.tui.app import SoloTableApp
from solotable.ui.tui.dialogs import ChanceDialog, ConfirmDialog
from solotable.ui.tui.game_screen import GameScreen

from .drive import game_screen, keys_for, run_async

SIZE = (80, 24)
GAMES = ["deepspace-d6", "jongrogue", "minirogue", "minirogue-v1"]


@run_async
async def test_crafted_files_in_the_saves_folder_never_crash_the_home_screen(data_dir: Path) -> None:
    saves = data_dir / "saves"
    saves.mkdir(parents=True)
    (saves / "a-deep.solotable.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    (saves / "b-number.solotable.json").write_text('{"seed": ' + "9" * 5000 + "}", encoding="utf-8")
    os.mkfifo(saves / "c-fifo.solotable.json")
    (saves / "d-zero.solotable.json").symlink_to("/dev/zero")
    record = Session("minirogue-v1", seed=4).record.to_json()
    record["options"] = {"seed": 1}
    (saves / "e-options.solotable.json").write_text(json.dumps(record), encoding="utf-8")
    Session("minirogue", seed=4).save(saves / "f-good.solotable.json")
    app = SoloTableApp(data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        listed = app.screen.query_one("#saves", OptionList)
        lines = [" ".join(str(listed.get_option_at_index(i).prompt).split()).removeprefix("▶ ")  # the mark, wrapping
                 for i in range(listed.option_count)]
    assert lines[0].startswith("Mini Rogue (2020 edition") and "Rogue" in lines[0]  # the good save, by its setup
    bad = lines[1:]
    assert len(bad) == 5 and all(line.startswith("✗") and len(line) < 400 for line in bad), bad
    said = {line.split(": ", 2)[1]: line for line in bad}  # by file
    assert "nested" in said["a-deep.solotable.json"] and "too long" in said["b-number.solotable.json"]
    assert all("not a regular file" in said[f"{n}.solotable.json"] for n in ("c-fifo", "d-zero"))
    assert "no option 'seed'" in said["e-options.solotable.json"]


@run_async
async def test_the_dice_dialog_takes_any_typed_line(data_dir: Path) -> None:
    session = Session("minirogue", seed=3, physical_dice=True)
    app = SoloTableApp(session=session, data=data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        for _ in range(30):  # decisions until the game waits for the player's dice
            if session.waiting_for_chance:
                break
            await pilot.press(*keys_for(1, len(screen.choices())))
            if isinstance(app.screen, ConfirmDialog):
                await pilot.press("y")
        assert session.waiting_for_chance
        if not isinstance(app.screen, ChanceDialog):
            screen.action_dice()
            await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChanceDialog)
        before = list(session.record.actions)
        for line in ["9" * 5000, "-1", "p 5", "+", "中", "x" * 100_000]:
            field = dialog.query_one("#faces", Input)
            field.value = line
            await pilot.press("enter")
            await pilot.pause()
            if app.screen is not dialog:
                break  # the game read the line as the dice: played
        if app.screen is dialog:
            assert session.record.actions == before  # every line refused, nothing played


async def _forced_end(app: SoloTableApp, pilot: object) -> None:
    screen = game_screen(app)
    choices = [str(a) for a in screen.choices()]
    await pilot.press(*keys_for(choices.index("forced-end") + 1, len(choices)))  # type: ignore[attr-defined]
    if isinstance(app.screen, ConfirmDialog):
        await pilot.press("y")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert screen.session.state.is_terminal()


@run_async
async def test_a_game_end_taken_back_is_not_counted(data_dir: Path) -> None:
    """JongRogue's forced end, then ``u``: the record counts no game (issue 11 item 5, ruling
    ALL-P1); ended again and left, it counts one."""
    data_dir.mkdir(parents=True)
    session = Session("jongrogue", seed=1, autosave=data_dir / "jr.solotable.json")
    app = SoloTableApp(session=session, data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _forced_end(app, pilot)
        await pilot.press("u")
        await pilot.pause()
        assert not session.state.is_terminal()
        await pilot.press("escape")  # leaves a game that is not over
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
    with RecordDB.open(data_dir / "record.sqlite3") as db:
        assert db.count() == 0
        assert db.open_games() == [str(data_dir / "jr.solotable.json")]  # still being played
    session = Session.resume(data_dir / "jr.solotable.json")
    app = SoloTableApp(session=session, resumed=True, data=data_dir, games=GAMES)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _forced_end(app, pilot)
        with RecordDB.open(data_dir / "record.sqlite3") as db:
            assert db.count() == 0  # at its end, not yet left
        await pilot.press("escape")
        await pilot.pause()
        with RecordDB.open(data_dir / "record.sqlite3") as db:
            assert db.count() == 1 and db.open_games() == []
