"""Physical mode takes a card by the name printed on it, in English or Japanese (issue 20 item 2):
the names come from the message catalogue (``mr.card.*``), and a refusal names cards, not codes."""

from __future__ import annotations

import pytest

from solotable.core.i18n import explain, message
from solotable.core.protocol import IllegalAction
from solotable.core.registry import load
from solotable.core.session import Session
from solotable.games.minirogue.names import ROOM_CARDS

G = load("minirogue")


def first_reveal() -> Session:
    s = Session(G, seed=1, options={"character": "rogue"}, physical_dice=True)
    assert s.waiting_for_chance and s.state.chance_table().actions[0].name == "card"
    return s


@pytest.mark.parametrize(("typed", "card"), [
    ("corridor", "GRV-3"), ("Monster A", "MON-A"), ("monster a", "MON-A"), ("回廊", "GRV-3"),
    ("トラップ1", "TRAP-1"), ("merchant", "MERC-1"), ("card:GRV-3", "GRV-3"), ("grv-3", "GRV-3"),
    ("Trap 4", "TRAP-4"), ("ＭＯＮＳＴＥＲ　Ｂ", "MON-B"),
    ("扉", "TRAP-1"), ("ミミック", "TRES-A"), ("宝物", "TRES-B"), ("宝物Ａ", "TRES-A"), ("モンスターC", "MON-C"),
])  # fmt: skip
def test_a_card_typed_by_its_name(typed: str, card: str) -> None:
    s = first_reveal()
    assert str(G.parse_action(s.state, typed)) == f"card:{card}"


def test_every_card_has_its_own_title_in_japanese() -> None:
    """A card's Japanese title is a name, as its English one is, not its type and mark (モンスターA):
    the twenty titles are twenty different words in each language."""
    for lang in ("en", "ja"):
        titles = [message(f"mr.card.{card}", lang) for card in ROOM_CARDS]
        assert len(set(titles)) == len(ROOM_CARDS), lang
    for card in ROOM_CARDS:
        title = message(f"mr.card.{card}", "ja")
        assert not any(ch.isascii() for ch in title), (card, title)


def test_names_follow_the_catalogue() -> None:
    """Every card is found by its title in both languages as the catalogue writes it now."""
    s = first_reveal()
    for action in s.state.chance_table().actions:
        for lang in ("en", "ja"):
            title = message(f"mr.card.{action.args[0]}", lang)
            assert G.parse_action(s.state, title) == action


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_wrong_name_is_refused_with_names(lang: str) -> None:
    s = first_reveal()
    with pytest.raises(IllegalAction) as err:
        G.parse_action(s.state, "dragon's hoard")
    text = explain(err.value, lang)
    assert "card:" not in text and "MON-A" not in text and len(text) < 200
    assert message("mr.card.MON-A", lang) in text
