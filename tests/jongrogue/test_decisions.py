"""The decisions of the rules reference (jongrogue.md §8, D1-D67) that no other test checked, one
test (or parametrised test) each, named for the decision and citing it, with chosen tiles: both
sides of every threshold, and what the decision's alternative would have done does not happen.
Decisions checked elsewhere are cited on those tests (test_seed, test_design, test_trigger_table);
D55, a balance target, is measured by ``benchmarks/jr_balance.py`` (docs/rulings.md JR-P8), not by
a unit test. A decision the code does not follow is an ``xfail(strict=True)`` test saying how."""

from __future__ import annotations

from fractions import Fraction

import pytest

from solotable.core.engine import OVER
from solotable.core.protocol import Result
from solotable.games.jongrogue.data import rules_data as data
from solotable.games.jongrogue.notation import LAB_INDEX, TILE_INDEX
from solotable.games.jongrogue.rules.combat import gain_xp
from solotable.games.jongrogue.rules.turns import DEATH, MELEE, PLAY, RANGED, THREAT, TURN_END
from solotable.games.jongrogue.state import (
    ADDED,
    CONFUSED,
    DOOR,
    DOWN,
    FROZEN,
    HELD,
    K_GONE,
    K_TRAP,
    LEVIT,
    M_ASLEEP,
    M_DEEP,
    M_HASTE,
    M_SCARED,
    M_SLOW,
    PASSAGE,
    POTIONS,
    RINGS,
    ROOM,
    SCROLLS,
    UP,
    Armour,
    JongRogueState,
    Ring,
    Slot,
    Weapon,
    face_down,
    max_hp_of,
)
from solotable.sim.runner import SimStats

from .helpers import XP_TABLE, G, at, do, feed, keys, legal, new, quiet_room, settle, slot_of
from .test_trigger_table import _passage, at_door, in_melee

N, E, S, W = 0, 1, 2, 3
T_, N_, S_, P_, R_ = (LAB_INDEX[x] for x in "TNSPR")  # labyrinth tiles: East, South, West, North winds, stairs


# -- D4-D12: tiles, map, time --------------------------------------------------------------------


@pytest.mark.parametrize("rules,copies", [("ez", 4), ("ez-plus", 3)])
def test_d4_the_labyrinth_set_is_apart_and_the_pile_keeps_its_fives(rules: str, copies: int) -> None:  # D4
    s = new(rules)
    # every five stays in the pile (the alternative takes the red fives pR, sR out: p5, s5 one short)
    assert [s.pile[TILE_INDEX[t]] for t in ("m5", "p5", "s5")] == [copies] * 3
    assert sum(s.pile) == 27 * copies
    # the labyrinth set: 4 of each wind and the 2 stairs tiles, 18, drawn from apart
    assert s.lab_left == [4, 4, 4, 4, 2] and s.lab_n == 18
    feed(s, "m5", "lab:R", "lab:R")  # the start room (5), both its labyrinth tiles stairs
    assert s.lab_left[R_] == 0 and s.pile[TILE_INDEX["m5"]] == copies - 1  # only the drawn m5 left the pile
    assert s.has_stairs(4)


@pytest.mark.parametrize("tile,room,door,not_door", [
    ("m1", 0, "door:S", "door:N"),  # 1 = NW: its north wall is the outer wall (numpad: 1 = SW)
    ("s3", 2, "door:S", "door:N"),  # 3 = NE
    ("p7", 6, "door:N", "door:S"),  # 7 = SW (numpad: 7 = NW)
    ("m9", 8, "door:N", "door:S"),  # 9 = SE
])
def test_d5_rooms_are_numbered_in_reading_order(tile: str, room: int, door: str, not_door: str) -> None:  # D5
    s = new("ez")
    feed(s, tile, "lab:P", "lab:N")  # the start room; its pair: a north and a south door
    feed(s, "s2", "s2", "p7", "p8")  # its four tiles, turned up: no monster
    assert s.room == room and s.pos == ROOM and s.phase == PLAY
    acts = legal(s)
    assert door in acts and not_door not in acts  # a door on the outer wall is no usable door (D7)


def test_d6_doors_passages_and_hidden_passages() -> None:  # D6
    s = quiet_room(lab=(T_, N_))  # room 5: an East and a South wind: doors on the east and south walls
    acts = legal(s)
    assert {"door:E", "door:S"} <= acts and not acts & {"door:N", "door:W"}
    assert {"search:N", "search:W"} <= acts and not acts & {"search:E", "search:S"}
    # room 6 has no west door: the passage is open from room 5's side, hidden from room 6's
    s = _passage()
    do(s, "go:on", "m1", "lab:P", "lab:N")  # room 6's pair: north and south doors only
    assert (s.pos, s.room, s.side) == (DOOR, 5, W)  # walking the passage reveals its hidden end
    assert s.found[5] & 1 << W
    do(s, "enter")
    assert "door:W" in legal(s)  # found: a usable door until the PC leaves the floor
    t = quiet_room(room=5, lab=(P_, N_))  # the same room from the inside, the end not found
    assert "door:W" not in legal(t) and "search:W" in legal(t)
    # a search succeeds on 1d9 >= 6: 5 fails, 6 opens the passage (every interior wall has one)
    do(t, "search:W", "m1", "m5")
    assert not t.found[5] & 1 << W and "door:W" not in legal(t)
    do(t, "search:W", "m1", "m6")
    assert t.found[5] & 1 << W and "door:W" in legal(t)


def test_d7_doors_on_the_outer_wall_are_dead_ends() -> None:  # D7
    s = quiet_room(room=0, lab=(P_, T_))  # room 1 (NW): a North wind (outer wall) and an East wind
    acts = legal(s)
    assert "door:E" in acts and "door:N" not in acts and "search:N" not in acts
    s.status = CONFUSED
    do(s, "door:E", "m4")  # 1d9 = 4 <= 4: the move strays, to a usable door: only the east one
    assert not s.is_chance()  # one usable door: no tile for the choice (§2.5 step 7)
    assert (s.pos, s.side) == (DOOR, E)


def test_d8_the_stairs_plate_east_then_south() -> None:  # D8
    s = quiet_room(lab=(R_, R_), floor=2)  # two stairs tiles: not one up and one down
    acts = legal(s)
    assert "stairs:down" in acts and "stairs:up" not in acts
    assert s.observation()["sheet"]["stairs"] == "T"
    s.amulet = True  # the Amulet held: the plate shows South
    acts = legal(s)
    assert {"stairs:down", "stairs:up"} <= acts and s.observation()["sheet"]["stairs"] == "S"
    do(s, "stairs:up")
    assert s.floor == 1


