"""The message catalogue: every player-facing string, in English and Japanese.

Catalogues are TOML files, one table per message id with an ``en`` and a ``ja`` entry::

    ["event.rolled"]
    en = "You rolled {dice}."
    ja = "ダイスの目は {dice}。"

A parameter whose value is a string starting with ``@`` is itself a message id and is
translated before it is substituted (``{"card": "@card.monster"}``).
"""

from __future__ import annotations

import os
import tomllib
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solotable.core.protocol import Event

LANGS: tuple[str, ...] = ("en", "ja")

LANG_ENV = "SOLOTABLE_LANG"
"""The environment variable naming the language when a command has no ``--lang``."""


def default_lang(explicit: str | None = None) -> str:
    """``--lang`` if given, else ``$SOLOTABLE_LANG`` if it names a known language, else English.

    Shared by every command-line interface (``solotable play``, ``solotable sim`` ...)."""
    if explicit in LANGS:
        return explicit
    env = os.environ.get(LANG_ENV, "").strip().lower()
    return env if env in LANGS else "en"


class Catalogue:
    """Messages keyed by id, each in every language of :data:`LANGS`."""

    __slots__ = ("messages",)

    def __init__(self, messages: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self.messages: dict[str, dict[str, str]] = {k: dict(v) for k, v in (messages or {}).items()}

    @classmethod
    def from_toml(cls, *texts: str) -> Catalogue:
        cat = cls()
        for text in texts:
            data = tomllib.loads(text)
            for key, entry in data.items():
                if not isinstance(entry, dict):
                    raise ValueError(f"message {key!r} must be a table with en and ja")
                missing = [lang for lang in LANGS if not isinstance(entry.get(lang), str)]
                if missing:
                    raise ValueError(f"message {key!r} lacks {', '.join(missing)}")
                if key in cat.messages:
                    raise ValueError(f"message {key!r} is defined twice")
                cat.messages[key] = {lang: str(entry[lang]) for lang in LANGS}
        return cat

    @classmethod
    def from_package(cls, *places: tuple[str, str]) -> Catalogue:
        """Load ``(package, filename)`` resources, for example ``("solotable.core", "messages.toml")``."""
        texts = [resources.files(pkg).joinpath(name).read_text(encoding="utf-8") for pkg, name in places]
        return cls.from_toml(*texts)

    def merged(self, other: Catalogue) -> Catalogue:
        out = Catalogue(self.messages)
        for key, entry in other.messages.items():
            if key in out.messages:
                raise ValueError(f"message {key!r} is defined twice")
            out.messages[key] = dict(entry)
        return out

    def __contains__(self, key: str) -> bool:
        return key in self.messages

    def text(self, key: str, lang: str = "en", **params: object) -> str:
        """The message ``key`` in ``lang`` with its parameters filled in."""
        entry = self.messages.get(key)
        if entry is None:
            raise KeyError(f"no message {key!r} in the catalogue")
        template = entry.get(lang) or entry["en"]
        if not params:
            return template
        # called a few hundred times for each view a web page gets: the common parameters (numbers,
        # plain words) pass without a call each
        messages = self.messages
        filled: dict[str, object] = {}
        for name, value in params.items():
            if isinstance(value, str):
                if value[:1] == "@" and value[1:] in messages:  # a reference to a message
                    value = self.text(value[1:], lang)
            elif isinstance(value, LocalizedError):
                value = explain(value, lang)
            filled[name] = value
        return template.format_map(filled)

    def render(self, event: Event, lang: str = "en") -> str:
        return self.text(event.key, lang, **event.params)

    def keys(self) -> Iterable[str]:
        return self.messages.keys()

    def __iter__(self) -> Iterator[str]:
        return iter(self.messages)


# -- the global catalogue: core messages plus every game's, registered when a game loads ------

_GLOBAL = Catalogue.from_toml(
    resources.files("solotable.core").joinpath("messages.toml").read_text(encoding="utf-8")
)


def register_catalogue(cat: Catalogue) -> None:
    """Add a game's (or an interface's) messages to the global catalogue used by errors."""
    for key, entry in cat.messages.items():
        known = _GLOBAL.messages.get(key)
        if known is not None and known != entry:
            raise ValueError(f"message {key!r} is defined twice, differently")
        _GLOBAL.messages[key] = dict(entry)


def message(key: str, lang: str = "en", **params: object) -> str:
    """A message of the global catalogue; an unknown key is returned as it is (free text)."""
    if key not in _GLOBAL.messages:
        return key
    return _GLOBAL.text(key, lang, **params)


class LocalizedError(ValueError):
    """An error a person reads: a message id and parameters; ``str()`` is the English text.

    ``raise IllegalAction("core.err.not_legal", action=..., legal=...)``; free text that is no
    message id is kept as it is (useful for tests and small games without a catalogue).
    """

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = {name: _tidy(value) for name, value in params.items()}
        super().__init__(message(key, "en", **self.params))


ERROR_PARAM_LIMIT = 1000
"""The longest text an error message takes from one parameter: an error is one line, and never
echoes a huge value whole (the loader for untrusted bytes shortens values before; this is the
net under every other error)."""


def _tidy(value: object) -> object:
    """A text parameter of an error on one line (control characters escaped) and cut to
    :data:`ERROR_PARAM_LIMIT` characters; anything else as it is."""
    if not isinstance(value, str):
        return value
    cut = one_line(value[:ERROR_PARAM_LIMIT])
    return cut if len(value) <= ERROR_PARAM_LIMIT else f"{cut}… ({len(value):,} characters)"


_BREAKS = frozenset({"Cc", "Cs", "Zl", "Zp"})
"""Unicode categories that break a line or a terminal: controls, lone surrogates, line and
paragraph separators."""


def one_line(text: str) -> str:
    """``text`` with its control characters escaped (``\\n``), so that it prints on one line
    (a full-width space and every Japanese character stay as they are)."""
    if text.isprintable():
        return text
    return "".join(repr(c)[1:-1] if unicodedata.category(c) in _BREAKS else c for c in text)


def explain(exc: BaseException, lang: str = "en") -> str:
    """An error in words, in ``lang`` when it is a :class:`LocalizedError`."""
    if isinstance(exc, LocalizedError):
        return message(exc.key, lang, **exc.params)
    return str(exc)


def package_file(package: str, name: str) -> Path:
    return Path(str(resources.files(package).joinpath(name)))


def display_width(text: str) -> int:
    """Terminal columns ``text`` takes: wide and full-width (CJK) characters take two, combining
    marks none. Every interface and game view lays out Japanese text with this."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad_to(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal columns (never cut)."""
    return text + " " * max(0, width - display_width(text))
