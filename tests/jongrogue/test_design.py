"""The designed systems of §7 (traps, items, potions, scrolls, rings, curses, identification,
the monster window, abilities, continue), with chosen tiles; numbers from the reference."""

from __future__ import annotations

from fractions import Fraction

import pytest

from solotable.games.jongrogue.data import rules_data as data
from solotable.games.jongrogue.rules.turns import DEATH, MELEE, PLAY, THREAT
from solotable.games.jongrogue.state import (
    ADDED,
    ASLEEP,
    BLIND,
    CONFUSED,
    DOOR,
    HELD,
    K_GONE,
    LEVIT,
    M_ASLEEP,
    M_DEEP,
    M_DISGUISED,
    PASSAGE,
    Ring,
    Weapon,
)

from .helpers import (
    FOOD_GAIN,
    FOOD_GAIN_REFERENCE,
    WINDOW_REFERENCE,
    WINDOW_TUNED,
    G,
    at,
    do,
    feed,
    keys,
    keys_events,
    legal,
    quiet_room,
    settle,
    slot_of,
)

WINDOW_REF = {1: "KEBSHIROZ", 2: "KEBSHIROZ", 3: "EBSHIROZL", 4: "BSHIROZLC", 5: "HIROZLCQA", 6: "ROZLCQANY",
              7: "ZLCQANYFT", 8: "CQANYFTWP", 9: "ANYFTWPXU", 10: "YFTWPXUMV", 11: "FTWPXUMVG", 12: "TWPXUMVGJ",
              13: "WPXUMVGJD", 40: "WPXUMVGJD"}  # §7.13 as printed
# tuned by simulation (§7.30, JR-P8): floors 6-10 start one monster earlier
WINDOW = {**WINDOW_REF, 6: "IROZLCQAN", 7: "OZLCQANYF", 8: "LCQANYFTW", 9: "QANYFTWPX", 10: "NYFTWPXUM"}


@pytest.mark.parametrize("floor", sorted(WINDOW))
def test_monster_window(floor: int) -> None:  # §7.13, tuned (JR-P8), D22
    d = data()
    assert "".join(d.monster_for(n, floor).ch for n in range(1, 10)) == WINDOW[floor]


def test_tuned_values() -> None:
    """JR-P8: exactly the documented values differ from the reference's table, each with the
    reference's value and the reason in its provenance (``rules jongrogue --provenance``)."""
    d = data()
    gain = d.food.item_gain
    assert gain.value == FOOD_GAIN != FOOD_GAIN_REFERENCE and gain.tag == "DESIGN"
    assert f"was {FOOD_GAIN_REFERENCE}" in gain.note and "§7.30" in gain.note
    assert list(d.window.start) == WINDOW_TUNED and list(d.window.reference) == WINDOW_REFERENCE
    assert "§7.30" in d.window.note
    ref = {f: "".join(d.monsters[s + n].ch for n in range(9)) for f, s in enumerate(WINDOW_REFERENCE, start=1)}
    assert all(ref[f] == WINDOW_REF[f] for f in WINDOW_REF if f <= 13)  # the reference window is §7.13's
    listing = G.rules_listing("provenance")
    assert "food.item_gain" in listing and f"was {FOOD_GAIN_REFERENCE}" in listing
    assert "F6: s=5  I R O Z L C Q A N  [DESIGN]  (was s=6: R O Z L C Q A N Y)" in listing
    assert "F11: s=15  F T W P X U M V G  [DESIGN]\n" in listing  # unchanged rows say nothing more


def test_monster_table_rows() -> None:  # §7.12 spot checks
    d = data()
    by = {m.ch: m for m in d.monsters}
    assert (by["K"].hp, by["K"].dmg, by["K"].attack, by["K"].xp) == (4, 1, 10, 2)
    assert (by["D"].hp, by["D"].dmg, by["D"].attack, by["D"].xp, by["D"].drop) == (49, 11, 2, 5000, 8)
    assert by["F"].dmg < 0 and by["F"].sleep == "none"
    assert by["L"].drop == 0 and "steal_gold" in by["L"].abilities


def test_trap_door_falls_one_floor() -> None:  # §7.18 p1
    s = quiet_room()
    s.pos = DOOR
    s.side = 1
    s.slots[4] = [slot_of("p1")]
    do(s, "enter", "s5")
    settle(s)
    assert s.floor == 2


