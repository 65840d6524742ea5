"""The interface's catalogues (the app's and the Mini Rogue boards'): English and Japanese with
the same placeholders, every key used by the code, every key the code names present."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solotable.core.i18n import Catalogue

ROOT = Path(__file__).resolve().parents[2] / "solotable"
TUI = ROOT / "ui" / "tui"
FILES = {
    "ui/tui/messages.toml": sorted(TUI.glob("*.py")),
    "games/minirogue_v1/messages_tui.toml": [ROOT / "games" / "minirogue_v1" / "tui.py"],
    "games/minirogue/messages_tui.toml": [ROOT / "games" / "minirogue" / "tui.py"],
}
# keys built at run time from a value: tui.opt.<option>, tui.value.<value>, tui.lang.<code> ...
DYNAMIC = ("tui.opt.", "tui.value.", "tui.placeholder.", "tui.lang.", "tui.mr.icon.", "tui.mr1.die.", "tui.optinfo.",
           "tui.valinfo.", "tui.mr1.legend.")  # fmt: skip


@pytest.mark.parametrize("name", sorted(FILES))
def test_catalogue_is_whole_and_used(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    cat = Catalogue.from_toml(text)  # both languages present, no key twice
    source = "\n".join(p.read_text(encoding="utf-8") for p in FILES[name])
    for key in cat:
        en, ja = cat.messages[key]["en"], cat.messages[key]["ja"]
        assert set(re.findall(r"\{(\w+)\}", en)) == set(re.findall(r"\{(\w+)\}", ja)), key
        if not key.startswith(DYNAMIC):
            assert f'"{key}"' in source, f"{key} is never used"
    for key in re.findall(r'"(tui\.[a-z0-9_.]+[a-z0-9_])"', source):
        board_key = key.startswith(("tui.mr.", "tui.mr1."))
        if board_key == (name != "ui/tui/messages.toml"):
            assert key in cat, f"{key} is used but missing"
