"""The record database under contention and damage (issue 12): "database is locked" is
contention, never damage; several processes creating and writing at once lose no row and set
no file aside; a lock held past the busy timeout is waited out; only real damage sets a file
aside, and then every row that can be read is copied into the new database."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from solotable.ui.record_db import RecordBusy, RecordDB, is_busy, is_damage

WRITER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from solotable.ui.record_db import RecordDB
    path, name, start, count, busy = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
    while time.time() < start:  # every writer starts at the same moment, the database not yet made
        time.sleep(0.001)
    for i in range(count):
        with RecordDB.open(path, busy_timeout=busy) as db:
            save = f"/saves/{name}-{i}.json"
            db.open_game(save)
            db.add("minirogue-v1", {"difficulty": "normal"}, won=i % 2 == 0, score=i, save_file=save)
            assert db.notice is None, db.notice
    print("done", flush=True)
    """
)

HOLDER = textwrap.dedent(
    """
    import sqlite3, sys, time
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN EXCLUSIVE")
    conn.execute("INSERT INTO games (game, won, finished_at, save_file)"
                 " VALUES ('minirogue-v1', 1, 'now', '/saves/holder')")
    print("holding", flush=True)
    time.sleep(float(sys.argv[2]))
    conn.execute("COMMIT")
    print("released", flush=True)
    """
)


def _run(code: str, *args: object) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", code, *map(str, args)], stdout=subprocess.PIPE, text=True)


def test_processes_creating_and_writing_at_once_lose_no_row(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    start = time.time() + 3.0  # after every process has imported solotable
    writers = [_run(WRITER, path, f"w{n}", start, 6, 0.2) for n in range(5)]  # a short busy timeout: retries
    for proc in writers:
        out, _ = proc.communicate(timeout=300)
        assert proc.returncode == 0 and out.strip() == "done"
    with RecordDB.open(path) as db:
        assert db.notice is None
        assert db.count() == 30 and db.open_games() == []
    assert not list(tmp_path.glob("*.damaged-*"))


def test_a_lock_held_past_the_busy_timeout_is_waited_out(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    with RecordDB.open(path) as db:
        db.add("minirogue-v1", {}, won=False, score=1, save_file="/saves/before")
    holder = _run(HOLDER, path, 3.0)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
    writers = [_run(WRITER, path, f"w{n}", 0, 1, 0.3) for n in range(3)]  # each waits 0.3 s a try
    with RecordDB.open(path, busy_timeout=0.2, retry_seconds=60) as db:
        db.add("minirogue-v1", {}, won=True, score=2, save_file="/saves/here")
    for proc in [*writers, holder]:
        proc.communicate(timeout=300)
        assert proc.returncode == 0
    with RecordDB.open(path) as db:
        assert db.notice is None and db.count() == 6  # before, the holder's, three writers', here
    assert not list(tmp_path.glob("*.damaged-*"))


def test_a_lock_held_too_long_fails_the_write_and_damages_nothing(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    with RecordDB.open(path) as db:
        db.add("minirogue-v1", {}, won=False, score=1, save_file="/saves/before")
        holder = _run(HOLDER, path, 4.0)
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        db.retry_seconds = 0.5
        db.conn.execute("PRAGMA busy_timeout = 100")
        with pytest.raises(RecordBusy, match="busy"):
            db.add("minirogue-v1", {}, won=True, score=2, save_file="/saves/late")
        assert db.count() == 1  # reads go on while another process writes (WAL)
    holder.communicate(timeout=120)
    with RecordDB.open(path) as db:
        assert db.notice is None and db.count() == 2
        assert db.add("minirogue-v1", {}, won=True, score=2, save_file="/saves/late")  # tried again: written
    assert not list(tmp_path.glob("*.damaged-*"))


def test_locked_is_contention_and_only_corruption_is_damage(tmp_path: Path) -> None:
    path = tmp_path / "x.sqlite3"
    first = sqlite3.connect(path, isolation_level=None)
    first.execute("CREATE TABLE t (x)")
    first.execute("BEGIN EXCLUSIVE")
    second = sqlite3.connect(path, isolation_level=None, timeout=0)
    with pytest.raises(sqlite3.OperationalError) as locked:
        second.execute("INSERT INTO t VALUES (1)")
    assert is_busy(locked.value) and not is_damage(locked.value)
    first.rollback()
    first.close()
    second.close()
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database " * 100)
    with pytest.raises(sqlite3.DatabaseError) as notadb:
        sqlite3.connect(garbage).execute("SELECT * FROM sqlite_master").fetchall()
    assert is_damage(notadb.value) and not is_busy(notadb.value)


def test_a_newer_solotables_database_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    with RecordDB.open(path) as db:
        db.add("minirogue-v1", {}, won=False, score=1, save_file="/saves/a")
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(sqlite3.DatabaseError, match="newer"):
        RecordDB.open(path)
    assert path.exists() and not list(tmp_path.glob("*.damaged-*"))


def test_a_damaged_database_is_set_aside_with_every_readable_row_copied(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    with RecordDB.open(path) as db:
        for i in range(300):
            db.add("minirogue-v1", {"difficulty": "hard" if i % 3 else "normal"}, won=i % 4 == 0, score=i,
                   save_file=f"/saves/{i:04d}-" + "x" * 40)  # fmt: skip
        db.open_game("/saves/still-open")
        db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = int(db.conn.execute("PRAGMA page_size").fetchone()[0])
        roots = "SELECT rootpage FROM sqlite_master WHERE type = 'index' AND tbl_name = 'games'"
        index_root = int(db.conn.execute(roots).fetchone()[0])
        want = sorted(db.conn.execute("SELECT game, difficulty, won, score, save_file FROM games").fetchall())
    data = bytearray(path.read_bytes())
    offset = (index_root - 1) * page_size
    data[offset + 8 : offset + page_size] = os.urandom(page_size - 8)  # the save_file index's page: garbage
    path.write_bytes(bytes(data))
    with RecordDB.open(path, recover=False) as db:
        assert db.notice is not None and db.notice.kept == 300
        got = sorted(db.conn.execute("SELECT game, difficulty, won, score, save_file FROM games").fetchall())
        assert got == want  # no recorded row lost
        assert db.open_games() == ["/saves/still-open"]
    assert db.notice.moved_to.exists()
    with RecordDB.open(path) as db:
        assert db.notice is None and db.count() == 300
