"""The 41 rows of the trigger table (§5.2, the seed's 行動前後の判定一覧), one test each, with
chosen tiles. Rows that §7 places elsewhere are cited with their section."""

from __future__ import annotations

from solotable.core.engine import OVER
from solotable.games.jongrogue.rules.combat import gain_xp
from solotable.games.jongrogue.rules.turns import MELEE, PLAY, RANGED, THREAT, TURN_END
from solotable.games.jongrogue.state import (
    ADDED,
    AGGRAV,
    ASLEEP,
    BLIND,
    CLAIR,
    CONFUSED,
    DOOR,
    DOWN,
    FROZEN,
    HELD,
    LEVIT,
    M_ASLEEP,
    M_CANCEL,
    M_CONF,
    M_DEEP,
    M_DISGUISED,
    M_HASTE,
    M_INVIS,
    M_SCARED,
    M_SLOW,
    PASSAGE,
    ROOM,
    Ring,
    Slot,
    Weapon,
)

from .helpers import FOOD_GAIN, at, do, keys, legal, quiet_room, settle, slot_of

E, S = 1, 2


def awake(tile: str, floor: int = 1, flags: int = 0) -> Slot:
    return slot_of(tile, floor, flags)


def at_door(room: int = 4, side: int = E, **kw: object) -> object:
    s = quiet_room(room=room, **kw)  # type: ignore[arg-type]
    s.pos = DOOR
    s.side = side
    return s


def in_melee(*slots: Slot, **fields: object) -> object:
    s = quiet_room(**fields)  # type: ignore[arg-type]
    s.slots[4] = list(slots)
    at(s, MELEE)
    s.turn = 1
    return s


def test_row_01_only_rest_while_asleep() -> None:  # row 1, D58
    s = quiet_room(status=ASLEEP)
    assert legal(s) == {"rest", "forced-end"}


def test_row_02_rest() -> None:  # row 2, §7.9, §7.17
    s = quiet_room(status=ASLEEP | CONFUSED | HELD | LEVIT, hp=2)
    pile = s.pile_n
    do(s, "rest", "p1", "m1", "s2")  # satiation tile; wanderer: an m tile, then 1d9 = 2 <= 3
    assert s.status == 0 and s.hp == 3
    assert s.pile_n == pile - 3
    assert "ev.wanderer" in keys(s) and s.phase == THREAT  # kestrel (m1 on B1), awake


def test_row_03_recovery_capped_at_max_hp() -> None:  # row 3
    s = quiet_room(hp=4)
    do(s, "rest", "p1", "p2")
    assert s.hp == s.maxhp == 4


def test_row_04_stairs_clear_blind_clairvoyant_aggravation() -> None:  # row 4, §7.27
    s = quiet_room(lab=(4, 0), status=BLIND | CLAIR | AGGRAV)
    do(s, "stairs:down")
    while s.is_chance():
        s.apply(s.chance_table().actions[0])
    assert s.floor == 2 and not s.status & (BLIND | CLAIR | AGGRAV)


def test_row_05_confused_move_strays() -> None:  # row 5, §7.16
    s = quiet_room(status=CONFUSED)  # room 5 (index 4): doors east and south
    do(s, "door:E", "m1", "m2")  # 1d9 = 1 <= 4 goes astray; one of [E, S] by tile 2: S
    assert s.pos == DOOR and s.side == S


def test_row_05_held_cannot_move_to_a_door() -> None:  # row 5, D58
    s = quiet_room(status=HELD)
    assert not any(a.startswith("door:") for a in legal(s))


def test_row_05_gaze_after_reaching_a_door() -> None:  # row 5 after, §7.14.12
    s = quiet_room(floor=10)
    s.slots[4] = [awake("m9", 10, M_DEEP)]  # a medusa on B10 (m9: window tuned, JR-P8), asleep: no gaze
    do(s, "door:E")
    assert not s.status & CONFUSED
    s = quiet_room(floor=10)
    s.slots[4] = [awake("m9", 10, M_SCARED)]  # Scared: it still gazes (§7.14.12)
    do(s, "door:E", "m6")  # 1d9 >= 6: confused
    assert s.status & CONFUSED


