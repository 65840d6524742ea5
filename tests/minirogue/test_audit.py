"""Independent audit of the Mini Rogue (2020, BGA) implementation against
shared/rules/minirogue.md. Each test names the section or decision it checks. Every test failed
on the code as it was handed over and passes after the fix it documents, except those whose
docstring starts with "Verified", which pin down a rule found correct next to a fixed one.

Expected values are written from the reference, not read from cards.toml.
"""

from __future__ import annotations

import pytest

from solotable.core.i18n import explain
from solotable.games.minirogue.data import CardsError, check_text
from solotable.games.minirogue.rules import dungeon, windows

from .helpers import G, enter, hero, keys_of, legal, new, phase, play, run_steps, until


def with_flags(char: str = "crusader", partner: str = "none", **flags: bool):  # type: ignore[no-untyped-def]
    text = "[flags]\n" + "".join(f"{k} = {'true' if v else 'false'}\n" for k, v in flags.items())
    return new(char, partner=partner, cards_data=check_text(text, "flags.toml"))


def at_boss_exit(s, boss: str = "cursed_dragon", area: int = 2):  # type: ignore[no-untyped-def]
    """Every character stands on (3,2), its room resolved, in boss area ``area``; the window
    before the last move is open."""
    s.area = area
    s.boss = boss
    for h in s.heroes:
        h.pos, h.resolved = 7, True
    o = tuple(s.order())
    return run_steps(
        s, (windows.window, (o, windows.AFTER_ROOMS)), *[(dungeon.move, (seat,)) for seat in o], (dungeon.arrive, ())
    )


# -- §3.3, D32: the exit decision point comes before the boss fight as well as after it ---------


def test_D32_decision_point_after_moving_to_the_exit_before_the_boss() -> None:
    """§3.3 'after moving, before the room (or the boss fight) resolves' and D32: a decision
    point at the exit before the boss. The code went straight from the last move to the fight."""
    s = new("priestess")
    s.heroes[0].curse = True
    at_boss_exit(s)
    play(s, "pass")  # the window before the last move
    assert hero(s)["pos"] == [3, 3] and phase(s) == "window" and s.foe is None
    assert "bless:1,curse" in legal(s)
    play(s, "bless:1,curse")  # nothing else to do: the window closes and the fight begins
    assert s.foe is not None and s.foe.name == "cursed_dragon" and hero(s)["statuses"] == []


def test_D23_shield_at_the_exit_serves_the_boss_fight_only() -> None:
    """D23: the boss fight counts as the Crusader's next room, so Shield is offered at the exit
    before the fight (MR-P7: not after it, where it would do nothing)."""
    s = at_boss_exit(new("crusader"))
    play(s, "pass")
    assert "shield" in legal(s)
    play(s, "shield")
    assert s.foe is not None and hero(s)["shield"] == 1
    s.foe_hp = 1
    play(s, "roll:2,1", "confirm", "d6:4", "opt:1")
    assert s.foe is None and hero(s)["pos"] == [3, 3]
    assert "shield" not in legal(s)  # after the boss (skill card already face down anyway)
    s = at_boss_exit(new("crusader"))
    s.heroes[0].potions, s.heroes[0].hp = ["healing"], 5
    play(s, "pass", "pass")  # Shield declined before the last move and at the exit
    assert s.foe is not None
    s.foe_hp = 1
    play(s, "roll", "roll:2,1", "confirm", "d6:4", "opt:1")
    assert phase(s) == "window" and hero(s)["skill_up"]  # the exit window after the boss
    assert "drink:healing" in legal(s) and "shield" not in legal(s)


