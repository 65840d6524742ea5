"""Saves of Mini Rogue v1 games: corrupt files, another process, atomic writes, undo, resume.

A save is a record (DESIGN.md "Records, sessions"): every corrupt or foreign file must give a
``RecordError`` a person can read, and nothing may be half-loaded.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import solotable
from solotable import IllegalAction, RecordError, Session
from solotable.core import record as record_module
from solotable.core.i18n import explain

from .helpers import G, obs_json

ROOT = Path(__file__).resolve().parents[2]


def policy(session: Session, step: int) -> None:
    legal = session.state.legal_actions()
    session.play(legal[(step * 7919) % len(legal)])


def midgame(seed: int = 55, steps: int = 12) -> Session:
    """A casual game some decisions in (seed 55 lasts 42 decisions with this policy)."""
    s = Session("minirogue-v1", seed=seed, options={"difficulty": "casual"})
    for step in range(steps):
        policy(s, step)
    assert not s.state.is_terminal()
    return s


def good_json() -> dict:
    return json.loads(midgame().record.dumps())


def assert_record_error(text: str, *words: str) -> RecordError:
    with pytest.raises(RecordError) as exc:
        solotable.parse_record(text)
    msg = str(exc.value)
    for word in words:
        assert word.lower() in msg.lower(), (word, msg)
    assert "{" not in msg.split(":", 1)[0]  # a sentence, not a template or a dump
    return exc.value


# ---- corrupt saves ------------------------------------------------------------------------------


def test_a_good_record_loads() -> None:
    s = midgame()
    loaded = solotable.parse_record(s.record.dumps())
    assert obs_json(loaded.replay()) == obs_json(s.state)


@pytest.mark.parametrize("cut", [1, 10, 0.5, -2])
def test_truncated_json(cut: float) -> None:
    text = midgame().record.dumps()
    n = int(len(text) * cut) if isinstance(cut, float) else cut
    assert_record_error(text[:n], "corrupt or truncated", "line")


def test_garbage_bytes_in_a_file(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe garbage \x80\x81")
    with pytest.raises(RecordError) as exc:
        solotable.load_record(path)
    assert "not a solotable record" in str(exc.value) and str(path) in str(exc.value)


@pytest.mark.parametrize("text", ["hello world", "\x00\x01\x02", "<html></html>", ""])
def test_garbage_text(text: str) -> None:
    assert_record_error(text, "not a readable solotable record")


@pytest.mark.parametrize("text", [
    "[1, 2, 3]", '"a string"', "42", "null", '{"foo": 1}', '{"format": "pgn", "moves": []}',
    json.dumps({"format": "solotable-settings", "format_version": 1}),
])  # fmt: skip
def test_json_of_another_format(text: str) -> None:
    assert_record_error(text, "not a solotable game record")


def test_future_format_version() -> None:
    data = good_json()
    data["format_version"] = 2
    assert_record_error(json.dumps(data), "format version", "2")


def test_unknown_game() -> None:
    data = good_json()
    data["game"] = "chess-v9"
    assert_record_error(json.dumps(data), "does not have", "chess-v9")


def test_illegal_action_in_the_middle() -> None:
    data = good_json()
    index = 5
    data["actions"][index] = "buy:armor"
    err = assert_record_error(json.dumps(data), f"#{index + 1}", "buy:armor", "cannot be played")
    assert "legal" in str(err)


def test_extra_action_after_the_end() -> None:
    s = Session("minirogue-v1", seed=7, options={"difficulty": "normal"})
    step = 0
    while not s.state.is_terminal():
        policy(s, step)
        step += 1
    data = json.loads(s.record.dumps())
    data["actions"].append("leave")
    assert_record_error(json.dumps(data), "cannot be played", "over")


@pytest.mark.parametrize(("field", "value", "words"), [
    ("seed", "7", ["bad value", "seed"]),
    ("seed", 1.5, ["bad value", "seed"]),
    ("seed", True, ["bad value", "seed"]),
    ("actions", "reveal:monster", ["bad value", "actions"]),
    ("actions", {"0": "x"}, ["bad value", "actions"]),
    ("options", ["normal"], ["bad value", "options"]),
    ("physical_dice", "no", ["bad value", "physical_dice"]),
    ("game", 3, ["bad value", "game"]),
    ("rules_version", 1.21, ["bad value", "rules_version"]),
])  # fmt: skip
def test_wrong_types_in_fields(field: str, value: object, words: list[str]) -> None:
    data = good_json()
    data[field] = value
    assert_record_error(json.dumps(data), *words)


def test_missing_field() -> None:
    data = good_json()
    del data["options"]
    assert_record_error(json.dumps(data), "lacks the field", "options")


def test_action_that_is_not_text() -> None:
    data = good_json()
    data["actions"][3] = 3
    assert_record_error(json.dumps(data), "#4", "not text")


@pytest.mark.parametrize("options", [{"difficulty": "easy"}, {"difficulty": "normal", "fog": True}])
def test_bad_options(options: dict) -> None:
    data = good_json()
    data["options"] = options
    assert_record_error(json.dumps(data), "bad options")


def test_rules_version_mismatch() -> None:
    data = good_json()
    data["rules_version"] = "3.0"
    err = assert_record_error(json.dumps(data), "rules version", "3.0", G.rules_version)
    assert any("\u3040" <= ch <= "\u30ff" for ch in explain(err, "ja"))  # readable in Japanese too


def test_nothing_half_loaded(tmp_path: Path) -> None:
    """A corrupt autosave: resuming fails as a whole and leaves the file as it was."""
    data = good_json()
    data["actions"][8] = "take:boss"
    path = tmp_path / "game.solotable.json"
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    with pytest.raises(RecordError):
        Session.resume(path)
    assert path.read_bytes() == raw
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.solotable.json"]


# ---- another process --------------------------------------------------------------------------


def test_save_loads_in_a_new_process(tmp_path: Path) -> None:
    s = midgame(steps=20)
    path = tmp_path / "mid.json"
    s.save(path)
    code = (
        "import json, sys, solotable\n"
        "state = solotable.load_record(sys.argv[1]).replay()\n"
        "print(json.dumps(state.observation(), sort_keys=True, ensure_ascii=False))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONHASHSEED": "123"},
    )
    assert json.loads(out.stdout) == json.loads(obs_json(s.state))
    assert out.stdout.strip() == obs_json(s.state)


# ---- atomic writes ----------------------------------------------------------------------------


def test_atomic_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "save.json"
    old = midgame(steps=3).record.dumps()
    record_module.atomic_write_text(path, old)
    assert path.read_text(encoding="utf-8") == old

    def boom(src: object, dst: object) -> None:
        raise OSError("disk pulled out mid-write")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        record_module.atomic_write_text(path, midgame(steps=10).record.dumps())
    assert path.read_text(encoding="utf-8") == old
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temporary file left


def test_session_save_failure_keeps_the_old_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "auto.json"
    s = midgame(steps=3)
    s.save(path)
    old = path.read_bytes()

    def boom(src: object, dst: object) -> None:
        raise OSError("no space left")

    monkeypatch.setattr(os, "replace", boom)
    policy(s, 3)
    with pytest.raises(OSError):
        s.save(path)
    assert path.read_bytes() == old
    monkeypatch.undo()
    assert obs_json(solotable.load_record(path).replay()) == obs_json(midgame(steps=3).state)


# ---- undo ---------------------------------------------------------------------------------------


def test_undo_never_crosses_a_roll_or_a_reveal() -> None:
    s = Session("minirogue-v1", seed=1, options={"difficulty": "normal"}, physical_dice=True)
    assert s.waiting_for_chance
    s.play("reveal:merchant")
    assert not s.can_undo()  # the reveal is a wall
    s.play("buy:potion")
    s.play("buy:ration")
    assert s.state.gold == 1 and s.can_undo()
    s.undo()
    assert s.state.gold == 2 and s.record.actions == ["reveal:merchant", "buy:potion"]
    s.undo()
    assert s.state.gold == 3 and s.record.actions == ["reveal:merchant"]
    assert not s.can_undo()
    with pytest.raises(IllegalAction):
        s.undo()
    assert s.state.gold == 3 and s.record.actions == ["reveal:merchant"]
    s.play("leave")
    s.play("reveal:event,trap")
    assert not s.can_undo()
    s.play("take:event")
    assert s.can_undo()
    s.play("d6:4")  # the Event roll
    assert not s.can_undo()


def test_undo_wall_in_a_seeded_session() -> None:
    s = Session("minirogue-v1", seed=55, options={"difficulty": "casual"})
    policy(s, 0)  # rest:xp, then the dice turn up the next pair at once
    assert s.record.actions[-1].startswith("reveal:")
    assert not s.can_undo()
    with pytest.raises(IllegalAction) as exc:
        s.undo()
    assert "undo" in str(exc.value)


def test_undo_restores_the_state_exactly() -> None:
    s = Session("minirogue-v1", seed=1, options={"difficulty": "casual"}, physical_dice=True)
    s.play("reveal:merchant")
    before = obs_json(s.state)
    s.play("sell:armor")
    s.undo()
    assert obs_json(s.state) == before


# ---- resume ------------------------------------------------------------------------------------


@pytest.mark.parametrize("split", [0, 5, 17, 30])
def test_resumed_session_rolls_like_an_uninterrupted_one(tmp_path: Path, split: int) -> None:
    whole = Session("minirogue-v1", seed=55, options={"difficulty": "casual"})
    step = 0
    while not whole.state.is_terminal():
        policy(whole, step)
        step += 1

    first = Session("minirogue-v1", seed=55, options={"difficulty": "casual"})
    for i in range(split):
        policy(first, i)
    path = tmp_path / "resume.json"
    first.save(path)
    del first
    again = Session.resume(path, autosave=False)
    step = split
    while not again.state.is_terminal():
        policy(again, step)
        step += 1
    assert again.record.actions == whole.record.actions
    assert again.state.result() == whole.state.result()


def test_autosave_follows_every_step(tmp_path: Path) -> None:
    path = tmp_path / "auto.json"
    s = Session("minirogue-v1", seed=55, options={"difficulty": "casual"}, autosave=path)
    for i in range(6):
        policy(s, i)
        assert obs_json(solotable.load_record(path).replay()) == obs_json(s.state)


def test_new_session_reports_the_opening_event() -> None:
    s = Session("minirogue-v1", seed=7, options={"difficulty": "normal"})
    assert s.events[0].key == "mr1.ev.start"
