"""Game records: the save file format, replay, and atomic writes.

A record is JSON::

    {"format": "solotable-record", "format_version": 1,
     "game": "minirogue-v1", "rules_version": "1.2.1",
     "options": {"difficulty": "normal", "keys": false},
     "seed": 7, "physical_dice": false,
     "actions": ["reveal:monster", "go", "roll:1,5,6", ...]}

``actions`` holds every step, chance outcomes included, so replaying rebuilds the same state
bit for bit. Loading checks everything and replays the whole record before returning: a corrupt,
truncated or foreign file raises :class:`RecordError` and nothing is half-loaded.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solotable.core.i18n import LocalizedError
from solotable.core.protocol import Action, Game, IllegalAction, State
from solotable.core.registry import load as load_game

FORMAT = "solotable-record"
FORMAT_VERSION = 1


class RecordError(LocalizedError):
    """A record file that cannot be used, with the reason in words."""


@dataclass
class Record:
    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int | None = None
    physical_dice: bool = False
    actions: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, state: State, *, physical_dice: bool = False) -> Record:
        return cls(
            game=state.game.id,
            rules_version=state.game.rules_version,
            options=dict(state.options()),
            seed=state.seed,
            physical_dice=physical_dice,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seed": self.seed,
            "physical_dice": self.physical_dice,
            "actions": list(self.actions),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    def replay_states(self) -> Iterator[tuple[State, Action | None]]:
        """Yield the initial state (with ``None``) and then the state after each action.

        The same state object is mutated and yielded each time; clone it to keep a copy.
        Raises :class:`RecordError` on the first action that cannot be played.
        """
        game = _game_of(self.game)
        if self.rules_version != game.rules_version:
            raise RecordError(
                "core.rec.rules_version", game=self.game, version=self.rules_version, ours=game.rules_version
            )
        try:
            state = game.new_state(seed=self.seed, **self.options)
        except ValueError as exc:
            raise RecordError("core.rec.bad_options", reason=exc) from exc
        yield state, None
        for index, text in enumerate(self.actions):
            if not isinstance(text, str):
                raise RecordError("core.rec.action_type", index=index + 1, value=repr(text))
            try:
                action = game.parse_action(state, text)
                state.apply(action)
            except IllegalAction as exc:
                raise RecordError("core.rec.bad_action", index=index + 1, action=text, reason=exc) from exc
            yield state, action

    def replay(self) -> State:
        """The final state of the record (every action checked)."""
        final: State | None = None
        for state, _ in self.replay_states():
            final = state
        assert final is not None
        return final


def _game_of(game_id: str) -> Game:
    try:
        return load_game(game_id)
    except ValueError as exc:
        raise RecordError("core.rec.unknown_game", reason=exc) from exc


def parse_record(text: str, *, source: str = "record") -> Record:
    """Read and fully check a record (the replay included). Raises :class:`RecordError`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            "core.rec.bad_json", source=source, reason=exc.msg, line=exc.lineno, column=exc.colno
        ) from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("core.rec.not_record", source=source)
    if data.get("format_version") != FORMAT_VERSION:
        raise RecordError(
            "core.rec.format_version", source=source, version=repr(data.get("format_version")), ours=FORMAT_VERSION
        )
    expected: dict[str, tuple[type, ...]] = {
        "game": (str,),
        "rules_version": (str,),
        "options": (dict,),
        "seed": (int, type(None)),
        "physical_dice": (bool,),
        "actions": (list,),
    }
    for key, types in expected.items():
        if key not in data:
            raise RecordError("core.rec.missing_field", source=source, field=key)
        value = data[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise RecordError("core.rec.bad_field", source=source, field=key, value=repr(value)[:80])
    record = Record(
        game=data["game"],
        rules_version=data["rules_version"],
        options=data["options"],
        seed=data["seed"],
        physical_dice=data["physical_dice"],
        actions=list(data["actions"]),
    )
    record.replay()  # raises RecordError on the first bad action
    return record


def load_record(path: str | os.PathLike[str]) -> Record:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise RecordError("core.rec.unreadable", path=str(p), reason=exc.strerror or str(exc)) from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError("core.rec.not_text", path=str(p)) from exc
    return parse_record(text, source=str(p))


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file whole."""
    p = Path(path)
    directory = p.parent if str(p.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def save_record(record: Record, path: str | os.PathLike[str]) -> None:
    atomic_write_text(path, record.dumps() + "\n")
