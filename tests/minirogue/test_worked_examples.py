"""The worked examples of the seed (001_3f4dac3ee44006be.txt, S1) and of the reference, played
with chosen dice."""

from __future__ import annotations

from solotable.games.minirogue.rules import effects

from .helpers import enter, hero, keys_of, new, play
from .test_rules import boss_fight


def test_seed_curse_example_5_4_2_x_x_x() -> None:
    """S1: 呪いダイス … 5⇒4、2⇒×、×⇒×."""
    s = enter(new("rogue"), "MON-A", xp=18, curse=True)
    s.foe_hp = s.foe_max = 40
    play(s, "roll:x25,1,c1")
    assert [s.die_value(i) for i in range(3)] == [0, 0, 4]
    play(s, "confirm")
    assert s.foe_hp == 36


def test_reference_critical_chain_6_6_6_3() -> None:
    """§7.3 (S9): 6 + 6 + 6 + 3 = 21."""
    s = enter(new("rogue"), "MON-A")
    s.foe_hp = s.foe_max = 40
    play(s, "roll:6,1", "crit:1", "white:6", "crit:1", "white:6", "crit:1", "white:3", "confirm")
    assert s.foe_hp == 40 - 21


def test_seed_critical_may_be_kept_as_6() -> None:
    s = enter(new("rogue"), "MON-A")
    play(s, "roll:6,1", "confirm")
    assert s.foe is None  # 6 damage kills the Giant Rat (6 HP)


def test_seed_og_phase_2_drops_poison_and_frost() -> None:
    """S1: poison or freeze given in phase 1 does not apply in phase 2."""
    s = boss_fight(new("rogue"), "og", area=10)
    s.heroes[0].potions = ["poison"]
    s.foe_hp = 3
    play(s, "roll:2,1", "drink:poison", "confirm")
    assert s.foe.name == "og2" and not hero(s)["poison_effect"]
    play(s, "roll:2,1", "confirm")
    assert s.foe_hp == 18  # no +4 any more


def test_seed_two_players_order_leader_partner_enemy() -> None:
    """S1: in a shared fight the attack order is Leader, Partner, enemy; both get the reward."""
    s = new("mage", partner="crusader")  # player 1 (Mage) leads area 1
    play(s, "card:MON-B")
    while s.observation()["phase"] == "window":
        play(s, "pass")
    if s.observation()["phase"] == "pre_roll":
        play(s, "roll")
    assert s.to_move == -1 and s.actor == 0
    play(s, "roll:3,2", "confirm")
    assert s.actor == 1
    play(s, "roll:3,1", "confirm")  # the Leader's black die (2) decides the attack, not this 1
    assert "ev.hit" in keys_of(s) and hero(s)["hp"] == 11 - 2  # round 1 targets the Leader


def test_seed_xp_example_17_plus_3() -> None:
    """§5.2: +3 XP at 17 XP gives 18 XP and +2 HP."""
    s = new()
    s.heroes[0].xp, s.heroes[0].hp = 17, 5
    effects.gain(s, 0, "xp", 3)
    assert hero(s)["xp"] == 18 and hero(s)["hp"] == 7


def test_seed_both_fall_together() -> None:
    """S1: エリアから落ちた場合、両プレイヤーが落ちて下のエリアに移動します."""
    s = new("crusader", partner="rogue", area=3)
    play(s, "card:GRV-3")
    while s.observation()["phase"] == "window":
        play(s, "pass")
    play(s, "check:2,5", "accept")  # Rotten floor: −2 HP, then Fall
    assert s.area == 5 and hero(s)["hp"] == 8 and [h["pos"] for h in s.observation()["heroes"]] == [[1, 1], [1, 1]]
