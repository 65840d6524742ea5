"""Untrusted input for Mini Rogue (2020), issue 12: card files, records, typed dice.

- ``--cards FILE`` is read by the interface through core.untrusted; the game gets the content
  and a record carries only content: a record that names a file is refused without opening it.
- A bad card file is refused with one line naming its line: floats where whole numbers belong
  (``dice = [1.0, 2]``, float floors that used to crash the first fight), ``floors = [1, "x"]``,
  deep nesting, long numbers; random and mutated TOML lets only the project's errors escape.
- Physical dice typed wrong (``-1``, ``p 5``, ``+``) get a message saying what a roll is here.
"""

from __future__ import annotations

import builtins
import io
import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solotable
from solotable.agents.registry import make_agent
from solotable.core.i18n import LocalizedError, explain
from solotable.core.protocol import IllegalAction
from solotable.core.record import RecordError, parse_record
from solotable.core.untrusted import UntrustedError
from solotable.games.minirogue.data import CardsError, base_text, check_text
from solotable.ui.cli import main

from .helpers import G, play

FLOORS = "floors = [1, 1, 2, 2, 3, 3, 3, 4, 4, 4]"


@pytest.fixture(autouse=True)
def _data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("SOLOTABLE_LANG", raising=False)


# -- records never name a file ----------------------------------------------------------------


def record_with(cards: str) -> str:
    session = solotable.Session("minirogue", seed=3, options={"character": "rogue"})
    data = json.loads(session.record.dumps())
    data["options"]["cards"] = cards
    return json.dumps(data)


