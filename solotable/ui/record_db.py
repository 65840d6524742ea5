"""The player's record: games played, won and lost per game, difficulty and character, best scores.

Kept in an SQLite database in the user's data directory (next to the saves:
``$XDG_DATA_HOME/solotable/record.sqlite3``), created on first use, shared by every solotable
process of the player (line mode and the full-screen interface write to the same record).

- **Contention is not damage.** The database runs in WAL mode (readers never wait for a writer),
  every connection waits up to :data:`BUSY_TIMEOUT` for a lock, and a write that still finds the
  database locked is retried until :data:`RETRY_SECONDS` have passed; then it fails with
  :class:`RecordBusy`, and the file is left as it is.
- **Only damage sets a file aside.** A file SQLite calls corrupt or not a database, one whose
  integrity check fails or whose ``games`` table is not ours, is renamed aside with a timestamp
  (``record.sqlite3.damaged-20261129-142501``), a fresh database is started, and every row that
  can still be read from the damaged copy is copied into it; :attr:`RecordDB.notice` tells the
  interface what happened and how many games were kept.
- **A finished game's row is never lost.** Every write is one transaction. When a game starts
  (or is resumed) with a save file, the interface notes it as open (:meth:`RecordDB.open_game`);
  its row is written, and the note removed, in one transaction when the game is over for good
  (:meth:`RecordDB.add`). If the process dies in between (killed at the end screen, or in the
  moment between the last autosave and the row), the next opening of the record finds the open
  game's save finished and writes its row (:meth:`RecordDB.recover`). A game is over for good
  when the player leaves its end (ruling ALL-P1 in ``docs/rulings.md``): a game end that the
  player takes back with undo is not counted.

This module does not import Textual: line-mode play writes to the same record.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from solotable.core.protocol import State
from solotable.core.registry import game_ids
from solotable.core.registry import load as load_game

SCHEMA_VERSION = 1
"""``PRAGMA user_version`` of the database (the ``open_games`` table is an addition that every
reader of version 1 ignores, so the version stays)."""
_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    difficulty TEXT NOT NULL DEFAULT '',
    character TEXT NOT NULL DEFAULT '',
    variant TEXT NOT NULL DEFAULT '',
    won INTEGER NOT NULL,
    score INTEGER,
    finished_at TEXT NOT NULL,
    save_file TEXT UNIQUE,
    options TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS open_games (
    save_file TEXT PRIMARY KEY,
    started_at TEXT NOT NULL,
    pid INTEGER,
    seen_mtime_ns INTEGER NOT NULL DEFAULT 0,
    seen_size INTEGER NOT NULL DEFAULT -1
);
"""
_COLUMNS = ("game", "difficulty", "character", "variant", "won", "score", "finished_at", "save_file", "options")

BUSY_TIMEOUT = 5.0
"""Seconds one statement waits for another process's lock before SQLite says "busy"."""
RETRY_SECONDS = 30.0
"""Seconds a write (or the opening) keeps retrying while the database stays busy."""

_BUSY_CODES = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})
_DAMAGE_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})

T = TypeVar("T")


def data_dir() -> Path:
    """``$XDG_DATA_HOME/solotable`` (or ``~/.local/share/solotable``): where saves also go."""
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "solotable"


def default_path() -> Path:
    return data_dir() / "record.sqlite3"


@dataclass(frozen=True, slots=True)
class Summary:
    """One line of the record: a game, difficulty and character, with its counts."""

    game: str
    difficulty: str
    character: str
    variant: str
    played: int
    won: int
    lost: int
    best: int | None


@dataclass(frozen=True, slots=True)
class DamagedNotice:
    """A damaged database was moved aside to ``moved_to`` (``reason`` is SQLite's words);
    ``kept`` games could be read from it and were copied into the new database."""

    path: Path
    moved_to: Path
    reason: str
    kept: int = 0


class RecordBusy(sqlite3.OperationalError):
    """The database stayed locked by another process past :data:`RETRY_SECONDS` (nothing is
    damaged, nothing was set aside; the write can be tried again)."""


