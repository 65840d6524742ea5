"""Audit tests: the player's choices the reference gives (JR-P3, JR-P4, §7.11.1) and the
[SEED] / [OFFICIAL-FRAGMENT] rules checked against the rules reference (jongrogue.md)."""

from __future__ import annotations

from solotable.games.jongrogue.heuristic import HeuristicAgent
from solotable.games.jongrogue.rules.turns import IDENTIFY as IDENT
from solotable.games.jongrogue.rules.turns import MELEE, PLAY, RANGED, THREAT, TURN_END
from solotable.games.jongrogue.state import ADDED, DOOR, FROZEN, M_ASLEEP, M_CONF, Ring, Slot, Weapon

from .helpers import at, do, feed, legal, quiet_room, settle, slot_of


def _asleep(tile: str) -> Slot:
    return slot_of(tile, flags=M_ASLEEP)


# -- §7.25 / row 40: the PL chooses what to discard (JR-P3) ---------------------------------------

def test_carry_limits_offer_only_the_sheet_over_its_limit() -> None:  # §7.25, row 40, §7.27 step 1
    s = quiet_room(lab=(4, 0))
    s.potions = [5, 5, 0, 0, 0, 0, 0, 0, 0]  # 10 > 9
    s.weapons = [Weapon("mace", 0, True), Weapon("dagger")]  # within the limit
    do(s, "stairs:down")
    assert s.phase != PLAY and s.floor == 1
    assert legal(s) == {"discard:s1", "discard:s2", "forced-end"}
    do(s, "discard:s2")
    settle(s)
    assert s.floor == 2 and s.potions[:2] == [5, 4]


def test_carry_limits_keep_a_cursed_equipped_weapon() -> None:  # §7.25 "subject to curses", §7.24
    s = quiet_room(lab=(4, 0))
    s.weapons = [Weapon("mace", -1, True), Weapon("dagger"), Weapon("long_sword", known=False)]
    do(s, "stairs:down")
    assert legal(s) == {"discard:w,2", "discard:w,3", "forced-end"}


def test_heuristic_discards_the_weakest_weapon() -> None:
    import random

    s = quiet_room(lab=(4, 0))
    s.weapons = [Weapon("mace"), Weapon("dagger"), Weapon("long_sword")]
    do(s, "stairs:down")
    assert str(HeuristicAgent().choose(s, random.Random(0))) == "discard:w,2"


# -- §7.21 row 1, §7.26, D63: what to identify is the PL's choice (JR-P4) -------------------------

def test_identify_scroll_lets_the_player_choose() -> None:  # §7.21 row 1, D63
    s = quiet_room()
    s.scrolls[0] = 1  # m1: identify (EZ: known on pick-up)
    s.weapons.append(Weapon("dagger", known=False))
    s.rings = [Ring()]
    do(s, "read:m1")
    assert s.phase == IDENT
    assert legal(s) == {"identify:r,1", "identify:w,2", "forced-end"}
    do(s, "identify:w,2", "m9")  # the state table's 9th entry
    assert s.phase == PLAY and s.weapons[1].known and s.rings[0].kind is None


def test_identify_in_melee_then_the_monsters_turn() -> None:  # §7.11.2: an item use takes the turn
    s = quiet_room()
    s.slots[4] = [slot_of("m2")]
    at(s, MELEE)
    s.turn = 1
    s.scrolls[0] = 1
    s.rings = [Ring(), Ring()]
    do(s, "read:m1")
    assert s.phase == IDENT and "hit:1" not in legal(s)
    do(s, "identify:r,2", "m1")  # ring table row 1 (no curse check for it, or a tile for it)
    settle(s)
    assert s.rings[1].kind is not None and s.rings[0].kind is None
    assert s.phase in (TURN_END, PLAY) or s.hp <= 0


def test_identify_of_an_appearance_in_ez_plus() -> None:  # §7.26: one carried appearance
    s = quiet_room("ez-plus")
    s.scrolls[0] = 1  # m1, link hidden
    s.potions[3] = 1  # s4, link hidden
    s.scrolls[9 + 4] = 1  # p5, link hidden
    do(s, "read:m1", "link:1")  # m1 turns out to be row 1, identify
    assert legal(s) == {"identify:s4", "identify:p5", "forced-end"}
    do(s, "identify:s4", "link:2")
    assert s.pot_row[3] == 1 and s.scr_row[9 + 4] == -1


# -- §7.21, D63: a "one monster" target is named before reading (JR-P4) ---------------------------

def test_one_monster_scroll_acts_on_the_named_monster() -> None:  # §7.21, D63
    s = quiet_room()
    s.slots[4] = [_asleep("m2"), _asleep("m3")]
    s.scrolls[9 + 5] = 1  # p6: confuse monster (EZ: known)
    acts = legal(s)
    assert {"read:p6,1", "read:p6,2"} <= acts and "read:p6" not in acts
    do(s, "read:p6,2")
    assert s.slots[4][1].flags & M_CONF and not s.slots[4][0].flags & M_CONF


