"""Help and rules pages for people: Markdown rendered once, for every interface.

A game's ``help_text`` is Markdown (headings, paragraphs, lists, inline code, indented tables).
Line mode prints it as plain text with :func:`markdown_plain` (no ``##`` nor backticks, wrapped to
the terminal, Japanese broken between characters as a typesetter would: no line starts with
``。`` or ``、``, none ends with ``（``); the full-screen interface gives :func:`joined_markdown`
to Textual's Markdown widget (Japanese lines of a paragraph joined without the space a soft line
break would leave between two characters).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from solotable.core.i18n import display_width, pad_to

NO_LINE_START = frozenset(
    "、。，．）」』】〕〉》］｝：；！？‐ー・…ゝゞ々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ〜" ".,:;!?)]}"
)
"""Characters a line never starts with (Japanese line-breaking rules, and ASCII punctuation)."""
NO_LINE_END = frozenset("（「『【〔〈《［｛" "([{")
"""Characters a line never ends with."""


def is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in "WF"


def _joins_without_space(before: str, after: str) -> bool:
    """Whether a line break between ``before`` and ``after`` (in a source paragraph) is no space:
    between two wide (Japanese) characters, after Japanese punctuation, or between a Japanese
    word and the number after it (``防御力の`` / ``2倍``, written 防御力の2倍 as in the messages)."""
    if not before or not after:
        return False
    if before in "、。：；）」』":
        return True
    return is_wide(before) and (is_wide(after) or after in "0123456789")


BREAK_AFTER = frozenset("、。，．：；）」』】〕〉》！？")
"""Japanese punctuation after which a line may break even before a Latin word (``、wield:2``)."""
CLOSING = frozenset("）」』】〕〉》］｝")
"""Closing brackets, which the particle after them follows on the same line."""
BREAK_BEFORE = frozenset("（「『【〔〈《")
"""Japanese brackets before which a line may break even after a Latin word (``hit:CARD（``)."""


def _katakana(char: str) -> bool:
    return "\u30a1" <= char <= "\u30fa" or char in "ーヽヾ"  # not the separator ・


def _hiragana(char: str) -> bool:
    return "\u3041" <= char <= "\u309f"


def _kanji(char: str) -> bool:
    return "\u3400" <= char <= "\u9fff" or char in "々〆"


PARTICLE_BREAK_AFTER = frozenset("を")
"""Kana after which a line may always break inside a kana run: を is only ever a particle."""
PARTICLES = frozenset("はがもにでとてへのかやばを")
"""Kana that end a phrase (particles, the て of a verb) when an auxiliary word follows them."""
KANA_HEADS = ("こと", "もの", "とき", "ところ")
"""Kana words that start a phrase after any kana (する⏎こと, 使う⏎とき): formal nouns."""
KANA_AUXILIARIES = ("ある", "あり", "あれ", "でき", "なけれ", "なり", "なる", "しれ", "ください", "おそれ", "すべて")
"""Kana words that start a phrase after a particle (では⏎ありません, ことは⏎できない, して⏎ください)."""


def in_word(before: str, after: str, ahead: str = "", behind: str = "") -> bool:
    """Whether ``before`` and ``after`` (two wide characters) belong to one phrase, which a line
    does not break: a katakana run (ウィンドウ), kanji together (値段), a kanji or a katakana word
    and the kana that follow it (使う, ダイスを, 確定する: okurigana and particles stay with their
    word), a kana run (眠っている, ありません) except where a phrase starts inside it (after を,
    before a formal noun such as こと, before an auxiliary word such as ありません after a
    particle), a compound written with one kana between kanji (取り消す, 使い方; not 力を失う),
    the honorific お/ご and the kanji it is written before (ご注意), a demonstrative and its word
    (その後, この部屋).

    ``ahead`` is the text from ``after`` on, ``behind`` the character before ``before`` (where
    known): a phrase inside a kana run is told by the words that follow."""
    if _katakana(before):
        return _katakana(after) or _hiragana(after)
    if _kanji(before):
        return _kanji(after) or _hiragana(after)
    if _hiragana(before) and _hiragana(after):
        ahead = ahead or after
        if before in PARTICLE_BREAK_AFTER or ahead.startswith(KANA_HEADS):
            return False
        return not (before in PARTICLES and ahead.startswith(KANA_AUXILIARIES))
    if _hiragana(before) and _kanji(after):
        if before in "おご":
            return not _hiragana(behind)  # ご注意, お試し; not the を or に before a word
        if before == "の" and behind in ("こ", "そ", "あ", "ど"):
            return True  # その後, この部屋: the word a demonstrative points at
        return _kanji(behind) and before not in PARTICLES  # a compound: 取り消す, 書き込む, 使い方
    return False


def breakable(before: str, after: str, ahead: str = "", behind: str = "") -> bool:
    """Whether a line may break between the characters ``before`` and ``after`` (no space
    between them): between two wide characters not of one phrase (:func:`in_word`, which reads
    ``ahead`` and ``behind`` for a break inside a kana run), after Japanese punctuation or before
    a Japanese opening bracket, between a particle and a number (が⏎3回; not 残り⏎8); never
    between a closing bracket and its particle (」⏎は), before a character that may not start a
    line nor after one that may not end it (kinsoku)."""
    if after in NO_LINE_START or before in NO_LINE_END:
        return False
    if before in CLOSING and _hiragana(after):
        return False  # the particle after a bracket stays with it: 「ファイル」⏎は
    if before in BREAK_AFTER or after in BREAK_BEFORE:
        return True
    if before in PARTICLES and after.isdigit() and after.isascii():
        return True  # a particle and the number that starts the next phrase: ワーカーが⏎3回
    return is_wide(before) and is_wide(after) and not in_word(before, after, ahead, behind)


def _glued(before: str, after: str) -> bool:
    """Whether a space between ``before`` and ``after`` keeps them on one line: a Latin word or
    a number and the Japanese that follows it (``Enter で``, ``3 枚``), and a Japanese label and
    the number after it (``得点 0``)."""
    if not before or not after:
        return False
    if not is_wide(before) and before.isalnum() and is_wide(after) and (_hiragana(after) or _kanji(after)):
        return before.isdigit() or _hiragana(after)
    return (_kanji(before) or _katakana(before)) and after.isdigit()


def chunks(text: str) -> list[tuple[str, str]]:
    """``text`` as unbreakable chunks, each with what comes before it on the same line (``" "``
    or ``""``): breaks are allowed at spaces (not before a character that may not start a line)
    and where :func:`breakable` says."""
    out: list[tuple[str, str]] = []
    word = ""
    gap = ""
    spaced = False
    for index, char in enumerate(text):
        if char == " ":
            spaced = bool(word or out)
            continue
        if spaced:
            spaced = False
            if char in NO_LINE_START or (word and (word[-1] in NO_LINE_END or _glued(word[-1], char))):
                word += " "  # kept on the line with what precedes it
            elif word:
                out.append((gap, word))
                word, gap = "", " "
            else:
                gap = " "
        elif word and breakable(word[-1], char, text[index : index + 5], word[-2:-1]):
            out.append((gap, word))
            word, gap = "", ""
        word += char
    if word:
        out.append((gap, word))
    return out


def wrap(text: str, width: int, first: str = "", rest: str | None = None) -> list[str]:
    """``text`` (one paragraph) wrapped to ``width`` terminal columns, the first line after
    ``first``, the others after ``rest`` (``first``'s width in spaces by default)."""
    rest = " " * display_width(first) if rest is None else rest
    lines: list[str] = []
    line = first
    empty = True
    for gap, word in chunks(text):
        piece = ("" if empty else gap) + word
        if empty or display_width(line + piece) <= width:
            line += piece
            empty = False
            continue
        lines.append(line)
        line = rest + word
    if not empty or not lines:
        lines.append(line)
    return _cut_long([ln.rstrip() for ln in lines], width, rest)


def _cut_long(lines: list[str], width: int, rest: str) -> list[str]:
    """A chunk longer than a whole line (a long file name) is cut where it must be."""
    out: list[str] = []
    for line in lines:
        while display_width(line) > width and display_width(line) > display_width(rest) + 1:
            cut = ""
            for char in line:
                if display_width(cut + char) > width:
                    break
                cut += char
            while len(cut) > len(rest) + 1 and (line[len(cut)] in NO_LINE_START or cut[-1] in NO_LINE_END):
                cut = cut[:-1]  # the character that may not start a line takes one more with it
            out.append(cut.rstrip())
            line = rest + line[len(cut) :].lstrip()
        out.append(line)
    return out


@cache
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table")


def table_plain(rows: list[list[str]], width: int, indent: str = "") -> list[str]:
    """A Markdown table for a terminal: aligned columns under a rule when they fit ``width``
    (Japanese counted two columns a character), else each row as a block of ``heading: value``
    lines, wrapped with a hanging indent (issue 20: the rows ran together as one paragraph); a
    Japanese heading takes a full-width colon (``モンスター：大はやぶさ``)."""
    if not rows:
        return []
    rows = [["№" if (r is rows[0] and cell == "#") else cell for cell in r] for r in rows]  # not a heading mark
    head, body = rows[0], rows[1:]
    n = max(len(r) for r in rows)
    rows = [r + [""] * (n - len(r)) for r in rows]
    widths = [max(display_width(r[c]) for r in rows) for c in range(n)]
    if display_width(indent) + sum(widths) + 2 * (n - 1) <= width:
        def line(r: list[str]) -> str:
            return (indent + "  ".join(pad_to(cell, widths[c]) for c, cell in enumerate(r))).rstrip()

        return [line(rows[0]), indent + "  ".join("-" * w for w in widths), *(line(r) for r in rows[1:])]
    out: list[str] = []
    for r in body:
        for c, cell in enumerate(r):
            if not cell:
                continue
            heading = head[c] if c < len(head) else ""
            label = "" if not heading else f"{heading}：" if is_wide(heading[-1]) else f"{heading}: "
            first = indent + ("- " if c == 0 else "  ") + label
            out.extend(wrap(cell, width, first, indent + "    "))
    return out


def inline_text(token: Token) -> str:
    """An inline token's words: code without backticks, emphasis without stars, soft breaks as
    a space, or nothing between two Japanese characters."""
    parts: list[str] = []
    for child in token.children or []:
        kind = child.type
        if kind in ("text", "code_inline", "html_inline"):
            parts.append(child.content)
        elif kind == "softbreak":
            parts.append("\0")  # a space or nothing, decided below once both sides are known
        elif kind == "hardbreak":
            parts.append("\n")
        elif kind == "image":
            parts.append(child.content)
    text = "".join(parts)
    return re.sub(
        "\0\\s*",
        lambda m: _soft_break(text, m.start(), m.end()),
        text,
    )


def _soft_break(text: str, start: int, end: int) -> str:
    before = text[start - 1] if start > 0 else ""
    after = text[end] if end < len(text) else ""
    return "" if _joins_without_space(before, after) else " "


def markdown_plain(source: str, width: int = 80) -> str:
    """Markdown as plain text for a terminal of ``width`` columns (see the module docstring):
    headings underlined, paragraphs and list items wrapped with a hanging indent, indented
    blocks (tables) kept as they are."""
    tokens = _parser().parse(source)
    out: list[str] = []
    indents: list[str] = [""]
    markers: list[str | None] = []  # the marker the next block of a list item starts with
    counters: list[int] = []

    def blank() -> None:
        if out and out[-1] != "":
            out.append("")

    def lead() -> tuple[str, str]:
        """The prefixes of the first and the other lines of the next block."""
        base = indents[-1]
        if markers and markers[-1] is not None:
            marker = markers[-1]
            markers[-1] = None
            return base[: len(base) - len(marker)] + marker, base
        return base, base

    i = 0
    while i < len(tokens):
        token = tokens[i]
        kind = token.type
        if kind == "heading_open":
            text = inline_text(tokens[i + 1])
            blank()
            first, rest = lead()
            lines = wrap(text, width, first, rest)
            out.extend(lines)
            if token.tag in ("h1", "h2"):
                rule = "=" if token.tag == "h1" else "-"
                out.append(rest + rule * max(display_width(ln) - display_width(rest) for ln in lines))
            i += 3
            continue
        if kind == "paragraph_open":
            if token.level == 0 or not token.hidden:
                blank()
            first, rest = lead()
            for n, part in enumerate(inline_text(tokens[i + 1]).split("\n")):
                out.extend(wrap(part, width, first if n == 0 else rest, rest))
            i += 3
            continue
        if kind in ("code_block", "fence"):
            blank()
            first, rest = lead()
            for n, line in enumerate(token.content.rstrip("\n").split("\n")):
                out.append(((first if n == 0 else rest) + line).rstrip())
            out.append("")
        elif kind in ("bullet_list_open", "ordered_list_open"):
            if token.level == 0:
                blank()
            counters.append(int(token.attrs.get("start", 1) or 1) if kind == "ordered_list_open" else 0)
        elif kind in ("bullet_list_close", "ordered_list_close"):
            counters.pop()
            if token.level == 0:
                blank()
        elif kind == "list_item_open":
            if counters[-1]:
                marker = f"{counters[-1]}. "
                counters[-1] += 1
            else:
                marker = "- "
            indents.append(indents[-1] + " " * len(marker))
            markers.append(marker)
        elif kind == "list_item_close":
            indents.pop()
            markers.pop()
        elif kind == "table_open":
            rows: list[list[str]] = []
            i += 1
            while i < len(tokens) and tokens[i].type != "table_close":
                t = tokens[i]
                if t.type == "tr_open":
                    rows.append([])
                elif t.type == "inline" and rows:
                    rows[-1].append(inline_text(t))
                i += 1
            blank()
            out.extend(table_plain(rows, width, indents[-1]))
            out.append("")
        elif kind == "hr":
            blank()
            out.append(indents[-1] + "-" * min(width - len(indents[-1]), 40))
        elif kind == "html_block":
            out.extend(token.content.rstrip("\n").split("\n"))
        i += 1
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out)


def joined_markdown(source: str) -> str:
    """``source`` with the lines of each paragraph joined where a soft line break would leave a
    space between two Japanese characters (Textual's Markdown widget reads every soft break as
    a space); everything else is left as written."""
    lines = source.split("\n")
    joins: list[int] = []  # line numbers that join the line before them
    for token in _parser().parse(source):
        if token.type != "inline" or token.map is None:
            continue
        start, end = token.map
        for number in range(start + 1, end):
            before = lines[number - 1].rstrip()
            after = lines[number].lstrip()
            if _joins_without_space(before[-1:], after[:1]):
                joins.append(number)
    for number in reversed(joins):
        lines[number - 1] = lines[number - 1].rstrip() + lines[number].lstrip()
        del lines[number]
    return "\n".join(lines)


@cache
def _html_parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")  # raw HTML in a source is escaped


def markdown_html(source: str) -> str:
    """``source`` as HTML for a web page: headings, lists and tables as such, the indented tables
    in ``<pre>``, Japanese lines of a paragraph joined as :func:`joined_markdown` joins them. Any
    HTML written in the source is escaped, not passed on."""
    return str(_html_parser().render(joined_markdown(source)))
