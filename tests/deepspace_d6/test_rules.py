"""A test per station, per special card and per ruling of Deep Space D-6
(shared/rules/deepspace_d6.md). Expected values come from the rules reference."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from solotable import Action, IllegalAction

from .helpers import (
    G,
    count,
    keys_of,
    legal,
    move,
    new,
    obs_json,
    phase,
    play,
    put,
    roll,
    set_health,
    threat,
    to_step5,
    where,
)

# ---- chance structure (§4.1, DS-P1, DS-P2) --------------------------------------------------


@pytest.mark.parametrize("n", range(1, 7))
def test_crew_roll_is_one_event_over_face_multisets(n: int) -> None:
    s = G.new_state(seed=0)
    for d in range(n + 1, 7):
        move(s, d, "infirmary")
    play(s, "draw:dp", "draw:dp")
    assert phase(s) == "roll"
    table = s.chance_table()
    assert len(table.outcomes) == comb(n + 5, 5)
    assert sum(p for _, p in table.outcomes) == 1
    assert all(list(a.args) == sorted(a.args) for a in table.actions)
    if n == 6:
        assert table.probability(Action("roll", 1, 2, 3, 4, 5, 6)) == Fraction(720, 6**6)
        assert table.probability(Action("roll", 6, 6, 6, 6, 6, 6)) == Fraction(1, 6**6)
        assert table.probability(Action("roll", 1, 1, 2, 3, 4, 5)) == Fraction(360, 6**6)


def test_threat_die_is_uniform() -> None:
    s = new("e1", faces="tac tac tac tac tac tac")
    to_step5(s)
    assert dict(s.chance_outcomes()) == {Action("threat", v): Fraction(1, 6) for v in range(1, 7)}


def test_setup_r16_r17() -> None:  # R16, R17, R37
    """§2.1: hull 8, shields 4, six dice in the pool with no face (R37); draw 2 (R17)."""
    s = G.new_state(difficulty="normal", length="short")
    o = s.observation()
    assert (o["hull"], o["shields"], o["deck_left"]) == (8, 4, 34)
    assert all(d["where"] == "pool" and d["face"] is None for d in o["dice"])
    assert phase(s) == "draw"
    play(s, "draw:dp")
    assert phase(s) == "draw"  # a Don't Panic at setup is not replaced (R17)
    play(s, "draw:e11")
    assert phase(s) == "roll" and s.observation()["deck_left"] == 32
    assert [t["card"] for t in s.observation()["threats"]] == ["e11"]


def test_setup_nebula_and_distracted_and_friendly_fire() -> None:
    s = G.new_state(difficulty="beginner")
    play(s, "draw:e17")
    assert s.observation()["shields"] == 0  # Nebula at setup drops the shields
    play(s, "draw:i5")  # Distracted takes a pool die (R30)
    assert count(s, "distracted") == 1 and count(s, "pool") == 5
    s2 = G.new_state(difficulty="beginner")
    play(s2, "draw:i6", "draw:dp")  # Friendly Fire at setup: nothing shows Tactical (R37)
    assert count(s2, "infirmary") == 0 and count(s2, "pool") == 6


# ---- step 1-2: scanners (§4.9, §5.2, R18, R8) ------------------------------------------------


def test_threat_faces_lock_into_the_scanners() -> None:
    s = new("e1", faces="thr thr tac tac med sci")
    assert count(s, "scanners") == 2 and count(s, "unassigned") == 4
    assert phase(s) == "assign"


def test_three_threat_faces_draw_a_card_and_go_to_returned() -> None:
    s = new("e1", faces="thr thr thr thr tac med")
    assert phase(s) == "draw" and keys_of(s)[-1] == "ev.scanners_full"
    play(s, "draw:e9")
    assert count(s, "returned") == 3 and count(s, "scanners") == 1  # R18: leftovers stay
    assert phase(s) == "assign" and threat(s, "e9") is not None


def test_six_threat_faces_draw_twice_r18() -> None:
    s = new("e1", faces="thr thr thr thr thr thr")
    play(s, "draw:dp")
    assert phase(s) == "draw"
    play(s, "draw:dp")
    assert count(s, "returned") == 6 and count(s, "scanners") == 0


def test_full_scanners_with_an_empty_deck_r8() -> None:
    s = new("e1", deck=0)
    roll(s, "thr thr thr tac tac tac")
    assert "ev.scanners_empty_deck" in keys_of(s)
    assert count(s, "returned") == 3 and phase(s) == "assign"


# ---- Commander (§4.4, R19, R20, R24) ---------------------------------------------------------


def test_commander_change_needs_another_unassigned_die() -> None:
    s = new("e1", faces="com thr thr thr thr thr")
    play(s, "draw:dp")
    assert not any(a.startswith("change") or a == "reroll" for a in legal(s))


def test_commander_change_a_face_r19() -> None:
    s = new("e1", faces="com tac med sci eng eng")
    assert "change:eng,tac" in legal(s) and "change:tac,tac" not in legal(s)
    assert "change:com,tac" not in legal(s)  # only one Commander: it cannot change itself
    play(s, "change:eng,tac")
    assert count(s, "unassigned") == 5
    assert "station:commander" in where(s)
    faces = sorted(d["face"] for d in s.observation()["dice"] if d["where"] == "unassigned")
    assert faces == ["eng", "med", "sci", "tac", "tac"]


def test_commander_change_to_threat_fills_the_scanners_at_once_r18() -> None:
    s = new("e1", faces="thr thr com tac med sci")
    play(s, "change:sci,thr")
    assert phase(s) == "draw"  # drawn at once during step 3
    play(s, "draw:e10")
    assert phase(s) == "assign" and count(s, "returned") == 3 and threat(s, "e10") is not None


def test_commander_reroll_all_other_unassigned_r20() -> None:
    s = new("e1", faces="com com tac med sci eng")
    play(s, "fire:1", "hit:e1", "reroll")
    assert phase(s) == "reroll"
    assert len(s.chance_outcomes()) == comb(4 + 5, 5)  # 4 other unassigned dice
    roll(s, "thr tac tac tac")
    assert count(s, "scanners") == 1 and count(s, "unassigned") == 3
    assert count(s, "station") == 2  # the Commander and the Tactical used before


def test_comms_offline_blocks_commander_r24() -> None:
    s = new("i3", "e12", faces="com com tac med sci eng")
    acts = legal(s)
    assert not any(a.startswith("change") or a == "reroll" or a.endswith(",com") for a in acts)
    with pytest.raises(IllegalAction) as exc:
        s.apply(Action("reroll"))
    assert exc.value.key == "ds6.err.comms"
    play(s, "mission:i3,eng")  # its mission resolves it; Commander is open again
    assert "reroll" in legal(s) and "mission:e12,com" in legal(s)


# ---- Tactical (§4.5, R7, R21, R22) -------------------------------------------------------------


def test_fire_chain_and_split() -> None:
    s = new("e1", "e9", faces="tac tac tac med sci eng")
    assert {"fire:1", "fire:2", "fire:3"} <= legal(s)
    play(s, "fire:3")
    assert s.observation()["volley_left"] == 5  # 1 + 2 + 2
    play(s, "hit:e9")  # the Drone (health 1) is destroyed at once
    assert threat(s, "e9") is None
    play(s, "hit:e1", "hit:e1", "hit:e1", "hit:e1")
    assert threat(s, "e1") is None and phase(s) == "assign"


def test_separate_volleys_do_not_chain_r7() -> None:
    s = new("e14", faces="tac tac med sci eng eng")
    play(s, "fire:1", "hit:e14", "fire:1", "hit:e14")
    assert threat(s, "e14")["health"] == 2  # 1 + 1, not 1 + 3


def test_unused_points_are_lost_r22() -> None:
    s = new("e9", faces="tac tac med sci eng eng")
    play(s, "fire:2", "hit:e9")
    assert phase(s) == "assign" and "ev.volley_lost" in keys_of(s)
    s2 = new("e14", faces="tac tac med sci eng eng")
    play(s2, "fire:2", "hit:e14", "stop")
    assert threat(s2, "e14")["health"] == 3


def test_no_fire_without_a_target_r21_and_solar_winds_not_a_target() -> None:
    s = new("e21", faces="tac tac med sci eng eng")
    assert not any(a.startswith("fire") for a in legal(s))
    s2 = new("e21", "e9", faces="tac tac med sci eng eng")
    play(s2, "fire:1")
    assert legal(s2) == {"hit:e9", "stop"}


def test_stasis_targets_can_be_fired_on() -> None:
    s = new("e9", faces="tac sci med med eng eng")
    play(s, "stasis:e9", "fire:1")
    assert "hit:e9" in legal(s)


# ---- Medical (§4.6, R6) -----------------------------------------------------------------------


def test_medical_frees_the_whole_infirmary_to_returned_r6() -> None:
    s = new("e1", faces="med tac tac sci eng eng")
    move(s, 5, "infirmary")  # the two Engineering dice in the Infirmary (scenario)
    move(s, 6, "infirmary")
    assert "free" in legal(s) and "release" not in legal(s)
    play(s, "free")
    assert count(s, "infirmary") == 0 and count(s, "returned") == 2
    assert count(s, "unassigned") == 3  # freed dice are not usable this round


def test_medical_releases_one_scanner_die_r6() -> None:
    s = new("e1", faces="thr thr med tac sci eng")
    play(s, "release")
    assert count(s, "scanners") == 1 and count(s, "returned") == 1


def test_medical_not_offered_with_nothing_to_do_r21() -> None:
    s = new("e1", faces="med tac tac sci eng eng")
    assert "free" not in legal(s) and "release" not in legal(s)


# ---- Science (§4.7, R4, R11, R34) ---------------------------------------------------------------


def test_recharge_shields() -> None:
    s = new("e1", faces="sci tac tac med eng eng", shields=1)
    play(s, "shields")
    assert s.observation()["shields"] == 4
    s2 = new("e1", faces="sci tac tac med eng eng")
    assert "shields" not in legal(s2)  # already 4 (R21)


def test_stasis_beam_stops_the_activation_r11() -> None:
    s = new("e1", faces="sci tac tac med eng eng")
    assert {"stasis:e1"} <= legal(s)
    play(s, "stasis:e1")
    assert threat(s, "e1")["in_stasis"] and threat(s, "e1")["stasis_die"] == 4
    to_step5(s)
    play(s, "threat:4")
    assert s.observation()["shields"] == 4
    assert count(s, "pool") == 6  # the stasis die is gathered at step 6 (R5)
    assert not threat(s, "e1")["in_stasis"]


def test_stasis_one_per_threat_and_not_on_mercenary_or_scout_r34() -> None:
    s = new("e1", "e15", "e20", "i7", faces="sci sci tac med eng eng")
    assert {a for a in legal(s) if a.startswith("stasis")} == {"stasis:e1"}  # externals only (R11)
    play(s, "stasis:e1")
    assert not any(a.startswith("stasis") for a in legal(s))


def test_stasis_lasts_through_cloaked_rerolls_r34() -> None:
    s = new("i2", "e2", faces="sci tac tac med eng eng")
    play(s, "stasis:e2")
    to_step5(s)
    play(s, "threat:2")  # Cloaked activates; e2 (on 1, 2) is in stasis
    assert phase(s) == "threat"
    play(s, "threat:1")
    assert s.observation()["shields"] == 4


def test_cosmic_existentialism_r24() -> None:
    s = new("i4", "e1", "i11", faces="sci sci tac med eng eng", shields=2)
    acts = legal(s)
    assert "shields" not in acts and "stasis:e1" not in acts and "mission:i11,sci" not in acts
    assert "mission:i4,sci" in acts
    with pytest.raises(IllegalAction) as exc:
        s.apply(Action("shields"))
    assert exc.value.key == "ds6.err.cosmic"
    play(s, "mission:i4,sci")  # resolved at once: the other Science uses open again
    assert {"shields", "stasis:e1", "mission:i11,sci"} <= legal(s)


# ---- Engineering (§4.8, R7, R24) -----------------------------------------------------------------


def test_repair_chain_and_cap() -> None:
    s = new("e1", faces="eng eng eng tac med sci", hull=2)
    assert {"repair:1", "repair:2", "repair:3"} <= legal(s)
    play(s, "repair:2")
    assert s.observation()["hull"] == 5
    play(s, "repair:1")
    assert s.observation()["hull"] == 6
    s2 = new("e1", faces="eng eng eng tac med sci", hull=6)
    play(s2, "repair:3")  # 5, capped at 8
    assert s2.observation()["hull"] == 8
    s3 = new("e1", faces="eng eng eng tac med sci")
    assert not any(a.startswith("repair") for a in legal(s3))  # hull 8 (R21)


def test_panel_explosion_blocks_engineering_r24() -> None:
    s = new("i9", "i10", faces="eng eng med tac tac sci", hull=4)
    acts = legal(s)
    assert not any(a.startswith("repair") or a.endswith(",eng") for a in acts)
    with pytest.raises(IllegalAction) as exc:
        s.apply(Action("repair", 1))
    assert exc.value.key == "ds6.err.panel"
    play(s, "mission:i9,med")
    assert {"repair:1", "mission:i10,eng"} <= legal(s)


# ---- away missions (§4.10, §5.10, R13, R15, R23, R25, R26) ----------------------------------------


def test_mission_across_rounds_time_warp() -> None:
    """§5.10: one Science this round, the second in a later round."""
    s = new("i11", faces="sci tac tac med eng eng")
    play(s, "mission:i11,sci")
    assert where(s)[3] == "mission:i11"
    to_step5(s)
    play(s, "threat:5")
    assert phase(s) == "gather" and legal(s) == {"recall:4", "done"}
    play(s, "done")
    assert count(s, "pool") == 5 and phase(s) == "roll"
    assert len(s.chance_outcomes()) == comb(5 + 5, 5)  # the mission die is not rolled
    roll(s, "sci tac tac med eng")
    assert where(s)[3] == "mission:i11" and s.observation()["dice"][3]["face"] == "sci"
    play(s, "mission:i11,sci")
    assert threat(s, "i11") is None and count(s, "returned") == 2


def test_recall_reopens_the_slot_r26() -> None:
    s = new("i11", faces="sci tac tac med eng eng")
    play(s, "mission:i11,sci")
    to_step5(s)
    play(s, "threat:5", "recall:4")
    assert count(s, "pool") == 6 and threat(s, "i11")["open_slots"] == [["sci"], ["sci"]]


def test_only_mission_dice_left_must_recall_one_r26() -> None:
    s = new("i11", "e12", faces="com sci tac tac med eng")
    play(s, "mission:i11,sci", "mission:e12,com")
    assert where(s)[4] == "mission:i11" and where(s)[0] == "mission:e12"
    for d in (2, 3, 4, 6):  # scenario: the others are in the Infirmary
        move(s, d, "infirmary")
    to_step5(s)
    play(s, "threat:6")
    assert legal(s) == {"recall:1", "recall:5"}  # two kinds of mission die: the player picks
    with pytest.raises(IllegalAction) as exc:
        s.apply(Action("done"))
    assert exc.value.key == "ds6.err.must_recall"
    play(s, "recall:5")
    assert legal(s) == {"recall:1", "done"}  # one is back: the other may stay
    play(s, "done")
    assert phase(s) == "roll" and where(s)[0] == "mission:e12"


def test_boarding_ship_mission_sends_the_die_to_the_infirmary_r13_r25() -> None:
    s = new("e3", faces="tac med sci eng eng eng")
    play(s, "mission:e3,tac")
    assert threat(s, "e3") is None and count(s, "infirmary") == 1
    assert s.observation()["destroyed"] == 1


def test_hijackers_by_two_commanders_r25() -> None:
    s = new("e12", faces="com com tac med sci eng")
    play(s, "mission:e12,com", "mission:e12,com")
    assert threat(s, "e12") is None and count(s, "returned") == 2


def test_pandemic_either_face_r15() -> None:
    for face in ("sci", "med"):
        s = new("i8", faces=f"{face} tac tac eng eng eng")
        play(s, f"mission:i8,{face}")
        assert threat(s, "i8") is None


def test_mission_dice_go_to_returned_when_the_card_is_destroyed_r23() -> None:
    s = new("e12", faces="com tac tac tac med sci")
    play(s, "mission:e12,com", "fire:3", "hit:e12", "hit:e12", "hit:e12", "hit:e12")
    assert threat(s, "e12") is None and count(s, "returned") == 1


# ---- special cards (§7) ------------------------------------------------------------------------------


def test_bomber_hurts_then_sends_a_unit_r5() -> None:
    s = new("e5", faces="tac med sci eng eng eng")
    play(s, "fire:1", "hit:e5")
    to_step5(s)
    play(s, "threat:2")
    assert phase(s) == "send" and s.observation()["shields"] == 2
    acts = legal(s)
    assert acts == {"send:1", "send:2", "send:3", "send:4"}  # the station die, one of each unassigned face
    play(s, "send:1")
    assert where(s)[0] == "infirmary" or s.observation()["dice"][0]["where"] == "pool"


def test_bomber_killing_blow_ends_before_the_unit_is_sent() -> None:
    s = new("e5", faces="tac med sci eng eng eng", hull=2, shields=0)
    to_step5(s)
    play(s, "threat:4")
    assert s.is_terminal() and s.result().details["cause"] == "hull"
    assert count(s, "infirmary") == 0


def test_bounty_ship_destroys_shields_then_one_hull() -> None:
    s = new("e7", faces="eng eng eng eng eng eng")
    to_step5(s)
    play(s, "threat:1")
    assert (s.observation()["shields"], s.observation()["hull"]) == (0, 7)


def test_mercenary_r27() -> None:  # R27
    s = new("e15", faces="eng eng eng eng eng eng")
    to_step5(s)
    play(s, "threat:3")
    assert s.observation()["shields"] == 2  # nothing activated: -2, shields first
    s2 = new("e15", "e9", faces="eng eng eng eng eng eng")
    to_step5(s2)
    play(s2, "threat:2")  # the Drone activated: no Mercenary damage
    assert s2.observation()["shields"] == 3


def test_mercenary_counts_a_stasis_threat_as_not_activated_r27() -> None:  # R27
    s = new("e15", "e9", faces="sci eng eng eng eng eng")
    play(s, "stasis:e9")
    to_step5(s)
    play(s, "threat:2")
    assert s.observation()["shields"] == 2


def test_meteoroid_self_damage_and_blast_r2() -> None:
    s = new("e16", faces="eng eng eng eng eng eng")
    set_health(s, "e16", 1)
    to_step5(s)
    play(s, "threat:1")
    assert threat(s, "e16") is None and "ev.meteoroid_blast" in keys_of(s)
    assert (s.observation()["shields"], s.observation()["hull"]) == (0, 7)


def test_meteoroid_blast_by_weapons_r2() -> None:
    s = new("e16", faces="tac tac tac med sci eng", shields=1)
    play(s, "fire:2", "hit:e16", "hit:e16", "hit:e16")
    assert threat(s, "e16")["health"] == 1
    play(s, "fire:1", "hit:e16")
    assert (s.observation()["shields"], s.observation()["hull"]) == (0, 4)


def test_nebula_r4() -> None:
    s = new(faces="tac tac tac med sci eng")
    play(s, "end", "draw:e17")
    assert s.observation()["shields"] == 0 and s.observation()["shields_offline"]
    play(s, "threat:6", "roll:2,2,2,3,4,5")  # Nebula on 1-5 only
    assert "shields" not in legal(s)  # cannot be recharged (R4)
    s.shields = 0
    put(s, "e1")
    play(s, "fire:3", "hit:e17", "hit:e17", "hit:e17", "stop")  # destroyed: shields online at 0
    assert not s.observation()["shields_offline"] and s.observation()["shields"] == 0
    assert "shields" in legal(s)


def test_nebula_damage_ignores_shields_and_self_damage() -> None:
    s = new("e17", "e1", faces="eng eng eng eng eng eng", shields=3)  # scenario: shields kept
    to_step5(s)
    play(s, "threat:4")
    o = s.observation()
    assert (o["hull"], o["shields"]) == (6, 3) and threat(s, "e17")["health"] == 2


def test_raiders_ignore_shields() -> None:
    s = new("e19", faces="eng eng eng eng eng eng")
    to_step5(s)
    play(s, "threat:1")
    assert (s.observation()["hull"], s.observation()["shields"]) == (6, 4)


def test_scouting_ship_r3_r28() -> None:  # R3, R28
    s = new("e20", "e1", faces="eng eng eng eng eng eng")
    to_step5(s)
    play(s, "threat:4")
    assert s.observation()["shields"] == 1  # 2 from the Cruiser, 1 more from the Scout
    s2 = new("e20", "e1", faces="eng eng eng eng eng eng")
    to_step5(s2)
    play(s2, "threat:1")
    assert s2.observation()["shields"] == 4


def test_mercenary_sets_off_the_scouting_ship_r27() -> None:  # R27, R3, R28
    s = new("e15", "e20", faces="eng eng eng eng eng eng")
    to_step5(s)
    play(s, "threat:6")
    assert s.observation()["shields"] == 1
    assert keys_of(s).index("ev.mercenary") < keys_of(s).index("ev.scout")


def test_solar_winds_hits_and_leaves() -> None:
    s = new("e21", "e1", faces="eng eng eng eng eng eng")
    to_step5(s)
    play(s, "threat:2")
    assert (s.observation()["hull"], s.observation()["shields"]) == (7, 0)
    assert threat(s, "e21") is None


def test_boost_morale_releases_a_scanner_die() -> None:
    s = new("i1", faces="thr tac tac med sci eng")
    to_step5(s)
    play(s, "threat:6")
    assert threat(s, "i1") is None and count(s, "scanners") == 0 and count(s, "pool") == 6


def test_cloaked_threats_roll_again_r14() -> None:  # R14
    s = new("i2", "e2", faces="eng eng eng eng eng eng")
    to_step5(s)
    play(s, "threat:2")  # Cloaked and the Cruiser (2)
    assert phase(s) == "threat" and s.observation()["shields"] == 2
    play(s, "threat:2")  # again: the chain goes on
    assert phase(s) == "threat" and s.observation()["shields"] == 0
    play(s, "threat:5")
    assert phase(s) == "roll"


def test_distracted_on_draw_and_activation_r12_r30() -> None:
    s = new("e1", faces="tac med sci eng eng eng")
    move(s, 6, "infirmary")  # one die in the Infirmary: not eligible (R12)
    play(s, "fire:1", "hit:e1", "end", "draw:i5")
    assert phase(s) == "distract"
    acts = legal(s)
    assert acts == {"distract:1", "distract:2", "distract:3", "distract:4"}
    play(s, "distract:1")  # the Tactical die from its station
    assert where(s)[0] == "distracted:i5"
    play(s, "threat:6")
    assert where(s)[0] == "distracted:i5"  # it stays at step 6
    roll(s, "tac med sci eng")
    to_step5(s)
    play(s, "threat:3")  # activation: return the unit, discard
    assert threat(s, "i5") is None and count(s, "pool") == 5


def test_friendly_fire_r29() -> None:
    s = new("e1", "i7", faces="tac tac tac med sci eng")
    play(s, "mission:i7,tac", "fire:1", "hit:e1", "end", "draw:i6")
    assert count(s, "infirmary") == 3  # unassigned, station and mission Tactical dice
    assert threat(s, "i6") is None and threat(s, "i7")["mission_dice"] == []


def test_send_unit_cards_r5() -> None:
    for cid, v in (("i7", 2), ("i8", 1), ("i10", 3)):
        s = new(cid, faces="tac med sci eng eng eng")
        to_step5(s)
        play(s, f"threat:{v}")
        assert phase(s) == "send"
        play(s, "send:2")
        assert where(s)[1] == "infirmary"


def test_send_unit_may_take_a_mission_die_and_keeps_stasis_r5_r34() -> None:
    s = new("i7", "e1", faces="sci tac eng eng eng eng")
    play(s, "stasis:e1", "mission:i7,tac")
    to_step5(s)
    play(s, "threat:4")  # Invaders, then e1 (in stasis)
    assert {"send:1", "send:2", "send:3"} <= legal(s)
    play(s, "send:1")  # the stasis die goes; the stasis stays in force
    assert s.observation()["shields"] == 4


def test_time_warp_heals_externals_up_to_full_r31() -> None:  # R31
    s = new("i11", "e1", "e9", "e21", faces="tac tac med sci eng eng")
    play(s, "fire:2", "hit:e1", "hit:e1", "hit:e1")
    to_step5(s)
    play(s, "threat:2")
    assert threat(s, "e1")["health"] == 2 and threat(s, "e9")["health"] == 1


# ---- order, win, loss (R1, R9, R10, R32, R33) ------------------------------------------------------


def test_internal_threats_first_in_entry_order_r1() -> None:
    s = new("e2", "i8", "i10", faces="eng eng eng eng eng eng")
    to_step5(s)
    play(s, "threat:1")
    acts = [e.params["card"] for e in s.events if e.key == "ds6.ev.activates"]
    assert acts == ["@ds6.threat.i8", "@ds6.threat.i10", "@ds6.threat.e2"]


def test_activated_set_fixed_r33() -> None:
    """Meteoroid destroys itself first; a threat that has left play is skipped."""
    s = new("e16", "e19", faces="eng eng eng eng eng eng")
    set_health(s, "e16", 1)
    to_step5(s)
    play(s, "threat:1")
    assert s.observation()["hull"] == 5  # blast 5: shields 4 + 1 hull; Raiders 2 to hull


def test_win_at_step_4_with_an_empty_deck_r10_r32() -> None:
    s = new("e9", faces="tac med sci eng eng eng", deck=0)
    play(s, "fire:1", "hit:e9", "end")
    assert s.is_terminal() and s.result().won and s.result().details["cause"] == "win"


def test_no_win_while_externals_remain_r10() -> None:
    s = new("e9", "i3", faces="med sci eng eng eng eng", deck=0)
    play(s, "end")
    assert phase(s) == "threat"


def test_internal_threats_do_not_stop_the_win() -> None:
    s = new("i3", faces="med sci eng eng eng eng", deck=0)
    play(s, "end")
    assert s.result().won


def test_last_card_drawn_does_not_win_that_step_r32() -> None:
    s = new(faces="tac med sci eng eng eng", deck=1)
    play(s, "end", "draw:dp")
    assert not s.is_terminal() and phase(s) == "roll"
    roll(s, "tac med sci eng eng eng")
    play(s, "end")
    assert s.result().won


def test_solar_winds_skipped_at_the_end_r9() -> None:
    s = new("e21", faces="med sci eng eng eng eng", deck=0, hull=6)
    play(s, "end")
    assert s.result().won
    s2 = new("e21", faces="med sci eng eng eng eng", deck=0, hull=5)
    play(s2, "end")
    assert not s2.is_terminal() and phase(s2) == "threat"


def test_hull_zero_loses_at_once_r10() -> None:
    s = new("e11", faces="eng eng eng eng eng eng", hull=3, shields=0)
    to_step5(s)
    play(s, "threat:6")
    assert s.is_terminal() and not s.result().won and s.result().details["cause"] == "hull"
    assert s.observation()["hull"] == 0


def test_crew_loss_when_nothing_can_be_gathered_r10() -> None:
    s = new("i10", faces="tac tac tac tac tac tac")
    for d in range(2, 7):
        move(s, d, "infirmary")
    to_step5(s)
    play(s, "threat:1")  # Robot Uprising takes the last die
    assert s.is_terminal() and s.result().details["cause"] == "crew"


# ---- refusing illegal actions --------------------------------------------------------------------


def test_illegal_action_leaves_the_state_untouched() -> None:
    s = new("e1", faces="tac med sci eng eng eng")
    before = obs_json(s)
    for bad in (Action("fire", 2), Action("repair", 1), Action("roll", 1), Action("bogus"), Action("hit", "e1")):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert obs_json(s) == before


def test_draw_table_matches_a_plain_chance_table() -> None:
    """DS-P2: the fast draw table has the same outcomes, probabilities and sampling."""
    import random

    from solotable.core.protocol import ChanceTable

    s = new()
    s.unseen[:] = (1, 0, 2, 1, 1, 0, 3) + (0,) * 27 + (6,)
    play(s, "roll:6,6,6,5,5,5")  # three Threat dice: the scanners draw
    fast = s.chance_table()
    plain = ChanceTable(fast.outcomes)
    assert sum(p for _, p in fast.outcomes) == 1
    assert dict(fast.outcomes)[Action("draw", "dp")] == Fraction(6, 14)
    assert fast.actions == plain.actions
    rng1, rng2 = random.Random(5), random.Random(5)
    assert [fast.sample(rng1) for _ in range(200)] == [plain.sample(rng2) for _ in range(200)]