def test_d9_encounter_processing_at_the_door_or_inside() -> None:  # D9
    s = _passage()
    s.processed[5] = False
    s.slots[5] = [slot_of("s2")]
    s.slots[5][0].up = DOWN
    do(s, "go:on", "m1", "lab:P", "lab:N")
    # processed on arrival at the door, before the PC enters (not "only on entering")
    assert (s.pos, s.room) == (DOOR, 5) and s.processed[5] and s.slots[5][0].up == UP
    assert "ev.encounter" in keys(s)
    do(s, "pass", "m2")  # back into the passage, and on to room 6's door again
    do(s, "go:back", "m3")
    assert (s.pos, s.room) == (DOOR, 5) and "ev.encounter" not in keys(s)  # once per room and floor
    # inside a room: a teleport places the PC in an unprocessed room, which is processed at once
    t = quiet_room()
    t.processed[0] = False
    t.slots[0] = [slot_of("s2")]
    t.slots[0][0].up = DOWN
    t.lab[0] = (T_, N_)
    t.scrolls[5] = 1  # m6: teleport (EZ: rows known)
    do(t, "read:m6", "m1")  # to room 1
    assert (t.pos, t.room) == (ROOM, 0) and t.processed[0] and t.slots[0][0].up == UP


def test_d10_traps_visible_spring_on_5_and_stay_armed() -> None:  # D10
    s = _passage()
    s.processed[5] = False
    s.slots[5] = [slot_of("p6")]  # a rust trap
    s.slots[5][0].up = DOWN
    do(s, "go:on", "m1", "lab:P", "lab:N")
    assert s.slots[5][0].up == UP  # visible once the room is processed, before any entry
    do(s, "enter", "s4")  # 1d9 = 4: it does not spring
    assert s.armours[0].enchant == 0 and "ev.trap_quiet" in keys(s)
    do(s, "door:W")
    do(s, "enter", "s5")  # 1d9 = 5: it springs, the ring mail rusts
    assert s.armours[0].enchant == -1
    assert s.slots[5][0].kind == K_TRAP  # it stays armed
    do(s, "door:W")
    do(s, "enter", "p5")  # and springs again on a later entry
    assert s.armours[0].enchant == -2


def test_d11_time_passes_only_on_rest_passage_steps_and_search() -> None:  # D11
    s = quiet_room(food=3)
    pile, discard = s.pile_n, s.discard_n
    do(s, "door:E")  # room -> door: no time
    do(s, "enter")  # door -> room: no time
    do(s, "wield:0")  # camp: no time
    assert (s.pile_n, s.discard_n) == (pile, discard) and not s.is_chance()
    do(s, "door:E")
    do(s, "pass", "m1")  # door -> passage: one tile discarded unused; a 1 costs no food point
    assert (s.pile_n, s.discard_n, s.food) == (pile - 1, discard + 1, 3) and not s.is_chance()
    do(s, "go:back", "m1")  # passage -> door: one tile
    assert (s.pile_n, s.food) == (pile - 2, 3) and not s.is_chance()
    do(s, "enter")
    do(s, "search:N", "m1", "m2")  # the time tile, then the search's own 1d9
    assert s.pile_n == pile - 4
    do(s, "rest", "m1", "p1")  # the time tile, then the wandering-monster tile
    assert s.pile_n == pile - 6 and s.food == 3


@pytest.mark.parametrize("level", range(1, 16))
def test_d14_max_hp_is_2l_plus_2(level: int) -> None:  # D14
    s = quiet_room()
    gain_xp(s, XP_TABLE[level - 1])
    assert s.level == level and s.maxhp == max_hp_of(level) == 2 * level + 2


@pytest.mark.parametrize("level,gain", [(1, 1), (3, 1), (4, 2), (7, 2), (8, 3), (11, 3), (12, 4), (15, 4)])
def test_d15_hp_recovery_is_1_plus_a_quarter_level(level: int, gain: int) -> None:  # D15
    s = quiet_room(level=level, maxhp=2 * level + 2, hp=1)
    do(s, "rest", "m1", "p1")  # the time tile; the wandering tile is no m tile
    assert s.hp == 1 + gain
    s = quiet_room(level=level, maxhp=2 * level + 2, hp=1)
    s.pos = DOOR
    s.side = E
    do(s, "pass", "m1")  # the passage steps recover too
    assert s.hp == 1 + gain


# -- D16-D29: the PC, monsters, combat, wandering -----------------------------------------------


def _foe(tile: str = "m2", hp: int = 20, floor: int = 1, flags: int = 0) -> Slot:
    """An awake monster of ``tile`` with ``hp`` HP (to survive the hits a test counts)."""
    m = slot_of(tile, floor, flags)
    m.hp = hp
    return m


@pytest.mark.parametrize("strength,tiles,damage", [
    (0, ("m4", "m6"), 3), (2, ("m4", "m6"), 5), (-2, ("m4", "m6"), 1),  # mace 3 + strength, at least 1
    (3, ("m4", "m5"), 0),  # 9 < 10: strength does not help the hit
])
def test_d16_strength_adds_to_melee_damage_only(strength: int, tiles: tuple[str, str], damage: int) -> None:  # D16
    s = in_melee(_foe(), strength=strength, max_str=max(0, strength))
    do(s, "hit:1", *tiles)
    assert s.slots[4][0].hp == 20 - damage
    # a ranged hit: missile damage, no strength (arrows 2, total 10 against 10)
    s = quiet_room(strength=strength, max_str=max(0, strength))
    s.slots[4] = [_foe()]
    at(s, THREAT)
    do(s, "fight")
    do(s, "shoot:1,arrows", "m4", "m6", "m2")
    assert s.slots[4][0].hp == 18


def test_d16_strength_stays_within_minus_3_and_plus_3() -> None:  # D16
    s = quiet_room(strength=-3, hp=8, maxhp=8)
    s.pos = DOOR
    s.side = E
    s.slots[4] = [slot_of("p4")]  # a poison dart: damage, then strength -1 on 1d9 >= 6
    do(s, "enter", "s5", "s3", "s9")
    assert s.strength == -3 and s.hp == 7
    s = quiet_room(strength=3, max_str=3)
    s.potions[2] = 1  # s3: gain strength (EZ: row = appearance)
    do(s, "quaff:s3")
    assert (s.strength, s.max_str) == (3, 3)


