"""The line-mode terminal interface: ``solotable play | resume | replay | games | rules | sim``.

Plain lines in, plain lines out, the same with or without a terminal, so a game can be scripted
by piping lines into standard input. The pieces are kept apart for the full-screen interface:

- :class:`LinePlayer` is the play loop over a :class:`~solotable.core.session.Session`, with
  injected ``input_fn`` / ``output_fn`` (tests drive it without subprocesses);
- :class:`Replayer` steps through a record;
- :func:`main` is the argument parsing around them.

No rule lives here: everything shown comes from the game (``render_text``, ``describe``,
``event_text``, ``help_text``), the state (``legal_actions``, ``chance_table``, ``warnings``,
``result``) and the session (``events``, undo, saving). Every word the interface itself says is
in ``messages.toml`` (English and Japanese), ``--help`` included; argparse's own words ("usage:",
its error messages) are said in the player's language by :mod:`solotable.core.argparse_i18n`.
"""

from __future__ import annotations

import argparse
import os
import sys
import unicodedata
from collections.abc import Callable, Sequence
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from solotable import __version__
from solotable.core.argparse_i18n import Parser, requested_lang
from solotable.core.i18n import LANG_ENV, LANGS, default_lang
from solotable.core.protocol import MAX_NOTATION, Action, Event, Game, IllegalAction, OptionError, State
from solotable.core.record import Record, RecordError, load_record, remove_stale_temps
from solotable.core.registry import games as registered_games
from solotable.core.registry import load as load_game
from solotable.core.session import Session
from solotable.core.text_layout import markdown_plain, wrap
from solotable.core.untrusted import clip
from solotable.ui.present import (
    entries_text,
    example_outcome,
    hint_panel,
    labelled,
    msg,
    outcome_labelled,
    record_lines,
    result_lines,
    typed_example,
)
from solotable.ui.typed import typed_choice, typed_number, typed_number_message

if TYPE_CHECKING:
    from solotable.ui.record_db import DamagedNotice

InputFn = Callable[[str], str]
"""Reads one line after showing a prompt; raises ``EOFError`` when input ends."""
OutputFn = Callable[[str], None]
"""Shows one block of text (a line or several)."""

HINT_MAX_SECONDS = 600
"""The longest search a ``hint`` may ask for."""
MANY_OUTCOMES = 60
"""Above this many chance outcomes (Deep Space D-6's 462 crew rolls), physical-dice mode lists
them compactly by notation; up to this many (a threat card drawn from 36) in words, one a line."""
_YES = frozenset({"y", "yes", "はい"})
_NO = frozenset({"n", "no", "いいえ", ""})


# -- pieces of text any line interface can reuse ------------------------------------------------


MAX_LINE = 8192
"""The longest line read (a file name to save to is the longest thing typed); a longer one is
refused at once, whole, without being read (a 200 MB line is not folded and split)."""
def wrapped(text: str, columns: int | None, first: str, rest: str) -> str:
    """``first`` and ``text`` as one line (``columns`` None: output that is not a terminal, read
    line by line), else wrapped to ``columns`` under ``rest`` by the wrapper every interface uses
    (words and Japanese phrases kept whole, kinsoku; the terminal itself would cut anywhere)."""
    if columns is None:
        return first + text
    return "\n".join(wrap(text, columns, first, rest))


def events_text(game: Game, events: Sequence[Event], lang: str, columns: int | None = None) -> str:
    """The log of what just happened, or an empty string."""
    if not events:
        return ""
    lines = [msg("cli.log_heading", lang)]
    lines.extend(wrapped(game.event_text(event, lang), columns, "  - ", "    ") for event in events)
    return "\n".join(lines)


def choice_line(number: int, width: int, label: str, notation: str, columns: int | None = None) -> str:
    """``  3) Reroll the 6 on die 2   [crit:2]``."""
    mark = f"  {number:>{width}}) "
    return wrapped(labelled(label, notation), columns, mark, " " * len(mark))


