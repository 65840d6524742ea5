"""Every message JongRogue can show exists in English and Japanese; the provenance listing
shows every designed value with its tag; physical-tiles mode reads loose tile notation."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import solotable.games.jongrogue as pkg
from solotable.core.protocol import IllegalAction
from solotable.games.jongrogue.data import TAGS
from solotable.games.jongrogue.data import rules_data as data

from .helpers import G, new, started

SRC = Path(pkg.__file__).parent
CAT = G.catalogue


def test_every_event_key_in_the_source_is_in_the_catalogue() -> None:
    sources = sorted((SRC / "rules").glob("*.py"))
    emitted = set()
    for path in sources:
        emitted |= set(re.findall(r'emit\(\s*"(jr\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
        emitted |= set(re.findall(r'add_monster\(state, t, "(jr\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert len(emitted) > 50
    for key in emitted:
        assert key in CAT, key
    for path in (*sources, SRC / "view.py", SRC / "observation.py", SRC / "__init__.py"):
        body = path.read_text(encoding="utf-8")
        for key in set(re.findall(r'"@?(jr\.[a-z_]+\.[a-z_.]+[a-z_])"', body)):
            if key.endswith("."):
                continue
            assert key in CAT or any(k.startswith(key + ".") for k in CAT), key


def test_families_complete() -> None:
    d = data()
    for m in d.monsters:
        assert f"jr.mon.{m.id}" in CAT
    for i in range(9):
        assert f"jr.potion.{i}" in CAT
    for i in range(18):
        assert f"jr.scroll.{i}" in CAT
    for r in d.item.ring_table.value:
        assert f"jr.ring.{r}" in CAT
    for w in (*d.item.weapon_table.value, *d.item.armour_table.value):
        assert f"jr.item.{w}" in CAT
    for i in range(1, 7):
        assert f"jr.trap.{i}" in CAT


def test_japanese_texts_are_japanese() -> None:
    """Every Japanese text is Japanese: no English word left in it (a template of placeholders
    and full-width punctuation only, ``{what}（{tile}）``, is fine)."""
    for key, entry in CAT.messages.items():
        assert entry["en"] and entry["ja"], key
        words = re.sub(r"\{[^}]*\}", "", entry["ja"])
        assert not re.search(r"[A-Za-z]{3,}", words), key
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", entry["ja"]) or not re.search(r"[A-Za-z]", words), key


def test_random_games_render_in_both_languages() -> None:
    for seed in range(25):
        rng = random.Random(seed)
        s = G.new_state(seed=seed, rules="ez-plus" if seed % 2 else "ez")
        while not s.is_terminal():
            if s.is_chance():
                a = s.chance_table().sample(rng)
            else:
                legal = s.legal_actions()
                for x in legal:
                    G.describe(s, x, "en")
                    G.describe(s, x, "ja")
                a = rng.choice([x for x in legal if x.name != "forced-end"] or legal)
            s.apply(a)
            for e in s.events:
                G.event_text(e, "en")
                G.event_text(e, "ja")
            if not s.is_chance():
                G.render_text(s, "en")
                G.render_text(s, "ja")


def test_provenance_listing_has_every_designed_value_and_tag() -> None:
    d = data()
    for lang in ("en", "ja"):
        text = G.rules_listing("provenance", lang)
        for key, p in d.params():
            line = next(line for line in text.splitlines() if line.startswith(key + " "))
            assert f"[{p.tag}]" in line
            value = p.value
            if isinstance(value, int | str):
                assert str(value) in line
        for m in d.monsters:
            assert m.id in text
    assert G.rules_listings == ("provenance",)
    for _, p in d.params():
        assert all(part in TAGS for part in p.tag.split("+"))
    # the seed's fixed values carry the SEED tag
    params = dict(d.params())
    for key in ("hp.start", "food.start", "strength.start", "map.tiles_per_room", "score.forced_end_bonus"):
        assert "SEED" in params[key].tag
    assert d.level.xp_table.value == (0, 10, 20, 40, 80, 160, 320, 640, 1300, 2600, 5200, 10000, 20000, 40000, 80000)
    assert re.search(r"^level\.xp_table +\[OFFICIAL-FRAGMENT\]  \[0, 10, 20, ", G.rules_listing("provenance"), re.M)


def test_help_in_both_languages() -> None:
    """Issue 11 item 12: the help holds what a player needs of the rules, in both languages,
    with no pointer outside the package (no rules reference file, no docs/)."""
    from solotable.games.jongrogue.data import rules_data

    for lang in ("en", "ja"):
        text = G.help_text(lang)
        assert "shared/" not in text and "docs/" not in text and ".md" not in text
        for m in rules_data().monsters:  # the monster table, as the data has it
            name = CAT.text(f"jr.mon.{m.id}", lang)
            row = next(line for line in text.splitlines() if line.startswith(f"| {m.index} | {name} |"))
            assert f" {m.hp} |" in row and f" {m.xp} |" in row and f" {m.attack} |" in row
        for n in range(1, 10):
            assert f"{n}萬" in text and f"{n}索" in text
    assert "JongRogue" in G.help_text("en") and "*Victory*" in G.help_text("en")
    assert "雀ローグ" in G.help_text("ja") and "「*勝利*」" in G.help_text("ja")


@pytest.mark.parametrize("typed,want", [("5m", "tile:m5"), ("m5", "tile:m5"), ("五萬", "tile:m5"), ("５ｍ", "tile:m5"),
                                        ("3 pin", "tile:p3"), ("7s", "tile:s7"), ("9索", "tile:s9"),
                                        ("tile:p1", "tile:p1"), ("一筒", "tile:p1")])
def test_physical_tile_notation(typed: str, want: str) -> None:
    s = new()
    assert str(G.parse_action(s, typed)) == want


def test_labyrinth_tiles_typed_as_winds() -> None:
    s = new()
    s.apply(G.parse_action(s, "1p"))  # the start room: the encounter tiles lie face down, undrawn
    for typed, want in (("東", "lab:T"), ("south", "lab:N"), ("西", "lab:S"), ("北", "lab:P"), ("stairs", "lab:R")):
        assert str(G.parse_action(s, typed)) == want


def test_dragon_tiles_are_refused() -> None:
    s = new()
    for typed in ("白", "發", "中"):
        with pytest.raises(ValueError):
            G.parse_action(s, typed)


def test_illegal_decision_is_refused_and_named() -> None:
    s = started()
    with pytest.raises(IllegalAction):
        G.parse_action(s, "stairs:up")


def test_attacking_an_item_is_not_called_attacking_a_sleeping_monster() -> None:
    """Issue 11 item 4: ``attack:N`` on a displayed item is a single melee attack on the item
    (a xeroc may be hiding as one, §7.14.8); only a sleeping monster is called one."""
    from solotable.core.protocol import Action
    from solotable.games.jongrogue.state import M_ASLEEP, M_DEEP, M_DISGUISED

    from .helpers import quiet_room, slot_of

    s = quiet_room(slots=("s3",), floor=9)
    s.slots[4].append(slot_of("m6", 9, M_ASLEEP))  # a troll asleep (m6 on B9, JR-P8)
    s.slots[4].append(slot_of("m9", 9, M_DEEP | M_DISGUISED))  # a xeroc, shown as the item s9 (D61)
    assert {"attack:1", "attack:2", "attack:3"} <= {str(a) for a in s.legal_actions()}
    for lang in ("en", "ja"):
        item, monster, mimic = (G.describe(s, Action("attack", k), lang) for k in (1, 2, 3))
        sleeping = CAT.text("jr.word.asleep", lang)
        assert "3索" in item and "9索" in mimic and "4" not in item
        assert CAT.text("jr.mon.troll", lang) in monster and "6萬" in monster
        assert item.replace("3索", "9索").replace("1", "3") == mimic  # the xeroc looks like any item
        assert CAT.text("jr.mon.xeroc", lang) in item and sleeping not in item
    assert "sleeping" not in G.describe(s, Action("attack", 1), "en")
    assert "眠" not in G.describe(s, Action("attack", 1), "ja")


def test_a_dragon_tile_typed_in_physical_mode_gets_a_message(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:  # fmt: skip
    """Issue 11 item 3: 中 typed for a tile says it is a dragon tile, not in the pile; no traceback,
    nothing lost."""
    from solotable.core.session import Session
    from solotable.ui.cli import LinePlayer

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    session = Session("jongrogue", seed=1, options={"rules": "ez"}, physical_dice=True)
    assert session.waiting_for_chance
    before = len(session.record.actions)
    lines = iter(["中", "5m"])
    out: list[str] = []

    def answer(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    LinePlayer(session, "en", answer, out.append).run()
    text = "\n".join(out)
    assert "中 is a dragon tile" in text and "Traceback" not in text
    assert session.record.actions[before:] == ["tile:m5"]


def test_the_log_names_every_draw_and_writes_tiles_as_tiles() -> None:
    """Issue 11 item 9: every draw says what it is for ("Time (extra satiation cost): 3萬"),
    a monster's attack shows its roll as the player's does, and no event shows a tile's code."""
    from solotable.games.jongrogue.rules import pile

    code = re.compile(r"(?<![A-Za-z0-9])[mps][1-9](?![0-9])")
    draws: set[str] = set()
    attacks = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = G.new_state(seed=seed, rules="ez-plus" if seed % 2 else "ez", **{"continue": "off"})
        while not s.is_terminal():
            if s.is_chance():
                a = s.chance_table().sample(rng)
            else:
                a = rng.choice([x for x in s.legal_actions() if x.name != "forced-end"])
            s.apply(a)
            for e in s.events:
                for lang in ("en", "ja"):
                    text = G.event_text(e, lang)
                    assert not code.search(text), text
                if e.key == "jr.ev.draw":
                    what = str(e.params["what"]).removeprefix("@")
                    assert what in CAT and str(e.params["tile"]) in pile.GLYPHS
                    draws.add(what)
                if e.key in ("jr.ev.mon_hit", "jr.ev.mon_miss"):
                    attacks += 1
                    assert re.search(r"\d+ against \d+", G.event_text(e, "en"))
    assert len(draws) >= 12 and attacks > 20


