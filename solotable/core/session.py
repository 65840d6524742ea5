"""A Session drives one game for people: chance, the record, undo and autosave.

- Chance is resolved with a generator seeded from the session seed and the number of chance
  events so far, so a resumed game rolls exactly what the uninterrupted one would have.
- In physical-dice mode the session stops at every chance node and waits for the player to
  type what the real dice (or cards) show: :meth:`Session.play` takes the outcome's notation.
- Undo goes back over decisions only: a chance outcome (a roll, a card reveal) is a wall that
  undo never crosses.
- With ``autosave`` set, the record is written atomically after every step; what a process
  killed in the middle of an autosave left beside the file is removed when a session starts
  on it again.
- A game saved to a file is open in one process at a time: a session holds a lock beside its
  file (``FILE.lock``, an ``flock`` the system drops when the process ends, even by ``kill -9``),
  and a second process resuming the same file is told the game is open elsewhere
  (:class:`SaveInUse`) instead of playing on and losing one of the two games to the last write.
- Resuming replays the record once: :func:`~solotable.core.record.load_record` checks it by
  replaying it, and the session continues from that very state.
"""

from __future__ import annotations

import contextlib
import os
import random
from dataclasses import dataclass
from pathlib import Path

from solotable.core.protocol import Action, Event, Game, IllegalAction, State
from solotable.core.record import Record, RecordError, load_record, remove_stale_temps, save_record
from solotable.core.registry import load as load_game
from solotable.core.untrusted import shorten


def chance_rng(seed: int, index: int) -> random.Random:
    """The generator for the ``index``-th chance event of a session with ``seed``."""
    return random.Random(f"solotable:{seed}:{index}")


class SaveInUse(RecordError):
    """The save file is open in another process (see the module docstring)."""


_HELD: dict[str, tuple[int, int]] = {}
"""The save locks this process holds: the lock file's path -> (its descriptor, the sessions)."""


