"""Typed game data: TOML tables loaded into frozen dataclasses, with errors that name the line.

Every game keeps its cards and tables in a TOML file and reads them through :func:`build` into
typed, frozen models (``@dataclass(frozen=True, slots=True)`` classes), once. A player's own
overrides (``--cards FILE``) pass :mod:`solotable.core.untrusted` first and then the same
:func:`build`, so a wrong key, type or value is reported the same way, with its line::

    cards.toml, line 12 (monsters.MON-A.hp): expected an integer, got 2.5

What :func:`build` checks, from the dataclass's type hints: every key is known, every field
without a default is present, and each value has its type: ``int`` (not a bool, not a float),
``float`` (an int is accepted), ``str``, ``bool``, ``tuple[X, ...]`` and ``tuple[X, Y]`` (from
TOML arrays), ``dict[str, X]`` (from TOML tables), ``X | None``, ``Literal[...]``, nested
dataclasses, and ``Any`` (left as it is). Ranges and relations between fields are the model's:
it checks them in ``__post_init__`` and raises :class:`DataError` through :func:`invalid`.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from solotable.core.i18n import LocalizedError
from solotable.core.untrusted import shorten

T = TypeVar("T")


class DataError(LocalizedError):
    """Game data (a card file, a player's overrides) that does not fit its model."""


class _Invalid(Exception):
    """A model's own check failed (raised by :func:`invalid`, turned into :class:`DataError`)."""

    def __init__(self, reason: str, key: str | None) -> None:
        super().__init__(reason)
        self.key = key


def invalid(reason: str, key: str | None = None) -> Exception:
    """For a model's ``__post_init__``: ``raise invalid("the HP must be at least 1", "hp")``;
    ``key``, the field at fault, makes the error name that field and its line (else the model's)."""
    return _Invalid(reason, key)


def build(cls: type[T], raw: Any, *, source: str, text: str | None = None, path: str = "") -> T:
    """``raw`` (parsed TOML) as an instance of the dataclass ``cls``, fully checked.

    ``source`` names the file in errors; ``text``, the file's text, lets errors give the line;
    ``path`` is where ``raw`` sits in the file (``monsters.MON-A``), for nested calls."""
    return _Builder(source, text).value(cls, raw, path)  # type: ignore[no-any-return]


def line_of(text: str, path: str) -> int | None:
    """The line (1-based) where the key ``path`` (``a.b.c``) is set in TOML ``text``: the key's
    own line under its table's header, else the header's. Best effort (the usual layouts:
    ``[a.b]`` then ``c = ...``, or ``[a]`` then ``b.c = ...`` / ``b = {c = ...}``)."""
    parts = re.sub(r"\[\d+\]", "", path).split(".")  # an array item is on its array's line
    lines = text.splitlines()
    best: int | None = None
    for split in range(len(parts), 0, -1):
        table, rest = parts[:split], parts[split:]
        header = re.compile(r"^\s*\[+\s*" + r"\s*\.\s*".join(_key_pattern(p) for p in table) + r"\s*\]+\s*(#.*)?$")
        for number, line in enumerate(lines, start=1):
            if not header.match(line):
                continue
            if not rest:
                return number
            key = re.compile(r"^\s*" + _key_pattern(rest[0]) + r"\s*[.=]")
            for offset, inner in enumerate(lines[number:], start=number + 1):
                if inner.lstrip().startswith("["):
                    break
                if key.match(inner):
                    return offset
            best = best or number
        if best is not None:
            return best
    if parts:
        key = re.compile(r"^\s*" + _key_pattern(parts[0]) + r"\s*[.=]")
        for number, line in enumerate(lines, start=1):
            if key.match(line):
                return number
    return None


def _key_pattern(key: str) -> str:
    escaped = re.escape(key)
    return f"(?:{escaped}|\"{escaped}\"|'{escaped}')"


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


class _Builder:
    def __init__(self, source: str, text: str | None) -> None:
        self.source = source
        self.text = text

    def fail(self, path: str, reason: str) -> DataError:
        line = line_of(self.text, path) if self.text is not None and path else None
        where = f"{self.source}, line {line}" if line is not None else self.source
        return DataError("core.data.bad", where=where, path=path or "-", reason=reason)

    def value(self, tp: Any, raw: Any, path: str) -> Any:
        if tp is Any:
            return raw
        origin = get_origin(tp)
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            return self.model(tp, raw, path)
        if origin in (Union, types.UnionType):
            options = get_args(tp)
            if raw is None and type(None) in options:
                return None
            errors: list[DataError] = []
            for option in options:
                if option is type(None):
                    continue
                try:
                    return self.value(option, raw, path)
                except DataError as exc:
                    errors.append(exc)
            raise errors[0] if len(errors) == 1 else self.fail(path, f"unexpected value {shorten(raw)}")
        if origin is Literal:
            allowed = get_args(tp)
            if raw in allowed and type(raw) in {type(a) for a in allowed}:
                return raw
            shown = ", ".join(repr(a) for a in allowed)
            raise self.fail(path, f"expected one of {shown}, got {shorten(raw)}")
        if origin is tuple:
            args = get_args(tp)
            if not isinstance(raw, list | tuple):
                raise self.fail(path, f"expected an array, got {shorten(raw)}")
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(self.value(args[0], v, f"{path}[{i}]") for i, v in enumerate(raw))
            if len(raw) != len(args):
                raise self.fail(path, f"expected an array of {len(args)}, got {len(raw)} items")
            return tuple(self.value(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, raw, strict=True)))
        if origin in (dict, Mapping) or tp in (dict, Mapping):
            args = get_args(tp) or (str, Any)
            if not isinstance(raw, dict):
                raise self.fail(path, f"expected a table, got {shorten(raw)}")
            return {k: self.value(args[1], v, f"{path}.{k}" if path else str(k)) for k, v in raw.items()}
        if tp is bool:
            if isinstance(raw, bool):
                return raw
            raise self.fail(path, f"expected true or false, got {shorten(raw)}")
        if tp is int:
            if isinstance(raw, int) and not isinstance(raw, bool):
                return raw
            raise self.fail(path, f"expected a whole number, got {shorten(raw)}")
        if tp is float:
            if isinstance(raw, int | float) and not isinstance(raw, bool):
                return float(raw)
            raise self.fail(path, f"expected a number, got {shorten(raw)}")
        if tp is str:
            if isinstance(raw, str):
                return raw
            raise self.fail(path, f"expected text, got {shorten(raw)}")
        raise TypeError(f"core.data cannot build the type {tp!r} (at {path})")  # a bug in a model

    def model(self, cls: type, raw: Any, path: str) -> Any:
        if not isinstance(raw, dict):
            raise self.fail(path, f"expected a table, got {shorten(raw)}")
        fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
        hints = _hints(cls)
        unknown = [k for k in raw if k not in fields]
        if unknown:
            key = unknown[0]
            known = ", ".join(fields)
            raise self.fail(f"{path}.{key}" if path else str(key), f"unknown key {shorten(key)} (known: {known})")
        values: dict[str, Any] = {}
        for name, field in fields.items():
            where = f"{path}.{name}" if path else name
            if name in raw:
                values[name] = self.value(hints[name], raw[name], where)
            elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
                raise self.fail(path, f"missing key {name}")
        try:
            return cls(**values)
        except _Invalid as exc:
            where = path if exc.key is None else f"{path}.{exc.key}" if path else exc.key
            raise self.fail(where, str(exc)) from None