def test_an_s1_below_floor_10_says_why_it_is_not_the_amulet() -> None:  # row 38, D39
    from .helpers import do, keys_events, quiet_room

    s = quiet_room(slots=("s1",), floor=4)
    do(s, "pick:1")
    (why,) = [e for e in keys_events(s) if e.key == "jr.ev.s1_food"]
    assert "B10" in G.event_text(why, "en") and "B4" in G.event_text(why, "en")
    assert "地下10階" in G.event_text(why, "ja")


def test_every_choice_names_its_tile_and_what_it_is() -> None:
    """Issue 11 item 9: "Attack the Kestrel (1萬) in slot 1", "Wield the long sword", "Quaff the
    potion of healing", in both languages; nothing named by a code (p4) or a bare number."""
    from solotable.core.protocol import Action
    from solotable.games.jongrogue.rules.turns import MELEE
    from solotable.games.jongrogue.state import Ring, Weapon

    from .helpers import at, quiet_room

    s = quiet_room(slots=("m1", "p8", "s7"))
    s.weapons.append(Weapon("long_sword", known=False))
    s.rings = [Ring()]
    s.potions[0] = 1  # s1: healing (EZ: known)
    s.scrolls[9 + 5] = 1  # p6: confuse monster
    s.slots[4][0].flags = 1  # asleep
    labels = {str(a): G.describe(s, a, "en") for a in s.legal_actions()}
    assert labels["attack:1"] == "Attack the Kestrel (1萬) in slot 1, asleep"
    assert labels["pick:2"] == "Pick up the gold 8筒 in slot 2"
    assert labels["pick:3"] == "Pick up the item 7索 in slot 3: a weapon"
    assert labels["wield:2"] == "Wield the long sword (state unknown)"
    assert labels["quaff:s1"] == "Quaff the potion of healing (1索)"
    assert labels["read:p6,1"] == "Read the scroll of confuse monster (6筒), naming the Kestrel (1萬) in slot 1"
    assert labels["puton:1"] == "Put on unknown ring 1"
    assert labels["door:E"] == "Move to the east door, toward room 6"
    ja = {str(a): G.describe(s, a, "ja") for a in s.legal_actions()}
    assert ja["quaff:s1"] == "水薬：体力が回復する（1索）を飲む"
    assert ja["attack:1"] == "眠っている1番の大はやぶさ（1萬）に攻撃する"
    s.slots[4][0].flags = 0
    at(s, MELEE)
    assert G.describe(s, Action("hit", 1), "en") == "Attack the Kestrel (1萬) in slot 1"
    code = re.compile(r"(?<![A-Za-z0-9])[mps][1-9](?![0-9])")
    for lang in ("en", "ja"):
        for a in s.legal_actions():
            assert not code.search(G.describe(s, a, lang)), G.describe(s, a, lang)


