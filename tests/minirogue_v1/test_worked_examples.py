"""The worked examples E1-E21 of the rules reference (shared/rules/minirogue_v1.md §10), each
played with chosen dice. Every expected number comes from the example text."""

from __future__ import annotations

import pytest

from .helpers import attack, foe_hp, keys_of, legal, new, phase, play, stats, to_boss, to_combat


# E1, §3.2: Rank 1 with 5 XP, the Level 1 boss gives 2 XP -> Rank 2 with 1 XP, 2 dice.
def test_e1_mary_boss_xp_reaches_rank_2() -> None:
    s = to_boss(2, rank=1, xp=5, hp=10)
    # One die: 6, critical 6, critical 4 -> 16 damage kills the 10-HP Undead Giant.
    attack(s, [6], "crit:1", "d6:6", "crit:1", "d6:4", "done")
    assert "ev.defeated" in keys_of(s)
    assert (s.rank, s.xp) == (2, 1)
    assert s.observation()["character"]["combat_dice"] == 2


# E2, §3.2: Rank 2, XP 5, a monster worth 2 XP (Level 3) -> XP 7, still Rank 2.
def test_e2_oscar_monster_xp_stays_rank_2() -> None:
    s = to_combat(area=5, face=1, rank=2, xp=5, hp=10)  # Undead Knight, 6 HP
    attack(s, [3, 3], "done")
    assert "ev.defeated" in keys_of(s)
    assert (s.rank, s.xp) == (2, 7)


# E3, §3.2, ruling R31: at Rank 4 a Level 5 monster (3 XP) gives +1 HP only.
def test_e3_rank_4_overflow_gives_one_hp() -> None:
    s = to_combat(area=12, face=1, rank=4, xp=0, hp=15)  # 13 HP
    attack(s, [3, 3, 4, 5], "done")
    assert "ev.defeated" in keys_of(s)
    assert (s.rank, s.xp, s.hp) == (4, 0, 16)


