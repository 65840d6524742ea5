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

import json
import os
import re
import stat
import tomllib
from typing import Any

from solotable.core.i18n import LocalizedError

DEFAULT_LIMIT = 4 * 1024 * 1024
"""The largest file read by default (a long game's record is a few hundred kilobytes)."""
MAX_DEPTH = 64
"""The deepest nesting of arrays and tables accepted (records and card files need 4)."""
MAX_NUMBER_DIGITS = 40
"""The longest number accepted, in characters (no game needs more than a few digits)."""
SHOWN = 60
"""How many characters of a bad value an error message shows."""


class UntrustedError(LocalizedError):
    """Bytes from outside that cannot be used, with the reason in words."""


def shorten(value: object, limit: int = SHOWN) -> str:
    """``repr(value)`` cut to about ``limit`` characters (``'abc…' (2,000,000 characters)``), for
    error messages that echo what they refuse. Never builds the whole repr of a huge value."""
    if isinstance(value, str | bytes) and len(value) > limit:
        return f"{value[:limit]!r}… ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    if isinstance(value, list | tuple | dict | set) and len(value) > 8:
        return f"{type(value).__name__} of {len(value):,} items"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def read_bytes(path: str | os.PathLike[str], *, limit: int = DEFAULT_LIMIT) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``). Raises :class:`UntrustedError`
    for anything else: missing, unreadable, a directory, a FIFO, a device, too large."""
    name = os.fspath(path)
    shown = shorten(name)
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise UntrustedError("core.untrusted.unreadable", path=shown, reason=exc.strerror or str(exc)) from exc
    try:
        info = os.fstat(fd)
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
        raise UntrustedError("core.untrusted.unreadable", path=shown, reason=exc.strerror or str(exc)) from exc
    finally:
        os.close(fd)
    return b"".join(chunks)


def decode(raw: bytes, source: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UntrustedError("core.untrusted.not_text", source=shorten(source), offset=exc.start) from exc


_NUMBER = re.compile(r"[-+]?[0-9][0-9_.eE+\-]*")


def _check_shape(text: str, source: str, openers: str, closers: str) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and numbers longer than
    :data:`MAX_NUMBER_DIGITS`, by a scan that skips strings (JSON and TOML quote alike)."""
    depth = 0
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == '"' or ch == "'":
            # skip the string: JSON's and TOML's basic strings escape with a backslash; TOML's
            # literal strings ('...') have no escapes; triple quotes are skipped as three strings
            j = i + 1
            while j < n and text[j] != ch:
                if ch == '"' and text[j] == "\\":
                    j += 1
                j += 1
            i = j + 1
            continue
        if ch == "#" and openers == "[{":  # a TOML comment runs to the end of the line
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if ch in openers:
            depth += 1
            if depth > MAX_DEPTH:
                raise UntrustedError(
                    "core.untrusted.too_deep", source=shorten(source), depth=MAX_DEPTH, line=text.count("\n", 0, i) + 1
                )
        elif ch in closers:
            depth -= 1
        elif ch.isdigit():
            match = _NUMBER.match(text, i)
            assert match is not None
            if len(match.group()) > MAX_NUMBER_DIGITS:
                raise UntrustedError(
                    "core.untrusted.long_number",
                    source=shorten(source),
                    value=shorten(match.group(), 20),
                    line=text.count("\n", 0, i) + 1,
                )
            i = match.end()
            continue
        i += 1


def parse_json(raw: bytes | str, source: str) -> Any:
    """JSON from outside: UTF-8, bounded nesting and number length. :class:`UntrustedError`
    otherwise, with the line and column of a syntax error."""
    text = decode(raw, source) if isinstance(raw, bytes) else raw
    _check_shape(text, source, "[{", "]}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UntrustedError(
            "core.untrusted.bad_json", source=shorten(source), reason=exc.msg, line=exc.lineno, column=exc.colno
        ) from exc
    except (ValueError, RecursionError) as exc:  # belt and braces: the scan should catch these
        raise UntrustedError(
            "core.untrusted.bad_json", source=shorten(source), reason=shorten(str(exc), 80), line=0, column=0
        ) from exc


def parse_toml(raw: bytes | str, source: str) -> dict[str, Any]:
    """TOML from outside: UTF-8, bounded nesting and number length. :class:`UntrustedError`
    otherwise, with the line of a syntax error."""
    text = decode(raw, source) if isinstance(raw, bytes) else raw
    _check_shape(text, source, "[{", "]}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UntrustedError("core.untrusted.bad_toml", source=shorten(source), reason=shorten(str(exc), 120)) from exc
    except (ValueError, RecursionError) as exc:
        raise UntrustedError("core.untrusted.bad_toml", source=shorten(source), reason=shorten(str(exc), 120)) from exc


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
