"""The one way in for bytes from outside: regular files only, bounded, one-line errors."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from solotable.core.untrusted import (
    MAX_DEPTH,
    UntrustedError,
    load_json,
    load_toml,
    parse_json,
    parse_toml,
    read_bytes,
    read_text,
    shorten,
)


def test_regular_files_are_read(tmp_path: Path) -> None:
    f = tmp_path / "a.json"
    f.write_text('{"a": [1, 2.5, "x"], "b": {"c": null}}', encoding="utf-8")
    assert load_json(f) == {"a": [1, 2.5, "x"], "b": {"c": None}}
    t = tmp_path / "c.toml"
    t.write_text('[x]\n# a comment with [[[[ brackets\ny = [1, 2]\nz = "]]]"\n', encoding="utf-8")
    assert load_toml(t) == {"x": {"y": [1, 2], "z": "]]]"}}


def test_fifos_devices_directories_and_missing_files_are_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # nobody writes to it: reading it would hang for ever
    for path in (fifo, Path("/dev/zero"), tmp_path, tmp_path / "missing"):
        with pytest.raises(UntrustedError) as err:
            read_bytes(path)
        assert "\n" not in str(err.value)
    link = tmp_path / "link"
    link.symlink_to("/dev/zero")
    with pytest.raises(UntrustedError, match="not a regular file"):
        read_bytes(link)


def test_files_past_the_limit_are_refused(tmp_path: Path) -> None:
    f = tmp_path / "big"
    f.write_bytes(b"x" * 1001)
    with pytest.raises(UntrustedError, match="too large"):
        read_bytes(f, limit=1000)
    assert read_bytes(f, limit=1001) == b"x" * 1001


def test_deep_nesting_and_long_numbers_are_refused_before_parsing() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(UntrustedError, match="nested"):
        parse_json(deep, "deep.json")
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "ok") is not None
    with pytest.raises(UntrustedError, match="too long"):
        parse_json('{"seed": ' + "9" * 5000 + "}", "long.json")
    with pytest.raises(UntrustedError, match="too long"):
        parse_toml("x = " + "1" * 5000, "long.toml")
    with pytest.raises(UntrustedError, match="nested"):
        parse_toml("x = " + "[" * 1000 + "]" * 1000, "deep.toml")
    # the line of the offender, for a person to find it
    with pytest.raises(UntrustedError, match=r"line 3: a number too long"):
        parse_toml("[a]\nb = 1\nc = " + "1" * 50, "long.toml")
    with pytest.raises(UntrustedError, match=r"line 2: nested"):
        parse_toml("a = 1\nx = " + "[" * 1000 + "]" * 1000, "deep.toml")
    # brackets and digits inside strings are text, not structure
    assert parse_json('["' + "[" * 200 + "9" * 100 + '"]', "s") == ["[" * 200 + "9" * 100]


def test_errors_are_one_line_and_never_echo_a_huge_value() -> None:
    with pytest.raises(UntrustedError) as err:
        parse_json(b"\xff\xfe", "bin")
    assert "UTF-8" in str(err.value)
    with pytest.raises(UntrustedError) as err:
        parse_json("{" + '"a": 1,' * 10 + "x", "broken.json")
    assert "line 1" in str(err.value) and "\n" not in str(err.value)
    huge = "z" * 2_000_000
    assert len(shorten(huge)) < 120
    assert len(shorten(10**5000)) < 80
    assert len(shorten(list(range(10**6)))) < 80
    with pytest.raises(UntrustedError) as err:
        read_bytes(huge)
    assert len(str(err.value)) < 300


def test_read_text_keeps_the_files_name_and_survives_pickling(tmp_path: Path) -> None:
    import pickle

    f = tmp_path / "cards.toml"
    f.write_text("[caps]\nhp = 3\n", encoding="utf-8")
    text = read_text(f)
    assert text == "[caps]\nhp = 3\n" and text.source == str(f)
    again = pickle.loads(pickle.dumps(text))  # options travel to simulation workers
    assert again == text and again.source == text.source
    f.write_bytes(b"\xff\xfe")
    with pytest.raises(UntrustedError, match="not UTF-8"):
        read_text(f)