@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "file", "relative"])
def test_a_record_that_names_a_file_is_refused_and_nothing_is_opened(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crafted record with ``cards: /dev/zero`` read until memory ran out; a FIFO hung for ever.
    The game reads no file: the value is content, and a file's name is refused as such."""
    good = tmp_path / "good.toml"
    good.write_text("[caps]\nhp = 12\n", encoding="utf-8")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    name = {"dev-zero": "/dev/zero", "fifo": str(fifo), "file": str(good), "relative": "cards.toml"}[kind]
    text = record_with(name)
    opened: list[str] = []
    real_open, real_os_open = builtins.open, os.open

    def spy_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    def spy_os_open(path: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(path))
        return real_os_open(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", spy_open)
    monkeypatch.setattr(io, "open", spy_open)
    monkeypatch.setattr(os, "open", spy_os_open)
    with pytest.raises(RecordError) as err:
        parse_record(text).replay()
    assert name not in opened and str(good) not in opened
    for lang in ("en", "ja"):
        assert "\n" not in explain(err.value, lang)
    assert "content" in str(err.value)


def test_the_record_keeps_the_content_and_replays_without_the_file(tmp_path: Path) -> None:
    f = tmp_path / "mine.toml"
    f.write_text("[monster.MON-A.1]\nhp = 3\n", encoding="utf-8")
    session = solotable.Session("minirogue", seed=2, options=G.read_files({"cards": str(f)}))
    record = json.loads(session.record.dumps())
    assert record["options"]["cards"] == "" and json.loads(record["options"]["cards_data"]) == {
        "monster": {"MON-A": {"1": {"hp": 3}}}
    }
    assert str(f) not in session.record.dumps()
    f.unlink()
    assert parse_record(session.record.dumps()).replay().observation()["overrides"]


def test_the_content_may_be_given_directly() -> None:
    s = G.new_state(character="crusader", cards='[monster.MON-A.1]\nhp = 7\nname = "giant_rat"\n')
    play(s, "card:MON-A", "pass")
    assert s.foe_hp == 7


# -- card files through the command line: one line that names the line -------------------------


def cli_error(tmp_path: Path, capsys: pytest.CaptureFixture[str], cards: str | Path) -> str:
    assert main(["play", "minirogue", "--plain", "--cards", str(cards), "--save", str(tmp_path / "s.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "s.json").exists()
    return err


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("[trap.TRAP-1.1]\ndice = [1.0, 2]\n", 2, "whole number"),
        (f"# a comment\n[dungeon]\n{FLOORS.replace('[1, 1', '[1.0, 1')}\n", 3, "whole number"),
        ('[dungeon]\nfloors = [1, "x", 2, 2, 3, 3, 3, 4, 4, 4]\n', 2, "whole number"),
        ("[caps]\n\nhp = 2.5\n", 3, "whole number"),
        ("[caps]\nhp = 12345678901234567890123456789012345678901234567890\n", 2, "too long"),
        ("[flags]\npoison_stacks = 1\n", 2, "true or false"),
        ("[merchant.MERC-1]\nbuy_beer = { price = 1, price_per_floor = false, gain = [\"hp+1\"], enabled = true }\n", 2,
         "unknown key"),
        ("[caps]\nhp = 1\nhp = 2\n", 3, "line 3"),  # TOML's own error, with its line
    ],
)  # fmt: skip
def test_bad_card_files_are_refused_with_their_line(
    text: str, line: int, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    Path("mine.toml").write_text(text, encoding="utf-8")
    err = cli_error(tmp_path, capsys, "mine.toml")
    assert words in err and "mine.toml" in err
    assert re.search(rf"line {line}\b", err), err


def test_deep_nesting_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "deep.toml"
    f.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    assert "nested" in cli_error(tmp_path, capsys, f)


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "directory", "missing", "binary"])
def test_card_files_that_are_no_text_files_are_refused_at_once(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    target = Path(kind)
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "dev-zero":
        target = Path("/dev/zero")
    elif kind == "directory":
        target.mkdir()
    elif kind == "binary":
        target.write_bytes(b"\xff\xfe\x00[caps]")
    err = cli_error(tmp_path, capsys, target)
    assert str(target) in err


def test_float_floors_no_longer_pass_and_crash_the_first_fight() -> None:
    """Float floors passed the old checks (1.0 == 1) and then crashed at the first fight."""
    with pytest.raises(CardsError) as err:
        check_text("[dungeon]\nfloors = [1.0, 1.0, 2, 2, 3, 3, 3, 4, 4, 4.0]\n", "f.toml")
    assert err.value.params["line"] == 2 and err.value.params["entry"] == "dungeon.floors[0]"


# -- fuzz: random and mutated card files ----------------------------------------------------------

BASE = base_text()
BASE_LINES = BASE.splitlines()
KEYS = sorted({m.group(1) for m in re.finditer(r"^([A-Za-z_][\w-]*)\s*=", BASE, re.M)})
TABLES = sorted({m.group(1) for m in re.finditer(r"^\[([^\]]+)\]", BASE, re.M)})
ODD_VALUES = ["true", "false", '"x"', '"giant_rat"', "[]", "[1, 2]", '["xp+1"]', '[["hp-1*floor"]]', "{}",
              "{ a = 1 }", "1979-05-27", "0x1f", "1e400", '"potion:any"', '["ghost", "gold+2"]', "[1.0, 2]",
              '[1, "x"]', "nan", "-0", "+7", "9" * 39]  # fmt: skip
VALUES = st.one_of(
    st.integers(-(10**6), 10**6).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.sampled_from(ODD_VALUES),
)


@st.composite
def random_cards(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(1, 8))):
        if draw(st.booleans()):
            lines.append(f"[{draw(st.sampled_from(TABLES))}]")
        key = draw(st.one_of(st.sampled_from(KEYS), st.text(alphabet="abcxyz_-.1", min_size=1, max_size=6)))
        lines.append(f"{key} = {draw(VALUES)}")
    return "\n".join(lines) + "\n"


@st.composite
def mutated_cards(draw: st.DrawFn) -> str:
    lines = list(BASE_LINES)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "dup", "value", "chars", "swap"]))
        if how == "drop":
            del lines[i]
        elif how == "dup":
            lines.insert(i, lines[i])
        elif how == "value" and "=" in lines[i]:
            lines[i] = lines[i].split("=", 1)[0] + "= " + draw(VALUES)
        elif how == "chars":
            pos = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:pos] + draw(st.text(alphabet='[]{}"=,.-+x19 #\\', max_size=3)) + lines[i][pos:]
        else:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        if not lines:
            lines = ["# empty"]
    return "\n".join(lines) + "\n"


