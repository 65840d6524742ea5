"""A unit test per decision of shared/rules/minirogue.md (§10) that had none of its own: each
test cites its decision on its def line, plays chosen dice and cards, checks both sides of any
threshold, and checks that the alternative the decision rejects does not happen.

Expected values are written from the reference (and, where a project ruling replaces a value,
from docs/rulings.md), not read from cards.toml."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solotable.games.minirogue.data import check_text
from solotable.games.minirogue.rules import dungeon, windows
from solotable.games.minirogue.state import GHOST

from .helpers import enter, hero, keys_of, legal, new, phase, play, run_steps, until
from .test_rules import boss_fight


def with_cards(char: str, text: str):  # type: ignore[no-untyped-def]
    """A game whose card data is corrected by a ``--cards`` file holding ``text``."""
    return new(char, cards_data=check_text(text, "cards.toml"))


# -- D6: the Reward card -------------------------------------------------------------------------

# §8.10: the row of each black-die face, (option 1, option 2), written from the reference.
REWARD_ROWS = {
    1: ("fire", "xp+2"),
    2: ("frost", "gold+2"),
    3: ("poison", "xp+2"),
    4: ("healing", "armor+1"),
    5: ("holy", "gold+2"),
    6: ("perception", "armor+1"),
}


@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("option", [1, 2])
def test_reward_card_two_gold_then_exactly_one_option_of_the_row(face: int, option: int) -> None:  # D6
    """§7.7, §8.10: after a floor boss the Reward card gives +2 gold whatever the row, then one of
    the row's two options (the other is not gained); rows 2 and 5 give +2 gold as their second
    option (S4's +1 not used)."""
    s = boss_fight(new("rogue"), "cursed_dragon", area=2)  # Rogue: 5 gold, 0 armor, no potion
    s.foe_hp = 1
    play(s, "roll:2,1", "confirm")  # the dragon falls: +2 XP (floor 1, D5)
    assert phase(s) == "reward_roll" and hero(s)["gold"] == 5
    play(s, f"d6:{face}")
    assert hero(s)["gold"] == 5 + 2 and legal(s) == {"opt:1", "opt:2"}
    play(s, f"opt:{option}")
    h = hero(s)
    potion, other = REWARD_ROWS[face]
    if option == 1:
        assert h["potions"] == [potion] and (h["gold"], h["xp"], h["armor"]) == (7, 2, 0)
    else:
        assert h["potions"] == []
        gained = {"xp+2": (7, 4, 0), "gold+2": (9, 2, 0), "armor+1": (7, 2, 1)}[other]
        assert (h["gold"], h["xp"], h["armor"]) == gained


# -- D8: the Hermit (replaced by ruling MR-P14) ------------------------------------------------------


def test_hermit_refreshes_then_offers_its_own_card_not_a_campfire_copy() -> None:  # D8 (replaced by MR-P14)
    """D8 made the Hermit a copy of the Campfire; ruling MR-P14 replaces it by the card (J-data and
    S3 agree): the skill card turns face up first, then −1 XP for +3 gold, −1 food for +3 HP, or
    nothing (the unprinted special). A payment the hero cannot make is not offered."""
    s = enter(new("crusader"), "CAMP-2", skill_up=False, xp=1, hp=5)
    assert hero(s)["skill_up"] and "ev.refresh" in keys_of(s)  # refreshed before the choice
    assert legal(s) == {"opt:1", "opt:2", "opt:3"}
    play(s, "opt:1")
    assert (hero(s)["xp"], hero(s)["gold"]) == (0, 3)  # not the Campfire's +1 XP
    s = enter(new("crusader"), "CAMP-2", hp=5)
    play(s, "opt:2")
    assert (hero(s)["food"], hero(s)["hp"]) == (3, 8)  # not the Campfire's +1 food
    s = enter(new("crusader"), "CAMP-2", hp=5)
    play(s, "opt:3")
    assert (hero(s)["xp"], hero(s)["food"], hero(s)["hp"], hero(s)["gold"]) == (0, 4, 5, 0)
    s = enter(new("crusader"), "CAMP-2", xp=0, food=0)
    assert legal(s) == {"opt:3"}  # nothing to pay with: only the special


def test_hermit_as_d8_is_a_matter_of_card_data() -> None:  # D8
    """D8's Hermit (the Campfire's +1 XP / +1 food / +2 HP) is data: a ``--cards`` file restores it,
    skill refresh first."""
    s = with_cards("crusader", '[campfire.CAMP-2]\noptions = [["xp+1"], ["food+1"], ["hp+2"]]\n')
    enter(s, "CAMP-2", skill_up=False, hp=5)
    assert hero(s)["skill_up"] and legal(s) == {"opt:1", "opt:2", "opt:3"}
    play(s, "opt:3")
    assert hero(s)["hp"] == 7


# -- D9: the treasure's gold condition ---------------------------------------------------------------


def _start_room_then_treasure(start: str, *resolve: str, evade: bool = False):  # type: ignore[no-untyped-def]
    """The Rogue (5 gold) resolves ``start`` at (1,1) by ``resolve`` (or skips it by Evasion), then
    moves right into a Treasure A."""
    s = new("rogue")
    play(s, "card:" + start)
    play(s, "evade" if evade else "pass")
    play(s, *resolve)
    play(s, "card:TRES-A", "card:MERC-1")  # the rooms to the right and below
    if phase(s) == "window":
        play(s, "pass")
    gold = hero(s)["gold"]
    play(s, "move:right")
    assert phase(s) == "check_roll"  # the treasure's gold is paid, its check is next
    return hero(s)["gold"] - gold


def test_treasure_gold_after_a_monster_or_trap_room_resolved_this_area() -> None:  # D9
    """§8.6, D9: Treasure A pays 3 gold, not 1, when this character resolved a monster or trap room
    earlier in this area; another room type does not count."""
    assert _start_room_then_treasure("MON-A", "roll:6,1", "confirm") == 3  # the Giant Rat fought
    assert _start_room_then_treasure("TRAP-1", "check:2,1", "accept") == 3  # Meanders failed
    assert _start_room_then_treasure("GRV-3", "check:2,1", "accept") == 1  # a graveyard-type room
    assert _start_room_then_treasure("CAMP-1", "opt:1") == 1


def test_treasure_gold_condition_not_met_by_a_skipped_room_or_an_earlier_area() -> None:  # D9
    """D9: a monster room skipped by Evasion is not resolved; a monster fought in the previous area
    does not count in this one."""
    assert _start_room_then_treasure("MON-A", evade=True) == 1
    s = new("rogue")
    play(s, "card:MON-A", "pass", "roll:6,1", "confirm")
    assert s.foe is None and hero(s)["xp"] == 1
    run_steps(s, (dungeon.delve, ()))  # on to area 2
    play(s, "card:TRES-A", "boss:ghoul")
    until(s, "check_roll")
    assert hero(s)["gold"] == 5 + 1


# -- D13, D31: Regenerate and the monster's HP limits ----------------------------------------------


def test_regenerate_gains_two_hp_on_each_hit_and_nothing_on_a_miss() -> None:  # D13
    """§7.6, D13: a monster with the Regenerate icon regains 2 HP when it hits (black 2-6), even a
    hit that armor stops entirely (D18); a miss (black 1) gives nothing."""
    s = enter(new("crusader"), "MON-A")
    s.foe = replace(s.foe, icons=("regenerate",))
    s.foe_hp = s.foe_max = 40
    play(s, "roll:2,3", "confirm")  # 2 damage; the hit (2 − 1 armor) regenerates
    assert s.foe_hp == 40 - 2 + 2 and hero(s)["hp"] == 9
    play(s, "roll:4,1", "confirm")  # 4 damage; a miss
    assert s.foe_hp == 40 - 4
    s.heroes[0].armor = 2
    play(s, "roll:2,2", "confirm")  # 2 damage; armor stops the whole hit, Regenerate still acts
    assert s.foe_hp == 36 - 2 + 2 and hero(s)["hp"] == 9


def test_monster_hp_never_above_its_start_and_excess_damage_lost() -> None:  # D31
    """D31: a regenerating monster never goes above the HP it started the combat with; damage
    beyond its remaining HP is lost (it is shown as 0 HP, and does not carry over to Og's second
    phase, D28)."""
    s = enter(new("crusader"), "MON-A")  # Giant Rat: 6 HP
    s.foe = replace(s.foe, icons=("regenerate",))
    play(s, "roll:x,3", "confirm")  # no damage; the hit would regenerate it to 8
    assert s.foe_hp == 6
    s.foe_hp = 5
    play(s, "roll:x,3", "confirm")  # 5 + 2 stops at 6
    assert s.foe_hp == 6
    s.foe_hp = 3
    play(s, "roll:5,1", "confirm")
    damage = [e.params for e in s.events if e.key == "mr.ev.damage"]
    assert damage == [{"damage": 5, "hp": 0}] and s.foe is None
    s = boss_fight(new("rogue"), "og", area=10)
    s.foe_hp = 3
    play(s, "roll:5,1", "confirm")  # 2 beyond phase 1's last HP
    assert s.foe.name == "og2" and s.foe_hp == 20


# -- D14: the shrine's row 5 ----------------------------------------------------------------------


def test_shrine_row_5_heals_one_and_cures_every_status() -> None:  # D14
    """§8.7, D14: row 5 (A dark heart) is +1 HP and Blessing (poison, curse and blind cured), not
    +1 HP only (S4); row 6 next to it is +1 HP only."""
    s = enter(new("rogue"), "SHRN", hp=5, poison=True, curse=True, blind=True)
    play(s, "roll", "d6:5")
    assert hero(s)["hp"] == 6 and hero(s)["statuses"] == []
    s = enter(new("rogue"), "SHRN", hp=5, poison=True, curse=True, blind=True)
    play(s, "offer", "d6:4")  # 4 + 1 for the offering: row 5
    assert hero(s)["hp"] == 6 and hero(s)["statuses"] == [] and hero(s)["gold"] == 4
    s = enter(new("rogue"), "SHRN", hp=5, poison=True, curse=True, blind=True)
    play(s, "roll", "d6:6")
    assert hero(s)["hp"] == 6 and hero(s)["statuses"] == ["poison", "curse", "blind"]


# -- D15: the Graveyard's rows 2 and 4 ------------------------------------------------------------


@pytest.mark.parametrize(("black", "food", "xp"), [(2, 5, 0), (4, 4, 1)])
def test_graveyard_row_2_is_food_and_row_4_is_xp(black: int, food: int, xp: int) -> None:  # D15
    """§8.3, D15: GRV-1 row 2 (Provisions) is +1 food and row 4 (Codex) +1 XP, not S4's swap. A
    failed check keeps the rolled row (no ±1)."""
    s = enter(new("crusader"), "GRV-1")  # Crusader: 4 food, 0 XP
    play(s, f"check:4,{black}", "accept")
    assert (hero(s)["food"], hero(s)["xp"]) == (food, xp)


# -- D20: statuses persist ----------------------------------------------------------------------


def test_statuses_last_through_delving_and_a_fall_until_cured() -> None:  # D20
    """§6.5, D20: poison, curse and blind do not end at Delving (next floor included) nor on a
    fall; only a cure ends them."""
    s = new("crusader", area=2)
    h = s.heroes[0]
    h.poison = h.curse = h.blind = True
    run_steps(s, (dungeon.delve, ()))  # area 2 → 3: floor 1 → 2
    assert s.floor == 2 and hero(s)["statuses"] == ["poison", "curse", "blind"]
    play(s, "card:TRAP-4")
    until(s, "check_roll")
    play(s, "check:2,5", "accept")  # Gaping hole: −3 HP, then Fall to area 5
    assert s.area == 5 and hero(s)["statuses"] == ["poison", "curse", "blind"]


# -- D21: Evasion ---------------------------------------------------------------------------------


def test_evasion_skips_the_next_room_entered_and_reveals_its_neighbours() -> None:  # D21, MR-P6
    """§4.3, D21: declared before moving, Evasion makes the next room card entered be entered but
    not resolved (no fight in a monster room); its neighbours are revealed as usual."""
    s = new("rogue")
    play(s, "card:CAMP-1", "pass", "opt:1", "card:MON-A", "card:MON-B")
    assert phase(s) == "window" and "evade" in legal(s)  # after the room, before moving
    play(s, "evade", "move:right")
    assert "ev.evaded" in keys_of(s) and s.foe is None and not hero(s)["skill_up"]
    assert phase(s) == "reveal" and s.rpos == 2  # (1,3) right of the skipped room, then (2,2)
    play(s, "card:SHRN", "card:TRAP-1")
    assert s.observation()["grid"][2] == "SHRN" and s.observation()["grid"][4] == "TRAP-1"


@pytest.mark.parametrize(("pos", "offered"), [(4, True), (5, False), (7, False)])
def test_evasion_is_not_offered_when_only_the_boss_lies_ahead(pos: int, offered: bool) -> None:  # D21, MR-P6
    """D21: Evasion cannot be used on the boss. From (2,3) or (3,2) the next move reaches the boss
    stack, so it is not offered; from (2,2) a room card lies ahead."""
    s = new("rogue", area=2)
    play(s, "card:CAMP-1", "boss:ghoul")
    h = s.heroes[0]
    h.pos, h.resolved = pos, True
    run_steps(s, (windows.window, ((0,), windows.AFTER_ROOMS)), (dungeon.move, (0,)), (dungeon.arrive, ()))
    if offered:
        assert phase(s) == "window" and "evade" in legal(s)
    else:  # no window before the forced move, none at the exit: the boss fight begins
        assert phase(s) in ("roll", "pre_roll") and s.foe is not None and s.foe.name == "ghoul"


# -- D22: Foresight ---------------------------------------------------------------------------------


def test_foresight_up_to_three_face_down_rooms_never_the_boss() -> None:  # D22
    """§4.3, D22: Foresight turns up to 3 face-down room cards anywhere in the grid (the Mage may
    stop sooner); the boss stack at (3,3) is never among them, face down or up."""
    s = new("mage", area=2)
    play(s, "card:MERC-1", "boss:ghoul", "foresee")
    assert phase(s) == "foresee"
    assert legal(s) == {"stop", "see:1,2", "see:1,3", "see:2,1", "see:2,2", "see:2,3", "see:3,1", "see:3,2"}
    play(s, "see:3,2", "card:SHRN")
    assert "see:3,2" not in legal(s) and "see:3,3" not in legal(s)
    play(s, "stop")  # one card only: the skill is spent all the same
    assert s.observation()["grid"][7] == "SHRN" and sum(c is not None for c in s.observation()["grid"][:8]) == 2
    assert not hero(s)["skill_up"] and phase(s) == "shop"  # then the start room resolves


# -- D25: Thick web and Bats blind ------------------------------------------------------------------


@pytest.mark.parametrize(("black", "armor", "food"), [(3, 0, 4), (4, 0, 4), (5, 1, 3), (6, 1, 3)])
def test_trap_2_perception_loss_is_the_blind_status(black: int, armor: int, food: int) -> None:  # D25
    """§8.2, D25: TRAP-2's failed rows 3-4 (−1 armor) and 5-6 (−1 food) blind the character; a
    Perception potion held is not taken (S3's "−1 Perception potion" not used)."""
    s = enter(new("crusader"), "TRAP-2", potions=["perception"])  # 1 armor, 4 food
    play(s, f"check:4,{black}", "accept")
    h = hero(s)
    assert h["statuses"] == ["blind"] and h["potions"] == ["perception"]
    assert (h["armor"], h["food"], h["hp"]) == (armor, food, 10)


# -- D34: useless potions are not offered; Poison does not stack -----------------------------------


def test_potions_that_would_do_nothing_are_not_offered_outside_combat() -> None:  # D34
    """§6.3, D34: outside combat Fire, Frost and Poison are not offered; Healing only below the HP
    maximum (20); Holy only with a status; Perception only when blind or with a failed check."""
    s = new("rogue")
    play(s, "card:CAMP-1")
    h = s.heroes[0]
    h.potions = ["fire", "frost"]
    assert "drink:fire" not in legal(s) and "drink:frost" not in legal(s)
    h.potions = ["poison", "healing"]
    h.hp = 20
    assert "drink:poison" not in legal(s) and "drink:healing" not in legal(s)
    h.hp = 19
    assert "drink:healing" in legal(s)
    h.potions = ["holy", "perception"]
    assert "drink:holy" not in legal(s) and "drink:perception" not in legal(s)
    h.blind = True
    assert {"drink:holy", "drink:perception"} <= legal(s)
    s = enter(new("rogue"), "TRAP-3", potions=["perception"])
    play(s, "check:4,3")  # a failed check is pending
    assert "drink:perception" in legal(s)
    s = enter(new("rogue"), "TRAP-3", potions=["perception"])
    play(s, "check:5,3")  # passed: nothing for Perception to do
    assert "drink:perception" not in legal(s)


def test_no_second_frost_in_a_round_nor_poison_while_active() -> None:  # D34
    """D34: in combat a second Frost in the same round (potion or Conjuration) is not offered, and
    is again the next round; Poison is not offered while that character's Poison effect is on."""
    s = enter(new("mage"), "MON-A", potions=["frost", "poison"])
    s.foe_hp = s.foe_max = 40
    play(s, "roll", "roll:2,3")
    assert {"drink:frost", "conjure:frost", "drink:poison", "conjure:poison"} <= legal(s)
    play(s, "drink:frost", "drink:poison")
    assert not {"conjure:frost", "conjure:poison"} & legal(s)
    play(s, "confirm")  # 2 + 4; frozen: no attack
    assert s.foe_hp == 40 - 6 and hero(s)["hp"] == 11
    play(s, "roll:2,3")
    assert "conjure:frost" in legal(s) and "conjure:poison" not in legal(s)


def test_poison_effects_do_not_stack_even_when_both_are_used() -> None:  # D34
    """D34: one character's confirmed attack gets +4 at most, even with a Poison potion and
    Conjuration's Poison both used (here allowed by switching off the hiding of useless potions)."""
    s = new("mage", cards_data=check_text("[flags]\nhide_useless_potions = false\n", "flags.toml"))
    enter(s, "MON-A", potions=["poison"])
    s.foe_hp = s.foe_max = 30
    play(s, "roll", "roll:2,1", "drink:poison", "conjure:poison", "confirm")
    assert s.foe_hp == 30 - 2 - 4  # not 30 - 2 - 8


# -- D35: the treasure's reward is not optional ---------------------------------------------------------


def test_treasure_reward_must_be_taken_and_its_ghost_fought() -> None:  # D35
    """§8.6, D35: on a successful check one reward of the row is taken, with no way to decline;
    on Treasure A row 6 the Ghost fight starts at once and +1 armor follows its defeat; a failed
    check gives nothing more."""
    s = enter(new("crusader"), "TRES-B")
    play(s, "check:5,1", "accept")
    assert legal(s) == {"opt:1", "opt:2"}  # +1 armor / +2 XP: no third "nothing"
    s = enter(new("crusader"), "TRES-A")
    play(s, "check:6,6", "accept")
    assert s.foe_kind == GHOST and s.foe.name == "apparition" and phase(s) in ("roll", "pre_roll")
    s.foe_hp = 1
    play(s, "roll:2,1", "confirm")
    assert s.foe is None and hero(s)["armor"] == 2 and hero(s)["xp"] == 1
    s = enter(new("crusader"), "TRES-A")
    play(s, "check:4,6", "accept")
    assert s.foe is None and hero(s)["gold"] == 1 and hero(s)["armor"] == 1
