"""Processes killed with -9 (issue 12): an autosave killed mid-write leaves the save whole and
its temporary file is removed at the next start; a game that ended just before the kill is
still counted in the player's record; a dead simulator worker loses no result."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import toygame

from solotable.core import record as record_module
from solotable.core.record import atomic_write_text, load_record, remove_stale_temps
from solotable.core.session import Session
from solotable.sim import runner
from solotable.sim.runner import WorkerLost, simulate
from solotable.ui.cli import main
from solotable.ui.record_db import RecordDB

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL and flock")

TESTS = str(Path(__file__).resolve().parent)


def _child(code: str, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([TESTS, os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args], stdout=subprocess.PIPE, text=True, env=env
    )


AUTOSAVER = """
    import sys
    import toygame
    from solotable.core.record import atomic_write_text
    from solotable.core.session import Session

    session = Session(toygame.GAME.id, seed=5)
    session.play("roll")
    small = session.record.dumps()
    big = small + " " * 3_000_000  # JSON allows the spaces: a slow write of a good record
    print("writing", flush=True)
    while True:
        atomic_write_text(sys.argv[1], big)
        atomic_write_text(sys.argv[1], small)
"""


def test_an_autosave_killed_mid_write_leaves_the_save_whole_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(record_module, "STALE_TEMP_SECONDS", 0.0)  # no waiting in a test
    path = tmp_path / "game.solotable.json"
    left = 0
    for trial in range(8):
        proc = _child(AUTOSAVER, str(path))
        assert proc.stdout is not None and proc.stdout.readline().strip() == "writing"
        time.sleep(0.05 + 0.03 * trial)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        temps = list(tmp_path.glob(".*.tmp"))
        left += bool(temps)
        assert load_record(path).actions[:1] == ["roll"]  # the old or the new record, whole
        session = Session.resume(path)  # the next start on this save cleans up
        assert session.record.actions[:1] == ["roll"]
        assert not list(tmp_path.glob(".*.tmp"))
    assert left  # the kills did land in the middle of writes


def test_a_temporary_file_being_written_is_never_taken_for_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fcntl

    monkeypatch.setattr(record_module, "STALE_TEMP_SECONDS", 0.0)
    target = tmp_path / "x.solotable.json"
    live = tmp_path / ".x.solotable.json.abcd1234.tmp"
    dead = tmp_path / ".x.solotable.json.efgh5678.tmp"
    live.write_text("half", encoding="utf-8")
    dead.write_text("half", encoding="utf-8")
    fd = os.open(live, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # its writer is alive: it holds the lock
        assert remove_stale_temps(target) == [dead]
        assert live.exists()
        assert remove_stale_temps(tmp_path, every=True) == []
    finally:
        os.close(fd)
    assert remove_stale_temps(tmp_path, every=True) == [live]
    monkeypatch.setattr(record_module, "STALE_TEMP_SECONDS", 3600.0)
    young = tmp_path / ".x.solotable.json.young000.tmp"
    young.write_text("just made", encoding="utf-8")  # made a moment ago, not locked yet: kept
    assert remove_stale_temps(target) == []
    atomic_write_text(target, "whole")
    assert target.read_text(encoding="utf-8") == "whole" and young.exists()


KILLED_AT_THE_END = """
    import io, os, signal, sys
    import toygame
    from solotable.ui import cli

    def die(session, lang):  # killed between the game's last autosave and its record row
        os.kill(os.getpid(), signal.SIGKILL)

    cli.record_result = die
    sys.stdin = io.StringIO("hold\\n" * 10)
    cli.main(["play", toygame.GAME.id, "--seed", "3", "--save", sys.argv[1], "--plain"])
