"""Where the browser's tables live: an SQL database through SQLAlchemy Core.

SQLite (a file, created on first use) by default; PostgreSQL (``postgresql://...``) when several
server processes share the tables. A table is stored as its game record (game, options, seed,
the list of action notations) plus its seats' token hashes and a version counter. Every change is
one ``UPDATE ... WHERE id = :id AND version = :seen``: a move made on a state that has moved on
(another process, another browser, a second click) changes no row and is refused, so no move is
ever lost or applied twice, whatever the number of server processes (optimistic concurrency in
the database, never in one process's memory).
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.pool import NullPool

CHANNEL = "solotable_tables"
"""PostgreSQL: the channel every change is announced on (``NOTIFY``, payload ``"<table id> <version>"``)."""
LISTENER_NAME = "solotable-listen"
"""The ``application_name`` of a process's listening connection (a test finds it by that name)."""
LISTEN_RETRY = 1.0
"""Seconds between two attempts to open the listening connection again after it dropped."""

TOKEN_BYTES = 24
"""A seat token or table id: 24 random bytes (192 bits), URL-safe base64."""

metadata = MetaData()

tables = Table(
    "web_tables",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("rules_version", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("physical_dice", Boolean, nullable=False, default=False),
    Column("actions", JSON, nullable=False),
    Column("version", Integer, nullable=False, default=0),
    # [{"hash": sha256 of the seat's token, "name": "...", "player": sha256 of the browser cookie
    # that holds the seat, or null}]: no token or cookie is kept in clear
    Column("seats", JSON, nullable=False),
    Column("player", String(64), nullable=False),  # sha256 of the cookie of the browser that opened it
    Column("finished", Boolean, nullable=False, default=False),
    # a table whose seed its opener chose: played for practice, kept out of the record
    Column("practice", Boolean, nullable=False, default=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

results = Table(
    "web_results",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("player", String(64), nullable=False, index=True),
    Column("game", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("score", Integer, nullable=True),
    Column("finished", Float, nullable=False),
)

holders = Table(
    # the browsers that hold a seat at a table they did not open (a partner who opened an
    # invitation): their home page's Continue lists the table and their cookie reopens the seat
    "web_holders",
    metadata,
    Column("player", String(64), primary_key=True),
    Column("table_id", String(64), primary_key=True),
)

moves = Table(
    # one row a change, with the version it made: a unique key that a second writer of the same
    # version cannot pass, and the audit the load test counts (no move lost, none twice)
    "web_moves",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("notation", Text, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("at", Float, nullable=False),
)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def player_hash(player: str) -> str:
    """What the database keeps of a browser's cookie (the cookie itself reopens its seats)."""
    return token_hash(player)


@dataclass
class StoredTable:
    """One row of ``web_tables``."""

    id: str
    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int
    physical_dice: bool
    actions: list[str]
    version: int
    seats: list[dict[str, Any]]
    player: str
    finished: bool = False
    practice: bool = False
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)

    def seat_of(self, token: str | None) -> int | None:
        """The seat this token opens, or None (compared in constant time)."""
        if not token:
            return None
        wanted = token_hash(token)
        found: int | None = None
        for index, seat in enumerate(self.seats):
            if secrets.compare_digest(str(seat["hash"]), wanted):
                found = index
        return found

    def seats_of_player(self, player: str | None) -> list[int]:
        """The seats the browser of this cookie holds (compared in constant time)."""
        if not player:
            return []
        wanted = player_hash(player)
        held = [i for i, seat in enumerate(self.seats) if secrets.compare_digest(str(seat.get("player") or ""), wanted)]
        # a table stored before seats named their holder: its opener holds the first seat
        legacy = not held and not any(seat.get("player") for seat in self.seats)
        if legacy and (secrets.compare_digest(self.player, wanted) or secrets.compare_digest(self.player, player)):
            held = [0]
        return held


class Conflict(Exception):
    """The table moved on since the version the change was made on."""


class Storage:
    """The database of tables, results and moves (see the module docstring)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.on_change: Callable[[str, int], None] | None = None
        """Told of every change this process stores (table id, new version), after its commit."""
        if url.startswith("sqlite"):
            path = url.split("///", 1)[1] if "///" in url else ""
            if path and path != ":memory:":
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            # SQLite serialises writers itself (WAL, busy timeout); connections are pooled per process
            memory = path in ("", ":memory:")
            self.engine: Engine = create_engine(
                url,
                connect_args={"timeout": 30, "check_same_thread": False},
                **({"poolclass": NullPool} if memory else {"pool_size": 8, "max_overflow": 16}),
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            if url.startswith("postgresql://"):
                url = "postgresql+psycopg://" + url[len("postgresql://") :]
            self.engine = create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
        self._sql = _change_sql(self.engine.dialect.name)
        self._integrity_error: type[Exception] = self.engine.dialect.loaded_dbapi.IntegrityError
        self.notifies = self.engine.dialect.name == "postgresql"
        """Whether a change is announced to every process (PostgreSQL ``NOTIFY``, see :class:`Listener`)."""
        with self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                # several server processes starting at once on a new database: one makes the tables
                conn.execute(text("SELECT pg_advisory_xact_lock(7160203)"))
            metadata.create_all(conn)
            self._upgrade(conn)

    @staticmethod
    def _upgrade(conn: Connection) -> None:
        """Columns added since a database was made (``create_all`` makes missing tables only)."""
        have = {c["name"] for c in inspect(conn).get_columns("web_tables")}
        if "practice" not in have:
            conn.execute(text("ALTER TABLE web_tables ADD COLUMN practice BOOLEAN NOT NULL DEFAULT FALSE"))

    def dispose(self) -> None:
        self.engine.dispose()

    # -- tables ------------------------------------------------------------------------------

    def create(self, row: StoredTable) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(tables).values(**_row_values(row)))

    def get(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as conn:
            found = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
        return None if found is None else _from_row(found)

    def version(self, table_id: str) -> int | None:
        with self.engine.connect() as conn:
            value = conn.execute(_VERSION, {"tid": table_id}).scalar()
        return None if value is None else int(value)

    def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The versions of several tables in one query (the live streams' watcher)."""
        if not table_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables.c.id, tables.c.version).where(tables.c.id.in_(list(table_ids)))).all()
        return {str(r[0]): int(r[1]) for r in rows}

    def expire(self, before: float) -> int:
        """Delete the games left unfinished with no change since ``before`` (a time), with their
        moves and holders; the number deleted. Finished games stay (the players' record)."""
        with self.engine.begin() as conn:
            old = select(tables.c.id).where(tables.c.finished.is_(False), tables.c.updated < before)
            ids = [str(r[0]) for r in conn.execute(old).all()]
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                conn.execute(delete(moves).where(moves.c.table_id.in_(chunk)))
                conn.execute(delete(holders).where(holders.c.table_id.in_(chunk)))
                conn.execute(delete(tables).where(tables.c.id.in_(chunk), tables.c.updated < before))
        return len(ids)

    def change(
        self,
        row: StoredTable,
        seen_version: int,
        *,
        actions: Sequence[str],
        kind: str,
        notation: str,
        seat: int,
        finished: bool,
        seats: list[dict[str, Any]] | None = None,
        result: dict[str, Any] | None = None,
        holder: str | None = None,
    ) -> int:
        """Store the table's new record if it is still at ``seen_version``; the new version.

        ``holder``: the hashed cookie of a browser that now holds a seat (listed in its Continue).
        Raises :class:`Conflict` (nothing changed) when another change came first."""
        now = time.time()
        new_version = seen_version + 1
        values: dict[str, Any] = {
            "tid": row.id,
            "seen": seen_version,
            "actions": list(actions),
            "version": new_version,
            "updated": now,
            "finished": finished,
        }
        if seats is not None:
            values["seats"] = json.dumps(seats)
        values.update(actions=json.dumps(list(actions)), kind=kind, notation=notation, seat=seat)
        sql = self._sql
        # straight on the driver's connection (SQLAlchemy's statement machinery was most of a
        # move's database cost), one transaction: the guarded update, the move's row, then what
        # goes with it
        raw = self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            cursor.execute(sql["change_seats" if seats is not None else "change"], values)
            if cursor.rowcount != 1:
                raise Conflict(row.id)
            cursor.execute(sql["move"], values)
            if holder is not None:
                cursor.execute(sql["held"], {"holder": holder, "tid": row.id})
                if cursor.fetchone() is None:
                    cursor.execute(sql["hold"], {"holder": holder, "tid": row.id})
            if self.notifies:  # sent to the listening processes when this transaction commits
                cursor.execute(sql["notify"], {"payload": f"{row.id} {new_version}"})
            if result is not None and not row.practice:
                cursor.execute(
                    sql["result"],
                    {
                        "tid": row.id,
                        "player": row.player,
                        "game": row.game,
                        "options": json.dumps(row.options),
                        "won": bool(result["won"]),
                        "score": result.get("score"),
                        "updated": now,
                    },
                )
            cursor.close()
            raw.commit()
        except self._integrity_error as exc:  # two writers of one version: the second one loses
            raw.rollback()
            raise Conflict(row.id) from exc
        except BaseException:
            raw.rollback()
            raise
        finally:
            raw.close()  # back to the pool
        row.actions = list(actions)
        row.version = new_version
        row.finished = finished
        if seats is not None:
            row.seats = seats
        if self.on_change is not None:
            self.on_change(row.id, new_version)
        return new_version

    def listen(self, heard: Callable[[str, int], None]) -> Listener | None:
        """PostgreSQL: a :class:`Listener` that calls ``heard(table id, version)`` for every change
        any process stores; None on a database that announces nothing (SQLite)."""
        if not self.notifies:
            return None
        return Listener(self.engine, heard)

    def tables_of(self, player: str, *, finished: bool, limit: int = 20) -> list[StoredTable]:
        """The tables a browser opened or holds a seat at (its cookie ``player``)."""
        hashed = player_hash(player)
        held = select(holders.c.table_id).where(holders.c.player == hashed)
        with self.engine.connect() as conn:
            rows = (
                conn.execute(
                    select(tables)
                    .where(
                        # a table stored before cookies were kept hashed still names its opener in clear
                        (tables.c.player.in_([hashed, player]) | tables.c.id.in_(held)),
                        tables.c.finished == finished,
                    )
                    .order_by(tables.c.updated.desc())
                    .limit(limit)
                )
                .mappings()
                .all()
            )
        return [_from_row(r) for r in rows]

    def results_of(self, player: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = (
                conn.execute(
                    select(results)
                    .where(results.c.player.in_([player_hash(player), player]))
                    .order_by(results.c.finished.desc())
                )
                .mappings()
                .all()
            )
        return [dict(r) for r in rows]

    def moves_of(self, table_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = (
                conn.execute(select(moves).where(moves.c.table_id == table_id).order_by(moves.c.version))
                .mappings()
                .all()
            )
        return [dict(r) for r in rows]


def _change_sql(dialect: str) -> dict[str, str]:
    """The statements of :meth:`Storage.change` in the driver's own parameter style (SQLite's
    ``:name``, psycopg's ``%(name)s``); JSON values are passed as text."""
    as_json = "CAST(:{} AS json)" if dialect == "postgresql" else ":{}"
    change = (
        f"UPDATE web_tables SET actions = {as_json.format('actions')}, version = :version, updated = :updated, "
        "finished = :finished{seats} WHERE id = :tid AND version = :seen"
    )
    statements = {
        "change": change.format(seats=""),
        "change_seats": change.format(seats=f", seats = {as_json.format('seats')}"),
        "move": 'INSERT INTO web_moves (table_id, version, kind, notation, seat, "at") '
        "VALUES (:tid, :version, :kind, :notation, :seat, :updated)",
        "held": "SELECT 1 FROM web_holders WHERE player = :holder AND table_id = :tid",
        "hold": "INSERT INTO web_holders (player, table_id) VALUES (:holder, :tid)",
        "notify": f"SELECT pg_notify('{CHANNEL}', :payload)",
        "result": "INSERT INTO web_results (table_id, player, game, options, won, score, finished) "
        f"VALUES (:tid, :player, :game, {as_json.format('options')}, :won, :score, :updated)",
    }
    if dialect == "postgresql":
        statements = {key: re.sub(r":(\w+)", r"%(\1)s", sql) for key, sql in statements.items()}
    return statements


_VERSION = select(tables.c.version).where(tables.c.id == bindparam("tid"))


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def _row_values(row: StoredTable) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "rules_version": row.rules_version,
        "options": row.options,
        "seed": row.seed,
        "physical_dice": row.physical_dice,
        "actions": list(row.actions),
        "version": row.version,
        "seats": row.seats,
        "player": row.player,
        "finished": row.finished,
        "practice": row.practice,
        "created": row.created,
        "updated": row.updated,
    }


def _from_row(r: Any) -> StoredTable:
    def as_json(value: Any) -> Any:
        return json.loads(value) if isinstance(value, str) else value

    return StoredTable(
        id=r["id"],
        game=r["game"],
        rules_version=r["rules_version"],
        options=dict(as_json(r["options"])),
        seed=int(r["seed"]),
        physical_dice=bool(r["physical_dice"]),
        actions=list(as_json(r["actions"])),
        version=int(r["version"]),
        seats=list(as_json(r["seats"])),
        player=r["player"],
        finished=bool(r["finished"]),
        practice=bool(r["practice"]),
        created=float(r["created"]),
        updated=float(r["updated"]),
    )


class Listener:
    """One connection per process that ``LISTEN``s to :data:`CHANNEL` (in a thread of its own) and
    tells ``heard`` of every change any process commits. When the connection drops, ``up`` is
    False until it is open again (the caller polls meanwhile) and ``connections`` counts the
    openings, so that the caller can look once more for what was missed in between."""

    def __init__(self, engine: Engine, heard: Callable[[str, int], None]) -> None:
        self.engine = engine
        self.heard = heard
        self.up = False
        self.connections = 0
        self.backend_pid: int | None = None
        """The PostgreSQL server process of the listening connection (a test kills it)."""
        self.stopping = threading.Event()
        self._conn: Any = None
        self.thread = threading.Thread(target=self._run, name="solotable-listen", daemon=True)
        self.thread.start()

    def _connect(self) -> Any:
        import psycopg

        args, params = self.engine.dialect.create_connect_args(self.engine.url)
        params = {**params, "autocommit": True, "application_name": LISTENER_NAME}
        return psycopg.connect(*args, **params)

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                conn = self._conn = self._connect()
                try:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.backend_pid = int(conn.info.backend_pid)
                    self.connections += 1
                    self.up = True
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=1.0):
                            self._heard(note.payload)
                finally:
                    self.up = False
                    self._conn = None
                    conn.close()
            except Exception:  # the server gone or restarted, the connection killed: open it again
                self.up = False
            self.stopping.wait(LISTEN_RETRY)

    def _heard(self, payload: str) -> None:
        table_id, _, version = payload.partition(" ")
        if version.isdecimal() and len(version) <= 10:
            self.heard(table_id, int(version))

    def stop(self, *, wait: bool = True) -> None:
        self.stopping.set()
        if wait:
            self.thread.join(timeout=3)
