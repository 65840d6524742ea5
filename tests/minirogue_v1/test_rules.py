"""One test per rule and table of the rules reference (shared/rules/minirogue_v1.md).

Each test cites its section and ruling. Expected values are written from the reference (see the
tables in ``helpers.py``), never read back from the engine's data.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from fractions import Fraction
from math import comb

import pytest

import solotable
from solotable import Action, IllegalAction

from .helpers import (
    BOSS,
    BOSS_AREAS,
    LEVEL_OF_AREA,
    MONSTER_DAMAGE,
    MONSTER_XP,
    PIT,
    START,
    G,
    attack,
    foe_hp,
    keys_of,
    legal,
    new,
    obs_json,
    phase,
    play,
    quiet_until_reveal,
    retable,
    stats,
    to_boss,
    to_combat,
)

# Columns 1-4 of an area without touching Food or Gold: Resting (+2 HP), Merchant (leave),
# Event 2 (+2 HP, accepted), Trap 4 (Spring Blades) avoided with a 1.
QUIET_AREA = ("reveal:resting", "rest:hp", "reveal:merchant,treasure", "take:merchant", "leave",
              "reveal:event", "d6:2", "accept", "take:trap", "d6:4", "d6:1")  # fmt: skip


def kill_boss(s: object) -> None:
    """One attack that kills any boss: a 6 with five critical 6s and a 5 (41 damage)."""
    retable(s)
    n = s.rank  # type: ignore[attr-defined]
    faces = [6] + [2] * (n - 1)
    play(s, "roll:" + ",".join(map(str, sorted(faces))))
    big = str(sorted(faces).index(6) + 1)
    for _ in range(5):
        play(s, f"crit:{big}", "d6:6")
    play(s, f"crit:{big}", "d6:5")
    if phase(s) == "feat":
        play(s, "done")


# ==== §2 Setup and difficulty ==================================================================


@pytest.mark.parametrize("difficulty", list(START))
def test_starting_stats_per_difficulty(difficulty: str) -> None:  # §2
    armor, hp, gold, food, _ = START[difficulty]
    s = G.new_state(difficulty=difficulty)
    o = s.observation()
    c = o["character"]
    assert (c["armor"], c["hp"], c["gold"], c["food"]) == (armor, hp, gold, food)
    assert (c["rank"], c["xp"], c["combat_dice"], c["spells"]) == (1, 0, 1, [])
    assert (o["dungeon"]["area"], o["dungeon"]["level"], o["dungeon"]["bosses_slain"]) == (1, 1, 0)
    assert c["key"] is None  # no Labyrinth keys variant by default
    assert o["difficulty"] == difficulty
    assert s.is_chance() and len(s.chance_table().actions) == 6  # the first reveal, §4.2


def test_hard_starts_with_5_food() -> None:  # §2, ruling R1
    assert G.new_state(difficulty="hard").food == 5


@pytest.mark.parametrize("name", ["nightmare", "Nightmare", "NIGHTMARE", "impossible"])
def test_nightmare_is_impossible(name: str) -> None:  # ruling R36
    s = G.new_state(difficulty=name)
    assert s.observation()["difficulty"] == "impossible"
    assert stats(s)["hp"] == 3 and s.options()["difficulty"] == "impossible"


@pytest.mark.parametrize("bad", ["easy", "expert", ""])
def test_bad_difficulty_names_the_choices(bad: str) -> None:  # §2
    with pytest.raises(ValueError) as exc:
        G.new_state(difficulty=bad)
    for choice in ("casual", "normal", "hard", "impossible"):
        assert choice in str(exc.value)


def test_unknown_option_is_refused() -> None:
    with pytest.raises(ValueError) as exc:
        G.new_state(difficulty="normal", variant="x")
    assert "difficulty" in str(exc.value) and "keys" in str(exc.value)


def test_rules_help_states_the_hard_food_ruling() -> None:  # R1
    assert "Hard: Food 5 (the Japanese translation prints 3; treated as a typo)." in G.help_text("en")
    assert "食料5" in G.help_text("ja")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rules_help_lists_every_ruling(lang: str) -> None:  # §9
    text = G.help_text(lang)
    missing = [n for n in range(1, 37) if not re.search(rf"\bR{n}\b", text)]
    assert not missing


def test_keys_variant_starts_without_a_key() -> None:  # §2 step 5
    assert G.new_state(keys=True).observation()["character"]["key"] is False


# ==== §3.1 Caps and floors (R13) ===============================================================


CAP_CASES = [
    # (label, fields, notations, stat, expected)
    ("rest heal to 20", dict(hp=19), ["reveal:resting", "rest:hp"], "hp", 20),
    ("rest heal at 20", dict(hp=20), ["reveal:resting", "rest:hp"], "hp", 20),
    ("event potion", dict(hp=19), ["reveal:event", "d6:2", "accept"], "hp", 20),
    ("big potion", dict(hp=18, gold=3), ["reveal:merchant", "buy:bigpotion"], "hp", 20),
    ("heal spell before a room", dict(hp=15, spells=["heal"]), ["reveal:resting", "cast:heal"], "hp", 20),
    ("rest food", dict(food=6), ["reveal:resting", "rest:food"], "food", 6),
    ("event ration", dict(food=6), ["reveal:event", "d6:1", "accept"], "food", 6),
    ("merchant ration", dict(food=6, gold=1), ["reveal:merchant", "buy:ration"], "food", 6),
    ("treasure gold", dict(gold=20), ["reveal:treasure"], "gold", 20),
    ("event loot", dict(gold=19), ["reveal:event", "d6:3", "accept"], "gold", 20),
    ("sell armor", dict(gold=19, armor=1), ["reveal:merchant", "sell:armor"], "gold", 20),
    ("sell spell", dict(gold=18, spells=["fire"]), ["reveal:merchant", "sell:fire"], "gold", 20),
    ("event shield", dict(armor=5), ["reveal:event", "d6:5", "accept"], "armor", 5),
    ("treasure armor", dict(armor=5), ["reveal:treasure", "d6:5", "d6:1"], "armor", 5),
    ("merchant armor", dict(armor=5, gold=6), ["reveal:merchant", "buy:armor"], "armor", 5),
]


@pytest.mark.parametrize(("label", "fields", "notations", "stat", "expected"), CAP_CASES, ids=[c[0] for c in CAP_CASES])
def test_caps(label: str, fields: dict, notations: list[str], stat: str, expected: int) -> None:  # R13
    s = new(**fields)
    play(s, *notations)
    assert getattr(s, stat) == expected


def test_boss_gold_is_capped() -> None:  # R13, §5.2
    s = to_boss(4, gold=19, hp=20)
    kill_boss(s)
    assert s.gold == 20


def test_hp_never_below_zero() -> None:  # R13: a 10-damage counter-attack on 3 HP leaves 0
    s = to_combat(area=12, face=6, hp=3)
    attack(s, [2], "done")
    assert s.hp == 0 and s.is_terminal()


def test_monster_hp_never_below_zero() -> None:  # R13 (the Monster HP track ends at the skull)
    s = to_combat(area=1, face=1)  # 2 HP
    attack(s, [5], "done")
    damage = next(e for e in s.events if e.key == "mr1.ev.damage")
    assert damage.params["hp"] == 0


@pytest.mark.parametrize(("trap", "stat"), [(1, "food"), (2, "gold"), (3, "armor")])
def test_penalties_never_go_below_zero(trap: int, stat: str) -> None:  # R13, §5.7
    s = new(hp=8, **{stat: 0})
    play(s, "reveal:trap", f"d6:{trap}", "d6:6")
    assert getattr(s, stat) == 0 and s.hp == 6


# ==== §3.2 XP and Rank (R14, R15, R31) =========================================================


def _gain(s: object, source: str) -> None:
    """One XP gain event from the given source, played from the first column of area 1."""
    if source == "rest":  # +1
        play(s, "reveal:resting", "rest:xp")
    elif source == "whetstone":  # +2
        play(s, "reveal:event", "d6:4", "accept")
    elif source == "weapon":  # +2
        play(s, "reveal:treasure", "d6:5", "d6:2")
    else:
        raise AssertionError(source)


XP_CASES = [
    # (rank, xp, source, amount) -> (rank, xp, hp gained)
    (1, 0, "rest", (1, 1, 0)),
    (1, 5, "rest", (2, 0, 0)),
    (1, 4, "whetstone", (2, 0, 0)),
    (1, 5, "whetstone", (2, 1, 0)),
    (1, 5, "weapon", (2, 1, 0)),
    (2, 10, "rest", (2, 11, 0)),
    (2, 11, "rest", (3, 0, 0)),
    (2, 11, "whetstone", (3, 1, 0)),
    (3, 16, "rest", (3, 17, 0)),
    (3, 17, "rest", (4, 0, 0)),
    (3, 17, "whetstone", (4, 0, 0)),  # R14: excess lost, no HP
    (4, 0, "rest", (4, 0, 1)),  # R31
    (4, 0, "whetstone", (4, 0, 1)),  # R31: one award, one HP
    (4, 0, "weapon", (4, 0, 1)),
]


@pytest.mark.parametrize(("rank", "xp", "source", "after"), XP_CASES)
def test_xp_table(rank: int, xp: int, source: str, after: tuple[int, int, int]) -> None:  # §3.2
    s = new(rank=rank, xp=xp, hp=10)
    _gain(s, source)
    assert (s.rank, s.xp, s.hp - 10) == after
    if after[0] > rank:
        assert "ev.rank_up" in keys_of(s)


def test_rank_4_gain_at_full_hp_stays_20() -> None:  # R13, R31
    s = new(rank=4, hp=20)
    _gain(s, "rest")
    assert (s.rank, s.xp, s.hp) == (4, 0, 20)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_monster_xp_by_level(level: int) -> None:  # §5.1
    area = {1: 1, 2: 3, 3: 5, 4: 8, 5: 11}[level]
    s = to_combat(area=area, face=1, hp=20)
    s.foe_hp = 1
    attack(s, [3], "done")
    assert "ev.defeated" in keys_of(s)
    assert (s.rank, s.xp) == (1, MONSTER_XP[level])


def test_rank_4_boss_gives_two_gain_events() -> None:  # R31: boss XP and Better Weapon are two events
    s = to_boss(10, rank=4, hp=10)
    kill_boss(s)
    assert s.hp == 11  # 5 XP: one gain event, +1 HP
    play(s, "d6:2")  # Better Weapon
    assert s.hp == 12


XP_LOSS = [
    # (rank, xp) -> (rank, xp, hp lost)
    ((1, 3), (1, 2, 0)),
    ((2, 4), (2, 3, 0)),
    ((2, 0), (1, 5, 0)),
    ((3, 0), (2, 11, 0)),
    ((4, 0), (3, 17, 0)),
    ((1, 0), (1, 0, 2)),  # cannot be applied: −2 HP instead
]


@pytest.mark.parametrize(("before", "after"), XP_LOSS)
def test_xp_loss_moving_walls(before: tuple[int, int], after: tuple[int, int, int]) -> None:  # R15
    s = new(rank=before[0], xp=before[1], hp=8)
    play(s, "reveal:trap", "d6:5", "d6:6")  # Moving Walls, failed check (6 > any Rank)
    assert (s.rank, s.xp, 8 - s.hp) == after


# ==== §3.3 Skill check =========================================================================


@pytest.mark.parametrize("rank", [1, 2, 3, 4])
@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_trap_skill_check_is_roll_at_most_rank(rank: int, face: int) -> None:  # §3.3
    s = new(rank=rank, hp=8)
    play(s, "reveal:trap", "d6:4", f"d6:{face}")  # Spring Blades
    assert s.hp == (8 if face <= rank else 7)


@pytest.mark.parametrize("rank", [1, 2, 3, 4])
@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_event_skill_check_is_roll_at_most_rank(rank: int, face: int) -> None:  # §3.3, §5.6
    s = new(rank=rank)
    play(s, "reveal:event", "d6:3", "check", f"d6:{face}")
    if face <= rank:
        assert phase(s) == "event_shift"
    else:
        assert s.gold == 3 + 2 and phase(s) != "event_shift"  # the first roll stands


# ==== §5.3 Treasure (R4) =======================================================================


def test_treasure_one_gold_without_a_monster() -> None:  # §5.3
    s = new()
    play(s, "reveal:treasure")
    assert s.gold == 3 + 1


def test_treasure_two_gold_after_monster_card() -> None:  # §5.3, R4
    s = new(hp=10)
    play(s, "reveal:resting", "rest:hp", "reveal:monster,merchant", "take:monster", "d6:1", "roll:5", "done")
    play(s, "reveal:treasure")
    assert s.gold == 3 + 2


def test_treasure_two_gold_after_event_monster() -> None:  # R4
    s = new(hp=10)
    play(s, "reveal:event", "d6:6", "accept", "d6:1", "roll:5", "done")
    assert "ev.defeated" in keys_of(s)
    play(s, "reveal:treasure,merchant", "take:treasure")
    assert s.gold == 3 + 2


def test_unchosen_monster_does_not_count() -> None:  # §4.2: the unchosen card has no effect
    s = new(hp=10)
    play(s, "reveal:resting", "rest:hp", "reveal:monster,merchant", "take:merchant", "leave")
    play(s, "reveal:treasure")
    assert s.gold == 3 + 1


def test_monster_flag_cleared_on_new_area() -> None:  # §4.2, R4
    s = new(hp=10)
    play(s, "reveal:monster", "d6:1", "roll:5", "done")
    assert s.observation()["dungeon"]["monster_defeated_here"] is True
    play(
        s,
        "reveal:merchant,resting",
        "take:resting",
        "rest:food",
        "reveal:event",
        "d6:2",
        "accept",
        "take:trap",
        "d6:4",
        "d6:1",
    )
    assert s.area == 2
    assert s.observation()["dungeon"]["monster_defeated_here"] is False
    gold = s.gold
    play(s, "reveal:treasure")
    assert s.gold == gold + 1


def test_monster_flag_cleared_after_a_fall() -> None:  # R4, R5
    s = new(hp=10)
    play(s, "reveal:monster", "d6:1", "roll:5", "done")
    play(s, "reveal:treasure,trap", "take:trap", "d6:6", "d6:6")
    assert s.area == 3
    gold = s.gold
    play(s, "reveal:treasure")
    assert s.gold == gold + 1


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_treasure_item_gate_is_5_or_more(face: int) -> None:  # §5.3
    s = new()
    play(s, "reveal:treasure", f"d6:{face}")
    if face >= 5:
        assert phase(s) == "item_roll" and s.is_chance()
    else:
        assert phase(s) == "reveal" and s.col == 1  # no item; on to column 2


ITEMS = [
    # d6 -> expected change (§5.3 item table, in card order)
    (1, {"armor": 1}),
    (2, {"xp": 2}),
    (3, {"spells": ["fire"]}),
    (4, {"spells": ["ice"]}),
    (5, {"spells": ["poison"]}),
    (6, {"spells": ["heal"]}),
]


def _check_item(before: dict, after: dict, change: dict) -> None:
    for key, value in change.items():
        if key == "spells":
            assert after["spells"] == before["spells"] + value
        else:
            assert after[key] == before[key] + value
    for key in ("hp", "armor", "gold", "food", "xp"):
        if key not in change:
            assert after[key] == before[key], key


@pytest.mark.parametrize(("face", "change"), ITEMS)
def test_treasure_item_table(face: int, change: dict) -> None:  # §5.3, project ruling P4
    s = new()
    play(s, "reveal:treasure")
    before = stats(s)
    play(s, "d6:5", f"d6:{face}")
    _check_item(before, stats(s), change)


# ==== §5.2 Boss Monster (R11, R27) =============================================================


@pytest.mark.parametrize("area", list(range(1, 15)))
def test_boss_dealt_face_up_in_boss_areas(area: int) -> None:  # §4.1 step 3
    o = new(area=area).observation()
    if area in BOSS_AREAS:
        assert len(o["layout"]) == 5
        boss = o["layout"][4]["cards"]
        assert boss == [{"card": "boss", "face_up": True, "chosen": False, "reachable": True}]
    else:
        assert len(o["layout"]) == 4
    assert o["dungeon"]["boss_area"] is (area in BOSS_AREAS)


@pytest.mark.parametrize("area", BOSS_AREAS)
def test_boss_hp_and_damage(area: int) -> None:  # §5.2
    level = LEVEL_OF_AREA[area]
    hp, damage, _, _ = BOSS[level]
    s = to_boss(area, hp=20)
    combat = s.observation()["combat"]
    assert (combat["hp"], combat["max_hp"], combat["damage"]) == (hp, hp, damage)
    assert combat["foe"] == f"boss.{level}"
    attack(s, [2], "done")
    assert s.hp == 20 - damage  # armor 0


@pytest.mark.parametrize("area", BOSS_AREAS[:4])
def test_boss_reward_gold_then_xp_then_item(area: int) -> None:  # §5.2, R11
    level = LEVEL_OF_AREA[area]
    _, _, gold, xp = BOSS[level]
    s = to_boss(area, hp=20, gold=0, xp=0, rank=1)
    kill_boss(s)
    ks = keys_of(s)
    assert ks.index("ev.defeated") < ks.index("ev.gain") < ks.index("ev.xp")
    assert (s.gold, s.xp, s.rank) == (gold, xp, 1)  # no Treasure gold
    assert s.observation()["dungeon"]["bosses_slain"] == 1
    assert s.observation()["dungeon"]["monster_defeated_here"] is True  # R4
    assert phase(s) == "item_roll"  # no 5+ gate: straight to the item table


@pytest.mark.parametrize(("face", "change"), ITEMS)
def test_boss_item_has_no_gate(face: int, change: dict) -> None:  # R11, project ruling P4
    s = to_boss(2, hp=20)
    kill_boss(s)
    before = stats(s)
    play(s, f"d6:{face}")
    after = stats(s)
    assert s.area == 3  # the area ends: Exploration eats one Food
    before["food"] -= 1
    if "xp" in change:  # Better Weapon: 2 XP on top of the boss's
        assert after["xp"] == before["xp"] + 2
    else:
        _check_item(before, after, change)


@pytest.mark.parametrize("food", [3, 0])
def test_og_remains_wins_at_once(food: int) -> None:  # §5.2, R27
    s = to_boss(14, hp=20, food=food, rank=4, bosses=4, gold=5)
    kill_boss(s)
    assert s.is_terminal()
    r = s.result()
    assert r.won and r.details["cause"] == "win"
    assert (s.food, s.hp) == (food, 20)  # nothing eaten, no starvation
    assert "ev.eat" not in keys_of(s) and "ev.starve" not in keys_of(s)
    assert r.details["area"] == 14 and r.details["bosses"] == 5


# ==== §5.4 Merchant (R7, R30) ==================================================================


WARES = [
    # ware, price, stat, gain
    ("ration", 1, "food", 1),
    ("potion", 1, "hp", 1),
    ("bigpotion", 3, "hp", 4),
    ("armor", 6, "armor", 1),
]


@pytest.mark.parametrize(("ware", "price", "stat", "gain"), WARES)
def test_merchant_buy(ware: str, price: int, stat: str, gain: int) -> None:  # §5.4
    s = new(gold=10, food=3, hp=5, armor=0)
    play(s, "reveal:merchant")
    before = stats(s)
    play(s, f"buy:{ware}")
    after = stats(s)
    assert after["gold"] == 10 - price
    assert after[stat] == before[stat] + gain
    assert phase(s) == "merchant"  # any number of trades


@pytest.mark.parametrize("spell", ["fire", "ice", "poison", "heal"])
def test_merchant_buy_any_spell(spell: str) -> None:  # §5.4
    s = new(gold=9)
    play(s, "reveal:merchant", f"buy:{spell}")
    assert (s.gold, s.spells) == (1, [spell])


def test_merchant_sell_armor() -> None:  # §5.4
    s = new(gold=0, armor=2)
    play(s, "reveal:merchant", "sell:armor")
    assert (s.gold, s.armor) == (3, 1)


@pytest.mark.parametrize("spell", ["fire", "ice", "poison", "heal"])
def test_merchant_sell_spell(spell: str) -> None:  # §5.4
    s = new(gold=0, spells=[spell, "fire"] if spell != "fire" else ["fire", "ice"])
    play(s, "reveal:merchant")
    if phase(s) == "pre_room":
        play(s, "enter")
    play(s, f"sell:{spell}")
    assert s.gold == 4 and len(s.spells) == 1


@pytest.mark.parametrize("gold", [0, 1, 2, 3, 5, 6, 7, 8, 20])
def test_merchant_prices_gate_purchases(gold: int) -> None:  # §5.4, R30
    prices = {"ration": 1, "potion": 1, "bigpotion": 3, "armor": 6,
              "fire": 8, "ice": 8, "poison": 8, "heal": 8}  # fmt: skip
    s = new(gold=gold, armor=0)
    play(s, "reveal:merchant")
    buys = {a.split(":")[1] for a in legal(s) if a.startswith("buy:")}
    assert buys == {w for w, p in prices.items() if gold >= p}
    assert "leave" in legal(s)


def test_merchant_sales_need_the_item() -> None:  # R30
    s = new(armor=0, spells=["ice"])
    play(s, "reveal:merchant")
    assert {a for a in legal(s) if a.startswith("sell:")} == {"sell:ice"}


def test_merchant_many_trades_in_any_order() -> None:  # §5.4, R30
    s = new(gold=2, armor=2, food=3, hp=5)
    play(s, "reveal:merchant", "sell:armor", "buy:ration", "sell:armor", "buy:bigpotion", "buy:potion")
    assert (s.gold, s.armor, s.food, s.hp) == (2 + 3 - 1 + 3 - 3 - 1, 0, 4, 10)
    play(s, "leave")
    assert phase(s) == "reveal" and s.col == 1


def test_merchant_leave_without_trading() -> None:  # §5.4
    s = new()
    play(s, "reveal:merchant")
    before = stats(s)
    play(s, "leave")
    assert stats(s) == before


WASTE = [
    # fields, action, stat, expected value after
    (dict(food=6, gold=5), "buy:ration", "food", 6),
    (dict(hp=20, gold=5), "buy:potion", "hp", 20),
    (dict(hp=18, gold=5), "buy:bigpotion", "hp", 20),
    (dict(armor=5, gold=6), "buy:armor", "armor", 5),
    (dict(gold=18, armor=1), "sell:armor", "gold", 20),
    (dict(gold=17, spells=["ice"]), "sell:ice", "gold", 20),
]


@pytest.mark.parametrize(("fields", "action", "stat", "expected"), WASTE)
def test_wasteful_trade_allowed_with_warning(fields: dict, action: str, stat: str, expected: int) -> None:
    # R7, R30: allowed, the excess is lost, and interfaces are warned first
    s = new(**fields)
    play(s, "reveal:merchant")
    a = G.parse_action(s, action)
    assert action in legal(s)
    assert s.warnings(a), action
    gold = s.gold
    play(s, action)
    assert getattr(s, stat) == expected
    if action.startswith("buy"):
        assert s.gold < gold  # the price is paid in full


@pytest.mark.parametrize(("fields", "action"), [
    (dict(food=5, gold=5), "buy:ration"),
    (dict(hp=16, gold=5), "buy:bigpotion"),
    (dict(gold=16, spells=["ice"]), "sell:ice"),
    (dict(gold=17, armor=1), "sell:armor"),
])  # fmt: skip
def test_useful_trade_has_no_warning(fields: dict, action: str) -> None:  # R7
    s = new(**fields)
    play(s, "reveal:merchant")
    assert s.warnings(G.parse_action(s, action)) == []


def test_buying_a_third_spell_offers_the_three_way_choice() -> None:  # §5.4, R6
    s = new(gold=8, spells=["fire", "ice"])
    play(s, "reveal:merchant", "buy:poison")
    assert phase(s) == "spell_discard"
    assert legal(s) == {"discard:fire", "discard:ice", "discard:poison"}
    play(s, "discard:poison")
    assert (s.spells, s.gold, phase(s)) == (["fire", "ice"], 0, "merchant")


def test_not_enough_gold_message() -> None:  # R30
    s = new(gold=2)
    play(s, "reveal:merchant")
    before = obs_json(s)
    with pytest.raises(IllegalAction) as exc:
        s.apply(Action("buy", "armor"))
    assert "gold" in str(exc.value)
    assert obs_json(s) == before


# ==== §5.5 Resting (R32) =======================================================================


def test_resting_offers_exactly_one_of_three() -> None:  # R32
    s = new(hp=20, food=6)  # even with nothing to gain
    play(s, "reveal:resting")
    assert legal(s) == {"rest:xp", "rest:food", "rest:hp"}
    play(s, "rest:hp")
    assert phase(s) == "reveal" and s.col == 1  # one option, then the next column
    assert (s.hp, s.food) == (20, 6)


@pytest.mark.parametrize(("option", "change"), [
    ("xp", {"xp": 1}), ("food", {"food": 1}), ("hp", {"hp": 2}),
])  # fmt: skip
def test_resting_options(option: str, change: dict) -> None:  # §5.5
    s = new(food=3)
    before = stats(s)
    play(s, "reveal:resting", f"rest:{option}")
    _check_item(before, stats(s), change)


# ==== §5.6 Event (R2, R21) =====================================================================


EVENTS = [
    (1, {"food": 1}),
    (2, {"hp": 2}),
    (3, {"gold": 2}),
    (4, {"xp": 2}),
    (5, {"armor": 1}),
]


@pytest.mark.parametrize(("face", "change"), EVENTS)
def test_event_table(face: int, change: dict) -> None:  # §5.6
    s = new(food=3)
    before = stats(s)
    play(s, "reveal:event", f"d6:{face}")
    assert legal(s) == {"check", "accept"}  # the check is optional
    play(s, "accept")
    _check_item(before, stats(s), change)


def test_event_6_is_a_monster() -> None:  # §5.6
    s = new()
    play(s, "reveal:event", "d6:6", "accept")
    assert phase(s) == "monster_hp"


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_event_shift_is_clamped(roll: int) -> None:  # R2, R21
    s = new()
    play(s, "reveal:event", f"d6:{roll}", "check", "d6:1")
    expected = {"keep"} | ({"up"} if roll < 6 else set()) | ({"down"} if roll > 1 else set())
    assert legal(s) == expected


EFFECT_OF = {1: ("food", 1), 2: ("hp", 2), 3: ("gold", 2), 4: ("xp", 2), 5: ("armor", 1)}


@pytest.mark.parametrize(("roll", "choice", "final"), [
    (1, "up", 2), (1, "keep", 1), (3, "down", 2), (3, "up", 4), (3, "keep", 3), (6, "down", 5),
    (5, "up", 6), (2, "down", 1),
])  # fmt: skip
def test_event_shift_applies_the_final_result(roll: int, choice: str, final: int) -> None:  # §5.6
    s = new(food=3)
    play(s, "reveal:event", f"d6:{roll}", "check", "d6:1", choice)
    if final == 6:
        assert phase(s) == "monster_hp"
        return
    stat, gain = EFFECT_OF[final]
    before = {"food": 3, "hp": 5, "gold": 3, "xp": 0, "armor": 0}
    for key, value in before.items():
        assert getattr(s, key) == value + (gain if key == stat else 0), key


def test_event_failed_check_has_no_penalty() -> None:  # §5.6
    s = new(rank=1)
    play(s, "reveal:event", "d6:4", "check", "d6:2")
    assert (s.xp, s.hp, s.food, s.gold) == (2, 5, 6, 3)  # Whetstone as rolled, nothing lost


@pytest.mark.parametrize("area", [1, 3, 6, 9, 11, 14])
def test_event_monster(area: int) -> None:  # §5.6: HP area + 1d6, damage 2 x Level, 2 XP
    level = LEVEL_OF_AREA[area]
    s = new(area=area, hp=20, rank=1, xp=0)
    play(s, "reveal:event", "d6:6", "accept", "d6:4")
    combat = s.observation()["combat"]
    assert combat["foe"] == "event_monster"
    assert (combat["hp"], combat["damage"]) == (area + 4, 2 * level)
    attack(s, [2], "done")
    assert s.hp == 20 - 2 * level
    attack(s, [6], "crit:1", "d6:6", "crit:1", "d6:6", "crit:1", "d6:5", "done")
    assert "ev.defeated" in keys_of(s)
    assert s.xp == 2  # 2 XP at every level (a Level 5 Monster card gives 3)


# ==== §5.7 Trap (R22, R24, R25, R26) ===========================================================


@pytest.mark.parametrize("trap", [1, 2, 3, 4, 5, 6])
def test_trap_check_is_always_made(trap: int) -> None:  # R22
    s = new()
    play(s, "reveal:trap", f"d6:{trap}")
    assert s.is_chance() and phase(s) == "trap_skill"  # no decision to skip the check


@pytest.mark.parametrize("trap", [1, 2, 3, 4, 5, 6])
def test_trap_avoided_on_success(trap: int) -> None:  # §5.7
    s = new(area=3, rank=2, xp=3, food=3, gold=3, armor=2, hp=9)
    before = stats(s)
    play(s, "reveal:trap", f"d6:{trap}", "d6:2")
    assert stats(s) == before and s.area == 3 and s.col == 1


TRAP_PENALTIES = [
    # trap face, payable -> change
    (1, {"food": -1}),
    (2, {"gold": -1}),
    (3, {"armor": -1}),
    (4, {"hp": -1}),
    (5, {"xp": -1}),
    (6, {"hp": -2}),
]


@pytest.mark.parametrize(("trap", "change"), TRAP_PENALTIES)
def test_trap_penalties(trap: int, change: dict) -> None:  # §5.7
    s = new(area=12, rank=2, xp=3, food=3, gold=3, armor=2, hp=9)  # area 12: a Pit does not fall
    before = stats(s)
    play(s, "reveal:trap", f"d6:{trap}", "d6:6")
    _check_item(before, stats(s), change)


@pytest.mark.parametrize(("trap", "fields"), [
    (1, dict(food=0)), (2, dict(gold=0)), (3, dict(armor=0)), (5, dict(rank=1, xp=0)),
])  # fmt: skip
def test_unpayable_trap_costs_2_hp(trap: int, fields: dict) -> None:  # §5.7, R15
    s = new(hp=9, **fields)
    before = stats(s)
    play(s, "reveal:trap", f"d6:{trap}", "d6:6")
    _check_item(before, stats(s), {"hp": -2})
    assert "ev.unpayable" in keys_of(s)


def test_spring_blades_always_applies() -> None:  # §5.7
    s = new(hp=1)
    play(s, "reveal:trap", "d6:4", "d6:6")
    assert s.is_terminal() and s.hp == 0 and s.result().details["cause"] == "trap"


@pytest.mark.parametrize("area", list(range(1, 11)))
def test_pit_destination(area: int) -> None:  # §5.7, R5, R24
    s = new(area=area, hp=9, food=2, bosses=0)
    play(s, "reveal:trap", "d6:6", "d6:6")
    o = s.observation()
    assert o["dungeon"]["area"] == PIT[area]
    assert o["dungeon"]["level"] == LEVEL_OF_AREA[PIT[area]]
    assert (s.hp, s.food, o["dungeon"]["bosses_slain"]) == (7, 2, 0)  # no food, no boss
    assert o["phase"] == "reveal" and s.col == 0 and len(o["unrevealed"]) == 6  # a fresh layout
    assert "ev.eat" not in keys_of(s) and "ev.fall" in keys_of(s)


@pytest.mark.parametrize("area", [11, 12, 13, 14])
def test_level_5_pit_only_costs_2_hp(area: int) -> None:  # R25
    s = new(area=area, hp=9, food=2)
    play(s, "reveal:trap", "d6:6", "d6:6")
    assert (s.area, s.hp, s.food) == (area, 7, 2)
    assert s.col == 1 and phase(s) == "reveal"


def test_lethal_pit_does_not_move() -> None:  # R26
    s = new(area=3, hp=2)
    play(s, "reveal:trap", "d6:6", "d6:6")
    assert s.is_terminal() and s.area == 3 and s.hp == 0
    r = s.result()
    assert not r.won and r.details["area"] == 3 and r.details["cause"] == "trap"


# ==== §6 Combat ================================================================================


@pytest.mark.parametrize("rank", [1, 2, 3, 4])
def test_attack_roll_uses_rank_dice(rank: int) -> None:  # §6.2 A1
    s = to_combat(rank=rank)
    assert {len(a.args) for a in s.chance_table().actions} == {rank}


def test_misses_deal_nothing_and_are_rolled_again() -> None:  # §6.2 A1, A2
    s = to_combat(area=12, face=6, rank=2, hp=20)  # 18 HP
    attack(s, [1, 1], "done")
    assert foe_hp(s) == 18
    assert {len(a.args) for a in s.chance_table().actions} == {2}


def test_critical_chain() -> None:  # §6.2 A3
    s = to_combat(area=12, face=6, hp=20)  # 18 HP
    s.foe_hp = 30
    attack(s, [6], "crit:1", "d6:6")
    assert "crit:1" in legal(s)  # still open
    play(s, "crit:1", "d6:6", "crit:1", "d6:3")
    assert "crit:1" not in legal(s)  # closed
    play(s, "done")
    assert foe_hp(s) == 30 - 21


def test_critical_1_loses_the_whole_die() -> None:  # §6.2 A3
    s = to_combat(area=12, face=6, rank=2, hp=20)  # 18 HP
    attack(s, [4, 6], "crit:2", "d6:6", "crit:2", "d6:1", "done")
    assert foe_hp(s) == 18 - 4


def test_only_open_dice_are_rerolled_and_feats_wait() -> None:  # §6.2 A3, R17
    s = to_combat(rank=2, xp=3, hp=10)
    attack(s, [2, 6])
    assert phase(s) == "crit"
    assert legal(s) == {"crit:2", "stop"}


def test_stop_closes_every_open_die() -> None:  # R17
    s = to_combat(area=12, face=6, rank=2, hp=20)  # 18 HP
    s.foe_hp = 30
    attack(s, [6, 6], "crit:1", "d6:6", "stop")
    assert phase(s) == "feat" and not any(a.startswith("crit") for a in legal(s))
    play(s, "done")
    assert foe_hp(s) == 30 - 18


def test_the_first_feat_choice_costs_nothing() -> None:  # issue 11 item 13: Enter must not cost HP
    s = to_combat(area=12, face=6, rank=2, xp=5, hp=10, armor=5)
    attack(s, [2, 3])
    actions = [str(a) for a in s.legal_actions()]
    assert actions[0] == "done"
    assert actions[1:] == ["feat:1,hp", "feat:1,xp", "feat:2,hp", "feat:2,xp"]  # the order of the dice
    assert G.describe(s, s.legal_actions()[0]) == "Deal the damage"


def test_feat_once_per_die() -> None:  # §6.3
    s = to_combat(area=12, face=6, rank=2, xp=5, hp=10, armor=5)  # 18 HP
    attack(s, [2, 3], "feat:1,hp")
    assert s.hp == 8
    play(s, "d6:4")
    assert not any(a.startswith("feat:1,") for a in legal(s))
    assert {"feat:2,hp", "feat:2,xp"} <= legal(s)
    play(s, "feat:2,xp", "d6:5")
    assert s.xp == 4
    # every die used its feat: the damage is dealt at once
    assert foe_hp(s) == 18 - 9


@pytest.mark.parametrize(("hp", "rank", "xp", "costs"), [
    (3, 1, 0, {"hp"}),
    (2, 1, 0, set()),
    (2, 1, 1, {"xp"}),
    (2, 2, 0, {"xp"}),
    (5, 2, 3, {"hp", "xp"}),
])  # fmt: skip
def test_feat_cost_must_be_payable(hp: int, rank: int, xp: int, costs: set[str]) -> None:  # R16
    s = to_combat(area=1, face=6, rank=rank, xp=xp, hp=hp, armor=5)  # 7 HP, damage 2
    attack(s, [2] * rank)
    offered = {a.split(",")[1] for a in legal(s) if a.startswith("feat:")}
    assert offered == costs
    if not costs:
        assert phase(s) != "feat" and foe_hp(s) == 7 - 2 * rank  # no feat stage at all


def test_feat_replaces_the_whole_value() -> None:  # R18
    s = to_combat(area=12, face=6, hp=10, armor=5)  # 18 HP
    attack(s, [6], "crit:1", "d6:5", "feat:1,hp", "d6:3")  # no feat left: damage at once
    assert foe_hp(s) == 18 - 3


def test_feat_on_a_miss() -> None:  # §6.3: even a miss may be rerolled
    s = to_combat(area=12, face=6, hp=10, armor=5)
    attack(s, [1], "feat:1,hp", "d6:4")
    assert foe_hp(s) == 18 - 4


def test_feat_result_1_is_a_miss() -> None:  # §6.3
    s = to_combat(area=12, face=6, hp=10, armor=5)
    attack(s, [5], "feat:1,hp", "d6:1")
    assert foe_hp(s) == 18


def test_feat_6_opens_a_chain_for_that_die_only() -> None:  # R17
    s = to_combat(area=12, face=6, rank=2, hp=10, armor=5)
    s.foe_hp = 30
    attack(s, [3, 4], "feat:1,hp", "d6:6")
    assert phase(s) == "crit" and legal(s) == {"crit:1", "stop"}
    play(s, "crit:1", "d6:6", "crit:1", "d6:2")
    assert phase(s) == "feat" and "feat:2,hp" in legal(s)
    play(s, "done")
    assert foe_hp(s) == 30 - (14 + 4)


def test_xp_feat_lowering_rank_keeps_rolled_dice() -> None:  # R8, R15
    s = to_combat(area=12, face=6, rank=2, xp=0, hp=20)  # 18 HP
    attack(s, [2, 3], "feat:1,xp")
    assert (s.rank, s.xp) == (1, 5)
    play(s, "d6:4")
    play(s, "done")
    assert foe_hp(s) == 18 - 7  # both dice count
    assert {len(a.args) for a in s.chance_table().actions} == {1}  # one die from the next roll


def test_no_feats_on_skill_checks() -> None:  # R23
    s = new()
    play(s, "reveal:event", "d6:3")
    assert not any(a.startswith("feat") for a in legal(s))
    play(s, "check", "d6:6")  # failure: no reroll offered
    assert not any(a.startswith("feat") for a in legal(s))


def test_dice_kill_ends_combat_at_once() -> None:  # R19
    s = to_combat(area=12, face=1, hp=9, spells=["fire", "ice"])  # 13 HP
    s.poison = 1
    attack(s, [6], "crit:1", "d6:6", "crit:1", "d6:3", "done")
    ks = keys_of(s)
    assert "ev.defeated" in ks
    assert "ev.poison_tick" not in ks and "ev.counter" not in ks
    assert phase(s) != "spell" and s.spells == ["fire", "ice"] and s.hp == 9


def test_fire_deals_8() -> None:  # §6.5
    s = to_combat(area=12, face=6, hp=20, spells=["fire"])  # 18 HP
    attack(s, [2], "done", "cast:fire")
    assert foe_hp(s) == 18 - 2 - 8 and s.spells == []


def test_spell_kill_skips_the_counter_attack() -> None:  # R19
    s = to_combat(area=12, face=6, hp=9, spells=["fire"])  # 18 HP
    attack(s, [5], "done")
    s.foe_hp = 8
    play(s, "cast:fire")
    assert "ev.defeated" in keys_of(s) and "ev.counter" not in keys_of(s) and s.hp == 9


def test_one_spell_per_attack_phase() -> None:  # §6.5
    s = to_combat(area=12, face=6, hp=20, spells=["fire", "ice"])
    attack(s, [2], "done", "cast:fire")
    assert phase(s) == "attack_roll" and s.spells == ["ice"]
    assert "ev.counter" in keys_of(s)


def test_ice_blocks_one_counter_attack() -> None:  # §6.4, §6.5
    s = to_combat(area=12, face=6, hp=20, spells=["ice"])
    attack(s, [2], "done", "cast:ice")
    assert s.hp == 20 and "ev.frozen" in keys_of(s)
    attack(s, [2], "done")
    assert s.hp == 10  # the next round's counter-attack happens


def test_poison_stacks() -> None:  # R3, R20
    s = to_combat(area=14, face=6, hp=20, armor=5, spells=["poison", "poison"])
    s.foe_hp = 60
    attack(s, [2], "done", "cast:poison")
    assert foe_hp(s) == 60 - 2 - 5
    attack(s, [2], "done", "cast:poison")
    assert foe_hp(s) == 53 - 2 - 5 - 5  # the new one now, the first one at step A7
    attack(s, [2], "done")
    assert foe_hp(s) == 41 - 2 - 10  # both tick


def test_poison_tick_kill_skips_counter() -> None:  # R3, R19
    s = to_combat(area=14, face=6, hp=20, armor=0, spells=["poison"])
    attack(s, [2], "done", "cast:poison")
    s.foe_hp = 5
    hp = s.hp
    attack(s, [1], "done")
    assert "ev.defeated" in keys_of(s) and s.hp == hp


@pytest.mark.parametrize(("hp", "after"), [(5, 13), (15, 20)])
def test_heal_in_combat(hp: int, after: int) -> None:  # §6.5, R12
    s = to_combat(area=1, face=6, hp=hp, armor=5)
    s.spells = ["heal"]
    attack(s, [2], "done", "cast:heal")
    assert s.hp == after and s.spells == []


def test_any_number_of_heals_before_a_room() -> None:  # R12, R28, project ruling P3
    s = new(hp=3, spells=["heal", "heal"])
    play(s, "reveal:resting")
    assert phase(s) == "pre_room"
    assert legal(s) == {"enter", "cast:heal", "discard:heal"}
    play(s, "cast:heal")
    assert s.hp == 11 and phase(s) == "pre_room"
    play(s, "cast:heal")
    assert s.hp == 19 and phase(s) == "rest"


def test_heal_before_the_boss() -> None:  # §4.2, R12
    s = new(area=2, hp=10, spells=["heal"])
    play(
        s,
        "reveal:resting",
        "enter",
        "rest:food",
        "reveal:merchant,treasure",
        "take:merchant",
        "enter",
        "leave",
        "reveal:event",
        "enter",
        "d6:1",
        "accept",
        "take:trap",
        "enter",
        "d6:4",
        "d6:1",
    )
    assert phase(s) == "pre_room" and s.observation()["layout"][4]["cards"][0]["chosen"]
    play(s, "cast:heal")
    assert s.hp == 18 and s.observation()["combat"]["foe"] == "boss.1"


def test_combat_spells_not_castable_before_a_room() -> None:  # R12, project ruling P3
    s = new(spells=["fire", "heal"])
    play(s, "reveal:resting")
    assert "cast:fire" not in legal(s) and "cast:heal" in legal(s)
    s = new(spells=["fire", "poison"])
    play(s, "reveal:resting")
    assert phase(s) == "rest"  # no Heal: nothing to cast before the room


@pytest.mark.parametrize("armor", [0, 1, 2, 3, 4, 5])
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_armor_reduces_counter_attack(armor: int, level: int) -> None:  # §6.4
    area = {1: 1, 2: 3, 3: 5, 4: 8, 5: 11}[level]
    s = to_combat(area=area, face=6, hp=20, armor=armor)
    attack(s, [2], "done")
    assert s.hp == 20 - max(0, MONSTER_DAMAGE[level] - armor)


@pytest.mark.parametrize(("food", "hp", "after"), [(1, 5, (0, 5)), (3, 5, (2, 5)), (0, 5, (0, 3))])
def test_starvation(food: int, hp: int, after: tuple[int, int]) -> None:  # §4.3, R9
    s = new(food=food, hp=hp)
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
    assert (s.food, s.hp, s.area) == (*after, 2)


def test_death_in_combat_is_immediate() -> None:  # R26
    s = to_combat(area=12, face=6, hp=4, spells=["ice"])
    attack(s, [2], "done", "nospell")
    assert s.is_terminal() and s.to_move is None and s.hp == 0
    assert s.legal_actions() == []
    r = s.result()
    assert not r.won and r.details["cause"] == "monster"
    with pytest.raises(IllegalAction):
        s.apply(Action("roll", 2))


def test_no_fleeing() -> None:  # R10
    s = to_combat(hp=10)
    attack(s, [3])
    assert legal(s) <= {"done", "feat:1,hp"}


# ==== §3.4 Spells (R6, R29) ====================================================================


def test_two_copies_of_a_spell() -> None:  # §3.4
    s = new(spells=["fire"])
    play(s, "reveal:treasure", "d6:6", "d6:3")
    assert s.spells == ["fire", "fire"]


@pytest.mark.parametrize("drop", ["fire", "ice", "heal"])
def test_third_spell_three_way_choice_from_a_boss(drop: str) -> None:  # R6, project ruling P4
    s = to_boss(2, hp=20, spells=["fire", "ice"])
    kill_boss(s)
    play(s, "d6:6")
    assert phase(s) == "spell_discard" and s.to_move == 0
    assert legal(s) == {"discard:fire", "discard:ice", "discard:heal"}
    play(s, f"discard:{drop}")
    assert sorted(s.spells) == sorted({"fire", "ice", "heal"} - {drop})


def test_third_spell_same_kind() -> None:  # R6, project ruling P4
    s = new(spells=["fire", "fire"])
    play(s, "reveal:treasure", "d6:6", "d6:3")
    assert legal(s) == {"discard:fire"}
    play(s, "discard:fire")
    assert s.spells == ["fire", "fire"]


DISCARD_POINTS = {
    "choose": ("reveal:resting", "rest:hp", "reveal:merchant,treasure"),
    "merchant": ("reveal:merchant",),
    "rest": ("reveal:resting",),
    "event_check": ("reveal:event", "d6:3"),
    "event_shift": ("reveal:event", "d6:3", "check", "d6:1"),
}


@pytest.mark.parametrize("point", list(DISCARD_POINTS))
def test_free_discard_at_any_decision_point(point: str) -> None:  # R29
    s = new(spells=["fire", "poison"])
    play(s, *DISCARD_POINTS[point])
    assert phase(s) == point
    assert {"discard:fire", "discard:poison"} <= legal(s)
    before = stats(s)
    play(s, "discard:fire")
    after = stats(s)
    assert after["spells"] == ["poison"] and phase(s) == point
    assert {k: v for k, v in after.items() if k != "spells"} == {k: v for k, v in before.items() if k != "spells"}


@pytest.mark.parametrize("point", ["crit", "feat", "spell"])
def test_free_discard_in_combat(point: str) -> None:  # R29
    s = to_combat(area=12, face=6, hp=20, spells=["fire", "poison"])
    attack(s, {"crit": [6], "feat": [3], "spell": [3]}[point])
    if point == "spell":
        play(s, "done")
    assert phase(s) == point
    play(s, "discard:poison")
    assert s.spells == ["fire"] and phase(s) == point and foe_hp(s) <= 18


# ==== §4 Layout and chance =====================================================================


@pytest.mark.parametrize("area", [1, 2])
def test_layout_columns_1_2_1_2(area: int) -> None:  # §4.1
    o = new(area=area).observation()
    assert [len(col["cards"]) for col in o["layout"][:4]] == [1, 2, 1, 2]
    assert all(card["card"] is None for col in o["layout"][:4] for card in col["cards"])


def test_exactly_one_card_per_column() -> None:  # §4.2
    s = new(hp=10)
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
    )
    layout = s.observation()["layout"]
    assert [sum(c["chosen"] for c in col["cards"]) for col in layout] == [1, 1, 1, 1]
    assert [c["card"] for c in layout[3]["cards"]] == ["monster", "trap"]  # the last two, certain
    assert s.gold == 3  # the unchosen Treasure had no effect


def test_reveal_chance_is_uniform_over_unrevealed_cards() -> None:  # §4.1, §4.2, project ruling P1
    cards = ["monster", "treasure", "merchant", "resting", "event", "trap"]
    layouts: Counter[tuple] = Counter()
    total = Fraction(0)
    s0 = new(hp=20, armor=5)
    t1 = s0.chance_outcomes()
    assert sorted(str(a) for a, _ in t1) == sorted(f"reveal:{c}" for c in cards)
    assert all(p == Fraction(1, 6) for _, p in t1)
    for a1, p1 in t1:
        s1 = s0.clone()
        s1.apply(a1)
        quiet_until_reveal(s1)
        c1 = a1.args[0]
        rest1 = [c for c in cards if c != c1]
        t2 = s1.chance_outcomes()
        assert sorted(tuple(sorted(a.args)) for a, _ in t2) == sorted(
            tuple(sorted(p)) for p in itertools.combinations(rest1, 2)
        )
        assert all(p == Fraction(1, 10) for _, p in t2) and sum(p for _, p in t2) == 1
        for a2, p2 in t2:
            s2 = s1.clone()
            s2.apply(a2)
            s2.apply(s2.legal_actions()[0])
            quiet_until_reveal(s2)
            rest2 = [c for c in rest1 if c not in a2.args]
            t3 = s2.chance_outcomes()
            assert sorted(a.args[0] for a, _ in t3) == sorted(rest2)
            assert all(p == Fraction(1, 3) for _, p in t3)
            for a3, p3 in t3:
                s3 = s2.clone()
                s3.apply(a3)
                quiet_until_reveal(s3)
                last = tuple(c["card"] for c in s3.observation()["layout"][3]["cards"])
                assert sorted(last) == sorted(c for c in rest2 if c != a3.args[0])
                layouts[(c1, frozenset(a2.args), a3.args[0], frozenset(last))] += 1
                total += p1 * p2 * p3
    # 6!/(2*2) = 180 distinct layouts, each once with probability 1/180 = 4/720 (a shuffle).
    assert len(layouts) == 180 and set(layouts.values()) == {1}
    assert total == 1


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_attack_roll_probabilities(n: int) -> None:  # §6.2 A1, project ruling P2: n dice as one multiset outcome
    expected: Counter[tuple[int, ...]] = Counter(tuple(sorted(f)) for f in itertools.product(range(1, 7), repeat=n))
    s = to_combat(rank=n)
    table = {tuple(int(x) for x in a.args): p for a, p in s.chance_outcomes()}
    assert len(table) == comb(n + 5, 5)
    assert table == {faces: Fraction(c, 6**n) for faces, c in expected.items()}
    assert sum(table.values()) == 1


def test_attack_roll_examples() -> None:  # §6.2, project ruling P2
    s = to_combat(rank=3)
    table = {str(a): p for a, p in s.chance_outcomes()}
    assert table["roll:1,1,1"] == Fraction(1, 216)
    assert table["roll:1,5,6"] == Fraction(6, 216)
    assert table["roll:1,1,5"] == Fraction(3, 216)


def test_d6_is_uniform() -> None:
    s = new()
    play(s, "reveal:event")
    assert s.chance_outcomes() == [(Action("d6", f), Fraction(1, 6)) for f in range(1, 7)]


@pytest.mark.parametrize("area", list(range(1, 15)))
def test_area_level_table(area: int) -> None:  # §1.3
    o = new(area=area).observation()["dungeon"]
    assert (o["area"], o["level"]) == (area, LEVEL_OF_AREA[area])


def test_advancing_through_the_areas() -> None:  # §4.3 step 3
    s = new(hp=20)
    play(s, *QUIET_AREA)
    assert (s.area, s.level) == (2, 1)


# ==== §7 Labyrinth keys (R33, R34) =============================================================


@pytest.mark.parametrize("check", [1, 6])
def test_key_from_any_resolved_trap(check: int) -> None:  # §7, R34
    s = new(keys=True, hp=9)
    play(s, "reveal:trap")
    assert s.observation()["character"]["key"] is True and "ev.key_gain" in keys_of(s)
    play(s, "d6:4", f"d6:{check}")
    assert s.observation()["character"]["key"] is True


def test_key_kept_through_a_fall() -> None:  # §7, R5, R34
    s = new(keys=True, hp=9)
    play(s, "reveal:trap", "d6:6", "d6:6")
    assert s.area == 3 and s.observation()["character"]["key"] is True


def test_only_one_key_at_a_time() -> None:  # R34
    s = new(keys=True, hp=9, key_held=True)
    play(s, "reveal:trap")
    assert "ev.key_gain" not in keys_of(s)


def test_key_not_used_before_the_last_area() -> None:  # §7
    s = new(keys=True, hp=20)
    play(s, *QUIET_AREA)
    assert s.area == 2 and s.observation()["character"]["key"] is True


@pytest.mark.parametrize("area", BOSS_AREAS[:4])
def test_key_used_after_eating_at_the_door(area: int) -> None:  # §4.3, §7
    s = to_boss(area, keys=True, hp=20, food=3)
    assert s.observation()["character"]["key"] is True
    kill_boss(s)
    play(s, "d6:1")
    ks = keys_of(s)
    assert ks.index("ev.eat") < ks.index("ev.key_used")
    assert (s.area, s.food) == (area + 1, 2)
    assert s.observation()["character"]["key"] is False  # a new key is needed in the new level


def _door_without_key(s: object) -> None:
    """Columns 1-4 of a boss area, leaving the Trap of column 4 behind (the Monster instead)."""
    play(s, "reveal:resting", "rest:hp", "reveal:merchant,treasure", "take:merchant", "leave",
         "reveal:event", "d6:2", "accept", "take:monster", "d6:1")  # fmt: skip
    play(s, "roll:6", "crit:1", "d6:6", "crit:1", "d6:5", "done")  # 17 damage kills it


@pytest.mark.parametrize("area", BOSS_AREAS[:4])
def test_no_key_at_the_door_loses(area: int) -> None:  # R33
    s = new(keys=True, area=area, hp=20, food=3)
    _door_without_key(s)
    kill_boss(s)
    play(s, "d6:1")
    assert s.is_terminal()
    r = s.result()
    assert not r.won and r.details["cause"] == "no_key" and r.details["area"] == area
    assert s.food == 2  # eaten before the door


def test_key_kept_through_a_fall_opens_the_next_door() -> None:  # R5, R34
    s = new(keys=True, area=2, hp=20, food=3)
    play(s, "reveal:trap", "d6:6", "d6:6")  # the key, then a fall past the door of Level 1
    assert s.area == 4 and "ev.key_used" not in keys_of(s) and "ev.no_key" not in keys_of(s)
    assert s.observation()["character"]["key"] is True
    _door_without_key(s)
    kill_boss(s)
    play(s, "d6:1")
    assert "ev.key_used" in keys_of(s) and s.area == 5


def test_starvation_comes_before_the_door() -> None:  # §4.3: eat (or starve) first
    s = new(keys=True, area=2, hp=20, food=0)
    _door_without_key(s)
    kill_boss(s)
    s.hp = 2
    play(s, "d6:1")
    assert s.result().details["cause"] == "starvation"


def test_no_key_needed_for_level_5() -> None:  # R34, project ruling P5
    s = new(keys=True, area=11, hp=20, food=3)
    play(s, "reveal:resting", "rest:hp", "reveal:merchant,treasure", "take:merchant", "leave",
         "reveal:event", "d6:2", "accept", "take:monster", "d6:1")  # fmt: skip
    assert s.observation()["character"]["key"] is False  # the Trap was left behind
    play(s, "roll:6", "crit:1", "d6:6", "crit:1", "d6:5", "done")  # 17 damage on 12 HP
    assert "ev.no_key" not in keys_of(s)
    assert s.area == 12 and not s.is_terminal()


def test_warning_before_leaving_the_trap_behind() -> None:  # §7, R33
    s = new(keys=True, area=2, hp=20)
    play(s, "reveal:resting", "rest:hp", "reveal:merchant,trap")
    assert s.warnings(Action("take", "merchant"))
    assert s.warnings(Action("take", "trap")) == []
    held = s.clone()
    held.key_held = True
    assert held.warnings(Action("take", "merchant")) == []


@pytest.mark.parametrize(("area", "keys"), [(1, True), (14, True), (2, False)])
def test_no_key_warning_where_no_key_is_needed(area: int, keys: bool) -> None:  # R33, R34
    s = new(keys=keys, area=area, hp=20)
    play(s, "reveal:resting", "rest:hp", "reveal:merchant,trap")
    assert s.warnings(Action("take", "merchant")) == []


# ==== §8 Score (R35) ===========================================================================


def _sheet(
    difficulty: str, area: int, bosses: int, rank: int, hp: int, gold: int, spells: int, armor: int, food: int
) -> int:
    bonus = START[difficulty][4]
    return bonus + 3 * area + 2 * bosses + 2 * rank + 2 * hp + 2 * gold + spells + armor + food


@pytest.mark.parametrize("difficulty", list(START))
def test_score_lines(difficulty: str) -> None:  # §8, R35
    s = new(difficulty=difficulty, area=6, rank=2, bosses=2, hp=9, gold=4, spells=["ice"], armor=1, food=2)
    assert s.observation()["score"] == _sheet(difficulty, 6, 2, 2, 9, 4, 1, 1, 2)
    play(s, "reveal:trap", "d6:4", "d6:6")
    s.hp = 1
    play(s, "reveal:monster,treasure", "take:monster", "d6:1", "roll:1,1", "done", "nospell")  # 6 - 1 kills
    r = s.result()
    assert r.score == _sheet(difficulty, 6, 2, 2, 0, 4, 1, 1, 2)
    assert r.details == {
        "area": 6,
        "level": 3,
        "rank": 2,
        "bosses": 2,
        "hp": 0,
        "gold": 4,
        "armor": 1,
        "food": 2,
        "spells": 1,
        "cause": "monster",
    }


def test_maximum_score_is_159() -> None:  # §8
    s = to_boss(14, difficulty="impossible")
    for k, v in dict(hp=20, gold=20, armor=5, food=6, rank=4, xp=0, bosses=4, spells=["fire", "ice"]).items():
        setattr(s, k, v)
    kill_boss(s)
    r = s.result()
    assert r.won and r.score == 159
    assert r.score == 6 + 42 + 10 + 8 + 40 + 40 + 2 + 5 + 6


# ==== Observation =============================================================================


def test_observation_hides_face_down_cards() -> None:
    s = new(hp=10)
    o = s.observation()
    assert [[c["card"] for c in col["cards"]] for col in o["layout"]] == [[None], [None, None], [None], [None, None]]
    play(s, "reveal:resting")
    o = s.observation()
    assert [[c["card"] for c in col["cards"]] for col in o["layout"]] == [
        ["resting"],
        [None, None],
        [None],
        [None, None],
    ]
    play(s, "rest:hp", "reveal:event,trap")
    o = s.observation()
    assert [c["card"] for c in o["layout"][1]["cards"]] == ["event", "trap"]
    assert o["layout"][2]["cards"][0]["card"] is None
    assert sorted(o["unrevealed"]) == ["merchant", "monster", "treasure"]  # which, never where


def test_observation_does_not_depend_on_the_seed() -> None:  # nothing hidden leaks
    a = G.new_state(seed=1).observation()
    b = G.new_state(seed=2).observation()
    assert a == b


def test_observation_reachability() -> None:  # §4.2
    s = new(hp=10)
    play(s, "reveal:resting", "rest:hp", "reveal:event,trap")
    layout = s.observation()["layout"]
    assert [c["reachable"] for c in layout[0]["cards"]] == [False]
    assert [c["reachable"] for c in layout[1]["cards"]] == [True, True]
    assert all(c["reachable"] for col in layout[2:] for c in col["cards"])
    play(s, "take:event")
    layout = s.observation()["layout"]
    assert [(c["card"], c["chosen"], c["reachable"]) for c in layout[1]["cards"]] == [
        ("event", True, True),
        ("trap", False, False),
    ]
    assert layout[1]["current"] is True


def test_observation_shows_the_table() -> None:
    s = to_combat(area=5, face=3, hp=12, armor=1, gold=4, food=5, rank=3, xp=7, spells=["fire"])
    attack(s, [1, 4, 6])
    o = s.observation()
    assert o["character"] == {
        "hp": 12,
        "hp_max": 20,
        "armor": 1,
        "armor_max": 5,
        "gold": 4,
        "gold_max": 20,
        "food": 5,
        "food_max": 6,
        "rank": 3,
        "xp": 7,
        "xp_to_next": 18,
        "combat_dice": 3,
        "spells": ["fire"],
        "key": None,
    }
    assert (o["dungeon"]["area"], o["dungeon"]["level"]) == (5, 3)
    combat = o["combat"]
    assert (combat["foe"], combat["hp"], combat["max_hp"], combat["damage"]) == ("monster.3", 8, 8, 6)
    assert [(d["value"], d["status"]) for d in combat["dice"]] == [(1, "miss"), (4, "hit"), (6, "open")]
    assert o["score"] == _sheet("normal", 5, 0, 3, 12, 4, 1, 1, 5)
    json.dumps(o)


# ==== IllegalAction ============================================================================


def _merchant_poor() -> object:
    return play(new(gold=0), "reveal:merchant")


def _feat_used() -> object:
    s = to_combat(area=12, face=6, rank=2, hp=10)
    return attack(s, [2, 3], "feat:1,hp", "d6:4")


def _over() -> object:
    return play(new(hp=1), "reveal:trap", "d6:4", "d6:6")


ILLEGAL = [
    ("start", lambda: new(), Action("d6", 3)),
    ("start", lambda: new(), Action("reveal", "boss")),
    ("start", lambda: new(), Action("take", "monster")),
    ("merchant", _merchant_poor, Action("buy", "potion")),
    ("merchant", _merchant_poor, Action("sell", "armor")),
    ("merchant", _merchant_poor, Action("bogus")),
    ("feat twice", _feat_used, Action("feat", 1, "xp")),
    ("feat twice", _feat_used, Action("feat", 1, "hp")),
    ("rest", lambda: play(new(), "reveal:resting"), Action("leave")),
    ("pre-room fire", lambda: play(new(spells=["fire", "heal"]), "reveal:resting"), Action("cast", "fire")),
    ("pair", lambda: play(new(), "reveal:resting", "rest:hp", "reveal:event,trap"), Action("take", "monster")),
    ("roll", lambda: to_combat(rank=2), Action("roll", 1, 2, 3)),
    ("roll", lambda: to_combat(rank=2), Action("roll", 7, 1)),
    ("over", _over, Action("d6", 1)),
]


@pytest.mark.parametrize(("label", "make", "action"), ILLEGAL, ids=[f"{x[0]}-{x[2]}" for x in ILLEGAL])
def test_illegal_action_leaves_state_unchanged(label: str, make, action: Action) -> None:
    s = make()
    before = obs_json(s)
    events = list(s.events)
    with pytest.raises(IllegalAction) as exc:
        s.apply(action)
    assert obs_json(s) == before and list(s.events) == events
    msg = str(exc.value)
    assert len(msg) > 10 and "{" not in msg
    assert ("legal" in msg) or ("possible" in msg) or ("over" in msg) or ("gold" in msg)


def test_parse_action_rejects_garbage() -> None:
    s = new()
    with pytest.raises(IllegalAction) as exc:
        G.parse_action(s, "fly away")
    assert "reveal:monster" in str(exc.value)  # the message lists what is legal


def test_loose_notation_is_accepted() -> None:
    s = to_combat(rank=3)
    assert str(G.parse_action(s, "6 1 5")) == "roll:1,5,6"
    s = new()
    assert str(G.parse_action(s, "reveal:Monster")) == "reveal:monster"
    assert str(G.parse_action(s, "モンスター")) == "reveal:monster"
    play(s, "reveal:resting", "rest:hp")
    assert str(G.parse_action(s, "trap event")) == "reveal:event,trap"
    play(s, "reveal:event,trap")
    assert str(G.parse_action(s, "take trap")) == "take:trap"


def test_records_and_sessions_are_exported() -> None:
    assert solotable.RecordError and solotable.Session


@pytest.mark.parametrize("card", ["monster", "event"])
def test_observation_before_the_monster_hp_roll(card: str) -> None:  # §5.1, §5.6
    s = new()
    play(s, "reveal:monster" if card == "monster" else "reveal:event")
    if card == "event":
        play(s, "d6:6", "accept")
    assert phase(s) == "monster_hp"
    combat = s.observation()["combat"]
    # either no combat yet, or one that shows the true damage and no 0-HP (defeated) monster
    assert combat is None or (combat["damage"] == 2 and combat["hp"] != 0)


def _area_2_after_an_event_and_a_trap() -> object:
    s = new(hp=20)
    play(s, "reveal:event", "d6:4", "accept", "reveal:trap,resting", "take:trap", "d6:5", "d6:1",
         "reveal:merchant", "leave", "take:treasure", "d6:1")  # fmt: skip
    assert s.area == 2
    return s


@pytest.mark.parametrize("card", ["event", "trap"])
def test_observation_shows_no_stale_roll(card: str) -> None:
    s = _area_2_after_an_event_and_a_trap()
    if card == "event":
        play(s, "reveal:event")
        assert phase(s) == "event_roll"
        assert s.observation()["event_roll"] is None
    else:
        play(s, "reveal:event", "d6:2", "accept", "reveal:trap,resting", "take:trap")
        assert phase(s) == "trap_roll"
        assert s.observation()["trap"] is None
