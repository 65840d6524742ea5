"""The Deep Space D-6 board (solotable/games/deepspace_d6/tui.py) on real game states.

Each state is reached by playing a seeded game through the protocol (``Session``) with the
decisions written out below, so the board is drawn from what the game really shows. A tiny
harness app mounts ``Board(game, id="board")`` at 80×24 with 14 rows for the board (what the app
gives it) and calls ``show(observation, lang)``; the tests read the rendered screen lines, and
SVG snapshots (pytest-textual-snapshot) keep the look.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from support import placeholders
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import Static

import solotable
import solotable.games.deepspace_d6.tui as board_module
from solotable.core.i18n import Catalogue, message
from solotable.core.session import Session
from solotable.games.deepspace_d6.data import FACES
from solotable.games.deepspace_d6.observation import PHASE_NAMES
from solotable.games.deepspace_d6.state import STATION_NAMES
from solotable.games.deepspace_d6.tui import Board

GAME = solotable.load("deepspace-d6")

def moves(text: str) -> list[str]:
    return text.split()


# (seed, options, decisions): reached by play; the comment says what the state shows.
STATES: dict[str, tuple[int, dict[str, object], list[str]]] = {
    # dice in the Infirmary, on away missions, in the scanners, in stasis, at stations, unassigned
    "missions": (35, {"difficulty": "hard"}, moves(
        "change:eng,med change:eng,com end mission:i4,sci change:sci,thr stasis:e3 end mission:i8,med mission:i3,eng "
        "stasis:e8 mission:e3,tac change:com,sci stasis:e1 stasis:e8 change:com,tac mission:i7,tac recall:2 "
        "mission:i7,tac end done change:med,sci stasis:e18a")),
    # a die on Distracted's "?" box, dice Returned and in the Infirmary, 7 threats
    "distracted": (21, {"difficulty": "normal"}, moves(
        "mission:i9,med stasis:e12 end mission:e3,tac end mission:i3,eng change:com,tac release end stasis:e12 "
        "change:tac,med release end end send:2 stasis:e10 mission:e12,com done recall:3 stasis:e12 mission:i10,eng "
        "end")),
    # the Nebula has the shields offline; ten threats in play (the compact layout)
    "nebula": (30, {"difficulty": "hard"}, moves(
        "stasis:e23a change:med,thr fire:1 stop end change:sci,eng release end mission:i9,med change:com,med end "
        "change:com,tac end change:sci,eng repair:1 stasis:e23a stasis:e14 end end stasis:e23a stasis:e14 end "
        "stasis:e17 mission:i8,med fire:1")),
    # a volley being allocated
    "volley": (1, {"difficulty": "hard"}, moves("stasis:e19 release fire:1")),
}


def play(seed: int, options: dict[str, object], decisions: list[str]) -> Session:
    session = Session(GAME, seed=seed, options=options)
    for text in decisions:
        session.play(text)
    return session


def observation(name: str) -> dict[str, Any]:
    return play(*STATES[name]).state.observation()


def start_with_physical_dice() -> dict[str, Any]:
    """The opening: physical dice, nothing rolled yet, so all six dice are in the pool."""
    session = Session(GAME, seed=4, options={"difficulty": "easy", "length": "short"}, physical_dice=True)
    return session.state.observation()


def lost_game() -> dict[str, Any]:
    session = Session(GAME, seed=3, options={"difficulty": "hard"})
    while not session.state.is_terminal():
        session.play(session.state.legal_actions()[-1])  # always "end" first: the ship is soon lost
    return session.state.observation()


class Harness(App[None]):
    """The app's layout in small: the board on top (14 rows at 80×24), the rest below."""

    CSS = "#board { height: 14; } #rest { height: 1fr; border-top: solid $accent; }"

    def __init__(self, obs: Mapping[str, Any], lang: str = "en", rows: int = 14) -> None:
        super().__init__()
        self.obs = obs
        self.lang = lang
        self.rows = rows

    def compose(self) -> ComposeResult:
        yield Board(GAME, id="board")
        yield Static("log, actions, key hints", id="rest")

    def on_mount(self) -> None:
        board = self.query_one(Board)
        board.styles.height = self.rows  # more room on a larger terminal
        board.show(self.obs, self.lang)