def test_teleport_trap_draws_until_another_room() -> None:  # §7.18 p3, §2.6
    s = quiet_room()
    s.pos = DOOR
    s.side = 1
    s.slots[4] = [slot_of("p3")]
    do(s, "enter", "s5", "m5", "p5", "s2")  # springs; 5 is this room (5) twice, then room 2
    settle(s)
    assert s.room == 1 and s.pos == 0  # inside room 2


def test_poison_dart_and_its_death_cause() -> None:  # §7.18 p4, §4.8
    s = quiet_room(hp=2)
    s.cont = False
    s.pos = DOOR
    s.side = 1
    s.slots[4] = [slot_of("p4")]
    do(s, "enter", "s5", "m9")  # ceil(9/3) = 3 damage
    assert s.cause == "poison_dart"


def test_sleeping_gas() -> None:  # §7.18 p5
    s = quiet_room()
    s.pos = DOOR
    s.side = 1
    s.slots[4] = [slot_of("p5")]
    do(s, "enter", "s5")
    assert s.status & ASLEEP and legal(s) == {"rest", "forced-end"}


@pytest.mark.parametrize("tile,check", [("s2", "food"), ("s3", "potion"), ("s5", "scroll"), ("s7", "weapon"),
                                        ("s8", "armour"), ("s9", "ring")])
def test_item_categories(tile: str, check: str) -> None:  # §7.19, D30
    s = quiet_room(slots=(tile,))
    outcomes = {"potion": ("m1", "s4"), "scroll": ("s1", "p7"), "weapon": ("m8",), "armour": ("m9",)}
    do(s, "pick:1", *outcomes.get(check, ()))
    if check == "food":
        assert s.food == 1 + FOOD_GAIN  # food.item_gain, tuned (JR-P8)
    elif check == "potion":
        assert s.potions[3] == 1  # appearance s4 = row 4 in EZ (restore strength)
    elif check == "scroll":
        assert s.scrolls[9 + 6] == 1  # p7
    elif check == "weapon":
        assert s.weapons[-1].kind == "long_sword"
    elif check == "armour":
        assert s.armours[-1].kind == "plate"
    else:
        assert len(s.rings) == 1 and s.rings[0].kind is None and not s.rings[0].hand


def test_gold_is_2d9_times_floor() -> None:  # §7.19, D31
    s = quiet_room(slots=("p8",), floor=4)
    do(s, "pick:1", "m9", "s9")
    assert s.gold == 72


@pytest.mark.parametrize("app,field,expected", [
    ("s1", "hp", 3), ("s2", "hp", 4), ("s3", "strength", 1), ("s5", "level", 2), ("s8", "status", BLIND),
    ("s9", "status", CONFUSED),
])
def test_potions(app: str, field: str, expected: int) -> None:  # §7.20 (EZ: row = appearance)
    s = quiet_room(hp=1)
    s.potions[int(app[1]) - 1] = 1
    do(s, f"quaff:{app}")
    assert getattr(s, field) == expected


def test_restore_strength() -> None:  # §7.20 row 4
    s = quiet_room(strength=-2, max_str=1)
    s.potions[3] = 1
    do(s, "quaff:s4")
    assert s.strength == 1


def test_identification_links_are_uniform_over_hidden_rows() -> None:  # §7.26, §3.2 EZ Plus
    s = quiet_room("ez-plus")
    s.potions[2] = 1
    do(s, "quaff:s3")
    table = s.chance_table()
    assert {str(a) for a in table.actions} == {f"link:{r}" for r in range(1, 10)}
    assert all(p == Fraction(1, 9) for _, p in table.outcomes)
    feed(s, "link:2")  # s3 is extra healing
    assert s.hp == s.maxhp and s.pot_row[2] == 1
    assert s.observation()["identified"]["potions"] == {"s3": "extra_healing"}
    s.potions[4] = 1
    do(s, "quaff:s5")
    assert "link:2" not in {str(a) for a in s.chance_table().actions}


def test_scrolls_known_in_ez_hidden_in_ez_plus() -> None:  # §7.26
    s = quiet_room("ez")
    assert s.scr_row == list(range(18))
    t = quiet_room("ez-plus")
    assert t.scr_row == [-1] * 18 and t.observation()["identified"]["scrolls"] == {}


