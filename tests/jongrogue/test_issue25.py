"""JongRogue against its rules reference (issue 25, items 8-10): the Ring of Teleportation draws
no curse-check tile (§7.22), a nymph whose theft roll fails stays (§7.14.5, ruling JR-P10), and
the character sheet's strength includes a worn Ring of Add Strength (§7.22)."""

from __future__ import annotations

from solotable.games.jongrogue.state import K_GONE, Ring

from .helpers import do, keys, quiet_room, slot_of
from .test_trigger_table import in_melee


def test_teleportation_ring_is_cursed_without_a_draw() -> None:  # §7.22: "teleportation | always"
    s = quiet_room()
    s.rings = [Ring()]
    left = sum(s.pile)
    do(s, "puton:1", "m1")  # the kind: 1d9 = 1, teleportation
    assert s.rings[0].cursed and not s.is_chance() and sum(s.pile) == left - 1


def test_adornment_ring_still_draws_its_curse_check() -> None:  # §7.22: adornment on 1d9 <= 4
    s = quiet_room()
    s.rings = [Ring()]
    do(s, "puton:1", "m5")  # the kind: adornment; its curse check is still to draw
    assert s.is_chance() and s.phase.name == "ring_curse"


def test_nymph_stays_when_its_theft_roll_fails() -> None:  # §7.14.5, JR-P10
    s = in_melee(slot_of("m9", 6), floor=6)  # a nymph (m9 on B6: window tuned, JR-P8)
    s.potions[0] = 1
    do(s, "hit:1", "m1", "m4", "m9", "m9", "m1")  # it hits; the theft roll is 1
    assert s.potions[0] == 1 and "ev.vanish" not in keys(s) and "ev.stolen" not in keys(s)
    assert s.slots[4][0].kind != K_GONE


def test_nymph_steals_and_vanishes_on_2_or_more() -> None:  # §7.14.5 (row 32)
    s = in_melee(slot_of("m9", 6), floor=6)
    s.potions[0] = 1
    do(s, "hit:1", "m1", "m4", "m9", "m9", "m2")
    while s.is_chance():  # which item: §2.5 step 7
        s.apply(s.chance_table().actions[0])
    assert s.slots[4][0].kind == K_GONE


def test_sheet_strength_includes_add_strength_ring() -> None:  # §7.22 ring 8
    s = quiet_room()
    base = s.strength
    s.rings = [Ring("add_strength", False, 1)]
    assert s.observation()["sheet"]["strength"] == base + 1
    s.rings = [Ring("add_strength", True, 1)]
    assert s.observation()["sheet"]["strength"] == base - 1
    assert s.observation()["sheet"]["max_strength"] == s.max_str
