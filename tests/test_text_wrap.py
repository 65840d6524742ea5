"""The wrapper of line mode and the full screen keeps words whole (issue 20, item 13): no break
inside a katakana run (ウィン⏎ドウ), between kanji (値⏎段), inside a Latin word or between it and
its particle (Enter⏎で), between a number and what follows it or a label and its number (得点⏎0);
wrapped lines keep their hanging indent."""

from __future__ import annotations

import pytest

from solotable.core.i18n import display_width
from solotable.core.text_layout import wrap

SENTENCES = [
    ("設定ウィンドウを閉じるには、いつでも Enter で決定します。", ["ウィンドウ", "Enter で", "決定"]),
    ("商人の値段は階層ごとに上がり、得点 0 のまま終わることもある。", ["値段", "階層", "得点 0"]),
    ("脅威カードを引き、クルーダイスを 3 個まで招集できる。", ["脅威", "カード", "クルーダイス", "3 個", "招集"]),
]


def joins(lines: list[str], rest: str) -> str:
    return "".join(line.removeprefix(rest) for line in lines)


@pytest.mark.parametrize(("text", "words"), SENTENCES)
@pytest.mark.parametrize("width", range(16, 44))
def test_japanese_words_stay_whole(text: str, words: list[str], width: int) -> None:
    lines = wrap(text, width, "- ", "  ")
    assert all(display_width(line) <= width for line in lines)
    assert [line[:2] for line in lines] == ["- "] + ["  "] * (len(lines) - 1)  # the hanging indent
    flat = joins(lines, "  ").removeprefix("- ")
    assert flat.replace(" ", "") == text.replace(" ", "")
    for word in words:
        assert any(word in line for line in lines), (word, lines)


def test_a_latin_word_is_never_cut_where_it_fits() -> None:
    for width in range(12, 40):
        lines = wrap("キーの Backspace で一手もどし、Escape で閉じる。", width, "  ")
        assert any("Backspace" in line for line in lines) and any("Escape で" in line for line in lines)


def test_a_word_longer_than_the_line_keeps_the_indent() -> None:
    lines = wrap("ファイル /tmp/a-very-long-file-name-that-cannot-fit.json を開けない", 20, "3) ")
    assert lines[0].startswith("3) ")
    assert all(line.startswith("   ") and display_width(line) <= 20 for line in lines[1:])
