"""A unit test per project ruling of Mini Rogue v1 (docs/rulings.md, section minirogue-v1: P1-P5)
that had none of its own: each test cites its ruling on its def line, plays chosen dice and cards,
checks both sides of the ruling's condition, and checks that the alternative the ruling rejects
does not happen."""

from __future__ import annotations

from fractions import Fraction

import pytest

from solotable.core.protocol import Action, IllegalAction
from solotable.core.session import Session
from solotable.games.minirogue_v1.state import MiniRogueState

from .helpers import G, keys_of, legal, new, phase, play, stats, to_boss, to_combat
from .test_rules import kill_boss

# ---- project ruling P1: cards turned up lazily ---------------------------------------------------


def test_each_column_is_a_chance_event_and_the_last_two_cards_are_certain() -> None:  # project ruling P1
    """Column 1: one card of 6 (1/6 each); column 2: an unordered pair of the 5 left (10 pairs,
    1/10 each, `merchant,treasure` and `treasure,merchant` the same outcome); column 3: one of
    the 3 left; column 4 holds the last two, turned up with no chance event (so physical-dice
    mode has nothing to ask)."""
    s = new(hp=10)
    assert phase(s) == "reveal" and {p for _, p in s.chance_outcomes()} == {Fraction(1, 6)}
    assert len(s.chance_outcomes()) == 6
    play(s, "reveal:resting", "rest:food")
    assert phase(s) == "reveal" and len(s.chance_outcomes()) == 10
    assert {p for _, p in s.chance_outcomes()} == {Fraction(1, 10)}
    assert G.parse_action(s, "reveal:merchant,treasure") == G.parse_action(s, "reveal:treasure,merchant")
    play(s, "reveal:merchant,treasure", "take:merchant", "leave")
    assert phase(s) == "reveal" and sorted(str(a) for a, _ in s.chance_outcomes()) == [
        "reveal:event", "reveal:monster", "reveal:trap",
    ]  # fmt: skip
    play(s, "reveal:event", "d6:1", "accept")
    assert not s.is_chance() and phase(s) == "choose" and legal(s) == {"take:monster", "take:trap"}
    assert [c["card"] for c in s.observation()["layout"][3]["cards"]] == ["monster", "trap"]


def test_physical_dice_ask_for_every_reveal_but_column_4_and_undo_stops_at_a_reveal() -> None:  # project ruling P1
    session = Session("minirogue-v1", seed=1, physical_dice=True)
    assert session.waiting_for_chance
    session.play("reveal:resting")
    session.play("rest:food")
    assert session.can_undo()  # a decision after the last reveal
    session.play("reveal:merchant,treasure")
    assert not session.can_undo()  # the reveal is a wall
    for typed in ("take:merchant", "leave", "reveal:event", "d6:1", "accept"):
        session.play(typed)
    assert not session.waiting_for_chance and phase(session.state) == "choose"  # column 4: nothing asked
    assert [c["card"] for c in session.state.observation()["layout"][3]["cards"]] == ["monster", "trap"]


def test_no_face_down_card_is_in_the_state() -> None:  # project ruling P1
    """The layout is not dealt ahead: after the same moves, games with different seeds hold the
    same state in every field of the rules (nothing for a bot to peek at), and the face-down
    columns show no card."""
    moves = ("reveal:resting", "rest:food", "reveal:merchant,treasure", "take:treasure", "d6:2")
    a, b = new(seed=1, hp=10), new(seed=2, hp=10)
    play(a, *moves)
    play(b, *moves)
    for field in MiniRogueState.__slots__:
        assert getattr(a, field) == getattr(b, field), field
    assert a.observation() == b.observation()
    assert all(c["card"] is None for col in a.observation()["layout"][2:4] for c in col["cards"])


# ---- project ruling P2: the attack roll -----------------------------------------------------------


def test_the_attack_roll_is_one_event_over_the_multisets_of_faces() -> None:  # project ruling P2
    s = to_combat(rank=3)
    table = dict(s.chance_outcomes())
    assert len(table) == 56 and sum(table.values()) == 1
    assert table[Action("roll", 1, 5, 6)] == Fraction(6, 216) and table[Action("roll", 6, 6, 6)] == Fraction(1, 216)
    assert all(list(a.args) == sorted(a.args) for a in table)  # one outcome per multiset, no order


