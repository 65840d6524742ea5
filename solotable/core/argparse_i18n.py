"""argparse in the player's language: its own words, and a help layout for Japanese.

Each command line (``solotable play ...``, ``solotable sim ...``) writes its ``help=`` texts from its
own catalogue; this module covers the words argparse adds itself -- ``usage:``, ``positional
arguments``, ``options``, ``show this help message and exit`` and its error messages.

argparse looks those words up through the module-level functions ``argparse._`` (gettext) and
``argparse.ngettext`` at the moment it needs them: some while a parser is built (the section titles
and the help of ``-h``), the others while it parses or prints. :func:`argparse_language` puts
translators backed by the ``argparse.*`` messages of ``solotable/core/messages.toml`` in their place
and restores the originals when it ends, so build, parse and print a parser inside it::

    lang = requested_lang(argv)               # --lang, else $SOLOTABLE_LANG, else en
    with argparse_language(lang):
        parser = build_parser(lang)           # help= texts from the command's own catalogue
        ns = parser.parse_args(argv)          # --help and errors in ``lang``

The English messages reproduce argparse's own wording exactly; a message argparse has and
:data:`ARGPARSE_MESSAGES` does not list stays in English. The swap is global to the process (argparse
has no per-parser hook for these words): it is meant for a command line's single thread. Contexts
nest, and an exception inside one (``SystemExit`` from ``--help`` included) still restores argparse.

:class:`HelpFormatter` lays help out by terminal columns, in which a Japanese character takes two:
help texts wrap between Japanese characters (not only at spaces), and the help column stays
aligned after a Japanese metavar. Text without wide characters is laid out exactly as argparse does.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any

from solotable.core.i18n import Catalogue, default_lang, display_width

ARGPARSE_MESSAGES: dict[str, tuple[str, dict[str, str]]] = {
    # argparse's message: (our message id, the message's own placeholders under the names that
    # the message id's {braces} use)
    "usage: ": ("argparse.usage", {}),
    "positional arguments": ("argparse.positionals", {}),
    "options": ("argparse.options", {}),
    "show this help message and exit": ("argparse.help", {}),
    "%(prog)s: error: %(message)s\n": ("argparse.error", {"prog": "%(prog)s", "message": "%(message)s"}),
    "argument %(argument_name)s: %(message)s": (
        "argparse.argument",
        {"argument_name": "%(argument_name)s", "message": "%(message)s"},
    ),
    "the following arguments are required: %s": ("argparse.required", {"arguments": "%s"}),
    "one of the arguments %s is required": ("argparse.one_required", {"arguments": "%s"}),
    "unrecognized arguments: %s": ("argparse.unrecognized", {"arguments": "%s"}),
    "ambiguous option: %(option)s could match %(matches)s": (
        "argparse.ambiguous",
        {"option": "%(option)s", "matches": "%(matches)s"},
    ),
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "argparse.invalid_choice",
        {"value": "%(value)r", "choices": "%(choices)s"},
    ),
    "invalid %(type)s value: %(value)r": ("argparse.invalid_value", {"type": "%(type)s", "value": "%(value)r"}),
    "expected one argument": ("argparse.expected_one", {}),
    "expected at most one argument": ("argparse.expected_at_most_one", {}),
    "expected at least one argument": ("argparse.expected_at_least_one", {}),
    "expected %s argument": ("argparse.expected_count_one", {"count": "%s"}),
    "expected %s arguments": ("argparse.expected_count_other", {"count": "%s"}),
    "not allowed with argument %s": ("argparse.not_allowed_with", {"argument": "%s"}),
    "ignored explicit argument %r": ("argparse.ignored_value", {"value": "%r"}),
}
"""The words of argparse a user meets, by argparse's own (English) text."""


@cache
def messages() -> Catalogue:
    """The engine's catalogue, which holds the ``argparse.*`` messages."""
    return Catalogue.from_package(("solotable.core", "messages.toml"))


def gettext_for(lang: str) -> Callable[[str], str]:
    """A stand-in for argparse's ``_``: argparse's message in ``lang``, its ``%`` placeholders kept
    for argparse to fill."""

    def gettext(text: str) -> str:
        known = ARGPARSE_MESSAGES.get(text)
        if known is None:
            return text
        key, placeholders = known
        return messages().text(key, lang, **placeholders)

    return gettext


def ngettext_for(lang: str) -> Callable[[str, str, int], str]:
    """A stand-in for argparse's ``ngettext``: English picks the form, the catalogue has both."""
    gettext = gettext_for(lang)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return gettext(singular if n == 1 else plural)

    return ngettext


@contextmanager
def argparse_language(lang: str) -> Iterator[None]:
    """argparse speaks ``lang`` inside the ``with`` block, as before after it."""
    module: dict[str, Any] = vars(argparse)
    saved = module["_"], module["ngettext"]
    module["_"], module["ngettext"] = gettext_for(lang), ngettext_for(lang)
    try:
        yield
    finally:
        module["_"], module["ngettext"] = saved