def test_D23_flag_shield_counts_boss_false() -> None:  # MR-P10
    """D23's alternative is data (cards.toml flags.shield_counts_boss); the flag was read by
    nothing. Switched off, the boss is no room for Shield: not offered at the exit, and a Shield
    still up when the fight begins does not count."""
    s = with_flags("crusader", shield_counts_boss=False)
    play(s, "card:CAMP-1")
    at_boss_exit(s)
    assert "shield" in legal(s)  # before the last move it may still serve a partner
    play(s, "pass")
    assert s.foe is not None  # at the exit Shield would do nothing: no window, the fight begins
    s = with_flags("crusader", shield_counts_boss=False)
    play(s, "card:CAMP-1")
    s.heroes[0].shield = 1
    s.heroes[0].skill_up = False
    at_boss_exit(s)
    assert s.foe is not None and hero(s)["shield"] == 0
    s = new("crusader")  # the default: the boss fight counts
    play(s, "card:CAMP-1")
    s.heroes[0].shield = 1
    s.heroes[0].skill_up = False
    at_boss_exit(s)
    assert s.foe is not None and hero(s)["shield"] == 1


# -- D32 and MR-P4: shared windows in any order; gifts and trades need the receiver's consent ----


def coop_window():  # type: ignore[no-untyped-def]
    s = new("crusader", partner="rogue")  # player 1 leads
    play(s, "card:CAMP-1")
    assert phase(s) == "window" and s.to_move == 0
    return s


def test_D32_either_player_acts_in_any_order() -> None:
    """D32: in a shared window either player may act, in any order; play goes on when both have
    passed. The code gave each seat one turn, Leader then Partner: the Leader could not let the
    Partner act first and then act after the Partner."""
    s = coop_window()
    assert "wait" in legal(s)
    play(s, "wait")  # the Leader lets the Partner act first
    assert s.to_move == 1 and phase(s) == "window"
    play(s, "give:gold", "accept")
    assert s.to_move == 1 and "wait" in legal(s)  # the window stays with the Partner
    play(s, "pass")
    assert s.to_move == 0 and phase(s) == "window" and "wait" not in legal(s)  # back to the Leader
    play(s, "give:gold", "accept", "pass")  # both have passed: the Leader resolves the Campfire
    assert phase(s) == "option" and s.to_move == 0 and "ev.resolve" in keys_of(s)
    s = coop_window()
    play(s, "pass")  # the Leader is done; the Partner still may act
    assert s.to_move == 1 and phase(s) == "window" and "wait" not in legal(s)
    play(s, "pass")
    assert phase(s) == "option"


def test_D32_a_gift_takes_effect_when_the_receiver_accepts() -> None:
    """D32, §9: 'A gift or trade takes effect when the receiving player accepts it.' The code
    moved the goods at once."""
    s = coop_window()
    play(s, "give:armor")
    assert phase(s) == "offer" and s.to_move == 1 and legal(s) == {"accept", "decline"}
    assert hero(s)["armor"] == 1 and hero(s, 1)["armor"] == 0  # nothing moved yet
    assert s.observation()["offer"] == {"from": 1, "give": "armor", "get": None}
    play(s, "decline")
    assert hero(s)["armor"] == 1 and hero(s, 1)["armor"] == 0 and "ev.declined" in keys_of(s)
    assert s.to_move == 0 and phase(s) == "window"
    play(s, "give:armor", "accept")
    assert hero(s)["armor"] == 0 and hero(s, 1)["armor"] == 1 and "ev.give" in keys_of(s)


def test_D32_trade_within_the_maxima() -> None:
    """§9: the characters may give *or trade* within the maxima. With gifts only, two full
    potion belts (or two items) could never be swapped: every single gift broke a maximum."""
    s = coop_window()
    a, b = s.heroes
    a.potions, b.potions = ["fire", "healing"], ["frost", "holy"]
    a.item, b.item = "rusty_dagger", "cure_curse"
    options = legal(s)
    assert not any(x.startswith("give:") and x[5:] in ("fire", "healing", "item") for x in options)
    assert {"trade:fire,frost", "trade:healing,holy", "trade:item,item"} <= options
    # MR-P4: other exchanges are two gifts (no 'trade:food,gold'); never two potions of a kind
    assert not any(x.startswith("trade:") and "food" in x for x in options)
    b.potions = ["fire", "holy"]
    assert "trade:healing,fire" not in legal(s) and "trade:healing,holy" in legal(s)
    b.potions = ["frost", "holy"]
    play(s, "trade:healing,holy")
    assert s.to_move == 1 and s.observation()["offer"] == {"from": 1, "give": "healing", "get": "holy"}
    play(s, "accept")
    assert hero(s)["potions"] == ["fire", "holy"] and hero(s, 1)["potions"] == ["frost", "healing"]
    play(s, "trade:item,item", "accept")
    assert (a.item, b.item) == ("cure_curse", "rusty_dagger") and "ev.trade" in keys_of(s)
    for lang in ("en", "ja"):
        assert G.describe(s, G.parse_action(s, "trade:fire,frost"), lang)


