"""A test per rule and per decision of shared/rules/minirogue.md (§ and D numbers cited).

Expected values are written from the reference, not read from cards.toml."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from solotable.core.protocol import IllegalAction, OptionError
from solotable.games.minirogue.data import Effect
from solotable.games.minirogue.rules import bosses, dungeon, effects, windows
from solotable.games.minirogue.state import BOSS, GHOST, MET_MONSTER, MET_TRAP

from .helpers import G, enter, goto, hero, keys_of, legal, new, phase, play, run_steps, until

# §2.2: HP / armor / gold / food per character and difficulty.
START = {
    "rogue": {"normal": (10, 0, 5, 3), "hard": (9, 0, 5, 2), "harder": (8, 0, 5, 2), "roguelike": (8, 0, 2, 2)},
    "mage": {"normal": (11, 0, 3, 4), "hard": (10, 0, 3, 3), "harder": (9, 0, 3, 3), "roguelike": (9, 0, 0, 3)},
    "priestess": {"normal": (13, 0, 2, 3), "hard": (12, 0, 2, 2), "harder": (11, 0, 2, 2), "roguelike": (11, 0, 0, 2)},
    "crusader": {"normal": (10, 1, 0, 4), "hard": (9, 1, 0, 3), "harder": (8, 1, 0, 3), "roguelike": (8, 1, 0, 3)},
}


def boss_fight(s, boss: str, area: int | None = None):  # type: ignore[no-untyped-def]
    """Stand every character at the exit of a boss area and start the fight (§3.3 step 3)."""
    if area is not None:
        s.area = area
    for h in s.heroes:
        h.pos = 8
    s.boss = boss
    o = tuple(s.order())
    return run_steps(s, (bosses.boss_fight, ()), (windows.window, (o, windows.AT_EXIT)), (dungeon.delve, ()))


# -- §2 setup -------------------------------------------------------------------------------


@pytest.mark.parametrize("char", list(START))
@pytest.mark.parametrize("difficulty", ["normal", "hard", "harder", "roguelike"])
def test_starting_stats_and_difficulty(char: str, difficulty: str) -> None:
    """§2.2 (and D16: never below 0, no HP in place of gold)."""
    h = hero(new(char, difficulty=difficulty))
    assert (h["hp"], h["armor"], h["gold"], h["food"]) == START[char][difficulty]
    assert h["xp"] == 0 and h["statuses"] == [] and h["skill_up"] and h["item"] == ""


def test_D12_starting_potions() -> None:  # D12
    assert hero(new("mage"))["potions"] == ["perception"]
    assert hero(new("priestess"))["potions"] == ["holy"]
    assert hero(new("rogue"))["potions"] == [] and hero(new("crusader"))["potions"] == []


def test_two_players_need_different_characters() -> None:
    with pytest.raises(OptionError):
        G.new_state(character="mage", partner="mage")


def test_first_leader_is_random_half_each() -> None:  # MR-P9
    """§2.1 step 7."""
    s = G.new_state(character="mage", partner="rogue")
    assert s.is_chance()
    assert {str(a): p for a, p in s.chance_outcomes()} == {"leader:1": Fraction(1, 2), "leader:2": Fraction(1, 2)}
    play(s, "leader:2")
    assert s.observation()["leader"] == 2


# -- §3 dungeon -----------------------------------------------------------------------------


def test_floors_and_boss_areas() -> None:
    """§3.1: 2/2/3/3 areas; bosses in areas 2, 4, 7, 10."""
    s = new()
    floors = []
    for area in range(1, 11):
        s.area = area
        floors.append(s.floor)
    assert floors == [1, 1, 2, 2, 3, 3, 3, 4, 4, 4]
    assert sorted(s.data.boss_areas) == [2, 4, 7, 10]


def test_preparation_deals_lazily_from_the_whole_deck() -> None:
    """§3.3 step 1, MR-P1: the start card is uniform over the 20 room cards."""
    s = new()
    out = s.chance_outcomes()
    assert len(out) == 20 and all(p == Fraction(1, 20) for _, p in out)
    play(s, "card:CAMP-1", "pass", "opt:1")
    # the next reveals draw from the 19 cards not yet seen
    assert len(s.chance_outcomes()) == 19 and "card:CAMP-1" not in {str(a) for a, _ in s.chance_outcomes()}


def test_boss_drawn_among_unseen_and_og_last() -> None:
    """§2.1 step 6, MR-P1: a floor boss uniform among the unseen four; Og's Remains in area 10."""
    s = new(area=2)
    play(s, "card:CAMP-1")
    assert phase(s) == "boss_reveal"
    assert {str(a) for a, _ in s.chance_outcomes()} == {
        "boss:cursed_dragon", "boss:kings_protector", "boss:spider_queen", "boss:ghoul"}  # fmt: skip
    play(s, "boss:ghoul")
    goto(s, 4)
    play(s, "card:CAMP-1")
    assert "boss:ghoul" not in {str(a) for a, _ in s.chance_outcomes()}
    goto(s, 10)
    play(s, "card:CAMP-1")
    assert s.boss == "og"


