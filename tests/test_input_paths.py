"""Typed lines and actions from outside, in every game and mode (issue 11 item 3, issue 12): no
input ends in a traceback; what is refused is an :class:`IllegalAction` with one short line,
and the state is left as it was."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
import toygame
from untrusted_support import GAMES, chance_positions, fingerprint, offered, play_randomly, positions

from solotable.core.i18n import LocalizedError
from solotable.core.protocol import MAX_NOTATION, Action, IllegalAction
from solotable.core.session import Session
from solotable.ui.cli import LinePlayer, main

NASTY_LINES = [
    "9" * 5000,  # a typed line of 5,000 digits
    "x" * 2_000_000,  # a 2 MB line
    "-1", "p 5", "+", "p", "c", "- -", "x 5 6 3", "1 2 3 p",  # dice as typed at a Mini Rogue roll
    "中", "發", "白", "東", "中中中", "5萬", "s1",  # tiles as typed at a JongRogue draw
    "", ":", ",", "a:b:c", "roll:", "roll:7", "roll:-1", "roll:1.5", "\x00", "１", "٣", "²",
    "take:99999999999999999999", "attack:" + "9" * 5000, "\ud800",
    "@x", "@", "@core.err.over", "a\nb", "\u2028",  # '@...' was read as a message id: KeyError
]  # fmt: skip


@pytest.mark.parametrize("physical", [False, True], ids=["rolled", "physical"])
@pytest.mark.parametrize("game", GAMES)
def test_parse_action_reads_or_refuses_every_line(game: str, physical: bool) -> None:
    for session in positions(game, physical=physical):
        state = session.state
        before = fingerprint(state)
        candidates = offered(state)
        extra = [str(a) + tail for a in candidates[:4] for tail in ("x", ",", ",9", ":1", ".0", " 1")]
        for line in [*NASTY_LINES, *extra]:
            try:
                action = session.game.parse_action(state, line)
            except IllegalAction as exc:
                message = str(exc)
                assert "\n" not in message and len(message) < 2000, (line[:40], message[:200])
                continue
            assert action in candidates  # read: one of the actions offered
        assert fingerprint(state) == before


@pytest.mark.parametrize("game", GAMES)
def test_dice_and_tiles_typed_in_physical_mode_never_crash(game: str) -> None:
    """Mini Rogue 2020 dice typed as ``-1``, ``p 5``, ``+``; JongRogue dragon tiles ``中``: the
    session plays them if the game reads them, else refuses them and changes nothing."""
    seen = 0
    for session in chance_positions(game):
        seen += 1
        for line in ["-1", "p 5", "+", "中", "發", "白", "9" * 5000]:
            before = fingerprint(session.state)
            try:
                session.play(line)  # a line the game reads is played: the next lines meet the next state
            except IllegalAction as exc:
                assert "\n" not in str(exc)
                assert fingerprint(session.state) == before
    assert seen


@pytest.mark.parametrize("game", GAMES)
def test_line_mode_answers_every_nasty_line_in_one_line(game: str) -> None:
    session = play_randomly(game, 3, physical=True, steps=5)
    before = fingerprint(session.state)
    length = len(session.record.actions)
    out: list[str] = []
    lines = iter(["9" * 5000, "x" * 2_000_000, "中", "-1", "p 5", "+", "attack:" + "9" * 5000])
    said_before = 0

    def answer(prompt: str) -> str:
        nonlocal said_before
        said = out[said_before:]
        for text in said:
            assert len(text) < 4000 or "\n" in text, text[:200]  # an answer, not an echo of 2 MB
        said_before = len(out)
        line = next(lines, None)
        if line is None:
            raise EOFError
        if session.state.is_terminal() or len(session.record.actions) != length:
            raise EOFError  # a line was read as a move: enough
        return line

    assert LinePlayer(session, "en", answer, out.append).run() == 0
    if len(session.record.actions) == length:
        assert fingerprint(session.state) == before
    refusals = [t for t in out if "not legal" in t or "cannot be read" in t or "no choice" in t or "too long" in t]
    assert refusals and all(len(t) < 2500 for t in refusals)


@pytest.mark.parametrize("game", GAMES)
def test_spoofed_actions_are_refused_through_apply(game: str) -> None:
    """``Action("attack", "2")`` prints as ``attack:2`` but is not the game's ``attack:2``: the
    Python API's ``apply`` refuses it with an IllegalAction and changes nothing."""
    tried = 0
    for physical in (False, True):
        for session in positions(game, physical=physical):
            state = session.state.clone()
            legal = offered(state)
            for action in legal[:12]:
                spoofs = [
                    Action(action.name, *[str(a) for a in action.args]),
                    Action(action.name, *[a + 1 if isinstance(a, int) else a + "x" for a in action.args]),
                    Action(action.name, *action.args, 1),
                    Action(action.name, *[-1 for _ in action.args]),
                    Action(action.name, *[10**30 for _ in action.args]),
                    Action(action.name, *[float(a) if isinstance(a, int) else a for a in action.args]),  # type: ignore[arg-type]
                    Action(action.name + "x", *action.args),
                ]
                for spoof in spoofs:
                    if spoof in legal:
                        continue
                    before = fingerprint(state)
                    with pytest.raises(IllegalAction):
                        state.apply(spoof)
                    assert fingerprint(state) == before
                    tried += 1
    assert tried > 50