def test_unidentified_scroll_with_no_monster_named_has_no_target() -> None:  # §7.21 D63, §7.26
    s = quiet_room("ez-plus")
    s.slots[4] = [_asleep("m2")]
    s.scrolls[9 + 5] = 1
    assert {"read:p6", "read:p6,1"} <= legal(s)
    do(s, "read:p6", "link:15")  # row 15: confuse monster
    assert not s.slots[4][0].flags & M_CONF and s.scr_row[9 + 5] == 14  # still identified


def test_named_unidentified_scroll_acts_on_the_monster() -> None:  # D63
    s = quiet_room("ez-plus")
    s.slots[4] = [_asleep("m2")]
    s.scrolls[9 + 5] = 1
    do(s, "read:p6,1", "link:15")
    assert s.slots[4][0].flags & M_CONF


# -- §7.11.1: a monster attacked asleep from a door is the first to melee the PC ----------------

def test_attacked_sleeper_melees_first_at_a_door() -> None:  # §7.11.1
    s = quiet_room(lab=(1, 0))  # doors E, N
    s.pos = DOOR
    s.side = 1
    s.slots[4] = [_asleep("m2"), _asleep("m3")]
    do(s, "attack:2")
    assert s.phase == RANGED
    do(s, "shoot:1,arrows", "m1", "m1", "m1")  # slot 1 is shot (a miss): it wakes too
    if s.phase == RANGED:
        do(s, "skip")
    assert s.phase == MELEE
    assert not s.slots[4][0].flags & M_ASLEEP  # both awake; slot 1 comes first in slot order
    assert s.engaged() == [s.slots[4][1]]
    assert "hit:2" in legal(s) and "hit:1" not in legal(s)


# -- audit of [SEED] rules and the trigger-table order -----------------------------------------

def test_ammo_check_follows_a_killing_shot() -> None:  # row 16 after resolution, §7.11.3 step 5
    s = quiet_room(slots=("m1",))  # a floor-1 m1: 4 HP
    s.slots[4][0].flags = M_ASLEEP
    do(s, "attack:1")
    do(s, "shoot:1,arrows", "m9", "m9")  # 18 vs 10: 2 + 8 // 3 = 4 damage, the kill
    assert s.is_chance()  # the drop check's 1d9 (a drop value of 0 draws too, JR-P9), then the ammo check's
    feed(s, "s9", "s1")  # 9 > 0: no drop; 1: the arrows are gone
    assert not s.missiles[0] and s.phase == PLAY


def test_a_check_tile_in_use_is_not_restacked() -> None:  # §2.4 [SEED], §2.5 steps 2-4
    from solotable.games.jongrogue.notation import TILE_INDEX

    s = quiet_room(slots=("s3",), food=2)
    s.pile = [0] * 27
    s.pile[TILE_INDEX["s5"]] = 1
    s.pile_n = 1
    s.discard = [0] * 27
    s.discard[TILE_INDEX["m1"]] = 3
    s.discard_n = 3
    # a melee attack on a displayed item draws its 2d9 hit check (§7.14.8); the first tile
    # empties the pile: food check, restack of the discard pile only, then the second tile
    do(s, "attack:1", "s5", "m1")
    assert s.food == 1
    assert s.pile_n == 2 and s.pile[TILE_INDEX["m1"]] == 2 and s.pile[TILE_INDEX["s5"]] == 0
    assert s.discard[TILE_INDEX["s5"]] == 1 and s.discard[TILE_INDEX["m1"]] == 1 and s.discard_n == 2


def test_a_sleeping_added_monster_can_be_attacked_from_the_door() -> None:  # §7.11.1, §7.5 D60
    s = quiet_room(lab=(1, 0))
    s.pos = DOOR
    s.side = 1
    mon = _asleep("m2")
    mon.up = ADDED  # a tile added during the floor (a teleported monster keeps its sleep): face up
    s.slots[4] = [mon]
    assert "attack:1" in legal(s)


def test_a_frozen_pc_cannot_shoot() -> None:  # row 13 before: check Frozen; §7.14.1
    s = quiet_room(slots=("m1",))
    at(s, RANGED)
    s.shots = 2
    s.status = FROZEN  # e.g. from an ice monster's pincer attack before the fight
    assert not any(a.startswith("shoot") for a in legal(s)) and "skip" in legal(s)


def test_a_frozen_pc_cannot_flee() -> None:  # §7.16 Frozen: "cannot attack or flee"; §7.14.1
    s = quiet_room(slots=("m1",))
    at(s, THREAT)
    assert any(a.startswith("flee") for a in legal(s))  # not frozen: fleeing is offered
    s.status = FROZEN  # e.g. frozen by an ice monster's pincer attack before the fight
    assert not any(a.startswith("flee") for a in legal(s)) and "fight" in legal(s)
    at(s, RANGED)
    s.shots = 2
    assert not any(a.startswith("door") for a in legal(s))  # no stepping out to a door either