def test_move_right_or_down_only_and_forced_moves() -> None:
    """§3.2, MR-P5."""
    s = enter(new("crusader"), "CAMP-1")
    play(s, "opt:1", "card:MERC-1", "card:MERC-2")
    until(s, "move")
    assert legal(s) == {"move:right", "move:down"}
    play(s, "move:right")
    assert hero(s)["pos"] == [1, 2]
    s.heroes[0].pos, s.heroes[0].resolved = 5, True  # row 2, column 3: only down is open
    run_steps(s, (dungeon.move, (0,)), (dungeon.arrive, ()))
    assert "ev.move" in keys_of(s) and "ev.exit" in keys_of(s)  # moved to the exit without asking


def test_reveal_right_and_below_after_resolving() -> None:
    """§3.3 exploration step 2."""
    s = enter(new("crusader"), "CAMP-1")
    play(s, "opt:3")
    assert phase(s) == "reveal"
    play(s, "card:MERC-1", "card:SHRN")
    assert s.observation()["grid"][1] == "MERC-1" and s.observation()["grid"][3] == "SHRN"


def test_blind_reveals_nothing_after_a_room() -> None:
    """§6.5 Blind: rooms are revealed only when moved into."""
    s = enter(new("crusader"), "CAMP-1", blind=True)
    play(s, "opt:3")
    assert phase(s) in ("window", "move")
    until(s, "move")
    play(s, "move:down")
    assert phase(s) == "reveal"  # the room moved into is revealed


def test_delving_eats_refreshes_and_starvation() -> None:
    """§3.3 Delving: −1 food each; no food: −3 HP; skill face up; Shield ends."""
    s = new("crusader")
    h = s.heroes[0]
    h.skill_up = False
    h.shield = 1
    run_steps(s, (dungeon.delve, ()))
    assert h.food == 3 and h.skill_up and h.shield == 0 and s.area == 2
    h.food = 0
    run_steps(s, (dungeon.delve, ()))
    assert h.hp == 10 - 3 and s.area == 3


def test_starvation_can_kill() -> None:
    s = new("crusader")
    s.heroes[0].food = 0
    s.heroes[0].hp = 3
    run_steps(s, (dungeon.delve, ()))
    assert s.is_terminal() and not s.result().won and s.result().details["cause"] == "starvation"


# -- §5, §6 dice, checks, feats, potions -------------------------------------------------------


def test_D1_dice_by_xp_and_cap_heals() -> None:
    s = new()
    h = s.heroes[0]
    for xp, dice in ((0, 1), (5, 1), (6, 2), (12, 2), (17, 2), (18, 3)):  # MR-P12: 6/18 (F, S4)
        h.xp = xp
        assert s.dice_count(h) == dice
    h.xp, h.hp = 17, 5
    effects.gain(s, 0, "xp", 3)  # §5.2 example: +3 XP at 17 gives 18 XP and +2 HP
    assert h.xp == 18 and h.hp == 7


