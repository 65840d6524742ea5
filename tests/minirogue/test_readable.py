"""What a player sees of Mini Rogue (2020), issue 11: no needless stops (item 13), the cards and
prices one key away (item 8), whose decision it is, the end in words, the glossary (item 11)."""

from __future__ import annotations

from .helpers import legal, new, phase, play


def test_MR_P11_offers_alone_do_not_stop_play_before_each_room() -> None:
    """Item 13: both players were asked to pass before every room because a gift was possible.
    Offers alone now open the window after both rooms (before moving) and at the exit."""
    s = new("crusader", partner="rogue")
    for h in s.heroes:
        h.skill_up = False  # no skill to use, no potion: only gifts of gold and food are possible
    play(s, "card:MERC-1")
    assert phase(s) == "shop" and s.to_move == 0  # the Leader's room at once, no window
    play(s, "leave", "card:GRV-1", "card:TRAP-1")
    assert phase(s) == "shop" and s.to_move == 1  # nor between the two rooms
    play(s, "leave")
    assert phase(s) == "window" and s.to_move == 0 and "give:food" in legal(s)  # after both rooms
    play(s, "pass", "pass")
    assert phase(s) == "move"


def test_MR_P11_a_window_opened_for_a_potion_still_offers_gifts() -> None:
    s = new("crusader", partner="rogue")
    s.heroes[0].skill_up = s.heroes[1].skill_up = False
    s.heroes[1].potions, s.heroes[1].hp = ["healing"], 5
    play(s, "card:MERC-1")
    assert phase(s) == "window" and s.to_move == 1  # the Partner has a potion to drink
    assert {"drink:healing", "give:gold", "give:food"} <= legal(s)
    play(s, "give:food", "accept")
    assert s.heroes[0].food == 5
