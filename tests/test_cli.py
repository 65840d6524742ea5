"""The line-mode interface: LinePlayer driven with injected input, and ``main`` end to end."""

from __future__ import annotations

import argparse
import io
import json
import random
import re
import sys
import types
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
import toygame
from support import check_catalogue_matches_source, placeholders

import solotable
from solotable.cli import main as solotable_main
from solotable.core import argparse_i18n
from solotable.core import registry as core_registry
from solotable.core.i18n import LANG_ENV, LANGS, display_width
from solotable.core.protocol import Action, Event, Game, Option
from solotable.core.record import load_record, parse_record
from solotable.core.registry import games as registered_games
from solotable.core.registry import register
from solotable.core.session import Session
from solotable.ui import cli, present
from solotable.ui.cli import LinePlayer, Replayer, main

TOY = toygame.GAME.id


class Script:
    """An ``input_fn`` that answers prompts with the given lines, then raises ``EOFError``."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def play(session: Session, lines: Iterable[str], lang: str = "en") -> tuple[int, str, Script]:
    out: list[str] = []
    script = Script(lines)
    code = LinePlayer(session, lang, script, out.append).run()
    return code, "\n".join(out), script


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Saves go to a temporary data directory; no language from the environment."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("SOLOTABLE_LANG", raising=False)


def pipe(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def saves(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "data" / "solotable" / "saves").glob("*.solotable.json"))


# -- the play loop ------------------------------------------------------------------------------


def test_scripted_game_to_the_end_with_numbers_and_notations() -> None:
    session = Session(TOY, seed=5)
    code, out, script = play(session, ["1", "hold"] * 10)
    assert code == 0
    assert session.state.is_terminal()
    assert script.lines, "the loop stops reading once the game is over"
    result = session.state.result()
    assert "Game over." in out
    assert ("You won!" if result.won else "You lost.") in out
    assert f"Score: {result.score}" in out
    assert "This game was not saved." in out
    decisions = [a for a in session.record.actions if not a.startswith("d6:")]
    assert set(decisions) == {"roll", "hold"}
    # the same inputs give the same game (the session's dice are seeded)
    again = Session(TOY, seed=5)
    play(again, ["1", "hold"] * 10)
    assert again.record.actions == session.record.actions


def test_table_log_and_numbered_choices_are_shown() -> None:
    session = Session(TOY, seed=2)
    _, out, _ = play(session, ["roll"])
    assert "=== Pig to 10 ===" in out
    assert "Seed: 2" in out
    assert "  1) roll\n  2) hold" in out
    assert '"banked": 0' in out  # the game's render_text (here the protocol default)
    assert "What happened:\n  - toy." in out  # the die roll's event, via game.event_text


def test_illegal_input_reprompts_and_changes_nothing() -> None:
    session = Session(TOY, seed=3)
    before = session.state.observation()
    code, out, script = play(session, ["9", "0", "fly", "d6:3", "", "save"])
    assert code == 0
    assert session.record.actions == []
    assert session.state.observation() == before
    assert "There is no choice 9: pick a number from 1 to 2." in out
    assert "There is no choice 0" in out
    assert "Not allowed: 'fly' is not legal now; legal: roll, hold" in out
    assert "Not allowed: 'd6:3' is not legal now" in out
    assert "Usage: save FILE" in out
    assert out.count("Your choices:") == 1  # a mistake re-prompts without redrawing the table
    assert len(script.prompts) == 7  # six lines, then end of input


def test_undo_takes_back_a_decision_but_never_a_roll() -> None:
    session = Session(TOY, seed=3)
    _, out, _ = play(session, ["hold", "undo", "undo", "roll", "undo", "q"])
    assert "Took back your last decision." in out
    # After 'hold' is undone nothing is left to take back; after 'roll', its die is a wall.
    assert out.count("Cannot undo: nothing to undo yet") == 1
    assert out.count("Cannot undo: cannot undo past a die roll or a card reveal") == 1
    assert session.record.actions[0] == "roll"
    assert len(session.record.actions) == 2  # roll and its die, not undone


def test_help_show_and_lang_commands() -> None:
    session = Session(TOY, seed=3)
    _, out, _ = play(session, ["help", "show", "lang xx", "lang ja", "hold"])
    assert "Pig to 10\nCommands:" in out  # game.help_text, then the commands
    assert "Usage: lang en|ja" in out
    assert "表示言語を日本語にしました。" in out
    assert "選択肢：" in out
    assert "ゲームは保存されていません" in out  # quitting at EOF, in Japanese
    assert out.count("Your choices:") == 2  # `show` redrew the table


def test_full_width_input_is_understood() -> None:
    session = Session(TOY, seed=3)
    play(session, ["２"])  # a Japanese keyboard's digit two: hold
    assert session.record.actions == ["hold"]


# -- warnings -----------------------------------------------------------------------------------


class WarnPigState(toygame.PigState):
    __slots__ = ()

    def warnings(self, action: Action) -> list[Event]:
        if action == toygame.HOLD and self.turn_total == 0:
            return [Event("toy.warn_empty_hold")]
        return []


class WarnPig(toygame.PigGame):
    id = "toy-pig-warn"

    def new_state(self, seed: int | None = None, **options: object) -> WarnPigState:
        opts = self.validate_options(options)
        return WarnPigState(self, seed, int(opts["target"]))


register(WarnPig())


def test_warnings_ask_for_confirmation() -> None:
    session = Session("toy-pig-warn", seed=3)
    _, out, _ = play(session, ["2", "n", "hold", "maybe", "y"])
    assert "Before you do that:\n  ! toy.warn_empty_hold" in out
    assert "Not played; choose again." in out
    assert session.record.actions == ["hold"]  # declined once, then confirmed after a re-ask
    assert out.count("Do it anyway?") == 0  # the prompt goes through input_fn, not output


def test_end_of_input_at_a_confirmation_quits() -> None:
    session = Session("toy-pig-warn", seed=3)
    code, out, _ = play(session, ["hold"])
    assert code == 0
    assert session.record.actions == []
    assert "This game was not saved." in out


# -- physical dice ------------------------------------------------------------------------------


def test_physical_dice_typed_outcomes() -> None:
    session = Session(TOY, seed=1, physical_dice=True)
    lines = ["roll", "7", "d6:9", "undo", "1", "4", "hold", "roll", " D6:5 ", "q"]
    _, out, _ = play(session, lines)
    assert "Physical dice:" in out
    assert "Roll your dice (or draw your card) and type what you got:\n  1) d6:1" in out
    assert "  6) d6:6" in out
    assert "There is no choice 7: pick a number from 1 to 6." in out
    assert "Not allowed: 'd6:9' is not legal now" in out
    assert "Took back your last decision." in out  # no die was rolled yet
    assert session.record.actions == ["roll", "d6:4", "hold", "roll", "d6:5"]
    assert session.state.observation() == {"banked": 4, "turn_total": 5, "turn": 2}


def test_many_outcomes_say_what_to_type_without_a_list() -> None:
    """Issue 20 item 6: 462 crew rolls were listed at every roll; many outcomes are told by what
    to type (and an example read in words where the game reads it), not listed."""
    game = toygame.GAME
    state = game.new_state()
    actions = [Action("roll", a, b) for a in range(1, 11) for b in range(1, 11)]
    text = cli.choices_text(game, state, actions, "en", chance=True)
    assert "100 possible outcomes" in text
    assert "roll:1,1" not in text and len(text.splitlines()) <= 3


# -- saving, resuming ---------------------------------------------------------------------------


def test_save_then_resume_continues_identically(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first = ["roll", "1", "2"]
    rest = ["roll", "hold", "roll", "roll", "hold"] * 3
    whole = Session(TOY, seed=11)
    play(whole, first + rest)

    target = tmp_path / "game.solotable.json"
    part = Session(TOY, seed=11)
    _, out, _ = play(part, [*first, f"save {target}", "quit"])
    assert f"Saved to {target}" in out
    pipe(monkeypatch, "".join(line + "\n" for line in rest))
    assert main(["resume", str(target)]) == 0
    out = capsys.readouterr().out
    assert f"Resumed {target}" in out
    resumed = load_record(target)  # resume autosaves back to the same file
    assert resumed.actions == whole.record.actions
    assert resumed.replay().observation() == whole.state.observation()


def test_no_tty_play_through_main_autosaves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe(monkeypatch, "2\n2\n2\n2\n")
    assert main(["play", TOY, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    (path,) = saves(tmp_path)
    assert path.name.endswith(f"-{TOY}.solotable.json")
    assert f"saved automatically after every move to {path}" in out
    assert "> 2\n" in out  # piped input is echoed after the prompt
    assert "Game over. You lost." in out
    assert f"The record of this game is in {path}" in out
    record = load_record(path)
    assert record.actions == ["hold"] * 4 and record.seed == 1
    assert record.replay().is_terminal()


def test_end_of_input_saves_and_says_how_to_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "mine.json"
    pipe(monkeypatch, "hold\n")
    assert main(["play", TOY, "--seed", "4", "--save", str(target)]) == 0
    out = capsys.readouterr().out
    assert f"Continue it with: solotable resume {target}" in out
    assert load_record(target).actions == ["hold"]
    assert saves(tmp_path) == []


def test_save_file_that_exists_is_not_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "old.json"
    target.write_text("precious")
    assert main(["play", TOY, "--save", str(target)]) == 2
    err = capsys.readouterr().err
    assert "already exists" in err and f"solotable resume {target}" in err
    assert target.read_text() == "precious"


def test_resume_of_a_finished_game_shows_the_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "done.json"
    session = Session(TOY, seed=1)
    play(session, ["hold"] * 4)
    session.save(target)
    pipe(monkeypatch, "")
    assert main(["resume", str(target)]) == 0
    assert "Game over. You lost." in capsys.readouterr().out


def _good_record_text() -> str:
    session = Session(TOY, seed=1)
    play(session, ["roll", "hold"])
    return session.record.dumps()


CORRUPT: dict[str, tuple[bytes, str]] = {
    "truncated": (_good_record_text()[:60].encode(), "corrupt or truncated JSON"),
    "foreign": (json.dumps({"name": "not a record"}).encode(), "is not a solotable game record"),
    "garbage": (bytes(range(128, 256)), "not UTF-8 text"),
    "unknown-game": (
        _good_record_text().replace(f'"{TOY}"', '"chess"').encode(),
        "a game this solotable does not have",
    ),
    "bad-action": (
        _good_record_text().replace('"hold"', '"fly"').encode(),
        "'fly' cannot be played",
    ),
}


@pytest.mark.parametrize("command", ["resume", "replay"])
@pytest.mark.parametrize("kind", sorted(CORRUPT))
def test_corrupt_record_gives_a_clear_error(
    kind: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, expected = CORRUPT[kind]
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    assert main([command, str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("solotable: error: ")
    assert expected in captured.err
    assert "Traceback" not in captured.err
    assert path.read_bytes() == data  # never touched


def test_missing_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resume", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


# -- command line errors --------------------------------------------------------------------------


def test_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "unknown game 'chess'" in err and "minirogue-v1" in err


def test_bad_option_value_names_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", TOY, "--target", "12"]) == 2
    err = capsys.readouterr().err
    assert err == "solotable: error: option '--target' cannot be 12; valid choices: 10, 15\n"


def test_unknown_option_names_the_valid_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", TOY, "--bogus", "3"]) == 2
    err = capsys.readouterr().err
    assert err == "solotable: error: toy-pig has no option --bogus; valid options: --target\n"


def test_game_options_are_passed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "t.json"
    pipe(monkeypatch, "")
    assert main(["play", TOY, "--target", "15", "--save", str(target)]) == 0
    assert load_record(target).options == {"target": 15}


def test_game_options_before_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "t.json"
    pipe(monkeypatch, "")
    assert main(["play", "--target", "15", TOY, "--save", str(target)]) == 0
    assert load_record(target).options == {"target": 15}


def test_play_help_lists_the_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", TOY, "--help"]) == 0
    out = capsys.readouterr().out
    assert "--target 10|15" in out and "--physical-dice" in out


def test_play_without_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play"]) == 2
    assert "solotable play GAME" in capsys.readouterr().err


def test_language_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SOLOTABLE_LANG", "ja")
    assert main(["play", "chess"]) == 2
    assert capsys.readouterr().err.startswith("solotable：エラー：")
    assert main(["play", "chess", "--lang", "en"]) == 2
    assert capsys.readouterr().err.startswith("solotable: error: ")
    monkeypatch.setenv("SOLOTABLE_LANG", "klingon")
    assert cli.default_lang() == "en"


# -- replay, games, rules, sim -------------------------------------------------------------------


def test_replay_without_a_tty_prints_every_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    session = Session(TOY, seed=1)
    play(session, ["roll", "hold", "hold", "hold", "hold"])
    target = tmp_path / "r.json"
    session.save(target)
    pipe(monkeypatch, "")
    assert main(["replay", str(target)]) == 0
    out = capsys.readouterr().out
    total = len(session.record.actions)
    assert f"Step 0/{total}: the start" in out
    for step in range(1, total + 1):
        assert f"Step {step}/{total}: " in out
    assert "Game over." in out and "End of the record." in out


def test_replay_interactive_steps_jumps_and_quits() -> None:
    session = Session(TOY, seed=1)
    play(session, ["roll", "hold", "hold"])
    out: list[str] = []
    replayer = Replayer(session.record, "en", Script(["", "", "b", "3", "99", "x", "q"]), out.append)
    assert replayer.run(interactive=True) == 0
    headers = [line for line in out if line.startswith("Step ")]
    total = len(session.record.actions)
    assert [h.split(":")[0] for h in headers] == [
        f"Step {n}/{total}" for n in (0, 1, 2, 1, 3)
    ]
    assert f"There is no step 99: the record has steps 0 to {total}." in out
    assert "There is no step x" in "\n".join(out)


def test_replay_of_an_unfinished_game_says_so() -> None:
    session = Session(TOY, seed=1)
    play(session, ["hold"])
    out: list[str] = []
    Replayer(session.record, "ja", Script([]), out.append, source="x.json").run(interactive=False)
    assert "開始局面（0/1）" in out
    assert any("solotable resume x.json" in line for line in out)


def test_games_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Games:\n")
    for game_id in registered_games():  # not solotable.games: the subpackage shadows it
        assert f"  {game_id}" in out
    assert main(["rules", TOY, "--lang", "ja"]) == 0
    assert capsys.readouterr().out == "ピッグ\n"
    assert main(["rules", "chess"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_ui_never_imports_the_simulator() -> None:
    import solotable.ui.cli as ui

    source = Path(ui.__file__).read_text(encoding="utf-8")
    assert "solotable.sim" not in source  # DESIGN.md: ui and sim are independent layers


def test_sim_is_handed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []

    def fake_main(argv: list[str]) -> int:
        seen.append(argv)
        return 7

    fake = types.ModuleType("solotable.sim.cli")
    fake.main = fake_main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "solotable.sim.cli", fake)
    assert solotable_main(["sim", "minirogue-v1", "--games", "3"]) == 7
    assert seen == [["minirogue-v1", "--games", "3"]]


def test_sim_missing_is_explained(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "solotable.sim.cli", None)
    assert solotable_main(["sim", "x"]) == 2
    assert "the simulator is not available" in capsys.readouterr().err


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "play" in capsys.readouterr().out


# -- messages -----------------------------------------------------------------------------------


def test_every_message_the_cli_uses_exists_in_both_languages() -> None:
    import solotable.cli as top
    from solotable.ui import present, typed

    source = "".join(Path(m.__file__).read_text(encoding="utf-8") for m in (cli, top, present, typed))
    check_catalogue_matches_source(source, "cli", present.messages(), "cli.py")


def test_japanese_terms() -> None:
    cat = present.messages()
    assert "取り消" in cat.text("cli.undo_done", "ja")
    assert "保存" in cat.text("cli.saved", "ja", path="x")
    assert cat.text("cli.won", "ja").startswith("勝利")
    assert cat.text("cli.lost", "ja").startswith("敗北")
    assert "スコア" in cat.text("cli.score", "ja", score=3)
    assert "ヘルプ" in cat.text("cli.commands", "ja")
    assert "終了" in cat.text("cli.commands", "ja")


# -- the first real game ------------------------------------------------------------------------


def _minirogue() -> Game | None:
    try:
        if "minirogue-v1" not in registered_games():
            return None
        return solotable.load("minirogue-v1")
    except Exception:  # not importable (yet): its own tests say why
        return None


@pytest.mark.skipif(_minirogue() is None, reason="minirogue-v1 is not available yet")
def test_minirogue_whole_game_always_choosing_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # "y" after each "1" answers a warning's confirmation when there is one; otherwise it is an
    # illegal notation that only re-prompts.
    pipe(monkeypatch, "1\ny\n" * 3000)
    target = tmp_path / "mr.json"
    assert main(["play", "minirogue-v1", "--seed", "1", "--save", str(target)]) == 0
    out = capsys.readouterr().out
    assert "Game over." in out
    final = load_record(target).replay()
    assert final.is_terminal()
    result: Any = final.result()
    assert (("You won!" if result.won else "You lost.") in out)


@pytest.mark.skipif(_minirogue() is None, reason="minirogue-v1 is not available yet")
@pytest.mark.parametrize("seed", range(12))
def test_minirogue_random_play_with_commands_and_warnings(seed: int) -> None:
    """Random choices, undo, help, language switches and y/n answers, through LinePlayer."""
    rng = random.Random(seed)
    options = {"difficulty": rng.choice(["casual", "normal", "hard"]), "keys": seed % 2 == 1}
    session = Session("minirogue-v1", seed=seed, options=options)
    out: list[str] = []
    player: LinePlayer

    def answer(prompt: str) -> str:
        if "(y/n)" in prompt or "（y/n）" in prompt:
            return rng.choice("yn")
        roll = rng.random()
        if roll < 0.05:
            return "undo"
        if roll < 0.08:
            return "lang " + rng.choice(LANGS)
        if roll < 0.09:
            return "help"
        return str(rng.randint(1, len(player.choices())))

    player = LinePlayer(session, "en", answer, out.append)
    assert player.run() == 0
    assert session.state.is_terminal()
    assert parse_record(session.record.dumps()).actions == session.record.actions


def test_rules_listing_flags_are_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "minirogue-v1", "--provisional"]) == 2
    err = capsys.readouterr().err
    assert "minirogue-v1 has no listing --provisional" in err
    assert main(["rules", "minirogue-v1"]) == 0
    assert "Mini Rogue" in capsys.readouterr().out


# -- --help in English and Japanese ---------------------------------------------------------------


class FlagPig(toygame.PigGame):
    """Every kind of game option, for the help: choices with an alias, a yes/no option that is on by
    default, free text."""

    id = "toy-pig-flags"
    option_specs = (  # type: ignore[assignment]  # more options than PigGame's one
        Option("target", (10, 15), 10, aliases={"short": "10"}),
        Option("fast", (False, True), True),
        Option("deck", (), "standard"),
    )


@pytest.fixture
def flag_pig(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(core_registry, "_loaded", dict(core_registry._loaded))  # undone after
    return core_registry.register(FlagPig()).id


HELP_COMMANDS: list[list[str]] = [
    ["--help"],
    ["play", "--help"],
    ["play", "-h"],
    ["play", "minirogue-v1", "--help"],
    ["play", TOY, "--help"],
    ["play", "toy-pig-flags", "--help"],
    ["rules", "--help"],
    ["record", "--help"],
    ["resume", "--help"],
    ["replay", "--help"],
    ["games", "--help"],
]


def help_text(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The help printed by ``solotable ARGV`` (through the dispatcher, as the command runs)."""
    assert solotable_main(argv) == 0, argv
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def _words(text: str) -> str:
    return "".join(text.split())