def test_chance_tables_are_exact() -> None:
    """§5.3: white ×,2-6, black 1-6, poison/curse 1/2; rolls as multisets (MR-P3)."""
    from solotable.games.minirogue.rules.tables import check_table, roll_table

    t = roll_table(2, True, True)
    assert sum(p for _, p in t.outcomes) == 1 and len(t.outcomes) == 21 * 6 * 4
    assert t.probability(G.parse_action(new(), "x") if False else t.actions[0]) > 0
    assert check_table(1).probability(check_table(1).actions[0]) == Fraction(1, 36)
    from solotable.core.protocol import Action

    assert roll_table(2, False, False).probability(Action("roll", "56", 3)) == Fraction(2, 36 * 6)


def test_skill_check_success_on_5_or_6() -> None:
    """§6.1."""
    s = enter(new("crusader"), "TRAP-3")
    play(s, "check:4,3", "accept")  # failure, Acid mist: −1 armor
    assert hero(s)["armor"] == 0
    s = enter(new("crusader"), "TRAP-3")
    play(s, "check:5,3", "accept")  # success: +1 armor
    assert hero(s)["armor"] == 2


def test_feat_costs_and_once_per_die() -> None:
    """§6.2, D19 (feats in checks), D30 (no lethal HP payment)."""
    s = enter(new("crusader"), "TRAP-3", xp=6)
    play(s, "check:34,3")
    assert {"feat:1,xp", "feat:1,hp", "feat:2,xp", "feat:2,hp"} <= legal(s)
    play(s, "feat:1,hp", "white:6")
    assert hero(s)["hp"] == 8 and "feat:1,xp" not in legal(s)
    play(s, "feat:2,xp", "white:2")
    assert hero(s)["xp"] == 5
    s = enter(new("crusader"), "TRAP-3", hp=2)
    play(s, "check:3,3")
    assert "feat:1,hp" not in legal(s) and "feat:1,xp" not in legal(s)


def test_D3_losing_what_you_lack_costs_one_hp() -> None:
    s = enter(new("rogue"), "TRAP-3")  # Rogue: 0 armor; Acid mist failure −1 armor
    play(s, "check:3,4", "accept")
    assert hero(s)["armor"] == 0 and hero(s)["hp"] == 9 and "ev.lack" in keys_of(s)


def test_potion_limit_two_kinds_and_choice() -> None:
    """§6.3, D2, D24: two different potions; a second of a kind is lost; over two, choose."""
    s = new("mage")
    effects.gain_potion(s, 0, "perception")
    assert hero(s)["potions"] == ["perception"]
    effects.gain_potion(s, 0, "fire")
    run_steps(
        s, (effects.apply_effects, (0, (Effect("potion", "holy"),))), (windows.window, ((0,), windows.AFTER_ROOMS))
    )
    assert phase(s) == "potion_drop" and legal(s) == {"drop:fire", "drop:holy", "drop:perception"}
    play(s, "drop:perception")
    assert hero(s)["potions"] == ["fire", "holy"]


def test_D34_useless_potions_not_offered() -> None:  # D34
    s = new("priestess")  # Holy potion, no status, full HP
    play(s, "card:CAMP-1")
    assert "drink:holy" not in legal(s)
    s.heroes[0].curse = True
    assert "drink:holy" in legal(s)


# -- §7 combat -----------------------------------------------------------------------------------


def test_monster_fight_damage_armor_and_reward() -> None:
    """§7.2, §7.5: black 1 misses, 2-5 hit for damage − armor, 6 ignores armor; §7.7 reward."""
    s = enter(new("crusader"), "MON-A")
    assert s.foe_hp == 6 and s.foe.damage == 2  # Giant Rat, floor 1
    play(s, "roll:2,1", "confirm")
    assert s.foe_hp == 4 and hero(s)["hp"] == 10  # miss
    play(s, "roll:2,3", "confirm")
    assert s.foe_hp == 2 and hero(s)["hp"] == 9  # 2 − 1 armor
    play(s, "roll:x,6", "confirm")
    assert hero(s)["hp"] == 7  # a 6 ignores armor
    play(s, "roll:3,1", "confirm")
    assert s.foe is None and hero(s)["xp"] == 1  # +1 XP