def test_row_05_ends_ranged_combat() -> None:  # row 5 after resolution
    s = quiet_room()
    s.slots[4] = [awake("m2")]
    at(s, RANGED)
    s.shots = 2
    do(s, "door:E")
    assert s.phase == MELEE and s.pos == DOOR


def test_row_06_entering_wakes_light_sleepers_only() -> None:  # row 6, §7.7
    s = at_door()
    s.slots[4] = [awake("m1", flags=M_ASLEEP), awake("m3", flags=M_DEEP)]
    do(s, "enter")
    assert s.pos == ROOM
    assert not s.slots[4][0].flags & M_ASLEEP and s.slots[4][1].flags & M_DEEP


def test_row_06_trap_check_after_entering() -> None:  # row 6 after resolution, §7.18, D10
    s = at_door(slots=())
    s.slots[4] = [slot_of("p2")]
    do(s, "enter", "s5")  # 1d9 >= 5: the bear trap springs
    assert s.status & HELD
    s = at_door()
    s.slots[4] = [slot_of("p2")]
    do(s, "enter", "s4")
    assert not s.status & HELD


def _passage(**fields: object) -> object:
    """The PC in the passage east of room 5 (index 4), towards room 6 (index 5), whose pair is
    still face down."""
    s = quiet_room(**fields)  # type: ignore[arg-type]
    s.pos = PASSAGE
    s.pfrom = 4
    s.side = E
    s.lab[5] = None
    return s


def test_row_07_passage_to_door() -> None:  # row 7, §7.3, §7.5
    s = _passage(hp=2, status=LEVIT)
    pile = s.pile_n
    do(s, "go:on", "m1", "lab:S", "lab:P")  # satiation; room 6's pair (west, north) turns up
    assert (s.pos, s.room, s.side) == (DOOR, 5, 3)
    assert s.hp == 3 and not s.status & LEVIT and s.pile_n == pile - 1


def test_row_07_confused_goes_back() -> None:  # row 7 after: check Confused
    s = _passage(status=CONFUSED)
    s.lab[5] = (3, 2)
    do(s, "go:on", "m1", "m3")  # 1d9 = 3 <= 4: back to the door it came from
    assert (s.pos, s.room, s.side) == (DOOR, 4, E)


def test_row_07_and_08_pincer() -> None:  # rows 7, 8, §7.11.8, D27
    s = at_door()
    s.slots[4] = [awake("m2")]
    s.slots[5] = [awake("m2")]
    at(s, THREAT)
    do(s, "flee", "m1", "m1", "m2", "m1", "m2")  # satiation; two attacks, 2d9 = 3: both miss
    assert "ev.pincer" in keys(s) and keys(s).count("ev.mon_miss") == 2
    assert s.pos == PASSAGE


def test_row_08_held_pays_the_cost_and_stays() -> None:  # row 8 before, §5.1, D58
    s = at_door(status=HELD)
    pile = s.pile_n
    do(s, "pass", "m1")
    assert s.pos == DOOR and s.pile_n == pile - 1


def test_row_09_search() -> None:  # row 9, §7.3, D6
    s = quiet_room()
    do(s, "search:N", "m1", "m6")
    assert s.found[4] & 1 and "search:N" not in legal(s) and "door:N" in legal(s)
    s = quiet_room()
    do(s, "search:N", "m1", "m5")
    assert not s.found[4] & 1
    s = quiet_room(status=CONFUSED)
    do(s, "search:N", "m1")  # the satiation is paid, the search fails
    assert "ev.search_confused" in keys(s)