def test_D32_no_trade_between_different_rooms_or_in_combat() -> None:
    """Verified (D29, §9): gifts and trades only while both stand in the same room."""
    s = coop_window()
    s.heroes[1].pos = 1
    assert not any(x.startswith(("give:", "trade:")) for x in legal(s))


# -- §1.3, result: a death from a monster's Weaken is the monster's doing --------------------


def test_weaken_death_is_caused_by_the_monster() -> None:
    """§7.6 Weaken with no XP costs 1 HP (§4.4, D3); the death is the monster's. The result
    said 'killed by a room'."""
    s = new("crusader", area=8)
    enter(s, "MON-C", armor=4, hp=2, xp=0)  # Ancestral Spirit: 5 damage, Weaken
    assert s.foe.name == "ancestral_spirit"
    play(s, "roll:2,2", "confirm")  # 5 − 4 armor = 1 HP; then −1 XP lacked: −1 HP
    assert s.is_terminal() and s.result().details["cause"] == "monster"


# -- MR-P2: --cards overrides report every wrong key, type or value with its line ---------------


@pytest.mark.parametrize(
    ("text", "line", "entry"),
    [
        # the message named the wrong entry (character.rogue.food) and line 1
        ("[character.rogue]\nhp = 0\narmor = 0\n", 2, "character.rogue.hp"),
        # a name with no message crashed every event naming the creature or row
        ('[monster.MON-A.1]\nname = "dragon"\n', 2, "monster.MON-A.1.name"),
        ('[trap.TRAP-1.1]\nname = "qqq"\n', 2, "trap.TRAP-1.1.name"),
        ('[graveyard.GRV-1.1]\nname = "x"\n', 2, "graveyard.GRV-1.1.name"),
        ('[ghost.1]\nname = "zzz"\n', 2, "ghost.1.name"),
        # a floor boss in a floor-4 area crashed the fight (bosses have rows for floors 1-3)
        ("[dungeon]\nboss_areas = [2, 4, 8, 10]\n", 2, "dungeon.boss_areas"),
        ("[dungeon]\nboss_areas = [0, 4, 7, 10]\n", 2, "dungeon.boss_areas"),
        ("[dungeon]\nboss_areas = [4, 4, 7, 10]\n", 2, "dungeon.boss_areas"),
        # §4.1 / §6.3: start values within the maxima (the game started with 3 potions, 30 HP)
        ('[character.rogue]\npotions = ["fire", "frost", "holy"]\n', 2, "character.rogue.potions"),
        ("[character.rogue]\nhp = 30\n", 2, "character.rogue.hp"),
        ("# lower the cap below a start value\n[caps]\nhp = 5\n", 3, "character.rogue.hp"),
        # the item limit is a rule of the engine (§6.4): a value it would silently ignore
        ("[caps]\nitems = 2\n", 2, "caps.items"),
        ("[trap.TRAP-1.1]\ndice = [1, 2, 3]\n", 2, "trap.TRAP-1.2.dice"),
    ],
)
def test_MR_P2_bad_values_are_reported_with_their_line(text: str, line: int, entry: str) -> None:  # MR-P2, MR-P10
    with pytest.raises(CardsError) as exc:
        check_text(text, "mine.toml")
    assert exc.value.key == "mr.err.cards"
    assert exc.value.params["line"] == line and exc.value.params["entry"] == entry
    for lang in ("en", "ja"):
        assert "mine.toml" in explain(exc.value, lang)