def test_error_messages_stay_on_one_line_whatever_they_quote() -> None:
    state = toygame.GAME.new_state(seed=1)
    for text in ("a\nb", "@x", "\x1b[2J", "x" * 100_000):
        with pytest.raises(IllegalAction) as err:
            state.apply(Action(text))
        assert "\n" not in str(err.value) and "\x1b" not in str(err.value) and len(str(err.value)) < 1200


def test_the_engine_refuses_what_is_no_action() -> None:
    state = toygame.GAME.new_state(seed=1)
    before = fingerprint(state)
    for thing in (None, "roll", 1, [1], {"a": 1}, Action("roll", "x"), b"roll"):
        with pytest.raises(IllegalAction):
            state.apply(thing)  # type: ignore[arg-type]
    assert fingerprint(state) == before
    session = Session(toygame.GAME, seed=1)
    for thing in (None, 1, [1], b"roll"):
        with pytest.raises(IllegalAction, match="is not an action"):
            session.play(thing)  # type: ignore[arg-type]


def test_a_notation_past_the_limit_is_refused_before_the_game_reads_it() -> None:
    state = toygame.GAME.new_state(seed=1)
    with pytest.raises(IllegalAction, match="too long") as err:
        toygame.GAME.parse_action(state, "r" * (MAX_NOTATION + 1))
    assert len(str(err.value)) < 200


def test_a_game_whose_parsing_slips_gives_an_illegal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    def slips(state: object, text: str) -> str:
        return text[text.index("@") :]  # ValueError: substring not found

    monkeypatch.setattr(toygame.GAME, "normalize_notation", slips)
    state = toygame.GAME.new_state(seed=1)
    with pytest.raises(IllegalAction, match="cannot be read") as err:
        toygame.GAME.parse_action(state, "p 5")
    assert isinstance(err.value.__cause__, ValueError)

    def own_error(state: object, text: str) -> str:
        raise LocalizedError("core.err.not_chance")

    monkeypatch.setattr(toygame.GAME, "normalize_notation", own_error)
    with pytest.raises(IllegalAction, match="not a roll or a reveal"):
        toygame.GAME.parse_action(state, "中")


def test_save_in_a_missing_folder_is_a_one_line_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", toygame.GAME.id, "--save", str(tmp_path / "nodir" / "x.json"), "--plain"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nodir" in err and "Traceback" not in err


def test_a_seed_of_5000_digits_is_a_short_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", toygame.GAME.id, "--seed", "7" * 5000, "--plain"]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "at most 18 digits" in err and len(err) < 200


def test_save_to_a_name_no_system_takes_is_a_one_line_answer(tmp_path: Path) -> None:
    session = Session(toygame.GAME, seed=1)
    out: list[str] = []
    player = LinePlayer(session, "en", lambda prompt: "", out.append)
    for line in ("save bad\x00name.json", "save " + str(tmp_path / "nodir" / "x.json"), "save " + "n" * 5000):
        player.handle(line)
    said = [t for t in out if "cannot" in t.lower() or "could not" in t.lower()]
    assert len(said) == 3 and all("\n" not in t and len(t) < 600 for t in said), said


def test_a_huge_line_is_answered_without_being_read(monkeypatch: pytest.MonkeyPatch) -> None:
    import unicodedata

    session = Session(toygame.GAME, seed=1)
    out: list[str] = []
    player = LinePlayer(session, "en", lambda prompt: "", out.append)
    seen: list[int] = []
    real = unicodedata.normalize
    monkeypatch.setattr(unicodedata, "normalize", lambda form, text: seen.append(len(text)) or real(form, text))
    player.handle("r" * 20_000_000)  # a 20 MB line (200 MB alike): not folded, not split, not parsed
    assert seen == [] and len(out) == 1 and "too long" in out[0] and len(out[0]) < 200