def screen_lines(obs: Mapping[str, Any], lang: str = "en", size: tuple[int, int] = (80, 24)) -> list[str]:
    """The board's rendered lines, as the terminal shows them."""

    async def run() -> list[str]:
        app = Harness(obs, lang, 14 if size == (80, 24) else size[1] - 10)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            board = app.query_one(Board)
            assert board.size.width == size[0]
            strips = board.render_lines(Region(0, 0, board.size.width, board.size.height))
            return ["".join(seg.text for seg in strip) for strip in strips]

    return asyncio.run(run())


def die_token(d: Mapping[str, Any], lang: str) -> str:
    if d["face"] is None:
        return f"#{d['die']}"
    return message("tui.ds.die", lang, die=d["die"]) + message(f"tui.ds.face.{d['face']}", lang)


HEAD = re.compile(r"[ ▶][▲■◇]")


def threat_area(lines: list[str]) -> int:
    """The first row after the threat area's header (its legend has the marks too)."""
    header = {message("tui.ds.threats", lang) + " " + message("tui.ds.legend", lang)[:4] for lang in ("en", "ja")}
    return next(y for y, line in enumerate(lines) if any(h in line.split("│")[-1] for h in header)) + 1


def heads(lines: list[str]) -> list[tuple[int, int]]:
    """Where each threat's first line starts (row, column in the threat area), in reading order:
    the board lists the threats in the order of the observation."""
    found = []
    for y, line in enumerate(lines[threat_area(lines) :], start=threat_area(lines)):
        right = line.split("│", 1)[1] if "│" in line else line
        found += [(y, m.start()) for m in HEAD.finditer(right)]
    return found


def threat_blocks(lines: list[str], obs: Mapping[str, Any]) -> dict[str, list[str]]:
    """Each threat's lines on the screen (by its name in play, ``e18a``): its first line (kind
    mark and name) and the indented lines under it, in its column of the threat area (one or two
    threats a line)."""
    blocks: list[list[str]] = []
    open_blocks: dict[int, list[str]] = {}  # column start -> the block being read there
    for line in lines[threat_area(lines) :] if obs["threats"] else []:
        right = line.split("│", 1)[1] if "│" in line else line
        found = list(HEAD.finditer(right))
        if found:
            starts = [m.start() for m in found] + [len(right)]
            open_blocks = {}
            for m, end in zip(found, starts[1:], strict=True):
                block = [right[m.start() : end]]
                blocks.append(block)
                open_blocks[m.start()] = block
        else:
            starts = [*sorted(open_blocks), len(right)]
            for x, end in itertools.pairwise(starts):
                if right[x : x + 3].strip() == "" and right[x:end].strip():
                    open_blocks[x].append(right[x:end])
    assert len(blocks) == len(obs["threats"]), blocks
    return {th["card"]: block for th, block in zip(obs["threats"], blocks, strict=True)}


def check_whole_state(obs: Mapping[str, Any], lines: list[str], lang: str) -> None:
    """Every die (number and face, in its place), every threat and the tracks are on the screen."""
    text = "\n".join(lines)
    assert len(lines) == 14
    assert all(Text(line).cell_len == 80 for line in lines)
    for d in obs["dice"]:
        token = die_token(d, lang)
        if d["where"] == "station":
            label = message(f"tui.ds.station.{d['station']}", lang)
        elif d["where"] == "scanners":
            label = message("tui.ds.scanners", lang)
        elif d["where"] in ("unassigned", "returned", "infirmary", "pool", "distracted"):
            label = message(f"tui.ds.where.{d['where']}", lang)
        else:  # stasis, mission: on the threat's line
            label = d["card"]
        rows = threat_blocks(lines, obs).get(label, []) if d["where"] in ("stasis", "mission") else [
            line for line in lines if label in line
        ]
        assert rows, f"no row for {label!r}"
        assert any(token in row for row in rows), f"die {token} not on the row of {label!r}:\n{text}"
    blocks = threat_blocks(lines, obs)
    for th in obs["threats"]:
        name = message(f"ds6.name.{th['card']}", lang)
        shown = blocks[th["card"]][0][2:]  # after the selection and kind marks: the name, or its start and …
        assert shown.startswith(name) or ("…" in shown and name.startswith(shown.split("…")[0])), text
        if th["health"] is not None:
            assert f"♥{th['health']}/{th['max_health']}" in "".join(blocks[th["card"]])
    assert not re.search(r"(?<![A-Za-z])[ei]\d{1,2}[ab]?(?![\w])", text), f"a card's code on the screen:\n{text}"
    assert f"{obs['hull']}/{obs['hull_max']}" in text
    if obs["shields_offline"]:
        assert message("tui.ds.offline", lang) in text
    else:
        assert f"{obs['shields']}/{obs['shields_max']}" in text
    assert message("tui.ds.deck", lang, left=obs["deck_left"]) in text