def choices_text(
    game: Game, state: State, actions: Sequence[Action], lang: str, *, chance: bool, columns: int | None = None
) -> str:
    heading = msg("cli.chance_heading" if chance else "cli.actions_heading", lang)
    width = len(str(len(actions)))
    if chance and len(actions) > MANY_OUTCOMES:  # (Deep Space D-6's 462 crew rolls): what to type, no list
        lines = [heading, wrapped(msg("cli.chance_many", lang, count=len(actions)), columns, "", "")]
        example = example_outcome(actions)
        words = game.describe(state, example, lang)
        if words != str(example):  # how the game reads it: Deep Space D-6's 1-6 as crew faces
            typed = typed_example(game, state, example, lang)
            lines.append(wrapped(msg("cli.chance_example", lang, example=typed, words=words), columns, "", ""))
        return "\n".join(lines)
    lines = [heading]
    # an outcome in brackets as it is typed at the table (a card's name, a tile), not its code
    for i, action in enumerate(actions, 1):
        label = game.describe(state, action, lang)
        if chance:  # named once when the label already says what is typed (牌 1萬, not 牌 1萬   [1萬])
            mark = f"  {i:>{width}}) "
            lines.append(wrapped(outcome_labelled(label, typed_example(game, state, action, lang)), columns, mark,
                                 " " * len(mark)))  # fmt: skip
        else:
            lines.append(choice_line(i, width, label, str(action), columns))
    return "\n".join(lines)


def terminal_width() -> int:
    """The columns line mode wraps text to: the terminal's (80 when output is not a terminal),
    at most 100 so that lines stay readable."""
    import shutil

    return max(40, min(100, shutil.get_terminal_size((80, 24)).columns))


def terminal_columns() -> int | None:
    """The columns line mode's log and choices are wrapped to: the terminal's less one (a full
    line would leave the cursor past it), or None when output is not a terminal (read line by
    line: one event, one choice a line)."""
    return terminal_width() - 1 if sys.stdout is not None and sys.stdout.isatty() else None


def help_page(game: Game, lang: str, width: int | None = None) -> str:
    """A game's rules in short (``help_text``, Markdown) as plain text wrapped to the terminal."""
    return markdown_plain(game.help_text(lang), (width or terminal_width()) - 1)


COMMAND_WORDS = frozenset({"q", "quit", "exit", "undo", "help", "?", "show", "info"})
"""Words line mode reads as a command when they are the whole line (after NFKC and lower case)."""
COMMAND_HEADS = frozenset({"save", "hint", "lang"})
"""Words line mode reads as a command when they start the line (``save FILE``, ``hint 5``)."""


class _Step(Enum):
    CHANGED = "changed"  # the position changed: show the table again
    SAME = "same"  # nothing changed: just prompt again
    QUIT = "quit"


