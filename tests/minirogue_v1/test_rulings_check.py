"""An independent check of the rulings of Mini Rogue v1 (shared/rules/minirogue_v1.md, §9,
R1-R36): one test per clause the other files left untested. Each test cites its ruling on its
def line, plays chosen dice and cards, checks both sides of the ruling's condition where it has
one, and checks that the alternative the ruling rejects does not happen. Expected values come
from the rules reference."""

from __future__ import annotations

import pytest

from .helpers import G, attack, foe_hp, keys_of, legal, new, phase, play, to_boss, to_combat
from .test_rules import kill_boss

# ---- R1: the Japanese rules help states the ruling too ---------------------------------------------


def test_japanese_rules_help_states_the_hard_food_ruling_r1() -> None:  # R1
    """R1: the rules help must state that Hard starts with Food 5 and that the translation's 3 is
    treated as a typo; the English text is checked in test_rules, the Japanese one here (not only
    its "食料5")."""
    text = G.help_text("ja")
    assert "難しい：食料5（日本語訳では3と記載されているが、誤植として扱う）" in text
    assert G.new_state(difficulty="hard").food == 5


# ---- R3: Poison ends when the combat ends ---------------------------------------------------------


def test_poison_ends_with_its_combat_r3() -> None:  # R3
    """R3: Poison cast in one fight deals 5 in each later attack phase *of that combat* only: the
    Monster card killed, the Event monster fought next in the same area takes no Poison tick."""
    s = new(hp=20, armor=5, spells=["poison"])
    play(s, "reveal:monster", "d6:6")  # 7 HP
    attack(s, [2], "done", "cast:poison")  # 7 - 2 - 5 = 0: killed by the cast
    assert "ev.defeated" in keys_of(s) and s.spells == []
    s = new(hp=20, armor=5, spells=["poison"])
    play(s, "reveal:monster", "d6:6")  # 7 HP
    attack(s, [1], "done", "cast:poison")  # 7 - 5 = 2
    attack(s, [2], "done")  # the dice kill it: no tick needed
    assert "ev.defeated" in keys_of(s)
    play(s, "reveal:event,merchant", "take:event", "d6:6", "accept", "d6:6")  # Event monster, 7 HP
    attack(s, [2], "done")
    assert "ev.poison_tick" not in keys_of(s) and foe_hp(s) == 7 - 2


# ---- R5: a fall runs no Exploration phase, so no starvation either ----------------------------------


def test_a_fall_with_no_food_does_not_starve_r5() -> None:  # R5
    """R5: with Food 0 a Pit fall costs its 2 HP only; the Exploration phase it skips would have
    cost 2 more (starvation, R9)."""
    s = new(area=3, hp=9, food=0)
    play(s, "reveal:trap", "d6:6", "d6:6")
    assert (s.area, s.hp, s.food) == (5, 7, 0)
    assert "ev.starve" not in keys_of(s) and "ev.eat" not in keys_of(s)


# ---- R8: the lower Rank applies to a later skill check -------------------------------------------


def test_rank_lost_to_a_feat_applies_to_the_next_skill_check_r8() -> None:  # R8
    """R8: a feat paid with XP at Rank 2, XP 0 drops to Rank 1; the Trap's check later in the area
    then succeeds on 1 only: a 2 fails (Spring Blades, -1 HP), where Rank 2 would avoid it."""
    s = new(rank=2, xp=0, hp=20, armor=5)
    play(s, "reveal:monster", "d6:1")  # 2 HP
    attack(s, [1, 1], "feat:1,xp", "d6:1")  # Rank 2, XP 0 -> Rank 1, XP 5; both dice stay
    assert (s.rank, s.xp) == (1, 5) and "feat:2,xp" in legal(s)
    play(s, "feat:2,xp", "d6:5")  # XP 4; the 5 kills
    assert "ev.defeated" in keys_of(s) and (s.rank, s.xp) == (1, 4 + 1)  # the kill's 1 XP
    play(s, "reveal:trap,merchant", "take:trap", "d6:4", "d6:2")
    assert s.hp == 19 and "ev.skill_fail" in keys_of(s)


# ---- R10: no way out of a fight at any of its decisions -------------------------------------------