class _Damaged(sqlite3.DatabaseError):
    """Our own checks found the file unusable: an integrity check failed, a foreign table."""


class _Newer(sqlite3.DatabaseError):
    """The database was written by a newer solotable: not ours to change, nor to set aside."""


def is_busy(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite saying another connection holds a lock (contention)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return (code & 0xFF) in _BUSY_CODES
    return isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)


def is_damage(exc: BaseException) -> bool:
    """Whether ``exc`` means the file itself is damaged (never contention, never a full disk)."""
    if isinstance(exc, _Damaged):
        return True
    code = getattr(exc, "sqlite_errorcode", None)
    return isinstance(code, int) and (code & 0xFF) in _DAMAGE_CODES


def describe_options(game_id: str, options: Mapping[str, Any]) -> tuple[str, str, str]:
    """``(difficulty, character, variant)`` of a game's options, as the record groups them: by
    what each option declares (:attr:`Option.record <solotable.core.protocol.Option.record>`); a
    game no longer known has none."""
    difficulty = ""
    characters: list[str] = []
    variants: list[str] = []
    specs = load_game(game_id).option_specs if game_id in game_ids() else ()
    for spec in specs:
        if spec.name not in options:
            continue
        value = options[spec.name]
        if spec.record == "difficulty" and not difficulty:
            difficulty = str(value)
        elif spec.record == "character" and (not characters or value != spec.default):
            characters.append(str(value))
        elif spec.record == "variant" and value not in (False, "", None):
            variants.append(spec.name if value is True else str(value))
    return difficulty, "+".join(characters), ",".join(variants)


def save_key(save_file: str | os.PathLike[str]) -> str:
    """How the record names a save file: its absolute path (a game resumed from another
    directory is the same game)."""
    return os.path.abspath(os.fspath(save_file))


def _alive(pid: object) -> bool:
    """Whether the process ``pid`` (that noted an open game) still runs: this one, or another
    that a signal 0 finds. A reused pid only delays a recovery, never counts a game twice."""
    if not isinstance(pid, int) or pid <= 0 or sys.platform == "win32":  # (os.kill would end it there)
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, another user's
        return True
    except OSError:
        return False
    return True


def _retrying(fn: Callable[[], T], retry_seconds: float) -> T:
    """``fn()``, tried again while SQLite says the database is busy, until ``retry_seconds``
    have passed (then :class:`RecordBusy`)."""
    deadline = time.monotonic() + retry_seconds
    pause = 0.05
    while True:
        try:
            return fn()
        except sqlite3.Error as exc:
            if not is_busy(exc):
                raise
            if time.monotonic() >= deadline:
                raise RecordBusy(f"the record database is busy (another solotable holds it): {exc}") from exc
        time.sleep(pause)
        pause = min(pause * 2, 1.0)


