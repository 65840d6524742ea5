"""Records are untrusted bytes (issue 12): whatever a file holds, loading it ends in a
:class:`RecordError` with one short line, or a whole, checked record; it never reads another
file, never hangs, never leaks another exception."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, ClassVar

import pytest
import toygame

from solotable.core.protocol import Game, Option
from solotable.core.record import Record, RecordError, checksum, load_record, parse_record
from solotable.core.registry import register
from solotable.core.session import Session
from solotable.core.untrusted import read_bytes
from solotable.ui.cli import main

TOY = toygame.GAME.id


def good_record(seed: int = 1, moves: tuple[str, ...] = ("roll", "hold", "roll")) -> Record:
    session = Session(TOY, seed=seed)
    for move in moves:
        if session.state.is_terminal():
            break
        session.play(move)
    return session.record


def signed(data: dict[str, Any]) -> str:
    """``data`` written as a record with a checksum that matches it (a crafted record: the
    checksum proves no one's intent, it only catches damage)."""
    content = {k: v for k, v in data.items() if k != "checksum"}
    return json.dumps({**content, "checksum": checksum(content)})


def one_line_error(text: str | bytes, source: str = "crafted.json") -> str:
    with pytest.raises(RecordError) as err:
        parse_record(text, source=source)
    message = str(err.value)
    assert "\n" not in message and len(message) < 400, message
    return message


# -- files that are not files --------------------------------------------------------------------


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_a_fifo_or_a_link_to_dev_zero_is_refused_at_once(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    fifo = tmp_path / "game.solotable.json"
    os.mkfifo(fifo)  # nobody writes to it: reading it would hang for ever
    link = tmp_path / "zero.solotable.json"
    link.symlink_to("/dev/zero")  # reading it would fill the memory
    for path in (fifo, link):
        assert main([command, str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "is not a regular file" in err and str(path) in err


def test_a_record_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(64 * 1024 * 1024)  # sparse: 64 MB that take no room
    with pytest.raises(RecordError, match="too large"):
        load_record(path)


# -- what the bytes say ----------------------------------------------------------------------------


def test_nesting_100000_deep_and_a_5000_digit_number_are_one_line_errors() -> None:
    assert "nested" in one_line_error("[" * 100_000 + "]" * 100_000)
    data = good_record().to_json()
    data["seed"] = 0  # (Python cannot even write a 5,000-digit int as text: put it in by hand)
    text = signed(data).replace('"seed": 0', '"seed": ' + "9" * 5000)
    assert "too long" in one_line_error(text)
    options = signed({**data, "options": {"target": 10}}).replace('"target": 10', '"target": ' + "1" * 4400)
    assert "too long" in one_line_error(options)


@pytest.mark.parametrize("version", ["true", "1.0", '"1"', "null", "2", "-1"])
def test_format_version_must_be_the_integer_1(version: str) -> None:
    text = good_record().dumps().replace('"format_version": 1', f'"format_version": {version}')
    assert "format version" in one_line_error(text)


def test_a_changed_die_is_refused_by_the_checksum() -> None:
    record = good_record(moves=("roll", "hold", "roll", "hold"))
    text = record.dumps()
    rolls = [a for a in record.actions if a.startswith("d6:")]
    assert rolls, record.actions
    first = rolls[0]
    other = next(f"d6:{face}" for face in range(2, 7) if f"d6:{face}" != first)
    flipped = text.replace(f'"{first}"', f'"{other}"', 1)
    assert flipped != text
    parsed_as_game = Record(**{k: v for k, v in json.loads(flipped).items() if k in ("game", "rules_version",
                            "options", "seed", "physical_dice", "actions")})  # fmt: skip
    parsed_as_game.replay()  # the changed record still plays: only the checksum can tell
    assert "checksum does not match" in one_line_error(flipped)


def test_every_single_byte_change_is_refused_or_harmless() -> None:
    """A record's bytes changed one at a time: each change is refused, or leaves the same
    record (a space turned into another space)."""
    record = good_record(moves=("roll", "roll", "hold", "roll", "hold"))
    text = record.dumps().encode()
    want = record.to_json()
    for index in range(len(text)):
        for new in (text[index] ^ 0x01, text[index] ^ 0x20):
            damaged = text[:index] + bytes([new]) + text[index + 1 :]
            try:
                got = parse_record(damaged, source="flip")
            except RecordError as exc:
                assert "\n" not in str(exc)
                continue
            assert got.to_json() == want, (index, damaged[max(0, index - 20) : index + 20])


def test_the_checksum_cannot_be_dropped_by_renaming_it() -> None:
    text = good_record().dumps().replace('"checksum"', '"checksun"')
    assert "checksun" in one_line_error(text)


def test_records_written_before_the_checksum_are_read_and_signed_at_the_next_save(tmp_path: Path) -> None:
    record = good_record()
    old = {k: v for k, v in record.to_json().items() if k != "checksum"}  # as solotable wrote them
    path = tmp_path / "old.solotable.json"
    path.write_text(json.dumps(old, indent=1), encoding="utf-8")
    assert load_record(path).actions == record.actions
    session = Session.resume(path)
    session.play(session.state.legal_actions()[0])
    assert "checksum" in json.loads(path.read_text(encoding="utf-8"))


def test_unknown_fields_and_option_names_are_refused() -> None:
    data = good_record().to_json()
    assert "extra" in one_line_error(signed({**data, "extra": 1}))
    # ``seed`` as an option name would clash with new_state's own argument (a TypeError before)
    assert "no option" in one_line_error(signed({**data, "options": {"seed": 3}}))
    assert "no option" in one_line_error(signed({**data, "options": {"x" * 5000: 3}}))


def test_bad_values_are_shown_shortened() -> None:
    data = good_record().to_json()
    message = one_line_error(signed({**data, "actions": ["z" * 2_000_000]}))
    assert "2,000,000 characters" in message
    message = one_line_error(signed({**data, "actions": [[1] * 100_000]}))
    assert "not text" in message
    message = one_line_error(signed({**data, "options": {"target": "q" * 100_000}}))
    assert "100,000 characters" in message


# -- a record never names a file to read ----------------------------------------------------------


class FileGame(toygame.PigGame):
    """A game with an option that names a file, read through the loader for untrusted bytes (as
    a game's card overrides are)."""

    id = "toy-file"
    option_specs: ClassVar[tuple[Option, ...]] = (*toygame.PigGame.option_specs, Option("extra", (), ""))

    def new_state(self, seed: int | None = None, **options: object) -> toygame.PigState:
        extra = str(options.pop("extra", ""))
        if extra:
            read_bytes(extra)
        return super().new_state(seed, **options)


FILE_GAME: Game = register(FileGame())


def test_a_record_whose_options_name_a_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    target = tmp_path / "secret.txt"
    target.write_text("not for a record to read", encoding="utf-8")
    FILE_GAME.new_state(seed=1, extra=str(target))  # a player's own command line may name it
    data = {**good_record().to_json(), "game": FILE_GAME.id, "options": {"target": 10, "extra": str(target)}}
    message = one_line_error(signed(data))
    assert "never names a file" in message


MR_CARDS = textwrap.dedent(
    """
    import json, os, sys
    target = os.path.realpath(sys.argv[1])

    def watch(event, args):  # runs before any open: the file is never touched
        if event == "open" and isinstance(args[0], (str, bytes)) and os.path.realpath(args[0]) == target:
            print("opened", target, flush=True)
            os._exit(3)

    from solotable.core.record import RecordError, parse_record
    from solotable.core.session import Session
    record = Session("minirogue", seed=1).record.to_json()
    record["options"]["cards"] = sys.argv[1]
    record.pop("checksum")
    sys.addaudithook(watch)
    try:
        parse_record(json.dumps(record))
    except RecordError as exc:
        print("refused:", exc)
    else:
        print("loaded")
    """
)


@pytest.mark.parametrize("kind", ["dev-zero", "fifo"])
def test_a_minirogue_record_naming_a_card_file_is_refused_without_reading_it(kind: str, tmp_path: Path) -> None:
    target = Path("/dev/zero")
    if kind == "fifo":
        target = tmp_path / "cards.toml"
        os.mkfifo(target)
    run = subprocess.run(  # a process of its own, told of every file opened (today's code hangs on the FIFO)
        [sys.executable, "-c", MR_CARDS, str(target)], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0 and run.stdout.startswith("refused:"), (run.stdout, run.stderr[-500:])


# -- resume replays a record once (issue 14) -------------------------------------------------------


def test_resume_replays_the_record_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.solotable.json"
    session = Session(TOY, seed=3, autosave=path)
    for move in ("roll", "roll", "hold", "roll"):
        if not session.state.is_terminal():
            session.play(move)
    played = 0
    real_apply = toygame.PigState.apply

    def counting(self: toygame.PigState, action: Any, *, trusted: bool = False) -> None:
        nonlocal played
        played += 1
        real_apply(self, action, trusted=trusted)

    monkeypatch.setattr(toygame.PigState, "apply", counting)
    resumed = Session.resume(path)
    assert played == len(session.record.actions)  # each recorded step played once, not three times
    assert resumed.state.observation() == session.state.observation()
    assert resumed._chance_count == session._chance_count and resumed._decisions == session._decisions


def test_a_record_of_more_steps_than_any_game_is_refused_before_it_is_replayed() -> None:
    data = good_record().to_json()
    message = one_line_error(signed({**data, "actions": ["roll", "hold"] * 100_000}))
    assert "200,000 steps" in message