def test_row_10_blind_postpones_encounter_at_a_door() -> None:  # row 10, D44
    s = _passage(status=BLIND)
    s.processed[5] = False
    s.slots[5] = [slot_of("s2")]
    s.slots[5][0].up = DOWN
    do(s, "go:on", "m1", "lab:S", "lab:P")
    assert s.postponed[5] and not s.processed[5]


def test_row_11_sleep_determination() -> None:  # row 11, §7.7
    for tile, awake_ in (("m5", True), ("m4", False)):
        s = _passage()
        s.processed[5] = False
        s.slots[5] = [slot_of("m1")]
        s.slots[5][0].up = DOWN
        do(s, "go:on", "m1", "lab:S", "lab:P", tile)  # a kestrel wanders: awake on 1d9 >= 5
        assert bool(s.slots[5][0].flags & M_ASLEEP) is not awake_
        assert (s.phase == THREAT) is awake_


def test_row_11_aggravation_and_gold_lover() -> None:  # row 11, §7.14.13, D48
    s = _passage(status=AGGRAV)
    s.processed[5] = False
    s.slots[5] = [slot_of("m3"), slot_of("p7")]  # a bat would sleep deeply
    for x in s.slots[5]:
        x.up = DOWN
    do(s, "go:on", "m1", "lab:S", "lab:P")
    assert s.slots[5][0].flags & (M_ASLEEP | M_DEEP) == 0
    s = _passage()
    s.processed[5] = False
    s.slots[5] = [slot_of("m8"), slot_of("p7")]  # an orc (m8 on B1) awake goes to the gold
    for x in s.slots[5]:
        x.up = DOWN
    do(s, "go:on", "m1", "lab:S", "lab:P", "m9")
    assert s.slots[5][0].flags & M_DEEP and s.phase == PLAY


def test_row_12_ranged_then_melee() -> None:  # row 12, §7.11.3, D24, D25
    s = quiet_room()
    s.slots[4] = [awake("m2")]
    at(s, THREAT)
    do(s, "fight")
    assert s.phase == RANGED and s.shots == 2
    do(s, "shoot:1,arrows", "m1", "m1", "m2")  # 2d9 = 2 misses; ammo check 2 keeps the arrows
    assert s.phase == RANGED
    do(s, "shoot:1,arrows", "m1", "m1", "m2")
    assert s.phase == MELEE


def test_row_13_attack_wakes_and_cancels_a_gold_lover() -> None:  # row 13 after
    s = quiet_room()
    s.slots[4] = [awake("m8", flags=M_DEEP)]
    do(s, "attack:1")
    assert s.phase == RANGED and not s.slots[4][0].flags & M_DEEP
    do(s, "shoot:1,arrows", "m1", "m1", "m2")
    assert s.slots[4][0].flags & M_CANCEL


def test_row_13_invisible_target_is_harder() -> None:  # row 13 before, §7.14.9
    s = in_melee(awake("m2", flags=M_INVIS))
    do(s, "hit:1", "m9", "m2", "m1", "m1")  # 11 < 10 + 2: a miss; the emu misses with 2
    assert s.slots[4][0].hp == 4


def test_row_14_a_hit_on_a_mimic_only_reveals_it() -> None:  # row 14, §7.14.8, D61
    s = quiet_room(floor=9)
    s.slots[4] = [awake("m9", 9, M_DEEP | M_DISGUISED)]  # a xeroc (m9 on B9, JR-P8) looks like s9
    assert s.observation()["map"][4]["slots"][0]["tile"] == "s9"
    do(s, "attack:1", "m9", "m9")
    assert s.slots[4][0].hp == 14 and not s.slots[4][0].flags & M_DISGUISED and s.phase == THREAT


def test_row_15_fumble_against_a_wraith_drains_a_level() -> None:  # row 15, §7.14.7, D49
    s = in_melee(awake("m9", 8), floor=8, level=3, xp=25, maxhp=8, hp=8)  # m9 on B8: a wraith (JR-P8)
    do(s, "hit:1", "m1", "m2", "m1", "m1")  # fumble (3); the wraith misses
    assert (s.level, s.xp, s.maxhp, s.hp) == (2, 10, 6, 6)


