"""Playing Deep Space D-6 through a Session and the line interface: physical-dice typing (the
six crew faces in any order, en/ja names, the threat die, a card by id or name), save and
resume, undo up to the last roll, corrupt saves."""

from __future__ import annotations

import json

import pytest

import solotable
from solotable import IllegalAction, RecordError, Session
from solotable.ui.cli import LinePlayer

from .helpers import G, new, obs_json, play


@pytest.mark.parametrize("typed", ["1 3 3 5 6 2", "133562", "2,6,5,3,3,1", "roll:1,2,3,3,5,6",
                                   "com med med eng thr tac", "Commander Medical medical Engineering threat TACTICAL",
                                   "コマンダー 医療担当 医療 技術担当 脅威 戦術担当"])  # fmt: skip
def test_crew_roll_typed_in_any_order_and_language(typed: str) -> None:
    s = G.new_state(seed=1)
    play(s, "draw:dp", "draw:dp")
    assert str(G.parse_action(s, typed)) == "roll:1,2,3,3,5,6"


def test_wrong_number_of_dice_is_refused() -> None:
    s = G.new_state(seed=1)
    play(s, "draw:dp", "draw:dp")
    for typed in ("1 2 3", "1 2 3 4 5 6 6", "7 1 2 3 4 5", "hello"):
        with pytest.raises(IllegalAction):
            G.parse_action(s, typed)


@pytest.mark.parametrize(("typed", "card"), [
    ("e18", "e18"), ("Raiders 4 6", "e18"), ("raiders 14", "e19"), ("レイダーズ 46", "e18"),
    ("Bomber 34", "e4"), ("bomber 24 -2", "e5"), ("bomber 24 -1", "e6"), ("Flagship", "e11"),
    ("フラッグシップ", "e11"), ("Don't Panic!", "dp"), ("dont panic", "dp"), ("ドント・パニック！", "dp"),
    ("Intercepter X", "e14"), ("intercepter", "e13"), ("time warp", "i11"), ("タイム・ワープ", "i11"),
])  # fmt: skip
def test_card_typed_by_id_or_name(typed: str, card: str) -> None:
    s = G.new_state(seed=1)
    assert str(G.parse_action(s, typed)) == f"draw:{card}"


def test_ambiguous_card_name_is_refused() -> None:
    s = G.new_state(seed=1)
    with pytest.raises(IllegalAction):
        G.parse_action(s, "bomber")  # three Bombers: the values tell them apart


def test_threat_die_and_decisions_typed_loosely() -> None:
    s = new("e1", faces="com tac tac med sci eng")
    assert str(G.parse_action(s, "change eng tac")) == "change:eng,tac"
    assert str(G.parse_action(s, "change engineering tactical")) == "change:eng,tac"
    assert str(G.parse_action(s, "fire 2")) == "fire:2"
    play(s, "end", "draw:dp")
    assert str(G.parse_action(s, "4")) == "threat:4"


def test_physical_dice_session_save_resume(tmp_path) -> None:
    path = tmp_path / "ds6.json"
    session = Session("deepspace-d6", seed=3, physical_dice=True, autosave=path)
    assert session.waiting_for_chance
    for typed in ("flagship", "dp", "6 1 2 2 3 4"):
        session.play(typed)
    assert session.state.observation()["dice_count"]["scanners"] == 1
    session.play("fire 2")
    session.play("hit e11")
    session.undo()  # a decision after the roll can be taken back
    assert session.state.observation()["phase"] == "allocate"
    session.undo()
    with pytest.raises(IllegalAction):
        session.undo()  # not past the roll
    before = obs_json(session.state)
    resumed = Session.resume(path)
    assert obs_json(resumed.state) == before


def test_corrupt_saves_are_refused() -> None:
    session = Session("deepspace-d6", seed=5)
    while not session.state.is_terminal() and len(session.record.actions) < 20:
        session.play(session.state.legal_actions()[0])
    good = json.loads(session.record.dumps())
    bad = dict(good, actions=[*good["actions"][:4], "fire:9", *good["actions"][4:]])
    with pytest.raises(RecordError):
        solotable.parse_record(json.dumps(bad))
    with pytest.raises(RecordError):
        solotable.parse_record(json.dumps(dict(good, options={"difficulty": "impossible"})))
    with pytest.raises(RecordError):
        solotable.parse_record(json.dumps(dict(good, rules_version="retail")))
    assert obs_json(solotable.parse_record(json.dumps(good)).replay()) == obs_json(session.state)


def test_line_player_plays_a_scripted_game() -> None:
    lines = iter(["1", "1", "2", "end", "q"])
    out: list[str] = []
    session = Session("deepspace-d6", seed=2, options={"difficulty": "hard", "length": "quick"})
    player = LinePlayer(session, lang="ja", input_fn=lambda _p: next(lines), output_fn=out.append)
    assert player.run() == 0
    text = "\n".join(out)
    assert "USS Crypsis" in text and "船体" in text and "{" not in text