@pytest.mark.parametrize("level,enchant,tiles,damage", [
    (1, 0, ("m4", "m5"), 0),  # 9 < 10 - 0 - 0: a miss
    (1, 0, ("m4", "m6"), 3),  # 10: mace 3, margin 0
    (1, 0, ("m6", "m6"), 3),  # margin 2: ⌊2/3⌋ = 0
    (1, 0, ("m6", "m7"), 4),  # margin 3: +1
    (2, 0, ("m4", "m5"), 0),  # L2: ⌊2/3⌋ = 0, still 10
    (3, 0, ("m4", "m5"), 3),  # L3: target 9
    (1, 1, ("m4", "m5"), 4),  # +1 mace: target 9, damage 3 + 1
    (1, -1, ("m4", "m6"), 0),  # cursed -1: target 11
])
def test_d17_pc_hit_and_damage(level: int, enchant: int, tiles: tuple[str, str], damage: int) -> None:  # D17
    s = in_melee(_foe(), level=level, maxhp=2 * level + 2, hp=2 * level + 2)
    s.weapons[0].enchant = enchant
    do(s, "hit:1", *tiles)
    assert s.slots[4][0].hp == 20 - damage
    assert s.phase.name == "monster_hit"  # no damage draw: the next tiles are the emu's attack


@pytest.mark.parametrize("tiles,fumble", [
    (("m1", "m1"), True), (("m1", "m2"), True), (("m2", "m1"), True),  # 2d9 <= 3
    (("m2", "m2"), False), (("m1", "m3"), False),  # 4: a hit against the minimum target 4, doubles too
])
def test_d18_fumble_is_2d9_at_most_3(tiles: tuple[str, str], fumble: bool) -> None:  # D18
    s = in_melee(_foe(), level=15, maxhp=32, hp=32)
    s.weapons[0].enchant = 3  # target 10 - 5 - 3 = 2, raised to the minimum 4
    do(s, "hit:1", *tiles)
    assert ("ev.fumble" in keys(s)) is fumble
    assert (s.slots[4][0].hp < 20) is not fumble


@pytest.mark.parametrize("level,armour,tiles,hit", [
    (3, "ring_mail", ("m6", "m6"), True),  # kestrel attack 10 + ring mail 2 + ⌊3/4⌋ 0 = 12
    (4, "ring_mail", ("m6", "m6"), False),  # + ⌊4/4⌋ = 13
    (4, "ring_mail", ("m6", "m7"), True),
    (4, "plate", ("m7", "m7"), False),  # plate 4 + 1: 15
    (4, "plate", ("m7", "m8"), True),
])
def test_d19_defence_raises_the_monster_hit_target(level: int, armour: str, tiles: tuple[str, str],
                                                   hit: bool) -> None:  # D19
    s = in_melee(_foe("m1"), level=level, maxhp=2 * level + 2, hp=2 * level + 2)
    s.armours = [Armour(armour)]
    do(s, "hit:1", "m1", "m4", *tiles)  # the PC misses (5); the kestrel attacks
    assert ("ev.mon_hit" in keys(s)) is hit
    assert s.hp == 2 * level + 2 - (1 if hit else 0)  # its full damage 1: armour reduces nothing


# §7.12 as printed: ch, HP, damage (-1: the flytrap's counter), attack value, XP, drop value
MONSTER_TABLE = """
K 4 1 10 2 0|E 4 1 9 2 0|B 4 1 10 2 0|S 3 1 11 2 0|H 5 1 9 3 0|I 5 0 9 5 0|R 7 2 8 10 0|O 9 1 8 5 1
Z 7 1 9 8 0|L 9 0 8 21 0|C 11 4 6 15 1|Q 10 3 7 20 2|A 9 0 2 20 0|N 9 0 8 39 9|Y 12 4 7 50 2
F 25 -1 7 91 0|T 25 6 8 125 3|W 15 3 8 55 0|P 26 4 7 120 5|X 14 5 8 110 0|U 30 7 6 200 3
M 33 7 6 250 2|V 19 3 6 350 2|G 39 10 6 2000 1|J 44 10 2 3000 0|D 49 11 2 5000 8"""


def _monster_rows() -> list[list[str]]:
    return [row.split() for row in MONSTER_TABLE.replace("\n", "|").strip("|").split("|")]


def test_d20_monster_stats_are_rc2_scaled_by_3() -> None:  # D20
    d = data()
    assert len(d.monsters) == 26
    for m, (ch, hp, dmg, attack, _xp, drop) in zip(d.monsters, _monster_rows(), strict=True):
        assert (m.ch, m.hp, m.dmg, m.attack, m.drop) == (ch, int(hp), int(dmg), int(attack), int(drop))
    # the attack value is the N whose 2d9 >= N is nearest RC2's hit%: e.g. the kestrel's 10 and the
    # aquator's 2 (100%); a kestrel on B1 plays with them
    s = in_melee(_foe("m1", hp=4))
    assert s.slots[4][0].mon.attack == 10 and s.slots[4][0].hp == 4


def test_d21_monster_xp_is_rc2_kill_xp() -> None:  # D21
    d = data()
    assert [m.xp for m in d.monsters] == [int(r[4]) for r in _monster_rows()]
    s = in_melee(_foe("m7", hp=1), hp=4)  # a rattlesnake: 10 XP, unscaled
    do(s, "hit:1", "m9", "m9", "m9")
    assert s.xp == 10 and s.level == 2  # the official XP table's level 2


def test_d23_one_monster_at_a_door_every_awake_one_in_a_room() -> None:  # D23
    s = in_melee(_foe(), _foe())
    do(s, "hit:1", "m1", "m4", "p1", "p1", "s1", "s1")  # the PC misses; both emus attack (and miss)
    assert keys(s).count("ev.mon_miss") == 2
    s = in_melee(_foe(), _foe())
    s.pos = DOOR
    s.side = E
    do(s, "hit:1", "m1", "m4", "m1", "m1")  # at the door: only the first emu
    assert keys(s).count("ev.mon_miss") == 1 and not s.is_chance() and s.phase.name == "turn_end"


@pytest.mark.parametrize("flags,shots", [(0, 2), (M_HASTE, 1)])
def test_d24_ranged_phase_up_to_2_shots_1_if_hasted(flags: int, shots: int) -> None:  # D24
    s = quiet_room()
    s.slots[4] = [_foe(flags=flags)]
    at(s, THREAT)
    do(s, "fight")
    for _ in range(shots):
        assert s.phase == RANGED
        do(s, "shoot:1,arrows", "m1", "m1", "m2")  # a miss; the arrows stay
    assert s.phase == MELEE


