"""The engine on its own: actions, options, chance tables, the registry, sessions, errors."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
import toygame

import solotable
from solotable.core.i18n import explain
from solotable.core.protocol import Action, ChanceTable, IllegalAction, Option, OptionError
from solotable.core.registry import game_ids


def test_action_notation_equality_and_immutability() -> None:
    a = Action("feat", 2, "hp")
    assert str(a) == "feat:2,hp"
    assert a == Action("feat", 2, "hp")
    assert hash(a) == hash(Action("feat", 2, "hp"))
    assert a != Action("feat", 2, "xp")
    assert str(Action("stop")) == "stop"
    with pytest.raises(AttributeError):
        a.name = "other"  # type: ignore[misc]


def test_chance_table_is_exact_and_samples_by_probability() -> None:
    table = ChanceTable([(Action("a"), Fraction(1, 4)), (Action("b"), Fraction(3, 4))])
    assert sum(p for _, p in table.outcomes) == 1
    rng = random.Random(1)
    draws = [str(table.sample(rng)) for _ in range(20000)]
    assert 0.73 < draws.count("b") / len(draws) < 0.77
    with pytest.raises(ValueError, match="sum to"):
        ChanceTable([(Action("a"), Fraction(1, 3))])


def test_option_validation_names_valid_choices() -> None:
    opt = Option("difficulty", ("casual", "normal"), "normal", aliases={"easy": "casual"})
    assert opt.validate("NORMAL") == "normal"
    assert opt.validate("easy") == "casual"
    with pytest.raises(OptionError, match="valid choices: casual, normal"):
        opt.validate("brutal")
    flag = Option("keys", (False, True), False)
    assert flag.validate("yes") is True
    assert flag.validate(False) is False


def test_a_choice_is_checked_at_once_only_where_the_full_check_keeps_it() -> None:
    # validate() finds the choices that check as themselves without the full check; an alias
    # that names a choice, a choice with capitals, or a value of another type still go through it
    shadowed = Option("mode", ("fast", "slow"), "slow", aliases={"fast": "slow"})
    assert shadowed.validate("fast") == "slow"
    capital = Option("mode", ("Fast", "slow"), "slow")
    with pytest.raises(OptionError):
        capital.validate("Fast")
    count = Option("count", (1, 2), 1)
    assert count.validate(2) == 2 and count.validate("2") == 2
    with pytest.raises(OptionError):
        count.validate(True)  # equal to 1, but not an int choice
    flag = Option("keys", (False, True), False)
    assert flag.validate(True) is True
    with pytest.raises(OptionError):
        flag.validate(["on"])  # not hashable: refused with the message, not a TypeError


def test_file_options_carry_the_files_content_read_by_the_interface(tmp_path: Path) -> None:
    """A file option's value is a file's text: ``Game.read_files`` reads the file a person named
    (regular files only, through core.untrusted) and keeps its name for messages; the game never
    opens a file, so a record can never make it read one."""
    import os

    from solotable.core.untrusted import SourceText, UntrustedError

    class WithFile(toygame.PigGame):
        option_specs = (*toygame.PigGame.option_specs, Option("notes", (), "", file=True))

    game = WithFile()
    f = tmp_path / "notes.txt"
    f.write_text("  hello\n", encoding="utf-8")
    read = game.read_files({"notes": str(f), "target": "10"})
    assert read["notes"] == "  hello\n" and read["target"] == "10"
    text = read["notes"]
    assert isinstance(text, SourceText) and text.source == str(f)
    assert game.validate_options(read)["notes"] is text  # kept whole, name and all
    assert game.read_files({"notes": ""}) == {"notes": ""}  # nothing named, nothing read
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for bad in (str(fifo), "/dev/zero", str(tmp_path / "missing")):
        with pytest.raises(UntrustedError):
            game.read_files({"notes": bad})
    plain = Option("name", (), "")
    assert plain.validate("  x ") == "x"


def test_new_state_rejects_unknown_options_and_values() -> None:
    game = solotable.load("minirogue-v1")
    with pytest.raises(ValueError, match="valid options: difficulty, keys"):
        game.new_state(dificulty="hard")
    with pytest.raises(ValueError, match="valid choices: casual, normal, hard, impossible"):
        game.new_state(difficulty="brutal")


def test_registry_lists_and_loads_games() -> None:
    assert solotable.games()["minirogue-v1"].startswith("Mini Rogue")
    assert "minirogue-v1" in game_ids()
    assert solotable.games("ja")["minirogue-v1"].startswith("ミニ・ローグ")
    with pytest.raises(ValueError, match=r"known games: .*minirogue-v1"):
        solotable.load("chess")


def test_typed_text_starting_with_at_is_echoed_not_looked_up() -> None:
    """A parameter ``@key`` names a message; a person's "@" (typed as a move) is only text: it
    raised KeyError out of every game's "not legal" message."""
    game = solotable.load("minirogue-v1")
    state = game.new_state()
    for typed in ("@", "@nothing.here", "@core.err.over"):
        with pytest.raises(IllegalAction) as info:
            game.parse_action(state, typed)
        assert typed in str(info.value) or typed == "@core.err.over"
        assert explain(info.value, "ja")


def test_errors_speak_japanese_too() -> None:
    game = solotable.load("minirogue-v1")
    state = game.new_state()
    with pytest.raises(IllegalAction) as info:
        game.parse_action(state, "fly")
    assert "'fly' is not legal now" in str(info.value)
    assert "「fly」は今は選べません" in explain(info.value, "ja")


def test_session_undo_stops_at_chance_and_autosaves(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session = solotable.Session(toygame.GAME, seed=3, autosave=path)
    assert path.exists()  # written at once, before the first move
    with pytest.raises(IllegalAction, match="nothing to undo"):
        session.undo()
    session.play("hold")
    assert session.can_undo()
    session.undo()
    assert session.record.actions == []
    session.play("roll")  # then the session rolls the die: a wall for undo
    assert not session.can_undo()
    with pytest.raises(IllegalAction, match="die roll or a card reveal"):
        session.undo()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["actions"] == session.record.actions


def test_session_chance_is_reproducible_across_resume(tmp_path: Path) -> None:
    straight = solotable.Session(toygame.GAME, seed=11)
    for _ in range(3):
        if straight.state.is_terminal():
            break
        straight.play("roll")
    path = tmp_path / "s.json"
    first = solotable.Session(toygame.GAME, seed=11, autosave=path)
    first.play("roll")
    resumed = solotable.Session.resume(path)
    for _ in range(2):
        if resumed.state.is_terminal():
            break
        resumed.play("roll")
    assert resumed.record.actions == straight.record.actions[: len(resumed.record.actions)]


def test_physical_dice_session_waits_for_typed_outcomes() -> None:
    session = solotable.Session(toygame.GAME, seed=1, physical_dice=True)
    session.play("roll")
    assert session.waiting_for_chance
    with pytest.raises(IllegalAction):
        session.play("d6:7")
    session.play("d6:5")
    assert session.state.observation()["turn_total"] == 5
    plain = solotable.Session(toygame.GAME, seed=1)
    plain.play("roll")
    assert not plain.state.is_chance()  # the session rolled already: a typed die is no move
    with pytest.raises(IllegalAction, match="not legal now"):
        plain.play("d6:5")