def test_critical_chain_and_miss() -> None:
    """§7.3: 6 + 6 + 3 = 15; a × in the chain loses the die."""
    s = enter(new("rogue"), "MON-A", xp=6)
    s.foe_hp = s.foe_max = 40
    play(s, "roll:56,1", "crit:2", "white:6", "crit:2", "white:3")
    assert s.die_value(1) == 15 and "crit:2" not in legal(s)
    play(s, "confirm")
    assert s.foe_hp == 40 - 20
    play(s, "roll:26,1", "crit:2", "white:x", "confirm")
    assert s.foe_hp == 20 - 2


def test_curse_lowers_dice_and_blocks_criticals() -> None:
    """§6.5 Curse, §7.2 step 4."""
    s = enter(new("rogue"), "MON-A", xp=18, curse=True)
    s.foe_hp = s.foe_max = 40
    play(s, "roll:236,1,c1")
    assert [s.die_value(i) for i in range(3)] == [0, 2, 5] and not any(a.startswith("crit") for a in legal(s))


def test_D33_holy_cures_curse_mid_round() -> None:
    s = enter(new("rogue"), "MON-A", xp=6, curse=True, potions=["holy"])
    s.foe_hp = s.foe_max = 40
    until(s, "roll", choose="roll")
    play(s, "roll:36,1,c1")
    assert s.die_value(1) == 5
    play(s, "drink:holy")
    assert s.die_value(1) == 6 and "crit:2" in legal(s)


def test_poison_die_costs_one_hp() -> None:
    """§7.2 step 3."""
    s = enter(new("rogue"), "MON-A", poison=True)
    play(s, "roll:2,1,p1")
    assert hero(s)["hp"] == 9
    play(s, "confirm", "roll:2,1,p0")
    assert hero(s)["hp"] == 9


def test_damage_icons_apply_even_at_zero_damage_D18() -> None:
    """§7.6, D18: Winged Serpent (floor 3) curses on a hit that armor nearly stops (1 damage here;
    the hit armor stops entirely: tests/minirogue/test_project_rulings.py, D18's switch)."""
    s = new("crusader", area=5)
    s.heroes[0].armor = 4
    s.heroes[0].shield = 1
    enter(s, "MON-A")
    assert s.foe.name == "winged_serpent"
    play(s, "roll:2,3", "confirm")  # 6 damage − 5 armor = 1
    assert hero(s)["hp"] == 9 and "curse" in hero(s)["statuses"]


def test_weaken_and_ignore_armor() -> None:
    """§7.6: Ancestral Spirit (floor 4) −1 XP; Mutant Fly (floor 1) ignores armor."""
    s = new("crusader", area=8)
    enter(s, "MON-C")
    s.heroes[0].xp = 3
    play(s, "roll:2,2", "confirm")
    assert hero(s)["xp"] == 2 and hero(s)["hp"] == 10 - (5 - 1)
    s = enter(new("crusader"), "MON-C")
    play(s, "roll:2,3", "confirm")
    assert hero(s)["hp"] == 8  # 2 damage, armor ignored


def test_monster_fall_D17() -> None:
    """§3.5, D17: Burrowing Worm (floor 2) falls: area 3 → 5, no Delving, combat unrewarded."""
    s = new("crusader", area=3)
    enter(s, "MON-C")
    food = hero(s)["food"]
    play(s, "roll:2,2", "confirm")
    assert s.area == 5 and hero(s)["food"] == food and s.foe is None and hero(s)["xp"] == 0
    assert phase(s) == "reveal"


def test_fall_ignored_on_floor_4() -> None:
    s = new("crusader", area=8)
    enter(s, "TRAP-4")
    play(s, "check:2,6", "accept")  # Gaping hole: −3 HP, then Fall (ignored)
    assert s.area == 8 and hero(s)["hp"] == 7 and "ev.no_fall" in keys_of(s)


def test_fall_discards_the_boss_and_both_fall() -> None:
    """D17: both characters fall; the next boss is drawn from the unseen bosses."""
    s = new("crusader", partner="rogue", area=2)
    play(s, "card:TRAP-4", "boss:ghoul")
    until(s, "check_roll")
    play(s, "check:2,5", "accept")
    assert s.area == 4 and all(h.pos == 0 for h in s.heroes)
    play(s, "card:CAMP-1")
    assert "boss:ghoul" not in {str(a) for a, _ in s.chance_outcomes()}


