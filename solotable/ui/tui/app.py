"""The Textual app: the home screen, the game screen, the language and the record.

``run_home(lang)`` opens the home screen (``solotable play`` on a terminal);
``run_session(session, lang)`` goes straight to a game (``solotable play GAME`` on a terminal).
Tests build :class:`SoloTableApp` directly and drive it with ``App.run_test()``.
"""

from __future__ import annotations

import os
from pathlib import Path

from textual.app import App
from textual.binding import Binding

from solotable.core.i18n import LANGS, explain
from solotable.core.protocol import Game
from solotable.core.record import RecordError, remove_stale_temps
from solotable.core.session import Session
from solotable.ui.present import msg, record_lines
from solotable.ui.record_db import RecordDB, data_dir
from solotable.ui.tui.dialogs import DIALOG_CSS
from solotable.ui.tui.game_screen import GAME_CSS, GameScreen
from solotable.ui.tui.home import HOME_CSS, HomeScreen
from solotable.ui.tui.i18n import catalogue, tr
from solotable.ui.tui.too_small import TOO_SMALL_CSS
from solotable.ui.tui.wrapped import wrap_toasts


class SoloTableApp(App[int]):
    """solotable's full-screen interface (see the module docstring)."""

    TITLE = "solotable"
    CSS = DIALOG_CSS + HOME_CSS + GAME_CSS + TOO_SMALL_CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+c", "quit", show=False)]  # noqa: RUF012

    def __init__(
        self,
        *,
        lang: str = "en",
        session: Session | None = None,
        resumed: bool = False,
        data: str | os.PathLike[str] | None = None,
        hint_seconds: float | None = 2.0,
        hint_iterations: int | None = None,
        games: list[str] | None = None,
    ) -> None:
        super().__init__()
        wrap_toasts()
        catalogue()
        self.lang = lang if lang in LANGS else "en"
        self.first_session = session
        self.first_resumed = resumed
        self.data_dir = Path(data) if data is not None else data_dir()
        self.hint_budget: tuple[float | None, int | None] = (hint_seconds, hint_iterations)
        self.games = games
        self.db: RecordDB | None = None
        self.db_error: str | None = None
        self.db_notice: str | None = None
        self.sessions: list[Session] = []
        """Every game played in this run, for the words printed on leaving (:meth:`farewell`)."""

    @property
    def saves_dir(self) -> Path:
        return self.data_dir / "saves"

    def note_session(self, session: Session) -> None:
        """A game shown on screen: said where it is saved when the app ends."""
        if all(s is not session for s in self.sessions):
            self.sessions.append(session)

    def farewell(self) -> list[str]:
        """What line mode says on leaving, for each game played in this run: where an unfinished
        game is saved (and how to continue it), where a finished game's record is."""
        lines = []
        for session in self.sessions:
            path = session.autosave_path
            if path is None or not path.exists():
                continue
            key = "cli.record_at" if session.state.is_terminal() else "cli.quit_saved"
            lines.append(msg(key, self.lang, path=path))
        return lines

    def on_mount(self) -> None:
        remove_stale_temps(self.saves_dir, every=True)  # what autosaves killed mid-write left
        self.open_db()
        if self.first_session is not None:
            self.note_open(self.first_session)
            self.push_screen(GameScreen(self.first_session, resumed=self.first_resumed))
        else:
            self.push_screen(HomeScreen())
        if self.db_notice is not None:
            self.notify(self.db_notice, severity="warning", timeout=20)

    def on_unmount(self) -> None:
        if self.db is not None:
            self.db.close()

    # -- the record -------------------------------------------------------------------------

    def open_db(self) -> None:
        try:
            self.db = RecordDB.open(self.data_dir / "record.sqlite3")
        except Exception as exc:  # an unwritable directory, say: play on, say so
            self.db = None
            self.db_error = str(exc)
            self.db_notice = tr("tui.record.unavailable", self.lang, reason=exc)
            return
        notice = self.db.notice
        if notice is not None:
            self.db_notice = tr("tui.record.damaged", self.lang, path=notice.path, moved=notice.moved_to,
                                reason=notice.reason, kept=notice.kept)  # fmt: skip

    def note_open(self, session: Session) -> None:
        """Note in the record that this game is being played (counted at the next start if the
        process dies at its end); the game goes on if the record cannot be written."""
        if self.db is None or session.autosave_path is None:
            return
        try:
            self.db.open_game(session.autosave_path)
        except Exception as exc:  # sqlite3.Error, OSError: the game itself is safe in its save file
            self.notify(tr("tui.record.write_failed", self.lang, reason=exc), severity="error")

    def record_finished(self, session: Session) -> None:
        if self.db is None:
            return
        try:
            self.db.add_state(session.state, session.autosave_path)
        except Exception as exc:  # the game itself is safe in its save file
            self.notify(tr("tui.record.write_failed", self.lang, reason=exc), severity="error")

    def record_text(self) -> str:
        lines: list[str] = []
        if self.db_notice is not None:
            lines.extend([self.db_notice, ""])
        if self.db is None:
            return "\n".join(lines) or msg("cli.record.none", self.lang)
        lines.extend(record_lines(self.db.summary(), self.lang))
        return "\n".join(lines)

    # -- games ------------------------------------------------------------------------------

    def start_game(self, game: Game, options: dict[str, object], physical: bool, seed: int | None) -> str | None:
        """Start a new autosaved game; an error text (bad option, unwritable place) or None."""
        try:
            directory = self.saves_dir
            directory.mkdir(parents=True, exist_ok=True)
            path = _fresh_path(directory, game.id)
            session = Session(game, seed=seed, options=game.read_files(options), physical_dice=physical, autosave=path)
            session.record.lang = self.lang  # resume and replay keep the language
            session.save(path)
        except ValueError as exc:
            return explain(exc, self.lang)
        except OSError as exc:
            return tr("tui.save_failed", self.lang, path=self.saves_dir, reason=exc.strerror or exc)
        self.note_open(session)
        self.push_screen(GameScreen(session, from_home=True))
        return None

    def resume_game(self, path: Path) -> None:
        try:
            session = Session.resume(path)
        except RecordError as exc:
            self.notify(explain(exc, self.lang), severity="error")
            return
        self.note_open(session)
        self.push_screen(GameScreen(session, from_home=True, resumed=True))

    def go_home(self) -> None:
        """Back to the home screen (opened now if the app started on a game)."""
        if isinstance(self.screen, GameScreen):
            if any(isinstance(s, HomeScreen) for s in self.screen_stack):
                self.pop_screen()
            else:
                self.switch_screen(HomeScreen())

    # -- language ---------------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        if lang not in LANGS or lang == self.lang:
            return
        self.lang = lang
        screen = self.screen
        if isinstance(screen, GameScreen):
            screen.refresh_all()
        elif isinstance(screen, HomeScreen):
            screen.redraw()
        self.notify(tr("tui.lang_set", lang))

    def next_lang(self) -> None:
        self.set_lang(LANGS[(LANGS.index(self.lang) + 1) % len(LANGS)])


def _fresh_path(directory: Path, game_id: str) -> Path:
    """A new save file in ``directory``, named like line mode's (time and game)."""
    from datetime import datetime

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = directory / f"{stamp}-{game_id}.solotable.json"
    counter = 2
    while path.exists():
        path = directory / f"{stamp}-{game_id}-{counter}.solotable.json"
        counter += 1
    return path


def run_app(app: SoloTableApp) -> int:
    """Run ``app``; once the terminal is back, say where each game played was saved."""
    code = app.run() or 0
    for line in app.farewell():
        print(line)
    return code


def run_home(lang: str = "en") -> int:
    """``solotable play`` on a terminal: the home screen."""
    return run_app(SoloTableApp(lang=lang))


def run_session(session: Session, lang: str = "en", *, resumed: bool = False) -> int:
    """``solotable play GAME`` (or ``resume FILE``) on a terminal: straight to the game."""
    return run_app(SoloTableApp(lang=lang, session=session, resumed=resumed))