def accepted_or_refused(text: str) -> None:
    """Only the project's errors escape, each one line; an accepted file plays a whole game."""
    try:
        data = check_text(text, "fuzz.toml")
    except (CardsError, UntrustedError) as exc:
        assert isinstance(exc, LocalizedError)
        for lang in ("en", "ja"):
            assert "\n" not in explain(exc, lang) and len(explain(exc, lang)) < 600
        return
    s = G.new_state(seed=1, character="rogue", partner="mage", cards_data=data)
    s.set_events(False)
    agent = make_agent("random", "minirogue")
    rng = random.Random(1)
    for _ in range(3000):
        if s.is_terminal():
            break
        s.apply(s.chance_table().sample(rng) if s.is_chance() else agent.choose(s, rng), trusted=True)


FUZZ = settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(random_cards())
def test_random_card_files_only_raise_the_projects_errors(text: str) -> None:
    accepted_or_refused(text)


@FUZZ
@given(mutated_cards())
def test_mutated_card_files_only_raise_the_projects_errors(text: str) -> None:
    accepted_or_refused(text)


# -- physical dice -------------------------------------------------------------------------------


def at_roll(**hero: Any) -> Any:
    s = G.new_state(seed=1, character="rogue")
    for k, v in hero.items():
        setattr(s.heroes[0], k, v)
    play(s, "card:MON-A", "pass")
    assert s.observation()["phase"] == "roll"
    return s


@pytest.mark.parametrize("typed", ["-1", "p 5", "+", "- 3", "x 7", "5" * 5000, "x 6", "x 6 3", "roll:", ":", "x 6 3 c",
                                   "6 x x p", "x 6 3 p p", "0 3 p", "\x00", "６ ３", "x\x006 3 p"])  # fmt: skip
def test_physical_rolls_typed_wrong_say_what_a_roll_is(typed: str) -> None:
    s = at_roll(xp=6, poison=True)
    before = json.dumps(s.observation(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        G.parse_action(s, typed)
    message = explain(err.value, "en")
    assert "2 white dice" in message and "poison die" in message and "\n" not in message and len(message) < 400
    assert "ダイス" in explain(err.value, "ja")
    assert json.dumps(s.observation(), sort_keys=True) == before


@pytest.mark.parametrize(
    ("typed", "want"),
    [("x 6 3 p", "roll:x6,3,p1"), ("6 1 3 -", "roll:x6,3,p0"), ("X63+", "roll:x6,3,p1"),
     ("roll:x6,3,p1", "roll:x6,3,p1"), ("6,x,3,p0", "roll:x6,3,p0"), ("1 1 1 p", "roll:xx,1,p1")],
)  # fmt: skip
def test_the_loose_forms_players_type_are_read(typed: str, want: str) -> None:
    assert str(G.parse_action(at_roll(xp=6, poison=True), typed)) == want


def test_a_record_action_typed_wrong_is_a_record_error() -> None:
    session = solotable.Session("minirogue", seed=3, options={"character": "rogue"}, physical_dice=True)
    session.play(G.parse_action(session.state, "card:MON-A"))
    session.play(G.parse_action(session.state, "pass"))
    data = json.loads(session.record.dumps())
    data["actions"].append("p 5")
    with pytest.raises(RecordError, match="not a roll here"):
        parse_record(json.dumps(data)).replay()


LINE = st.characters(blacklist_characters="\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")  # a typed line has no break


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(LINE, max_size=30), st.sampled_from(["roll", "check", "crit", "d6", "card", "leader"]))
def test_any_text_at_any_draw_is_read_or_refused_plainly(text: str, where: str) -> None:
    s = G.new_state(seed=1, character="rogue", partner="mage") if where == "leader" else G.new_state(seed=1)
    if where == "roll":
        s = at_roll()
    elif where == "check":
        play(s, "card:TRAP-1", "pass")
    elif where == "crit":
        play(s, "card:MON-A", "pass", "roll:6,2", "crit:1")
    elif where == "d6":
        play(s, "card:SHRN", "pass", "roll")
    try:
        action = G.parse_action(s, text)
    except IllegalAction as exc:
        assert "\n" not in explain(exc, "en")
        return
    assert action in s.chance_table()
