"""The home screen: start a game with its options, continue an unfinished game, see the record.

Three tabs (keys 1 / 2 / 3 or the mouse): *New game* (the games on the left; on the right one
line per option of the chosen game — left/right or a click change it — then the language,
physical dice and the seed; Enter starts), *Continue* (the unfinished autosaved games, newest
first), *Record* (games played, won and lost per game, difficulty and character, best score).
"""

from __future__ import annotations

from collections.abc import Mapping
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

from solotable.core.i18n import LANGS, display_width, explain, pad_to
from solotable.core.protocol import Game
from solotable.core.record import Record, RecordError, load_record
from solotable.core.registry import game_ids
from solotable.core.registry import load as load_game
from solotable.core.text_layout import wrap
from solotable.ui.present import option_label, value_label
from solotable.ui.tui.dialogs import ConfirmDialog, MarkdownDialog
from solotable.ui.tui.i18n import tr
from solotable.ui.tui.too_small import TooSmall
from solotable.ui.tui.wrapped import Wrapped

if TYPE_CHECKING:
    from solotable.ui.tui.app import SoloTableApp

LIST_WIDTH = 32
"""Columns of a line of the games list before it is laid out (34, less its padding)."""
SELECTED_MARK = "▶ "
"""Marks the selected game, the highlighted saved game and the open tab, so that none is told by
its colour alone; the others are indented as far (issue 20, item 14)."""

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

    def __init__(
        self, name: str, label: str, choices: list[tuple[str, str]], value: str, width: int = 18, game: str = ""
    ) -> None:
        super().__init__(classes=f"opt-{name}")
        self.game_id = game
        self.option_name = name
        self.label = label
        self.label_width = width
        self.choices = choices  # (value, shown)
        self.index = next((i for i, (v, _) in enumerate(choices) if v == value), 0)

    @property
    def value(self) -> str:
        return self.choices[self.index][0]

    def render(self) -> Text:
        shown = self.choices[self.index][1]
        return Text(pad_to(self.label, self.label_width) + f" ◀ {shown} ▶")

    def action_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.choices)
        self.refresh()
        self.post_message(self.Changed(self))

    def on_click(self, event: events.Click) -> None:
        self.focus()
        self.action_step(-1 if event.x < self.label_width + 3 else 1)