def test_enchant_weapon_and_remove_curse() -> None:  # §7.21 rows 4, 9; §7.24, D36
    s = quiet_room()
    s.weapons[0].enchant = -1
    s.weapons[0].cursed = True
    s.scrolls[3] = 1
    do(s, "read:m4")
    assert (s.weapons[0].enchant, s.weapons[0].cursed) == (0, False)


def test_cursed_equipment_cannot_be_removed() -> None:  # §7.24, D35, D36
    s = quiet_room()
    s.weapons.append(Weapon("long_sword", known=False))
    do(s, "wield:2", "m1")  # first equipped: 1d9 = 1, cursed -1
    assert (s.weapons[1].enchant, s.weapons[1].cursed) == (-1, True)
    assert "wield:1" not in legal(s) and "wield:0" not in legal(s)


def test_ring_of_teleportation_is_always_cursed() -> None:  # §7.22
    s = quiet_room()
    s.rings = [Ring()]
    left = sum(s.pile)
    do(s, "puton:1", "m1")  # kind 1: teleportation, always cursed: no curse-check tile (issue 25)
    assert (s.rings[0].kind, s.rings[0].cursed) == ("teleportation", True) and "remove:1" not in legal(s)
    assert sum(s.pile) == left - 1 and not s.is_chance()


def test_magic_mapping() -> None:  # §7.21 row 12
    s = quiet_room()
    s.lab = [None] * 9
    s.lab[4] = (0, 1)
    s.lab_left = [3, 3, 4, 4, 2]
    s.scrolls[9 + 2] = 1
    do(s, "read:p3")
    while s.is_chance():
        s.apply(s.chance_table().actions[0])
    assert all(p is not None for p in s.lab) and all(f == 15 for f in s.found)


def test_wanderer_in_a_passage_is_a_passage_monster() -> None:  # §7.17
    s = quiet_room()
    s.pos = PASSAGE
    s.pfrom = 4
    s.side = 1
    do(s, "rest", "p1", "m2", "m1")
    assert s.pmon is not None and s.phase == THREAT


def test_xeroc_pick_up_attacks_at_once() -> None:  # §7.14.8
    s = quiet_room(floor=9)
    x = slot_of("m9", 9, M_DEEP | M_DISGUISED)  # a xeroc (window tuned, JR-P8)
    s.slots[4] = [x]
    do(s, "pick:1", "m1", "m1")
    assert "ev.mimic" in keys(s) and s.phase == THREAT


def test_nymph_may_steal_the_amulet() -> None:  # §7.14.5, D47
    s = quiet_room(floor=6, amulet=True)
    n = slot_of("m9", 6)  # a nymph (window tuned, JR-P8)
    s.slots[4] = [n]
    s.bow = False
    s.missiles = [False, False, False]
    at(s, MELEE)
    s.turn = 1
    do(s, "hit:1", "m1", "m4", "m9", "m9", "m2")
    assert not s.amulet and s.observation()["sheet"]["stairs"] == "T"


def test_flytrap_holds_and_grows() -> None:  # §7.14.10
    s = quiet_room(floor=7, hp=20, maxhp=20)
    s.slots[4] = [slot_of("m9", 7)]  # a venus flytrap (window tuned, JR-P8)
    at(s, MELEE)
    s.turn = 1
    do(s, "hit:1", "m1", "m4", "m9", "m9")
    assert s.status & HELD and s.hp == 19
    at(s, MELEE)
    do(s, "hit:1", "m1", "m4", "m9", "m8")
    assert s.hp == 17


def test_levitation_blocks_pick_up() -> None:  # D45
    s = quiet_room(slots=("s2",), status=LEVIT)
    assert "pick:1" not in legal(s)


def test_continue_after_starvation_restacks_without_a_second_food_check() -> None:  # D59
    s = quiet_room(food=0)
    s.cont = True
    s.pile = [0] * 27
    s.pile[0] = 1
    s.pile_n = 1
    s.discard = [4] * 27
    s.discard[0] = 3
    s.discard_n = 107
    s.slots = [[] for _ in range(9)]
    do(s, "rest", "m1")
    assert s.phase == DEATH
    do(s, "continue")
    settle(s)
    on_map = sum(len(r) for r in s.slots)
    assert s.phase in (PLAY, THREAT) and s.food == 0
    assert s.pile_n + s.discard_n + on_map == 108 and s.pile_n > 60  # restacked before the new floor


