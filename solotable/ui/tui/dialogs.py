"""The app's dialogs: messages (help, info, hints), confirmation of a warned move, the
physical-dice dialog and the save dialog. Every word through the ``tui.*`` catalogue."""

from __future__ import annotations

import unicodedata

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from solotable.core.i18n import explain
from solotable.core.protocol import IllegalAction
from solotable.core.session import Session
from solotable.core.text_layout import joined_markdown
from solotable.ui.present import example_outcome, outcome_labelled, typed_example
from solotable.ui.tui.i18n import tr
from solotable.ui.tui.wrapped import Wrapped, WrappedMarkdown
from solotable.ui.typed import typed_number, typed_number_message

DIALOG_CSS = """
MessageDialog, MarkdownDialog, ConfirmDialog, ChanceDialog, SaveDialog { align: center middle; }
.dialog-box {
    width: 76; max-width: 100%; height: auto; max-height: 22;
    border: round $accent; background: $surface; padding: 0 1;
}
.dialog-box .title { text-style: bold; height: 1; }
.dialog-box VerticalScroll { height: auto; max-height: 16; }
.dialog-box Horizontal { height: auto; align: center middle; }
.dialog-box Button { min-width: 10; height: 1; border: none; margin: 0 1; }
.dialog-box Input { border: none; height: 1; margin: 1 0 0 0; background: $boost; }
.dialog-box OptionList { height: auto; max-height: 10; border: none; }
.dialog-box .error { color: $error; height: auto; }
.dialog-box .keys { color: $text-muted; height: 1; }
.dialog-box.page { width: 100; max-height: 100%; }
.dialog-box.page VerticalScroll { max-height: 100%; height: 1fr; }
.dialog-box.page { height: 100%; }
"""
"""The dialogs' layout (in the app's stylesheet: a screen's own default CSS is scoped); a large
terminal widens and lengthens them (:func:`dialog_size`)."""


