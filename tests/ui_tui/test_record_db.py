"""The record database: created on first use, one transaction per write, a crash mid-write
leaves the earlier records whole, a damaged file is reported and set aside (never lost), and
line-mode games write to the same record."""

from __future__ import annotations

import io
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from solotable.core.session import Session
from solotable.ui.cli import main
from solotable.ui.record_db import RecordDB, default_path, describe_options


def test_created_on_first_use_in_the_data_dir(data_dir: Path) -> None:
    assert default_path() == data_dir / "record.sqlite3"
    assert not default_path().exists()
    with RecordDB.open() as db:
        assert db.notice is None
        assert db.count() == 0
    assert default_path().exists()


def test_summary_per_game_difficulty_and_character(tmp_path: Path) -> None:
    with RecordDB.open(tmp_path / "r.sqlite3") as db:
        db.add("minirogue", {"character": "rogue", "partner": "none", "difficulty": "hard"}, won=True, score=None,
               save_file="a")  # fmt: skip
        db.add("minirogue", {"character": "rogue", "partner": "none", "difficulty": "hard"}, won=False, score=None,
               save_file="b")  # fmt: skip
        db.add("minirogue-v1", {"difficulty": "normal", "keys": False}, won=False, score=31, save_file="c")
        db.add("minirogue-v1", {"difficulty": "normal", "keys": False}, won=True, score=77, save_file="d")
        assert not db.add("minirogue-v1", {"difficulty": "normal"}, won=True, score=99, save_file="d")  # once
        rows = {(r.game, r.difficulty, r.character): r for r in db.summary()}
    mr = rows[("minirogue", "hard", "rogue")]
    assert (mr.played, mr.won, mr.lost, mr.best) == (2, 1, 1, None)
    v1 = rows[("minirogue-v1", "normal", "")]
    assert (v1.played, v1.won, v1.lost, v1.best) == (2, 1, 1, 77)


def test_options_grouping() -> None:
    assert describe_options("minirogue", {"character": "mage", "partner": "rogue", "difficulty": "normal"}) == (
        "normal", "mage+rogue", "")
    assert describe_options("jongrogue", {"rules": "ez-plus"}) == ("", "", "ez-plus")