def test_turn_end_offers_keep_or_flee() -> None:  # row 17 after resolution, §7.11.7
    s = quiet_room()
    s.slots[4] = [slot_of("m2")]
    at(s, MELEE)
    s.turn = 1
    do(s, "hit:1", "m1", "m4", "m1", "m2")
    assert {"keep", "flee:E", "flee:S"} <= legal(s)


def test_teleport_monster_takes_the_named_one_of_two_alike() -> None:  # §7.21 teleport monster
    """Regression (found by 100,000 random games): with two equal monsters at a door, the one
    named goes away and the lead monster stays, by identity and not by value."""
    s = quiet_room(slots=("m1", "m1"))
    s.pos = DOOR
    s.side = 1
    for m in s.slots[4]:
        m.flags |= M_ASLEEP
    first, second = s.slots[4]
    assert (first.tile, first.flags, first.hp) == (second.tile, second.flags, second.hp) and first is not second
    s.lead = 4 * 64 + 0  # the first was attacked asleep from this door
    s.scrolls[17] = 1  # p9: teleport monster (EZ: rows known)
    do(s, "read:p9,2", "m1")  # the second is named; it lands in room 1 (it raised StopIteration)
    assert s.slots[4][1].kind == K_GONE and s.lead == 4 * 64 + 0 and s.lead_slot() is first
    assert s.slots[0][-1].up == 2  # arrived during the floor (D60)
    # the room's other tiles keep their numbers (issue 11 item 9)
    assert [sl["slot"] for sl in s.observation()["map"][4]["slots"]] == [1]


def test_slots_keep_their_numbers_when_a_tile_leaves_the_room() -> None:  # issue 11 item 9
    """A teleported monster leaves its slot empty; the tiles after it keep their numbers."""
    s = quiet_room(slots=("m1", "m2", "s3"))
    s.scrolls[17] = 1  # p9: teleport monster (EZ: rows known)
    for m in s.slots[4][:2]:
        m.flags |= M_ASLEEP
    do(s, "read:p9,1", "m1")  # the kestrel in slot 1 goes to room 1
    assert [sl["slot"] for sl in s.observation()["map"][4]["slots"]] == [2, 3]
    assert "pick:3" in legal(s) and "attack:2" in legal(s)


def test_a_drop_value_of_0_still_draws_its_tile() -> None:  # §7.11.9, JR-P9
    """The drop check draws 1d9 for every kill (§7.11.9 as written): with a drop value of 0 it
    cannot succeed, but its tile leaves the pile (a tile of the food clock, as at the table)."""
    from .test_trigger_table import awake, in_melee

    s = in_melee(awake("m2"))  # an emu: drop value 0 (§7.12)
    s.slots[4][0].hp = 1
    pile = s.pile_n
    do(s, "hit:1", "m9", "m9")  # 18: the kill
    assert s.is_chance() and s.phase.name == "drop_check"
    do(s, "m1")  # 1 <= 0 fails: no item
    assert not s.is_chance() and s.pile_n == pile - 3 and s.phase == PLAY
    assert not any(x.up == ADDED for x in s.slots[4])
    s = in_melee(awake("m8"))  # an orc: drop value 1
    s.slots[4][0].hp = 1
    do(s, "hit:1", "m9", "m9")
    assert s.is_chance() and s.chance_table().actions[0].name == "tile"  # the drop check's 1d9


def test_the_death_text_names_the_monster() -> None:  # §4.8: (monster name)と戦いて死す
    from .test_trigger_table import awake, in_melee

    s = in_melee(awake("m7"), hp=2)  # a rattlesnake
    s.cont = False
    do(s, "hit:1", "m1", "m4", "m9", "m9", "m1")
    died = next(e for e in keys_events(s) if e.key.startswith("jr.ev.died"))
    assert G.event_text(died, "en") == "You die: killed by the Rattlesnake."
    assert G.event_text(died, "ja") == "死亡：がらがらへびと戦いて死す。"
