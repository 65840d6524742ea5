"""Game records: the save file format, replay, and atomic writes.

A record is JSON::

    {"format": "solotable-record", "format_version": 1,
     "game": "minirogue-v1", "rules_version": "1.2.1",
     "options": {"difficulty": "normal", "keys": false},
     "seed": 7, "physical_dice": false,
     "actions": ["reveal:monster", "go", "roll:1,5,6", ...],
     "checksum": "sha256:..."}

``actions`` holds every step, chance outcomes included, so replaying rebuilds the same state
bit for bit. ``checksum`` is the SHA-256 of the rest of the record written canonically
(:func:`checksum`): a byte changed on the disk cannot silently change a recorded die or tile.
(Records written before the checksum have none: they are read as before, with every other
check, and the next save of such a game adds it. A changed byte cannot take the checksum away:
a field with any other name is refused.)

Loading goes through :mod:`solotable.core.untrusted` (a regular file of at most
:data:`MAX_RECORD_BYTES`, bounded nesting and numbers), checks every field and the checksum, and
replays the whole record before returning: a corrupt, truncated, altered or foreign file raises
:class:`RecordError` (and nothing else) with a one-line message, and nothing is half-loaded. The
game is set up from the record's options inside :func:`~solotable.core.untrusted.no_files`: a
record never names a file for solotable to read. (``docs/records.md`` says it for players.)
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solotable.core.i18n import LANGS, LocalizedError
from solotable.core.protocol import Action, Game, State
from solotable.core.registry import load as load_game
from solotable.core.untrusted import (
    DEFAULT_LIMIT,
    PATH_SHOWN,
    UntrustedError,
    clip,
    no_files,
    parse_json,
    read_bytes,
    shorten,
)

FORMAT = "solotable-record"
FORMAT_VERSION = 1
"""The version written and read."""
MAX_RECORD_BYTES = DEFAULT_LIMIT
"""The largest record read (a long game's record is a few tens of kilobytes)."""
MAX_RECORD_STEPS = 20_000
"""The most steps a record may hold: the longest games take a few thousand, chance outcomes
included; a record of a million moves back and forth would only keep its reader busy."""

_FIELDS: dict[str, tuple[type, ...]] = {
    "game": (str,),
    "rules_version": (str,),
    "options": (dict,),
    "seed": (int, type(None)),
    "physical_dice": (bool,),
    "actions": (list,),
}
_KNOWN = frozenset({"format", "format_version", "checksum", "lang", *_FIELDS})
"""``lang`` is optional: the language the game was played in, which resume and replay keep."""


class RecordError(LocalizedError):
    """A record file that cannot be used, with the reason in words."""


def checksum(content: dict[str, Any]) -> str:
    """``sha256:<hex>`` of ``content`` (a record's fields but the checksum) written canonically:
    keys sorted, no spaces, UTF-8. The layout of the file (indentation, key order) does not
    change it; any value does."""
    text = json.dumps(content, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class _Replayed:
    """A record's checked replay: what it was made from, its final state, its chance outcomes."""

    key: tuple[Any, ...]
    state: State
    chance_count: int


@dataclass
class Record:
    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int | None = None
    physical_dice: bool = False
    actions: list[str] = field(default_factory=list)
    lang: str | None = None
    _replayed: _Replayed | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def start(cls, state: State, *, physical_dice: bool = False) -> Record:
        return cls(
            game=state.game.id,
            rules_version=state.game.rules_version,
            options=dict(state.options()),
            seed=state.seed,
            physical_dice=physical_dice,
        )

    def content(self) -> dict[str, Any]:
        """Every field of the file but the checksum."""
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seed": self.seed,
            "physical_dice": self.physical_dice,
            "actions": list(self.actions),
        } | ({"lang": self.lang} if self.lang is not None else {})

    def to_json(self) -> dict[str, Any]:
        content = self.content()
        return {**content, "checksum": checksum(content)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    # -- replay -----------------------------------------------------------------------------

    def replay_states(self) -> Iterator[tuple[State, Action | None]]:
        """Yield the initial state (with ``None``) and then the state after each action.

        The same state object is mutated and yielded each time; clone it to keep a copy.
        Raises :class:`RecordError` (and nothing else) at the first thing that cannot be played.
        """
        game = _game_of(self.game)
        if self.rules_version != game.rules_version:
            raise RecordError(
                "core.rec.rules_version", game=clip(self.game), version=clip(self.rules_version),
                ours=game.rules_version,
            )  # fmt: skip
        state = _new_state(game, self.seed, self.options)
        yield state, None
        for index, text in enumerate(self.actions):
            if not isinstance(text, str):
                raise RecordError("core.rec.action_type", index=index + 1, value=shorten(text))
            try:
                action = game.parse_action(state, text)
                state.apply(action)
            except LocalizedError as exc:
                raise RecordError("core.rec.bad_action", index=index + 1, action=clip(text), reason=exc) from exc
            except Exception as exc:
                # the boundary of an untrusted record: a step the game cannot play is this
                # record's error (with the game's own error chained, for whoever debugs it);
                # the half-replayed state is thrown away with it
                raise RecordError(
                    "core.rec.failed_action", index=index + 1, action=clip(text),
                    error=shorten(f"{type(exc).__name__}: {exc}", 120),
                ) from exc  # fmt: skip
            yield state, action

    def _key(self) -> tuple[Any, ...]:
        options = json.dumps(self.options, sort_keys=True, default=repr)
        return (self.game, self.rules_version, options, self.seed, tuple(self.actions))

    def check(self) -> State:
        """Replay the whole record (every action checked), once: the final state is kept, and
        :meth:`replay` and :meth:`take_replayed` use it while the record does not change."""
        cached = self._replayed
        key = self._key()
        if cached is not None and cached.key == key:
            return cached.state
        final: State | None = None
        chance = 0
        for state, _ in self.replay_states():
            if state.is_chance():
                chance += 1  # the next action is a chance outcome
            final = state
        assert final is not None
        if final.is_chance():
            chance -= 1  # the last state's pending draw has no action yet
        self._replayed = _Replayed(key, final, chance)
        return final

    def replay(self) -> State:
        """The final state of the record (every action checked), a copy of its own."""
        return self.check().clone()

    def take_replayed(self) -> tuple[State, int]:
        """The final state itself (handed over: the record forgets it) and how many of the
        actions are chance outcomes, for a :class:`~solotable.core.session.Session` that
        continues the game. Replays only if the record was not checked, or changed since."""
        self.check()
        replayed = self._replayed
        assert replayed is not None
        self._replayed = None
        return replayed.state, replayed.chance_count


def _game_of(game_id: str) -> Game:
    try:
        return load_game(game_id)
    except ValueError as exc:
        raise RecordError("core.rec.unknown_game", reason=_short_error(exc)) from exc


def _new_state(game: Game, seed: int | None, options: dict[str, Any]) -> State:
    """The game set up from a record's options, which are untrusted: unknown names are refused
    before they reach ``new_state`` (a name like ``seed`` would clash with its arguments), and
    no file is read while the game is set up."""
    try:
        game.validate_options(options)
        with no_files():
            return game.new_state(seed=seed, **options)
    except LocalizedError as exc:
        raise RecordError("core.rec.bad_options", reason=_short_error(exc)) from exc
    except Exception as exc:  # the boundary: whatever the game's setup makes of these options
        raise RecordError("core.rec.bad_options", reason=shorten(f"{type(exc).__name__}: {exc}", 120)) from exc


def _short_error(exc: Exception) -> str | LocalizedError:
    """A nested error for a message: as it is when it is ours (translated later), else its text
    shortened."""
    return exc if isinstance(exc, LocalizedError) else shorten(str(exc), 120)


def _from_untrusted(exc: UntrustedError) -> RecordError:
    """The loader's error as a record error (in a record's words where there are some)."""
    key = {"core.untrusted.bad_json": "core.rec.bad_json", "core.untrusted.not_text": "core.rec.not_text"}
    return RecordError(key.get(exc.key, exc.key), **exc.params)


def parse_record(text: str | bytes, *, source: str = "record") -> Record:
    """Read and fully check a record (the checksum and the replay included). Raises
    :class:`RecordError`, and nothing else, for anything that is not a good record."""
    try:
        data = parse_json(text, source)
    except UntrustedError as exc:
        raise _from_untrusted(exc) from exc
    shown = clip(source, PATH_SHOWN)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("core.rec.not_record", source=shown)
    version = data.get("format_version")
    if type(version) is not int or version != FORMAT_VERSION:  # not True, not 1.0
        raise RecordError("core.rec.format_version", source=shown, version=shorten(version), ours=FORMAT_VERSION)
    unknown = sorted(set(data) - _KNOWN)
    if unknown:
        raise RecordError("core.rec.unknown_field", source=shown, field=shorten(unknown[0]))
    for key, types in _FIELDS.items():
        if key not in data:
            raise RecordError("core.rec.missing_field", source=shown, field=key)
        value = data[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise RecordError("core.rec.bad_field", source=shown, field=key, value=shorten(value))
    if "checksum" in data and not isinstance(data["checksum"], str):
        raise RecordError("core.rec.bad_field", source=shown, field="checksum", value=shorten(data["checksum"]))
    if "lang" in data and data["lang"] not in LANGS:
        raise RecordError("core.rec.bad_field", source=shown, field="lang", value=shorten(data["lang"]))
    if len(data["actions"]) > MAX_RECORD_STEPS:
        steps = f"{len(data['actions']):,}"
        raise RecordError("core.rec.too_long", source=shown, steps=steps, limit=f"{MAX_RECORD_STEPS:,}")
    record = Record(
        game=data["game"],
        rules_version=data["rules_version"],
        options=data["options"],
        seed=data["seed"],
        physical_dice=data["physical_dice"],
        actions=list(data["actions"]),
        lang=data.get("lang"),
    )
    record.check()  # raises RecordError on the first bad action
    # After the replay, so that a record that cannot be played says why; a record that plays
    # but was changed (a die, a tile, a move) is refused here.
    if "checksum" in data and data["checksum"] != checksum({k: v for k, v in data.items() if k != "checksum"}):
        raise RecordError("core.rec.checksum", source=shown)
    return record


def load_record(path: str | os.PathLike[str]) -> Record:
    """Read and fully check the record file ``path`` (see :func:`parse_record`)."""
    try:
        raw = read_bytes(path, limit=MAX_RECORD_BYTES)
    except UntrustedError as exc:
        raise _from_untrusted(exc) from exc
    return parse_record(raw, source=os.fspath(path))


# -- writing -------------------------------------------------------------------------------------

STALE_TEMP_SECONDS = 2.0
"""A temporary file of :func:`atomic_write_text` this old, and not locked by its writer, was left
by a process that died while writing (it is removed by :func:`remove_stale_temps`)."""


def _temp_prefix(name: str) -> str:
    return f".{name}."


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file whole.

    The text goes to a temporary file beside ``path`` (``.NAME.XXXXXXXX.tmp``), locked while it
    is written, then renamed over ``path``. A process killed in the middle leaves the temporary
    file, unlocked: :func:`remove_stale_temps` removes it at the next start."""
    p = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(p.name), suffix=".tmp", dir=p.parent)
    try:
        _lock(fd, wait=True)
        data = text.encode("utf-8")
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
        os.replace(tmp, p)  # the lock is held to the end: nobody takes the file for stale
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        os.close(fd)


def save_record(record: Record, path: str | os.PathLike[str]) -> None:
    atomic_write_text(path, record.dumps() + "\n")


def remove_stale_temps(path: str | os.PathLike[str], *, every: bool = False) -> list[Path]:
    """Remove what :func:`atomic_write_text` left beside ``path`` when its process was killed
    mid-write (or, with ``every``, beside any ``.json`` file of the directory ``path``). A temporary file
    that is still locked (being written now) or younger than :data:`STALE_TEMP_SECONDS` is kept.
    Returns the files removed; never raises."""
    p = Path(path)
    directory, pattern = (p, ".*.json.*.tmp") if every else (p.parent, glob.escape(_temp_prefix(p.name)) + "*.tmp")
    removed: list[Path] = []
    try:
        candidates = list(directory.glob(pattern))
    except OSError:
        return removed
    now = time.time()
    for candidate in candidates:
        try:
            info = candidate.lstat()
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < STALE_TEMP_SECONDS:
                continue
            fd = os.open(candidate, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            if _lock(fd, wait=False):
                candidate.unlink()
                removed.append(candidate)
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def _lock(fd: int, *, wait: bool) -> bool:
    """An exclusive advisory lock on ``fd`` (released when it is closed, or its process dies).
    True if taken; where the system has no such locks, True (the age of a file decides)."""
    try:
        import fcntl
    except ImportError:  # Windows
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except OSError:
        return False
    return True