def test_d24_a_hasted_monster_woken_by_the_first_shot_leaves_no_second() -> None:  # D24, JR-P11
    """Row 16 Before ("check monster Hasted") runs before every ranged attack: once an awake
    monster of the room is Hasted, only 1 ranged attack is allowed (§7.11.3), and one is made."""
    s = quiet_room()
    s.slots[4] = [_foe(), _foe(flags=M_DEEP | M_HASTE)]  # an awake emu; a Hasted one asleep
    at(s, THREAT)
    do(s, "fight")
    assert s.phase == RANGED  # no awake monster is Hasted yet
    do(s, "shoot:2,arrows", "m1", "m1", "m2")  # a miss; row 13 after: the Hasted emu wakes
    assert not s.slots[4][1].flags & M_DEEP
    assert s.phase == MELEE and not any(a.startswith("shoot:") for a in legal(s))
    # the same with the sleeper not Hasted: the second shot is there
    s = quiet_room()
    s.slots[4] = [_foe(), _foe(flags=M_DEEP)]
    at(s, THREAT)
    do(s, "fight")
    do(s, "shoot:2,arrows", "m1", "m1", "m2")
    assert s.phase == RANGED and "shoot:1,arrows" in legal(s)


def test_a_scared_dragon_does_not_breathe() -> None:  # §7.14.11, §7.15, row 28
    """Fire breath is an attack (§7.14.11, row 28) and a Scared monster does not attack (§7.15):
    after a shot at another monster, a Scared dragon stays silent; unscared, it breathes."""
    for scared, breath in ((M_SCARED, False), (0, True)):
        s = quiet_room(floor=13, hp=20, maxhp=20)
        s.slots[4] = [_foe("m9", hp=49, floor=13, flags=scared), _foe("m2", floor=13)]  # a dragon, an emu
        at(s, THREAT)
        do(s, "fight")
        do(s, "shoot:2,arrows", "m1", "m1", "m2")  # a miss at the emu; the arrows stay
        assert s.is_chance() is breath  # the breath's hit check, or the next ranged round


@pytest.mark.parametrize("tile,gone", [("m1", True), ("p1", True), ("s2", False), ("m9", False)])
def test_d25_ammunition_runs_out_on_1d9_1(tile: str, gone: bool) -> None:  # D25
    s = quiet_room()
    s.slots[4] = [_foe()]
    at(s, THREAT)
    do(s, "fight")
    do(s, "shoot:1,arrows", "m1", "m1", tile)
    assert s.missiles[0] is not gone


def test_d26_fleeing_before_melee_is_free_leaving_melee_is_not() -> None:  # D26
    s = at_door()
    s.slots[4] = [_foe(), _foe()]
    at(s, THREAT)
    do(s, "flee", "m1")  # only the time tile: no flee check, no attack
    assert s.pos == PASSAGE and not s.is_chance()
    assert not {"ev.mon_hit", "ev.mon_miss"} & set(keys(s))
    s = at_door()
    s.slots[4] = [_foe(), _foe()]
    at(s, TURN_END)
    do(s, "flee", "m1", "m1", "m1")  # the time tile; one parting attack, from the engaged emu
    assert s.pos == PASSAGE and keys(s).count("ev.mon_miss") == 1 and not s.is_chance()
    s = quiet_room()
    s.slots[4] = [_foe(), _foe()]
    at(s, TURN_END)
    s.turn = 1
    do(s, "flee:E")  # from inside the room the monsters follow: no parting attack
    assert (s.pos, s.phase) == (DOOR, MELEE) and not s.is_chance()
    s = _passage()
    s.lab[5] = (S_, P_)
    s.pmon = _foe()
    at(s, TURN_END)
    do(s, "flee:back", "m1", "m1", "m1")  # from a passage: one parting attack
    assert s.pos == DOOR and keys(s).count("ev.mon_miss") == 1


@pytest.mark.parametrize("a,b,attacks", [(2, 1, 2), (1, 0, 0), (0, 1, 0), (1, 1, 2)])
def test_d27_pincer_one_attack_from_each_side(a: int, b: int, attacks: int) -> None:  # D27
    s = at_door()
    s.slots[4] = [_foe() for _ in range(a)]
    s.slots[5] = [_foe() for _ in range(b)]
    at(s, THREAT)
    do(s, "flee", "m1", *("p1", "p2", "s1", "s2")[:2 * attacks])  # the time tile; attacks of 3, misses
    assert ("ev.pincer" in keys(s)) is bool(attacks)
    assert keys(s).count("ev.mon_miss") == attacks and not s.is_chance() and s.pos == PASSAGE


@pytest.mark.parametrize("tiles,comes", [
    (("m5", "m3"), True), (("m5", "s1"), True),  # an m tile, then 1d9 <= 3
    (("m5", "m4"), False),  # an m tile alone is not enough
    (("p5",), False), (("s1",), False),  # no m tile: no second draw
])
def test_d28_wandering_monster_m_tile_then_3_or_less(tiles: tuple[str, ...], comes: bool) -> None:  # D28
    s = quiet_room()
    do(s, "rest", "m1", *tiles)
    assert not s.is_chance()
    assert ("ev.wanderer" in keys(s)) is comes and (s.phase == THREAT) is comes


@pytest.mark.parametrize("tile,fires", [("m1", True), ("s1", True), ("m2", False), ("p9", False)])
def test_d29_teleport_ring_fires_on_1d9_1(tile: str, fires: bool) -> None:  # D29
    s = quiet_room()
    s.lab[1] = (T_, N_)
    s.rings = [Ring("teleportation", True, 1)]
    do(s, "rest", "m1", "p1", tile, *(("m2",) if fires else ()))  # a firing ring teleports: room 2
    assert not s.is_chance()
    assert s.room == (1 if fires else 4) and s.pos == ROOM


# -- D30-D43: items, equipment, identification, deep floors, endings, statuses ---------------------


@pytest.mark.parametrize("tile,floor,draws,what", [
    ("s1", 1, (), "food"), ("s1", 10, (), "amulet"), ("s2", 1, (), "food"),
    ("s3", 1, ("m1", "s4"), "potion"), ("s4", 1, ("s6",), "potion"),
    ("s5", 1, ("s1", "p7"), "scroll"), ("s6", 1, ("m2",), "scroll"),
    ("s7", 1, ("m8",), "weapon"), ("s8", 1, ("m9",), "armour"), ("s9", 1, (), "ring"),
])
def test_d30_item_category_by_s_number(tile: str, floor: int, draws: tuple[str, ...], what: str) -> None:  # D30
    s = quiet_room(floor=floor, food=1)
    s.slots[4] = [slot_of(tile, floor)]
    do(s, "pick:1", *draws)  # no category draw: the number decides
    assert not s.is_chance()
    got = {"food": s.food > 1, "amulet": s.amulet, "potion": sum(s.potions) == 1, "scroll": sum(s.scrolls) == 1,
           "weapon": len(s.weapons) == 2, "armour": len(s.armours) == 2, "ring": len(s.rings) == 1}
    assert {k for k, v in got.items() if v} == {what}