def test_options_grouping_is_what_each_game_declares(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game the record never heard of groups by its own options' declarations (``Option.record``),
    whatever their names; a game no longer known groups nothing."""
    import toygame

    from solotable.core import registry
    from solotable.core.protocol import Option
    from solotable.ui.present import setup_words

    class Declared(toygame.PigGame):
        id = "record-test"
        option_specs = (
            Option("target", (10, 15), 10),  # not grouped
            Option("pace", ("calm", "wild"), "calm", record="difficulty"),
            Option("hero", ("ann", "bob"), "ann", record="character"),
            Option("sidekick", ("nobody", "ann", "bob"), "nobody", record="character"),
            Option("deck", ("short", "long"), "long", record="variant"),
            Option("mirror", (False, True), False, record="variant"),
        )

    game = Declared()
    monkeypatch.setitem(registry._loaded, game.id, game)
    options = {"target": 15, "pace": "wild", "hero": "bob", "sidekick": "nobody", "deck": "short", "mirror": True}
    assert describe_options(game.id, options) == ("wild", "bob", "short,mirror")
    assert describe_options(game.id, {**options, "sidekick": "ann", "mirror": False}) == ("wild", "bob+ann", "short")
    assert describe_options("no-such-game", options) == ("", "", "")
    assert setup_words(game, "wild", "bob+ann", "short,mirror", "en") == "wild, bob+ann, short, mirror"


def test_an_error_inside_the_transaction_keeps_earlier_records(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    with RecordDB.open(path) as db:
        db.add("minirogue-v1", {"difficulty": "normal"}, won=False, score=10, save_file="one")
        with pytest.raises(RuntimeError), db.transaction() as conn:
            conn.execute("INSERT INTO games (game, won, finished_at) VALUES ('minirogue-v1', 1, 'now')")
            raise RuntimeError("crash in the middle of a write")
        assert db.count() == 1
    with RecordDB.open(path) as db:
        assert db.notice is None and db.count() == 1


CRASHER = textwrap.dedent(
    """
    import sys, time
    from solotable.ui.record_db import RecordDB
    db = RecordDB.open(sys.argv[1])
    db.add("minirogue-v1", {"difficulty": "normal"}, won=False, score=11, save_file="first")
    db.add("minirogue-v1", {"difficulty": "hard"}, won=True, score=55, save_file="second")
    with db.transaction() as conn:
        for i in range(200):
            conn.execute("INSERT INTO games (game, won, finished_at) VALUES ('minirogue-v1', 1, 'now')")
        print("inside", flush=True)
        time.sleep(60)
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_process_killed_mid_write_leaves_earlier_records_whole(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    proc = subprocess.Popen([sys.executable, "-c", CRASHER, str(path)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "inside"  # the transaction is open, half written
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    with RecordDB.open(path) as db:
        assert db.notice is None  # not damaged: the half-written transaction is simply gone
        assert db.count() == 2
        assert sorted((r.difficulty, r.best) for r in db.summary()) == [("hard", 55), ("normal", 11)]
    assert not list(tmp_path.glob("*.damaged-*"))


def test_a_damaged_file_is_reported_and_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    garbage = b"this is not an SQLite database, it was damaged" * 100
    path.write_bytes(garbage)
    with RecordDB.open(path) as db:
        assert db.notice is not None
        assert db.notice.moved_to.name.startswith("record.sqlite3.damaged-")
        assert db.notice.moved_to.read_bytes() == garbage  # never silently lost
        assert db.count() == 0
        db.add("minirogue-v1", {}, won=True, score=1, save_file="x")
    with RecordDB.open(path) as db:
        assert db.notice is None and db.count() == 1


def test_a_truncated_database_is_reported_and_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    with RecordDB.open(path) as db:
        for i in range(50):
            db.add("minirogue-v1", {}, won=False, score=i, save_file=str(i))
        db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\x00" * 50 + data[150:])  # a broken header
    with RecordDB.open(path) as db:
        assert db.notice is not None
        assert db.count() == 0
    assert db.notice.moved_to.exists()


def test_a_foreign_table_is_not_taken_for_ours(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE games (x TEXT)")
    conn.commit()
    conn.close()
    with RecordDB.open(path) as db:
        assert db.notice is not None and db.count() == 0


def test_line_mode_games_write_to_the_same_record(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    # play minirogue-v1 to the end with the first choice every time, piped: line mode
    session = Session("minirogue-v1", seed=7)
    moves = 0
    while not session.state.is_terminal():
        session.play(session.state.legal_actions()[0])
        moves += 1
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * moves))
    assert main(["play", "minirogue-v1", "--seed", "7"]) == 0
    with RecordDB.open() as db:
        rows = db.summary()
        assert [(r.game, r.played, r.won) for r in rows] == [("minirogue-v1", 1, 0)]
        assert rows[0].best == session.state.result().score
    save = next((data_dir / "saves").glob("*.solotable.json"))
    assert main(["resume", str(save)]) == 0  # a finished game resumed is not counted twice
    with RecordDB.open() as db:
        assert db.count() == 1


def test_line_mode_reports_a_damaged_record(monkeypatch: pytest.MonkeyPatch, data_dir: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    data_dir.mkdir(parents=True)
    (data_dir / "record.sqlite3").write_bytes(b"garbage" * 200)
    session = Session("minirogue-v1", seed=7)
    moves = 0
    while not session.state.is_terminal():
        session.play(session.state.legal_actions()[0])
        moves += 1
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * moves))
    assert main(["play", "minirogue-v1", "--seed", "7"]) == 0
    err = capsys.readouterr().err
    assert "damaged" in err and "record.sqlite3.damaged-" in err
    assert len(list(data_dir.glob("record.sqlite3.damaged-*"))) == 1
