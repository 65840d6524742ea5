"""The wrapper of line mode and the full screen keeps words whole (issue 20, item 13): no break
inside a katakana run (ウィン⏎ドウ), between kanji (値⏎段), inside a Latin word or between it and
its particle (Enter⏎で), between a number and what follows it or a label and its number (得点⏎0);
wrapped lines keep their hanging indent."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import solotable
from solotable.core.i18n import display_width
from solotable.core.text_layout import NO_LINE_END, NO_LINE_START, table_plain, wrap

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


# Okurigana, inflected endings and particles stay with their word (issue 20 item 13: "確定す⏎る" in
# Mini Rogue 2020's status line at 80×24, "眠ってい⏎る" in JongRogue's log): a kana run after a
# kanji or katakana word is one phrase with it; a kana run breaks only where a phrase starts in it.
PHRASES = [
    ("ロールの後：クリティカル、特技、ポーション、戦闘スキル。最後にダメージを確定する。", ["確定する。"]),
    ("部屋1：小鬼（5萬、眠っている）。", ["眠っている）。"]),
    ("プレイヤー1は体力を2失う（残り8）。", ["失う"]),
    ("この部屋にはまだ何もありません。ご注意ください。", ["この部屋には", "ありません。", "ご注意"]),
    ("待つ：先にパートナーに行動させ、その後また行動する。", ["その後また"]),
    # a compound with one kana between kanji, a bracket and its particle
    ("直前の行動は取り消せる。記録に書き込まれた「ファイル名」は変えられない。",
     ["取り消せる。", "書き込まれた", "」は"]),
]


@pytest.mark.parametrize(("text", "words"), PHRASES)
@pytest.mark.parametrize("width", range(20, 60))
def test_okurigana_and_endings_stay_with_their_word(text: str, words: list[str], width: int) -> None:
    lines = wrap(text, width, "   ")
    assert joins(lines, "   ") == text
    for word in words:
        assert any(word in line for line in lines), (word, lines)


def test_a_long_kana_run_breaks_where_a_phrase_starts() -> None:
    # a kana run longer than a narrow column still breaks, at a phrase: after を, before a formal
    # noun (こと, もの), before an auxiliary word after a particle (は⏎ありません, て⏎ください)
    phrases = ["持っている", "ものが", "ありません。", "アイテムを", "そのままにして", "ください。"]
    text = "".join(phrases)
    ends = {len("".join(phrases[: n + 1])) for n in range(len(phrases))}
    for width in (14, 16, 18, 20):
        lines = wrap(text, width)
        assert "".join(lines) == text and all(display_width(line) <= width for line in lines)
        assert {len("".join(lines[: n + 1])) for n in range(len(lines))} <= ends, lines


def ja_texts() -> list[str]:
    texts: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "ja" and isinstance(value, str):
                    texts.extend(value.split("\n"))
                else:
                    walk(value)

    for path in sorted(Path(solotable.__file__).parent.rglob("*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    # a placeholder read as a number; not the keys line (console markup, not wrapped)
    return [re.sub(r"\{[a-z_]+\}", "3", t) for t in texts if t.strip() and "[/" not in t]


@pytest.mark.parametrize("width", [24, 30, 38, 50])
def test_kinsoku_holds_for_every_japanese_message(width: int) -> None:
    # no line starts with 。、」 or a small kana, none ends with （「, none is wider than asked,
    # and nothing is lost, for every Japanese message of the catalogues
    texts = ja_texts()
    assert len(texts) > 1000
    for text in texts:
        lines = wrap(text, width, "  ")
        assert "".join(joins(lines, "  ").split()) == "".join(text.split()), lines  # spaces aside
        for n, line in enumerate(lines):
            assert display_width(line) <= width, lines
            body = line.removeprefix("  ")
            assert n == 0 or body[:1] not in NO_LINE_START, lines
            assert n == len(lines) - 1 or body[-1:] not in NO_LINE_END, lines


def test_a_cut_word_does_not_end_a_line_on_an_opening_bracket() -> None:
    # a chunk wider than the line is cut, but neither before 。 nor after （ or {
    lines = wrap("{title}・{setup}・{steps}・{when}（{note}）", 30, "  ")
    assert all(line[-1] not in NO_LINE_END for line in lines[:-1]), lines


def test_a_number_after_a_particle_may_start_a_line() -> None:
    # a long phrase breaks before the number after its particle (が⏎3回), never inside 残り8
    lines = wrap("ワーカープロセスが3回終了しました。体力の残り8。", 24)
    assert lines[0] == "ワーカープロセスが", lines
    assert any("残り8" in line for line in lines), lines


@pytest.mark.parametrize("game", ["minirogue", "jongrogue"])
def test_line_mode_wraps_its_log_and_choices_with_the_wrapper(game: str) -> None:
    # on a terminal, line mode's log and choices are wrapped by the wrapper (phrases whole,
    # hanging indent), not cut by the terminal at its last column; piped, one item a line
    from solotable.core.session import Session
    from solotable.ui.cli import choices_text, events_text

    session = Session(game, seed=3)
    columns = 36
    wrapped = 0
    for _ in range(8):
        state = session.state
        said = [session.game.event_text(event, "ja") for event in session.events]
        log = events_text(session.game, session.events, "ja", columns).split("\n")[1:]
        listed = choices_text(session.game, state, state.legal_actions(), "ja", chance=False, columns=columns)
        for lines, first in ((log, "  - "), (listed.split("\n")[1:], "  ")):
            assert all(display_width(line) <= columns for line in lines), lines
            assert all(line.startswith((first, "    ")) for line in lines), lines
            wrapped += sum(line.startswith("    ") for line in lines)
        items = "\n".join(log).replace("\n    ", "").split("\n") if log else []
        assert ["".join(item.split()) for item in items] == ["".join(f"  - {t}".split()) for t in said], log
        assert events_text(session.game, session.events, "ja").count("\n") == len(said) * bool(said)  # piped
        session.play(state.legal_actions()[0])
    assert wrapped


def test_a_table_row_as_a_block_sets_a_japanese_heading_with_a_full_width_colon() -> None:
    rows = [["#", "モンスター", "体力", "EZ tile"], ["1", "大はやぶさ", "4", "1萬"]]
    lines = table_plain(rows, 24)  # too narrow for the columns: a block per row
    assert lines == ["- №: 1", "  モンスター：大はやぶさ", "  体力：4", "  EZ tile: 1萬"]


def test_a_number_after_a_japanese_word_joins_a_source_line_break_without_a_space() -> None:
    """A help page's source line ending in a Japanese word before a number is set as one phrase
    (防御力の2倍, as the messages write it); a name before Japanese keeps its space (S16 レビュー)."""
    from solotable.core.text_layout import joined_markdown, markdown_plain

    assert "防御力の2倍" in joined_markdown("麻痺：防御力の\n2倍のダメージ")
    assert markdown_plain("持てるのは\n1つまで。", 200) == "持てるのは1つまで。"
    assert markdown_plain("S10〜S16\nレビューと解説", 200) == "S10〜S16 レビューと解説"
    assert markdown_plain("the tile\n5 is", 200) == "the tile 5 is"
