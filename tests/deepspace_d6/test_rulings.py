"""A unit test per ruling of shared/rules/deepspace_d6.md (§8) that had none of its own: each test
cites its ruling on its def line, plays chosen dice and cards, and checks that the alternative
the ruling rejects does not happen. Expected values come from the rules reference."""

from __future__ import annotations

from fractions import Fraction

from solotable import Action

from .helpers import G, count, keys_of, legal, new, phase, play, roll, set_health, threat, to_step5, where

# ---- R16: setup order ------------------------------------------------------------------------------


def test_short_game_cards_leave_unseen_after_the_shuffle_before_the_opening_draws() -> None:  # R16
    """§2.1, R16: Don't Panic cards out (3 kept for Normal), trackers and pool set, shuffle, 5
    cards removed unseen for a short game, then the 2 opening draws. So the deck holds 39 − 5 = 34
    cards before the first draw (not 39, as removing after the draws would leave), and each draw
    is uniform over the 39 cards not yet seen, the removed ones among them (any may be removed)."""
    s = G.new_state(difficulty="normal", length="short")
    o = s.observation()
    assert phase(s) == "draw" and (o["hull"], o["shields"], o["deck_left"]) == (8, 4, 34)
    assert all(d["where"] == "pool" for d in o["dice"])
    outcomes = dict(s.chance_outcomes())
    assert outcomes[Action("draw", "e18")] == Fraction(2, 39) and outcomes[Action("draw", "dp")] == Fraction(3, 39)
    play(s, "draw:e11", "draw:dp")
    assert s.observation()["deck_left"] == 32 and phase(s) == "roll"
    assert G.new_state(difficulty="hard", length="quick").observation()["deck_left"] == 36 - 8


# ---- R27: Mercenary and Scouting Ship after the last roll -----------------------------------------


def test_scouting_ship_acts_once_after_the_cloaked_reroll() -> None:  # R27, R3, R14
    """R27: the Scouting Ship is checked once, after the last activation roll of step 5: not after
    the roll Cloaked Threats repeats (no extra point then), and once only for the round."""
    s = new("i2", "e2", "e20", faces="eng eng eng eng eng eng")
    to_step5(s)
    play(s, "threat:2")  # Cloaked Threats and the Assault Cruiser (−2: shields 4 → 2)
    assert phase(s) == "threat" and s.observation()["shields"] == 2 and "ev.scout" not in keys_of(s)
    play(s, "threat:5")  # the re-roll matches nothing: now the Scout, once
    assert keys_of(s).count("ev.scout") == 1 and s.observation()["shields"] == 1


# ---- R28: any loss this round, whatever its cause ---------------------------------------------------


def test_a_meteoroid_blast_in_step_3_sets_off_the_scouting_ship_that_round_only() -> None:  # R28, R3
    """R28: a loss at any time of the round counts, not only a threat's activation in step 5: the
    Meteoroid destroyed by weapons in step 3 (blast 5: shields 4 → 0, hull 8 → 7) makes the Scout
    hit at step 5 although the threat die activates nothing. The next round, with no loss, it
    does nothing."""
    s = new("e16", "e20", faces="tac med sci eng eng eng")
    set_health(s, "e16", 1)
    play(s, "fire:1", "hit:e16")
    assert (s.observation()["shields"], s.observation()["hull"]) == (0, 7)
    to_step5(s)
    play(s, "threat:6")  # nothing activates
    assert "ev.scout" in keys_of(s) and s.observation()["hull"] == 6
    roll(s, "tac med sci eng eng eng")
    to_step5(s)
    play(s, "threat:6")
    assert "ev.scout" not in keys_of(s) and s.observation()["hull"] == 6


def test_a_loss_made_good_in_the_same_round_still_sets_off_the_scouting_ship() -> None:  # R28
    """R28: any decrease at any time of the round counts, even when the shields are recharged and
    the hull repaired afterwards (tracks back to 4 and 8): the Scout's point still falls, shields
    first."""
    s = new("e16", "e20", faces="tac med sci eng eng eng")
    set_health(s, "e16", 1)
    play(s, "fire:1", "hit:e16", "shields", "repair:1")
    assert (s.observation()["shields"], s.observation()["hull"]) == (4, 8)
    to_step5(s)
    play(s, "threat:6")
    assert "ev.scout" in keys_of(s) and (s.observation()["shields"], s.observation()["hull"]) == (3, 8)


# ---- R31: Time Warp's scope ---------------------------------------------------------------------------


def test_time_warp_heals_every_external_with_health_by_one_stasis_included() -> None:  # R31
    """§7, R31: Time Warp gives 1 health back to every external threat with health, a threat in
    stasis included, never above its starting health; Solar Winds has no health (and, in stasis
    here, stays in play without activating) and internal threats have none."""
    s = new("i11", "e1", "e22", "e8", "e21", faces="sci sci eng eng eng eng")
    set_health(s, "e1", 1)  # Assault Cruiser 1/4
    set_health(s, "e22", 1)  # Space Pirates 1/3
    play(s, "stasis:e1", "stasis:e21")
    to_step5(s)
    play(s, "threat:2")  # Time Warp (and Solar Winds, held by its stasis)
    assert "ev.time_warp" in keys_of(s)
    assert threat(s, "e1")["health"] == 2  # in stasis, healed
    assert threat(s, "e22")["health"] == 2  # one point, not back to full
    assert threat(s, "e8")["health"] == 2  # Corsair already at its starting 2
    assert threat(s, "e21")["health"] is None and threat(s, "i11")["health"] is None
    assert s.observation()["hull"] == 8


# ---- R36: several "send a unit" effects --------------------------------------------------------------


def test_two_send_a_unit_effects_each_ask_their_own_choice_in_activation_order() -> None:  # R36, R5
    """R36: Invaders and Robot Uprising activated by one roll (2) each send a unit, in activation
    order (Invaders entered first), each with its own choice, not one combined choice; the choice
    is mandatory (nothing else is offered) while an eligible die exists."""
    s = new("i7", "i10", faces="tac med sci eng eng eng")
    to_step5(s)
    play(s, "threat:2")
    assert phase(s) == "send" and s.observation()["pending"] == "i7"
    assert legal(s) == {"send:1", "send:2", "send:3", "send:4"}  # Tactical, Medical, Science, Engineering
    play(s, "send:1")
    assert phase(s) == "send" and s.observation()["pending"] == "i10"
    assert legal(s) == {"send:2", "send:3", "send:4"}  # the die sent first is gone
    play(s, "send:4")
    assert count(s, "infirmary") == 2 and where(s)[0] == where(s)[3] == "infirmary"
