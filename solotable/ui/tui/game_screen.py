"""The game screen: the board on top (full width, at least 14 rows), the choices and the log
below, a status line and the key hints. No rule lives here: everything comes from the
observation, ``legal_actions``, ``describe``, ``event_text`` and the :class:`Session`.

Keys: digits choose (a number that cannot grow into another plays at once, otherwise it is shown
and waits for a second digit or Enter, forgotten after DIGIT_WAIT seconds),
arrows and Enter pick from the focused list (←/→ between the choices that share a line: see
:mod:`solotable.ui.tui.choices`), Tab moves between the choices and the log (choosing
a log entry marked ↶ rewinds there), ``u`` undo, ``h`` hint, ``i`` info, ``l`` language,
``s`` save a copy, ``?`` help, ``q`` quit, Escape back to the home screen.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from solotable.agents.hint import Hint
from solotable.core.i18n import LANGS, display_width, explain
from solotable.core.protocol import Action, Event, IllegalAction, InfoEntry, State
from solotable.core.session import Session
from solotable.core.text_boxes import fit
from solotable.core.text_layout import wrap
from solotable.core.untrusted import clip
from solotable.ui.present import (
    entries_text,
    hint_panel,
    labelled,
    outcome_labelled,
    result_lines,
    typed_example,
)
from solotable.ui.tui.boards import make_board
from solotable.ui.tui.boards.fallback import Board as FallbackBoard
from solotable.ui.tui.choices import ChoiceGroup, ChoiceList, RowView
from solotable.ui.tui.dialogs import (
    DESCRIBED_OUTCOMES,
    ChanceDialog,
    ConfirmDialog,
    MarkdownDialog,
    MessageDialog,
    SaveDialog,
)
from solotable.ui.tui.i18n import tr
from solotable.ui.tui.too_small import MIN_SIZE, TooSmall

if TYPE_CHECKING:
    from solotable.ui.tui.app import SoloTableApp



@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the log: a move (its label in every language, and the record length before
    it, where choosing it rewinds to) or an event."""

    labels: dict[str, str] | None = None
    event: Event | None = None
    target: int | None = None
    chance: bool = False


def hanging(prefix: str, text: str, width: int) -> str:
    """``prefix`` and ``text`` wrapped to ``width`` columns, the lines after the first indented
    under the text (Japanese broken between characters, never before 。 nor after （)."""
    if width < display_width(prefix) + 10 or display_width(prefix + text) <= width:
        return prefix + text
    return "\n".join(wrap(text, width, prefix, " " * display_width(prefix)))


def gap_before(label: str) -> str:
    """The space between a mark and ``label``: none when the label's first word (Japanese text
    runs long without spaces) has a wide character, else one."""
    first = label.split(" ", 1)[0]
    return "" if any(display_width(c) == 2 for c in first) else " "


def move_labels(session: Session, state: State, action: Action) -> dict[str, str]:
    return {lang: labelled(session.game.describe(state, action, lang), str(action)) for lang in LANGS}


def replay_log(session: Session) -> list[LogEntry]:
    """The log of a resumed game, rebuilt from its record."""
    game = session.game
    record = session.record
    state = game.new_state(seed=record.seed, **record.options)
    entries = [LogEntry(event=e) for e in state.events]
    for index, text in enumerate(record.actions):
        action = game.parse_action(state, text)
        chance = state.is_chance()
        if not chance or record.physical_dice:
            entries.append(LogEntry(labels=move_labels(session, state, action), target=index, chance=chance))
        state.apply(action)
        entries.extend(LogEntry(event=e) for e in state.events)
    return entries


DIGIT_WAIT = 2.0
"""Seconds a digit that could begin a longer number waits for the next digit or Enter."""