def test_row_16_blind_no_ranged_phase_and_hasted_one_shot() -> None:  # row 16 before, D24
    s = quiet_room(status=BLIND)
    s.slots[4] = [awake("m2")]
    at(s, THREAT)
    do(s, "fight")
    assert s.phase == MELEE
    s = quiet_room()
    s.slots[4] = [awake("m2", flags=M_HASTE)]
    at(s, THREAT)
    do(s, "fight")
    assert s.phase == RANGED
    do(s, "shoot:1,arrows", "m1", "m1", "m2")  # one shot (a miss, the arrows kept), then melee
    assert s.phase == MELEE


def test_row_16_ammo_check_and_fire_breath() -> None:  # row 16 after resolution, §7.14.11, D25
    s = quiet_room(floor=13, hp=20, maxhp=20)
    s.slots[4] = [awake("m9", 13)]  # a dragon
    at(s, THREAT)
    do(s, "fight")
    do(s, "shoot:1,arrows", "m1", "m1", "m1", "m9", "m9", "m4")  # miss; ammo 1: arrows gone; breath 4
    assert not s.missiles[0] and s.hp == 16


def test_row_17_turn_end_wakes_the_pc() -> None:  # row 17, D57
    s = in_melee(awake("m2"), status=ASLEEP)
    at(s, TURN_END)
    do(s, "keep", "m1", "m1")
    assert s.phase == TURN_END and not s.status & ASLEEP


def test_row_18_kill_clears_confused_and_held_gives_xp() -> None:  # rows 18, 19
    s = in_melee(awake("m2"), status=CONFUSED | HELD)
    s.slots[4][0].hp = 1
    do(s, "hit:1", "m9", "m9", "m1")  # the kill; the drop check draws even for a drop value of 0 (JR-P9)
    assert s.xp == 2 and not s.status & (CONFUSED | HELD) and s.phase == PLAY


def test_row_18_leprechaun_pays_gold_and_drop() -> None:  # row 18, §7.14.3, §7.11.9
    s = in_melee(awake("m9", 3), floor=3)
    s.slots[4][0].hp = 1
    do(s, "hit:1", "m9", "m9", "m2", "m3")
    assert s.gold == 15  # 2d9 x F = 5 x 3
    s = in_melee(awake("m8", 5), floor=5)  # a quagga drops on 1d9 <= 2
    s.slots[4][0].hp = 1
    do(s, "hit:1", "m9", "m9", "m2", "p1", "s4")
    assert any(x.tile == 21 and x.up == ADDED for x in s.slots[4])


def test_row_19_level_up() -> None:  # row 19, §7.9
    s = quiet_room()
    gain_xp(s, 10)
    assert (s.level, s.maxhp, s.hp) == (2, 6, 6)


def test_row_20_poison_then_hp_decreases() -> None:  # row 20, §7.14.2
    s = in_melee(awake("m7"), hp=4)
    do(s, "hit:1", "m1", "m4", "m9", "m9", "m5")  # miss; the rattlesnake hits; poison 5
    assert s.strength == -1 and s.hp == 2
    k = keys(s)
    assert k.index("ev.str_down") < k.index("ev.hp_down")


def test_row_20_freeze_and_freezing_to_death() -> None:  # row 20, §7.14.1, D50
    s = in_melee(awake("m6"), hp=4)
    s.cont = False
    do(s, "hit:1", "m1", "m4", "m9", "m9", "m9", "m1")  # ice monster hits; freeze 10 >= 8 + 2
    assert s.status & FROZEN
    assert "hit:1" not in legal(s) or s.phase == TURN_END
    s.status |= FROZEN
    at(s, MELEE)
    do(s, "wait", "m8", "m8", "m8", "m2")  # it hits again; a second freeze kills
    assert s.phase == OVER and s.cause == "freezing"