@pytest.mark.parametrize("tile,floor,tiles,gold", [
    ("p7", 3, ("m2", "s5"), 21),  # 2d9 x F = 7 x 3 (not (7 - 6) x 1d9 x F)
    ("p9", 1, ("m1", "p1"), 2), ("p8", 5, ("s9", "m9"), 90),
])
def test_d31_gold_is_2d9_times_floor(tile: str, floor: int, tiles: tuple[str, str], gold: int) -> None:  # D31
    s = quiet_room(floor=floor)
    s.slots[4] = [slot_of(tile, floor)]
    do(s, "pick:1", *tiles)
    assert s.gold == gold and not s.is_chance()


def test_d32_the_nine_potions_and_clairvoyance_shows_the_whole_map() -> None:  # D32
    assert POTIONS == ("healing", "extra_healing", "gain_strength", "restore_strength", "raise_level",
                       "clairvoyance", "levitation", "blindness", "confusion")
    s = quiet_room(level=2, xp=15, maxhp=6, hp=6)
    s.potions[4] = 1  # s5: raise level
    do(s, "quaff:s5")
    assert (s.level, s.xp, s.maxhp, s.hp) == (3, 20, 8, 8)
    s = quiet_room()
    s.processed[0] = False
    s.slots[0] = [face_down(0) for _ in range(4)]  # room 1: four tiles face down, not yet processed
    s.potions[5] = 1  # s6: clairvoyance
    do(s, "quaff:s6", "s2", "p7", "p2", "m1")  # every face-down tile of the floor is shown
    shown = [v["tile"] for v in s.observation()["map"][0]["slots"]]
    assert shown == ["s2", "p7", "p2", "m1"]  # items, gold and traps too, not the monsters only
    assert not s.processed[0]  # shown, not processed: sleep is still determined at the encounter


def test_d33_eighteen_scrolls_drawn_uniformly() -> None:  # D33
    rc2 = ("identify", "protect_armour", "hold_monster", "enchant_weapon", "enchant_armour", "teleport", "sleep",
           "scare_monster", "remove_curse", "create_monster", "aggravate_monsters", "magic_mapping")
    wands = ("haste_monster", "slow_monster", "confuse_monster", "monster_invisibility", "cancellation",
             "teleport_monster")
    assert rc2 + wands == SCROLLS
    s = quiet_room(slots=("s5",))
    do(s, "pick:1")
    assert s.phase.name == "scroll_kind"
    probs = {str(a): p for a, p in s.chance_table().outcomes}
    scroll_tiles = [f"tile:{x}{n}" for x in "mp" for n in range(1, 10)]
    assert len({probs[t] for t in scroll_tiles}) == 1  # each appearance as likely: no duplicated rows
    t = quiet_room("ez-plus")
    t.scrolls[TILE_INDEX["p3"]] = 1
    do(t, "read:p3")
    table = t.chance_table()  # the hidden link: one of the 18 rows, each 1/18
    assert len(table.outcomes) == 18 and {p for _, p in table.outcomes} == {Fraction(1, 18)}


@pytest.mark.parametrize("rules", ["ez", "ez-plus"])
def test_d34_nine_ring_kinds_unknown_until_first_worn(rules: str) -> None:  # D34
    assert RINGS == ("teleportation", "see_invisible", "armour_protection", "sustain_strength", "adornment",
                     "regeneration", "slow_digestion", "add_strength", "searching")
    s = quiet_room(rules, slots=("s9",))
    do(s, "pick:1")
    assert not s.is_chance() and s.rings[0].kind is None  # unknown on pick-up, in every rule set
    assert s.observation()["equipment"]["rings"][0]["kind"] is None
    do(s, "puton:1", "m9")  # first put on: 1d9 on the ring table
    assert s.rings[0].kind == "searching" and s.rings[0].hand


@pytest.mark.parametrize("tile,enchant", [("m1", -1), ("s2", -1), ("m3", 0), ("p7", 0), ("m8", 1), ("s9", 1)])
def test_d35_equipment_state_drawn_when_first_equipped(tile: str, enchant: int) -> None:  # D35
    c = data().combat
    assert c.weapon_damage.value == {"bare": 1, "dagger": 2, "mace": 3, "long_sword": 4, "two_handed_sword": 5}
    assert c.missile_damage.value == {"arrows": 2, "shuriken": 2, "darts": 1}
    assert c.armour_value.value == {"leather": 1, "ring_mail": 2, "scale": 2, "chain": 3, "banded": 3, "splint": 3,
                                    "plate": 4}
    sv = data().score
    assert sv.weapon_values.value == {"dagger": 27, "mace": 360, "long_sword": 470, "two_handed_sword": 580,
                                      "bow": 150, "arrows": 150, "darts": 80, "shuriken": 350}
    assert sv.armour_values.value == {"leather": 300, "ring_mail": 300, "scale": 400, "chain": 500, "banded": 600,
                                      "splint": 600, "plate": 700}
    s = quiet_room(slots=("s7",))
    do(s, "pick:1", "m8")  # a long sword; its state is not drawn on pick-up
    assert not s.is_chance() and not s.weapons[1].known
    assert s.observation()["equipment"]["weapons"][1]["enchant"] is None
    do(s, "wield:2", tile)  # first equipped: 1-2 cursed -1, 3-7 +0, 8-9 +1
    w = s.weapons[1]
    assert w.known and (w.enchant, w.cursed) == (enchant, enchant < 0)


def test_d36_cursed_items_stay_on_until_remove_curse_or_enchant() -> None:  # D36
    s = quiet_room()
    s.weapons = [Weapon("mace", -1, cursed=True), Weapon("dagger")]
    s.armours = [Armour("ring_mail", -1, cursed=True), Armour("leather")]
    s.rings = [Ring("teleportation", True, 1)]
    acts = legal(s)
    assert not acts & {"wield:0", "wield:2", "wear:2", "remove:1", "drop:w,1", "drop:a,1", "drop:r,1"}
    assert {"drop:w,2", "drop:a,2"} <= acts  # the unequipped ones may go
    s.scrolls[8] = 1  # m9: remove curse
    do(s, "read:m9")
    assert not (s.weapons[0].cursed or s.armours[0].cursed or s.rings[0].cursed)
    assert s.weapons[0].enchant == -1  # enchantments stay
    assert {"wield:0", "wield:2", "wear:2", "remove:1", "drop:w,1", "drop:a,1", "drop:r,1"} <= legal(s)
    s = quiet_room()
    s.armours = [Armour("ring_mail", -1, cursed=True), Armour("leather")]
    s.scrolls[4] = 1  # m5: enchant armour lifts its curse
    do(s, "read:m5")
    assert (s.armours[0].enchant, s.armours[0].cursed) == (0, False) and "wear:2" in legal(s)


