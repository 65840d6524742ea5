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
           "tui.valinfo.", "tui.mr1.legend.", "tui.mr.legend.")  # fmt: skip


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


@pytest.mark.parametrize("game", ["deepspace-d6", "jongrogue", "minirogue", "minirogue-v1"])
def test_japanese_boards_separate_with_the_full_width_dot(game: str) -> None:
    """The catalogues' middle-dot check (test_catalogue_text.middle_dot) on what the boards draw:
    Japanese words joined by the boards' own code (Deep Space D-6's counters and title, JongRogue's
    title and pile counts) were separated with the Latin " · " (issue 20 item 13)."""
    import random

    from test_catalogue_text import middle_dot

    from solotable.core.session import Session
    from solotable.games.deepspace_d6 import tui as deepspace_d6
    from solotable.games.jongrogue import tui as jongrogue
    from solotable.games.minirogue import tui as minirogue
    from solotable.games.minirogue_v1 import tui as minirogue_v1

    def drawn(session: Session, width: int) -> list[str]:
        observation = session.state.observation()
        if game == "minirogue":
            return minirogue.table_lines(observation, "ja", width)
        if game == "minirogue-v1":
            return minirogue_v1.table_lines(observation, "ja", width)
        board = (deepspace_d6.Board if game == "deepspace-d6" else jongrogue.Board)(session.game)
        board.show(observation, "ja")
        return [line.plain for line in board._lines(width, 14 if width == 80 else 27)]

    checked = 0
    for seed in range(3):
        session = Session(game, seed=seed)
        rng = random.Random(seed)
        for _ in range(80):
            for width in (80, 100):
                for line in drawn(session, width):
                    assert not middle_dot("", line), line
                    checked += 1
            if session.state.is_terminal():
                break
            session.play(rng.choice(session.state.legal_actions()))
    assert checked > 400
