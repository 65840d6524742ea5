"""The help pages of Deep Space D-6 (issue 11, item 12): what a player needs of the rules
reference, in both languages, pointing at nothing outside the game: every card with its text,
the stations, the converter, what to type, every ruling."""

from __future__ import annotations

import re

import pytest

from .helpers import DECK, G

LANGS = ("en", "ja")


def text_of(card_id: str, lang: str) -> str:
    return G.catalogue.text(f"ds6.text.{card_id}", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_help_has_every_card_and_ruling_and_points_nowhere_else(lang: str) -> None:
    page = G.help_text(lang)
    assert not re.search(r"shared/|\.\./|docs/|/work/", page)
    for line in page.splitlines():
        if line.startswith("#"):
            assert line.startswith(("# ", "## ")) and not line.rstrip().endswith((",", "、")), line
    for card_id, (_, kind, copies, health, activation, _, _) in DECK.items():
        if kind == "dont_panic":
            continue
        tag = card_id.upper()
        bullet = next((ln for ln in page.splitlines() if f"{tag})" in ln or f"{tag}）" in ln), "")
        assert G.catalogue.text(f"ds6.card.{card_id}", lang) in bullet, card_id
        assert text_of(card_id, lang)[1:] in bullet, card_id
        assert ("・" if lang == "ja" else ", ").join(map(str, activation)) in bullet, card_id
        if health is not None:
            assert (f"体力{health}" if lang == "ja" else f"health {health}") in bullet, card_id
        if copies > 1:
            assert ("2枚" if lang == "ja" else "two copies") in bullet, card_id
    for n in range(1, 38):
        assert f"R{n}." in page
    for n in range(1, 8):
        assert f"DS-P{n}." in page
    if lang == "ja":
        assert "Don't Panic" not in page and "「?」" not in page


