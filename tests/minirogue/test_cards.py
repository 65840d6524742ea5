"""Every card of shared/rules/minirogue.md §8 against the data, provenance, the provisional
listing, and ``--cards`` overrides (MR-P2). The tables below are copied from the reference."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import solotable
from solotable.core.i18n import explain
from solotable.core.protocol import CHANCE
from solotable.core.untrusted import UntrustedError
from solotable.games.minirogue.cardfile import Table
from solotable.games.minirogue.data import CardsError, check_text, data, parse_effect
from solotable.games.minirogue.view import provisional_tables

from .helpers import G, enter, hero, play

D = data()

# §8.1: card, floor -> creature, HP, 2P HP, damage, icons, reward
MONSTERS = {
    ("MON-A", 1): ("giant_rat", 6, 12, 2, (), "xp+1"),
    ("MON-A", 2): ("skeleton_soldier", 9, 18, 4, (), "xp+2"),
    ("MON-A", 3): ("winged_serpent", 12, 24, 6, ("curse",), "xp+2"),
    ("MON-A", 4): ("cursed_guard", 15, 30, 8, ("curse",), "xp+3"),
    ("MON-B", 1): ("giant_spider", 6, 12, 2, (), "xp+1"),
    ("MON-B", 2): ("goblin", 9, 18, 4, (), "xp+2"),
    ("MON-B", 3): ("crossbowman", 12, 24, 6, ("poison",), "xp+2"),
    ("MON-B", 4): ("kings_guard", 15, 30, 8, ("poison",), "xp+3"),
    ("MON-C", 1): ("mutant_fly", 4, 8, 2, ("ignore_armor",), "gold+2"),
    ("MON-C", 2): ("burrowing_worm", 6, 12, 2, ("fall",), "xp+2"),
    ("MON-C", 3): ("dire_wolf", 8, 16, 5, ("ignore_armor",), "food+1"),
    ("MON-C", 4): ("ancestral_spirit", 10, 20, 5, ("weaken",), "gold+3"),
}
# §8.2: card, die -> failure, success
TRAPS = {
    "TRAP-1": [(["nothing"], ["gold+2"]), (["xp-1"], ["gold+3"]), (["xp-2"], ["gold+4"])],
    "TRAP-2": [
        (["hp-1*floor"], ["potion:poison"]),
        (["armor-1", "blind"], ["food+2"]),
        (["food-1", "blind"], ["xp+2"]),
    ],
    "TRAP-3": [
        (["food-1*floor"], ["potion:holy"]),
        (["armor-1"], ["armor+1"]),
        (["hp-1*floor", "poison"], ["potion:perception"]),
    ],
    "TRAP-4": [(["hp-1", "poison"], ["xp+1"]), (["hp-1*floor"], ["xp+2"]), (["hp-3", "fall"], ["potion:perception"])],
}
# §8.3
GRAVES = {
    "GRV-1": [[["potion:holy"]], [["food+1"]], [["gold+1"]], [["xp+1"]], [["food-1"]], [["ghost"]]],
    "GRV-2": [[["ghost"]], [["food+1"]], [["food+1"]], [["food-1"]], [["xp+2"]], [["poison"]]],
    "GRV-3": [[["nothing"]], [["nothing"]], [["food+1"]], [["food+1"]], [["hp-2", "fall"]], [["ghost"]]],
    "GRV-4": [[["potion:fire"], ["potion:poison"], ["xp+2"]]] * 2
    + [[["xp-1"]], [["potion:holy"], ["potion:healing"]], [["hp-3"]], [["ghost"]]],
}
# §8.9: boss -> HP 1P per floor, damage, icons, XP
BOSSES = {
    "cursed_dragon": ((12, 16, 20), (2, 4, 6), ("curse",), (2, 3, 4)),
    "kings_protector": ((12, 16, 20), (2, 4, 6), ("ignore_armor",), (2, 3, 4)),
    "spider_queen": ((12, 16, 20), (2, 4, 6), ("poison",), (2, 3, 4)),
    "ghoul": ((16, 20, 25), (1, 2, 4), ("weaken", "ignore_armor"), (3, 4, 5)),  # J-data Boss_TheGhoul.asset
}
# §8.11
GHOSTS = [("apparition", 10, 1, (), "xp+1"), ("ghost", 12, 2, ("weaken",), "xp+1"),
          ("specter", 14, 3, ("blind",), "xp+2"), ("revenant", 16, 5, ("ignore_armor",), "xp+2")]  # fmt: skip
# §8.10
REWARD = [
    (["potion:fire"], ["xp+2"]),
    (["potion:frost"], ["gold+2"]),
    (["potion:poison"], ["xp+2"]),
    (["potion:healing"], ["armor+1"]),
    (["potion:holy"], ["gold+2"]),
    (["potion:perception"], ["armor+1"]),
]
SHRINE = [["poison", "curse"], ["curse"], ["curse"], ["hp+2", "bless"], ["hp+1", "bless"], ["hp+1"]]


def fx(texts: list[str]) -> tuple:  # type: ignore[type-arg]
    return tuple(parse_effect(t) for t in texts)


def test_room_deck_has_20_cards_by_type() -> None:
    """§8.0: 3 monsters, 4 traps, 4 graveyards, 2 campfires, 2 merchants, 2 treasures, 1 shrine, 2 items."""
    from solotable.games.minirogue.data import ROOM_CARDS, room_type

    counts: dict[str, int] = {}
    for c in ROOM_CARDS:
        counts[room_type(c)] = counts.get(room_type(c), 0) + 1
    assert counts == {"monster": 3, "trap": 4, "graveyard": 4, "campfire": 2, "merchant": 2,
                      "treasure": 2, "shrine": 1, "item": 2}  # fmt: skip


@pytest.mark.parametrize(("card", "floor"), list(MONSTERS))
def test_monster_card(card: str, floor: int) -> None:
    name, hp, hp2, dmg, icons, reward = MONSTERS[(card, floor)]
    foe = D.monsters[card][floor - 1]
    assert (foe.name, foe.hp, foe.hp2, foe.damage, foe.icons, foe.reward) == (name, hp, hp2, dmg, icons, fx([reward]))


@pytest.mark.parametrize("card", list(TRAPS))
@pytest.mark.parametrize("face", range(1, 7))
def test_trap_card(card: str, face: int) -> None:
    fail, success = TRAPS[card][(face - 1) // 2]  # rows 1-2, 3-4, 5-6
    row = D.traps[card][face - 1]
    assert (row.fail, row.success) == (fx(fail), fx(success))


@pytest.mark.parametrize("card", list(GRAVES))
@pytest.mark.parametrize("face", range(1, 7))
def test_graveyard_card(card: str, face: int) -> None:
    assert D.graveyards[card][face - 1].options == tuple(fx(o) for o in GRAVES[card][face - 1])


def test_campfire_cards_MR_P14() -> None:
    # CAMP-1: J-scan IMG_20230630_0010.jpg; CAMP-2 (the Hermit): J-data Bonfire_Hermit.asset, S3
    assert D.campfires["CAMP-1"] == (fx(["xp+1"]), fx(["food+1"]), fx(["hp+2"]))
    assert D.campfires["CAMP-2"] == (fx(["xp-1", "gold+3"]), fx(["food-1", "hp+3"]), fx(["nothing"]))


def test_merchant_cards_MR_P15() -> None:
    # MERC-1: F Widgets/Merchant.cpp and S4 (a Blessing, and 2 gold: +1 food); MERC-2: J-scan
    # Merchant_Hunter.jpg (2 gold: the Blessing's sun-eye icon)
    m1 = D.merchants["MERC-1"]
    assert {w.key: (w.price, w.gain) for w in m1.wares} == {
        "hp1": (1, fx(["hp+1"])), "bless": (2, fx(["bless"])), "hp4": (3, fx(["hp+4"])),
        "armor": (5, fx(["armor+1"])), "potion": (5, fx(["potion:any"])), "food": (2, fx(["food+1"]))}  # fmt: skip
    assert (m1.sell_armor, m1.sell_potion) == (3, 3)
    m2 = D.merchants["MERC-2"]
    assert {w.key: (w.price, w.per_floor) for w in m2.wares} == {
        "food": (1, True),
        "bless": (2, False),
        "hp4": (3, False),
        "potion": (5, False),
    }
    assert (m2.sell_armor, m2.sell_potion) == (4, 2)


def test_treasure_cards_D9() -> None:
    a = D.treasures["TRES-A"]
    assert (a.gold, a.gold_condition, D.file.treasure["TRES-A"].condition) == (1, 3, ("monster", "trap"))
    # J-scan Treasure_Mimic.jpg: rows 1-3, 5-6 as before, row 4 a Fire, Frost or Poison potion
    assert a.rows[:3] + a.rows[4:] == tuple(
        (fx(r),) for r in (["gold+1"], ["gold+2"], ["hp+5"], ["ghost", "gold+2"], ["ghost", "armor+1"])
    )
    assert a.rows[3] == (fx(["potion:fire"]), fx(["potion:frost"]), fx(["potion:poison"]))
    b = D.treasures["TRES-B"]
    assert (b.gold, b.gold_condition) == (1, 2)
    assert b.rows[2] == (fx(["potion:fire"]), fx(["gold+2"])) and b.rows[5] == (
        fx(["potion:frost"]),
        fx(["potion:perception"]),
    )


def test_shrine_card_D14() -> None:
    assert (D.shrine.offer_gold, D.shrine.offer_bonus) == (1, 1)
    assert D.shrine.rows == tuple((fx(r),) for r in SHRINE)


def test_item_cards_MR_P13() -> None:
    # the Armory: F Widgets/ArmoryInteraction.cpp (die 1-3, 4-5, 6); the Alcove: J-data Item_Alcove.asset
    one, two = D.items["ITEM-1"], D.items["ITEM-2"]
    assert (one.name, one.items) == ("armory", ("rusty_dagger",) * 3 + ("fair_longsword",) * 2 + ("battle_axe",))
    assert (two.name, two.items) == ("alcove", ("stored_feat",) * 2 + ("cure_poison",) * 2 + ("cure_curse",) * 2)
    feats = [D.gear[k].free_feats for k in ("rusty_dagger", "fair_longsword", "battle_axe", "stored_feat")]
    assert feats == [1, 2, 3, 1]
    assert (D.gear["cure_poison"].cure, D.gear["cure_curse"].cure) == ("poison", "curse")


@pytest.mark.parametrize("boss", list(BOSSES))
def test_boss_card_D5(boss: str) -> None:
    hp, dmg, icons, xp = BOSSES[boss]
    for f in range(3):
        foe = D.bosses[boss][f]
        assert (foe.hp, foe.hp2, foe.damage, foe.icons, foe.reward) == (
            hp[f],
            2 * hp[f],
            dmg[f],
            icons,
            fx([f"xp+{xp[f]}"]),
        )


def test_og_remains() -> None:
    p1, p2 = D.og
    assert (p1.hp, p1.hp2, p1.damage, p1.icons) == (25, 50, 8, ("curse",))
    assert (p2.hp, p2.hp2, p2.damage, p2.icons) == (20, 40, 9, ("poison",))


def test_reward_card_D6() -> None:
    assert D.reward_gold == 2
    assert D.reward_rows == tuple((fx(a), fx(b)) for a, b in REWARD)


@pytest.mark.parametrize("floor", range(1, 5))
def test_ghost_card_D5(floor: int) -> None:
    name, hp, dmg, icons, reward = GHOSTS[floor - 1]
    g = D.ghosts[floor - 1]
    assert (g.name, g.hp, g.hp2, g.damage, g.icons, g.reward) == (name, hp, 2 * hp, dmg, icons, fx([reward]))


def test_rules_values_D1_D2_D3_D13_D17() -> None:
    c = D.caps
    assert (c.hp, c.armor, c.gold, c.food, c.potions, c.items) == (20, 4, 10, 6, 2, 1)
    assert (D.xp_cap, D.die_thresholds, D.heal_per_xp) == (18, (6, 18), 1)  # MR-P12: F, S4
    assert D.lack_hp == 1 and D.regenerate_hp == 2 and (D.eat_food, D.starve_hp) == (1, 3)
    assert D.fall_to == (3, 4, 5, 6, 8, 9, 10, 0, 0, 0)
    assert (D.fire_damage, D.healing_hp, D.poison_bonus) == (7, 6, 4)


def test_the_rules_read_the_files_caps_and_flags_without_their_provenance() -> None:
    # data.Limits and data.Switches (compiled with data.py) mirror cardfile's Caps and Flags (Python)
    provenance = {f.name for f in dataclasses.fields(Table)}
    for ours, theirs in ((D.caps, D.file.caps), (D.flags, D.file.flags)):
        names = [f.name for f in dataclasses.fields(theirs) if f.name not in provenance]
        assert [f.name for f in dataclasses.fields(ours)] == names
        assert [getattr(ours, n) for n in names] == [getattr(theirs, n) for n in names]


def test_the_rules_data_pickles_and_copies_as_itself() -> None:
    # compiled, a frozen dataclass neither pickles nor copies unless it says how (effect.by_fields)
    assert pickle.loads(pickle.dumps(D)) == D and copy.deepcopy(D) == D
    # the data data() made pickles as its corrections and comes back as itself (a state's pickle
    # carried a copy of every card); other data by its fields
    assert pickle.loads(pickle.dumps(D)) is D and len(pickle.dumps(D)) < 200
    other = dataclasses.replace(D, xp_cap=D.xp_cap)
    assert pickle.loads(pickle.dumps(other)) == D and pickle.loads(pickle.dumps(other)) is not D
    assert copy.copy(D.flags) == D.flags and pickle.loads(pickle.dumps(D.monsters)) == D.monsters
    rng = random.Random(11)
    s: Any = G.new_state(seed=4)
    for _ in range(60):
        if s.to_move is None:
            break
        s.apply(s.chance_table().sample(rng) if s.to_move == CHANCE else rng.choice(s.legal_actions()))
    assert pickle.loads(pickle.dumps(s.opts_list)) == s.opts_list and copy.deepcopy(s.data) == s.data


# -- provenance ---------------------------------------------------------------------------------


def test_every_table_carries_provenance() -> None:
    from solotable.games.minirogue.data import base_raw

    raw = base_raw()
    for section, body in raw.items():
        if section == "meta":
            continue
        stack = [body]
        tables = 0
        while stack:
            node = stack.pop()
            if "confidence" in node:
                tables += 1
                assert node["confidence"] in ("confirmed", "provisional")
                assert node["grade"] in ("H", "M", "L") and node["source"]
                assert (node["confidence"] == "confirmed") == (node["grade"] == "H")
            else:
                stack.extend(v for v in node.values() if isinstance(v, dict))
        assert tables, section


# Every value the reference grades M or L (or fixes by a decision), by table: it must be listed.
PROVISIONAL = [
    "caps",
    "xp",
    "loss",
    "skill",
    "icon",
    "dungeon",
    "monster.MON-A.4",
    "trap.TRAP-1.1",
    "trap.TRAP-1.2",
    "trap.TRAP-1.3",
    "campfire.CAMP-2",
    "treasure.TRES-A",
    "treasure.TRES-B",
    "shrine.SHRN",
    "item.ITEM-1",
    "item.ITEM-2",
    "boss.kings_protector",
    "boss.ghoul",
    "ghost.1",
    "ghost.2",
    "ghost.3",
    "ghost.4",
    "flags",
    "gear.rusty_dagger",
    "gear.fair_longsword",
    "gear.battle_axe",
    "gear.stored_feat",
    "gear.cure_poison",
    "gear.cure_curse",
] + [f"graveyard.GRV-2.{f}" for f in range(1, 7)]
# Promoted by a card scan or a second source (shared/rules/minirogue-2020-sources.md, issue 25).
CONFIRMED = [
    "character.mage", "character.priestess", "monster.MON-B.4", "monster.MON-C.1", "monster.MON-C.2",
    "monster.MON-C.3", "monster.MON-C.4", "trap.TRAP-2.1", "trap.TRAP-2.2", "trap.TRAP-2.3", "merchant.MERC-1",
    "merchant.MERC-2", "boss.cursed_dragon", "boss.spider_queen", "reward", "campfire.CAMP-1",
] + [f"graveyard.GRV-{g}.{f}" for g in (1, 3, 4) for f in range(1, 7)]  # fmt: skip


def test_provisional_listing_covers_every_provisional_value() -> None:
    listed = {".".join(p) for p, _ in provisional_tables()}
    assert set(PROVISIONAL) <= listed
    text = G.rules_listing("provisional", "en")
    for table in PROVISIONAL:
        assert f"[{table}]" in text
    assert "D5" in text and "MR-P13" in text and "MR-P14" in text
    for table in CONFIRMED:
        assert f"[{table}]" not in text
    # each provisional table says what no source settles
    for _, table in provisional_tables():
        assert table.get("reason"), table
    assert text.count("unsettled:") == len(provisional_tables())
    assert "grade L" in text and "grade M" in text
    assert G.rules_listing("provisional", "ja").count("[") == text.count("[")


def test_cli_rules_provisional() -> None:
    out = subprocess.run([sys.executable, "-m", "solotable", "rules", "minirogue", "--provisional"],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    assert "[monster.MON-C.4]" not in out and "[treasure.TRES-A]" in out and "unsettled:" in out


# -- overrides (MR-P2) --------------------------------------------------------------------------


def test_override_changes_a_value() -> None:
    s = G.new_state(character="crusader", cards_data=check_text('[monster."MON-A".1]\nhp = 7\n', "f"))
    enter(s, "MON-A")
    assert s.foe_hp == 7


@pytest.mark.parametrize(
    ("text", "line", "entry"),
    [
        ("[caps]\nhp = 20\n\n[monster.MON-A.1]\nhpx = 3\n", 5, "monster.MON-A.1.hpx"),
        ('# a comment\n[caps]\nhp = "twenty"\n', 3, "caps.hp"),
        ('[ghost.2]\nname = "ghost"\ndamage = -1\n', 3, "ghost.2.damage"),
        ('[trap.TRAP-1.1]\nfail = ["gain everything"]\n', 2, "trap.TRAP-1.1.fail"),
        ("[dungeon]\nfall_to = [1, 4, 5, 6, 8, 9, 10, 0, 0, 0]\n", 2, "dungeon.fall_to"),
        ("bogus = 1\n", 1, "bogus"),
        ('[character.rogue]\nhp = 12\npotions = ["beer"]\n', 3, "character.rogue.potions[0]"),
    ],
)
def test_bad_override_names_the_line(text: str, line: int, entry: str) -> None:
    with pytest.raises(CardsError) as exc:
        check_text(text, "my.toml")
    assert exc.value.params["line"] == line and exc.value.params["entry"] == entry
    for lang in ("en", "ja"):
        assert f"{line}" in explain(exc.value, lang) and "my.toml" in explain(exc.value, lang)


def test_bad_toml_names_the_line() -> None:
    with pytest.raises(UntrustedError) as exc:
        check_text("[caps]\nhp = 1\n[caps\n", "my.toml")
    assert "line 3" in str(exc.value) and "my.toml" in str(exc.value)


def test_bad_file_is_never_half_applied(tmp_path: Path) -> None:
    f = tmp_path / "c.toml"
    f.write_text('[monster.MON-A.1]\nhp = 99\n[caps]\nhp = "x"\n', encoding="utf-8")
    with pytest.raises(CardsError):
        G.new_state(**G.read_files({"cards": str(f)}))
    assert data().monsters["MON-A"][0].hp == 6 and G.new_state().data.monsters["MON-A"][0].hp == 6


def test_record_with_cards_replays_after_the_file_is_deleted(tmp_path: Path) -> None:
    """MR-P2: the record carries the overrides; a new process replays it without the file."""
    f = tmp_path / "c.toml"
    f.write_text("[monster.MON-A.1]\nhp = 3\n[character.rogue]\ngold = 9\n", encoding="utf-8")
    options = G.read_files({"character": "rogue", "cards": str(f)})  # as the interfaces read it
    session = solotable.Session("minirogue", seed=5, options=options)
    import random

    from solotable.agents.registry import make_agent

    bot = make_agent("heuristic", "minirogue")
    rng = random.Random(1)
    while not session.state.is_terminal():
        session.play(bot.choose(session.state, rng))
    rec = tmp_path / "rec.json"
    session.save(rec)
    assert json.loads(rec.read_text())["options"]["cards"] == ""
    final = json.dumps(session.state.observation(), sort_keys=True)
    f.unlink()
    code = (
        "import json, sys, solotable\n"
        "from solotable.core.record import load_record\n"
        "s = load_record(sys.argv[1]).replay()\n"
        "print(json.dumps(s.observation(), sort_keys=True))\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(rec)], capture_output=True, text=True, check=True).stdout
    assert out.strip() == final
    assert json.loads(rec.read_text())["options"]["cards_data"]  # the content, not the path


def test_override_start_gold_applies() -> None:
    s = G.new_state(character="rogue", cards_data=check_text("[character.rogue]\ngold = 9\n", "f"))
    assert hero(s)["gold"] == 9 and s.options()["cards_data"]
    assert play(s, "card:CAMP-1") is s