def test_fire_frost_poison_potions() -> None:
    """§6.3: Fire 7 at once; Frost: no attack this round; Poison +4 per confirmed attack."""
    s = enter(new("rogue"), "MON-A", potions=["fire", "frost"])
    s.foe_hp = s.foe_max = 30
    play(s, "drink:frost", "roll", "roll:2,6", "drink:fire", "confirm")
    assert s.foe_hp == 30 - 7 - 2 and hero(s)["hp"] == 10
    s = enter(new("rogue"), "MON-A", potions=["poison"])
    s.foe_hp = s.foe_max = 30
    play(s, "roll", "roll:2,1", "drink:poison", "confirm", "roll:3,1", "confirm")
    assert s.foe_hp == 30 - 6 - 7


def test_backstab_doubles_one_die() -> None:
    s = enter(new("rogue"), "MON-A", xp=6)
    s.foe_hp = s.foe_max = 30
    play(s, "roll:35,1", "backstab")
    assert legal(s) >= {"confirm:1", "confirm:2"} and "confirm" not in legal(s)
    play(s, "confirm:2")
    assert s.foe_hp == 30 - 13 and not hero(s)["skill_up"]


def test_divine_tribute_and_D30() -> None:
    s = enter(new("priestess"), "MON-A")
    s.foe_hp = s.foe_max = 30
    play(s, "roll:2,1")  # a Holy potion with no status to cure is not offered: straight to the roll
    assert "tribute:12" in legal(s) and "tribute:13" not in legal(s)
    play(s, "tribute:5")
    assert s.foe_hp == 20 and hero(s)["hp"] == 8


def test_stun_counts_shield() -> None:
    """D4, D23."""
    s = enter(new("crusader"), "MON-A", armor=2, shield=1)
    s.foe_hp = s.foe_max = 30
    play(s, "roll:2,1", "stun")
    assert s.foe_hp == 24


def test_conjuration_and_D34_poison_does_not_stack() -> None:  # D34
    s = enter(new("mage"), "MON-A", potions=["poison"])
    s.foe_hp = s.foe_max = 30
    play(s, "roll", "roll:2,1", "drink:poison")
    assert "conjure:poison" not in legal(s) and "conjure:fire" in legal(s)
    play(s, "conjure:fire", "confirm")
    assert s.foe_hp == 30 - 7 - 2 - 4


def test_regenerate_D13_D31() -> None:  # D13, D31
    s = enter(new("crusader"), "MON-A")
    from dataclasses import replace

    s.foe = replace(s.foe, icons=("regenerate",))
    play(s, "roll:2,3", "confirm")
    assert s.foe_hp == 6  # 4 left, +2, never above the start


def test_og_remains_two_phases_D28() -> None:
    s = new("rogue")
    s.heroes[0].xp = 18
    boss_fight(s, "og", area=10)
    assert s.foe_hp == 25 and s.foe.damage == 8
    play(s, "roll:666,1")
    for d in (1, 2, 3):
        play(s, f"crit:{d}", "white:5")
    play(s, "confirm")  # 33 damage: phase 1 ends, excess lost, no attack
    assert s.foe.name == "og2" and s.foe_hp == 20 and s.round == 1 and hero(s)["hp"] == 10
    play(s, "roll:666,1")
    for d in (1, 2, 3):
        play(s, f"crit:{d}", "white:2")
    play(s, "confirm")
    assert s.is_terminal() and s.result().won


def test_floor_boss_reward_D5_D6() -> None:  # D5, D6
    """§7.7: boss XP (floor 1: +2), then the Reward card: +2 gold and one option of the row."""
    s = boss_fight(new("rogue"), "cursed_dragon", area=2)
    assert s.foe_hp == 12 and s.foe_kind == BOSS
    s.foe_hp = 1
    play(s, "roll:2,1", "confirm")
    assert hero(s)["xp"] == 2 and phase(s) == "reward_roll"
    play(s, "d6:4")
    assert hero(s)["gold"] == 7 and legal(s) == {"opt:1", "opt:2"}
    play(s, "opt:2")  # +1 armor
    assert hero(s)["armor"] == 1