@pytest.mark.parametrize("point", ["crit", "feat", "spell"])
def test_no_way_out_of_a_fight_at_any_decision_r10(point: str) -> None:  # R10
    """R10: every decision of a fight (criticals, feats, the spell step) offers only the fight's
    own moves and free discards (R29): nothing that leaves the fight or skips the counter-attack."""
    s = to_combat(area=12, face=6, hp=20, spells=["fire"])
    attack(s, {"crit": [6], "feat": [3], "spell": [3]}[point])
    if point == "spell":
        play(s, "done")
    assert phase(s) == point
    prefixes = {"crit": ("crit:", "stop"), "feat": ("feat:", "done"), "spell": ("cast:", "nospell")}[point]
    assert all(a.startswith((*prefixes, "discard:")) for a in legal(s)), legal(s)


# ---- R12: Heal at the start of every room card; the other spells only in the spell step --------


@pytest.mark.parametrize("card", ["monster", "treasure", "merchant", "resting", "event", "trap"])
def test_heal_is_offered_at_the_start_of_every_room_card_r12(card: str) -> None:  # R12
    """R12: Heal may be cast at the start of resolving *any* room card (the boss: test_rules);
    nothing of the card happens before the choice."""
    s = new(hp=5, spells=["heal", "fire"])
    play(s, f"reveal:{card}")
    assert phase(s) == "pre_room" and legal(s) == {"enter", "cast:heal", "discard:heal", "discard:fire"}
    play(s, "cast:heal")
    assert s.hp == 13 and s.spells == ["fire"] and phase(s) != "pre_room"


@pytest.mark.parametrize("point", ["crit", "feat"])
def test_no_spell_is_cast_in_the_attack_roll_stages_r12(point: str) -> None:  # R12
    """R12: in a fight, spells are cast in the spell step only (A6), not in the critical or feat
    stage, Heal included."""
    s = to_combat(area=12, face=6, hp=10)
    s.spells = ["heal", "fire"]
    attack(s, {"crit": [6], "feat": [3]}[point])
    assert phase(s) == point and not any(a.startswith("cast:") for a in legal(s))


def test_combat_spells_not_castable_outside_a_fight_r12() -> None:  # R12
    """R12: Fire, Ice and Poison are combat-only: at the Merchant they can be sold or dropped,
    never cast."""
    s = new(spells=["fire", "ice"])
    play(s, "reveal:merchant")
    assert not any(a.startswith("cast:") for a in legal(s))


# ---- R16: the cost is checked before every feat ----------------------------------------------------


def test_hp_cost_is_checked_again_before_each_feat_r16() -> None:  # R16
    """R16: 2 HP may be paid only with HP >= 3, checked before *each* feat, not once per attack
    phase: at HP 4 the first feat is paid in HP (4 -> 2), and the second die's feat is then
    offered for XP only; at HP 5 (-> 3) it is still offered for HP too."""
    s = to_combat(area=12, face=6, damage=5, rank=2, xp=1, hp=4, armor=5)  # 18 HP, no counter damage
    attack(s, [2, 3], "feat:1,hp", "d6:4")
    assert s.hp == 2 and legal(s) == {"done", "feat:2,xp"}
    play(s, "feat:2,xp", "d6:5")
    assert (s.rank, s.xp, s.hp) == (2, 0, 2) and foe_hp(s) == 18 - 9
    s = to_combat(area=12, face=6, damage=5, rank=2, xp=1, hp=5, armor=5)
    attack(s, [2, 3], "feat:1,hp", "d6:4")
    assert s.hp == 3 and legal(s) == {"done", "feat:2,hp", "feat:2,xp"}
    play(s, "feat:2,hp", "d6:5")
    assert s.hp == 1 and foe_hp(s) == 18 - 9


# ---- R18: a feat after a failed critical -----------------------------------------------------------


def test_feat_after_a_failed_critical_counts_the_new_roll_only_r18() -> None:  # R18
    """R18: a 6 whose critical reroll shows 1 has lost its whole value; a feat on it rolls fresh,
    and the die is worth the new roll alone (not 6 + the new roll)."""
    s = to_combat(area=12, face=6, hp=10, armor=5)  # 18 HP
    attack(s, [6], "crit:1", "d6:1", "feat:1,hp", "d6:4")
    assert foe_hp(s) == 18 - 4


# ---- R28: in a fight, Heal is the one spell of its attack phase ----------------------------------


