"""The JongRogue board (solotable/games/jongrogue/tui.py) on real game states.

Each state is reached by playing a seeded game through the protocol (``Session``) with the
decisions written out below (found by a bot's play), so the board draws what the game really
shows: EZ and EZ Plus, revealed rooms, encounter tiles, equipment and the identification
sheets. A tiny harness app mounts ``Board(game, id="board")`` at 80×24 with 14 rows for the
board (what the app gives it) and calls ``show(observation, lang)``; the tests read the
rendered screen lines, and SVG snapshots (pytest-textual-snapshot) keep the look.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter
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
import solotable.games.jongrogue.tui as board_module
from solotable.agents.registry import make_agent
from solotable.core.i18n import Catalogue, message
from solotable.core.session import Session
from solotable.games.jongrogue.observation import PHASE_NAMES
from solotable.games.jongrogue.state import POTIONS, SCROLLS
from solotable.games.jongrogue.tui import Board, tile

GAME = solotable.load("jongrogue")


def moves(text: str) -> list[str]:
    return text.split()


# (seed, rules, decisions): reached by play; the comment says what the state shows.
STATES: dict[str, tuple[int, str, list[str]]] = {
    # EZ, at the door of room 3 under threat, five tiles in the room (an added one)
    "fight-ez": (28, "ez", moves(
        "search:S pick:1 pick:2 pick:4 puton:1 door:N pass rest go:on rest"
    )),
    # EZ Plus, four monsters at a door (some with a status)
    "fight-ez-plus": (19, "ez-plus", moves(
        "fight shoot:2,arrows shoot:2,arrows hit:2 search:S door:S pass wield:0 wield:1 go:on rest enter "
        "wield:0 pick:2 pick:4 wield:1 quaff:s4 quaff:s8 rest stairs:down attack:4 shoot:4,arrows "
        "shoot:4,arrows hit:4 flee:W hit:4 continue continue pick:1 pick:4 read:m3 door:S pass go:on"
    )),
    # EZ, four rings, a status (confused or held), potions and scrolls
    "rich-ez": (89, "ez", moves(
        "rest pick:2 pick:3 quaff:s3 wield:0 pick:4 wield:1 puton:1 puton:2 door:N pass go:on fight "
        "shoot:2,arrows shoot:2,arrows hit:2 pass drop:w,1 go:on enter door:S pass go:back pass remove:1 "
        "puton:1 go:back pass go:on enter stairs:down stairs:down pick:1 pick:4 door:N pass go:on enter rest "
        "pick:4 wield:1 door:S pass go:on enter flee:N flee go:back flee go:back flee go:back fight "
        "shoot:2,arrows hit:2 keep hit:3 keep hit:3 keep hit:3 keep hit:3 continue fight hit:1 pick:2 door:S "
        "pass go:on enter fight hit:4 keep hit:4 pick:1 pick:2 pick:3 door:E pass go:on enter stairs:down "
        "pick:2 quaff:s4 door:S drop:r,1 rest puton:2 pass go:on remove:1 puton:1 enter pick:2 pick:3 pick:4 "
        "read:m4 door:N enter search:E search:E door:E wield:0 read:p8 wield:1 pass go:on enter pick:2 pick:4 "
        "door:N pass go:on quaff:s1 flee go:on enter door:E pass go:on enter pick:2 search:N door:N attack:4"
    )),
    # EZ Plus, potion and scroll sheets partly identified, an unknown scroll, doors known across and down
    "rich-ez-plus": (373, "ez-plus", moves(
        "fight shoot:1,arrows shoot:1,arrows hit:1 search:W door:W pass go:on enter wield:0 pick:2 pick:3 "
        "pick:4 wield:1 door:E rest wield:2 quaff:s3 read:m7 enter door:N pass go:on fight shoot:1,arrows "
        "shoot:1,arrows hit:1 keep hit:1 keep hit:2 keep hit:4 enter pick:3 door:E drop:a,1 pass go:on"
    )),
    # EZ, in a passage of the right-hand column with a monster
    "passage-ez": (257, "ez", moves(
        "door:E wield:0 wield:1 pass go:on drop:w,1 enter flee:S flee rest go:on fight shoot:1,arrows "
        "shoot:1,arrows hit:2 keep hit:2 keep hit:2 keep hit:2 keep hit:2 keep hit:2 keep hit:2 drop:a,1 rest "
        "enter pick:3 pick:4 read:m1 puton:1 door:S pass go:on enter flee:N flee go:back fight hit:1 keep "
        "hit:1 flee continue pick:1 door:W pass go:on fight hit:1 keep hit:1 keep hit:1 keep hit:1 keep hit:1 "
        "continue fight hit:4 keep hit:4 keep hit:4 keep hit:4 flee:S hit:4 keep hit:4 flee rest"
    )),
    # EZ Plus, the game ended by a forced end
    "over-ez-plus": (1, "ez-plus", moves(
        "pick:1 pick:3 pick:4 quaff:s2 quaff:s6 door:N pass go:on enter stairs:down fight shoot:1,arrows forced-end"
    )),
}


def observation(name: str) -> dict[str, Any]:
    seed, rules, decisions = STATES[name]
    session = Session(GAME, seed=seed, options={"rules": rules})
    for text in decisions:
        session.play(text)
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
            strips = board.render_lines(Region(0, 0, board.size.width, board.size.height))
            return ["".join(seg.text for seg in strip) for strip in strips]

    return asyncio.run(run())


def columns(lines: list[str]) -> tuple[list[str], list[str]]:
    """The left (map, encounter) and right (sheets) columns, split at the column rule (found
    by terminal cell, a wide character taking two)."""
    cells = ["".join(ch + "\0" * (Text(ch).cell_len - 1) for ch in line) for line in lines]
    rules = [{i for i in range(len(line)) if line.startswith(" │ ", i)} for line in cells if line.strip()]
    at = set.intersection(*rules)
    x = min(at)
    return [line[:x].replace("\0", "") for line in cells], [line[x + 3 :].replace("\0", "") for line in cells]


def glyph(name: str, lang: str = "en") -> str:
    return tile(name, lang).plain


def position_sentence(obs: Mapping[str, Any], lang: str) -> str:
    pos = obs["position"]
    if pos["at"] == "passage":
        return message("jr.view.pos.passage", lang, a=pos["from"], b=pos["to"])
    if pos["at"] == "door":
        return message("jr.view.pos.door", lang, room=pos["room"], side=f"@jr.side.{pos['side']}")
    return message("jr.view.pos.room", lang, room=pos["room"])


def check_whole_state(obs: Mapping[str, Any], lines: list[str], lang: str) -> None:
    """The map (every room's labyrinth tiles and encounter tiles), the current room's tiles and
    what they are, the character sheet, the equipment, the pack and the identification sheets
    are all on the screen, in 14 rows of 80 columns."""
    assert len(lines) == 14
    assert all(Text(line).cell_len == 80 for line in lines)
    text = "\n".join(lines)
    left, right = columns(lines)
    flat = "".join(line.replace(" ", "") for line in left) + "|" + "".join(line.replace(" ", "") for line in right)
    where = position_sentence(obs, lang)
    start = next(i for i, line in enumerate(left) if line.startswith(where[:8]))
    map_text = "\n".join(left[:start])
    # the labyrinth map: every room, its labyrinth pair, and its encounter tiles, exactly
    for room in obs["map"]:
        assert str(room["room"]) in map_text
        if room["lab"]:
            pair = "".join(glyph(lab, lang) for lab in room["lab"])
            assert pair in map_text, f"room {room['room']}: {pair} missing"
    expected = Counter(glyph(sl["tile"], lang) for room in obs["map"] for sl in room["slots"])
    for g, n in expected.items():
        assert map_text.count(g) == n, f"{g}: {map_text.count(g)} on the map, {n} in the observation\n{map_text}"
    assert map_text.count("@") == 1
    # the encounter map of the current room, and the passage monster
    assert where.replace(" ", "") in "".join(left[start:]).replace(" ", "")
    if obs["position"]["at"] != "passage":
        below = left[start:]
        for sl in obs["map"][obs["position"]["room"] - 1]["slots"]:
            entry = f"{sl['slot']} {glyph(sl['tile'], lang)}"
            rows = [line for line in below if entry in line]
            assert rows, f"slot {entry} missing:\n{text}"
            if sl.get("kind") == "monster":
                assert any(f"♥{sl['hp']}" in line.split(entry, 1)[1] for line in rows)
    if obs["passage_monster"]:
        assert message(f"jr.mon.{obs['passage_monster']['monster']}", lang) in text
    # the character sheet
    sh = obs["sheet"]
    for key, params in (("tui.jr.level", {"level": sh["level"]}), ("tui.jr.xp", {"xp": sh["xp"]}),
                        ("tui.jr.hp", {"hp": sh["hp"], "max": sh["max_hp"]}),
                        ("tui.jr.str", {"strength": sh["strength"], "max": sh["max_strength"]}),
                        ("tui.jr.gold", {"gold": sh["gold"]}), ("tui.jr.food", {"food": sh["food"]}),
                        ("tui.jr.floor", {"floor": sh["floor"], "deepest": sh["deepest"]}),
                        ("tui.jr.pile", {"pile": obs["pile"]}),
                        ("tui.jr.discard", {"discard": obs["discard"]})):  # fmt: skip
        words = message(key, lang, **params)
        assert words.replace(" ", "") in flat, f"{words!r} missing:\n{text}"
    for status in sh["status"]:
        assert message(f"jr.status.{status}", lang) in text
    # the equipment
    eq = obs["equipment"]
    for item in [*eq["weapons"], *eq["armours"]]:
        assert message(f"jr.item.{item['kind']}", lang).replace(" ", "") in flat
    for ring in eq["rings"]:
        name = message(f"jr.ring.{ring['kind']}", lang) if ring["kind"] else message("jr.item.ring", lang)
        assert name.replace(" ", "") in flat
    for missile, have in eq["missiles"].items():
        assert not have or message(f"jr.item.{missile}", lang) in text
    assert not eq["bow"] or message("jr.item.bow", lang) in text
    # the pack and the identification sheets
    for kind in ("potions", "scrolls"):
        for app, n in obs["pack"][kind].items():
            assert f"{glyph(app, lang)}×{n}" in flat or glyph(app, lang) in flat
        for app, effect in obs["identified"][kind].items():
            if obs["options"]["rules"] == "ez-plus":  # the sheets: every identified appearance
                assert glyph(app, lang) in text
            if app in obs["pack"][kind]:  # the pack names what it holds (or, when rows are short, i does)
                short = message(f"tui.jr.{kind[:3]}.{effect}", lang).replace(" ", "")
                n = obs["pack"][kind][app]
                named = {f"{glyph(app, lang)}×{n}{short}", f"{glyph(app, lang)}{short}"}
                if not any(name in flat for name in named):
                    board = Board(GAME)
                    board.show(obs, lang)
                    assert f"{glyph(app, lang)}×{n} {message(f'tui.jr.{kind[:3]}.{effect}', lang)}" in (
                        board.details(lang) or "")
    if obs["result"]:
        assert (message("tui.jr.won", lang, score=obs["result"]["score"]) if obs["result"]["won"] else
                message("tui.jr.lost", lang, cause=message("jr.view.end.killed_by", lang,
                        monster=f"@jr.mon.{obs['result']['killer']}") if "killer" in obs["result"]
                        else GAME.cause_label(obs["result"]["cause"], lang),
                        score=obs["result"]["score"])).replace(" ", "") in flat  # fmt: skip


@pytest.mark.parametrize("name", list(STATES))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_whole_state_is_shown(name: str, lang: str) -> None:
    obs = observation(name)
    check_whole_state(obs, screen_lines(obs, lang), lang)


def test_the_states_are_what_they_claim() -> None:
    fight = observation("fight-ez-plus")
    assert fight["phase"] == "threat" and fight["options"]["rules"] == "ez-plus"
    monsters = [sl for sl in fight["map"][fight["position"]["room"] - 1]["slots"] if sl.get("kind") == "monster"]
    assert len(monsters) == 4 and any(sl["status"] for sl in monsters)
    rich = observation("rich-ez-plus")
    assert rich["identified"]["potions"] and rich["identified"]["scrolls"] and rich["pack"]["scrolls"]
    assert len(observation("fight-ez")["map"][2]["slots"]) == 5
    ez = observation("rich-ez")
    assert len(ez["equipment"]["rings"]) == 4 and ez["sheet"]["status"]
    assert observation("passage-ez")["passage_monster"] is not None
    assert observation("over-ez-plus")["result"] is not None


def test_tiles_look_like_mahjong_tiles() -> None:
    assert [glyph(n) for n in ("m5", "p1", "s9", "T", "N", "S", "P")] == ["5萬", "1筒", "9索", "東", "南", "西", "北"]
    assert glyph("R", "en") == "St" and glyph("R", "ja") == "階" and glyph("?") == "[?]"


def test_the_identification_sheets_name_what_is_known() -> None:
    obs = observation("rich-ez-plus")
    text = "\n".join(screen_lines(obs, size=(120, 40)))
    for app, effect in obs["identified"]["potions"].items():
        assert f"{glyph(app)} {message(f'tui.jr.pot.{effect}', 'en')}" in text
    for app, effect in obs["identified"]["scrolls"].items():
        assert f"{glyph(app)} {message(f'tui.jr.scr.{effect}', 'en')}" in text
    # without the identification rule there are no sheets
    assert "Potion sheet" in text
    assert "Potion sheet" not in "\n".join(screen_lines(observation("rich-ez")))


def test_passage_marks_the_wall_between_the_rooms() -> None:
    obs = observation("passage-ez")
    lines = screen_lines(obs)
    left, _ = columns(lines)
    a, b = obs["position"]["from"], obs["position"]["to"]
    assert abs(a - b) == 3  # rooms 6 and 9: the @ is on the rule between their rows
    rule = next(line for line in left if "@" in line)
    assert "┼" in rule and rule.index("@") > rule.rindex("┼")


def test_selection_and_details() -> None:
    obs = observation("fight-ez-plus")
    slots = obs["map"][obs["position"]["room"] - 1]["slots"]

    async def run() -> None:
        app = Harness(obs)
        async with app.run_test(size=(80, 24)) as pilot:
            board = app.query_one(Board)
            board.focus()
            await pilot.pause()
            details = board.details("en")
            assert details is not None
            assert message(f"jr.mon.{slots[0]['monster']}", "en") in details.splitlines()[0]
            assert "萬" in details and "Discard pile" in details
            await pilot.press("down")
            assert board.selected == 1
            details = board.details("ja")
            assert details is not None and message(f"jr.mon.{slots[1]['monster']}", "ja") in details
            await pilot.press("up", "up")
            assert board.selected == len(slots) - 1
            lines = ["".join(seg.text for seg in strip) for strip in board.render_lines(Region(0, 0, 80, 14))]
            y = next(i for i, line in enumerate(lines) if f"{slots[2]['slot']} {glyph(slots[2]['tile'])}" in line)
            await pilot.click(Board, offset=(3, y))
            assert board.selected == 2
            board.show(observation("passage-ez"), "en")  # no room: nothing to select
            assert board.selected == 0
            assert "Discard pile" in (board.details("en") or "")

    asyncio.run(run())


def test_board_leaves_the_app_keys_alone() -> None:
    app_keys = {*"0123456789", "enter", "q", "u", "h", "l", "s", "i", "question_mark", "?", "tab", "escape"}
    for binding in Board.BINDINGS:
        keys = binding.key if hasattr(binding, "key") else binding[0]  # type: ignore[union-attr,index]
        assert not set(str(keys).split(",")) & app_keys


# -- snapshots (SVG) at 80×24 ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["fight-ez-plus", "rich-ez-plus", "fight-ez", "passage-ez", "over-ez-plus"])
def test_snapshot(snap_compare: Any, name: str) -> None:
    assert snap_compare(Harness(observation(name)), terminal_size=(80, 24))


def test_snapshot_ja(snap_compare: Any) -> None:
    assert snap_compare(Harness(observation("rich-ez"), "ja"), terminal_size=(80, 24))


# -- the catalogue ------------------------------------------------------------------------------


def test_catalogue_matches_the_board() -> None:
    """Every tui.jr key the board uses exists in en and ja, none is unused, and each family of
    keys covers every value the observation can hold."""
    cat = Catalogue.from_package(("solotable.games.jongrogue", "messages_tui.toml"))
    source = Path(board_module.__file__).read_text(encoding="utf-8")
    literal = set(re.findall(r'"(tui\.jr\.[A-Za-z_.]+[A-Za-z_])"', source))
    families = set(re.findall(r'f"(tui\.jr\.[a-z_.]*[a-z_])\.\{', source))
    assert literal and families
    assert not literal - set(cat.keys()), literal - set(cat.keys())
    # keys built from the kind of thing (f"tui.jr.{kind}", f"tui.jr.{short}.{effect}" ...)
    built = {f"tui.jr.{kind}" for kind in ("potions", "scrolls", "potion_sheet", "scroll_sheet",
                                             "info.potion_sheet", "info.scroll_sheet")}  # fmt: skip
    families |= {"tui.jr.pot", "tui.jr.scr"}
    for key in cat:
        assert key.startswith("tui.jr.")
        assert key in literal or key in built or any(key.startswith(f + ".") for f in families), f"unused: {key}"
        entry = cat.messages[key]
        assert entry["en"].strip() and entry["ja"].strip()
        assert placeholders(entry["en"]) == placeholders(entry["ja"]), key
    values: dict[str, tuple[str, ...]] = {
        "tui.jr.pot": POTIONS,
        "tui.jr.scr": SCROLLS,
        "tui.jr.phase": (*PHASE_NAMES, "chance"),
        "tui.jr.rules": GAME.option_specs[0].choices,  # type: ignore[dict-item]
        "tui.jr.stairs": ("T", "S"),
        "tui.jr.hand": ("1", "2"),
        "tui.jr.suit": ("m", "p", "s"),
        "tui.jr.slot": ("monster", "trap", "gold", "item"),
        "tui.jr.info": ("monster", "trap", "gold", "item"),
    }
    assert built <= set(cat.keys())
    for family, names in values.items():
        for name in names:
            assert f"{family}.{name}" in cat, f"{family}.{name}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_message_id_reaches_the_screen(lang: str) -> None:
    """An unknown key would be shown as it is: no ``tui.``/``jr.`` id may appear."""
    for name in STATES:
        obs = observation(name)
        text = "\n".join(screen_lines(obs, lang))
        board = Board(GAME)
        board.show(obs, lang)
        slots = obs["map"][obs["position"]["room"] - 1]["slots"] if obs["position"]["at"] != "passage" else []
        for index in range(max(1, len(slots))):
            board.selected = index
            text += "\n" + (board.details(lang) or "")
        assert not re.search(r"\b(tui|jr)\.[a-z]", text), text


@pytest.mark.parametrize(("seed", "rules"), [(4, "ez"), (6, "ez-plus")])
def test_every_state_of_a_game_fits_in_80_by_14(seed: int, rules: str) -> None:
    """Whole games (random decisions but no quitting, at most 250): each state, in both languages, takes at
    most 14 rows of 80 columns, with every tile of the map on it."""
    rng = random.Random(seed)
    session = Session(GAME, seed=seed, options={"rules": rules})
    board = Board(GAME)
    states = 0
    while not session.state.is_terminal() and states < 250:
        obs = session.state.observation()
        for lang in ("en", "ja"):
            board.show(obs, lang)
            lines = board._lines(80, 14)
            text = "\n".join(line.plain for line in lines)
            assert len(lines) <= 14 and all(line.cell_len <= 80 for line in lines), text
            for g, n in Counter(glyph(sl["tile"], lang) for room in obs["map"] for sl in room["slots"]).items():
                assert text.count(g) >= n, text
        states += 1
        legal = session.state.legal_actions()
        session.play(rng.choice([a for a in legal if a.name not in ("forced-end", "gameover")] or legal))
    assert states > 100


def test_known_doors_are_drawn_on_the_walls() -> None:
    """═ on a wall between two rooms of a row, ║ between two rooms of a column, where a wind tile
    (東 east, 南 south, 西 west, 北 north) or a found hidden door opens that wall from either side."""
    obs = observation("rich-ez-plus")
    wind = {"T": "E", "N": "S", "S": "W", "P": "N"}  # the labyrinth tiles: 東 南 西 北

    def door(room: int, side: str) -> bool:
        r = obs["map"][room - 1]
        return side in r["found"] or side in {wind[lab] for lab in r["lab"] or () if lab in wind}

    across = sum(door(a, "E") or door(a + 1, "W") for a in (1, 2, 4, 5, 7, 8))
    down = sum(door(a, "S") or door(a + 3, "N") for a in range(1, 7))
    assert across and down
    left, _ = columns(screen_lines(obs))
    where = position_sentence(obs, "en")
    map_text = "\n".join(left[: next(i for i, line in enumerate(left) if line.startswith(where[:8]))])
    assert map_text.count("═") == across and map_text.count("║") == down


def face_down_count(text: str) -> int:
    """Face-down tiles on the map, drawn one by one (``[?]``) or counted (``[?]×4``)."""
    counted = sum(int(n) for n in re.findall(r"\[\?\]×(\d+)", text))
    return text.count("[?]") - len(re.findall(r"\[\?\]×\d+", text)) + counted


def test_late_games_with_a_full_pack_still_fit() -> None:
    """Long EZ Plus games of the heuristic bot (continues, deep floors, most potions and scrolls
    known, a pack of unknown rings and armour): every other state, in both languages, fits in
    14 rows of 80 columns, every encounter tile of the map still on it (face-down ones counted
    ``[?]×4`` when rows are short) and every identified appearance still in the details."""
    checked = 0
    for seed in (0, 3):
        session = Session(GAME, seed=seed, options={"rules": "ez-plus", "forced-end": "off"})
        rng = random.Random(seed)
        bot = make_agent("heuristic", "jongrogue")
        for step in range(700):
            if session.state.is_terminal():
                break
            if step >= 500 and step % 2 == 0:
                obs = session.state.observation()
                for lang in ("en", "ja"):
                    board = Board(GAME)
                    board.show(obs, lang)
                    lines = board._lines(80, 14)
                    text = "\n".join(line.plain for line in lines)
                    assert len(lines) <= 14 and all(line.cell_len <= 80 for line in lines), text
                    slots = [sl["tile"] for room in obs["map"] for sl in room["slots"]]
                    assert face_down_count(text) >= slots.count("?"), text
                    for g, n in Counter(glyph(t, lang) for t in slots if t != "?").items():
                        assert text.count(g) >= n, text
                    details = board.details(lang) or ""
                    for kind in ("potions", "scrolls"):
                        for app in obs["identified"][kind]:
                            assert glyph(app, lang) in details
                checked += 1
            session.play(bot.choose(session.state, rng))
    assert checked >= 150