class Form(VerticalScroll, can_focus=False):
    """The options of the new game: Tab goes from the game list straight to its first option."""


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
        Binding("question_mark", "help", show=False),
        Binding("i", "info", show=False),
        Binding("d", "delete", show=False),
        Binding("delete", "delete", show=False),
        Binding("f1", "tab('new')", show=False),
        Binding("f2", "tab('continue')", show=False),
        Binding("f3", "tab('record')", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.game_ids: list[str] = []
        self.selected = ""
        self.saved: list[SavedGame] = []
        self._labels: dict[str, list[str]] = {"games": [], "saves": []}  # the marked lists' words
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
        yield TooSmall(id="too-small")
        yield Static(Text(tr("tui.home.title", lang)), id="home-title")
        with TabbedContent(id="tabs", initial="new"):
            with TabPane(tr("tui.home.tab_new", lang), id="new"):
                yield OptionList(id="games")
                with Form(id="form"):
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

    def on_resize(self) -> None:
        self.query_one(TooSmall).check(self.lang)
        if self._drawn:  # the saved games' lines wrap to the new width
            self.call_after_refresh(self.mark_list, "saves")

    def on_mount(self) -> None:
        self.query_one(TooSmall).check(self.lang)
        self.redraw()
        self._drawn = True
        self.call_after_refresh(self.query_one("#games", OptionList).focus)

    def redraw(self) -> None:
        lang = self.lang
        self.query_one("#home-title", Static).update(Text(tr("tui.home.title", lang)))
        self.show_keys()
        self.mark_tab()
        self.query_one("#seed-label", Static).update(Text(tr("tui.home.seed", lang)))
        self.query_one("#seed", Input).placeholder = tr("tui.home.seed_random", lang)
        self.query_one("#start", Button).label = tr("tui.home.start", lang)
        games = self.query_one("#games", OptionList)
        highlighted = self.game_ids.index(self.selected)
        self._labels["games"] = [load_game(g).title(lang) for g in self.game_ids]
        games.set_options([Option(Text(label), id=g) for label, g in zip(self._labels["games"], self.game_ids,
                                                                          strict=True)])  # fmt: skip
        games.highlighted = highlighted
        self.mark_list("games")
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
        width = label_width(game, lang)
        self.query_one("#seed-label", Static).styles.width = width + 1
        for spec in game.option_specs:
            label = option_label(game, spec.name, lang)
            if not spec.choices:
                if spec.name.endswith("_data"):
                    continue  # kept by records only, not chosen by people
                field_name = f"opt-{spec.name}"
                hint = f"tui.placeholder.{spec.name}"
                text_label = Static(Text(pad_to(label, width + 1)), classes="text-label")
                text_label.styles.width = width + 1
                row = Horizontal(
                    text_label,
                    Input(value=old_inputs.get(field_name) or str(spec.default), name=field_name,
                          placeholder=tr(hint, lang) if hint in _catalogue() else spec.name),
                    classes="text-row",
                )
                row.styles.height = 1
                widgets.append(row)
                continue
            values = [(_value_text(c), value_label(game, spec.name, _value_text(c), lang)) for c in spec.choices]
            current = old.get(spec.name, _value_text(spec.default))
            widgets.append(ChoiceField(spec.name, label, values, current, width, game.id))
        langs = [(code, tr(f"tui.lang.{code}", lang)) for code in LANGS]
        widgets.append(ChoiceField("__lang", tr("tui.home.lang", lang), langs, lang, width))
        onoff = [(v, value_label(None, "__physical", v, lang)) for v in ("off", "on")]
        widgets.append(ChoiceField("__physical", tr("tui.home.physical", lang), onoff, old.get("__physical", "off"),
                                   width))  # fmt: skip
        box.mount_all(widgets)
        box.styles.height = "auto"

    def mark_tab(self) -> None:
        """Every tab by its name, the open one marked :data:`SELECTED_MARK` (not by colour alone)."""
        tabs = self.query_one("#tabs", TabbedContent)
        active = tabs.active or "new"
        for pane_id, key in (("new", "tui.home.tab_new"), ("continue", "tui.home.tab_continue"),
                             ("record", "tui.home.tab_record")):  # fmt: skip
            mark = SELECTED_MARK if pane_id == active else ""
            tabs.get_tab(pane_id).label = mark + tr(key, self.lang)

    def mark_list(self, list_id: str) -> None:
        """The highlighted line of the games or saves list marked :data:`SELECTED_MARK`, the
        others indented as far: the selection shows without colour."""
        widget = self.query_one(f"#{list_id}", OptionList)
        pad = " " * display_width(SELECTED_MARK)
        width = widget.content_size.width or (LIST_WIDTH if list_id == "games" else 78)
        for index, label in enumerate(self._labels[list_id]):
            chosen = index == widget.highlighted
            lines = wrap(label, width, SELECTED_MARK if chosen else pad, pad)  # wrapped under the words
            widget.replace_option_prompt_at_index(index, Text("\n".join(lines), style="bold" if chosen else ""))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id in self._labels:
            self.mark_list(event.option_list.id)
        if event.option_list.id == "games" and event.option.id and event.option.id != self.selected:
            self.selected = event.option.id
            self.build_fields()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "games":  # Enter starts the game, as the key hints say
            if event.option.id and event.option.id != self.selected:
                self.selected = event.option.id
                self.build_fields()
            self.call_after_refresh(self.start)  # once the game's own fields are in place
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
            elif not f.option_name.startswith("__") and f.game_id == game.id:  # not a field of the last game
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
        self.query_one("#form-error", Static).update(Wrapped(error or ""))

    # -- continue, record -------------------------------------------------------------------

    def show_keys(self) -> None:
        """The key hints of the tab in view."""
        tab = self.query_one("#tabs", TabbedContent).active or "new"
        key = {"continue": "tui.home.keys_continue", "record": "tui.home.keys_record"}.get(tab, "tui.home.keys")
        self.query_one("#home-keys", Static).update(tr(key, self.lang))

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.mark_tab()
        self.show_keys()

    def refresh_saves(self) -> None:
        lang = self.lang
        was = self.highlighted_save()
        self.saved, problems = unfinished_games(self.sapp.saves_dir)
        widget = self.query_one("#saves", OptionList)
        options: list[Option] = []
        self._labels["saves"] = []
        for index, saved in enumerate(self.saved):
            game = load_game(saved.record.game)
            line = tr("tui.home.save_line", lang, title=game.title(lang), setup=save_setup(game, saved.record.options,
                      lang), steps=steps_text(saved.steps, lang), when=saved_when(saved.path))  # fmt: skip
            self._labels["saves"].append(line)
            options.append(Option(Text(line), id=str(index)))
        if not options:
            options.append(Option(Text(tr("tui.home.no_saves", lang)), disabled=True))
        options.extend(Option(Text(tr("tui.home.bad_save", lang, problem=p)), disabled=True) for p in problems)
        widget.set_options(options)
        # the highlight stays on the same saved game (a cancelled delete, a return from a game), so
        # that the next key acts on the game the player is looking at
        paths = [saved.path for saved in self.saved]
        keep = paths.index(was.path) if was is not None and was.path in paths else 0
        widget.highlighted = keep if self.saved else None
        self.mark_list("saves")

    def resume(self, index: int) -> None:
        if 0 <= index < len(self.saved):
            self.sapp.resume_game(self.saved[index].path)

    def refresh_record(self) -> None:
        self.query_one("#record-body", Static).update(Wrapped(self.sapp.record_text()))

    def action_lang(self) -> None:
        if isinstance(self.focused, Input):
            return
        self.sapp.next_lang()

    # -- help, explanations, deleting a save ------------------------------------------------

    def action_help(self) -> None:
        """``?``: the keys of this screen, every option of the selected game explained, and the
        game's rules in short."""
        lang = self.lang
        game = load_game(self.selected)
        body = "\n\n".join([tr("tui.home.help", lang), options_help(game, lang), game.help_text(lang)])
        self.app.push_screen(MarkdownDialog(tr("tui.help.title", lang), body, lang, id="help-dialog"))

    def action_info(self) -> None:
        """``i``: what the focused thing is: an option and its values, the selected game's
        options, or a saved game's setup."""
        lang = self.lang
        focused = self.focused
        game = load_game(self.selected)
        tab = self.query_one("#tabs", TabbedContent).active
        if isinstance(focused, ChoiceField):
            title, body = focused.label, option_help(game, focused.option_name, focused.label, lang,
                                                     [v for v, _ in focused.choices], focused.value)  # fmt: skip
        elif isinstance(focused, Input) or focused is self.query_one("#start"):
            title, body = tr("tui.home.seed", lang), option_help(game, "seed", tr("tui.home.seed", lang), lang)
        elif tab == "continue":
            saved = self.highlighted_save()
            if saved is None:
                self.notify(tr("tui.info.none", lang))
                return
            title, body = saved.path.name, save_details(saved, lang)
        elif tab == "new":
            title, body = game.title(lang), options_help(game, lang)
        else:
            self.notify(tr("tui.info.none", lang))
            return
        self.app.push_screen(MarkdownDialog(title, body, lang, id="info-dialog"))

    def highlighted_save(self) -> SavedGame | None:
        widget = self.query_one("#saves", OptionList)
        index = widget.highlighted
        if index is None:
            return None
        option = widget.get_option_at_index(index)
        if option.id is None or not 0 <= int(option.id) < len(self.saved):
            return None
        return self.saved[int(option.id)]

    def action_delete(self) -> None:
        """``d`` / Delete on the Continue tab: delete the highlighted saved game, once confirmed."""
        if self.query_one("#tabs", TabbedContent).active != "continue":
            return
        saved = self.highlighted_save()
        if saved is None:
            return
        lang = self.lang
        title = load_game(saved.record.game).title(lang)
        question = tr("tui.home.delete_question", lang, title=title, name=saved.path.name)

        def answered(yes: bool | None) -> None:
            if not yes:
                self.notify(tr("tui.cancelled", lang))
                return
            try:
                saved.path.unlink()
            except OSError as exc:
                self.notify(tr("tui.home.delete_failed", lang, path=saved.path, reason=exc.strerror or exc),
                            severity="error")  # fmt: skip
                return
            self.notify(tr("tui.home.deleted", lang, name=saved.path.name))
            self.refresh_saves()

        self.app.push_screen(ConfirmDialog([question], lang), answered)

    def action_tab(self, pane: str) -> None:
        self.query_one("#tabs", TabbedContent).active = pane
        self.show_keys()
        target = {"new": "#games", "continue": "#saves", "record": "#record-scroll"}[pane]
        self.call_after_refresh(self.query_one(target).focus)

    def action_quit(self) -> None:
        self.app.exit(0)

    def on_screen_resume(self) -> None:
        if self._drawn:  # back from a game: redrawn, and the keys work on the tab's list again
            self.redraw()
            self.action_tab(self.query_one("#tabs", TabbedContent).active or "new")


def label_width(game: Game, lang: str) -> int:
    """The column the home screen's option values start at: past the longest label of ``game``."""
    labels = [option_label(game, s.name, lang) for s in game.option_specs if not s.name.endswith("_data")]
    labels += [tr("tui.home.lang", lang), tr("tui.home.physical", lang), tr("tui.home.seed", lang)]
    return max(display_width(label) for label in labels) + 1


def _optinfo(game: Game, option: str, lang: str) -> str | None:
    said = game.option_help(option, None, lang)  # the game's own options, in its words
    key = f"tui.optinfo.{option}"  # the fields every game has
    return said if said is not None else tr(key, lang) if key in _catalogue() else None


def _valinfo(game: Game, option: str, value: str, lang: str) -> str | None:
    return game.option_help(option, value, lang)


FIELDS = ("__lang", "__physical", "seed")
"""The home screen's fields every game has, after its own options."""


def option_help(
    game: Game, option: str, label: str, lang: str, values: list[str] | None = None, current: str | None = None
) -> str:
    """One option explained (Markdown): what it does, then each value in words with what it
    does, the chosen one marked."""
    said = _optinfo(game, option, lang)
    lines = [f"**{label}**" + (tr("tui.sep.colon", lang) + said if said else "")]
    for value in values or []:
        shown = value_label(game, option, value, lang) if option != "__lang" else tr(f"tui.lang.{value}", lang)
        if option == "__physical":
            shown = value_label(None, option, value, lang)
        mark = tr("tui.home.chosen", lang) if value == current else ""
        what = _valinfo(game, option, value, lang)
        lines.append(f"- {shown}{mark}" + (tr("tui.sep.colon", lang) + what if what else ""))
    return "\n".join(lines)


def options_help(game: Game, lang: str) -> str:
    """Every option of ``game`` and of the home screen explained (Markdown)."""
    parts = [tr("tui.home.options_heading", lang, title=game.title(lang))]
    for spec in game.option_specs:
        if spec.name.endswith("_data"):
            continue
        values = [_value_text(c) for c in spec.choices]
        parts.append(option_help(game, spec.name, option_label(game, spec.name, lang), lang, values))
    parts.append(option_help(game, "__lang", tr("tui.home.lang", lang), lang))
    parts.append(option_help(game, "__physical", tr("tui.home.physical", lang), lang))
    parts.append(option_help(game, "seed", tr("tui.home.seed", lang), lang))
    return "\n\n".join(parts)


def save_setup(game: Game, options: Mapping[str, object], lang: str) -> str:
    """A saved game's setup in words: rules set, character, difficulty as the record names them,
    then any other option that differs from its default (``continue off``)."""
    from solotable.ui.present import setup_words
    from solotable.ui.record_db import describe_options

    parts = [setup_words(game, *describe_options(game.id, options), lang)]
    for spec in game.option_specs:
        if spec.record or spec.name.endswith("_data") or spec.name not in options:  # record: named above
            continue
        value = options[spec.name]
        if value == spec.default or value in ("", None):
            continue
        shown = value_label(game, spec.name, _value_text(value), lang) if spec.choices else str(value)
        parts.append(f"{option_label(game, spec.name, lang)} {shown}")
    return tr("tui.record.sep", lang).join(p for p in parts if p and p != "-") or "-"


def steps_text(steps: int, lang: str) -> str:
    """``1 step``, ``3 steps``."""
    return tr("tui.home.steps_one" if steps == 1 else "tui.home.steps_other", lang, steps=steps)


def saved_when(path: Path) -> str:
    """When a save file was last written, to the minute (local time)."""
    from datetime import datetime

    try:
        return datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    except OSError:
        return "-"


def save_details(saved: SavedGame, lang: str) -> str:
    """Everything about a saved game (Markdown), for ``i`` on the Continue tab."""
    game = load_game(saved.record.game)
    record = saved.record
    lines = [f"**{game.title(lang)}**", ""]
    for spec in game.option_specs:
        if spec.name.endswith("_data") or spec.name not in record.options:
            continue
        value = record.options[spec.name]
        shown = value_label(game, spec.name, _value_text(value), lang) if spec.choices else str(value) or "-"
        lines.append(f"- {option_label(game, spec.name, lang)}{tr('tui.sep.colon', lang)}{shown}")
    seed = tr("tui.status.physical", lang) if record.physical_dice else tr("tui.status.seed", lang, seed=record.seed)
    lines.append(f"- {seed}")
    steps = steps_text(saved.steps, lang)
    lines.append("- " + tr("tui.home.save_steps", lang, steps=steps, when=saved_when(saved.path)))
    lines.append(f"- `{saved.path}`")
    return "\n".join(lines)


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _catalogue() -> set[str]:
    from solotable.ui.tui.i18n import catalogue

    return set(catalogue().keys())


def explain_error(exc: BaseException, lang: str) -> str:
    return explain(exc, lang)