def test_heal_in_a_fight_is_the_one_spell_of_the_attack_phase_r28() -> None:  # R28
    """R28: outside a fight any number of Heals (test_rules); in a fight, Heal cast in the spell
    step is that attack phase's one spell: the counter-attack follows, with the second Heal and
    the Fire still held."""
    s = to_combat(area=12, face=6, hp=5, armor=5)
    s.spells = ["fire", "heal"]
    attack(s, [2], "done", "cast:heal")
    assert s.hp == 13 - 5 and phase(s) == "attack_roll" and s.spells == ["fire"]
    assert "ev.counter" in keys_of(s)


# ---- R14 with R31: the boss's XP reaches Rank 4, its Better Weapon is the next gain event ----------


def test_boss_xp_reaches_rank_4_then_better_weapon_gives_1_hp_r14_r31() -> None:  # R14, R31
    """R14: the Level 4 boss's 5 XP from Rank 3, XP 17 reach Rank 4 with XP 0 and no HP (the
    excess 4 lost); R31: its item, a Better Weapon, is a second gain event, now at Rank 4: +1 HP
    (not +2, one per XP point)."""
    s = to_boss(10, rank=3, xp=17, hp=10)
    kill_boss(s)
    assert (s.rank, s.xp, s.hp) == (4, 0, 10)
    play(s, "d6:2")  # Better Weapon
    assert (s.rank, s.xp, s.hp) == (4, 0, 11)


# ---- R19 with R27: a spell that kills Og's Remains wins at once --------------------------------------


@pytest.mark.parametrize("spell", ["fire", "poison"])
def test_a_spell_kill_of_og_s_remains_wins_at_once_r19_r27(spell: str) -> None:  # R19, R27
    """R19: a kill in the spell step ends the fight at once (no counter-attack, 12 here); R27:
    on Og's Remains that is the win, with no Exploration phase (Food unchanged)."""
    s = to_boss(14, rank=1, hp=5, food=2, spells=[spell])
    s.foe_hp = 2 + (8 if spell == "fire" else 5)
    attack(s, [2], "done", f"cast:{spell}")
    assert s.is_terminal() and s.result().won
    assert (s.hp, s.food) == (5, 2) and "ev.counter" not in keys_of(s)


def test_a_poison_tick_kill_of_og_s_remains_wins_at_once_r3_r27() -> None:  # R3, R27
    s = to_boss(14, rank=1, hp=20, armor=5, food=2, spells=["poison"])
    attack(s, [2], "done", "cast:poison")  # 30 - 2 - 5 = 23; counter 12 - 5 = 7
    assert (foe_hp(s), s.hp) == (23, 13)
    s.foe_hp = 5
    attack(s, [1], "done")  # a miss; the tick of 5 kills
    assert s.is_terminal() and s.result().won and (s.hp, s.food) == (13, 2)


# ---- R6 at a boss: the choice made, the area ends as usual ------------------------------------------


def test_a_third_spell_from_a_boss_then_the_exploration_phase_r6() -> None:  # R6
    s = to_boss(2, hp=20, food=3, spells=["fire", "ice"])
    kill_boss(s)
    play(s, "d6:5")  # Poison: a third spell
    assert phase(s) == "spell_discard" and s.area == 2
    play(s, "discard:fire")
    assert s.spells == ["ice", "poison"] and (s.area, s.food) == (3, 2) and phase(s) == "reveal"


# ---- R5: a fall from column 4 of a boss area abandons the boss ----------------------------------------


def test_a_fall_in_column_4_of_a_boss_area_skips_the_boss_r5() -> None:  # R5, R35
    """R5: the rest of the area is abandoned, the boss column included: from column 4 of area 2 the
    Pit drops to area 4 with a fresh layout; the Undead Giant is never fought and is not slain
    (score line, R35); no food is eaten."""
    s = new(area=2, hp=20, food=3)
    play(s, "reveal:resting", "rest:hp", "reveal:merchant,treasure", "take:merchant", "leave",
         "reveal:event", "d6:2", "accept", "take:trap", "d6:6", "d6:6")  # fmt: skip
    o = s.observation()
    assert (s.area, s.hp, s.food, o["dungeon"]["bosses_slain"]) == (4, 18, 3, 0)  # 20 - 2
    assert phase(s) == "reveal" and s.col == 0 and o["combat"] is None
    assert "ev.fight" not in keys_of(s)