# -- §10: every decision is data; the switches the reference names ----------------------------


def test_D17_flags_eat_and_refresh_on_fall() -> None:  # MR-P10
    """D17 '*Data:* the landing table and the two flags (eat on fall, refresh on fall)'."""
    s = with_flags("crusader", eat_on_fall=True, refresh_on_fall=True)
    s.area = 3
    run_steps(s, (dungeon.prepare, ()))
    s.heroes[0].skill_up = False
    enter(s, "TRAP-4")
    play(s, "check:2,5", "accept")  # Gaping hole: −3 HP, then Fall
    assert s.area == 5 and hero(s)["food"] == 3 and hero(s)["skill_up"]
    s = new("crusader", area=3)  # the default: no food eaten, no refresh
    s.heroes[0].skill_up = False
    enter(s, "TRAP-4")
    play(s, "check:2,5", "accept")
    assert s.area == 5 and hero(s)["food"] == 4 and not hero(s)["skill_up"]


def test_D17_eat_on_fall_can_starve() -> None:
    s = with_flags("crusader", eat_on_fall=True)
    s.area = 3
    run_steps(s, (dungeon.prepare, ()))
    enter(s, "TRAP-4", food=0, hp=6)
    play(s, "check:2,5", "accept")  # −3 HP, fall, no food: −3 HP
    assert s.is_terminal() and s.result().details["cause"] == "starvation"


def test_D20_flag_statuses_persist() -> None:  # D20, MR-P10
    s = with_flags("crusader", statuses_persist=False)
    s.heroes[0].poison = s.heroes[0].blind = True
    run_steps(s, (dungeon.delve, ()))
    assert hero(s)["statuses"] == []


def test_D30_flag_lethal_payments() -> None:  # MR-P10
    s = with_flags("priestess", lethal_payments=True)
    enter(s, "MON-A", hp=2)
    play(s, "roll:2,1")
    assert "tribute:2" in legal(s) and "feat:1,hp" in legal(s)
    s = enter(new("priestess"), "MON-A", hp=2)
    play(s, "roll:2,1")
    assert "tribute:2" not in legal(s) and "feat:1,hp" not in legal(s)


def test_D33_flag_cure_curse_at_once() -> None:  # MR-P10
    """D33's alternative: the lowering lasts the whole round once rolled."""
    s = with_flags("rogue", cure_curse_at_once=False)
    enter(s, "MON-A", xp=6, curse=True, potions=["holy"])
    s.foe_hp = s.foe_max = 40
    until(s, "roll", choose="roll")
    play(s, "roll:36,1,c1", "drink:holy")
    assert hero(s)["statuses"] == [] and s.die_value(1) == 5 and "crit:2" not in legal(s)


def test_D34_flags_useless_potions_and_poison_stacking() -> None:  # D34, MR-P10
    s = with_flags("mage", hide_useless_potions=False, poison_stacks=True)
    play(s, "card:CAMP-1")
    s.heroes[0].potions = ["fire", "healing"]
    assert {"drink:fire", "drink:healing"} <= legal(s)  # useless here, but offered
    play(s, "drink:fire")  # nothing happens outside a combat
    assert hero(s)["potions"] == ["healing"]
    s = with_flags("mage", poison_stacks=True)
    enter(s, "MON-A", potions=["poison"])
    s.foe_hp = s.foe_max = 30
    play(s, "roll", "roll:2,1", "drink:poison", "conjure:poison", "confirm")
    assert s.foe_hp == 30 - 2 - 8  # +4 per Poison effect


def test_D35_flag_treasure_reward_optional() -> None:  # D35, MR-P10
    s = with_flags("crusader", treasure_reward_optional=True)
    enter(s, "TRES-A")
    play(s, "check:5,5", "accept")  # row 5: the Ghost, then +2 gold; now it may be declined
    assert legal(s) == {"opt:1", "opt:2"}
    play(s, "opt:2")
    assert s.foe is None and hero(s)["gold"] == 1


# -- rules found correct, pinned down next to the fixes ------------------------------------------