class LinePlayer:
    """The play loop: show the table, read a line, act on it, until the game ends or the player
    quits. ``input_fn`` raises ``EOFError`` at the end of input, which quits (after saving, if
    the session autosaves)."""

    def __init__(
        self,
        session: Session,
        lang: str = "en",
        input_fn: InputFn = input,
        output_fn: OutputFn = print,
        *,
        columns: int | None = None,
    ) -> None:
        self.session = session
        self.lang = lang
        self._input = input_fn
        self._output = output_fn
        self.columns = columns
        """The terminal's columns the log and the choices are wrapped to (None: not wrapped)."""

    # -- small helpers ----------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    def t(self, key: str, **params: object) -> str:
        return msg(key, self.lang, **params)

    def say(self, text: str) -> None:
        self._output(text)

    def choices(self) -> list[Action]:
        """What a number typed now refers to: the chance outcomes while the player's own dice
        are awaited, else the legal decisions."""
        state = self.session.state
        if self.session.waiting_for_chance:
            return list(state.chance_table().actions)
        return state.legal_actions()

    # -- showing ----------------------------------------------------------------------------

    def show_intro(self) -> None:
        s = self.session
        self.say(self.t("cli.header", title=self.game.title(self.lang)))
        if s.physical_dice:
            self.say(self.t("cli.physical_dice"))
        else:
            self.say(self.t("cli.seed", seed=s.seed))
        if s.autosave_path is not None:
            self.say(self.t("cli.autosave_at", path=s.autosave_path))
        else:
            self.say(self.t("cli.autosave_off"))
        self.say(self.t("cli.hint"))

    def show_table(self, *, with_choices: bool = True) -> None:
        s = self.session
        self.say("")
        self.say(self.game.render_text(s.state, self.lang))
        log = events_text(self.game, s.events, self.lang, self.columns)
        if log:
            self.say(log)
        if with_choices and not s.state.is_terminal():
            self.say(choices_text(self.game, s.state, self.choices(), self.lang, chance=s.waiting_for_chance,
                                  columns=self.columns))  # fmt: skip

    def show_end(self) -> None:
        self.show_table(with_choices=False)
        self.say("\n".join(result_lines(self.session.state, self.lang)))
        path = self.session.autosave_path
        self.say(self.t("cli.record_at", path=path) if path is not None else self.t("cli.record_unsaved"))

    # -- the loop ---------------------------------------------------------------------------

    def run(self, *, intro: bool = True) -> int:
        """Play until the game ends (status 0), the player quits (0) or the game is stuck (1)."""
        if intro:
            self.show_intro()
        show = True
        while not self.session.state.is_terminal():
            if not self.choices():
                self.say(self.t("cli.stuck"))
                self.quit()
                return 1
            if show:
                self.show_table()
            try:
                line = self._input(self.t("cli.prompt"))
            except (EOFError, KeyboardInterrupt):
                line = None
            step = _Step.QUIT if line is None else self.handle(line)
            if step is _Step.QUIT:
                self.quit()
                return 0
            show = step is _Step.CHANGED
        self.show_end()
        return 0

    def handle(self, line: str) -> _Step:
        """Act on one line of input."""
        if len(line) > MAX_LINE:  # no command or move is this long: answered before any reading
            self.say(self.t("cli.illegal", reason=IllegalAction("core.err.too_long", text=clip(line, 20),
                                                                 limit=MAX_NOTATION)))  # fmt: skip
            return _Step.SAME
        text = line.strip()
        folded = unicodedata.normalize("NFKC", text).lower()
        word = folded.split(maxsplit=1)[0] if folded else ""
        parts = text.split(maxsplit=1)
        rest = parts[1] if len(parts) > 1 else ""
        if not folded:
            return _Step.SAME
        if folded in ("q", "quit", "exit"):
            return _Step.QUIT
        if folded == "undo":
            return self.undo()
        if word == "save":
            return self.save(rest)
        if word == "hint":
            return self.hint(rest)
        if folded in ("help", "?"):
            self.say(help_page(self.game, self.lang))
            self.say(self.t("cli.commands"))
            return _Step.SAME
        if folded == "show":
            return _Step.CHANGED
        if folded == "info":
            return self.info()
        if word == "lang":
            return self.switch_lang(rest.lower())
        if folded.isdecimal():
            return self.choose_number(folded)
        try:
            action = self.session.parse(text)
        except IllegalAction as exc:
            self.say(self.t("cli.illegal", reason=exc))
            return _Step.SAME
        return self.play(action)

    def choose_number(self, text: str) -> _Step:
        choices = self.choices()
        state = self.session.state
        chosen = typed_number(self.game, state, text, choices)
        if isinstance(chosen, str):
            self.say(typed_number_message(self.game, state, text, choices, self.lang))
            return _Step.SAME
        return self.play(chosen)

    def info(self) -> _Step:
        """``info``: what the cards, tables and tiles in view say (``Game.info_entries``)."""
        entries = self.game.info_entries(self.session.state, self.lang)
        if not entries:
            self.say(self.t("cli.info_none"))
            return _Step.SAME
        self.say(entries_text(entries, terminal_width() - 1))
        return _Step.SAME

    def play(self, action: Action) -> _Step:
        """Warn if the game says so, ask for confirmation, then play ``action``."""
        s = self.session
        if not s.state.is_chance():
            warnings = s.state.warnings(action)
            if warnings:
                self.say(self.t("cli.warning_heading"))
                for event in warnings:
                    self.say(f"  ! {self.game.event_text(event, self.lang)}")
                answer = self.confirm()
                if answer is None:
                    return _Step.QUIT
                if not answer:
                    self.say(self.t("cli.cancelled"))
                    return _Step.SAME
        try:
            s.play(action)
        except IllegalAction as exc:
            self.say(self.t("cli.illegal", reason=exc))
            return _Step.SAME
        except OSError as exc:  # the move is played; only the autosave failed
            self._save_failed(s.autosave_path, exc)
        return _Step.CHANGED

    def confirm(self) -> bool | None:
        """Ask y/n; ``None`` when input ends."""
        while True:
            try:
                answer = unicodedata.normalize("NFKC", self._input(self.t("cli.confirm"))).strip().lower()
            except (EOFError, KeyboardInterrupt):
                return None
            if answer in _YES:
                return True
            if answer in _NO:
                return False

    def hint(self, budget: str) -> _Step:
        """``hint [SECONDS]``: search a copy of the position and show the best decision with its
        estimated chance of winning, and the runners-up. The session is not touched."""
        from solotable.agents.hint import DEFAULT_BUDGET, hint

        try:
            seconds = float(unicodedata.normalize("NFKC", budget)) if budget.strip() else DEFAULT_BUDGET
        except ValueError:
            seconds = -1.0
        if not 0 < seconds <= HINT_MAX_SECONDS:
            self.say(self.t("cli.hint_usage", max=HINT_MAX_SECONDS))
            return _Step.SAME
        s = self.session
        if s.waiting_for_chance or s.state.is_chance() or s.state.is_terminal():
            self.say(self.t("cli.hint_none"))
            return _Step.SAME
        state = s.state
        self.say(self.t("cli.hint_thinking", seconds=f"{seconds:g}"))
        ranked = hint(state, seconds)
        panel = hint_panel(self.game, state, ranked, self.lang)  # worded as every interface words it
        if panel is None:
            self.say(self.t("cli.hint_none"))
            return _Step.SAME
        self.say(panel.best_heading)
        self.say("  " + panel.best.line)
        if panel.others:
            self.say(panel.others_heading)
            for other in panel.others:
                self.say("  " + other.line)
        if panel.note:
            self.say(panel.note)
        return _Step.SAME

    def undo(self) -> _Step:
        try:
            self.session.undo()
        except IllegalAction as exc:
            self.say(self.t("cli.undo_impossible", reason=exc))
            return _Step.SAME
        except OSError as exc:
            self._save_failed(self.session.autosave_path, exc)
        self.say(self.t("cli.undo_done"))
        return _Step.CHANGED

    def save(self, target: str) -> _Step:
        if not target:
            self.say(self.t("cli.save_usage"))
            return _Step.SAME
        path = Path(target).expanduser()
        try:
            self.session.save(path)
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
            self._save_failed(path, exc)
        else:
            self.say(self.t("cli.saved", path=path))
        return _Step.SAME

    def switch_lang(self, lang: str) -> _Step:
        if lang not in LANGS:
            self.say(self.t("cli.lang_usage", langs="|".join(LANGS)))
            return _Step.SAME
        self.lang = lang
        self.session.record.lang = lang  # kept by resume and replay (saved with the next move)
        self.say(self.t("cli.lang_set"))
        return _Step.CHANGED

    def quit(self) -> None:
        path = self.session.autosave_path
        if path is None:
            self.say(self.t("cli.quit_unsaved"))
            return
        try:
            self.session.save(path)
        except OSError as exc:
            self._save_failed(path, exc)
            return
        self.say(self.t("cli.quit_saved", path=path))

    def _save_failed(self, path: Path | None, exc: OSError | ValueError) -> None:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        self.say(self.t("cli.save_failed", path=clip(str(path), 200), reason=reason))


