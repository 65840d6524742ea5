"""The message a terminal under 80×24 gets instead of a cut screen: a notice laid over the whole
screen (home or game) while the terminal is too small, gone as soon as it is large enough."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from solotable.core.i18n import LANGS
from solotable.core.text_layout import wrap
from solotable.ui.tui.i18n import tr

MIN_SIZE = (80, 24)
"""The smallest terminal the full-screen interface is laid out for."""

TOO_SMALL_CSS = """
TooSmall { width: 100%; height: 100%; padding: 1 2; display: none; }
Screen.-too-small { overflow: hidden hidden; }
Screen.-too-small > * { display: none; }
Screen.-too-small > TooSmall { display: block; }
"""


class TooSmall(Static):
    """The notice (see the module docstring); each screen has one and calls :meth:`check`
    when it is mounted or resized."""

    _focused: Widget | None = None

    def check(self, lang: str) -> bool:
        """Show or hide the notice for the terminal's size now; True when it is shown."""
        width, height = self.app.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        screen = self.screen
        was_small = screen.has_class("-too-small")
        if small and not was_small:
            self._focused = screen.focused  # hidden now: it gets the focus back afterwards
        screen.set_class(small, "-too-small")
        if was_small and not small and self._focused is not None:
            self.call_after_refresh(self._focused.focus)
        if small:
            text = tr("tui.too_small", lang if lang in LANGS else "en", width=width, height=height,
                      min_width=MIN_SIZE[0], min_height=MIN_SIZE[1])  # fmt: skip
            self.update(Text("\n".join(wrap(text, max(20, width - 4)))))
        return small
