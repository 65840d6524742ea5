"""A new game is one folder plus its registration (issue 19, DESIGN.md): the toy game as a folder of
its own (``tests/toy_folder``: the toy's rules, a ``board.py`` and a ``features.py``, found by their
names), registered here and nowhere else, plays through the line player, the full-screen terminal (a Textual pilot),
the web table (over HTTP) and the Gymnasium environment to its end, and no file of the package
names it."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import toy_folder

from solotable.core import registry
from solotable.core.record import parse_record
from solotable.core.session import Session

ROOT = Path(__file__).resolve().parents[1]
GAME = toy_folder.GAME
ID = GAME.id


@pytest.fixture
def registered() -> Iterator[str]:
    """The registration: the one line a new game adds outside its folder (here, for this test only)."""
    registry.register(GAME)
    yield ID
    del registry._loaded[ID]


def test_nothing_outside_the_folder_names_the_game() -> None:
    named = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "solotable").rglob("*"))
        if path.is_file() and path.suffix in (".py", ".toml", ".json", ".md", ".js", ".css", ".html")
        and ("toy-pig-folder" in (text := path.read_text(encoding="utf-8")) or "toy_folder" in text)
    ]
    assert named == []


def test_its_files_are_found_by_their_names(registered: str) -> None:
    state = GAME.new_state(seed=1)
    board = GAME.board_actions(state)  # board.py
    assert [e.key for e in board.elements] == ["die:1"] and [str(a) for a in board.free] == ["hold"]
    features = GAME.features()  # features.py
    assert features is not None and features.catalogue == ("roll", "hold")
    assert GAME.tui_board() is None and GAME.web_board() is None  # no tui.py, web.py: the generic boards


GYM_PLAY = """
import random, sys
sys.path.insert(0, sys.argv[1])
from solotable.core.registry import register
import toy_folder
register(toy_folder.GAME)  # the registration, before the environments are made
import gymnasium as gym
import solotable.rl
assert "solotable/toy-pig-folder-v0" in solotable.rl.ENV_IDS
env = gym.make("solotable/toy-pig-folder-v0", illegal_action="raise")
won = 0
for seed in range(20):
    obs, info = env.reset(seed=seed)
    rng = random.Random(seed)
    done = False
    while not done:
        assert env.observation_space.contains(obs)
        legal = {str(a) for a in env.unwrapped.state.legal_actions()}
        masked = [int(i) for i in info["action_mask"].nonzero()[0]]
        assert {env.unwrapped.catalogue[i] for i in masked} == legal
        obs, reward, terminated, truncated, info = env.step(rng.choice(masked))
        done = terminated or truncated
    assert terminated and env.unwrapped.state.is_terminal()
    won += bool(info.get("won"))
print(won)
"""


def test_the_gymnasium_env_plays_it_to_its_end() -> None:
    """In a process of its own (the environments are registered for the games known when
    ``solotable.rl`` is imported): the registration, then ``import solotable.rl``, and the game has
    its environment, which random play takes through whole games."""
    pytest.importorskip("gymnasium")
    done = subprocess.run([sys.executable, "-c", GYM_PLAY, str(ROOT / "tests")], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert 0 < int(done.stdout) < 20  # random play wins some games and loses others


def test_the_web_table_plays_it_to_its_end(registered: str, tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from solotable.ui.web.app import create_app

    c = TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}"))
    assert f'value="{ID}"' in c.get("/?lang=en").text  # offered on the home page
    r = c.post("/api/tables", json={"game": ID, "options": {"target": 10}, "seed": 4, "practice": True})
    assert r.status_code == 201, r.text
    table, token = r.json()["table"], r.json()["tokens"][0]
    v = c.get(f"/api/t/{table}", headers={"X-Seat-Token": token}).json()
    rng = random.Random(4)
    moves = 0
    while not v["over"]:
        assert v["board"] and v["actions"], v
        pick = rng.choice(v["actions"])
        r = c.post(f"/api/t/{table}/move", headers={"X-Seat-Token": token},
                   json={"action": pick["n"], "version": v["version"]})  # fmt: skip
        assert r.status_code == 200, r.text
        v = r.json()
        moves += 1
    assert moves >= 2
    r = c.get(f"/api/t/{table}/record", headers={"X-Seat-Token": token})
    assert r.status_code == 200
    record = parse_record(r.text)
    assert record.game == ID and record.replay().is_terminal()


def test_the_full_screen_terminal_plays_it_to_its_end(registered: str, tmp_path: Path) -> None:
    pytest.importorskip("textual")
    from ui_tui.drive import game_screen, play_by_keys, run_async

    from solotable.agents.registry import make_agent
    from solotable.ui.record_db import RecordDB
    from solotable.ui.tui.app import SoloTableApp

    data = tmp_path / "data"
    data.mkdir()

    @run_async
    async def play() -> None:
        session = Session(ID, seed=2, autosave=data / "game.solotable.json")
        app = SoloTableApp(session=session, data=data)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            moves = await play_by_keys(app, pilot, make_agent("random", ID), random.Random(2))
            assert moves >= 2 and game_screen(app).session.state.is_terminal()
        with RecordDB.open(data / "record.sqlite3") as db:
            assert [(r.game, r.played) for r in db.summary()] == [(ID, 1)]

    play()


def test_the_line_player_plays_it_to_its_end(
    registered: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from solotable.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("SOLOTABLE_LANG", raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO("roll\nhold\n" * 4 + "hold\n" * 4))
    save = tmp_path / "pig.json"
    assert main(["play", ID, "--seed", "3", "--target", "15", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Game over. You" in out
    record = parse_record(save.read_text(encoding="utf-8"))
    assert record.game == ID and record.options["target"] == 15 and record.replay().is_terminal()