class Replayer:
    """Steps through a record: the table after each step, with that step's events."""

    def __init__(
        self,
        record: Record,
        lang: str = "en",
        input_fn: InputFn = input,
        output_fn: OutputFn = print,
        *,
        source: str = "",
        columns: int | None = None,
    ) -> None:
        self.record = record
        self.columns = columns
        self.game = load_game(record.game)
        self.lang = lang
        self.source = source
        self._input = input_fn
        self._output = output_fn
        self.steps: list[tuple[State, Action | None, list[Event]]] = [
            (state.clone(), action, list(state.events)) for state, action in record.replay_states()
        ]

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def t(self, key: str, **params: object) -> str:
        return msg(key, self.lang, **params)

    def show(self, index: int) -> None:
        state, action, events = self.steps[index]
        self._output("")
        if action is None:
            self._output(self.t("cli.replay_start", total=self.last))
        else:
            before = self.steps[index - 1][0]
            label = labelled(self.game.describe(before, action, self.lang), str(action))
            self._output(self.t("cli.replay_step", step=index, total=self.last, label=label))
        self._output(self.game.render_text(state, self.lang))
        log = events_text(self.game, events, self.lang, self.columns)
        if log:
            self._output(log)
        if index == self.last:
            self.show_end()

    def show_end(self) -> None:
        final = self.steps[-1][0]
        if final.is_terminal():
            self._output("\n".join(result_lines(final, self.lang)))
            self._output(self.t("cli.replay_end"))
        else:
            self._output(self.t("cli.replay_unfinished", path=self.source))

    def run(self, *, interactive: bool) -> int:
        if not interactive:
            for index in range(len(self.steps)):
                self.show(index)
            return 0
        index = 0
        self.show(index)
        while True:
            try:
                line = self._input(self.t("cli.replay_prompt"))
            except (EOFError, KeyboardInterrupt):
                return 0
            answer = unicodedata.normalize("NFKC", line).strip().lower()
            if answer in ("q", "quit", "exit"):
                return 0
            if answer == "":
                if index == self.last:
                    return 0
                index += 1
            elif answer in ("b", "back"):
                index = max(0, index - 1)
            elif (step := typed_choice(answer)) is not None and step <= self.last:
                index = step
            else:
                self._output(self.t("cli.replay_bad_step", number=clip(answer, 20), total=self.last))
                continue
            self.show(index)


