"""The decisions of the rules reference (jongrogue.md §8, D1-D67), one test (or parametrised test)
each, named for the decision and citing it, with chosen tiles; both sides of every threshold, and
what the decision's alternative would have done does not happen. Decisions checked elsewhere are
cited on those tests (test_seed, test_design, test_trigger_table); D55, a balance target, is
measured by ``benchmarks/jr_balance.py`` (docs/rulings.md JR-P8), not by a unit test."""

from __future__ import annotations

import pytest

from solotable.games.jongrogue.data import rules_data as data
from solotable.games.jongrogue.notation import LAB_INDEX, TILE_INDEX
from solotable.games.jongrogue.rules.combat import gain_xp
from solotable.games.jongrogue.rules.turns import MELEE, PLAY, RANGED, THREAT, TURN_END
from solotable.games.jongrogue.state import (
    CONFUSED,
    DOOR,
    DOWN,
    K_TRAP,
    M_HASTE,
    PASSAGE,
    ROOM,
    UP,
    Armour,
    Ring,
    Slot,
    max_hp_of,
)

from .helpers import XP_TABLE, at, do, feed, keys, legal, new, quiet_room, slot_of
from .test_trigger_table import at_door, in_melee

N, E, S, W = 0, 1, 2, 3
T_, N_, S_, P_, R_ = (LAB_INDEX[x] for x in "TNSPR")  # labyrinth tiles: East, South, West, North winds, stairs


def _passage(**fields: object) -> object:
    """The PC in the passage east of room 5 (index 4), towards room 6 (index 5), whose pair is
    still face down."""
    s = quiet_room(**fields)  # type: ignore[arg-type]
    s.pos = PASSAGE
    s.pfrom = 4
    s.side = E
    s.lab[5] = None
    return s


# -- D4-D12: tiles, map, time --------------------------------------------------------------------


@pytest.mark.parametrize("rules,copies", [("ez", 4), ("ez-plus", 3)])
def test_d4_the_labyrinth_set_is_apart_and_the_pile_keeps_its_fives(rules: str, copies: int) -> None:  # D4
    s = new(rules)
    # every five stays in the pile: not 3 (EZ) / 2 (EZ Plus) red-five-less copies
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
    do(s, "enter")
    do(s, "door:W")
    assert "ev.encounter" not in keys(s)  # once per room and floor
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
    assert s.phase == RANGED and s.shots == shots
    for _ in range(shots):
        assert s.phase == RANGED
        do(s, "shoot:1,arrows", "m1", "m1", "m2")  # a miss; the arrows stay
    assert s.phase == MELEE


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
