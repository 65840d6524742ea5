"""An independent check of the rulings of Deep Space D-6 (shared/rules/deepspace_d6.md, §8,
R1-R37): one test per clause the other files left untested. Each test cites its ruling on its
def line, plays chosen dice and cards, checks both sides of the ruling's condition where it has
one, and checks that the alternative the ruling rejects does not happen. Expected values come
from the rules reference.

Dice are numbered as the engine deals a roll's faces: lowest die number first, in face order
Commander, Tactical, Medical, Science, Engineering, Threat (§4.2)."""

from __future__ import annotations

from .helpers import count, keys_of, legal, move, new, phase, play, roll, set_health, threat, to_step5, where

# ---- R2: stasis stops the Meteoroid's activation, not its blast ------------------------------------


def test_meteoroid_in_stasis_does_not_hurt_itself_but_still_explodes_r2() -> None:  # R2
    """R2, §7: stasis stops only the Meteoroid's activation (no self-damage on a 1); destroyed by
    weapons while in stasis it still deals its 5, shields first."""
    s = new("e16", faces="sci tac med eng eng eng")
    set_health(s, "e16", 2)
    play(s, "stasis:e16")
    to_step5(s)
    play(s, "threat:1")
    assert threat(s, "e16")["health"] == 2 and s.observation()["shields"] == 4
    roll(s, "sci tac med eng eng eng")
    play(s, "stasis:e16", "fire:1", "hit:e16")
    assert threat(s, "e16")["health"] == 1
    s2 = new("e16", faces="sci tac tac med eng eng")
    set_health(s2, "e16", 1)
    play(s2, "stasis:e16", "fire:1", "hit:e16")
    assert threat(s2, "e16") is None and "ev.meteoroid_blast" in keys_of(s2)
    assert (s2.observation()["shields"], s2.observation()["hull"]) == (0, 7)


# ---- R5: the dice a "send a unit" effect may take ---------------------------------------------------


def test_send_a_unit_candidates_r5() -> None:  # R5
    """R5: the player picks from a station die, the stasis die, a die in Returned, a mission die
    and an unassigned die; a die in the scanners is never offered."""
    s = new("e1", "i11", "i10", faces="thr thr med sci sci eng")  # 1 med, 2-3 sci, 4 eng, 5-6 thr
    play(s, "release", "stasis:e1", "mission:i11,sci")
    assert where(s) == ["station:medical", "stasis:e1", "mission:i11", "unassigned", "returned", "scanners"]
    to_step5(s)
    play(s, "threat:1")  # Robot Uprising (1, 2, 3)
    assert phase(s) == "send" and legal(s) == {"send:1", "send:2", "send:3", "send:4", "send:5"}
    play(s, "send:5")  # the die in Returned
    assert where(s)[4] == "infirmary"


def test_send_a_unit_skips_the_infirmary_and_distracted_and_may_find_nobody_r5() -> None:  # R5
    """R5: dice in the Infirmary and on Distracted are never sent; with no eligible die nothing
    happens (no other loss)."""
    s = new("i10", "i5", faces="tac med sci eng eng eng")
    move(s, 1, "distracted", card="i5")
    for d in (2, 3, 4, 5, 6):
        move(s, d, "infirmary")
    play(s, "end", "draw:dp", "threat:1")  # Robot Uprising: nobody to send
    assert "ev.nobody_to_send" in keys_of(s)
    assert where(s)[0] == "distracted:i5" and count(s, "infirmary") == 5


# ---- R11: stasis leaves the passive effects in force -----------------------------------------------


def test_nebula_in_stasis_keeps_the_shields_offline_r11() -> None:  # R11
    """R11: the Nebula in stasis does not activate (no self-damage on a 4), but its passive effect
    holds: no recharge, and the Assault Cruiser's 2 go straight to the hull."""
    s = new("e17", "e1", faces="sci sci tac med eng eng", shields=0)
    play(s, "stasis:e17")
    assert "shields" not in legal(s)
    to_step5(s)
    play(s, "threat:4")
    o = s.observation()
    assert (o["hull"], o["shields"]) == (6, 0) and threat(s, "e17")["health"] == 3


# ---- R12: the dice Distracted may take ---------------------------------------------------------------


def test_distracted_candidates_r12() -> None:  # R12
    """R12: a station die, an unassigned die or a die in Returned may be taken; a die in the
    scanners, on a mission or in the Infirmary may not."""
    s = new("e1", "i11", faces="thr thr med sci eng tac")  # 1 tac, 2 med, 3 sci, 4 eng, 5-6 thr
    play(s, "release", "mission:i11,sci")
    move(s, 1, "infirmary")
    assert where(s) == ["infirmary", "station:medical", "mission:i11", "unassigned", "returned", "scanners"]
    play(s, "end", "draw:i5")
    assert phase(s) == "distract" and legal(s) == {"distract:2", "distract:4", "distract:5"}


# ---- R17: draws from the scanners apply their on-draw effects ---------------------------------------