# E4, §3.3, §5.7: Rank 2, Mold Miasma: the check succeeds on 1-2; on 3-6 Food -1 (or HP -2).
@pytest.mark.parametrize("check", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("food", [3, 0])
def test_e4_martha_skill_check(check: int, food: int) -> None:
    s = new(rank=2, food=food, hp=8)
    play(s, "reveal:trap", "d6:1", f"d6:{check}")
    if check <= 2:
        assert (s.food, s.hp) == (food, 8)
    elif food:
        assert (s.food, s.hp) == (food - 1, 8)
    else:
        assert (s.food, s.hp) == (0, 6)


def _three_dice_monster() -> object:
    s = to_combat(area=12, face=6, rank=3, hp=20)  # 18 HP (area 12 + 6)
    assert foe_hp(s) == 18
    return s


# E5, §6.2 A2-A3: 3 dice roll 1, 5, 6; the 6 rerolls a 1 -> damage 5.
def test_e5_critical_reroll_of_1_loses_the_die() -> None:
    s = _three_dice_monster()
    attack(s, [1, 5, 6], "crit:3", "d6:1", "done")
    assert foe_hp(s) == 18 - 5


# E6, §6.2 A3: 3 dice roll 1, 5, 6; the 6 rerolls a 3 -> damage 5 + (6 + 3) = 14.
def test_e6_critical_reroll_adds() -> None:
    s = _three_dice_monster()
    attack(s, [1, 5, 6], "crit:3", "d6:3", "done")
    assert foe_hp(s) == 18 - 14


# E7, §5.1: a Monster in area 12 with an HP roll of 3 has 15 HP.
def test_e7_monster_hp() -> None:
    s = new(area=12)
    play(s, "reveal:monster", "d6:3")
    combat = s.observation()["combat"]
    assert combat["hp"] == combat["max_hp"] == 15


# E8, §6.4: a Level 3 monster (damage 6) against Armor 2 deals 4.
def test_e8_defense_armor_reduces_damage() -> None:
    s = to_combat(area=5, face=6, armor=2, hp=10)  # 11 HP
    attack(s, [2], "done")
    assert s.hp == 10 - 4


# E9, ruling R15: Rank 2 with 0 XP, Moving Walls fails -> Rank 1, XP 5, 1 die from the next roll.
def test_e9_xp_loss_lowers_rank() -> None:
    s = new(rank=2, xp=0, hp=8)
    play(s, "reveal:trap", "d6:5", "d6:3")
    assert (s.rank, s.xp, s.hp) == (1, 5, 8)
    play(s, "reveal:monster,treasure", "take:monster", "d6:1")
    assert all(len(a.args) == 1 for a in s.chance_table().actions)  # one die


# E10, ruling R15: Rank 1 with 0 XP, Moving Walls fails -> HP 5 -> 3.
def test_e10_unpayable_xp_penalty() -> None:
    s = new(rank=1, xp=0, hp=5)
    play(s, "reveal:trap", "d6:5", "d6:2")
    assert (s.rank, s.xp, s.hp) == (1, 0, 3)


# E11, rulings R14, R31: Rank 3, XP 16, HP 10, +4 XP (the Level 3 boss) -> Rank 4, XP 0, HP 10;
# the next gain (a Better Weapon from the boss's item roll) gives HP 11.
def test_e11_reaching_rank_4() -> None:
    s = to_boss(7, rank=3, xp=16, hp=10)
    attack(s, [5, 5, 6], "crit:3", "d6:5", "done")  # 5 + 5 + 11 = 21 >= 20
    assert "ev.defeated" in keys_of(s)
    assert (s.rank, s.xp, s.hp) == (4, 0, 10)
    play(s, "d6:2")  # item table 2: Better Weapon, +2 XP
    assert (s.rank, s.xp, s.hp) == (4, 0, 11)


# E12, rulings R5, R24: area 6, HP 9, Food 2, a Pit fails -> HP 7, Food 2, area 9 with a new
# layout; the Undead Lord of area 7 is never fought.
def test_e12_pit_falls_to_the_area_below() -> None:
    s = new(area=6, hp=9, food=2)
    play(s, "reveal:trap", "d6:6", "d6:4")
    assert (s.hp, s.food) == (7, 2)
    o = s.observation()
    assert (o["dungeon"]["area"], o["dungeon"]["level"]) == (9, 4)
    assert o["phase"] == "reveal" and s.is_chance()
    assert all(card["card"] is None for col in o["layout"] for card in col["cards"])
    assert len(o["unrevealed"]) == 6
    assert o["dungeon"]["bosses_slain"] == 0
    # Level 3's boss is gone for good: the next boss met is Level 4's, in area 10.
    play(
        s,
        "reveal:resting",
        "rest:food",
        "reveal:merchant,treasure",
        "take:merchant",
        "leave",
        "reveal:event",
        "d6:1",
        "accept",
        "take:monster",
        "d6:1",
        "roll:6",
        "crit:1",
        "d6:6",
        "crit:1",
        "d6:6",
        "stop",
        "done",
    )
    assert s.area == 10
    s.hp = 20
    s.food = 6
    play(
        s,
        "reveal:resting",
        "rest:food",
        "reveal:merchant,treasure",
        "take:merchant",
        "leave",
        "reveal:event",
        "d6:1",
        "accept",
        "take:trap",
        "d6:4",
        "d6:1",
    )
    assert s.observation()["combat"]["foe"] == "boss.4"


# E13, ruling R25: a Pit in area 12 costs 2 HP only, and the layout continues.
def test_e13_pit_in_level_5() -> None:
    s = new(area=12, hp=9)
    play(s, "reveal:trap", "d6:6", "d6:6")
    assert (s.hp, s.area) == (7, 12)
    o = s.observation()
    assert o["layout"][0]["cards"][0]["card"] == "trap"  # still the same layout
    assert o["phase"] == "reveal" and s.col == 1  # column 2 is next


# E14, §5.3, ruling R4: Monster defeated in column 1, Treasure in column 3 with 5 then 4:
# +2 Gold and an Ice spell; with two spells held, choose one of the three to discard (R6).
@pytest.mark.parametrize("held", [[], ["fire", "heal"]])
def test_e14_treasure_after_monster(held: list[str]) -> None:
    s = new(hp=10)
    play(s, "reveal:monster", "d6:1", "roll:3", "done")  # 2 HP, killed
    play(s, "reveal:merchant,resting", "take:resting", "rest:food")
    s.spells = list(held)
    gold = s.gold
    play(s, "reveal:treasure")
    if "heal" in held:
        play(s, "enter")
    assert s.gold == gold + 2
    play(s, "d6:5", "d6:4")
    if not held:
        assert s.spells == ["ice"]
    else:
        assert phase(s) == "spell_discard"
        assert legal(s) == {"discard:fire", "discard:heal", "discard:ice"}
        play(s, "discard:fire")
        assert sorted(s.spells) == ["heal", "ice"]


# E15, rulings R2, R21: an Event roll of 6 and a successful check: 6 or 5, never 1.
def test_e15_event_clamp() -> None:
    s = new()
    play(s, "reveal:event", "d6:6", "check", "d6:1")
    assert phase(s) == "event_shift"
    choices = legal(s)
    assert "keep" in choices and "down" in choices and "up" not in choices
    shield = s.clone()
    play(shield, "down")
    assert shield.armor == 1  # 5: Found Shield
    play(s, "keep")
    assert phase(s) == "monster_hp"  # 6: the Event monster


# E16, rulings R17, R18: Rank 2, XP 3: roll 1 and 4; feat (1 XP) on the 1 shows 6, its critical
# shows 2 -> damage 4 + 8 = 12; the rerolled die cannot be feat-rerolled again.
def test_e16_feat_with_critical() -> None:
    s = to_combat(area=12, face=6, rank=2, xp=3, hp=20)  # 18 HP
    attack(s, [1, 4], "feat:1,xp")
    assert s.xp == 2
    play(s, "d6:6")
    assert legal(s) >= {"crit:1", "stop"}
    play(s, "crit:1", "d6:2")
    assert not any(a.startswith("feat:1,") for a in legal(s))
    assert any(a.startswith("feat:2,") for a in legal(s))
    play(s, "done")
    assert foe_hp(s) == 18 - 12


# E17, rulings R3, R19: a 20-HP monster; round 1 dice 4 (16), Poison (11), counter; round 2
# dice 3 (8), Poison step 5 (3), counter; round 3 dice 3 (0): defeated, no Poison step.
def test_e17_poison() -> None:
    s = to_combat(area=14, face=6, hp=20, armor=5, spells=["poison"])  # Og's Sanctum Guard, 20 HP
    assert foe_hp(s) == 20
    attack(s, [4], "done")
    assert foe_hp(s) == 16
    play(s, "cast:poison")
    assert foe_hp(s) == 11
    assert "ev.counter" in keys_of(s) and s.hp == 15
    attack(s, [3], "done")
    assert foe_hp(s) == 3  # 11 - 3 - 5 (no spell held: straight to the Poison step)
    assert keys_of(s).index("ev.poison_tick") < keys_of(s).index("ev.counter")
    assert s.hp == 10
    attack(s, [3], "done")
    assert "ev.defeated" in keys_of(s) and "ev.poison_tick" not in keys_of(s)
    assert s.hp == 10


# E18, §6.4: a Level 4 boss (damage 9) and Armor 1: with Ice no HP is lost, else 8.
@pytest.mark.parametrize("ice", [True, False])
def test_e18_ice(ice: bool) -> None:
    s = to_boss(10, armor=1, hp=20, spells=["ice"])
    attack(s, [2], "done", "cast:ice" if ice else "nospell")
    assert s.hp == (20 if ice else 12)


# E19, §6.4: Armor 5 against the Level 1 boss (damage 3): 0 HP lost.
def test_e19_armor_exceeds_damage() -> None:
    s = to_boss(2, armor=5, hp=7)
    attack(s, [2], "done")
    assert s.hp == 7 and "ev.counter" in keys_of(s)


# E20, rulings R9, R26: Food 0, HP 2 at the Exploration phase -> HP 0, lost in this area.
def test_e20_starvation_kills() -> None:
    s = new(food=0, hp=2)
    play(
        s,
        "reveal:resting",
        "rest:xp",
        "reveal:merchant,treasure",
        "take:merchant",
        "leave",
        "reveal:event",
        "d6:3",
        "accept",
        "take:trap",
        "d6:4",
        "d6:1",
    )
    assert s.is_terminal()
    r = s.result()
    assert not r.won and s.hp == 0 and r.details["area"] == 1 and r.details["cause"] == "starvation"


# E21, §8, ruling R35: Normal, died in area 9 with Rank 3, 3 bosses, HP 0, Gold 7, 1 spell,
# Armor 2, Food 3 -> 2 + 27 + 6 + 6 + 0 + 14 + 1 + 2 + 3 = 61.
def test_e21_score() -> None:
    s = new(area=9, rank=3, bosses=3, hp=2, gold=7, spells=["fire"], armor=2, food=3)
    play(s, "reveal:trap", "d6:6", "d6:6")  # a lethal Pit: death in area 9 (R26)
    assert s.is_terminal()
    r = s.result()
    assert not r.won
    assert r.score == 61
    assert s.observation()["score"] == 61
    assert stats(s)["hp"] == 0