def test_d37_camp_is_free_out_of_threat_limits_kept_before_the_stairs() -> None:  # D37
    s = quiet_room(lab=(R_, T_), slots=("s7",))
    s.weapons = [Weapon("mace"), Weapon("dagger")]
    pile = s.pile_n
    do(s, "pick:1", "m9")  # a third melee weapon: over the limit of 2, and kept for now
    assert len(s.weapons) == 3 and s.phase == PLAY
    do(s, "drop:w,2")  # camp: free
    do(s, "wield:0")
    assert s.pile_n == pile - 1 and len(s.weapons) == 2  # only the weapon-table tile was drawn
    s.slots[4] = [_foe()]
    at(s, THREAT)
    assert not any(a.split(":")[0] in ("wield", "wear", "puton", "remove", "drop") for a in legal(s))
    s = quiet_room(lab=(R_, T_))
    s.weapons = [Weapon("mace"), Weapon("dagger"), Weapon("long_sword")]
    do(s, "stairs:down")  # row 40 runs automatically before the stairs
    assert s.floor == 1 and s.phase.name == "carry"
    do(s, "discard:w,2")
    assert s.is_chance() and s.floor == 2 and len(s.weapons) == 2


def test_d38_identified_by_use_by_the_identify_scroll_and_at_victory() -> None:  # D38
    s = quiet_room("ez-plus", lab=(R_, T_), amulet=True)
    s.potions[3] = s.potions[4] = 1  # s4, s5
    s.scrolls[0] = 1  # m1
    do(s, "quaff:s5", "link:2")  # used: extra healing, known from now on
    assert s.pot_row[4] == 1 and s.observation()["identified"]["potions"] == {"s5": "extra_healing"}
    do(s, "read:m1", "link:1", "link:3")  # the identify scroll; the only unknown thing carried: s4
    assert s.scr_row[0] == 0 and s.pot_row[3] == 2
    s.scrolls[TILE_INDEX["p7"]] = 1
    do(s, "stairs:up", "link:5")  # victory: everything held is identified before the score
    assert s.won and s.scr_row[TILE_INDEX["p7"]] == 4


@pytest.mark.parametrize("floor,hasted", [(13, False), (14, True), (20, True)])
def test_d40_every_monster_hasted_from_floor_14(floor: int, hasted: bool) -> None:  # D40
    s = quiet_room(floor=floor)
    do(s, "rest", "m2", "m1", "m3")  # a wandering monster
    assert bool(s.slots[4][-1].flags & M_HASTE) is hasted
    s = _passage(floor=floor)
    s.processed[5] = False
    s.slots[5] = [slot_of("m1", floor)]
    s.slots[5][0].up = DOWN
    do(s, "go:on", "m2", "lab:P", "lab:N", "m5")  # met at encounter processing (a wraith, awake)
    assert bool(s.slots[5][0].flags & M_HASTE) is hasted


@pytest.mark.parametrize("rules,score", [("ez", 100 + 960 + 5000), ("ez-plus", 110 + 960 + 5000)])
def test_d41_victory_score_gold_bonus_and_item_values(rules: str, score: int) -> None:  # D41
    s = quiet_room(rules, lab=(R_, T_), amulet=True, gold=100)
    do(s, "stairs:up")  # mace 360, bow 150, arrows 150, ring mail 300; the Amulet 5,000
    assert s.won and s.result().score == score
    s = quiet_room(rules, lab=(R_, T_), amulet=True, gold=100)
    s.weapons[0].enchant = 1  # +170 per weapon enchantment point
    s.armours[0].protected = True  # +200
    do(s, "stairs:up")
    assert s.result().score == score + 170 + 200


@pytest.mark.parametrize("cont", ["allowed", "off"])
def test_d42_continue_by_option_recorded_and_apart(cont: str) -> None:  # D42
    assert new("ez", **{"continue": cont}).cont is (cont == "allowed")  # the option (§1.5)
    s = quiet_room()
    s.cont = cont == "allowed"
    s.food = 0
    s.pile = [0] * 27
    s.pile[0] = 1
    s.pile_n = 1
    s.discard[0] += 3
    s.discard_n += 3
    do(s, "rest", "m1")  # starvation
    if cont == "off":
        assert s.phase == OVER and "continue" not in legal(s)
        return
    assert s.phase == DEATH and legal(s) == {"continue", "gameover"}
    do(s, "continue")
    settle(s)
    assert s.continues == 1 and s.result().details["continues"] == 1
    # a game with a continue is counted apart from the survival rate
    assert G.sim_assist == "continues"
    stats = SimStats()
    stats.add(Result(True, 10, {"continues": 1}), assist_key=G.sim_assist)
    stats.add(Result(True, 10, {"continues": 0}), assist_key=G.sim_assist)
    assert (stats.wins, stats.assisted_wins, stats.assisted_games) == (1, 1, 1)


def test_d43_frozen_lasts_one_more_turn_hungry_only_warns() -> None:  # D43
    s = in_melee(_foe("m6", hp=20))  # an ice monster
    do(s, "hit:1", "m1", "m4", "m9", "m9", "m5", "m5")  # miss; it hits (18); freeze 10 >= 8 + 2
    assert s.status & FROZEN and s.phase == TURN_END and legal(s) == {"keep", "forced-end"}
    do(s, "keep")
    assert s.status & FROZEN and "hit:1" not in legal(s)  # the next turn: still Frozen
    do(s, "wait", "m1", "m2")  # it misses; the turn after the one it began in ends
    assert not s.status & FROZEN and s.phase == TURN_END
    fed, hungry = quiet_room(food=1), quiet_room(food=0)
    assert "hungry" in hungry.observation()["sheet"]["status"] and "hungry" not in fed.observation()["sheet"]["status"]
    assert legal(fed) == legal(hungry) and hungry.status == 0  # a warning, nothing more


# -- D45-D67: levitation, the ascent, abilities, continue, pursuit, stairs, choices, combat --------


def test_d45_levitation_blocks_pick_up_stairs_and_traps() -> None:  # D45
    s = quiet_room(lab=(R_, T_), slots=("s2", "p7"), status=LEVIT)
    acts = legal(s)
    assert not any(a.startswith(("pick:", "stairs:")) for a in acts)
    s.status = 0
    assert {"pick:1", "pick:2", "stairs:down"} <= legal(s)
    s = at_door(status=LEVIT)
    s.slots[4] = [slot_of("p2")]
    do(s, "enter")  # no trap check at all: no tile drawn
    assert not s.is_chance() and not s.status & HELD


