"""Command lines in the player's language, with argparse used only through its public interface.

Each command line (``solotable play ...``, ``solotable sim ...``) writes its ``help=`` texts from its
own catalogue and builds a :class:`Parser` with its language. In English, help and errors are
argparse's own, word for word and laid out by argparse. In another language:

- the help is built here from what the command declared (its arguments, sections and commands,
  recorded as :class:`Parser` receives them) and the ``argparse.*`` messages of
  ``solotable/core/messages.toml`` for the words argparse adds itself ("usage:", "options"...),
  laid out by terminal columns, in which a Japanese character takes two: lines break between
  Japanese characters (never before closing punctuation), and the help column lines up;
- an error argparse raises (in English: argparse composes it) is read back against argparse's
  templates (:data:`ARGPARSE_MESSAGES`) and said in that language (:func:`translate`), through
  :meth:`ArgumentParser.error`, the method argparse documents for overriding.

Nothing of argparse is replaced: no private method is overridden and ``argparse._`` is never
touched, so parsers in other threads or other languages are unaffected::

    lang = requested_lang(argv)               # --lang, else $SOLOTABLE_LANG, else en
    parser = Parser(prog="solotable", lang=lang, description=...)
    ns = parser.parse_args(argv)              # --help and errors in ``lang``
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NoReturn

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


def translate(message: str, lang: str) -> str:
    """An error message argparse composed (in English) said in ``lang``: matched against the
    templates of :data:`ARGPARSE_MESSAGES` (``argument X: ...`` wrapping another one), its values
    kept; a message no template matches (the command's own, already in ``lang``) comes back as it is."""
    if lang == "en":
        return message
    for original, (key, names) in ARGPARSE_MESSAGES.items():
        if original in _NOT_ERRORS:
            continue
        found = _template(original).fullmatch(message)
        if found is None:
            continue
        values = dict(found.groupdict())
        params = {name: values[_group(spec, names)] for name, spec in names.items()}
        if key == "argparse.argument":
            params["message"] = translate(params["message"], lang)
        return messages().text(key, lang, **params)
    return message


_NOT_ERRORS = frozenset({"usage: ", "positional arguments", "options", "show this help message and exit",
                         "%(prog)s: error: %(message)s\n"})  # fmt: skip
"""The words of :data:`ARGPARSE_MESSAGES` that are no error message (help titles, the error line)."""

_SPEC = re.compile(r"%(?:\((\w+)\))?[sr]")


def _group(spec: str, names: dict[str, str]) -> str:
    named = _SPEC.fullmatch(spec)
    assert named is not None
    return named.group(1) or "value_0"


@cache
def _template(original: str) -> re.Pattern[str]:
    """argparse's message as a pattern: each ``%(name)s`` (or a bare ``%s``) a named group."""
    out: list[str] = []
    last = 0
    for found in _SPEC.finditer(original):
        out.append(re.escape(original[last : found.start()]))
        out.append(f"(?P<{found.group(1) or 'value_0'}>.*?)")
        last = found.end()
    out.append(re.escape(original[last:]))
    return re.compile("".join(out), re.DOTALL)


class Parser(argparse.ArgumentParser):
    """An :class:`argparse.ArgumentParser` that speaks ``lang`` (see the module's docstring).

    Declare sections with :meth:`section` (not ``add_argument_group``) and commands with
    :meth:`command` (not ``add_parser``), so that the help in another language lists them."""

    def __init__(self, *args: Any, lang: str = "en", **kwargs: Any) -> None:
        add_help = bool(kwargs.pop("add_help", True))
        kwargs["add_help"] = False  # ours below, its words in ``lang``
        super().__init__(*args, **kwargs)
        self.lang = lang
        self._declared: list[tuple[str | None, argparse.Action]] = []  # (section title, action)
        self._commands: list[tuple[str, str]] = []  # (name, help) under the subparsers action
        self._sections: list[str] = []
        if add_help:
            self.add_argument("-h", "--help", action="help", help=messages().text("argparse.help", lang))

    # -- declaring ---------------------------------------------------------------------------

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        self._declared.append((None, action))
        return action

    def section(self, title: str) -> Section:
        """A titled section of options (argparse's argument group)."""
        self._sections.append(title)
        return Section(self, self.add_argument_group(title), title)

    def add_subparsers(self, **kwargs: Any) -> Any:
        kwargs.setdefault("parser_class", _parser_class(self.lang))
        action = super().add_subparsers(**kwargs)
        self._declared.append((None, action))
        return action

    def command(self, subparsers: Any, name: str, help: str, **kwargs: Any) -> Parser:
        """``subparsers.add_parser(name, help=help)``, listed in the help in any language."""
        self._commands.append((name, help))
        made: Parser = subparsers.add_parser(name, help=help, **kwargs)
        return made

    # -- speaking ----------------------------------------------------------------------------

    def words(self, key: str, **params: object) -> str:
        return messages().text(key, self.lang, **params)

    def error(self, message: str) -> NoReturn:
        """argparse's error, said in the parser's language (usage, then ``prog: error: ...``)."""
        if self.lang == "en":
            super().error(message)
        self.print_usage(sys.stderr)
        self.exit(2, self.words("argparse.error", prog=self.prog, message=translate(message, self.lang)))

    def format_usage(self) -> str:
        if self.lang == "en":
            return super().format_usage()
        return self._usage() + "\n"

    def format_help(self) -> str:
        if self.lang == "en":
            return super().format_help()
        return _Help(self).text()

    # -- the help in another language ----------------------------------------------------------

    def _usage(self) -> str:
        prefix = self.words("argparse.usage")
        if self.usage is not None:
            return prefix + self.usage % {"prog": self.prog}
        optionals = [a for _, a in self._declared if a.option_strings]
        positionals = [a for _, a in self._declared if not a.option_strings]
        parts = [self.prog, *(_usage_part(a) for a in optionals), *(_usage_part(a) for a in positionals)]
        width = _width()
        indent = " " * display_width(prefix + self.prog + " ")
        lines: list[str] = []
        line = prefix + parts[0]
        for part in parts[1:]:
            if not part:
                continue
            if display_width(line + " " + part) > width and line.strip() != (prefix + self.prog).strip():
                lines.append(line)
                line = indent + part
            else:
                line += " " + part
        lines.append(line)
        return "\n".join(lines)


class Section:
    """A titled section of a :class:`Parser` (its options are listed under the title)."""

    def __init__(self, parser: Parser, group: argparse._ArgumentGroup, title: str) -> None:
        self._parser = parser
        self._group = group
        self.title = title

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = self._group.add_argument(*args, **kwargs)
        self._parser._declared.append((self.title, action))
        return action


def _parser_class(lang: str) -> Callable[..., Parser]:
    def make(**kwargs: Any) -> Parser:
        return Parser(lang=lang, **kwargs)

    return make


def _width() -> int:
    """The columns help is laid out in (as argparse: the terminal's, less 2)."""
    return max(shutil.get_terminal_size().columns - 2, 11)


def _metavar(action: argparse.Action) -> str:
    if action.metavar is not None:
        return str(action.metavar)
    if action.choices is not None and not isinstance(action, argparse._SubParsersAction):
        return "{" + ",".join(str(c) for c in action.choices) + "}"
    return action.dest.upper() if action.option_strings else action.dest


def _args(action: argparse.Action) -> str:
    """What follows an option (or stands for a positional): by its ``nargs``."""
    mv = _metavar(action)
    nargs = action.nargs
    if nargs == 0:
        return ""
    if nargs is None:
        return mv
    if nargs == "?":
        return f"[{mv}]"
    if nargs == "*":
        return f"[{mv} ...]"
    if nargs == "+":
        return f"{mv} [{mv} ...]"
    if nargs == argparse.REMAINDER:
        return "..."
    if nargs == argparse.PARSER:
        return f"{mv} ..."
    return " ".join([mv] * int(nargs))


def _usage_part(action: argparse.Action) -> str:
    if action.help == argparse.SUPPRESS:
        return ""
    if not action.option_strings:
        return _args(action)
    if isinstance(action, argparse.BooleanOptionalAction):
        text = " | ".join(action.option_strings)
    else:
        args = _args(action)
        text = action.option_strings[0] + (" " + args if args else "")
    return text if action.required else f"[{text}]"


def _invocation(action: argparse.Action) -> str:
    if not action.option_strings:
        return _metavar(action)
    args = _args(action)
    return ", ".join(f"{o} {args}" if args else o for o in action.option_strings)


def _help_of(action: argparse.Action, prog: str) -> str:
    text = action.help or ""
    if "%" in text:
        params = {**vars(action), "prog": prog}
        text = text % params
    return text


class _Help:
    """A parser's help laid out by terminal columns (argparse's shape: usage, description,
    sections of ``  invocation  help``, epilog)."""

    def __init__(self, parser: Parser) -> None:
        self.parser = parser
        self.width = _width()
        self.rows: list[tuple[str | None, int, str, str]] = []  # (section, indent, invocation, help)
        for section, action in parser._declared:
            if action.help == argparse.SUPPRESS:
                continue
            key = section if section is not None else ("" if action.option_strings else None)
            self.rows.append((key, 2, _invocation(action), _help_of(action, parser.prog)))
            if isinstance(action, argparse._SubParsersAction):
                for name, help_text in parser._commands:
                    self.rows.append((key, 4, name, help_text))
        longest = max((indent + display_width(inv) for _, indent, inv, _ in self.rows), default=0)
        self.help_at = min(longest + 2, max(min(24, self.width - 20), 2 * 2))

    def entry(self, indent: int, invocation: str, help_text: str) -> list[str]:
        head = " " * indent + invocation
        room = max(self.width - self.help_at, 11)
        wrapped = wrap(help_text, room) if help_text else []
        if not wrapped:
            return [head]
        if display_width(head) <= self.help_at - 2:
            first = head + " " * (self.help_at - display_width(head)) + wrapped[0]
            return [first, *(" " * self.help_at + w for w in wrapped[1:])]
        return [head, *(" " * self.help_at + w for w in wrapped)]

    def text(self) -> str:
        p = self.parser
        colon = "："
        blocks = [p._usage()]
        if p.description:
            blocks.append("\n".join(wrap(p.description, self.width)))
        titled: list[tuple[str, list[str]]] = [
            (p.words("argparse.positionals"), []),
            (p.words("argparse.options"), []),
            *((title, []) for title in p._sections),
        ]
        where: dict[str | None, int] = {None: 0, "": 1, **{title: 2 + i for i, title in enumerate(p._sections)}}
        for section, indent, invocation, help_text in self.rows:
            titled[where[section]][1].extend(self.entry(indent, invocation, help_text))
        for title, lines in titled:
            if lines:
                blocks.append(title + colon + "\n" + "\n".join(lines))
        if p.epilog:
            blocks.append("\n".join(wrap(p.epilog, self.width)))
        return "\n\n".join(blocks) + "\n"


# -- laying text out by terminal columns -----------------------------------------------------------


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