# -- standard input, save places ----------------------------------------------------------------


def stdin_input(prompt: str) -> str:
    """``input()`` on a terminal; otherwise read a line from ``sys.stdin`` and echo it after the
    prompt, so that a piped game reads like a transcript. ``EOFError`` at the end."""
    stdin = sys.stdin
    if stdin is None:
        raise EOFError
    if stdin.isatty():
        return input(prompt)
    sys.stdout.write(prompt)
    line = stdin.readline()
    if not line:
        sys.stdout.write("\n")
        sys.stdout.flush()
        raise EOFError
    line = line.rstrip("\r\n")
    sys.stdout.write(line + "\n")
    sys.stdout.flush()
    return line


def saves_dir() -> Path:
    """``$XDG_DATA_HOME/solotable/saves`` (or ``~/.local/share/solotable/saves``)."""
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "solotable" / "saves"


def new_save_path(game_id: str, now: datetime | None = None) -> Path:
    """A fresh file in :func:`saves_dir` named by time and game (the directory is created)."""
    directory = saves_dir()
    directory.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(directory, every=True)  # what autosaves killed mid-write left
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = directory / f"{stamp}-{game_id}.solotable.json"
    counter = 2
    while path.exists():
        path = directory / f"{stamp}-{game_id}-{counter}.solotable.json"
        counter += 1
    return path


# -- the command line --------------------------------------------------------------------------


_PLAY_FLAGS = frozenset({"--seed", "--lang", "--physical-dice", "--save", "--plain", "--help"})


def _add_play_arguments(parser: Parser, game: Game | None, lang: str) -> None:
    parser.add_argument(
        "game", nargs="?", metavar=msg("cli.help.game_metavar", lang), help=msg("cli.help.game", lang)
    )
    parser.add_argument("--seed", type=_seed_value(lang), metavar="N", help=msg("cli.help.seed", lang))
    parser.add_argument("--lang", choices=LANGS, help=msg("cli.help.lang", lang, env=LANG_ENV))
    parser.add_argument("--physical-dice", action="store_true", help=msg("cli.help.physical_dice", lang))
    file = msg("cli.help.file_metavar", lang)
    parser.add_argument("--save", metavar=file, help=msg("cli.help.save", lang, file=file))
    parser.add_argument("--plain", action="store_true", help=msg("cli.help.plain", lang))
    if game is None:
        return
    group = parser.section(msg("cli.help.game_options", lang, game=game.id))
    for spec in game.option_specs:
        flag = "--" + spec.name.replace("_", "-")
        if flag in _PLAY_FLAGS:  # a game option may not shadow ours (none does today)
            continue
        dest = "option_" + spec.name
        if isinstance(spec.default, bool):
            group.add_argument(
                flag, dest=dest, action=argparse.BooleanOptionalAction, default=None,
                help=msg("cli.help.flag", lang, value=msg("cli.help.on" if spec.default else "cli.help.off", lang)),
            )
        else:
            if spec.aliases:
                aliases = ", ".join(sorted(spec.aliases))
                text = msg("cli.help.option_aliases", lang, default=spec.default, aliases=aliases)
            else:
                text = msg("cli.help.option", lang, default=spec.default)
            group.add_argument(
                flag, dest=dest, default=None, metavar="|".join(str(c) for c in spec.choices) or spec.name.upper(),
                help=text,
            )


MAX_SEED_DIGITS = 18


def _seed_value(lang: str) -> Callable[[str], int]:
    """``--seed``'s type: an integer of at most :data:`MAX_SEED_DIGITS` digits, refused in one
    short line otherwise (argparse would echo a 5,000-digit value whole)."""

    def seed(text: str) -> int:
        digits = text.strip().removeprefix("-")
        if digits.isdecimal() and len(digits) > MAX_SEED_DIGITS:
            raise argparse.ArgumentTypeError(msg("cli.bad_seed", lang, value=clip(text, 20), digits=MAX_SEED_DIGITS))
        return int(text)  # argparse's own "invalid int value" for what is no number

    seed.__name__ = "int"
    return seed


