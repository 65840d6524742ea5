"""The player's record: games played, won and lost per game, difficulty and character, best scores.

Kept in an SQLite database in the user's data directory (next to the saves:
``$XDG_DATA_HOME/solotable/record.sqlite3``), created on first use. Every write is one
transaction, so a crash mid-write leaves the earlier records whole. A damaged file is never
silently lost: it is renamed aside with a timestamp (``record.sqlite3.damaged-20261129-142501``)
and a fresh database is started; :attr:`RecordDB.notice` tells the interface what happened.

This module does not import Textual: line-mode play writes to the same record.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from solotable.core.protocol import State

SCHEMA_VERSION = 1
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
"""


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
    """A damaged database was moved aside to ``moved_to`` (``reason`` is SQLite's words)."""

    path: Path
    moved_to: Path
    reason: str


def describe_options(game_id: str, options: Mapping[str, Any]) -> tuple[str, str, str]:
    """``(difficulty, character, variant)`` of a game's options, as the record groups them."""
    difficulty = str(options.get("difficulty", ""))
    character = str(options.get("character", ""))
    partner = options.get("partner")
    if partner and partner != "none":
        character = f"{character}+{partner}"
    variant_parts = []
    for name in ("rules", "length", "keys"):
        if name in options and options[name] not in (False, "", None):
            value = options[name]
            variant_parts.append(name if value is True else str(value))
    return difficulty, character, ",".join(variant_parts)


class RecordDB:
    """The record database (see the module docstring). Use :meth:`open`."""

    def __init__(self, conn: sqlite3.Connection, path: Path, notice: DamagedNotice | None = None) -> None:
        self.conn = conn
        self.path = path
        self.notice = notice

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None) -> RecordDB:
        """Open (creating on first use) the database; a damaged file is moved aside and
        reported in :attr:`notice`."""
        p = Path(path) if path is not None else default_path()
        p.parent.mkdir(parents=True, exist_ok=True)
        try:
            return cls(_connect_checked(p), p)
        except sqlite3.DatabaseError as exc:
            moved = _move_aside(p)
            return cls(_connect_checked(p), p, DamagedNotice(p, moved, str(exc)))

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
        """Record a finished game (once per save file). False if that save was already counted."""
        difficulty, character, variant = describe_options(game, options)
        kept = {k: v for k, v in options.items() if not str(k).endswith("_data")}
        with self.transaction() as conn:
            cur = conn.execute(
                "INSERT OR IGNORE INTO games (game, difficulty, character, variant, won, score, finished_at,"
                " save_file, options) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game, difficulty, character, variant, int(won), score,
                    (finished_at or datetime.now()).isoformat(timespec="seconds"), save_file,
                    json.dumps(kept, ensure_ascii=False, sort_keys=True),
                ),
            )  # fmt: skip
            return cur.rowcount == 1

    def add_state(self, state: State, save_file: str | os.PathLike[str] | None = None) -> bool:
        """Record the finished ``state`` (its game, options and result)."""
        result = state.result()
        return self.add(
            state.game.id, state.options(), won=result.won, score=result.score,
            save_file=str(save_file) if save_file is not None else None,
        )  # fmt: skip

    def count(self) -> int:
        row = self.conn.execute("SELECT COUNT(*) FROM games").fetchone()
        return int(row[0])

    def summary(self) -> list[Summary]:
        """Games played, won, lost and the best score, per game, difficulty, character and variant."""
        rows = self.conn.execute(
            "SELECT game, difficulty, character, variant, COUNT(*), SUM(won), MAX(score) FROM games"
            " GROUP BY game, difficulty, character, variant ORDER BY game, difficulty, character, variant"
        ).fetchall()
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


def _connect_checked(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, timeout=5.0)
    try:
        row = conn.execute("PRAGMA quick_check").fetchone()
        if row is None or row[0] != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {row[0] if row else 'no answer'}")
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise sqlite3.DatabaseError(f"schema version {version} is newer than ours ({SCHEMA_VERSION})")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("BEGIN IMMEDIATE")
        conn.execute(_SCHEMA)
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        conn.execute("COMMIT")
        columns = {r[1] for r in conn.execute("PRAGMA table_info(games)")}
        if not {"game", "won", "score", "save_file"} <= columns:
            raise sqlite3.DatabaseError("the games table is not ours")
    except sqlite3.DatabaseError:
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


def record_finished(state: State, save_file: str | os.PathLike[str] | None) -> DamagedNotice | str | None:
    """Record a finished game in the default database, for interfaces that do not keep one open.

    Returns the damaged-file notice if there was one, an error text if the database could not
    be written (the game itself is safe in its save file), else ``None``."""
    try:
        with RecordDB.open() as db:
            db.add_state(state, save_file)
            return db.notice
    except (OSError, sqlite3.Error) as exc:
        return str(exc)