@pytest.mark.parametrize("name", list(STATES))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_die_and_threat_is_shown(name: str, lang: str) -> None:
    obs = observation(name)
    check_whole_state(obs, screen_lines(obs, lang), lang)


def test_the_states_cover_every_place_of_a_die() -> None:
    places = {d["where"] for name in STATES for d in observation(name)["dice"]}
    places |= {d["where"] for d in start_with_physical_dice()["dice"]}
    assert places == {"pool", "unassigned", "scanners", "station", "stasis", "mission", "distracted",
                      "returned", "infirmary"}  # fmt: skip


def test_pool_before_the_first_roll() -> None:
    obs = start_with_physical_dice()
    lines = screen_lines(obs)
    check_whole_state(obs, lines, "en")
    pool = next(line for line in lines if line.startswith("Pool"))
    assert all(f"#{n}" in pool for n in range(1, 7))
    assert "Setup · Draw a threat card" in lines[0]


def test_ten_threats_fit_in_fourteen_rows() -> None:
    obs = observation("nebula")
    assert len(obs["threats"]) >= 10 and obs["shields_offline"]
    for lang in ("en", "ja"):
        check_whole_state(obs, screen_lines(obs, lang), lang)


def test_volley_and_game_over_are_shown() -> None:
    obs = observation("volley")
    assert obs["volley_left"] is not None
    assert any(f"Damage to allocate: {obs['volley_left']}" in line for line in screen_lines(obs))
    obs = lost_game()
    lines = screen_lines(obs)
    assert "The USS Crypsis is lost." in lines[0]
    check_whole_state(obs, lines, "en")


def test_more_room_shows_the_card_texts() -> None:
    obs = observation("missions")
    lines = screen_lines(obs, size=(120, 40))
    text = "\n".join(lines)
    for th in obs["threats"]:
        assert message(f"ds6.text.{th['id']}", "en")[:20] in text


def test_selection_and_details() -> None:
    obs = observation("missions")

    async def run() -> None:
        app = Harness(obs)
        async with app.run_test(size=(80, 24)) as pilot:
            board = app.query_one(Board)
            board.focus()
            await pilot.pause()
            first = obs["threats"][0]
            details = board.details("en")
            assert details is not None and message(f"ds6.text.{first['id']}", "en") in details
            await pilot.press("down")
            second = obs["threats"][1]
            assert board.selected == 1
            details = board.details("ja")
            assert details is not None and message(f"ds6.name.{second['card']}", "ja") in details
            await pilot.press("up", "up")
            assert board.selected == len(obs["threats"]) - 1
            # a click on a threat's line selects it
            strips = board.render_lines(Region(0, 0, 80, 14))
            lines = ["".join(seg.text for seg in strip) for strip in strips]
            y, x = heads(lines)[2]
            x += len(lines[y].split("│")[0]) + 1 if "│" in lines[y] else 0
            await pilot.click(Board, offset=(x + 2, y))
            assert board.selected == 2
            # a new observation keeps the selection in range
            board.show(observation("volley"), "en")
            assert board.selected < len(observation("volley")["threats"])

    asyncio.run(run())