def test_verified_evasion_leaves_the_leader_alone_with_one_player_hp() -> None:
    """Verified (§9, D29, MR-P8): a Partner skipping the shared monster room by Evasion leaves
    the Leader to fight alone, with 1-player HP; the Rogue's room is entered, not resolved."""
    s = new("crusader", partner="rogue")
    play(s, "card:MON-A", "pass", "evade")
    until(s, "roll", "pre_roll")
    assert s.fighters == [0] and s.foe_hp == 6 and not hero(s, 1)["skill_up"]


def test_verified_item_room_leader_first_one_item() -> None:
    """Verified (D27): in a shared item room only one character takes the item, the Leader first."""
    s = new("crusader", partner="rogue")
    play(s, "card:ITEM-1")
    until(s, "item")
    assert s.to_move == 0
    play(s, "try", "check:5,4", "accept", "take")
    play(s, "card:CAMP-1", "card:CAMP-2")  # the Leader's room reveals its neighbours
    seen: list[str] = []
    while phase(s) == "window":
        play(s, "pass")
        seen += keys_of(s)
    assert hero(s)["item"] == "fair_longsword" and hero(s, 1)["item"] == "" and "ev.item_gone" in seen


def test_verified_boss_rewards_each_player_and_og_two_player_phases() -> None:
    """Verified (§7.7, §9, D29, D10, D28): both fighters gain the boss XP and each rolls the
    Reward card; Og's Remains has 50 then 40 HP with two players."""
    s = at_boss_exit(new("crusader", partner="rogue"))
    until(s, "pre_roll", "roll")
    assert s.foe_hp == 24 and s.fighters == [0, 1]
    s.foe_hp = 1
    play(s, "roll:2,1", "confirm", "d6:1", "opt:2", "d6:6", "opt:2")
    assert hero(s)["xp"] == 2 + 2 and hero(s, 1)["xp"] == 2 and hero(s, 1)["armor"] == 1
    assert hero(s)["gold"] == 2 and hero(s, 1)["gold"] == 5 + 2
    s = at_boss_exit(new("crusader", partner="rogue"), boss="og", area=10)
    until(s, "pre_roll", "roll")
    assert s.foe_hp == 50
    s.foe_hp = 1
    play(s, "roll:2,1", "confirm")
    assert s.foe.name == "og2" and s.foe_hp == 40 and s.round == 1 and s.actor == 0


def test_verified_fall_alternates_leadership_and_skips_delving() -> None:
    """Verified (§3.5, D17, D29): a fall moves both, hands the lead to the other player, eats
    nothing and refreshes no skill."""
    s = new("crusader", partner="rogue")
    s.heroes[1].skill_up = False
    play(s, "card:TRAP-4", "pass")  # the Partner, skill used, has only offers: not asked (MR-P11)
    play(s, "check:2,5", "accept")
    assert s.area == 3 and s.leader == 1 and [h.food for h in s.heroes] == [4, 3]
    assert not s.heroes[1].skill_up and s.heroes[0].hp == 7


def test_verified_dice_probabilities() -> None:
    """Verified (§5.3): white ×,2-6 and black 1-6 at 1/6 each; poison and curse dice 1/2."""
    from fractions import Fraction

    from solotable.core.protocol import Action
    from solotable.games.minirogue.rules.tables import D6_TABLE, WHITE_TABLE, check_table, roll_table

    assert {str(a): p for a, p in WHITE_TABLE.outcomes} == {f"white:{f}": Fraction(1, 6) for f in "x23456"}
    assert all(p == Fraction(1, 6) for _, p in D6_TABLE.outcomes) and len(D6_TABLE.outcomes) == 6
    t = roll_table(1, True, True)
    assert len(t.outcomes) == 6 * 6 * 4 and t.probability(Action("roll", "x", 6, "p1", "c0")) == Fraction(1, 144)
    assert roll_table(3, False, False).probability(Action("roll", "256", 1)) == Fraction(6, 6**4)
    assert check_table(2).probability(Action("check", "55", 3)) == Fraction(1, 216)