def build_parser(lang: str = "en") -> Parser:
    """The ``solotable`` command's parser, its help and errors in ``lang``."""
    parser = Parser(prog="solotable", description=msg("cli.help.description", lang), lang=lang)
    parser.add_argument(
        "--version", action="version", version=f"solotable {__version__}", help=msg("cli.help.version", lang)
    )
    sub = parser.add_subparsers(dest="command", metavar=msg("cli.help.command_metavar", lang))
    game = msg("cli.help.game_metavar", lang)
    file = msg("cli.help.file_metavar", lang)
    lang_help = msg("cli.help.lang", lang, env=LANG_ENV)

    play = parser.command(sub, "play", msg("cli.help.play", lang), add_help=False)
    play.add_argument("-h", "--help", action="store_true", help=msg("cli.help.play_help", lang))
    _add_play_arguments(play, None, lang)

    resume = parser.command(sub, "resume", msg("cli.help.resume", lang))
    resume.add_argument("file", metavar=file, help=msg("cli.help.resume_file", lang))
    resume.add_argument("--lang", choices=LANGS, help=lang_help)
    resume.add_argument("--plain", action="store_true", help=msg("cli.help.plain", lang))

    replay = parser.command(sub, "replay", msg("cli.help.replay", lang))
    replay.add_argument("file", metavar=file, help=msg("cli.help.replay_file", lang))
    replay.add_argument("--lang", choices=LANGS, help=lang_help)

    games = parser.command(sub, "games", msg("cli.help.games", lang))
    games.add_argument("--lang", choices=LANGS, help=lang_help)

    rules = parser.command(sub, "rules", msg("cli.help.rules", lang))
    rules.add_argument("game", metavar=game, help=msg("cli.help.game", lang))
    rules.add_argument("--lang", choices=LANGS, help=lang_help)
    rules.add_argument(
        "listings", nargs="*", metavar=msg("cli.help.listing_metavar", lang), help=msg("cli.help.listing", lang)
    )

    record = parser.command(sub, "record", msg("cli.help.record", lang))
    record.add_argument("--counts", action="store_true", help=msg("cli.help.record_counts", lang))
    from solotable.agents.review import DEFAULT_BUDGET

    record.add_argument("--budget", type=int, default=DEFAULT_BUDGET, metavar="N",
                        help=msg("cli.help.record_budget", lang, default=DEFAULT_BUDGET))  # fmt: skip
    record.add_argument("--seed", type=int, default=0, metavar="N", help=msg("cli.help.record_seed", lang))
    record.add_argument("--lang", choices=LANGS, help=lang_help)

    sim = parser.command(sub, "sim", msg("cli.help.sim", lang), add_help=False)
    sim.add_argument("args", nargs=argparse.REMAINDER)
    web = parser.command(sub, "web", msg("cli.help.web", lang), add_help=False)
    web.add_argument("args", nargs=argparse.REMAINDER)
    review = parser.command(sub, "review", msg("cli.help.review", lang), add_help=False)
    review.add_argument("args", nargs=argparse.REMAINDER)
    return parser


def _error(message: object, lang: str) -> int:
    print(msg("cli.error", lang, message=message), file=sys.stderr)
    return 2


def _exit_code(exc: SystemExit) -> int:
    code = exc.code
    if code is None:
        return 0
    return code if isinstance(code, int) else 2


def main(argv: Sequence[str] | None = None) -> int:
    """The ``solotable`` command. Returns the exit status (2 for a usage or file error)."""
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    except BrokenPipeError:  # `solotable replay FILE | head`: stop quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1


_COMMANDS = ("play", "resume", "replay", "games", "rules", "record")


def _main(args: list[str]) -> int:
    asked = requested_lang(args)  # known before parsing, so that --help is in that language too
    parser = build_parser(asked)
    try:
        ns, extra = parser.parse_known_args(args)
        if extra and ns.command not in ("play", "rules"):
            parser.parse_args(args)  # argparse's own error for stray arguments
    except SystemExit as exc:
        return _exit_code(exc)
    if ns.command not in _COMMANDS:  # none, or sim (which solotable/cli.py hands over)
        parser.print_help()
        return 2
    lang = default_lang(getattr(ns, "lang", None))
    if ns.command == "play":
        return _cmd_play(ns, args[args.index("play") + 1 :], lang)
    chosen = getattr(ns, "lang", None) is not None or os.environ.get(LANG_ENV, "").strip().lower() in LANGS
    if ns.command == "resume":
        return _cmd_resume(ns.file, lang, plain=ns.plain, chosen=chosen)
    if ns.command == "replay":
        return _cmd_replay(ns.file, lang, chosen=chosen)
    if ns.command == "games":
        return _cmd_games(lang)
    if ns.command == "record":
        return _cmd_record(lang, counts=ns.counts, budget=ns.budget, seed=ns.seed)
    return _cmd_rules(ns.game, lang, [*ns.listings, *extra])