class RecordDB:
    """The record database (see the module docstring). Use :meth:`open`."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path,
        notice: DamagedNotice | None = None,
        *,
        retry_seconds: float = RETRY_SECONDS,
    ) -> None:
        self.conn = conn
        self.path = path
        self.notice = notice
        self.retry_seconds = retry_seconds
        self.recovered = 0
        """Finished games found open at :meth:`open` and counted then."""

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        busy_timeout: float = BUSY_TIMEOUT,
        retry_seconds: float = RETRY_SECONDS,
        recover: bool = True,
    ) -> RecordDB:
        """Open (creating on first use) the database. A damaged file is moved aside, what can be
        read of it is copied into a new one, and :attr:`notice` says so; a busy one is waited
        for (:class:`RecordBusy` after ``retry_seconds``); ``recover`` counts the open games
        whose saves are finished (:meth:`recover`)."""
        p = Path(path) if path is not None else default_path()
        p.parent.mkdir(parents=True, exist_ok=True)
        notice: DamagedNotice | None = None

        def connect() -> sqlite3.Connection:
            return _retrying(lambda: _connect_checked(p, busy_timeout), retry_seconds)

        try:
            conn = connect()
        except sqlite3.Error as first:
            if not is_damage(first):
                raise
            with _exclusive(p.with_name(p.name + ".lock")):  # one process sets a damaged file aside
                try:
                    conn = connect()  # another process may have done it meanwhile
                except sqlite3.Error as exc:
                    if not is_damage(exc):
                        raise
                    moved = _move_aside(p)
                    conn = connect()
                    notice = DamagedNotice(p, moved, str(exc), _salvage(moved, conn))
        db = cls(conn, p, notice, retry_seconds=retry_seconds)
        if recover:
            db.recover()
        return db

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> RecordDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.rollback()
            raise
        conn.commit()

    def _write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn`` in one transaction, retried while the database is busy."""

        def attempt() -> T:
            with self.transaction() as conn:
                return fn(conn)

        return _retrying(attempt, self.retry_seconds)

    def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        return _retrying(lambda: fn(self.conn), self.retry_seconds)

    # -- writing ----------------------------------------------------------------------------

    def add(
        self,
        game: str,
        options: Mapping[str, Any],
        *,
        won: bool,
        score: int | None,
        save_file: str | None = None,
        finished_at: datetime | None = None,
    ) -> bool:
        """Record a finished game (once per save file), and close its open note. False if that
        save was already counted."""
        difficulty, character, variant = describe_options(game, options)
        key = save_key(save_file) if save_file is not None else None
        kept = {k: v for k, v in options.items() if not str(k).endswith("_data")}
        row = (
            game, difficulty, character, variant, int(won), score,
            (finished_at or datetime.now()).isoformat(timespec="seconds"), key,
            json.dumps(kept, ensure_ascii=False, sort_keys=True, default=str),
        )  # fmt: skip

        def write(conn: sqlite3.Connection) -> bool:
            cur = conn.execute(
                f"INSERT OR IGNORE INTO games ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})", row
            )
            if key is not None:
                conn.execute("DELETE FROM open_games WHERE save_file = ?", (key,))
            return cur.rowcount == 1

        return self._write(write)

    def add_state(
        self, state: State, save_file: str | os.PathLike[str] | None = None, *, finished_at: datetime | None = None
    ) -> bool:
        """Record the finished ``state`` (its game, options and result)."""
        result = state.result()
        return self.add(
            state.game.id, state.options(), won=result.won, score=result.score,
            save_file=str(save_file) if save_file is not None else None, finished_at=finished_at,
        )  # fmt: skip

    def open_game(self, save_file: str | os.PathLike[str]) -> None:
        """Note that the game saved in ``save_file`` is being played: if it ends and its row is
        not written (the process died), :meth:`recover` writes it at the next opening."""
        name = save_key(save_file)
        stamp = datetime.now().isoformat(timespec="seconds")
        note = (
            "INSERT INTO open_games (save_file, started_at, pid) VALUES (?, ?, ?)"
            " ON CONFLICT (save_file) DO UPDATE SET pid = excluded.pid"
        )
        self._write(lambda conn: conn.execute(note, (name, stamp, os.getpid())))

    def open_games(self) -> list[str]:
        return [str(r[0]) for r in self._read(lambda c: c.execute("SELECT save_file FROM open_games").fetchall())]

    def recover(self) -> int:
        """Count every open game whose save is now finished (the row its process did not live
        to write), and forget those whose save is gone. Games whose process is still alive are
        left to it (the player may yet take the end back). A save that did not change since it was
        last seen unfinished is not read again. Returns the games counted."""
        from solotable.core.record import RecordError, load_record

        rows = self._read(
            lambda c: c.execute("SELECT save_file, pid, seen_mtime_ns, seen_size FROM open_games").fetchall()
        )
        counted = 0
        for name, pid, seen_mtime, seen_size in rows:
            if _alive(pid):  # being played now: its own process counts it when the player leaves
                continue
            path = Path(str(name))
            try:
                info = path.stat()
            except FileNotFoundError:  # the player deleted the save: nothing to count
                self._forget(str(name))
                continue
            except OSError:
                continue
            if (info.st_mtime_ns, info.st_size) == (seen_mtime, seen_size):
                continue
            try:
                state = load_record(path).check()
            except RecordError:
                state = None  # unreadable now: looked at again when it changes
            if state is not None and state.is_terminal():
                finished = datetime.fromtimestamp(info.st_mtime)
                if self.add_state(state, str(name), finished_at=finished):
                    counted += 1
                continue
            self._seen(str(name), info.st_mtime_ns, info.st_size)
        self.recovered += counted
        return counted

    def _forget(self, save_file: str) -> None:
        self._write(lambda c: c.execute("DELETE FROM open_games WHERE save_file = ?", (save_file,)))

    def _seen(self, save_file: str, mtime_ns: int, size: int) -> None:
        """The open game's save as last seen unfinished (not read again until it changes)."""
        update = "UPDATE open_games SET seen_mtime_ns = ?, seen_size = ? WHERE save_file = ?"
        self._write(lambda c: c.execute(update, (mtime_ns, size, save_file)))

    # -- reading ----------------------------------------------------------------------------

    def count(self) -> int:
        row = self._read(lambda c: c.execute("SELECT COUNT(*) FROM games").fetchone())
        return int(row[0])

    def summary(self) -> list[Summary]:
        """Games played, won, lost and the best score, per game, difficulty, character and variant."""
        rows = self._read(
            lambda c: c.execute(
                "SELECT game, difficulty, character, variant, COUNT(*), SUM(won), MAX(score) FROM games"
                " GROUP BY game, difficulty, character, variant ORDER BY game, difficulty, character, variant"
            ).fetchall()
        )
        return [
            Summary(str(g), str(d), str(c), str(v), int(n), int(w), int(n) - int(w), None if b is None else int(b))
            for g, d, c, v, n, w, b in rows
        ]


