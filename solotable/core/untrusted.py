"""The one way in for bytes from outside the program: records, card files, requests.

Everything read from a file a user names, or received by a server, passes here first:

- :func:`read_bytes` opens only **regular files**, without blocking (a FIFO or a device is
  refused at once, not read), and reads at most ``limit`` bytes (a longer file is refused, not
  truncated);
- :func:`parse_json` and :func:`parse_toml` decode UTF-8 and parse with **bounded nesting** and
  **bounded number length** (a 5,000-digit integer or a document nested 100,000 deep is refused
  before Python's parsers meet it);
- every failure is an :class:`UntrustedError` (a :class:`~solotable.core.i18n.LocalizedError`)
  with a one-line message that names the source and shows the bad value shortened by
  :func:`shorten`.

Typed validation of what was parsed is the caller's (a record's fields, a card file's keys);
callers raise their own error types for it, with :func:`shorten` for the values they echo.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import json
import os
import re
import reprlib
import stat
import tomllib
from collections.abc import Iterator
from typing import Any

from solotable.core.i18n import LocalizedError, one_line

DEFAULT_LIMIT = 4 * 1024 * 1024
"""The largest file read by default (a long game's record is a few hundred kilobytes)."""
MAX_DEPTH = 64
"""The deepest nesting of arrays and tables accepted (records and card files need 4)."""
MAX_NUMBER_DIGITS = 40
"""The longest number accepted, in characters (no game needs more than a few digits)."""
SHOWN = 60
"""How many characters of a bad value an error message shows."""
PATH_SHOWN = 200
"""How many characters of a file's name an error message shows (a path is how the reader finds
the file: it is shown as it is, cut only when absurdly long)."""


class UntrustedError(LocalizedError):
    """Bytes from outside that cannot be used, with the reason in words."""


class _Short(reprlib.Repr):
    """``repr`` with every part bounded: long strings, long lists, deep nesting, huge numbers
    (whose full ``repr`` Python refuses past 4,300 digits)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = self.maxdict = 8
        self.maxstring = self.maxother = self.maxlong = max(limit, 12)

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * self.maxlong:
            return f"<a number of about {int(x.bit_length() * 0.30103):,} digits>"
        return super().repr_int(x, level)


def shorten(value: object, limit: int = SHOWN) -> str:
    """``repr(value)`` cut to about ``limit`` characters (``'abc…' (2,000,000 characters)``), for
    error messages that echo what they refuse. Never builds the whole repr of a huge value, and
    never spans lines."""
    if isinstance(value, str | bytes) and len(value) > limit:
        return f"{value[:limit]!r}… ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    if isinstance(value, list | tuple | dict | set) and len(value) > 8:
        return f"{type(value).__name__} of {len(value):,} items"
    text = _Short(limit).repr(value)
    text = text if len(text) <= limit else text[:limit] + "…"
    return one_line(text)


def clip(text: str, limit: int = SHOWN) -> str:
    """``text`` itself (not its ``repr``) for a message that quotes it: cut to ``limit``
    characters with the length said (``abc… (2,000,000 characters)``), control characters
    escaped so that it stays on one line."""
    cut = text if len(text) <= limit else text[:limit]
    shown = one_line(cut)
    return shown if cut is text else f"{shown}… ({len(text):,} characters)"




_NO_FILES: contextvars.ContextVar[bool] = contextvars.ContextVar("solotable_no_files", default=False)


@contextlib.contextmanager
def no_files() -> Iterator[None]:
    """While this block runs, :func:`read_bytes` reads nothing: what runs in it (a game set up
    from a record's options) must find everything it needs inside what it was given. A record
    never names a file to read."""
    token = _NO_FILES.set(True)
    try:
        yield
    finally:
        _NO_FILES.reset(token)


def read_bytes(path: str | os.PathLike[str], *, limit: int = DEFAULT_LIMIT) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``). Raises :class:`UntrustedError`
    for anything else: missing, unreadable, a directory, a FIFO, a device, too large, or any
    file inside :func:`no_files`."""
    name = os.fspath(path)
    shown = clip(name, PATH_SHOWN)
    if _NO_FILES.get():
        raise UntrustedError("core.untrusted.no_files", path=shown)
    try:  # look before opening: a device is never even opened (opening some has effects)
        mode = os.stat(name).st_mode
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise _unreadable(shown, exc) from exc
    if not stat.S_ISREG(mode):
        raise UntrustedError("core.untrusted.not_file", path=shown)
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except (OSError, ValueError) as exc:
        raise _unreadable(shown, exc) from exc
    try:
        info = os.fstat(fd)  # and check again what was opened (the path may have changed)
        if not stat.S_ISREG(info.st_mode):
            raise UntrustedError("core.untrusted.not_file", path=shown)
        if info.st_size > limit:
            raise UntrustedError("core.untrusted.too_large", path=shown, size=f"{info.st_size:,}", limit=f"{limit:,}")
        chunks: list[bytes] = []
        size = 0
        while True:  # the file may grow while it is read: never read past the limit
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise UntrustedError("core.untrusted.too_large", path=shown, size=f"> {limit:,}", limit=f"{limit:,}")
    except OSError as exc:
        raise _unreadable(shown, exc) from exc
    finally:
        os.close(fd)
    return b"".join(chunks)


def _source(source: str) -> str:
    return clip(source, PATH_SHOWN)


_OS_REASONS = {errno.ENOENT: "no_such_file", errno.EACCES: "permission", errno.EPERM: "permission"}
"""The commonest reasons a file cannot be read, in the player's language (others as the system
words them)."""


def _unreadable(shown: str, exc: OSError | ValueError) -> UntrustedError:
    if isinstance(exc, OSError) and exc.errno in _OS_REASONS:
        return UntrustedError("core.untrusted.unreadable", path=shown, reason=f"@core.os.{_OS_REASONS[exc.errno]}")
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return UntrustedError("core.untrusted.unreadable", path=shown, reason=clip(reason, 80))  # its words, not a repr


_JSON_REASONS = (
    ("Expecting value", "value"),
    ("Unterminated string", "unterminated"),
    ("Expecting ',' delimiter", "comma"),
    ("Expecting ':' delimiter", "colon"),
    ("Expecting property name", "name"),
    ("Extra data", "extra"),
    ("Invalid control character", "control"),
    ("Invalid \\uXXXX escape", "unicode_escape"),
    ("Invalid \\escape", "escape"),
    ("Illegal trailing comma", "trailing_comma"),
)
"""The JSON decoder's reasons, in the player's language (its own words end in "at" before the
position, which the message says in its own words)."""


def _json_reason(text: str) -> str:
    for prefix, key in _JSON_REASONS:
        if text.startswith(prefix):
            return f"@core.json.{key}"
    return clip(text.removesuffix(" at"), 80)


def decode(raw: bytes, source: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UntrustedError("core.untrusted.not_text", source=_source(source), offset=exc.start) from exc


_NUMBER_CHARS = r"0[xob][0-9a-fA-F_]+|[0-9](?:[0-9_.eE]|[eE][+\-])*"
"""A number as JSON and TOML write it (a TOML hex, octal or binary integer included: Python
reads those at any length, so their length is bounded here too)."""
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]|' + _NUMBER_CHARS, re.DOTALL)
"""What the shape scan stops at in JSON: a string (skipped whole, escapes included; an
unterminated one runs to the end), a bracket, or a number."""
_TOML_TOKENS = re.compile(
    r'"""(?:[^\\]|\\[\s\S])*?(?:"""|$)|\'\'\'[\s\S]*?(?:\'\'\'|$)|"(?:[^"\\\n]|\\.)*"?|\'[^\'\n]*\'?|#[^\n]*|[\[\]{}]|'
    + _NUMBER_CHARS
)
"""The same for TOML: multi-line and one-line strings of both kinds, comments, brackets, numbers."""


def _check_shape(text: str, source: str, tokens: re.Pattern[str]) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and numbers longer than
    :data:`MAX_NUMBER_DIGITS`, by one regular-expression scan that skips strings and comments
    (fast on a file of megabytes, and Python's parsers never meet what it refuses)."""
    depth = 0
    for match in tokens.finditer(text):
        token = match.group()
        first = token[0]
        if first in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, match.start()) + 1
                raise UntrustedError("core.untrusted.too_deep", source=_source(source), depth=MAX_DEPTH, line=line)
        elif first in "]}":
            depth -= 1
        elif "0" <= first <= "9" and len(token) > MAX_NUMBER_DIGITS:
            line = text.count("\n", 0, match.start()) + 1  # for a person to find it
            raise UntrustedError(
                "core.untrusted.long_number", source=_source(source), value=shorten(token, 20), line=line
            )


def _check_dotted_keys(text: str, source: str) -> None:
    """Refuse a dotted key (``a.b.c = 1``, ``[a.b.c]``) deeper than :data:`MAX_DEPTH` before
    ``tomllib`` meets it: it builds every prefix of such a key (quadratic memory on a key of
    100,000 parts) and a merge of the result recurses once per level. Only what stands before a
    line's first ``=`` (or a table header) is counted, so dots in values are never counted."""
    for number, line in enumerate(text.split("\n"), start=1):
        head = line.lstrip()
        key = head.split("]", 1)[0] if head.startswith("[") else head.split("=", 1)[0] if "=" in head else ""
        if key.count(".") >= MAX_DEPTH:
            raise UntrustedError("core.untrusted.too_deep", source=_source(source), depth=MAX_DEPTH, line=number)


def parse_json(raw: bytes | str, source: str) -> Any:
    """JSON from outside: UTF-8 (a leading byte-order mark is allowed), bounded nesting and
    number length, no ``NaN`` or ``Infinity``, no key twice in one object. :class:`UntrustedError`
    otherwise, with the line and column of a syntax error."""
    text = decode(raw, source) if isinstance(raw, bytes) else raw
    text = text.removeprefix("\ufeff")
    _check_shape(text, source, _JSON_TOKENS)

    def constant(name: str) -> Any:
        raise UntrustedError("core.untrusted.json_constant", source=_source(source), value=name)

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in items:
            if key in out:
                raise UntrustedError("core.untrusted.json_twice", source=_source(source), name=shorten(key))
            out[key] = value
        return out

    try:
        return json.loads(text, parse_constant=constant, object_pairs_hook=pairs)
    except json.JSONDecodeError as exc:
        raise UntrustedError(
            "core.untrusted.bad_json", source=_source(source), reason=_json_reason(exc.msg), line=exc.lineno,
            column=exc.colno,
        ) from exc
    except UntrustedError:
        raise
    except (ValueError, RecursionError) as exc:  # belt and braces: the scan should catch these
        raise UntrustedError(
            "core.untrusted.bad_json", source=_source(source), reason=shorten(str(exc), 80), line=0, column=0
        ) from exc


def parse_toml(raw: bytes | str, source: str) -> dict[str, Any]:
    """TOML from outside: UTF-8, bounded nesting and number length. :class:`UntrustedError`
    otherwise, with the line of a syntax error."""
    text = decode(raw, source) if isinstance(raw, bytes) else raw
    text = text.removeprefix("\ufeff")
    _check_shape(text, source, _TOML_TOKENS)
    _check_dotted_keys(text, source)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UntrustedError("core.untrusted.bad_toml", source=_source(source), reason=shorten(str(exc), 120)) from exc
    except (ValueError, RecursionError) as exc:
        raise UntrustedError("core.untrusted.bad_toml", source=_source(source), reason=shorten(str(exc), 120)) from exc


def load_json(path: str | os.PathLike[str], *, limit: int = DEFAULT_LIMIT) -> Any:
    """:func:`read_bytes` then :func:`parse_json`, naming the file in every error."""
    return parse_json(read_bytes(path, limit=limit), os.fspath(path))


def load_toml(path: str | os.PathLike[str], *, limit: int = DEFAULT_LIMIT) -> dict[str, Any]:
    """:func:`read_bytes` then :func:`parse_toml`, naming the file in every error."""
    return parse_toml(read_bytes(path, limit=limit), os.fspath(path))


class SourceText(str):
    """Text read from a file outside, that keeps the file's name (``source``) for the messages
    about it: what an interface hands a game for a file option (a game never opens files)."""

    source: str

    def __new__(cls, text: str, source: str) -> SourceText:
        made = super().__new__(cls, text)
        made.source = source
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (SourceText, (str(self), self.source))


def read_text(path: str | os.PathLike[str], *, limit: int = DEFAULT_LIMIT) -> SourceText:
    """:func:`read_bytes` then UTF-8 decoding: the file's text, named by its path."""
    name = os.fspath(path)
    return SourceText(decode(read_bytes(name, limit=limit), name), name)