GAME_CSS = """
GameScreen { layout: vertical; }
#status { height: 1; background: $primary-background; }
#top { height: 1fr; min-height: 14; }
#board { width: 1fr; height: 1fr; min-height: 14; }
#texts { width: 40; height: 100%; display: none; background: $panel; padding: 0 1; }
#texts.-shown { display: block; }
GameScreen > #textual-toastrack { dock: top; align: right top; margin-bottom: 0; }
Toast { width: 40; max-width: 40; }
#bottom { height: 8; }
#actions { width: 1fr; border: none; height: 100%; }
#log { width: 34; border: none; height: 100%; background: $panel; }
#keys { height: 1; background: $primary-background; }
"""
"""The game screen's layout (in the app's stylesheet): at 80×24 the board gets all 80 columns
and 14 rows, the choices and the log 8 rows below it; a larger terminal shares its extra rows
between the board and the choices and log (see :func:`bottom_height`), and its extra columns
between the choices and the log (:func:`log_width`). From 120 columns the board shares its rows
with what the table shows (``Game.info_entries``: the cards' texts, prices and tables in view),
beside it (:func:`texts_width`)."""

WIDE = 120
"""Columns from which the texts of the table (``#texts``) are shown beside the board."""

def bottom_height(rows: int) -> int:
    """Rows of the choices and the log: 8 at 24 rows, and half of every row beyond."""
    extra = max(0, rows - MIN_SIZE[1])
    return 8 + extra - extra // 2


