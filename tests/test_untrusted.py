"""The one way in for bytes from outside: regular files only, bounded, one-line errors."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from solotable.core.untrusted import (
    MAX_DEPTH,
    SHOWN,
    UntrustedError,
    clip,
    load_json,
    load_toml,
    no_files,
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


def test_the_shape_scan_has_no_holes() -> None:
    # Unicode digits outside strings made the scan fail an assertion (AssertionError, not ours)
    for text in ("٣", "[²]", "[1, ٣]"):
        with pytest.raises(UntrustedError):
            parse_json(text, "digits.json")
    # a hexadecimal integer of any length (Python reads those without a limit)
    with pytest.raises(UntrustedError, match="too long"):
        parse_toml("x = 0x" + "F" * 5000, "hex.toml")
    # what hides after a quote inside a TOML multi-line string is still scanned
    for text in ("x = '''a'b'''\ny = ", 'x = """a \\""" b"""\ny = '):
        with pytest.raises(UntrustedError, match="nested"):
            parse_toml(text + "[" * 200 + "]" * 200, "quotes.toml")
    assert parse_toml("x = '''a'b'''\ny = [[1]]", "ok.toml") == {"x": "a'b", "y": [[1]]}
    # a long run of digits in a bare TOML date or a string is not a number
    assert parse_toml('d = 1979-05-27T07:32:00.999999-07:00\ns = "' + "9" * 100 + '"', "ok.toml")["s"] == "9" * 100


def test_json_constants_duplicate_keys_and_a_byte_order_mark() -> None:
    for text in ("[NaN]", "[Infinity]", '{"a": -Infinity}'):
        with pytest.raises(UntrustedError, match="not a number JSON allows"):
            parse_json(text, "nan.json")
    with pytest.raises(UntrustedError, match="key 'seed' twice"):
        parse_json('{"seed": 1, "seed": 2}', "twice.json")
    assert parse_json("\ufeff{}".encode(), "bom.json") == {}


def test_no_file_is_read_inside_no_files(tmp_path: Path) -> None:
    f = tmp_path / "a.toml"
    f.write_text("x = 1", encoding="utf-8")
    with no_files(), pytest.raises(UntrustedError, match="never names a file"):
        load_toml(f)
    assert load_toml(f) == {"x": 1}


def test_shorten_and_clip_bound_every_part_and_keep_one_line() -> None:
    assert len(shorten([[1] * 10**6])) < 80
    assert len(shorten([10**5000])) < 80  # repr() of that number would raise
    assert len(shorten({"a": "x" * 10**6})) <= SHOWN + 1
    assert shorten("a\nb") == "'a\\nb'"
    assert clip("a\nb") == "a\\nb" and clip("中　文") == "中　文"
    assert clip("x" * 1000, 10) == "xxxxxxxxxx… (1,000 characters)"


def test_a_broken_or_missing_file_is_said_in_the_players_words(tmp_path: Path) -> None:
    """The JSON decoder's reason and the system's reason are said in the player's language, with
    no doubled word ("Unterminated string starting at at line 3") and no Python quotes around
    the system's words ("cannot read x: 'No such file or directory'")."""
    from solotable.core.i18n import message
    from solotable.core.record import RecordError, parse_record

    def both(err: UntrustedError | RecordError) -> tuple[str, str]:
        return message(err.key, "en", **err.params), message(err.key, "ja", **err.params)

    cases = {
        '{"a": "b': ("a string is not closed at line 1, column 7", "文字列が閉じていません"),
        '{"a": }': ("a value was expected at line 1, column 7", "値があるべき所にありません"),
        '{"a": 1 "b": 2}': ("a ',' was expected at line 1, column 9", "区切りのカンマがあるべき所にありません"),
        '{"a": 1} x': ("more text after the end at line 1, column 10", "終わりの後にまだ続きがあります"),
    }
    for text, (en, ja) in cases.items():
        with pytest.raises(UntrustedError) as err:
            parse_json(text, "f.json")
        shown_en, shown_ja = both(err.value)
        assert en in shown_en and ja in shown_ja, (shown_en, shown_ja)
        assert " at at " not in shown_en
        assert not re.search(r"[A-Za-z]{4,}", shown_ja.replace("f.json", "").replace("JSON", "")), shown_ja
    with pytest.raises(RecordError) as rec:
        parse_record('{"format": "solotable-record", "actions": ["a', source="save.json")
    en, ja = both(rec.value)
    assert en == (
        "save.json is not a readable solotable record"
        " (corrupt or truncated JSON: a string is not closed at line 1, column 44)"
    )
    assert ja == (
        "save.json は読み込めない記録です（JSONが壊れているか途中で切れています：1行44桁目、文字列が閉じていません）"
    )
    with pytest.raises(UntrustedError) as err:
        read_bytes(tmp_path / "missing.json")
    en, ja = both(err.value)
    assert en == f"cannot read {tmp_path / 'missing.json'}: no such file"
    assert ja == f"{tmp_path / 'missing.json'} を読めません：ファイルがありません"