@pytest.mark.parametrize("tiles,frozen", [(("m4", "m5"), False), (("m5", "m5"), True)])
def test_d50_frozen_on_2d9_at_least_8_plus_defence(tiles: tuple[str, str], frozen: bool) -> None:  # D50
    s = in_melee(_foe("m6", hp=20))  # an ice monster; defence: ring mail 2, level 1
    do(s, "hit:1", "m1", "m4", "m9", "m9", *tiles)  # miss; it hits; the freeze determination: 9, then 10
    assert bool(s.status & FROZEN) is frozen


def test_d46_on_the_ascent_the_window_follows_the_current_floor() -> None:  # D46
    s = quiet_room(floor=5, deepest=12, amulet=True)
    do(s, "rest", "m2", "m1", "m3")  # a wanderer on m1: floor 5's hobgoblin, not floor 12's troll
    assert s.slots[4][-1].mon.ch == "H"
    s = quiet_room(floor=6, deepest=12, amulet=True, lab=(R_, T_))
    do(s, "stairs:up", "m5", "lab:T", "lab:N", "m1", "s2", "s2", "s2", "m5")  # up to floor 5; start room 5
    assert s.floor == 5 and s.deepest == 12 and s.slots[4][0].mon.ch == "H"


@pytest.mark.parametrize("tile,poisoned", [("m4", False), ("m5", True), ("s9", True)])
def test_d51_poison_on_1d9_at_least_5(tile: str, poisoned: bool) -> None:  # D51
    s = in_melee(_foe("m7", hp=7), hp=4)  # a rattlesnake
    do(s, "hit:1", "m1", "m4", "m9", "m9", tile)  # miss; it hits; the poison determination
    assert s.strength == (-1 if poisoned else 0) and s.hp == 2


@pytest.mark.parametrize("tile,stolen", [("m1", False), ("m2", True)])
def test_d51_gold_theft_on_1d9_at_least_2(tile: str, stolen: bool) -> None:  # D51
    s = in_melee(_foe("m9", hp=9, floor=3), floor=3, gold=50)  # a leprechaun on B3
    do(s, "hit:1", "m1", "m4", "m9", "m9", tile, *(("s1", "s2") if stolen else ()))  # 2d9 x F = 3 x 3
    assert s.gold == (41 if stolen else 50)
    assert (s.slots[4][0].kind == K_GONE) is stolen  # it vanishes with the gold


@pytest.mark.parametrize("tile,stolen", [("m1", False), ("s2", True)])
def test_d51_item_theft_on_1d9_at_least_2(tile: str, stolen: bool) -> None:  # D51
    s = in_melee(_foe("m9", hp=9, floor=6), floor=6)  # a nymph on B6 (window tuned, JR-P8)
    s.bow = False  # one thing to steal: the arrows (no tile for a choice of one)
    do(s, "hit:1", "m1", "m4", "m9", "m9", tile)
    assert s.missiles[0] is not stolen and (s.slots[4][0].kind == K_GONE) is stolen
    assert not s.is_chance()


@pytest.mark.parametrize("tile,drained", [("m5", False), ("m6", True)])
def test_d51_strength_drain_on_1d9_at_least_6(tile: str, drained: bool) -> None:  # D51
    s = in_melee(_foe("m8", hp=19, floor=11), floor=11, hp=8, maxhp=8)  # a vampire on B11
    do(s, "hit:1", "m1", "m4", "m9", "m9", tile)
    assert s.strength == (-1 if drained else 0) and s.hp == 5


@pytest.mark.parametrize("tile,confused", [("m5", False), ("m6", True)])
def test_d51_gaze_on_1d9_at_least_6(tile: str, confused: bool) -> None:  # D51
    s = quiet_room(floor=10)
    s.slots[4] = [_foe("m9", hp=33, floor=10)]  # a medusa on B10 (window tuned, JR-P8)
    at(s, THREAT)
    do(s, "flee:E", tile)  # room -> door: check Gaze
    assert bool(s.status & CONFUSED) is confused


@pytest.mark.parametrize("tile,damage", [("m1", 1), ("p5", 5), ("s9", 9)])
def test_d51_fire_breath_deals_1d9(tile: str, damage: int) -> None:  # D51
    s = quiet_room(floor=13, hp=20, maxhp=20)
    s.slots[4] = [_foe("m9", hp=49, floor=13)]  # a dragon
    at(s, THREAT)
    do(s, "fight")
    do(s, "shoot:1,arrows", "m1", "m1", "m2", "m9", "m9", tile)  # miss; ammo kept; the breath hits
    assert s.hp == 20 - damage


def test_d52_continue_rebuilds_the_floor_and_keeps_the_pile() -> None:  # D52
    s = in_melee(_foe("m7", floor=3), floor=3, hp=1)  # an orc on B3
    s.cont = True
    s.lab[0] = (T_, N_)
    do(s, "hit:1", "m1", "m4", "m9", "m9")  # miss; it hits: dead
    assert s.phase == DEATH
    pile = s.pile_n  # 104: 4 tiles drawn
    do(s, "continue")
    assert s.phase.name == "start_room" and s.pile_n == pile - 36  # the same pile deals the new floor
    assert s.lab == [None] * 9 and s.processed == [False] * 9  # a new labyrinth and encounter map
    feed(s, "m1", "lab:T", "lab:N", "s2", "s2", "s2", "s2")
    assert (s.floor, s.room, s.pos, s.hp, s.continues) == (3, 0, ROOM, s.maxhp, 1)
    assert s.pile_n == pile - 37


def test_d53_monsters_do_not_pursue_but_a_passage_monster_fled_from() -> None:  # D53
    s = at_door()
    emu = _foe()
    s.slots[4] = [emu]
    at(s, THREAT)
    do(s, "flee", "m1")
    assert s.pos == PASSAGE and s.pmon is None and s.phase == PLAY and s.slots[4] == [emu]
    do(s, "go:on", "m2", "lab:S", "lab:P")  # on to room 6: the emu stays in room 5
    assert s.phase == PLAY and s.slots[4] == [emu] and s.slots[5] == []
    s = _passage()
    s.lab[5] = (S_, P_)
    s.pmon = _foe()
    at(s, THREAT)
    do(s, "flee:back", "m1")  # back to room 5: the passage monster goes into room 6, the other end
    assert s.pmon is None and s.slots[5][-1].mon.ch == "E" and s.slots[5][-1].up == ADDED