def totals(rows: list[Summary]) -> list[Summary]:
    """One line per game adding up its setups (difficulty, character, variant left empty)."""
    out: dict[str, Summary] = {}
    for r in rows:
        t = out.get(r.game)
        if t is None:
            out[r.game] = Summary(r.game, "", "", "", r.played, r.won, r.lost, r.best)
        else:
            best = max((b for b in (t.best, r.best) if b is not None), default=None)
            out[r.game] = Summary(r.game, "", "", "", t.played + r.played, t.won + r.won, t.lost + r.lost, best)
    return list(out.values())


def _connect_checked(path: Path, busy_timeout: float) -> sqlite3.Connection:
    """A connection to ``path``, checked (raises :class:`_Damaged` or SQLite's own error for a
    damaged file, :class:`_Newer` for a newer solotable's) and set up: WAL, the busy timeout,
    our tables."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=busy_timeout)
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        row = conn.execute("PRAGMA quick_check").fetchone()
        if row is None or row[0] != "ok":
            raise _Damaged(f"integrity check failed: {row[0] if row else 'no answer'}")
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise _Newer(f"schema version {version} is newer than ours ({SCHEMA_VERSION})")
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            if version < SCHEMA_VERSION:
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            conn.rollback()
            raise
        columns = {r[1] for r in conn.execute("PRAGMA table_info(games)")}
        if not {"game", "won", "score", "save_file"} <= columns:
            raise _Damaged("the games table is not ours")
    except BaseException:
        conn.close()
        raise
    return conn


def _move_aside(path: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    counter = 2
    while target.exists():
        target = path.with_name(f"{path.name}.damaged-{stamp}-{counter}")
        counter += 1
    os.replace(path, target)
    for suffix in ("-wal", "-shm", "-journal"):  # SQLite's side files belong to the damaged copy
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.replace(side, target.with_name(target.name + suffix))
    return target


SALVAGE_SKIPS = 4096
"""How many unreadable stretches of a damaged ``games`` table the salvage skips before it stops."""


@contextlib.contextmanager
def _exclusive(lock_path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``lock_path`` (a small file beside the database) for the block,
    where the system has advisory locks."""
    try:
        import fcntl
    except ImportError:  # Windows: the rename itself is the only guard
        yield
        return
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _salvage(damaged: Path, conn: sqlite3.Connection) -> int:
    """Copy every row of the ``games`` (and ``open_games``) table that can still be read from the
    damaged database ``damaged`` into ``conn``; returns the games copied. Never raises: what
    cannot be read stays in the damaged copy."""
    try:
        src = sqlite3.connect(damaged, isolation_level=None, timeout=1.0)
    except sqlite3.Error:
        return 0
    try:
        games = _readable_rows(src, "games", _COLUMNS)
        opened = _readable_rows(src, "open_games", ("save_file", "started_at"))
    finally:
        src.close()
    now = datetime.now().isoformat(timespec="seconds")
    defaults: dict[str, Any] = {"difficulty": "", "character": "", "variant": "", "finished_at": now, "options": "{}"}
    kept = 0
    try:
        conn.execute("BEGIN IMMEDIATE")
        for row in games:
            values = [row.get(c, defaults.get(c)) for c in _COLUMNS]
            if row.get("game") is None or row.get("won") is None:
                continue
            insert = f"INSERT OR IGNORE INTO games ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})"
            kept += conn.execute(insert, values).rowcount
        for row in opened:
            if row.get("save_file") is not None:
                conn.execute("INSERT OR IGNORE INTO open_games (save_file, started_at) VALUES (?, ?)",
                             (row["save_file"], row.get("started_at") or now))  # fmt: skip
        conn.execute("COMMIT")
    except sqlite3.Error:
        with contextlib.suppress(sqlite3.Error):
            conn.rollback()
        return 0
    return kept