def dialog_size(columns: int, rows: int, page: bool = False) -> tuple[int, int]:
    """A dialog's width and greatest height on a ``columns`` × ``rows`` terminal: 76 × 22 (a
    page: 100 wide) up to 100 × 30, then half of every column and every row beyond, at most 120
    (a page: 140) columns wide (issue 20, item 12: a 200×50 terminal kept 76-column dialogs)."""
    base, most = (100, 140) if page else (76, 120)
    width = min(most, base + max(0, columns - 100) // 2)
    height = 22 + max(0, rows - 30) // 2
    return width, height


class Roomy:
    """Mixed into a dialog: it takes the room a large terminal gives (:func:`dialog_size`)."""

    def on_resize(self, event: events.Resize) -> None:
        assert isinstance(self, ModalScreen)
        for box in self.query(".dialog-box"):
            page = box.has_class("page")
            width, height = dialog_size(event.size.width, event.size.height, page)
            box.styles.width = width
            if not page:
                box.styles.max_height = height
                for scroll in box.query(VerticalScroll):
                    scroll.styles.max_height = height - 6


class MessageDialog(Roomy, ModalScreen[None]):
    """A title and a scrollable text; Escape, Enter or q closes it."""

    BINDINGS = [  # noqa: RUF012 (Textual's class attribute)
        Binding("escape", "close", show=False),
        Binding("enter", "close", show=False),
        Binding("q", "close", show=False),
    ]

    def __init__(self, title: str, body: str, lang: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title_text = title
        self.body = body
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(Text(self.title_text), classes="title")
            with VerticalScroll():
                yield Static(Wrapped(self.body), id="body")
            yield Static(Text(tr("tui.dialog.close_keys", self.lang)), classes="keys")

    def action_close(self) -> None:
        self.dismiss(None)


class MarkdownDialog(MessageDialog):
    """A page of Markdown (the help: keys and a game's rules in short), rendered by Rich's
    Markdown in one widget (Textual's Markdown widget builds a widget per block: Mini Rogue
    v1.2.1's rules took 3 s of CPU to open, Rich's 0.2 s), as large as the terminal allows; the
    same keys as :class:`MessageDialog`, and ↑↓ PgUp PgDn Home End scroll."""

    BINDINGS = [  # noqa: RUF012
        *MessageDialog.BINDINGS,
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
        Binding("home", "scroll_home", show=False),
        Binding("end", "scroll_end", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box page"):
            yield Static(Text(self.title_text), classes="title")
            with VerticalScroll(id="page"):
                page = WrappedMarkdown(joined_markdown(self.body), code_theme="ansi_dark", hyperlinks=False)
                yield Static(page, id="body")
            yield Static(Text(tr("tui.dialog.page_keys", self.lang)), classes="keys")

    def action_scroll(self, rows: int) -> None:
        self.query_one("#page", VerticalScroll).scroll_relative(y=rows, animate=False)

    def action_scroll_home(self) -> None:
        self.query_one("#page", VerticalScroll).scroll_home(animate=False)

    def action_scroll_end(self) -> None:
        self.query_one("#page", VerticalScroll).scroll_end(animate=False)


class ConfirmDialog(Roomy, ModalScreen[bool]):
    """The game's warnings about a move, and a yes/no question (y / n, Enter / Escape)."""

    BINDINGS = [  # noqa: RUF012
        Binding("y", "answer(True)", show=False),
        Binding("enter", "answer(True)", show=False),
        Binding("n", "answer(False)", show=False),
        Binding("escape", "answer(False)", show=False),
    ]

    def __init__(self, warnings: list[str], lang: str) -> None:
        super().__init__()
        self.warnings = warnings
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(Text(tr("tui.confirm.title", self.lang)), classes="title")
            yield Static(Wrapped("\n".join(f"! {w}" for w in self.warnings)))
            yield Static(Wrapped(tr("tui.confirm.question", self.lang)))
            with Horizontal():
                yield Button(tr("tui.confirm.yes", self.lang), id="yes", variant="warning")
                yield Button(tr("tui.confirm.no", self.lang), id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


DESCRIBED_OUTCOMES = 60
"""Up to this many chance outcomes are listed in words (a threat card's name), more by what is
typed for them only (Deep Space D-6's 462 crew rolls: ``1 1 3 5 6 6``, not the protocol's
``roll:1,1,3,5,6,6``). The lists scroll, so this is more than line mode's ``MANY_OUTCOMES``."""


class ChanceDialog(Roomy, ModalScreen[str | None]):
    """Physical dice: type what the dice show (any spelling the game accepts), or pick the
    outcome from the list. Returns the outcome's notation; Escape closes without playing."""

    BINDINGS = [Binding("escape", "cancel", show=False)]  # noqa: RUF012

    def __init__(self, session: Session, lang: str) -> None:
        super().__init__()
        self.session = session
        self.lang = lang

    def compose(self) -> ComposeResult:
        state = self.session.state
        actions = state.chance_table().actions
        many = len(actions) > DESCRIBED_OUTCOMES
        example = example_outcome(actions)
        typed = typed_example(self.session.game, state, example, self.lang)  # words, not a code
        with Vertical(classes="dialog-box"):
            yield Static(Text(tr("tui.chance.title", self.lang)), classes="title")
            yield Static(Wrapped(tr("tui.chance.help", self.lang, count=len(actions))))
            words = self.session.game.describe(state, example, self.lang)
            if words != str(example):  # how the game reads it: Deep Space D-6's 1-6 as crew faces
                yield Static(Wrapped(tr("tui.chance.example", self.lang, example=typed, words=words)), id="example")
            yield Input(placeholder=tr("tui.chance.placeholder", self.lang, example=typed), id="faces")
            yield Static("", classes="error", id="error")
            options = []
            for i, action in enumerate(actions, 1):
                if many:  # what the player types for it, short (a line each)
                    label = typed_example(self.session.game, state, action, self.lang)
                else:  # in words, with what is typed at the table for it (a card's name, a tile), not a code
                    game = self.session.game
                    label = outcome_labelled(game.describe(state, action, self.lang),
                                             typed_example(game, state, action, self.lang))  # fmt: skip
                options.append(Option(Wrapped(f"{i}) {label}", hang=len(f"{i}) ")), id=str(action)))
            yield OptionList(*options, id="outcomes")

    def on_mount(self) -> None:
        self.query_one("#faces", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        """What the game reads in the text typed so far, in words, as it is typed."""
        text = event.value.strip()
        shown = ""
        if text and not unicodedata.normalize("NFKC", text).isdecimal():
            try:
                action = self.session.parse(text)
            except ValueError:
                action = None
            if action is not None:
                shown = tr("tui.chance.reads", self.lang, words=self.session.game.describe(self.session.state, action,
                                                                                           self.lang))  # fmt: skip
        self.query_one("#error", Static).update(Wrapped(shown))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        state = self.session.state
        if unicodedata.normalize("NFKC", text).isdecimal():  # a number picks from the list, like line mode
            actions = state.chance_table().actions
            game = self.session.game
            chosen = typed_number(game, state, text, actions)
            if isinstance(chosen, str):
                said = typed_number_message(game, state, text, actions, self.lang)
                self.query_one("#error", Static).update(Wrapped(said))
                return
            self.dismiss(str(chosen))
            return
        try:
            action = self.session.parse(text)
        except IllegalAction as exc:
            reason = explain(exc, self.lang)
            self.query_one("#error", Static).update(Wrapped(tr("tui.chance.bad", self.lang, reason=reason)))
            return
        self.dismiss(str(action))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SaveDialog(Roomy, ModalScreen[str | None]):
    """Save a copy of the game to a file (the game is autosaved anyway)."""

    BINDINGS = [Binding("escape", "cancel", show=False)]  # noqa: RUF012

    def __init__(self, suggestion: str, lang: str) -> None:
        super().__init__()
        self.suggestion = suggestion
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(Text(tr("tui.save.title", self.lang)), classes="title")
            yield Static(Text(tr("tui.save.help", self.lang)))
            yield Input(value=self.suggestion, id="path")
            yield Static(Text(tr("tui.dialog.save_keys", self.lang)), classes="keys")

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