def _play_parser(game: Game | None, lang: str) -> Parser:
    """``solotable play [GAME]``'s parser with the game's options, its help and errors in ``lang``."""
    name = f"solotable play {game.id}" if game is not None else "solotable play"
    parser = Parser(
        prog=name,
        description=game.title(lang) if game is not None else msg("cli.help.play_description", lang),
        usage=msg("cli.help.play_usage", lang) if game is not None else None,
        lang=lang,
    )
    _add_play_arguments(parser, game, lang)
    return parser


def full_screen(plain: bool) -> bool:
    """Whether to open the full-screen interface: not asked for ``--plain``, standard input and
    output are a terminal, and Textual is installed."""
    if plain or sys.stdin is None or sys.stdout is None:
        return False
    try:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            return False
    except (AttributeError, ValueError):
        return False
    import importlib.util

    return importlib.util.find_spec("textual") is not None


def record_result(session: Session, lang: str) -> None:
    """Add a finished game to the player's record (the database the full-screen interface shows);
    a damaged database is reported, set aside and started afresh."""
    if not session.state.is_terminal():
        return
    from solotable.ui.record_db import record_finished

    notice = record_finished(session.state, session.autosave_path)
    if isinstance(notice, str):
        print(msg("cli.record_failed", lang, reason=notice), file=sys.stderr)
    else:
        _report_damaged(notice, lang)


def record_opened(session: Session, lang: str) -> None:
    """Note in the player's record that this autosaved game is being played, so that it is
    counted even if the process dies at its end (and count such games of earlier processes).
    A record that cannot be written now is not reported: :func:`record_result` tries again."""
    if session.autosave_path is None:
        return
    from solotable.ui.record_db import record_started

    notice = record_started(session.autosave_path)
    if not isinstance(notice, str):
        _report_damaged(notice, lang)


def _report_damaged(notice: DamagedNotice | None, lang: str) -> None:
    if notice is not None:
        print(msg("cli.record_damaged", lang, path=notice.path, moved=notice.moved_to, reason=notice.reason,
                  kept=notice.kept), file=sys.stderr)  # fmt: skip


def _cmd_play(ns: argparse.Namespace, args: list[str], lang: str) -> int:
    if ns.game is None:
        if ns.help:
            _play_parser(None, lang).print_help()
            return 0
        if full_screen(ns.plain):
            from solotable.ui.tui.app import run_home

            return run_home(lang)
        return _error(msg("cli.choose_game", lang, games=", ".join(_game_ids())), lang)
    try:
        game = load_game(ns.game)
    except ValueError as exc:
        # `play --difficulty hard GAME`: before the game is known its options are unknown, so
        # argparse may take an option's value for GAME; use a later word that names a game.
        found = _later_game(args, ns.game)
        if found is None:
            return _error(exc, lang)
        game = found
    try:
        full, extra = _play_parser(game, lang).parse_known_args(args)
    except SystemExit as exc:
        return _exit_code(exc)
    if extra:
        valid = ", ".join("--" + s.name.replace("_", "-") for s in game.option_specs) or "-"
        given = " ".join(arg for arg in extra if arg.startswith("-")) or " ".join(extra)
        return _error(msg("cli.unknown_options", lang, game=game.id, given=given, valid=valid), lang)
    options: dict[str, object] = {}
    for spec in game.option_specs:
        value = getattr(full, "option_" + spec.name)
        if value is not None:
            options[spec.name] = value
    if full.save is not None:
        path = Path(full.save).expanduser()
        if path.exists():
            return _error(msg("cli.save_exists", lang, path=path), lang)
    else:
        try:
            path = new_save_path(game.id)
        except OSError as exc:
            return _error(msg("cli.save_failed", lang, path=saves_dir(), reason=exc.strerror or exc), lang)
    try:  # a file option (--cards FILE): the file is read here, the game gets its content
        session = Session(
            game, seed=full.seed, options=game.read_files(options), physical_dice=full.physical_dice, autosave=path
        )
        session.record.lang = lang  # resume and replay keep the language the game is played in
        session.save(path)  # the file exists from the start, and a bad path is found now
    except ValueError as exc:  # a bad option value: the engine names the valid choices
        return _error(exc.as_flag() if isinstance(exc, OptionError) else exc, lang)
    except OSError as exc:  # --save in a folder that does not exist, or that cannot be written
        return _error(msg("cli.save_failed", lang, path=path, reason=exc.strerror or exc), lang)
    record_opened(session, lang)
    if full_screen(full.plain):
        from solotable.ui.tui.app import run_session

        return run_session(session, lang)
    code = LinePlayer(session, lang, stdin_input, print, columns=terminal_columns()).run()
    record_result(session, lang)
    return code


