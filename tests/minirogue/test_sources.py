"""The corrections of issue 25: Mini Rogue 2020's cards as the scans and the two new sources give
them (shared/rules/minirogue-2020-sources.md). Each test cites its source: J-scan (a card scanned
by its owner, github.com/jcook001/Mini-Rogue, Assets/Scans/Cards/), J-data (that project's
transcription, Assets/Cards/Models_Exported/*.asset), F (github.com/Ferwalrod/MiniRogue_TFG at
50e2138, Source/MiniRogue_TFG/). Expected values are written from the sources, not read from
cards.toml."""

from __future__ import annotations

from solotable.games.minirogue.rules import effects

from .helpers import G, enter, hero, keys_of, legal, new, phase, play

# -- item 1: the merchants' Blessing and the Merchant's food line (MR-P15) -------------------------


def test_merchant_blessing_cures_every_status() -> None:
    """F Widgets/Merchant.cpp OnClicked_Option3 (States.Empty, 2 gold); S4 "Blessing"."""
    s = enter(new("rogue"), "MERC-1", gold=5, poison=True, curse=True, blind=True)
    assert "buy:holy" not in legal(s)
    play(s, "buy:bless")
    h = hero(s)
    assert h["statuses"] == [] and h["gold"] == 3 and h["potions"] == []


def test_hunter_blessing_is_not_a_potion() -> None:
    """J-scan Merchant_Hunter.jpg: "2 → ☼" (the Blessing's sun-eye icon), not the Holy chalice."""
    s = new("rogue", area=1)
    enter(s, "MERC-2", gold=2, curse=True)
    play(s, "buy:bless")
    assert hero(s)["statuses"] == [] and hero(s)["potions"] == [] and hero(s)["gold"] == 0


def test_merchant_sells_food_for_two_gold() -> None:
    """F Merchant.cpp OnClicked_Option2 (Food++, Gold - 2); S4 has the same line (D26 replaced)."""
    s = enter(new("rogue"), "MERC-1", gold=2, food=1)
    play(s, "buy:food")
    assert hero(s)["food"] == 2 and hero(s)["gold"] == 0


# -- item 2: the Mimic's row 4 -------------------------------------------------------------------


def test_mimic_row_4_is_fire_frost_or_poison() -> None:
    """J-scan Treasure_Mimic.jpg row 4: the Fire, Frost and Poison icons (choose one)."""
    s = enter(new("rogue"), "TRES-A")
    play(s, "check:5,4", "accept")
    assert phase(s) == "option" and legal(s) == {"opt:1", "opt:2", "opt:3"}
    play(s, "opt:2")
    assert hero(s)["potions"] == ["frost"]


# -- item 3: the Hermit (MR-P14) ------------------------------------------------------------------


def test_hermit_trades_xp_for_gold_and_food_for_hp() -> None:
    """J-data Bonfire_Hermit.asset: [XP -1, Gold 3], [Food -1, HP 3], [Special]; S3's text agrees."""
    s = enter(new("rogue"), "CAMP-2", xp=2, gold=1, skill_up=False)
    assert hero(s)["skill_up"]  # the refresh comes first, as on the Bonfire
    assert legal(s) == {"opt:1", "opt:2", "opt:3"}
    play(s, "opt:1")
    assert hero(s)["xp"] == 1 and hero(s)["gold"] == 4
    s = enter(new("rogue"), "CAMP-2", food=2, hp=5)
    play(s, "opt:2")
    assert hero(s)["food"] == 1 and hero(s)["hp"] == 8


def test_hermit_offers_a_trade_only_when_it_can_be_paid() -> None:
    """MR-P14: with 0 XP the "-1 XP" trade is not offered (no 1-HP penalty of D3 for a trade)."""
    s = enter(new("rogue"), "CAMP-2", xp=0, food=0)
    assert legal(s) == {"opt:3"}
    play(s, "opt:3")
    assert hero(s)["hp"] == 10 and hero(s)["xp"] == 0


# -- item 4: the Ghoul -----------------------------------------------------------------------------


def test_ghoul_numbers() -> None:
    """J-data Boss_TheGhoul.asset: HP 16/20/25, 2-player 32/40/50, damage 1/2/4, XP 3/4/5."""
    s = new("rogue")
    ghoul = s.data.bosses["ghoul"]
    assert [(f.hp, f.hp2, f.damage, f.reward[0].amount) for f in ghoul] == [
        (16, 32, 1, 3), (20, 40, 2, 4), (25, 50, 4, 5)]  # fmt: skip


# -- item 5: the Armory and the Alcove (MR-P13) ----------------------------------------------------


def test_armory_die_gives_the_weapon() -> None:
    """F ArmoryInteraction.cpp Setup: die 1-3 Rusty Dagger, 4-5 Fair Longsword, 6 Battle Axe."""
    for face, weapon in ((1, "rusty_dagger"), (3, "rusty_dagger"), (4, "fair_longsword"), (6, "battle_axe")):
        s = enter(new("rogue"), "ITEM-1")
        play(s, "try", f"check:5,{face}", "accept")
        assert phase(s) == "take" and "ev.item_found" in keys_of(s)
        play(s, "take")
        assert hero(s)["item"] == weapon


