"""Faults found at a real table (issue 20 items 15-18): each ends in a sentence, never a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from solotable.core.i18n import explain, message
from solotable.core.untrusted import UntrustedError, parse_toml
from solotable.ui.cli import main as ui_main
from solotable.ui.web.cli import main as web_main


@pytest.mark.parametrize("port", ["99999", "0", "-1", "http"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_web_port_out_of_range_is_one_sentence(port: str, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert web_main(["--port", port, "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) <= 8  # argparse's usage, then the sentence
    assert "65535" in err.strip().splitlines()[-1]


def test_sim_ray_that_cannot_start_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ray = pytest.importorskip("ray")

    def refuse(*args: object, **kwargs: object) -> None:
        raise ConnectionError("Could not find any running Ray instance.\nPlease specify the one to connect to.")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refuse)
    from solotable.sim.cli import main as sim_main

    assert sim_main(["minirogue-v1", "--games", "2", "--backend", "ray"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "Could not find any running Ray instance." in err


def _cards_file(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    return ["play", "minirogue", "--character", "rogue", "--plain", "--cards", str(path), "--seed", "1"]


def test_a_deep_dotted_key_is_refused_before_parsing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """100,000 levels of a dotted key: tomllib would build every prefix (gigabytes); refused by
    its depth, on one line, at once (the text is bounded before it is parsed)."""
    with pytest.raises(UntrustedError) as err:
        parse_toml("a" + ".a" * 100_000 + " = 1\n", "cards.toml")
    assert err.value.key == "core.untrusted.too_deep"
    with pytest.raises(UntrustedError):
        parse_toml("[" + ".".join(["t"] * 200) + "]\nx = 1\n", "cards.toml")
    assert parse_toml("x = [1.5, 2.5, 3.5]\n[a.b.c]\ny = 0.25\n", "cards.toml") == {
        "x": [1.5, 2.5, 3.5], "a": {"b": {"c": {"y": 0.25}}}}  # fmt: skip
    assert ui_main(_cards_file(tmp_path, "a" + ".a" * 100_000 + " = 1\n")) == 2
    err_text = capsys.readouterr().err
    assert "Traceback" not in err_text and len(err_text.strip().splitlines()) == 1


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_comment_only_card_file_is_refused_as_empty(tmp_path: Path, lang: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    assert ui_main([*_cards_file(tmp_path, "# my corrections, none yet\n\n"), "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert message("mr.err.cards_name", lang, value="x")[:12] not in err
    assert message("mr.err.cards_empty", lang, file="cards.toml")[-20:] in err


LOCK_HOLDER = """
import sys, time
from solotable.core.session import Session
s = Session.resume(sys.argv[1])
print("open", flush=True)
time.sleep(60)
"""


def test_a_save_open_in_another_process_is_not_played_twice(tmp_path: Path) -> None:
    """Two processes resuming one save: the second is told the game is open elsewhere, and the
    first one's game is whole; once the first process is gone (even killed), it opens again."""
    import subprocess
    import sys

    from solotable.core.session import SaveInUse, Session

    save = tmp_path / "game.json"
    first = Session("minirogue-v1", seed=3, autosave=save)
    first.play(first.state.legal_actions()[0])
    moves = len(first.record.actions)
    first.close()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    holder = subprocess.Popen([sys.executable, "-c", LOCK_HOLDER, str(save)], stdout=subprocess.PIPE, text=True,
                              env=env)  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        with pytest.raises(SaveInUse) as err:
            Session.resume(save)
        assert str(save) in explain(err.value, "en")
    finally:
        holder.kill()
        holder.wait()
    again = Session.resume(save)  # the killed holder's lock went with it
    assert len(again.record.actions) == moves


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_sim_workers_end_when_their_parent_is_killed(tmp_path: Path) -> None:
    """``kill -9`` of a ``sim --jobs 2`` parent runs no clean-up: its workers see it gone and end."""
    import signal
    import subprocess
    import sys
    import time

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    command = [sys.executable, "-m", "solotable", "sim", "minirogue-v1", "--games", "500000", "--jobs", "2"]
    parent = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        workers: list[int] = []
        for _ in range(200):
            workers = _children(parent.pid)
            if len(workers) >= 2:
                break
            time.sleep(0.1)
        assert len(workers) >= 2
        time.sleep(1.0)  # the workers are running their games
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    alive = workers
    for _ in range(100):
        alive = [w for w in alive if Path(f"/proc/{w}").exists() and "Z" not in _state(w)]
        if not alive:
            break
        time.sleep(0.1)
    for w in alive:
        os.kill(w, signal.SIGKILL)
    assert not alive


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_terminal_that_is_not_utf8_degrades(encoding: str, tmp_path: Path) -> None:
    """Line mode and ``rules`` on a terminal that cannot show 萬 or かな: ``?`` instead, no traceback."""
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent), "PYTHONIOENCODING": encoding,
           "XDG_DATA_HOME": str(tmp_path)}  # fmt: skip
    for args, typed in ((["play", "jongrogue", "--plain", "--seed", "1", "--lang", "ja"], "quit\n"),
                        (["rules", "jongrogue", "--lang", "ja"], "")):  # fmt: skip
        done = subprocess.run([sys.executable, "-m", "solotable", *args], input=typed.encode(), capture_output=True,
                              env=env, timeout=120)  # fmt: skip
        assert done.returncode == 0, done.stderr.decode(encoding, "replace")[-300:]
        assert b"Traceback" not in done.stderr and b"?" in done.stdout