def test_the_dice_are_numbered_in_ascending_order_of_their_faces() -> None:  # project ruling P2
    """6, 1, 5 rolled are dice 1, 2, 3 showing 1, 5, 6: the critical is `crit:3`, and `feat:1`
    rerolls the 1."""
    s = to_combat(rank=3, hp=10)
    assert G.parse_action(s, "roll:6,1,5") == Action("roll", 1, 5, 6)
    play(s, "roll:6,1,5")
    assert s.dice == (1, 5, 6) and legal(s) == {"crit:3", "stop"}
    with pytest.raises(IllegalAction):
        G.parse_action(s, "crit:1")
    play(s, "crit:3", "d6:4")
    assert s.dice == (1, 5, 10)
    play(s, "feat:1,hp", "d6:3")
    assert s.dice == (3, 5, 10) and s.hp == 8
    assert not any(a.startswith("feat:1") for a in legal(s))  # die 1 has had its feat


# ---- project ruling P3: Heal before a room only when held ----------------------------------------


@pytest.mark.parametrize("card", ["resting", "event", "trap", "monster", "treasure", "merchant"])
def test_heal_before_a_room_is_asked_only_when_a_heal_spell_is_held(card: str) -> None:  # project ruling P3
    s = new(hp=5, spells=["fire", "ice"])  # spells, but no Heal: the room resolves at once
    play(s, f"reveal:{card}")
    assert phase(s) != "pre_room" and "ev.room" in keys_of(s)
    s = new(hp=5, spells=["heal"])
    play(s, f"reveal:{card}")
    assert phase(s) == "pre_room" and "ev.room" not in keys_of(s)
    assert legal(s) == {"enter", "cast:heal", "discard:heal"}
    play(s, "cast:heal")  # the only Heal cast: no Heal is left, so no second ask
    assert phase(s) != "pre_room" and "ev.room" in keys_of(s) and s.hp == 13


# ---- project ruling P4: one item table; a third spell is R6's choice at once ---------------------


def test_a_boss_and_a_treasure_roll_on_the_same_item_table() -> None:  # project ruling P4
    treasure = new()
    play(treasure, "reveal:treasure", "d6:5")
    boss = to_boss(2, hp=20)
    kill_boss(boss)
    assert treasure.observation()["phase"] == boss.observation()["phase"] == "item_roll"
    assert treasure.chance_outcomes() == boss.chance_outcomes()
    for face in range(1, 7):
        found = []
        for s in (treasure.clone(), boss.clone()):
            before = stats(s)
            play(s, f"d6:{face}")
            after = stats(s)
            item = [dict(e.params) for e in s.events if e.key == "mr1.ev.item"]
            found.append((item, after["armor"] - before["armor"], after["xp"] - before["xp"], after["spells"]))
        assert found[0] == found[1] and found[0][0]


def test_a_third_spell_from_a_treasure_is_dropped_before_the_next_column() -> None:  # project ruling P4
    s = new(spells=["fire", "ice"])
    play(s, "reveal:treasure", "d6:5", "d6:6")  # the item table's 6: Heal, a third spell
    assert phase(s) == "spell_discard" and s.col == 0 and not s.is_chance()
    assert legal(s) == {"discard:fire", "discard:ice", "discard:heal"}
    play(s, "discard:ice")
    assert s.spells == ["fire", "heal"] and phase(s) == "reveal" and s.col == 1


def test_a_third_spell_from_a_boss_is_dropped_before_the_area_ends() -> None:  # project ruling P4
    s = to_boss(2, hp=20, spells=["poison", "heal"])
    kill_boss(s)
    food = s.food
    play(s, "d6:3")  # Fire
    assert phase(s) == "spell_discard" and s.area == 2 and s.food == food  # not yet Exploration
    play(s, "discard:poison")
    assert s.spells == ["fire", "heal"] and s.area == 3 and s.food == food - 1


# ---- project ruling P5: no key on Level 5 ----------------------------------------------------------


@pytest.mark.parametrize(("area", "key"), [(8, True), (10, True), (11, False), (13, False)])
def test_no_key_is_given_on_level_5(area: int, key: bool) -> None:  # project ruling P5
    """Labyrinth Keys: a Trap resolved on Levels 1-4 gives the key (R34); on Level 5, which has no
    door, it gives none."""
    s = new(keys=True, area=area, hp=20)
    play(s, "reveal:trap")
    assert s.observation()["character"]["key"] is key and ("ev.key_gain" in keys_of(s)) is key
    play(s, "d6:4", "d6:1")  # Trap 4, avoided
    assert s.observation()["character"]["key"] is key