def test_armory_needs_the_skill_check() -> None:
    """F ArmoryThrowDice.cpp: a failed check gives nothing; no gold is paid (D7's price gone)."""
    s = enter(new("rogue"), "ITEM-1")
    play(s, "try", "check:4,6", "accept")
    assert hero(s)["item"] == "" and hero(s)["gold"] == 5


def test_battle_axe_gives_three_free_feats() -> None:
    """D7 (S3's Super Axe: 3 free feats), MR-P13."""
    s = enter(new("rogue"), "MON-A", item="battle_axe", xp=18)
    s.foe_hp = s.foe_max = 40
    play(s, "roll:x22,1", "feat:1,free", "white:3", "feat:2,free", "white:4", "feat:3,free", "white:2")
    assert hero(s)["item"] == "" and not any(a.endswith("free") for a in legal(s))


def test_alcove_die_gives_feat_or_cure() -> None:
    """J-data Item_Alcove.asset: SavedFeat x2, SavedCurePoison x2, SavedCureCurse x2."""
    for face, item in ((2, "stored_feat"), (3, "cure_poison"), (6, "cure_curse")):
        s = enter(new("rogue"), "ITEM-2")
        play(s, "try", f"check:6,{face}", "accept", "take")
        assert hero(s)["item"] == item


def test_stored_cure_is_used_when_its_status_comes() -> None:
    """MR-P13: the stored poison cure ends the poison at once and is used up."""
    s = enter(new("rogue"), "MON-A", item="cure_poison")
    effects.add_status(s, 0, "curse")
    assert hero(s)["item"] == "cure_poison" and hero(s)["statuses"] == ["curse"]
    effects.add_status(s, 0, "poison")
    assert hero(s)["item"] == "" and hero(s)["statuses"] == ["curse"]


def test_stored_cure_taken_while_afflicted_is_used_at_once() -> None:
    s = enter(new("rogue"), "ITEM-2", curse=True)
    play(s, "try", "check:5,5", "accept", "take")
    assert hero(s)["item"] == "" and hero(s)["statuses"] == []


def test_info_names_the_items_by_face() -> None:
    s = enter(new("rogue"), "ITEM-1")
    text = next(e for e in G.info_entries(s, "en") if e.key == "card:ITEM-1").text
    assert "1-3: Rusty Dagger" in text and "6: Battle Axe" in text and "3 free feats" in text
    ja = next(e for e in G.info_entries(s, "ja") if e.key == "card:ITEM-1").text
    assert "戦斧" in ja


# -- item 6: the third die at 18 XP (MR-P12) -------------------------------------------------------


def test_third_die_at_18_xp() -> None:
    """F Rooms/MonsterRoom.cpp GetPlayerLevel (Exp >= 18: 3, Exp >= 6: 2); S4 agrees."""
    s = new("rogue")
    h = s.heroes[0]
    for xp, dice in ((5, 1), (6, 2), (12, 2), (17, 2), (18, 3)):
        h.xp = xp
        assert s.dice_count(h) == dice


# -- item 7: the official English titles -----------------------------------------------------------


def test_official_english_titles() -> None:
    """J-scan file names (Assets/Scans/Cards/): Bonfire, Tomb, Empty Shelter, Mimic, Alcove, Armory;
    J-scan IMG_20230630_0007.jpg: Goblin Warrior, Undead Arbalist. Japanese names stay."""
    cat = G.catalogue
    cards = ("CAMP-1", "CAMP-2", "GRV-1", "GRV-4", "TRES-A", "TRES-B", "ITEM-1", "ITEM-2", "MERC-2", "TRAP-2")
    titles = {c: cat.text(f"mr.card.{c}", "en") for c in cards}
    assert titles == {"CAMP-1": "Bonfire", "CAMP-2": "Hermit", "GRV-1": "Tomb", "GRV-4": "Empty Shelter",
                      "TRES-A": "Mimic", "TRES-B": "Treasure", "ITEM-1": "Armory", "ITEM-2": "Alcove",
                      "MERC-2": "Hunter", "TRAP-2": "Bats"}  # fmt: skip
    assert cat.text("mr.name.goblin", "en") == "Goblin Warrior"
    assert cat.text("mr.name.crossbowman", "en") == "Undead Arbalist"
    assert cat.text("mr.card.CAMP-1", "ja") == "たき火" and cat.text("mr.card.GRV-1", "ja") == "墓所"


def test_stored_cure_given_to_an_afflicted_partner_is_used() -> None:
    """MR-P13: "as soon as its holder has it" holds for a cure received in a gift or trade."""
    s = new("crusader", partner="rogue")
    play(s, "card:CAMP-1")
    a, b = s.heroes
    a.item, b.poison = "cure_poison", True
    assert phase(s) == "window" and "give:item" in legal(s)
    play(s, "give:item", "accept")
    assert b.item == "" and not b.poison and a.item == ""