def test_ghost_fought_alone_D29() -> None:
    s = new("crusader", partner="rogue")
    play(s, "card:GRV-1")
    until(s, "check_roll")
    play(s, "check:2,6", "accept")
    assert s.foe_kind == GHOST and s.fighters == [0] and s.foe_hp == 10


# -- §8 rooms -----------------------------------------------------------------------------------


def test_graveyard_shift_after_success() -> None:
    """§6.1: on success the die may move by 1 (GRV-1: 5 Rats → 4 Codex +1 XP)."""
    s = enter(new("crusader"), "GRV-1")
    play(s, "check:5,5")
    play(s, "accept")
    assert legal(s) == {"keep", "up", "down"}
    play(s, "down")
    assert hero(s)["xp"] == 1


def test_campfire_refreshes_then_one_option() -> None:
    s = enter(new("crusader"), "CAMP-1", skill_up=False, hp=5)
    assert hero(s)["skill_up"] and legal(s) == {"opt:1", "opt:2", "opt:3"}
    play(s, "opt:3")
    assert hero(s)["hp"] == 7


def test_merchant_buys_and_sells() -> None:
    """§8.5 MERC-1: 1 gold +1 HP; 3 gold +4 HP; sell 1 armor +3 gold."""
    s = enter(new("crusader"), "MERC-1", gold=4, hp=5)
    play(s, "buy:hp4")
    assert hero(s)["hp"] == 9 and hero(s)["gold"] == 1
    play(s, "sell:armor")
    assert hero(s)["armor"] == 0 and hero(s)["gold"] == 4
    assert "buy:food" in legal(s)  # MR-P15: the food line is on (F Merchant.cpp, S4)


def test_hunter_food_price_is_the_floor() -> None:
    s = new("crusader", area=5)
    enter(s, "MERC-2", gold=3)
    play(s, "buy:food")
    assert hero(s)["gold"] == 0 and hero(s)["food"] == 5


def test_treasure_gold_condition_D9_and_row() -> None:  # D9
    s = enter(new("crusader"), "TRES-B")
    assert hero(s)["gold"] == 1  # no monster or trap earlier
    s.heroes[0].met |= MET_MONSTER
    play(s, "check:5,3")
    play(s, "accept", "opt:2")
    assert hero(s)["gold"] == 3
    s = new("crusader")
    s.heroes[0].met |= MET_TRAP
    enter(s, "TRES-A")
    assert hero(s)["gold"] == 3


def test_treasure_ghost_row_D35() -> None:  # D35
    s = enter(new("crusader"), "TRES-A")
    play(s, "check:5,5", "accept")
    assert s.foe_kind == GHOST
    s.foe_hp = 1
    play(s, "roll:2,1", "confirm")
    assert hero(s)["gold"] == 1 + 2 and hero(s)["xp"] == 1


def test_shrine_offering() -> None:
    """§8.7: offer 1 gold: +1 unless a 6 (3 → row 4: +2 HP and Blessing)."""
    s = enter(new("rogue"), "SHRN", hp=5, poison=True)
    play(s, "offer", "d6:3")
    assert hero(s)["hp"] == 7 and hero(s)["statuses"] == [] and hero(s)["gold"] == 4
    s = enter(new("rogue"), "SHRN")
    play(s, "offer", "d6:6")
    assert hero(s)["hp"] == 11  # a 6 stays 6: Fragile faith, +1 HP