def english_left(text: str) -> list[str]:
    """The English words of a help text once what is typed as it is (options, commands, game ids,
    option values, metavars such as N and {en,ja}, $SOLOTABLE_LANG) and the games' Japanese titles
    are taken out."""
    typed = {"solotable", "play", "resume", "replay", "games", "rules", "sim", "web", "review", "record"}
    typed |= {"en", "ja", "ID"}
    for gid in registered_games():
        typed.add(gid)
        text = text.replace(core_registry.load(gid).title("ja"), " ")
        for spec in core_registry.load(gid).option_specs:
            typed.update(str(value) for value in (*spec.choices, spec.default, *spec.aliases))
            typed.add(spec.name.upper())  # the metavar of a free-text option is its name
    text = re.sub(r"(?<![\w-])--?[A-Za-z][\w-]*|\$" + LANG_ENV + r"|\{en,ja\}", " ", text)
    text = re.sub(r"[\w-]+(\|[\w-]+)+", " ", text)  # casual|normal|hard
    return [word for word in re.findall(r"[A-Za-z][\w-]*[A-Za-z0-9]", text) if word not in typed]


@pytest.mark.usefixtures("flag_pig")
@pytest.mark.parametrize("by", ["--lang", "env"])
def test_help_in_japanese_leaves_no_english(
    by: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = []
    for argv in HELP_COMMANDS:
        if by == "env":
            monkeypatch.setenv("SOLOTABLE_LANG", "ja")
            out = help_text(argv, capsys)
        else:
            out = help_text([*argv, "--lang", "ja"], capsys)
        assert out.startswith("使い方：solotable"), argv
        assert "オプション：\n" in out, argv
        assert not english_left(out), (argv, english_left(out))
        outputs.append(out)
    everything = _words("\n".join(outputs))
    catalogue = present.messages()
    core = argparse_i18n.messages()
    # (cli.help.play_help is the -h of the `play` subcommand, whose own help is never printed:
    # `solotable play --help` prints the help of the play parser, which has argparse's -h)
    for key in [k for k in catalogue if k.startswith("cli.help.") and k != "cli.help.play_help"] + [
        "argparse.usage", "argparse.positionals", "argparse.options", "argparse.help"
    ]:
        template = (catalogue if key in catalogue else core).text(key, "ja")
        if key == "cli.help.play_usage":
            template = template.replace("%(prog)s", "")
        for piece in re.split(r"\{\w+\}", template):
            assert _words(piece) in everything, (key, piece)  # every Japanese help text is shown
    for key in catalogue:  # and no English sentence of the help
        english = catalogue.text(key, "en")
        if key.startswith("cli.help.") and " " in english:
            for piece in re.split(r"\{\w+\}", english):
                if piece.count(" ") > 1:
                    assert _words(piece) not in everything, key


def test_help_in_japanese_has_its_words(capsys: pytest.CaptureFixture[str], flag_pig: str) -> None:
    out = help_text(["play", "minirogue-v1", "--help", "--lang", "ja"], capsys)
    assert out.startswith("使い方：solotable play minirogue-v1 [オプション]\n")
    assert "ミニ・ローグ" in out  # the game's title, in the language of the help
    assert "位置引数：\n  ゲーム名" in out
    assert "このヘルプを表示して終了する" in out
    assert "minirogue-v1 のオプション：" in out
    assert "--difficulty casual|normal|hard|impossible" in out  # names and values stay as typed
    assert "既定値：normal（nightmare も指定可）" in out
    assert "--keys, --no-keys     既定値：オフ" in out
    out = help_text(["play", flag_pig, "--help", "--lang", "ja"], capsys)
    assert "既定値：オン" in out
    assert "--deck DECK" in out and "既定値：standard" in out
    out = help_text(["--help", "--lang", "ja"], capsys)
    assert "  コマンド\n    play      ゲームを遊ぶ" in out
    assert "--version   バージョンを表示して終了する" in out


def test_help_in_english_is_as_it_was(capsys: pytest.CaptureFixture[str], flag_pig: str) -> None:
    out = help_text(["play", "minirogue-v1", "--help"], capsys)
    assert out.startswith("usage: solotable play minirogue-v1 [options]\n\nMini Rogue (print-and-play v1.2.1)\n")
    assert "positional arguments:\n  GAME                  the game id (see `solotable games`)\n" in out
    assert "  -h, --help            show this help message and exit\n" in out
    assert "  --seed N              seed for the dice and cards\n" in out
    assert f"  --lang {{en,ja}}        language (default: ${LANG_ENV} or en)\n" in out
    assert "  --save FILE           autosave to FILE instead of the saves folder\n" in out
    assert "options of minirogue-v1:\n  --difficulty casual|normal|hard|impossible\n" in out
    assert "                        default: normal; also nightmare\n" in out
    assert "  --keys, --no-keys     default: off\n" in out
    out = help_text(["play", flag_pig, "--help"], capsys)
    assert "default: 10; also short" in out and "default: on" in out and "default: standard" in out
    out = help_text(["--help"], capsys)
    assert out.startswith("usage: solotable [-h] [--version] COMMAND ...\n\n")
    assert "Solo tabletop games, played exactly as their rulebooks say." in out
    assert "    play      play a game (game options: solotable play GAME --help)\n" in out
    # every command is listed, review too (it was missing: a new user could not learn of it here)
    listed = re.findall(r"^    (\w+) ", out, re.M)
    assert listed == ["play", "resume", "replay", "games", "rules", "record", "sim", "web", "review"]
    assert "  --version   show program's version number and exit\n" in out
    out = help_text(["rules", "--help"], capsys)
    assert "usage: solotable rules [-h] [--lang {en,ja}] GAME [--LISTING ...]" in out
    assert "  --LISTING       a listing of the game, e.g. --provisional" in out
    assert not re.search(r"[^\x00-\x7f]", out)


def _all_parsers(lang: str) -> list[argparse_i18n.Parser]:
    top = cli.build_parser(lang)
    sub = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    games = [core_registry.load(gid) for gid in registered_games()]
    return [top, *sub.choices.values(), cli._play_parser(None, lang), *(cli._play_parser(g, lang) for g in games)]


@pytest.mark.usefixtures("flag_pig")
@pytest.mark.parametrize("columns", ["80", "50", "200"])
def test_english_layout_is_argparse_own(columns: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    for parser in _all_parsers("en"):
        assert parser.format_help() == argparse.ArgumentParser.format_help(parser)
        assert parser.format_usage() == argparse.ArgumentParser.format_usage(parser)


@pytest.mark.usefixtures("flag_pig")
@pytest.mark.parametrize("columns", ["80", "60", "50"])
def test_japanese_layout_fits_and_lines_up(columns: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    width = int(columns) - 2
    for parser in _all_parsers("ja"):
        text = parser.format_help()
        lines = text.splitlines()[1:] if parser.usage else text.splitlines()  # a usage of its own stays whole
        too_wide = [line for line in lines if display_width(line) > width and " " in line.strip()]
        assert not too_wide, too_wide  # (a single word longer than the line may stay)
        starts = set()  # where the help column starts, on lines with an option and its help
        for line in lines:
            found = re.match(r"(  \S.*?\S  +)\S", line)
            if found and not line.startswith("   ") and not line.startswith(("使い方", "    ")):
                starts.add(display_width(found.group(1)))
        assert len(starts) <= 1, (parser.prog, starts, text)


def test_wrap_breaks_between_japanese_characters_but_not_before_punctuation() -> None:
    text = (
        "ゲームのオプション（例：--difficulty hard）はゲームによって異なります。"
        "`solotable sim ゲーム名 --help` で確認してください。"
    )
    for width in range(12, 60):
        lines = argparse_i18n.wrap(text, width)
        assert all(display_width(line) <= width for line in lines), (width, lines)
        assert _words("".join(lines)) == _words(text)
        assert not any(line[0] in "、。）」" for line in lines)
        assert not any(line[-1] in "（「" for line in lines)
    assert argparse_i18n.wrap("plain words", 5) == ["plain", "words"]
    assert display_width("使い方：") == 8


# -- argparse's own words ---------------------------------------------------------------------------


def _composed(original: str) -> tuple[str, list[str]]:
    """argparse's message with a distinct value in each of its places, and those values."""
    values: list[str] = []

    def value(_: re.Match[str]) -> str:
        values.append(f"'v{len(values)}'")
        return values[-1]

    return re.sub(r"%(?:\(\w+\))?[sr]", value, original), values


def test_argparse_words_exist_in_both_languages_and_english_is_argparse_own() -> None:
    core = argparse_i18n.messages()
    keys = {key for key, _ in argparse_i18n.ARGPARSE_MESSAGES.values()}
    assert keys == {key for key in core if key.startswith("argparse.")}  # all used, none missing
    for original, (key, expected_names) in argparse_i18n.ARGPARSE_MESSAGES.items():
        assert placeholders(core.text(key, "en")) == placeholders(core.text(key, "ja")) == set(expected_names), key
        assert "%" not in core.text(key, "ja"), key
        if original in argparse_i18n._NOT_ERRORS:
            continue
        message, values = _composed(original)
        assert argparse_i18n.translate(message, "en") == message, key  # English is argparse's own wording
        said = argparse_i18n.translate(message, "ja")
        assert said != message and all(v in said for v in values), (key, said)
    nested = "argument --seed: invalid int value: 'x'"
    assert argparse_i18n.translate(nested, "ja") == "引数 --seed の値 'x' が不正です（int 型の値が必要です）"
    assert argparse_i18n.translate("a message argparse may add one day", "ja") == "a message argparse may add one day"


def test_help_texts_have_no_percent_but_prog() -> None:
    for key in present.messages():
        if key.startswith("cli.help."):
            for lang in LANGS:
                assert "%" not in present.messages().text(key, lang).replace("%(prog)s", ""), key


def test_argparse_itself_is_left_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """A parser in Japanese changes nothing of argparse: a plain parser, built and used after it
    (or in another thread meanwhile), still speaks argparse's English."""
    before = vars(argparse)["_"], vars(argparse)["ngettext"], argparse.HelpFormatter.__dict__.copy()
    with pytest.raises(SystemExit):
        argparse_i18n.Parser(prog="x", lang="ja").parse_args(["--nope"])
    assert "解釈できない引数があります：--nope" in capsys.readouterr().err
    assert (vars(argparse)["_"], vars(argparse)["ngettext"], argparse.HelpFormatter.__dict__.copy()) == before
    with pytest.raises(SystemExit):
        argparse.ArgumentParser(prog="x").parse_args(["--nope"])
    assert "x: error: unrecognized arguments: --nope" in capsys.readouterr().err
    overridden = {
        name
        for cls in (argparse_i18n.Parser, argparse_i18n.Section)
        for name in vars(cls)
        if name.startswith("_") and not name.startswith("__") and hasattr(argparse.ArgumentParser, name)
    }
    assert not overridden  # no private method of argparse's is replaced


@pytest.mark.parametrize(
    ("argv", "env", "lang"),
    [
        (["play", "x", "--lang", "ja"], "", "ja"),
        (["play", "x", "--lang=ja"], "", "ja"),
        (["play", "x", "--la", "ja"], "", "ja"),
        (["play", "x", "--lang", "ja", "--lang", "en"], "", "en"),
        (["play", "x", "--lang", "fr"], "ja", "ja"),
        (["play", "x", "--lang"], "ja", "ja"),
        (["play", "x"], "ja", "ja"),
        (["play", "x"], "", "en"),
        (["play", "--", "--lang", "ja"], "", "en"),
        (["play", "--lag", "ja"], "", "en"),
    ],
)
def test_requested_lang(argv: list[str], env: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLOTABLE_LANG", env)
    assert argparse_i18n.requested_lang(argv) == lang


@pytest.mark.parametrize(
    ("argv", "english", "japanese"),
    [
        (["frob"], "solotable: error: argument COMMAND: invalid choice: 'frob' (choose from",
         "solotable：エラー：引数 コマンド の値に 'frob' は指定できません（指定できる値："),
        (["rules"], "solotable rules: error: the following arguments are required: GAME",
         "solotable rules：エラー：次の引数が必要です：ゲーム名"),
        (["games", "extra"], "solotable: error: unrecognized arguments: extra",
         "solotable：エラー：解釈できない引数があります：extra"),
        (["play", TOY, "--seed"], "solotable play: error: argument --seed: expected one argument",
         "solotable play：エラー：引数 --seed の値を1つ指定してください"),
        (["play", TOY, "--seed", "x"], "solotable play: error: argument --seed: invalid int value: 'x'",
         "solotable play：エラー：引数 --seed の値 'x' が不正です（int 型の値が必要です）"),
        (["play", TOY, "--physical-dice=yes"],
         "solotable play: error: argument --physical-dice: ignored explicit argument 'yes'",
         "solotable play：エラー：引数 --physical-dice の値 'yes' は指定できません"),
    ],
)
def test_argparse_errors_in_both_languages(
    argv: list[str], english: str, japanese: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert solotable_main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: solotable") and english in err
    monkeypatch.setenv("SOLOTABLE_LANG", "ja")
    assert solotable_main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("使い方：solotable") and japanese in err
    assert not re.search(r"error|argument|invalid|expected|unrecognized|required|choose", err)


# -- hint ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hint_shows_the_best_choice_and_runners_up_without_touching_the_session(lang: str) -> None:
    session = Session("minirogue-v1", seed=3)
    while session.state.is_chance() or len(session.state.legal_actions()) < 2:
        state = session.state
        session.play(state.chance_table().sample(random.Random(1)) if state.is_chance() else state.legal_actions()[0])
    before = (list(session.record.actions), json.dumps(session.state.observation(), sort_keys=True))
    code, out, _ = play(session, ["hint 0.2", "hint nonsense", "hint 0"], lang)
    assert code == 0
    assert (list(session.record.actions), json.dumps(session.state.observation(), sort_keys=True)) == before
    words = {
        "en": ("Thinking for 0.2 s", "The bot recommends:", "estimated chance of winning", "Runners-up:", "Usage:"),
        "ja": ("0.2 秒考えています", "ボットのおすすめ：", "推定勝率", "次点の手：", "使い方：hint"),
    }[lang]
    for word in words:
        assert word in out, (word, out)
    assert out.count(cli.msg("cli.hint_usage", lang, max=cli.HINT_MAX_SECONDS)) == 2
    assert re.search(r"(recommends:|おすすめ：)\n  [0-9]+\) ", out)  # the hint panel every interface shows


def test_no_hint_when_there_is_no_decision() -> None:
    session = Session("minirogue-v1", seed=3, physical_dice=True)
    assert session.waiting_for_chance
    _, out, _ = play(session, ["hint 0.1"])
    assert cli.msg("cli.hint_none", "en") in out


# -- solotable record ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_record_command_shows_the_record_and_the_proficiency(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 20 item 11: no command showed the record (only ``review --record``, and only the
    proficiency). ``solotable record`` shows the games played, won and lost and the best scores,
    then the proficiency over the saved games; ``--counts`` leaves the review out."""
    from solotable.ui.record_db import RecordDB

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert main(["record", "--lang", lang]) == 0
    assert capsys.readouterr().out.strip() == present.msg("cli.record.none", lang)
    game = solotable.load("minirogue-v1")
    with RecordDB.open() as db:
        for seed in (7, 9):
            session = Session(game, seed=seed, autosave=tmp_path / f"g{seed}.solotable.json")
            while not session.state.is_terminal():
                session.play(session.state.legal_actions()[0])
            session.save(tmp_path / f"g{seed}.solotable.json")
            db.add_state(session.state, tmp_path / f"g{seed}.solotable.json")
    assert main(["record", "--counts", "--lang", lang]) == 0
    out = capsys.readouterr().out
    title = game.title(lang)
    assert present.msg("cli.record.head", lang) in out and title in out
    played = {"en": "played 2, won 0, lost 2", "ja": "プレイ2・勝ち0・負け2"}[lang]
    assert played in out and present.msg("cli.record.no_saves", lang) not in out
    proficiency_heading = {"en": "Proficiency", "ja": "腕前"}[lang]
    assert proficiency_heading not in out  # --counts: no review
    assert main(["record", "--budget", "4", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert played in out and proficiency_heading in out and title + ("：" if lang == "ja" else ":") in out
    assert main(["record", "--budget", "0", "--lang", lang]) == 2
    assert "--budget" in capsys.readouterr().err


def test_a_bad_option_value_names_the_option_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    """`play deepspace-d6 --dont-panic 9` answered "option 'dont_panic' cannot be '9'", a name the
    player never typed; `sim` too."""
    assert solotable_main(["play", "deepspace-d6", "--dont-panic", "9"]) == 2
    err = capsys.readouterr().err
    assert "option '--dont-panic' cannot be '9'" in err and "dont_panic" not in err
    assert solotable_main(["sim", "deepspace-d6", "--dont-panic", "9", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "option '--dont-panic' cannot be '9'" in err and "dont_panic" not in err
    assert solotable_main(["play", "jongrogue", "--forced-end-bonus", "x", "--lang", "ja"]) == 2
    assert "オプション --forced-end-bonus に 'x' は指定できません" in capsys.readouterr().err