def test_row_21_death_check() -> None:  # row 21, §4.8
    s = in_melee(awake("m7"), hp=2)
    s.cont = False
    do(s, "hit:1", "m1", "m4", "m9", "m9", "m1")
    assert s.phase == OVER and s.cause == "monster" and s.killer == "rattlesnake"


def test_row_22_sustain_strength_ring() -> None:  # row 22, §7.22
    s = in_melee(awake("m7"), hp=4)
    s.rings = [Ring("sustain_strength", False, 1)]
    do(s, "hit:1", "m1", "m4", "m9", "m9", "m5")
    assert s.strength == 0


def test_row_23_death_fills_the_score_card() -> None:  # row 23, §4.2
    s = in_melee(awake("m7"), hp=2, gold=77)
    s.cont = False
    do(s, "hit:1", "m1", "m4", "m9", "m9", "m1")
    r = s.result()
    assert r.score == 77 and r.details["cause"] == "monster" and r.details["floor"] == 1


def test_row_24_levitation_avoids_traps() -> None:  # row 24, §7.18, D45
    s = at_door(status=LEVIT)
    s.slots[4] = [slot_of("p2")]
    do(s, "enter")
    assert not s.is_chance() and not s.status & HELD


def test_rows_25_26_haste_and_slow_cancel() -> None:  # rows 25, 26, §7.21 (target named, D63)
    s = quiet_room()
    s.slots[4] = [awake("m2", flags=M_SLOW | M_DEEP)]
    s.scrolls[9 + 3] = 1  # p4: haste monster
    do(s, "read:p4,1")
    assert s.slots[4][0].flags & (M_SLOW | M_HASTE) == 0
    s.slots[4][0].flags |= M_HASTE
    s.scrolls[9 + 4] = 1  # p5: slow monster
    do(s, "read:p5,1")
    assert s.slots[4][0].flags & (M_SLOW | M_HASTE) == 0


def test_row_27_asleep_passage_monster_stays() -> None:  # row 27, §7.17, D60
    s = _passage()
    s.lab[5] = (3, 2)
    s.pmon = awake("m2", flags=M_DEEP)
    do(s, "go:on", "m1")
    assert s.pmon is not None
    s = _passage()
    s.lab[5] = (3, 2)
    s.pmon = awake("m2")
    at(s, THREAT)
    do(s, "flee:on", "m1")
    # the emu went into the room at the other end
    assert s.pmon is None and any(x.monster is not None and x.monster.index == 2 for x in s.slots[4])


def test_row_28_monster_attacks() -> None:  # row 28, §7.11.5
    s = in_melee(awake("m2", flags=M_CONF))
    do(s, "hit:1", "m1", "m4", "m5")  # confused emu loses its attack on 1d9 <= 5
    assert "ev.mon_hit" not in keys(s) and "ev.mon_miss" not in keys(s)


def test_row_29_slowed_monster_no_pincer() -> None:  # row 29
    s = at_door()
    s.slots[4] = [awake("m2")]
    s.slots[5] = [awake("m2", flags=M_SLOW)]
    at(s, THREAT)
    do(s, "flee", "m1")
    assert "ev.pincer" not in keys(s)


def test_row_30_cancelled_monster_uses_no_ability() -> None:  # row 30
    s = in_melee(awake("m7", flags=M_CANCEL), hp=4)
    do(s, "hit:1", "m1", "m4", "m9", "m9")
    assert s.strength == 0 and s.hp == 2


def test_row_31_cancellation_clears_haste_and_invisible() -> None:  # row 31
    # an Invisible monster can be named only while engaged with the PC (§7.21, D63)
    s = in_melee(awake("m2", flags=M_HASTE | M_INVIS))
    s.scrolls[9 + 7] = 1  # p8: cancellation
    do(s, "read:p8,1")
    settle(s)
    assert s.slots[4][0].flags & M_CANCEL and not s.slots[4][0].flags & (M_HASTE | M_INVIS)