def test_line_mode_shows_the_map_in_words_and_winds() -> None:
    """Issue 11 item 9: line mode shows doors as walls in words (English) or winds 東南西北
    (Japanese), never the tile letters T N S P; the stairs named; hidden doors found marked the
    same way; item states (cursed, protected); at a draw what it is for; the end in words."""
    from solotable.core.protocol import Action
    from solotable.games.jongrogue.state import Armour, Weapon

    from .helpers import do, quiet_room

    s = quiet_room(lab=(0, 4), slots=("m1", "p2", "s7"))  # 東 and the stairs in room 5
    s.found[4] = 1  # the north wall's hidden door found
    s.weapons = [Weapon("mace", -1, True)]
    s.armours = [Armour("chain", 1, protected=True), Armour("plate", known=False)]
    en, ja = G.render_text(s, "en"), G.render_text(s, "ja")
    room_en = next(line for line in en.splitlines() if line.startswith("@ Room 5"))
    room_ja = next(line for line in ja.splitlines() if line.startswith("@ 部屋5"))
    assert "doors east" in room_en and "stairs" in room_en and "hidden doors found north" in room_en
    assert "ドア 東" in room_ja and "階段" in room_ja and "見つけた隠し通路 北" in room_ja
    assert "1萬 Kestrel" in room_en and "2筒 bear trap" in room_en and "7索 a weapon" in room_en
    assert not re.search(r"\[[TNSPR]{2}", en) and not re.search(r"(?<![A-Za-z0-9])[mps][1-9](?![0-9])", en)
    assert "mace (-1, cursed, in use)" in en and "chain mail (+1, protected, in use)" in en
    assert "plate mail (state unknown)" in en and "鋼鉄のよろい（状態は不明）" in ja
    do(s, "rest")
    assert s.is_chance() and "Now drawn: Time (extra satiation cost)." in G.render_text(s, "en")
    t = quiet_room()
    t.gold = 50
    t.apply(Action("forced-end"))
    end = G.render_text(t, "en")
    assert "The end: forced end, on floor B1" in end and "forced_end" not in end and "No continue." in end