def log_width(columns: int) -> int:
    """Columns of the log: 34 at 80 columns, and half of every column beyond (at most 70)."""
    return min(70, 34 + max(0, columns - MIN_SIZE[0]) // 2)


def texts_width(columns: int) -> int:
    """Columns of the texts beside the board: none under :data:`WIDE` columns (the board keeps
    them all), else what is left of the board's 80 columns, at most half of the terminal."""
    if columns < WIDE:
        return 0
    return min(columns - MIN_SIZE[0], columns // 2)


class GameScreen(Screen[None]):
    """One game being played (see the module docstring)."""

    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("u", "undo", show=False),
        Binding("h", "hint", show=False),
        Binding("i", "info", show=False),
        Binding("l", "lang", show=False),
        Binding("s", "save", show=False),
        Binding("question_mark", "help", show=False),
        Binding("q", "quit_game", show=False),
        Binding("enter", "board_play", show=False),
        Binding("escape", "home", show=False),
        *(Binding(str(d), f"digit({d})", show=False) for d in range(10)),
    ]

    def __init__(self, session: Session, *, from_home: bool = False, resumed: bool = False) -> None:
        super().__init__()
        self.session = session
        self.from_home = from_home
        self.board: Widget = make_board(session.game)
        self.log_entries: list[LogEntry] = replay_log(session) if resumed else [
            LogEntry(event=e) for e in session.events
        ]
        self.wall = len(session.record.actions)  # undo never goes back past this record length
        self._digits = ""
        self._digit_timer: Timer | None = None
        self._shown_log: list[str] = []
        self._shown_lang = ""
        self._shown_width = 0
        self._shown_texts = ""
        self._texts_shown = False
        self._recorded = False
        self._dice_asked_at = -1
        self._hint_token: int | None = None

    @property
    def lang(self) -> str:
        return self.sapp.lang

    @property
    def sapp(self) -> SoloTableApp:
        from solotable.ui.tui.app import SoloTableApp

        app = self.app
        assert isinstance(app, SoloTableApp)
        return app

    # -- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TooSmall(id="too-small")
        yield Static("", id="status")
        with Horizontal(id="top"):
            yield self.board
            with VerticalScroll(id="texts"):
                yield Static("", id="texts-body")
        with Horizontal(id="bottom"):
            yield ChoiceList(id="actions")
            yield OptionList(id="log")
        yield Static("", id="keys")

    def on_mount(self) -> None:
        self.sapp.note_session(self.session)
        self.lay_out()
        self.refresh_all()
        self.query_one("#actions", OptionList).focus()

    def on_resize(self) -> None:
        self.lay_out()
        if self._shown_lang:  # drawn once already: the status line, choices and log fit the new width
            width = self.app.size.width
            if width != self._shown_width:
                self._shown_width = width
                self._shown_lang = ""  # the log is drawn anew
                self.refresh_all()
            else:
                self.query_one("#status", Static).update(Text(self.status_text()))

    def lay_out(self) -> None:
        """The choices and the log grow with the terminal (see :func:`bottom_height`); under
        80×24 the screen says so instead."""
        self.query_one(TooSmall).check(self.lang)
        size = self.app.size
        self.query_one("#bottom").styles.height = bottom_height(size.height or MIN_SIZE[1])
        self.query_one("#log").styles.width = log_width(size.width or MIN_SIZE[0])
        width = texts_width(size.width or MIN_SIZE[0])
        if width:
            self.query_one("#texts", VerticalScroll).styles.width = width
        self._draw_texts()
        self._place_toasts()

    def _place_toasts(self) -> None:
        """Notifications at the top right of the board, within it. Textual cuts every line of
        the screen at the edges of the widgets under it, and a wide character across a cut is
        lost (issue 20 item 13: "一手  しました。", the 戻 on the log's left edge); the board is one
        widget, so a toast over it keeps every character."""
        racks = self.query("#textual-toastrack")  # Textual's own, one per screen
        columns = self.app.size.width or MIN_SIZE[0]
        if racks:
            racks.first().styles.width = columns - (texts_width(columns) if self._texts_shown else 0)

    # -- what a number refers to ------------------------------------------------------------

    def choices(self) -> list[Action]:
        state = self.session.state
        if self.session.waiting_for_chance:
            return list(state.chance_table().actions)
        return state.legal_actions()

    # -- drawing ----------------------------------------------------------------------------

    def refresh_all(self) -> None:
        s = self.session
        state = s.state
        lang = self.lang
        if isinstance(self.board, FallbackBoard):
            self.board.set_table_text(s.game.render_text(state, lang))
        observation = state.observation()
        show = getattr(self.board, "show", None)
        if show is not None:
            show(observation, lang)
        self.query_one("#status", Static).update(Text(self.status_text(observation)))
        self.query_one("#keys", Static).update(tr("tui.keys", lang))
        self._draw_actions()
        self._draw_log()
        self._draw_texts()
        if s.waiting_for_chance and self._dice_asked_at != len(s.record.actions):
            self._dice_asked_at = len(s.record.actions)
            self.call_after_refresh(self.action_dice)

    def status_text(self, observation: dict[str, Any] | None = None) -> str:
        """The top line: the game, whose decision it is (two players), seed or physical dice,
        the step, and whether a hint is being worked out. It never runs past the screen's
        width: the game's title is shortened (``…``) first, then left out."""
        s = self.session
        lang = self.lang
        parts: list[str] = []
        state = s.state
        obs_players = (observation if observation is not None else state.observation()).get("players", 1)
        if (
            isinstance(obs_players, int) and obs_players > 1 and state.to_move is not None and state.to_move >= 0
        ):
            parts.append(tr("tui.status.turn", lang, seat=state.to_move + 1))
        parts.append(tr("tui.status.physical", lang) if s.physical_dice else tr("tui.status.seed", lang, seed=s.seed))
        parts.append(tr("tui.status.step", lang, step=len(s.record.actions)))
        if self._hint_token is not None:
            parts.append(tr("tui.status.thinking", lang))
        title = s.game.title(lang)
        width = self.app.size.width or 80
        sep = tr("tui.status.sep", lang)  # Japanese separates with ・
        room = width - display_width(sep.join(parts)) - display_width(sep)
        if display_width(title) > room:
            title = fit(title, room).rstrip() if room >= 8 else ""
        return sep.join([title, *parts] if title else parts)

    def _draw_actions(self) -> None:
        s = self.session
        lang = self.lang
        state = s.state
        widget = self.query_one("#actions", ChoiceList)
        options: list[Option] = []
        singles: dict[int, int] = {}
        rows: dict[int, RowView] = {}
        if state.is_terminal():
            options.extend(Option(Text(line), disabled=True) for line in self.result_lines())
            options.append(Option(Text(tr("tui.end.home", lang)), id="home"))
            options.append(Option(Text(tr("tui.end.quit", lang)), id="quit"))
        else:
            actions = self.choices()
            chance = s.waiting_for_chance
            if chance:
                options.append(Option(Text(tr("tui.chance.open", lang)), id="dice"))
            width = len(str(len(actions)))
            columns = self._text_width("actions")
            group_of: dict[int, ChoiceGroup] = {}
            grouping = getattr(self.board, "choice_groups", None)
            if grouping is not None and not chance:
                for group in grouping(state, actions, lang):
                    group_of.update((index, group) for index in group.indices())
            for i, action in enumerate(actions):
                group = group_of.get(i)
                if group is not None:
                    if i == group.indices()[0]:
                        options.append(Option(Text(hanging("", group.heading, columns)), disabled=True))
                        for k, view in enumerate(RowView.for_group(group.rows, columns)):
                            rows[len(options)] = view
                            options.append(Option(view.text(None), id=f"g{i}-{k}"))
                    continue
                singles[len(options)] = i
                options.append(Option(Text(self._choice_line(state, action, i, width, columns)), id=f"a{i}"))
        widget.set_choices(options, singles, rows)
        if options:
            first = next((i for i, o in enumerate(options) if not o.disabled), None)
            widget.highlighted = first

    def _choice_line(self, state: State, action: Action, index: int, width: int, columns: int) -> str:
        """Choice ``index`` as its line(s) of the list: its number, its label and its notation, the
        notation left out where it would take a line of its own (the list holds more choices:
        issue 20 item 12; ``i`` still shows it)."""
        s = self.session
        lang = self.lang
        if s.waiting_for_chance and len(self.choices()) > DESCRIBED_OUTCOMES:
            label = str(action)
        elif s.waiting_for_chance:  # an outcome as it is typed at the table (a card's name, a tile), not its code
            label = outcome_labelled(s.game.describe(state, action, lang), typed_example(s.game, state, action, lang))
        else:
            described = s.game.describe(state, action, lang)
            label = labelled(described, str(action))
            if label != described:
                bare = hanging(f"{index + 1:>{width}}){gap_before(described)}", described, columns)
                full = hanging(f"{index + 1:>{width}}){gap_before(label)}", label, columns)
                return full if full.count("\n") <= bare.count("\n") else bare
        return hanging(f"{index + 1:>{width}}){gap_before(label)}", label, columns)

    def texts_text(self, entries: list[InfoEntry]) -> Text:
        """What the table shows (``Game.info_entries``) under a heading, each entry's title in bold,
        wrapped to the panel beside the board."""
        width = texts_width(self.app.size.width or MIN_SIZE[0]) - 4  # padding and a scrollbar
        text = Text(tr("tui.texts.title", self.lang), style="bold underline")
        for entry in entries:
            text.append("\n\n")
            text.append("\n".join(wrap(entry.title, width)), style="bold")
            for line in entry.text.split("\n"):
                text.append("\n" + "\n".join(wrap(line, width, "  ", "    ")))
        return text

    def _draw_texts(self) -> None:
        """The texts beside the board on a wide terminal, when the table shows any (a game without
        ``info_entries`` leaves the board the whole width); redrawn when they change (the scroll
        kept otherwise)."""
        texts = self.query_one("#texts", VerticalScroll)
        s = self.session
        entries = s.game.info_entries(s.state, self.lang) if texts_width(self.app.size.width or 0) else []
        texts.set_class(bool(entries), "-shown")
        if self._texts_shown != bool(entries):
            self._texts_shown = bool(entries)
            self._place_toasts()
        if not entries:
            return
        text = self.texts_text(entries)
        body = self.query_one("#texts-body", Static)
        if text.plain != self._shown_texts:
            self._shown_texts = text.plain
            body.update(text)
            self.query_one("#texts", VerticalScroll).scroll_home(animate=False)

    def _log_prompt(self, entry: LogEntry) -> str:
        lang = self.lang
        if entry.labels is not None:
            rewind = entry.target is not None and not entry.chance and entry.target >= self.wall
            mark = "↶" if rewind else " "
            bullet = "◆" if entry.chance else "▸"
            label = entry.labels[lang]
            return hanging(f"{mark}{bullet}{gap_before(label)}", label, self._text_width("log"))
        assert entry.event is not None
        return hanging("   ", self.session.game.event_text(entry.event, lang), self._text_width("log"))

    def _text_width(self, part: str) -> int:
        """The columns of text a line of the choices or the log holds (its width less the
        padding and a scrollbar)."""
        columns = self.app.size.width or MIN_SIZE[0]
        log = log_width(columns)
        return (log if part == "log" else columns - log) - 4

    def _draw_log(self) -> None:
        widget = self.query_one("#log", OptionList)
        wanted = [self._log_prompt(e) for e in self.log_entries]
        if self._shown_lang != self.lang or len(wanted) < len(self._shown_log):
            widget.set_options([Option(Text(p)) for p in wanted])
        else:
            for index, (old, new) in enumerate(zip(self._shown_log, wanted, strict=False)):
                if old != new:
                    widget.replace_option_prompt_at_index(index, Text(new))
            widget.add_options([Option(Text(p)) for p in wanted[len(self._shown_log) :]])
        self._shown_log = wanted
        self._shown_lang = self.lang
        widget.anchor()  # the newest entry in view, and kept there as the log grows

    def result_lines(self) -> list[str]:
        """The end of the game, worded as every interface words it (the game's details are left to
        the board and the record)."""
        return result_lines(self.session.state, self.lang, details=False)

    def record_if_over(self) -> None:
        """Count the game in the player's record if it is over, once: when the player leaves its
        end (home, quit, or the app closing), so that an end taken back with undo is not counted
        (ruling ALL-P1); a process killed at the end is counted at the next start."""
        if self._recorded or not self.session.state.is_terminal():
            return
        self._recorded = True
        self.sapp.record_finished(self.session)

    def on_unmount(self) -> None:
        self.record_if_over()

    # -- playing ----------------------------------------------------------------------------

    def action_digit(self, digit: int) -> None:
        if self.session.state.is_terminal():
            return
        count = len(self.choices())
        buffer = self._digits + str(digit)
        if not 1 <= int(buffer) <= count:
            buffer = str(digit)
            if not 1 <= digit <= count:
                self._digits = ""
                self.notify(tr("tui.bad_number", self.lang, number=digit, count=count), severity="warning")
                return
        number = int(buffer)
        actions = self.query_one("#actions", ChoiceList)
        actions.focus()
        actions.highlight_choice(number - 1)
        if self._digit_timer is not None:
            self._digit_timer.stop()
            self._digit_timer = None
        if number * 10 > count:
            self._digits = ""
            self.choose(number - 1)
        else:
            # a number that can still grow waits, visibly, for a second digit or Enter, and is
            # forgotten after a moment: a lone digit never joins one typed much later
            self._digits = buffer
            self.notify(tr("tui.digit.pending", self.lang, number=number, count=count), timeout=DIGIT_WAIT)
            self._digit_timer = self.set_timer(DIGIT_WAIT, self._forget_digits)

    def _forget_digits(self) -> None:
        self._digits = ""
        self._digit_timer = None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._digits = ""
        if event.option_list.id == "log":
            self.rewind(event.option_index)
            return
        oid = event.option.id or ""
        if oid == "dice":
            self.action_dice()
        elif oid == "home":
            self.action_home()
        elif oid == "quit":
            self.action_quit_game()
        else:
            choice = self.query_one("#actions", ChoiceList).choice_at(event.option_index)
            if choice is not None:
                self.choose(choice)

    def action_board_play(self) -> None:
        """Enter on the board: play the one action that concerns the selected element (the game's
        ``board.py``), or, when several do, highlight the first of them in the list of choices."""
        key_of = getattr(self.board, "element_key", None)
        s = self.session
        if key_of is None or not self.board.has_focus or s.waiting_for_chance or s.state.is_terminal():
            return
        key = key_of()
        element = s.game.board_actions(s.state).element(key) if isinstance(key, str) else None
        if element is None:
            self.notify(tr("tui.board.none", self.lang))
            return
        choices = self.choices()
        if len(element.actions) == 1:
            self.choose(choices.index(element.actions[0]))
            return
        actions = self.query_one("#actions", ChoiceList)
        actions.focus()
        actions.highlight_choice(choices.index(element.actions[0]))
        self.notify(tr("tui.board.several", self.lang, count=len(element.actions)))

    def choose(self, index: int) -> None:
        choices = self.choices()
        if not 0 <= index < len(choices):
            return
        action = choices[index]
        state = self.session.state
        if not state.is_chance():
            warnings = [self.session.game.event_text(w, self.lang) for w in state.warnings(action)]
            if warnings:
                def answered(yes: bool | None) -> None:
                    if yes:
                        self.play(action)
                    else:
                        self.notify(tr("tui.cancelled", self.lang))

                self.app.push_screen(ConfirmDialog(warnings, self.lang), answered)
                return
        self.play(action)

    def play(self, action: Action) -> None:
        s = self.session
        before = len(s.record.actions)
        state = s.state
        was_chance = state.is_chance()
        labels = move_labels(s, state, action)
        try:
            s.play(action)
        except IllegalAction as exc:
            self.notify(tr("tui.illegal", self.lang, reason=explain(exc, self.lang)), severity="error")
            return
        except OSError as exc:  # the move is played; only the autosave failed
            self.notify(tr("tui.save_failed", self.lang, path=s.autosave_path, reason=exc.strerror or exc),
                        severity="error")  # fmt: skip
        self._hint_token = None
        self.log_entries.append(LogEntry(labels=labels, target=before, chance=was_chance))
        self.log_entries.extend(LogEntry(event=e) for e in s.events)
        if was_chance or len(s.record.actions) > before + 1:
            self.wall = len(s.record.actions)
        self.refresh_all()

    def action_dice(self) -> None:
        s = self.session
        if not s.waiting_for_chance or isinstance(self.app.screen, ChanceDialog):
            return

        def answered(notation: str | None) -> None:
            if notation is not None and s.waiting_for_chance:
                self.play(s.parse(notation))

        self.app.push_screen(ChanceDialog(s, self.lang), answered)

    # -- undo and rewind --------------------------------------------------------------------

    def _cut_log(self) -> None:
        length = len(self.session.record.actions)
        for index in range(len(self.log_entries) - 1, -1, -1):
            entry = self.log_entries[index]
            if entry.labels is not None and entry.target == length:
                del self.log_entries[index:]
                return

    def action_undo(self) -> None:
        s = self.session
        try:
            s.undo()
        except IllegalAction as exc:
            self.notify(tr("tui.undo_impossible", self.lang, reason=explain(exc, self.lang)), severity="warning")
            return
        except OSError as exc:
            self.notify(tr("tui.save_failed", self.lang, path=s.autosave_path, reason=exc.strerror or exc),
                        severity="error")  # fmt: skip
        self._cut_log()
        self._dice_asked_at = -1
        self.notify(tr("tui.undo_done", self.lang))
        self.refresh_all()

    def rewind(self, index: int) -> None:
        """Go back to just before the move of log entry ``index``, if undo allows."""
        if not 0 <= index < len(self.log_entries):
            return
        entry = self.log_entries[index]
        if entry.labels is None or entry.target is None:
            self.notify(tr("tui.rewind_pick_move", self.lang), severity="warning")
            return
        if entry.chance or entry.target < self.wall or not self.session.can_undo():
            self.notify(tr("tui.rewind_wall", self.lang), severity="warning")
            return
        s = self.session
        try:
            while len(s.record.actions) > entry.target:
                s.undo()
        except IllegalAction as exc:  # cannot happen past the wall check; said plainly if it does
            self.notify(tr("tui.undo_impossible", self.lang, reason=explain(exc, self.lang)), severity="warning")
        except OSError as exc:
            self.notify(tr("tui.save_failed", self.lang, path=s.autosave_path, reason=exc.strerror or exc),
                        severity="error")  # fmt: skip
        self._cut_log()
        self._dice_asked_at = -1
        self.notify(tr("tui.rewound", self.lang, step=len(s.record.actions)))
        self.refresh_all()
        self.query_one("#actions", OptionList).focus()

    # -- hint -------------------------------------------------------------------------------

    def action_hint(self) -> None:
        s = self.session
        state = s.state
        if s.waiting_for_chance or state.is_chance() or state.is_terminal():
            self.notify(tr("tui.hint.none", self.lang), severity="warning")
            return
        if self._hint_token is not None:
            self.notify(tr("tui.hint.busy", self.lang))
            return
        token = len(s.record.actions)
        self._hint_token = token
        copy = state.clone()
        seconds, iterations = self.sapp.hint_budget

        def work() -> tuple[int, State, list[Hint]]:
            from solotable.agents.hint import hint

            return token, copy, hint(copy, seconds, iterations=iterations, seed=0 if iterations else None)

        self.run_worker(work, thread=True, group="hint", exclusive=True, name="hint")
        self.query_one("#status", Static).update(Text(self.status_text()))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker: Worker[Any] = event.worker
        if worker.name != "hint":
            return
        if event.state == WorkerState.ERROR:
            self._hint_token = None
            self.notify(tr("tui.hint.failed", self.lang, reason=worker.error), severity="error")
        elif event.state == WorkerState.SUCCESS:
            result = worker.result
            assert result is not None
            token, state, ranked = result
            if token != self._hint_token or token != len(self.session.record.actions):
                return  # the position changed while the bot thought: the hint is stale
            self._hint_token = None
            self.query_one("#status", Static).update(Text(self.status_text()))
            self.app.push_screen(MessageDialog(tr("tui.hint.title", self.lang), self.hint_text(state, ranked),
                                               self.lang, id="hint-dialog"))  # fmt: skip

    def hint_text(self, state: State, ranked: list[Hint]) -> str:
        panel = hint_panel(self.session.game, state, ranked, self.lang)
        if panel is None:
            return tr("tui.hint.none", self.lang)
        width = min(72, (self.app.size.width or 80) - 8)  # the dialog's text width
        lines = [panel.best_heading, hanging("  ", panel.best.line, width)]
        if panel.others:
            lines.append(panel.others_heading)
            lines.extend(hanging("  ", other.line, width) for other in panel.others)
        if panel.note:
            lines.append(panel.note)
        return "\n".join(lines)

    # -- the other keys ---------------------------------------------------------------------

    def action_info(self) -> None:
        """``i``: what the table shows (``Game.info_entries``): the entry of what is selected on
        the board (``selected_key``), or, with nothing selected, every entry, with the board's own
        details and the highlighted choice."""
        lang = self.lang
        s = self.session
        entries = s.game.info_entries(s.state, lang)
        selected = getattr(self.board, "selected_key", None)
        key = selected() if selected is not None and self.focused is self.board else None
        chosen = [e for e in entries if key is not None and e.key == key]
        if chosen:
            entry = chosen[0]
            self.app.push_screen(MessageDialog(entry.title, entry.text, lang, id="info-dialog"))
            return
        parts = [entries_text(entries)] if entries else []
        details = getattr(self.board, "details", None)
        board_text = details(lang) if details is not None and (not entries or self.focused is self.board) else None
        if board_text:
            parts.append(board_text)
        index = self.query_one("#actions", ChoiceList).highlighted_choice()
        choices = self.choices()
        if index is not None and 0 <= index < len(choices) and not s.state.is_terminal():
            action = choices[index]
            label = labelled(s.game.describe(s.state, action, lang), str(action))
            parts.append(tr("tui.info.action", lang, label=label))
        if not parts:
            self.notify(tr("tui.info.none", lang))
            return
        self.app.push_screen(MessageDialog(tr("tui.info.title", lang), "\n\n".join(parts), lang, id="info-dialog"))

    def action_help(self) -> None:
        lang = self.lang
        body = tr("tui.help.keys", lang) + "\n\n" + self.session.game.help_text(lang)
        self.app.push_screen(MarkdownDialog(tr("tui.help.title", lang), body, lang, id="help-dialog"))

    def action_lang(self) -> None:
        self.sapp.next_lang()

    def on_screen_resume(self) -> None:
        if self._shown_lang and self._shown_lang != self.lang:
            self.refresh_all()

    def action_save(self) -> None:
        s = self.session
        default = s.autosave_path.with_name(s.autosave_path.stem.replace(".solotable", "") + "-copy.solotable.json") \
            if s.autosave_path is not None else Path("solotable-game.solotable.json")

        def answered(target: str | None) -> None:
            if target is None:
                return
            path = Path(os.path.expanduser(target))
            try:
                s.save(path)
            except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
                self.notify(tr("tui.save_failed", self.lang, path=clip(str(path), 200), reason=reason),
                            severity="error")  # fmt: skip
                return
            self.notify(tr("tui.saved", self.lang, path=path))

        self.app.push_screen(SaveDialog(str(default), self.lang), answered)

    def _save_now(self) -> None:
        s = self.session
        if s.autosave_path is None:
            return
        try:
            s.save(s.autosave_path)
        except OSError as exc:
            self.notify(tr("tui.save_failed", self.lang, path=s.autosave_path, reason=exc.strerror or exc),
                        severity="error")  # fmt: skip

    def action_quit_game(self) -> None:
        self._save_now()
        self.record_if_over()
        self.app.exit(0)

    def action_home(self) -> None:
        self._save_now()
        self.record_if_over()
        self.sapp.go_home()
