"""Help and rules pages rendered once, for people (issue 11, item 12): a game's Markdown help
printed by line mode (``help`` and ``solotable rules GAME``) as clean wrapped text, Japanese broken
between characters as a typesetter would."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest
from markdown_it import MarkdownIt

from solotable.core.i18n import LANGS, display_width
from solotable.core.registry import game_ids
from solotable.core.registry import load as load_game
from solotable.core.session import Session
from solotable.core.text_layout import NO_LINE_END, NO_LINE_START, joined_markdown, markdown_plain, wrap
from solotable.ui import cli
from solotable.ui.present import result_lines

GAMES = sorted(g for g in game_ids() if type(load_game(g)).__module__.startswith("solotable.games."))


def preformatted(source: str) -> set[str]:
    """The lines of the indented blocks (tables) of a Markdown page, kept as written."""
    lines: set[str] = set()
    for token in MarkdownIt("commonmark").parse(source):
        if token.type in ("code_block", "fence"):
            lines.update(line.strip() for line in token.content.splitlines())
    return lines


def check_page(text: str, source: str, width: int, lang: str) -> None:
    kept = preformatted(source)
    assert "`" not in text, "a backtick left"
    assert "**" not in text
    for line in text.splitlines():
        assert not line.lstrip().startswith("#"), line
        if line.strip() in kept:
            continue  # a table as written
        assert display_width(line) <= width, line
        if lang == "ja" and line.strip():
            assert line.strip()[0] not in NO_LINE_START, f"stranded at a line start: {line!r}"
            assert line[-1] not in NO_LINE_END, f"stranded at a line end: {line!r}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_rules_command_prints_clean_text(game_id: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "72")
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["rules", game_id, "--lang", lang]) == 0
    source = load_game(game_id).help_text(lang)
    check_page(out.getvalue(), source, 71, lang)
    headings = [line for line in source.splitlines() if line.startswith("## ")]
    assert headings and all(h[3:].split("`")[0].strip()[:6] in out.getvalue() for h in headings)


@pytest.mark.parametrize("width", [50, 79, 99])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_help_pages_wrap_to_any_width(game_id: str, lang: str, width: int) -> None:
    source = load_game(game_id).help_text(lang)
    check_page(markdown_plain(source, width), source, width, lang)


def test_line_mode_help_is_the_rendered_page(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    said: list[str] = []
    player = cli.LinePlayer(Session("deepspace-d6", seed=1), "ja", input_fn=lambda _: "", output_fn=said.append)
    player.handle("help")
    page = said[0]
    check_page(page, load_game("deepspace-d6").help_text("ja"), 79, "ja")
    assert page.splitlines()[1].startswith("====")  # the title, underlined
    assert "コマンド" in said[1]


def test_wrap_breaks_japanese_between_characters_not_before_a_full_stop() -> None:
    text = "船体が0になった時点で敗北。ステップ6で招集できるクルーダイスがないときも敗北。"
    for width in range(8, 40):
        lines = wrap(text, width)
        assert "".join(lines) == text
        assert all(display_width(line) <= width for line in lines)
        assert all(line[0] not in NO_LINE_START for line in lines)
    lines = wrap("難易度（入門、簡単、普通、難しい）を選ぶ", 9)
    assert all(line[-1] not in NO_LINE_END for line in lines)
    assert wrap("the quick brown fox", 10) == ["the quick", "brown fox"]
    notations = "記法：move:right、drink:healing、feat:2,xp"
    assert wrap(notations, 20) == ["記法：move:right、", "drink:healing、", "feat:2,xp"]


def test_soft_line_breaks_join_japanese_without_a_space() -> None:
    source = "脅威デッキが空になり、場に外部の脅威が\nなくなるまで生き延びる。\nThe deck\nis empty."
    plain = markdown_plain(source, 200)
    assert plain == "脅威デッキが空になり、場に外部の脅威がなくなるまで生き延びる。The deck is empty."
    joined = joined_markdown(source)
    assert "脅威がなくなる" in joined and "The deck\nis empty." in joined


def test_the_end_summary_is_in_words() -> None:
    # issue 11, item 9 (the interface's part): every detail by the game's label, the cause in words
    session = Session("jongrogue", seed=1)
    session.play("quit" if "quit" in [str(a) for a in session.state.legal_actions()] else "forced-end")
    assert session.state.is_terminal()
    for lang, words in (("en", "How it ended: forced end"), ("ja", "終わり方：強制終了")):
        text = "\n".join(result_lines(session.state, lang))
        assert words in text and "forced_end" not in text and "cause" not in text
        assert text.splitlines()[0] == ("Game over. You lost." if lang == "en" else "ゲーム終了。敗北。")
    assert "  floor where the game ended: 1" in "\n".join(result_lines(session.state, "en"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_of_the_help_stays_a_table(game_id: str, lang: str) -> None:
    """A table indented under a numbered step ('3. If the penalty…' then the trap table) was a
    paragraph to Markdown (four spaces are not a block inside a list item): the line mode, the
    full-screen help and the web's Rules printed its rows as one run of words ('d6 Trap Penalty If
    it cannot be applied 1 Mold Miasma -1 Food Food 0: …'). Every row written as a table's row
    (indented, then a number and two spaces) is a preformatted line of the page."""
    import re

    source = load_game(game_id).help_text(lang)
    rows = {line.strip() for line in source.splitlines() if re.match(r"^ {4,}\d+(-\d+)? {2,}\S", line)}
    kept = preformatted(source)
    assert not rows - kept, sorted(rows - kept)[:5]
    page = {line.strip() for line in markdown_plain(source, 200).splitlines()}
    assert not rows - page, sorted(rows - page)[:5]