def test_info_entries_cover_everything_in_view() -> None:
    """Issue 11 item 8: every tile of the room, the passage monster, every carried thing and
    status, the sheets and the tables, in both languages, with no message id, no code."""
    from solotable.games.jongrogue.state import M_ASLEEP, Ring, Weapon

    from .helpers import quiet_room, slot_of

    s = quiet_room("ez-plus", slots=("m7", "p2", "p8", "s5"))
    s.slots[4][0].flags = M_ASLEEP
    s.slots[4].append(slot_of("m1"))
    s.slots[4][-1].up = 0  # face down
    s.weapons.append(Weapon("long_sword", known=False))
    s.rings = [Ring(), Ring("searching", False, 1)]
    s.potions[3] = 2
    s.scrolls[0] = 1
    s.status = 2  # Confused
    code = re.compile(r"(?<![A-Za-z0-9])[mps][1-9](?![0-9])")
    for lang in ("en", "ja"):
        entries = {e.key: e for e in G.info_entries(s, lang)}
        for k in range(1, 6):
            assert f"slot:{k}" in entries
        rattlesnake = entries["slot:1"].text
        assert CAT.text("jr.mon.rattlesnake", lang) in rattlesnake
        assert CAT.text("jr.ability.poison", lang) in rattlesnake
        assert CAT.text("jr.trapinfo.2", lang) in entries["slot:2"].text
        assert CAT.text("jr.info.face_down", lang) == entries["slot:5"].text
        assert {"sheet:character", "sheet:food", "weapon:1", "weapon:2", "armour:1", "ring:1", "ring:2",
                "potion:s4", "scroll:m1", "status:confused", "table:window", "table:traps", "table:items",
                "table:checks", "table:tiles", "table:discard"} <= set(entries)  # fmt: skip
        assert CAT.text("jr.ringinfo.searching", lang) in entries["ring:2"].text
        assert CAT.text("jr.info.unidentified", lang) in entries["potion:s4"].text  # EZ Plus: hidden
        assert "7萬" in entries["table:window"].text
        for e in entries.values():
            assert not re.search(r"\b(jr|tui)\.[a-z]", e.title + e.text), e
            assert not code.search(e.title + e.text), e