def test_items_D7_D27() -> None:
    s = enter(new("rogue"), "ITEM-1")
    assert legal(s) == {"leave", "try"}  # MR-P13: no item is bought (F ArmoryThrowDice.cpp)
    play(s, "try", "check:5,6", "accept", "take")
    assert hero(s)["item"] == "battle_axe" and hero(s)["gold"] == 5
    s = enter(new("rogue"), "ITEM-2")
    play(s, "try", "check:5,1", "accept", "take")
    assert hero(s)["item"] == "stored_feat"
    # two free feats in one roll, then the item is gone
    s.foe = None
    s2 = enter(new("rogue"), "MON-A", item="fair_longsword", xp=18)
    s2.foe_hp = s2.foe_max = 40
    play(s2, "roll:x22,1", "feat:1,free", "white:3", "feat:2,free", "white:4")
    assert hero(s2)["item"] == "" and not any(a.endswith("free") for a in legal(s2))


def test_held_item_is_out_of_the_deck_D27() -> None:
    s = new("rogue")
    s.heroes[0].item = "fair_longsword"
    goto(s, 2)
    assert "card:ITEM-1" not in {str(a) for a, _ in s.chance_outcomes()}


# -- §4.3 exploration skills ----------------------------------------------------------------------


def test_evasion_skips_the_start_room_D21() -> None:  # D21
    s = new("rogue")
    play(s, "card:TRAP-4")
    assert "evade" in legal(s)
    play(
        s,
        "evade",
    )
    assert phase(s) == "reveal" and "ev.evaded" in keys_of(s) and not hero(s)["skill_up"]


def test_blessing_D4() -> None:
    s = new("priestess", partner="rogue")
    s.heroes[1].poison = True
    s.heroes[1].hp = 5
    play(s, "card:CAMP-1")
    assert "bless:2,poison" in legal(s)
    play(s, "bless:2,poison")
    assert hero(s, 1)["statuses"] == [] and hero(s, 1)["hp"] == 7


def test_shield_D23_one_room_for_everyone() -> None:
    s = new("crusader", partner="mage")
    play(s, "card:CAMP-1", "shield")
    assert hero(s)["shield"] == 1 and hero(s, 1)["shield"] == 1


def test_foresight_D22() -> None:  # D22
    s = new("mage")
    play(s, "card:CAMP-1", "foresee", "see:3,2", "card:SHRN", "see:2,2", "card:MERC-1", "see:1,3", "card:TRAP-1")
    grid = s.observation()["grid"]
    assert grid[7] == "SHRN" and grid[4] == "MERC-1" and grid[2] == "TRAP-1"
    assert phase(s) == "option"  # the window reopened, had nothing left but pass, and the Campfire resolves


# -- §9 two players ----------------------------------------------------------------------------


def test_shared_fight_two_player_hp_alternating_target_D10() -> None:
    s = new("crusader", partner="rogue")  # player 1 leads
    play(s, "card:MON-A")
    until(s, "roll")
    assert s.fighters == [0, 1] and s.foe_hp == 12
    play(s, "roll:2,3", "confirm", "roll:2,6", "confirm")
    assert hero(s)["hp"] == 9 and hero(s, 1)["hp"] == 10  # round 1: the Leader (black 3) is hit
    play(s, "roll:2,6", "confirm", "roll:2,4", "confirm")
    assert hero(s, 1)["hp"] == 8  # round 2: the Partner, with the Partner's black die
    play(s, "roll:2,1", "confirm", "roll:2,1", "confirm")
    assert s.foe is None and hero(s)["xp"] == 1 and hero(s, 1)["xp"] == 1  # both rewarded


def test_leader_alternates_each_area() -> None:
    s = new("crusader", partner="rogue")
    assert s.leader == 0
    run_steps(s, (dungeon.delve, ()))
    assert s.leader == 1 and s.to_move == -1


def test_gifts_in_the_same_room() -> None:
    s = new("crusader", partner="rogue")
    play(s, "card:CAMP-1")
    assert "give:food" in legal(s)
    play(s, "give:armor", "accept")  # D32: the receiver accepts the gift (MR-P4)
    assert hero(s)["armor"] == 0 and hero(s, 1)["armor"] == 1


def test_one_death_loses_both() -> None:
    s = new("crusader", partner="rogue")
    play(s, "card:MON-A")
    until(s, "roll")
    s.heroes[0].hp = 1
    play(s, "roll:2,6", "confirm", "roll:2,1", "confirm")
    assert s.is_terminal() and not s.result().won