def test_a_scanner_draw_applies_its_on_draw_effect_r17() -> None:  # R17
    """R17: a card drawn from full scanners (step 2, or at once in step 3) is placed with its
    on-draw effect, as at step 4: the Nebula drops the shields at step 2; Friendly Fire drawn in
    step 3 sends every Tactical die (station and unassigned) to the Infirmary at once."""
    s = new("e1", faces="thr thr thr tac med sci")
    play(s, "draw:e17")
    assert s.observation()["shields"] == 0 and phase(s) == "assign" and "shields" not in legal(s)
    s2 = new("e1", faces="thr thr com tac tac sci")  # 1 com, 2-3 tac, 4 sci, 5-6 thr
    play(s2, "fire:1", "hit:e1", "change:sci,thr")
    assert phase(s2) == "draw"
    play(s2, "draw:i6")
    assert where(s2)[1] == where(s2)[2] == "infirmary" and threat(s2, "i6") is None
    assert count(s2, "unassigned") == 0 and phase(s2) == "draw"  # step 3 over (DS-P5): step 4


# ---- R19: which dice a Commander may change -------------------------------------------------------


def test_a_commander_may_change_another_commander_r19() -> None:  # R19
    """R19: the target may be another Commander (with two Commanders up)."""
    s = new("e1", faces="com com tac med sci eng")
    assert "change:com,tac" in legal(s)
    play(s, "change:com,sci")
    faces = sorted(d["face"] for d in s.observation()["dice"] if d["where"] == "unassigned")
    assert faces == ["eng", "med", "sci", "sci", "tac"]


def test_only_unassigned_dice_can_be_changed_r19() -> None:  # R19
    """R19: dice on a station, on a mission, in the scanners, in Returned or in the Infirmary are
    locked: a change is offered only from a face some unassigned die shows."""
    s = new("e1", "i11", faces="com tac med sci eng thr")  # 1 com, 2 tac, 3 med, 4 sci, 5 eng, 6 thr
    play(s, "fire:1", "hit:e1", "mission:i11,sci", "release")
    move(s, 5, "infirmary")
    assert where(s) == ["unassigned", "station:tactical", "station:medical", "mission:i11", "infirmary", "returned"]
    assert not any(a.startswith("change") for a in legal(s))  # the Commander is alone
    s2 = new("e1", "i11", faces="com tac med sci eng thr")
    play(s2, "fire:1", "hit:e1", "mission:i11,sci")
    sources = {a.split(":")[1].split(",")[0] for a in legal(s2) if a.startswith("change:")}
    assert sources == {"med", "eng"}


# ---- R20: a re-roll fills the scanners at once ------------------------------------------------------


def test_a_reroll_that_fills_the_scanners_draws_at_once_r20() -> None:  # R20, R18
    """R20, R18: Threat faces from a Commander's re-roll lock into the scanners at once, and a
    third one draws a card at once, in step 3."""
    s = new("e1", faces="thr thr com tac med sci")
    play(s, "reroll")
    roll(s, "thr tac med")
    assert phase(s) == "draw" and "ev.scanners_full" in keys_of(s)
    play(s, "draw:e9")
    assert phase(s) == "assign" and count(s, "returned") == 3 and threat(s, "e9") is not None


# ---- R23: the stasis die and the Distracted die go to Returned with their card -----------------------


def test_a_stasis_die_goes_to_returned_when_its_threat_is_destroyed_r23() -> None:  # R23
    s = new("e9", faces="sci tac med eng eng eng")  # 1 tac, 2 med, 3 sci
    play(s, "stasis:e9", "fire:1", "hit:e9")
    assert threat(s, "e9") is None and where(s)[2] == "returned"


def test_distracted_resolved_by_its_mission_returns_its_dice_r23() -> None:  # R23, R30
    """§7, R23: Distracted resolved by 2 Medical: the card is discarded; the Distracted die and both
    Medical dice go to Returned (not straight to the pool, not the Infirmary)."""
    s = new("i5", faces="tac med med sci eng eng")  # 1 tac, 2-3 med, 4 sci, 5-6 eng
    move(s, 6, "distracted", card="i5")
    play(s, "mission:i5,med")
    assert where(s)[1] == "mission:i5" and where(s)[5] == "distracted:i5"
    play(s, "mission:i5,med")
    assert threat(s, "i5") is None and [where(s)[k] for k in (1, 2, 5)] == ["returned"] * 3


# ---- R24: dice placed before the restricting card stay ---------------------------------------------


def test_a_commander_on_a_mission_stays_when_comms_offline_arrives_r24() -> None:  # R24
    """R24: a Commander placed on the Hijackers before Comms Offline arrives stays there; no new
    Commander may join it while Comms Offline is in play."""
    s = new("e12", faces="com com tac med sci eng")
    play(s, "mission:e12,com", "end", "draw:i3")
    assert where(s)[0] == "mission:e12"
    play(s, "threat:6", "done")  # nothing activates; the mission die is left on the card
    roll(s, "com tac med sci eng")
    assert where(s)[0] == "mission:e12"
    assert "mission:e12,com" not in legal(s) and not any(a.startswith("change") for a in legal(s))


