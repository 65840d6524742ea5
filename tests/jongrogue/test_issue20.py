"""JongRogue at a real table (issue 20): what the words promise is what the floor can hold, and
what is typed in physical mode is answered in tile names, not codes."""

from __future__ import annotations

import random
import re

import pytest

from solotable.core.action import Action
from solotable.core.i18n import explain
from solotable.core.protocol import IllegalAction
from solotable.core.session import Session
from solotable.games.jongrogue.state import CLAIR
from solotable.ui.present import typed_example

from .helpers import G, legal, quiet_room


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_item_is_called_a_possible_xeroc_only_where_the_window_holds_one(lang: str) -> None:
    # §7.13 with the tuned window (JR-P8): m9 on B9 is monster #(11 + 9) = 20, the xeroc; on B1-B8
    # no m tile is one, so attacking a displayed item there cannot find a mimic (§7.14.8)
    xeroc = G.catalogue.text("jr.mon.xeroc", lang)
    maybe = G.catalogue.text("jr.act.attack.item", lang, tile="7索", slot=1, mimic="@jr.mon.xeroc")
    for floor, can in [(1, False), (2, False), (8, False), (9, True), (14, True)]:
        s = quiet_room(slots=("s7",), floor=floor)
        assert "attack:1" in legal(s)  # the attack stays: the rules allow it on any item
        label = G.describe(s, G.parse_action(s, "attack:1"), lang)
        assert (label == maybe) is can, (floor, label)
        assert xeroc in label  # and the label says which: may be there, or lives not on this floor
        info = "\n".join(e.text for e in G.info_entries(s, lang))
        assert (G.catalogue.text("jr.info.mimic", lang) in info) is can, (floor, info)
    clairvoyant = quiet_room(slots=("s7",), floor=9, status=CLAIR)  # every mimic shows as itself
    assert G.describe(clairvoyant, G.parse_action(clairvoyant, "attack:1"), lang) != maybe


CODE = re.compile(r"\b(tile|lab|link):\S|\b[mps][1-9]\b")
"""A tile's code in text a player reads (``tile:p4``, ``m5``)."""


def physical(seed: int = 3) -> Session:
    return Session("jongrogue", seed=seed, physical_dice=True)


def draw_of(session: Session, kind: str, rng: random.Random) -> None:
    """Play on (random decisions, random outcomes) until the program asks for a ``kind`` draw."""
    for _ in range(400):
        state = session.state
        if session.waiting_for_chance and state.chance_table().actions[0].name == kind:
            return
        chance = session.waiting_for_chance
        session.play(state.chance_table().sample(rng) if chance else rng.choice(state.legal_actions()))
    raise AssertionError(f"no {kind} draw")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tile_refused_in_physical_mode_is_named_as_printed(lang: str) -> None:
    # issue 20 item 7: `tile:p4` and lists of codes (lab:T, lab:N ...) in the errors
    session = physical()
    draw_of(session, "tile", random.Random(0))
    for typed, says in [("zz", "jr.err.tile_unread"), ("東", "jr.err.tile_is_lab"), ("tile:x9", "jr.err.tile_unread")]:
        with pytest.raises(IllegalAction) as err:
            session.parse(typed)
        assert err.value.key == says
        text = explain(err.value, lang)
        assert not CODE.search(text), text
        assert "5萬" in text and len(text) < 300
    draw_of(session, "lab", random.Random(0))
    for typed, says in [("5m", "jr.err.lab_is_tile"), ("zz", "jr.err.lab_unread"), ("tile:p4", "jr.err.lab_is_tile")]:
        with pytest.raises(IllegalAction) as err:
            session.parse(typed)
        assert err.value.key == says
        text = explain(err.value, lang)
        assert not CODE.search(text.replace(typed, "")) and "東" in text, text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tile_the_pile_no_longer_holds_is_refused_by_its_name(lang: str) -> None:
    session = physical()
    rng = random.Random(1)
    drawn = 0
    while True:  # draw 5萬 at every tile draw until the pile holds none
        draw_of(session, "tile", rng)
        if "tile:m5" not in {str(a) for a in session.state.chance_table().actions}:
            break
        session.play("5萬")
        drawn += 1
    assert drawn >= 3
    with pytest.raises(IllegalAction) as err:
        session.parse("5萬")
    assert err.value.key == "jr.err.tile_gone"
    text = explain(err.value, lang)
    assert "5萬" in text and not CODE.search(text), text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tiles_are_typed_by_name_and_read_back(lang: str) -> None:
    # issue 20 item 10: the physical mode's example was a code (`p5`, `S`)
    session = physical()
    game = session.game
    rng = random.Random(2)
    for kind in ("tile", "lab"):
        draw_of(session, kind, rng)
        state = session.state
        for action in state.chance_table().actions:
            typed = game.typed_outcome(state, action, lang)
            assert typed is not None and not CODE.search(typed), (action, typed)
            assert game.parse_action(state, typed) == action
            assert typed_example(game, state, action, lang) == typed
    if lang == "ja":
        assert game.typed_outcome(state, Action("lab", "T"), lang) == "東"


def test_no_message_names_a_tile_by_its_code() -> None:
    # issue 20 item 7: "an m or p tile", "an s tile", "tile mN" in the words a player reads
    code = re.compile(r"\b(an?|tile) [mps]\b|\b[mps](N|[1-9])\b(?![^{]*\})")
    found = [(key, lang, text) for key, texts in G.catalogue.messages.items() for lang, text in texts.items()
             if code.search(text)]  # fmt: skip
    assert not found, found


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_full_screen_board_places_nobody_before_the_start_room_is_drawn(lang: str) -> None:
    # issue 20 item 3, on the full screen: the board said "You are in room 1" and marked @1 while
    # the start room was still to be drawn (line mode said so already: jr.view.pos.none)
    from solotable.games.jongrogue.tui import Board

    session = physical()
    board = Board(session.game)
    board.show(session.state.observation(), lang)
    drawn = "\n".join(line.plain for line in board._lines(80, 14))
    assert "@" not in drawn, drawn
    assert G.catalogue.text("jr.view.pos.room", lang, room=1) not in drawn
    first_words = G.catalogue.text("jr.view.pos.none", lang).split(" ")[0][:6]
    assert first_words in drawn, drawn
    session.play("5萬")  # the start room drawn: the PC is in it
    board.show(session.state.observation(), lang)
    assert "@" in "\n".join(line.plain for line in board._lines(80, 14))