def requested_lang(argv: Sequence[str]) -> str:
    """The language a command line asks for, known before any parser is built: the value of its
    last ``--lang`` (``--lang ja``, ``--lang=ja``, or an abbreviation argparse accepts, ``--la ja``)
    if it names a language, else ``$SOLOTABLE_LANG``, else English (:func:`default_lang`)."""
    args = list(argv)
    value: str | None = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        name, equals, given = arg.partition("=")
        if len(name) >= 3 and "--lang".startswith(name):
            if equals:
                value = given
            elif index + 1 < len(args):
                value = args[index + 1]
    return default_lang(value)


# -- laying help out by terminal columns ---------------------------------------------------------




_NO_LINE_START = frozenset("、。，．・：；？！）」』】〕〉》ー…,.:;?!)]}")
"""Characters a line may not start with (closing punctuation, kinsoku)."""
_NO_LINE_END = frozenset("（「『【〔〈《([{")
"""Characters a line may not end with (opening brackets)."""


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns. Lines break at spaces and between two
    Japanese characters, never before closing punctuation nor after an opening bracket; a word
    longer than a line is kept whole."""
    units: list[str] = []  # spaces, single wide characters, runs of other characters
    word = ""
    for char in " ".join(text.split()):
        if char == " " or display_width(char) == 2:
            if word:
                units.append(word)
                word = ""
            units.append(char)
        else:
            word += char
    if word:
        units.append(word)
    glued: list[str] = []
    for unit in units:
        if glued and " " not in (unit, glued[-1]) and (unit[0] in _NO_LINE_START or glued[-1][-1] in _NO_LINE_END):
            glued[-1] += unit
        else:
            glued.append(unit)
    lines: list[str] = []
    line = ""
    for unit in glued:
        if unit == " ":
            line += " " if line else ""
        elif line and display_width(line + unit) > width:
            lines.append(line.rstrip())
            line = unit
        else:
            line += unit
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _plain(text: str) -> bool:
    return display_width(text) == len(text)


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help layout, counting terminal columns instead of characters (a Japanese
    character takes two). For text without wide characters it is argparse's layout unchanged."""

    def add_argument(self, action: argparse.Action) -> None:
        super().add_argument(action)
        if action.help is argparse.SUPPRESS:
            return
        widths = [display_width(self._format_action_invocation(action)) + self._current_indent]
        for sub in self._iter_indented_subactions(action):
            widths.append(display_width(self._format_action_invocation(sub)) + self._current_indent)
        self._action_max_length = max(self._action_max_length, *widths)

    def _format_action(self, action: argparse.Action) -> str:
        text = super()._format_action(action)
        header = self._format_action_invocation(action)
        extra = display_width(header) - len(header)
        lead = " " * self._current_indent + header
        first, newline, rest = text.partition("\n")
        if not extra or not first.startswith(lead) or not first[len(lead) :].strip():
            return text  # nothing wide, or the help starts on a line of its own
        help_text = first[len(lead) :].lstrip(" ")
        gap = len(first) - len(lead) - len(help_text) - extra
        if gap >= 2:
            first = lead + " " * gap + help_text
        else:  # too wide for the help column after all: the help goes to the next line
            help_position = min(self._action_max_length + 2, self._max_help_position)
            first = lead + "\n" + " " * help_position + help_text
        return first + newline + rest

    def _format_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[Any],
        prefix: str | None,
    ) -> str:
        if prefix is None:
            prefix = str(vars(argparse)["_"]("usage: "))
        actions, groups = list(actions), list(groups)
        shift = display_width(prefix) - len(prefix)
        width = self._width
        try:
            for _ in range(8):
                text = super()._format_usage(usage, actions, groups, prefix)
                if _plain(text):
                    return text
                if shift:  # continuation lines line up under the text after a wide "usage:"
                    first, *more = text.split("\n")
                    text = "\n".join([first, *(" " * shift + line if line else line for line in more)])
                overflow = max(display_width(line) for line in text.split("\n")) - width
                if overflow <= 0:
                    break
                self._width -= overflow  # wrap again, narrower by what the wide characters took
        finally:
            self._width = width
        return text

    def format_help(self) -> str:
        """argparse's help, with a Japanese section title followed by a full-width colon
        (``オプション：``; argparse writes the ASCII one)."""
        lines = super().format_help().split("\n")
        return "\n".join(
            line[:-1] + "：" if line.endswith(":") and not line.startswith(" ") and not _plain(line) else line
            for line in lines
        )

    def _split_lines(self, text: str, width: int) -> list[str]:
        if _plain(text):
            return super()._split_lines(text, width)
        return wrap(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if _plain(text):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in wrap(text, width - len(indent)))