def test_board_leaves_the_app_keys_alone() -> None:
    app_keys = {*"0123456789", "enter", "q", "u", "h", "l", "s", "i", "question_mark", "?", "tab", "escape"}
    for binding in Board.BINDINGS:
        keys = binding.key if hasattr(binding, "key") else binding[0]  # type: ignore[union-attr,index]
        assert not set(str(keys).split(",")) & app_keys


# -- snapshots (SVG) at 80×24 ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["missions", "distracted", "nebula"])
def test_snapshot(snap_compare: Any, name: str) -> None:
    assert snap_compare(Harness(observation(name)), terminal_size=(80, 24))


def test_snapshot_ja(snap_compare: Any) -> None:
    assert snap_compare(Harness(observation("distracted"), "ja"), terminal_size=(80, 24))


def test_snapshot_game_over(snap_compare: Any) -> None:
    assert snap_compare(Harness(lost_game()), terminal_size=(80, 24))


# -- the catalogue ------------------------------------------------------------------------------


def test_catalogue_matches_the_board() -> None:
    """Every tui.ds key the board uses exists in en and ja, none is unused, and each family of
    keys (faces, stations, places, phases ...) covers every value the observation can hold."""
    cat = Catalogue.from_package(("solotable.games.deepspace_d6", "messages_tui.toml"))
    source = Path(board_module.__file__).read_text(encoding="utf-8")
    literal = set(re.findall(r'"(tui\.ds\.[a-z_.]+[a-z_])"', source))
    families = set(re.findall(r'f"(tui\.ds\.[a-z_.]+)\.\{', source))
    assert literal and families
    assert not literal - set(cat.keys()), literal - set(cat.keys())
    for key in cat:
        assert key.startswith("tui.ds.")
        assert key in literal or any(key.startswith(f + ".") for f in families), f"unused: {key}"
        entry = cat.messages[key]
        assert entry["en"].strip() and entry["ja"].strip()
        assert placeholders(entry["en"]) == placeholders(entry["ja"]), key
    values = {
        "tui.ds.face": FACES,
        "tui.ds.station": STATION_NAMES,
        "tui.ds.phase": PHASE_NAMES,
        "tui.ds.diff": GAME.option_specs[0].choices,
        "tui.ds.len": GAME.option_specs[2].choices,
        "tui.ds.kind": ("external", "internal", "dont_panic"),
    }
    assert families == set(values)
    for family, names in values.items():
        for name in names:
            assert f"{family}.{name}" in cat, f"{family}.{name}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_message_id_reaches_the_screen(lang: str) -> None:
    """An unknown key would be shown as it is: no ``tui.``/``ds6.`` id may appear."""
    observations = [observation(name) for name in STATES] + [start_with_physical_dice(), lost_game()]
    for obs in observations:
        text = "\n".join(screen_lines(obs, lang))
        board = Board(GAME)
        board.show(obs, lang)
        for index in range(max(1, len(obs["threats"]))):
            board.selected = index
            text += "\n" + (board.details(lang) or "")
        assert not re.search(r"\b(tui|ds6)\.[a-z]", text), text


@pytest.mark.parametrize("seed", [2, 9])
def test_every_state_of_a_game_fits_in_80_by_14(seed: int) -> None:
    """Whole games (random decisions): each state, in both languages, takes at most 14 rows of
    80 columns, and every die and threat is in it."""
    rng = random.Random(seed)
    session = Session(GAME, seed=seed, options={"difficulty": "hard" if seed % 2 else "normal"})
    board = Board(GAME)
    states = 0
    while not session.state.is_terminal():
        obs = session.state.observation()
        for lang in ("en", "ja"):
            board.show(obs, lang)
            lines = board._lines(80, 14)
            text = "\n".join(line.plain for line in lines)
            assert len(lines) <= 14 and all(line.cell_len <= 80 for line in lines), text
            assert all(die_token(d, lang) in text for d in obs["dice"]), text
            names = [message(f"ds6.name.{th['card']}", lang) for th in obs["threats"]]
            assert all(name in text or name[:2] + "…" in text or name[:4] in text for name in names), text
        states += 1
        session.play(rng.choice(session.state.legal_actions()))
    assert states > 10
