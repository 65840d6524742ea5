"""`solotable play` opens the full-screen interface on a terminal, keeps line mode with
``--plain`` or without a terminal (piped input: the line-mode tests and README examples)."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest

from solotable.core.session import Session
from solotable.ui import cli
from solotable.ui.tui import app as tui_app


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    seen: list[tuple[str, Any]] = []
    monkeypatch.setattr(tui_app, "run_home", lambda lang="en": seen.append(("home", lang)) or 0)

    def run_session(session: Session, lang: str = "en", *, resumed: bool = False) -> int:
        seen.append(("session", (session.game.id, session.seed, lang, resumed)))
        return 0

    monkeypatch.setattr(tui_app, "run_session", run_session)
    return seen


def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", FakeTTY())
    monkeypatch.setattr(sys, "stdout", FakeTTY())


def test_play_without_a_game_opens_the_home_screen(monkeypatch: pytest.MonkeyPatch, calls: list[Any]) -> None:
    terminal(monkeypatch)
    assert cli.main(["play", "--lang", "ja"]) == 0
    assert calls == [("home", "ja")]


def test_play_a_game_goes_straight_to_it(monkeypatch: pytest.MonkeyPatch, calls: list[Any], data_dir: Path) -> None:
    terminal(monkeypatch)
    assert cli.main(["play", "minirogue", "--seed", "5", "--partner", "mage"]) == 0
    assert calls == [("session", ("minirogue", 5, "en", False))]
    assert len(list((data_dir / "saves").glob("*.solotable.json"))) == 1  # autosaved like line mode


def test_resume_on_a_terminal_opens_the_game(monkeypatch: pytest.MonkeyPatch, calls: list[Any],
                                             tmp_path: Path) -> None:  # fmt: skip
    path = tmp_path / "g.solotable.json"
    Session("minirogue-v1", seed=3).save(path)
    terminal(monkeypatch)
    assert cli.main(["resume", str(path)]) == 0
    assert calls == [("session", ("minirogue-v1", 3, "en", True))]


def test_plain_keeps_line_mode(monkeypatch: pytest.MonkeyPatch, calls: list[Any]) -> None:
    monkeypatch.setattr(sys, "stdin", FakeTTY("q\n"))
    out = FakeTTY()
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["play", "minirogue-v1", "--seed", "1", "--plain"]) == 0
    assert calls == []
    assert "=== Mini Rogue (print-and-play v1.2.1) ===" in out.getvalue()
    assert cli.main(["play", "--plain"]) == 2  # no game named: the line-mode error, as before
    assert calls == []


def test_piped_input_keeps_line_mode(monkeypatch: pytest.MonkeyPatch, calls: list[Any],
                                     capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert cli.main(["play", "minirogue-v1", "--seed", "1"]) == 0
    assert calls == []
    assert "=== Mini Rogue (print-and-play v1.2.1) ===" in capsys.readouterr().out
    assert not cli.full_screen(False)