"""


def test_a_game_killed_just_after_its_end_is_counted_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    save = tmp_path / "game.solotable.json"
    proc = _child(KILLED_AT_THE_END, str(save))
    proc.communicate(timeout=120)
    assert proc.returncode == -signal.SIGKILL
    assert load_record(save).check().is_terminal()  # the save says the game is over...
    db_path = tmp_path / "data" / "solotable" / "record.sqlite3"
    with RecordDB.open(db_path, recover=False) as db:
        assert db.count() == 0  # ...and no row was written
        assert db.open_games() == [str(save)]
    with RecordDB.open(db_path) as db:  # the next start
        assert db.recovered == 1 and db.count() == 1 and db.open_games() == []
        assert [(r.game, r.played) for r in db.summary()] == [(toygame.GAME.id, 1)]
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["resume", str(save), "--plain"]) == 0  # resumed again: not counted twice
    with RecordDB.open(db_path) as db:
        assert db.count() == 1


def test_a_deleted_open_game_is_forgotten_and_an_unchanged_one_not_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db_path = tmp_path / "record.sqlite3"
    save = tmp_path / "a.solotable.json"
    session = Session(toygame.GAME, seed=2, autosave=save)
    gone = tmp_path / "gone.solotable.json"
    with RecordDB.open(db_path) as db:
        db.open_game(save)
        db.open_game(gone)
        dead = subprocess.Popen([sys.executable, "-c", "pass"])
        dead.wait()  # the games were noted by a process that has died since
        db.conn.execute("UPDATE open_games SET pid = ?", (dead.pid,))
    reads = 0

    def counting_load(path: Path) -> object:
        nonlocal reads
        reads += 1
        return load_record(path)

    monkeypatch.setattr("solotable.core.record.load_record", counting_load)
    with RecordDB.open(db_path) as db:
        assert db.open_games() == [str(save)] and reads == 1
    with RecordDB.open(db_path) as db:
        assert reads == 1  # unchanged since: not replayed at every start
    while not session.state.is_terminal():
        session.play("hold")
    with RecordDB.open(db_path) as db:
        assert reads == 2 and db.count() == 1 and db.open_games() == []


def test_a_game_at_its_end_in_a_live_process_is_left_to_it(tmp_path: Path) -> None:
    """The player may yet take the end back: another process opening the record meanwhile does
    not count the game (the live process counts it when the player leaves)."""
    db_path = tmp_path / "record.sqlite3"
    save = tmp_path / "a.solotable.json"
    session = Session(toygame.GAME, seed=2, autosave=save)
    with RecordDB.open(db_path) as db:
        db.open_game(save)
    while not session.state.is_terminal():
        session.play("hold")
    with RecordDB.open(db_path) as db:  # this process is alive: its game is not taken from it
        assert db.count() == 0 and db.open_games() == [str(save)]


# -- the simulator -------------------------------------------------------------------------------

KILL_MARK = "SOLOTABLE_TEST_KILL_MARK"


def _dying_batch(batch: runner._Batch, progress: runner.Progress | None = None) -> runner.SimStats:
    """A batch that kills its worker process with -9 while a mark file exists (the first time
    only, or every time with ``always`` in the mark)."""
    mark = Path(os.environ[KILL_MARK])
    if batch.start == runner.BATCH_SIZE and mark.exists():
        if mark.read_text() != "always":
            mark.unlink()
        os.kill(os.getpid(), signal.SIGKILL)
    return _REAL_BATCH(batch, progress)


_REAL_BATCH = runner._run_batch


def test_a_killed_simulator_worker_is_replaced_and_no_result_is_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = 4 * runner.BATCH_SIZE
    alone = simulate(toygame.GAME.id, "random", games, jobs=1, seed=11)
    mark = tmp_path / "kill"
    mark.write_text("once")
    monkeypatch.setenv(KILL_MARK, str(mark))
    monkeypatch.setattr(runner, "_run_batch", _dying_batch)
    together = simulate(toygame.GAME.id, "random", games, jobs=2, seed=11)
    assert not mark.exists()  # a worker did die
    assert together.to_json() == alone.to_json()


def test_workers_that_keep_dying_stop_the_run_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mark = tmp_path / "kill"
    mark.write_text("always")
    monkeypatch.setenv(KILL_MARK, str(mark))
    monkeypatch.setattr(runner, "_run_batch", _dying_batch)
    with pytest.raises(WorkerLost) as err:
        simulate(toygame.GAME.id, "random", 4 * runner.BATCH_SIZE, jobs=2, seed=11)
    message = str(err.value)
    assert "\n" not in message and "games had finished" in message
    assert f"died {runner.MAX_POOL_RESTARTS + 1} times" in message
    partial = err.value.partial  # what had finished (the batch before the deadly one, if it was done)
    assert partial.games in (0, runner.BATCH_SIZE) and f"{partial.games:,} games had finished" in message