def test_sim_plays_the_games_own_bot_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 20 item 9: ``sim jongrogue`` with no --agent played random moves, which end every
    game by the forced end; the default is the game's own bot."""
    from solotable.sim.cli import main as sim_main

    assert sim_main(["jongrogue", "--games", "6", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    agent_line = next(line for line in out.splitlines() if line.startswith("agent"))
    assert agent_line.split()[1] == "heuristic"
    assert "forced end" not in out or "100.00%" not in next(line for line in out.splitlines() if "forced end" in line)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_mini_rogue_v1_dice_legend_names_only_the_marks_shown(lang: str) -> None:
    """Issue 20 item 9: "feat used" was in the dice line of every fight, feat or no feat."""
    import random

    from solotable.core.registry import load
    from solotable.core.session import Session

    load("minirogue-v1")  # its messages
    feat = message("mr1.view.mark_feat", lang)
    lines = 0
    for seed in range(1, 6):
        s = Session("minirogue-v1", seed=seed)
        rng = random.Random(seed)
        while not s.state.is_terminal():
            for line in s.game.render_text(s.state, lang).splitlines():
                if line.startswith(message("mr1.view.dice", lang, dice="", total=0, legend="")[:3]):
                    lines += 1
                    assert (feat in line) == ("ᶠ" in line.split("(")[0].split("（")[0])
            s.play(rng.choice(s.state.legal_actions()))
    assert lines > 0


def test_resume_and_replay_keep_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Issue 20 item 11: a game played in Japanese resumes and replays in Japanese unless --lang says."""
    import io

    monkeypatch.delenv("SOLOTABLE_LANG", raising=False)
    save = tmp_path / "g.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert ui_main(["play", "minirogue-v1", "--plain", "--seed", "2", "--lang", "ja", "--save", str(save)]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert ui_main(["resume", str(save), "--plain"]) == 0
    out = capsys.readouterr().out
    assert "ダイス" in out or "部屋" in out or "カード" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert ui_main(["resume", str(save), "--plain", "--lang", "en"]) == 0
    assert "Type the number" in capsys.readouterr().out
    assert ui_main(["replay", str(save)]) == 0
    assert any("\u3040" <= ch <= "\u30ff" for ch in capsys.readouterr().out)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [60, 100, 200])
def test_help_tables_read_as_tables(lang: str, width: int) -> None:
    """Issue 20 item 5: the potion, scroll, ring and monster tables of ``help`` and ``rules``
    were Markdown rows run together; now columns (or, too wide, one block a row), in the width."""
    from solotable.core.i18n import display_width
    from solotable.core.registry import load
    from solotable.ui.cli import help_page

    for game in ("jongrogue", "minirogue", "minirogue-v1", "deepspace-d6"):
        text = help_page(load(game), lang, width)
        assert "| " not in text and "|---" not in text
    text = help_page(load("jongrogue"), lang, width)  # its tables are Markdown tables: in the width
    assert all(display_width(line) <= width for line in text.splitlines())
    assert "1索" in text