def _readable_rows(src: sqlite3.Connection, table: str, wanted: tuple[str, ...]) -> list[dict[str, Any]]:
    """The rows of ``table`` (the ``wanted`` columns it has) that can still be read, in rowid
    order, stepping over damaged stretches; none if the table cannot be read at all."""
    try:
        have = [str(r[1]) for r in src.execute(f"PRAGMA table_info({table})")]
    except sqlite3.Error:
        return []
    columns = [c for c in wanted if c in have]
    if not columns:
        return []
    select = f"SELECT rowid, {', '.join(columns)} FROM {table}"
    out: list[dict[str, Any]] = []
    after: int | None = None  # the last rowid read or stepped over
    skips = 0
    step = 1
    while skips <= SALVAGE_SKIPS:
        try:
            if after is None:
                cursor = src.execute(f"{select} ORDER BY rowid")
            else:
                cursor = src.execute(f"{select} WHERE rowid > ? ORDER BY rowid", (after,))
            for row in cursor:
                out.append(dict(zip(columns, row[1:], strict=True)))
                after = int(row[0])
                step = 1
            return out
        except sqlite3.Error:
            skips += 1
            after = 0 if after is None else after + step  # step over the unreadable row(s)
            step = min(step * 2, 1 << 20)
    return out


def record_finished(state: State, save_file: str | os.PathLike[str] | None) -> DamagedNotice | str | None:
    """Record a finished game in the default database, for interfaces that do not keep one open.

    Returns the damaged-file notice if there was one, an error text if the database could not
    be written (the game itself is safe in its save file, and counted at the next start), else
    ``None``."""
    try:
        with RecordDB.open() as db:
            db.add_state(state, save_file)
            return db.notice
    except (OSError, sqlite3.Error) as exc:
        return str(exc)


def record_started(save_file: str | os.PathLike[str]) -> DamagedNotice | str | None:
    """Note a game being played in the default database (:meth:`RecordDB.open_game`), counting
    the finished games of earlier processes on the way; returns as :func:`record_finished`."""
    try:
        with RecordDB.open() as db:
            db.open_game(save_file)
            return db.notice
    except (OSError, sqlite3.Error) as exc:
        return str(exc)
