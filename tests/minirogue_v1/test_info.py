"""What the table shows is on screen or one key away (issue 11, item 8): every card's text and
table (``info_entries``), the Merchant's wares and prices, the Resting options, the Event and Trap
tables with the chance of the skill check, what each die is rolled for, and the end in words."""

from __future__ import annotations

import pytest

from solotable.core.text_layout import wrap
from solotable.games.minirogue_v1.tui import table_lines

from .helpers import G, attack, new, play, random_game, to_combat

LANGS = ("en", "ja")


def entries(s: object, lang: str = "en") -> dict[str, str]:
    return {e.key: e.title + "\n" + e.text for e in G.info_entries(s, lang)}


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_and_table_is_one_key_away(lang: str) -> None:
    s = new()
    keys = [e.key for e in G.info_entries(s, lang)]
    assert keys == [
        "card:monster", "card:treasure", "card:merchant", "card:resting", "card:event", "card:trap", "card:boss",
        "spells", "combat", "character", "dungeon", "score",
    ]  # fmt: skip
    assert all(e.title and e.text and "{" not in e.text for e in G.info_entries(s, lang))


def test_merchant_wares_and_prices() -> None:  # §5.4
    text = entries(new())["card:merchant"]
    for line in ("Ration (+1 Food): 1", "Health Potion (+1 HP): 1", "Big Health Potion (+4 HP): 3",
                 "Armor Piece (+1 Armor): 6", "Fire spell: 8", "Heal spell: 8"):  # fmt: skip
        assert line in text
    assert "Armor Piece (−1 Armor) for 3 gold, a spell for 4 gold" in text


def test_resting_options() -> None:  # §5.5
    text = entries(new())["card:resting"]
    assert "exactly one" in text and "(+1 XP)" in text and "(+1 Food)" in text and "(+2 HP)" in text


@pytest.mark.parametrize("rank", [1, 3])
def test_event_table_and_the_chance_of_the_skill_check(rank: int) -> None:  # §5.6, §3.3
    text = entries(new(rank=rank))["card:event"]
    assert "1: Found Ration (+1 Food)" in text and "6: Monster (fight)" in text
    assert f"Rank ({rank}) or less succeeds, {rank} in 6" in text
    s = new(rank=rank)
    play(s, "reveal:event", "d6:3")
    assert f"succeeds on {rank} or less ({rank} in 6)" in G.render_text(s, "en")
    assert "2: Health Potion (+2 HP)" in G.render_text(s, "en") and "4: Whetstone (+2 XP)" in G.render_text(s, "en")
    assert f"({rank} in 6)" in G.describe(s, s.legal_actions()[0])
    assert f"6分の{rank}" in G.render_text(s, "ja")


def test_trap_table_skill_check_and_pit() -> None:  # §5.7, R24, R25
    text = entries(new(area=3, rank=2))["card:trap"]
    assert "6: Pit (−2 HP and fall)" in text and "2 in 6" in text and "area 5" in text
    assert "no level below" in entries(new(area=12))["card:trap"]


def test_monster_and_boss_cards() -> None:  # §5.1, §5.2
    e = entries(new())
    assert "Level 3 (Undead Catacombs): Undead Knight, damage 6, 2 XP" in e["card:monster"]
    assert "Level 2: Skeleton Lord, HP 15, damage 5, 2 gold, 3 XP" in e["card:boss"]
    assert "Og's Remains, HP 30, damage 12: defeat it to win" in e["card:boss"]


def test_the_foe_and_the_room_in_play_come_first() -> None:
    s = to_combat(area=3, face=4, armor=1)
    keys = [e.key for e in G.info_entries(s)]
    assert keys[:2] == ["foe", "card:monster"]
    assert "HP 7 of 7, damage 4 (you take 3 after Armor 1)" in entries(s)["foe"]


@pytest.mark.parametrize(
    ("notations", "phase_words", "outcome", "label"),
    [
        (
            ["reveal:monster"],
            "the monster's HP roll (area 1 + one die)",
            "d6:3",
            "Monster's HP roll 3: area 1 + 3 = 4 HP",
        ),
        (["reveal:treasure"], "(5 or more finds one)", "d6:4", "Treasure roll 4: no item"),
        (["reveal:treasure", "d6:6"], "the item roll (1 Armor Piece", "d6:3", "Item roll 3: Fireball Spell"),
        (["reveal:event"], "the Event roll", "d6:4", "Event roll 4: Whetstone (+2 XP)"),
        (["reveal:event", "d6:2", "check"], "a die of 1 or less succeeds (1 in 6)", "d6:2", "Skill check 2: failure"),
        (["reveal:trap"], "the Trap roll", "d6:6", "Trap roll 6: Pit (−2 HP and fall)"),
        (["reveal:trap", "d6:6"], "avoids the trap (1 in 6)", "d6:1", "Skill check 1: success"),
    ],
)
def test_what_each_die_is_rolled_for(notations: list[str], phase_words: str, outcome: str, label: str) -> None:
    s = new()
    play(s, *notations)
    assert s.is_chance()
    assert phase_words in G.render_text(s, "en")
    action = G.parse_action(s, outcome)
    assert G.describe(s, action).startswith(label)
    assert G.describe(s, action, "ja") != G.describe(s, action)


def test_critical_and_feat_rerolls_name_their_die() -> None:  # §6.2 A3, §6.3
    s = to_combat(area=3, face=4, rank=2, hp=10)
    attack(s, [3, 6], "crit:2")
    assert "the critical reroll of die 2" in G.render_text(s)
    assert G.describe(s, G.parse_action(s, "d6:4")) == "Critical reroll of die 2: 4, the die is worth 10"
    assert G.describe(s, G.parse_action(s, "d6:1")).startswith("Critical reroll of die 2: 1, the die misses")
    play(s, "d6:2")
    play(s, "feat:1,hp")
    assert "the feat's reroll of die 1" in G.render_text(s)
    assert G.describe(s, G.parse_action(s, "d6:5")) == "Feat reroll of die 1: 5"


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_in_words(lang: str) -> None:
    s, _ = random_game(3, keys=True)
    assert s.is_terminal()
    text = G.render_text(s, lang)
    cause = s.result().details["cause"]
    assert "cause" not in text and "no_key" not in text  # no raw key
    assert ("slain by a monster" in text) if lang == "en" else ("モンスターに倒された" in text)
    assert ("Score 23: difficulty 2 + area 2 × 3" in text) if lang == "en" else ("スコア23：難易度2" in text)
    assert G.cause_label(cause, lang) == ("monster" if lang == "en" else "モンスター")  # a word, not a key
    for key in s.result().details:  # every result detail has its words (the simulator, the summary)
        assert f"mr1.simstat.{key}" in G.catalogue


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_says_what_the_game_waits_for(lang: str) -> None:
    s = new(rank=2)
    play(s, "reveal:event", "d6:5")
    lines = table_lines(s.observation(), lang)
    words = "".join(lines)
    assert ("2 in" in words) if lang == "en" else ("6分の2" in words)
    assert all(not line.startswith(("。", "、", "）")) for line in lines)


def test_wrap_never_strands_japanese_punctuation() -> None:
    for width in range(6, 20):
        lines = wrap("イベントのダイス5：盾発見（防御力+1）。（4：砥石（経験値+2）／6：モンスター（戦闘））", width)
        assert all(not ln.startswith(("。", "、", "）", "：")) and not ln.endswith("（") for ln in lines), lines