def test_illegal_action_leaves_state_untouched() -> None:
    s = new()
    before = s.observation()
    with pytest.raises(IllegalAction):
        play(s, "card:NOPE")
    assert s.observation() == before


# -- the remaining decisions ------------------------------------------------------------------


def test_D2_gains_above_a_maximum_are_lost() -> None:
    s = new("crusader")
    h = s.heroes[0]
    h.armor, h.gold, h.food, h.hp = 4, 9, 6, 19
    for stat in ("armor", "gold", "food", "hp"):
        effects.gain(s, 0, stat, 3)
    assert (h.armor, h.gold, h.food, h.hp) == (4, 10, 6, 20)


def test_D11_no_combat_stance_cards() -> None:  # D11
    assert "stance" not in {o.name for o in G.option_specs}
    assert "stance" not in str(new("rogue", partner="mage").observation())


def test_D19_no_feat_on_a_chained_or_removed_die() -> None:
    s = enter(new("rogue"), "MON-A", xp=6)
    s.foe_hp = s.foe_max = 40
    play(s, "roll:66,1", "crit:1", "white:3", "crit:2", "white:x")
    assert not any(a.startswith("feat:1") or a.startswith("feat:2") for a in legal(s))


def test_D20_statuses_persist_through_delving() -> None:  # D20
    s = new("crusader")
    s.heroes[0].poison = s.heroes[0].blind = True
    run_steps(s, (dungeon.delve, ()))
    assert hero(s)["statuses"] == ["poison", "blind"]


def test_D23_shield_lasts_one_room() -> None:
    s = new("crusader")
    play(s, "card:CAMP-1", "shield")
    assert hero(s)["shield"] == 1
    play(s, "opt:1")  # the Campfire is resolved: the Shield is used up
    assert hero(s)["shield"] == 0


def test_D32_exit_window_before_delving() -> None:
    """A Healing potion taken at the exit can be drunk before the hunger of Delving."""
    s = new("rogue")
    h = s.heroes[0]
    h.potions, h.hp, h.pos, h.resolved = ["healing"], 4, 8, True
    run_steps(s, (dungeon.arrive, ()))
    assert phase(s) == "window" and "drink:healing" in legal(s)
    play(s, "drink:healing")  # nothing else to do: the window closes (MR-P4), then Delving
    assert h.hp == 10 and s.area == 2 and h.food == 2


def _leader_at_a_merchant_with_the_partner(share: bool) -> Any:
    """Both heroes start in a Merchant room; the Leader's skill card is already face down, so no
    window asks the Leader. With ``share``, the Leader asks for every shared window (D32) beside
    a decision of the visit, without a stop of its own."""
    s = new("rogue", partner="mage")
    s.heroes[0].skill_up = False
    play(s, "card:MERC-1")
    until(s, "shop")
    assert s.to_move == 0 and "share:on" in legal(s)  # beside the Leader's shop decision
    if share:
        play(s, "share:on")
        assert phase(s) == "shop" and s.heroes[0].share  # the same decision again
    play(s, "buy:hp1", "leave")  # the Leader's visit
    while s.is_chance():
        s.apply(s.chance_table().actions[0])
    return s


def test_D32_a_leader_gives_gold_between_two_visits_to_one_merchant() -> None:
    """MR-P11 keeps D32's windows: the window between the two rooms opens for a Leader who asked
    for it, who hands the Partner gold before the Partner's own visit to the same Merchant."""
    s = _leader_at_a_merchant_with_the_partner(share=True)
    assert phase(s) == "window" and s.win_when == windows.BETWEEN_ROOMS and s.to_move == 0
    before = hero(s, 1)["gold"]
    play(s, "give:gold", "accept", "pass")
    assert hero(s, 1)["gold"] == before + 1
    until(s, "shop")
    assert s.to_move == 1  # the Partner's visit, with the gold


def test_D32_windows_do_not_stop_play_when_nobody_asked() -> None:
    """Without the request, a seat with only gifts to make is not asked between the rooms."""
    s = _leader_at_a_merchant_with_the_partner(share=False)
    assert not (phase(s) == "window" and s.to_move == 0)
