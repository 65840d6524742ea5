"""The home screen: start a game with its options, continue an unfinished game, see the record.

Three tabs (keys 1 / 2 / 3 or the mouse): *New game* (the games on the left; on the right one
line per option of the chosen game — left/right or a click change it — then the language,
physical dice and the seed; Enter starts), *Continue* (the unfinished autosaved games, newest
first), *Record* (games played, won and lost per game, difficulty and character, best score).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from solotable.core.i18n import LANGS, display_width, explain, message, pad_to
from solotable.core.protocol import Game
from solotable.core.record import Record, RecordError, load_record
from solotable.core.registry import game_ids
from solotable.core.registry import load as load_game
from solotable.ui.tui.i18n import tr

if TYPE_CHECKING:
    from solotable.ui.tui.app import SoloTableApp

MAX_SAVES_LISTED = 30
MAX_SEED_DIGITS = 18
"""The longest seed read from the seed field (a longer one is taken as no seed: random)."""


class ChoiceField(Widget, can_focus=True):
    """One option on one line: ``difficulty   ◀ normal ▶``; left/right/space or a click cycle."""

    DEFAULT_CSS = """
    ChoiceField { height: auto; width: 1fr; }
    ChoiceField:focus { background: $accent 40%; text-style: bold; }
    """
    BINDINGS = [  # noqa: RUF012
        Binding("left", "step(-1)", show=False),
        Binding("right", "step(1)", show=False),
        Binding("space", "step(1)", show=False),
    ]

    class Changed(Message):
        def __init__(self, field: ChoiceField) -> None:
            super().__init__()
            self.field = field

    def __init__(self, name: str, label: str, choices: list[tuple[str, str]], value: str) -> None:
        super().__init__(classes=f"opt-{name}")
        self.option_name = name
        self.label = label
        self.choices = choices  # (value, shown)
        self.index = next((i for i, (v, _) in enumerate(choices) if v == value), 0)

    @property
    def value(self) -> str:
        return self.choices[self.index][0]

    def render(self) -> Text:
        shown = self.choices[self.index][1]
        return Text(pad_to(self.label, 18) + f" ◀ {shown} ▶")

    def action_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.choices)
        self.refresh()
        self.post_message(self.Changed(self))

    def on_click(self, event: events.Click) -> None:
        self.focus()
        self.action_step(-1 if event.x < display_width(self.label) + 3 else 1)


@dataclass(frozen=True, slots=True)
class SavedGame:
    path: Path
    record: Record
    steps: int


def unfinished_games(directory: Path) -> tuple[list[SavedGame], list[str]]:
    """The unfinished games saved in ``directory`` (newest first) and the files that could not
    be read (with the reason)."""
    found: list[SavedGame] = []
    problems: list[str] = []
    if not directory.is_dir():
        return found, problems
    stamped = []
    for path in directory.glob("*.solotable.json"):
        try:
            stat = path.stat()
        except OSError:
            continue
        stamped.append((stat.st_mtime_ns, stat.st_size, path))
    for mtime, size, path in sorted(stamped, reverse=True):
        if len(found) >= MAX_SAVES_LISTED:
            break
        key = (str(path), mtime, size)
        if key not in _SEEN:  # each file is read and replayed once while it does not change
            try:
                record = load_record(path)
                _SEEN[key] = None if record.replay().is_terminal() else SavedGame(path, record, len(record.actions))
            except RecordError as exc:
                _SEEN[key] = f"{path.name}: {exc}"
        seen = _SEEN[key]
        if isinstance(seen, SavedGame):
            found.append(seen)
        elif isinstance(seen, str):
            problems.append(seen)
    return found, problems


_SEEN: dict[tuple[str, int, int], SavedGame | str | None] = {}


HOME_CSS = """
HomeScreen { layout: vertical; }
#home-title { height: 1; background: $primary-background; }
#tabs { height: 1fr; }
#new { layout: horizontal; }
#games { width: 34; height: 1fr; border: none; }
#form { width: 1fr; padding: 0 1; }
#form Input { border: none; height: 1; width: 1fr; }
#seed-row { height: 1; }
#seed-label, .text-label { width: 19; }
#start { margin: 1 0 0 0; height: 1; border: none; min-width: 16; }
#form-error { color: $error; height: auto; }
#saves { height: 1fr; border: none; }
#record-scroll { height: 1fr; }
#home-keys { height: 1; background: $primary-background; }
"""
"""The home screen's layout (in the app's stylesheet, like the dialogs')."""