def test_a_science_die_on_a_mission_stays_when_cosmic_existentialism_arrives_r24() -> None:  # R24
    s = new("i11", faces="sci sci tac med eng eng")  # 1 tac, 2 med, 3-4 sci
    play(s, "mission:i11,sci", "end", "draw:i4")
    assert where(s)[2] == "mission:i11"
    play(s, "threat:6", "done")
    roll(s, "sci tac med eng eng")
    assert where(s)[2] == "mission:i11" and "mission:i11,sci" not in legal(s) and "mission:i4,sci" in legal(s)


# ---- R25: a threat resolved by its mission counts for the win ----------------------------------------


def test_hijackers_resolved_by_mission_count_for_the_win_r25() -> None:  # R25
    """R25: with the deck empty, the Hijackers (the last external) resolved by two Commanders in
    step 3: step 4 finds no external threat, and the game is won."""
    s = new("e12", faces="com com tac med sci eng", deck=0)
    play(s, "mission:e12,com", "mission:e12,com")
    assert threat(s, "e12") is None
    play(s, "end")
    assert s.is_terminal() and s.result().won


# ---- R30: Distracted with no die to take ---------------------------------------------------------------


def test_distracted_enters_play_empty_and_still_activates_r30() -> None:  # R30
    """R30: with no eligible die when it is drawn, Distracted enters play empty (not discarded); it
    still activates on a 3 and is then discarded."""
    s = new("e1", "i11", faces="thr thr tac med sci eng")  # 1 tac, 2 med, 3 sci, 4 eng, 5-6 thr
    play(s, "mission:i11,sci")
    for d in (1, 2, 4):
        move(s, d, "infirmary")
    play(s, "end", "draw:i5")
    assert "ev.distracted_empty" in keys_of(s) and phase(s) == "threat"
    assert threat(s, "i5") is not None and count(s, "distracted") == 0
    play(s, "threat:3")
    assert threat(s, "i5") is None


# ---- R4: the Nebula destroying itself brings the shields back at 0 ----------------------------------


def test_nebula_destroyed_by_its_own_activation_brings_the_shields_back_at_0_r4() -> None:  # R4
    s = new("e17", faces="eng eng eng eng eng eng", shields=0)
    set_health(s, "e17", 1)
    to_step5(s)
    play(s, "threat:3")  # the Nebula hurts itself to 0
    assert threat(s, "e17") is None and "ev.nebula_gone" in keys_of(s)
    assert s.observation()["shields"] == 0 and not s.observation()["shields_offline"]
    roll(s, "sci tac med eng eng eng")
    assert "shields" in legal(s)


# ---- R10: the win is not checked in the middle of step 3 --------------------------------------------


def test_no_win_before_step_4_r10() -> None:  # R10, R32
    """R10: with the deck empty, destroying the last external threat in step 3 does not win at
    once (the rejected alternative): step 3 goes on, and the win comes when step 4 begins."""
    s = new("e9", faces="tac med sci eng eng eng", deck=0, shields=2)
    play(s, "fire:1", "hit:e9")
    assert not s.is_terminal() and phase(s) == "assign" and threat(s, "e9") is None
    play(s, "shields", "end")
    assert s.is_terminal() and s.result().won


# ---- R15: Pandemic's mission under Cosmic Existentialism ---------------------------------------------


def test_pandemic_takes_medical_only_while_cosmic_existentialism_is_in_play_r15_r24() -> None:  # R15, R24
    s = new("i4", "i8", faces="sci med tac eng eng eng")
    assert "mission:i8,sci" not in legal(s) and "mission:i8,med" in legal(s)
    play(s, "mission:i8,med")
    assert threat(s, "i8") is None


# ---- R27: an on-draw effect is not an activation ---------------------------------------------------


def test_an_on_draw_effect_is_not_an_activation_for_the_mercenary_r27() -> None:  # R27
    """R27: "activated" means by a threat-die result. Friendly Fire drawn at step 4 acts on its
    draw; when the threat die then matches nothing, the Mercenary still hits (-2, shields first)."""
    s = new("e15", faces="tac med sci eng eng eng")
    play(s, "end", "draw:i6")
    assert count(s, "infirmary") == 1 and threat(s, "i6") is None  # the Tactical die went
    play(s, "threat:6")
    assert "ev.mercenary" in keys_of(s) and s.observation()["shields"] == 2


def test_a_commander_may_still_change_a_die_to_science_under_cosmic_existentialism_r24() -> None:  # R24
    """R24, §7: Cosmic Existentialism restricts where Science dice may be *assigned*, not the
    Commander: a die may be changed to Science, and that die may then go only to its mission."""
    s = new("i4", "e1", faces="com tac med eng eng eng", shields=2)
    assert "change:tac,sci" in legal(s)
    play(s, "change:tac,sci")
    assert "shields" not in legal(s) and "stasis:e1" not in legal(s) and "mission:i4,sci" in legal(s)