def _lock(path: Path) -> str:
    """Take the lock of the save ``path`` for this process (shared by its sessions), or raise
    :class:`SaveInUse`. Where ``fcntl`` is missing (Windows) no lock is taken."""
    key = os.path.abspath(os.fspath(path)) + ".lock"
    if key in _HELD:
        fd, users = _HELD[key]
        _HELD[key] = (fd, users + 1)
        return key
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        return key
    try:
        fd = os.open(key, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return key  # a folder where no lock can be written: the save itself will say why
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise SaveInUse("core.err.save_in_use", path=os.fspath(path)) from None
    _HELD[key] = (fd, 1)
    return key


def _unlock(key: str | None) -> None:
    if key is None or key not in _HELD:
        return
    fd, users = _HELD[key]
    if users > 1:
        _HELD[key] = (fd, users - 1)
        return
    del _HELD[key]
    os.close(fd)  # the lock file stays: removing it could let two processes lock two files


@dataclass(frozen=True, slots=True)
class _Snapshot:
    state: State
    record_length: int


class Session:
    """One game being played by people (see the module docstring)."""

    def __init__(
        self,
        game: Game | str,
        *,
        seed: int | None = None,
        options: dict[str, object] | None = None,
        physical_dice: bool = False,
        autosave: str | os.PathLike[str] | None = None,
    ) -> None:
        self.game: Game = load_game(game) if isinstance(game, str) else game
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        self.seed: int = seed
        self.state: State = self.game.new_state(seed=seed, **(options or {}))
        self.physical_dice = physical_dice
        self.record = Record.start(self.state, physical_dice=physical_dice)
        self.autosave_path: Path | None = Path(autosave) if autosave is not None else None
        self._lock: str | None = None
        if self.autosave_path is not None:
            self._lock = _lock(self.autosave_path)
            remove_stale_temps(self.autosave_path)
        self._undo: list[_Snapshot] = []
        self._decisions = 0
        self._chance_count = 0
        self.events: list[Event] = list(self.state.events)  # the opening events of the game
        self.advance()
        self._autosave()

    # -- construction from a record ---------------------------------------------------------

    @classmethod
    def from_record(cls, record: Record, *, autosave: str | os.PathLike[str] | None = None) -> Session:
        """Continue a recorded game (fully checked first: nothing is half-loaded). A record
        from :func:`~solotable.core.record.load_record` is not replayed again."""
        final, chance_count = record.take_replayed()
        session = cls.__new__(cls)
        session.game = final.game
        session.seed = record.seed if record.seed is not None else random.SystemRandom().randrange(2**31)
        session.state = final
        session.physical_dice = record.physical_dice
        session.record = Record(
            game=record.game,
            rules_version=record.rules_version,
            options=dict(record.options),
            seed=session.seed,
            physical_dice=record.physical_dice,
            actions=list(record.actions),
            lang=record.lang,
        )
        session.autosave_path = Path(autosave) if autosave is not None else None
        session._lock = None
        if session.autosave_path is not None:
            session._lock = _lock(session.autosave_path)
            remove_stale_temps(session.autosave_path)
        session._undo = []
        session._chance_count = chance_count
        session._decisions = len(record.actions) - chance_count
        session.events = list(final.events)
        session.advance()
        return session

    @classmethod
    def resume(cls, path: str | os.PathLike[str], *, autosave: bool = True) -> Session:
        record = load_record(path)
        return cls.from_record(record, autosave=path if autosave else None)

    # -- playing ----------------------------------------------------------------------------

    @property
    def waiting_for_chance(self) -> bool:
        """True when the player must type a chance outcome (physical-dice mode)."""
        return self.physical_dice and self.state.is_chance()

    def advance(self) -> list[Event]:
        """Resolve chance nodes with the seeded generator, unless in physical-dice mode."""
        new: list[Event] = []
        while self.state.is_chance() and not self.physical_dice:
            table = self.state.chance_table()
            outcome = table.sample(chance_rng(self.seed, self._chance_count))
            new.extend(self._apply(outcome))
        self.events.extend(new)
        return new

    def parse(self, text: str) -> Action:
        return self.game.parse_action(self.state, text)

    def play(self, action: Action | str) -> list[Event]:
        """Play a decision (or, in physical-dice mode, a chance outcome) and then resolve chance.

        Returns every event since the call. Raises :class:`IllegalAction` and changes nothing
        if the action is not legal.
        """
        if isinstance(action, str):
            action = self.parse(action)
        elif not isinstance(action, Action):
            raise IllegalAction("core.err.not_action", value=shorten(action))
        if self.state.is_chance() and not self.physical_dice:
            raise IllegalAction("core.err.chance_by_session")
        self.events = []
        self.events.extend(self._apply(action))
        self.advance()
        self._autosave()
        return list(self.events)

    def _apply(self, action: Action) -> list[Event]:
        was_chance = self.state.is_chance()
        snapshot = None if was_chance else _Snapshot(self.state.clone(), len(self.record.actions))
        self.state.apply(action)  # raises IllegalAction with the state untouched
        self.record.actions.append(str(action))
        if was_chance:
            self._chance_count += 1
            self._undo.clear()  # undo never crosses a roll or a reveal
        else:
            assert snapshot is not None
            self._undo.append(snapshot)
            self._decisions += 1
        return list(self.state.events)

    # -- undo, saving -----------------------------------------------------------------------

    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> None:
        """Take back the last decision, if no roll or reveal came after it."""
        if not self._undo:
            if not self._decisions:
                raise IllegalAction("core.err.nothing_to_undo")
            raise IllegalAction("core.err.undo_wall")
        snap = self._undo.pop()
        self._decisions -= 1
        self.state = snap.state
        del self.record.actions[snap.record_length :]
        self.events = []
        self._autosave()

    def close(self) -> None:
        """Give up the save's lock (also done when the session is collected or the process ends)."""
        _unlock(self._lock)
        self._lock = None

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # at interpreter exit the module may be half gone
            _unlock(getattr(self, "_lock", None))

    def save(self, path: str | os.PathLike[str]) -> None:
        save_record(self.record, path)

    def _autosave(self) -> None:
        if self.autosave_path is not None:
            save_record(self.record, self.autosave_path)