def test_row_32_nymph_steals_the_ring_of_adornment_first() -> None:  # row 32, §7.14.5
    s = in_melee(awake("m9", 6), floor=6)  # a nymph (m9 on B6: window tuned, JR-P8)
    s.rings = [Ring("adornment", True, 1)]  # a cursed, worn Ring of Adornment
    s.potions[0] = 1
    do(s, "hit:1", "m1", "m4", "m9", "m9", "m2")
    assert s.rings == [] and s.potions[0] == 1 and s.phase == PLAY  # the nymph vanished


def test_row_33_clairvoyance_clears_blind() -> None:  # row 33
    s = quiet_room(status=BLIND)
    s.potions[5] = 1
    do(s, "quaff:s6")
    assert s.status & CLAIR and not s.status & BLIND


def test_row_34_levitation_clears_held() -> None:  # row 34
    s = quiet_room(status=HELD)
    s.potions[6] = 1
    do(s, "quaff:s7")
    assert s.status & LEVIT and not s.status & HELD


def test_row_35_rust_cancelled_by_protection() -> None:  # row 35, §7.14.4
    s = at_door()
    s.slots[4] = [slot_of("p6")]
    s.armours[0].protected = True
    do(s, "enter", "s9")
    assert s.armours[0].enchant == 0
    s = at_door()
    s.slots[4] = [slot_of("p6")]
    do(s, "enter", "s9")
    assert s.armours[0].enchant == -1


def test_row_36_see_invisible_ring() -> None:  # row 36, §7.22
    s = quiet_room()
    s.slots[4] = [awake("m2", flags=M_INVIS | M_DEEP)]
    s.rings = [Ring()]
    do(s, "puton:1", "m2")  # the kind is drawn when first put on: 2 = see invisible
    assert not s.slots[4][0].flags & M_INVIS


def test_row_37_pick_up_only_in_a_room() -> None:  # row 37
    s = at_door()
    s.slots[4] = [slot_of("s2")]
    assert not any(a.startswith("pick") for a in legal(s))
    s = quiet_room()
    s.slots[4] = [slot_of("s2")]
    assert "pick:1" in legal(s)


def test_row_38_s1_below_floor_10_is_food() -> None:  # row 38, D39
    s = quiet_room(floor=9)
    s.slots[4] = [slot_of("s1", 9)]
    do(s, "pick:1")
    assert not s.amulet and s.food == 1 + FOOD_GAIN  # food.item_gain, tuned (JR-P8)


def test_row_39_gold_lover_guards_gold() -> None:  # row 39, D48
    s = quiet_room()
    s.slots[4] = [awake("m8", flags=M_DEEP), slot_of("p7")]
    assert "pick:2" not in legal(s)
    s.slots[4][0].flags |= M_CANCEL
    assert "pick:2" in legal(s)


def test_row_40_carry_limits_before_the_stairs() -> None:  # row 40, §7.25, D37
    s = quiet_room(lab=(4, 0))
    s.weapons = [Weapon("mace"), Weapon("dagger"), Weapon("long_sword", known=False)]
    do(s, "stairs:down")
    # §7.25: the PL chooses what to discard (JR-P3); the stairs are taken once within the limits
    assert s.floor == 1 and legal(s) == {"discard:w,1", "discard:w,2", "discard:w,3", "forced-end"}
    do(s, "discard:w,2")
    settle(s)
    assert s.floor == 2 and [w.kind for w in s.weapons] == ["mace", "long_sword"]


def test_row_41_is_covered_by_test_seed() -> None:  # row 41: see test_seed.py
    from .test_seed import test_pile_runs_out_food_check_then_restack

    test_pile_runs_out_food_check_then_restack()