def test_d54_stairs_under_threat_not_in_combat() -> None:  # D54
    s = quiet_room(lab=(R_, T_))
    s.slots[4] = [_foe()]
    at(s, THREAT)
    assert "stairs:down" in legal(s)
    t = s.clone()
    do(s, "fight")
    assert s.phase == RANGED and "stairs:down" not in legal(s)
    do(s, "skip")
    assert s.phase == MELEE and "stairs:down" not in legal(s)
    do(s, "hit:1", "m1", "m4", "m1", "m2")
    assert s.phase == TURN_END and "stairs:down" not in legal(s)
    do(t, "stairs:down")  # taken before the fight: the next floor
    settle(t)
    assert t.floor == 2


def _nymph_steals(*tiles: str, **fields: object) -> JongRogueState:
    s = in_melee(_foe("m9", hp=9, floor=6), floor=6, **fields)  # a nymph on B6 (window tuned, JR-P8)
    do(s, "hit:1", "m1", "m4", "m9", "m9", "m2", *tiles)  # miss; it hits; theft on 2; the choice
    assert not s.is_chance()
    return s


def test_d56_one_of_n_one_tile_up_to_9_two_from_10() -> None:  # D56
    t = _nymph_steals("m3")  # n = 2: 3 -> ((3 - 1) mod 2) + 1 = option 1, the bow
    assert not t.bow and t.missiles[0]
    t = _nymph_steals("p4")  # 4 -> option 2, the arrows
    assert t.bow and not t.missiles[0]
    ten = {"bow": False, "missiles": [False, False, False], "potions": [1] * 9, "scrolls": [1] + [0] * 17}
    for a, b, gone in (("m2", "m3", "s2"), ("s1", "p9", "s9"), ("p2", "s1", "m1"), ("m9", "m9", "s1")):
        # n = 10: potions s1-s9 then scroll m1; v = 9(a - 1) + b, option ((v - 1) mod 10) + 1
        t = _nymph_steals(a, b, **{k: (v[:] if isinstance(v, list) else v) for k, v in ten.items()})
        left = [f"s{i + 1}" for i in range(9) if t.potions[i]] + (["m1"] if t.scrolls[0] else [])
        assert len(left) == 9 and gone not in left
    t = _nymph_steals(bow=False)  # n = 1: the arrows, no tile drawn
    assert not t.missiles[0]


def test_d62_entering_a_room_offers_fight_or_flee() -> None:  # D62
    s = at_door()
    s.slots[4] = [_foe("m1", flags=M_ASLEEP)]  # a kestrel, a light sleeper
    assert s.phase == PLAY
    do(s, "enter")  # it wakes (row 6): a threat, not a combat
    assert s.phase == THREAT and s.pos == ROOM and not s.is_chance()
    assert {"fight", "flee:E", "flee:S"} <= legal(s) and "hit:1" not in legal(s)
    assert not {"ev.combat", "ev.mon_hit", "ev.mon_miss"} & set(keys(s))


def test_d64_ranged_rounds_are_not_combat_turns() -> None:  # D64
    s = quiet_room()
    s.slots[4] = [_foe(flags=M_SLOW)]  # a Slowed emu: it attacks on even melee turns only
    at(s, THREAT)
    do(s, "fight")
    do(s, "shoot:1,arrows", "m1", "m1", "m2")
    assert s.phase == RANGED and s.turn == 0  # no row 17 after a ranged round
    do(s, "skip")
    assert s.phase == MELEE and s.turn == 1  # the first melee turn is turn 1
    do(s, "hit:1", "m1", "m4")  # turn 1: the Slowed emu does not attack
    assert s.phase == TURN_END and not {"ev.mon_hit", "ev.mon_miss"} & set(keys(s))
    do(s, "keep")
    do(s, "hit:1", "p1", "p4", "p1", "p2")  # turn 2: it attacks
    assert "ev.mon_miss" in keys(s)


def test_d65_a_teleport_ends_combat_with_no_parting_attacks() -> None:  # D65
    s = in_melee(_foe(), _foe())
    s.lab[0] = (T_, N_)
    s.scrolls[5] = 1  # m6: teleport
    do(s, "read:m6", "m1")  # to room 1
    assert (s.room, s.pos, s.phase) == (0, ROOM, PLAY) and not s.is_chance()
    assert not {"ev.mon_hit", "ev.mon_miss"} & set(keys(s)) and len(s.slots[4]) == 2


def test_d66_a_dropped_item_leaves_the_game() -> None:  # D66
    s = quiet_room()
    s.weapons.append(Weapon("dagger"))
    s.rings = [Ring()]
    pile, discard = s.pile_n, s.discard_n
    do(s, "drop:w,2")
    do(s, "drop:r,1")
    do(s, "drop:a,1")
    assert len(s.weapons) == 1 and s.rings == [] and s.armours == []
    assert s.slots[4] == [] and (s.pile_n, s.discard_n) == (pile, discard)  # no tile moves


@pytest.mark.parametrize("floor,down", [(98, True), (99, False)])
def test_d67_floor_99_is_the_bottom(floor: int, down: bool) -> None:  # D67
    s = quiet_room(floor=floor, lab=(R_, T_), amulet=True)
    acts = legal(s)
    assert "stairs:up" in acts and ("stairs:down" in acts) is down
    s = at_door(floor=floor)
    s.slots[4] = [slot_of("p1", floor)]  # a trap door
    do(s, "enter", "s5")  # it springs
    assert "ev.trap" in keys(s)
    if down:  # a fall to floor 99: Game Start steps 2-5 there
        assert s.is_chance()
        settle(s)
    else:  # no effect: the PC stays in the room
        assert not s.is_chance() and (s.room, s.pos) == (4, ROOM)
    assert s.floor == 99


def test_d24_slowing_the_only_hasted_monster_leaves_the_second_shot() -> None:  # D24, JR-P11
    """Row 16's haste check runs before each ranged attack: a Hasted monster slowed in the first
    ranged round (row 26 clears Hasted) no longer holds the phase to one round."""
    s = quiet_room()
    s.slots[4] = [_foe(flags=M_HASTE)]
    s.scrolls[9 + 4] = 1  # p5: slow monster (EZ: known)
    at(s, THREAT)
    do(s, "fight")
    assert "read:p5,1" in legal(s)
    do(s, "read:p5,1")  # the first ranged round: the emu is Hasted no more
    assert not s.slots[4][0].flags & M_HASTE
    assert s.phase == RANGED and "shoot:1,arrows" in legal(s)
    do(s, "shoot:1,arrows", "m1", "m1", "m2")
    assert s.phase == MELEE  # two ranged rounds in all