class HomeScreen(Screen[None]):
    """The home screen (see the module docstring)."""


    BINDINGS = [  # noqa: RUF012
        Binding("l", "lang", show=False),
        Binding("q", "quit", show=False),
        Binding("f1", "tab('new')", show=False),
        Binding("f2", "tab('continue')", show=False),
        Binding("f3", "tab('record')", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.game_ids: list[str] = []
        self.selected = ""
        self.saved: list[SavedGame] = []
        self._drawn = False

    @property
    def sapp(self) -> SoloTableApp:
        from solotable.ui.tui.app import SoloTableApp

        app = self.app
        assert isinstance(app, SoloTableApp)
        return app

    @property
    def lang(self) -> str:
        return self.sapp.lang

    def compose(self) -> ComposeResult:
        self.game_ids = self.sapp.games or game_ids()
        self.selected = self.game_ids[0]
        lang = self.lang
        yield Static(Text(tr("tui.home.title", lang)), id="home-title")
        with TabbedContent(id="tabs", initial="new"):
            with TabPane(tr("tui.home.tab_new", lang), id="new"):
                yield OptionList(id="games")
                with VerticalScroll(id="form"):
                    yield Vertical(id="fields")
                    with Horizontal(id="seed-row"):
                        yield Static(Text(tr("tui.home.seed", lang)), id="seed-label")
                        yield Input(placeholder=tr("tui.home.seed_random", lang), id="seed", type="integer")
                    yield Button(tr("tui.home.start", lang), id="start", variant="primary")
                    yield Static("", id="form-error")
            with TabPane(tr("tui.home.tab_continue", lang), id="continue"):
                yield OptionList(id="saves")
            with TabPane(tr("tui.home.tab_record", lang), id="record"), VerticalScroll(id="record-scroll"):
                yield Static("", id="record-body")
        yield Static("", id="home-keys")

    def on_mount(self) -> None:
        self.redraw()
        self._drawn = True
        self.call_after_refresh(self.query_one("#games", OptionList).focus)

    def redraw(self) -> None:
        lang = self.lang
        self.query_one("#home-title", Static).update(Text(tr("tui.home.title", lang)))
        self.query_one("#home-keys", Static).update(tr("tui.home.keys", lang))
        tabs = self.query_one("#tabs", TabbedContent)
        for pane_id, key in (("new", "tui.home.tab_new"), ("continue", "tui.home.tab_continue"),
                             ("record", "tui.home.tab_record")):  # fmt: skip
            tabs.get_tab(pane_id).label = tr(key, lang)
        self.query_one("#seed-label", Static).update(Text(tr("tui.home.seed", lang)))
        self.query_one("#start", Button).label = tr("tui.home.start", lang)
        games = self.query_one("#games", OptionList)
        highlighted = self.game_ids.index(self.selected)
        games.set_options([Option(Text(load_game(g).title(lang)), id=g) for g in self.game_ids])
        games.highlighted = highlighted
        self.build_fields()
        self.refresh_saves()
        self.refresh_record()

    # -- new game ---------------------------------------------------------------------------

    def build_fields(self) -> None:
        lang = self.lang
        game = load_game(self.selected)
        box = self.query_one("#fields", Vertical)
        old = {f.option_name: f.value for f in box.query(ChoiceField)}
        old_inputs = {w.name: w.value for w in box.query(Input)}
        box.remove_children()
        widgets: list[Widget] = []
        for spec in game.option_specs:
            label = tr(f"tui.opt.{spec.name}", lang) if f"tui.opt.{spec.name}" in _catalogue() else spec.name
            if not spec.choices:
                if spec.name.endswith("_data"):
                    continue  # kept by records only, not chosen by people
                field_name = f"opt-{spec.name}"
                hint = f"tui.placeholder.{spec.name}"
                row = Horizontal(
                    Static(Text(pad_to(label, 19)), classes="text-label"),
                    Input(value=old_inputs.get(field_name) or str(spec.default), name=field_name,
                          placeholder=tr(hint, lang) if hint in _catalogue() else spec.name),
                    classes="text-row",
                )
                row.styles.height = 1
                widgets.append(row)
                continue
            values = [(_value_text(c), value_label(game, spec.name, _value_text(c), lang)) for c in spec.choices]
            current = old.get(spec.name, _value_text(spec.default))
            widgets.append(ChoiceField(spec.name, label, values, current))
        langs = [(code, tr(f"tui.lang.{code}", lang)) for code in LANGS]
        widgets.append(ChoiceField("__lang", tr("tui.home.lang", lang), langs, lang))
        onoff = [("off", tr("tui.value.off", lang)), ("on", tr("tui.value.on", lang))]
        widgets.append(ChoiceField("__physical", tr("tui.home.physical", lang), onoff, old.get("__physical", "off")))
        box.mount_all(widgets)
        box.styles.height = "auto"

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "games" and event.option.id and event.option.id != self.selected:
            self.selected = event.option.id
            self.build_fields()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "games":
            fields = list(self.query(ChoiceField))
            if fields:
                fields[0].focus()
        elif event.option_list.id == "saves" and event.option.id is not None:
            self.resume(int(event.option.id))

    def on_choice_field_changed(self, event: ChoiceField.Changed) -> None:
        if event.field.option_name == "__lang" and event.field.value != self.lang:
            self.sapp.set_lang(event.field.value)

    def on_key(self, event: events.Key) -> None:
        if event.key == "enter" and isinstance(self.focused, ChoiceField):
            event.stop()
            self.start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()

    def options(self) -> tuple[dict[str, object], bool, int | None]:
        game = load_game(self.selected)
        options: dict[str, object] = {}
        physical = False
        for f in self.query(ChoiceField):
            if f.option_name == "__physical":
                physical = f.value == "on"
            elif not f.option_name.startswith("__"):
                options[f.option_name] = f.value
        for spec in game.option_specs:
            if not spec.choices and not spec.name.endswith("_data"):
                found = [w for w in self.query(Input) if w.name == f"opt-{spec.name}"]
                value = found[0].value.strip() if found else ""
                if value:
                    options[spec.name] = value
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdecimal() and len(seed_text) <= MAX_SEED_DIGITS else None
        return options, physical, seed

    def start(self) -> None:
        options, physical, seed = self.options()
        error = self.sapp.start_game(load_game(self.selected), options, physical, seed)
        self.query_one("#form-error", Static).update(Text(error or ""))

    # -- continue, record -------------------------------------------------------------------

    def refresh_saves(self) -> None:
        lang = self.lang
        self.saved, problems = unfinished_games(self.sapp.saves_dir)
        widget = self.query_one("#saves", OptionList)
        options: list[Option] = []
        for index, saved in enumerate(self.saved):
            title = load_game(saved.record.game).title(lang)
            options.append(Option(Text(tr("tui.home.save_line", lang, name=saved.path.name, title=title,
                                          steps=saved.steps)), id=str(index)))  # fmt: skip
        if not options:
            options.append(Option(Text(tr("tui.home.no_saves", lang)), disabled=True))
        options.extend(Option(Text(tr("tui.home.bad_save", lang, problem=p)), disabled=True) for p in problems)
        widget.set_options(options)
        widget.highlighted = 0 if self.saved else None

    def resume(self, index: int) -> None:
        if 0 <= index < len(self.saved):
            self.sapp.resume_game(self.saved[index].path)

    def refresh_record(self) -> None:
        self.query_one("#record-body", Static).update(Text(self.sapp.record_text()))

    def action_lang(self) -> None:
        if isinstance(self.focused, Input):
            return
        self.sapp.next_lang()

    def action_tab(self, pane: str) -> None:
        self.query_one("#tabs", TabbedContent).active = pane
        target = {"new": "#games", "continue": "#saves", "record": "#record-scroll"}[pane]
        self.call_after_refresh(self.query_one(target).focus)

    def action_quit(self) -> None:
        self.app.exit(0)

    def on_screen_resume(self) -> None:
        if self._drawn:  # back from a game: redrawn, and the keys work on the tab's list again
            self.redraw()
            self.action_tab(self.query_one("#tabs", TabbedContent).active or "new")


def value_label(game: Game, option: str, value: str, lang: str) -> str:
    """An option value in words: the game's own word for it when its catalogue has one (a
    difficulty, a character), the interface's for the common ones (on, off, none, preset ...),
    else the value as typed on the command line."""
    common = f"tui.value.{value}"
    if common in _catalogue():
        return tr(common, lang)
    names = {option, "char"} if option in ("character", "partner") else {option}
    for key in game.message_keys():
        parts = key.split(".")
        if len(parts) == 3 and parts[1] in names and parts[2] == value:
            return message(key, lang)
    return value


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _catalogue() -> set[str]:
    from solotable.ui.tui.i18n import catalogue

    return set(catalogue().keys())


def explain_error(exc: BaseException, lang: str) -> str:
    return explain(exc, lang)