def _later_game(args: list[str], first: str) -> Game | None:
    words = args[args.index(first) + 1 :] if first in args else args
    for word in words:
        if not word.startswith("-"):
            try:
                return load_game(word)
            except ValueError:
                continue
    return None


def _cmd_resume(file: str, lang: str, *, plain: bool = False, chosen: bool = True) -> int:
    """``resume FILE``: in the game's own language unless ``--lang`` (or the environment) chose one."""
    try:
        session = Session.resume(Path(file).expanduser())
    except RecordError as exc:
        return _error(exc, lang)
    if not chosen and session.record.lang is not None:
        lang = session.record.lang
    record_opened(session, lang)
    if full_screen(plain):
        from solotable.ui.tui.app import run_session

        return run_session(session, lang, resumed=True)
    player = LinePlayer(session, lang, stdin_input, print, columns=terminal_columns())
    player.show_intro()
    player.say(msg("cli.resumed", lang, path=session.autosave_path, steps=len(session.record.actions)))
    code = player.run(intro=False)
    record_result(session, lang)
    return code


def _cmd_replay(file: str, lang: str, *, chosen: bool = True) -> int:
    try:
        record = load_record(Path(file).expanduser())
    except RecordError as exc:
        return _error(exc, lang)
    if not chosen and record.lang is not None:
        lang = record.lang
    interactive = sys.stdin is not None and sys.stdin.isatty()
    replayer = Replayer(record, lang, stdin_input, print, source=file, columns=terminal_columns())
    return replayer.run(interactive=interactive)


def _game_ids() -> list[str]:
    return sorted(registered_games())


def _cmd_record(lang: str, *, counts: bool, budget: int, seed: int) -> int:
    """``solotable record``: the player's record (games played, won and lost, best scores, as the
    home screen's Record tab shows it), then, unless ``--counts``, the proficiency over the
    finished games whose save files are still there (as ``solotable review --record``)."""
    from solotable.ui.record_db import RecordDB
    from solotable.ui.review_cli import MAX_BUDGET

    if not 1 <= budget <= MAX_BUDGET:
        return _error(msg("cli.record.bad_budget", lang, max=MAX_BUDGET, value=budget), lang)
    try:
        with RecordDB.open() as db:
            notice = db.notice
            rows = db.summary()
    except Exception as exc:  # sqlite3.Error, OSError: said in a sentence, never a traceback
        return _error(msg("cli.record.unavailable", lang, reason=exc), lang)
    if notice is not None:
        print(msg("cli.record.damaged", lang, path=notice.path, moved=notice.moved_to, reason=notice.reason,
                  kept=notice.kept), file=sys.stderr)  # fmt: skip
    for line in record_lines(rows, lang):
        print(line)
    if counts or not rows:
        return 0
    from solotable.ui.review_cli import _proficiency, recorded_saves

    files = recorded_saves()
    print()
    if not files:
        print(msg("cli.record.no_saves", lang))
        return 0
    print(msg("cli.record.reviewing", lang, games=len(files), budget=budget))
    return _proficiency(files, budget, seed, lang, print)


def _cmd_games(lang: str) -> int:
    try:
        titles = registered_games(lang)
    except (ImportError, KeyError, ValueError) as exc:
        return _error(exc, lang)
    print(msg("cli.games_heading", lang))
    width = max((len(gid) for gid in titles), default=0)
    for gid, title in titles.items():
        print(f"  {gid:<{width}}  {title}")
    return 0


def _cmd_rules(game_id: str, lang: str, listings: list[str] | None = None) -> int:
    try:
        game = load_game(game_id)
    except ValueError as exc:
        return _error(exc, lang)
    if not listings:
        print(help_page(game, lang))
        return 0
    for flag in listings:
        name = flag.removeprefix("--")
        if name not in game.rules_listings:
            valid = ", ".join("--" + n for n in game.rules_listings) or "-"
            return _error(msg("cli.unknown_listing", lang, game=game.id, given=flag, valid=valid), lang)
        print(game.rules_listing(name, lang))
    return 0


if __name__ == "__main__":
    sys.exit(main())
