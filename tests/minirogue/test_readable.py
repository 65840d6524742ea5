"""What a player sees of Mini Rogue (2020), issue 11: no needless stops (item 13), the cards and
prices one key away (item 8), whose decision it is, the end in words, the glossary (item 11)."""

from __future__ import annotations

from .helpers import legal, new, phase, play


def test_MR_P11_offers_alone_do_not_stop_play_before_each_room() -> None:
    """Item 13: both players were asked to pass before every room because a gift was possible.
    Offers alone now open the window after both rooms (before moving) and at the exit."""
    s = new("crusader", partner="rogue")
    for h in s.heroes:
        h.skill_up = False  # no skill to use, no potion: only gifts of gold and food are possible
    play(s, "card:MERC-1")
    assert phase(s) == "shop" and s.to_move == 0  # the Leader's room at once, no window
    play(s, "leave", "card:GRV-1", "card:TRAP-1")
    assert phase(s) == "shop" and s.to_move == 1  # nor between the two rooms
    play(s, "leave")
    assert phase(s) == "window" and s.to_move == 0 and "give:food" in legal(s)  # after both rooms
    play(s, "pass", "pass")
    assert phase(s) == "move"


def test_MR_P11_a_window_opened_for_a_potion_still_offers_gifts() -> None:
    s = new("crusader", partner="rogue")
    s.heroes[0].skill_up = s.heroes[1].skill_up = False
    s.heroes[1].potions, s.heroes[1].hp = ["healing"], 5
    play(s, "card:MERC-1")
    assert phase(s) == "window" and s.to_move == 1  # the Partner has a potion to drink
    assert {"drink:healing", "give:gold", "give:food"} <= legal(s)
    play(s, "give:food", "accept")
    assert s.heroes[0].food == 5


# -- item 8: what the table shows is one key away ---------------------------------------------

import random  # noqa: E402
import re  # noqa: E402
import tomllib  # noqa: E402
from importlib import resources  # noqa: E402

from solotable.games.minirogue.data import check_text  # noqa: E402

from .helpers import G  # noqa: E402


def entries(s: object, lang: str) -> dict[str, str]:
    return {e.key: e.title + "\n" + e.text for e in G.info_entries(s, lang)}  # type: ignore[arg-type]


def test_every_card_in_view_says_what_it_does() -> None:
    s = new("rogue", area=3)  # floor 2
    play(s, "card:TRAP-3", "pass", "check:5,3", "accept", "card:MERC-2", "card:SHRN")
    en, ja = entries(s, "en"), entries(s, "ja")
    assert "card:TRAP-3" in en and "card:MERC-2" in en and "card:SHRN" in en
    trap = en["card:TRAP-3"]
    assert "1-2 Rat horde: failure −1 food × floor; success Holy potion" in trap  # Trap 3's rows
    assert "5-6 Pendulums: failure −1 HP × floor, Poison; success Perception potion" in trap
    merchant = en["card:MERC-2"]
    assert "+1 food: 2 gold" in merchant and "+4 HP: 3 gold" in merchant  # the floor-2 price of food
    assert "Sell 1 armor for 4 gold, a potion for 2 gold." in merchant
    shrine = en["card:SHRN"]
    assert "An offering of 1 gold adds 1" in shrine and "4: +2 HP, Blessing" in shrine
    assert "Fire potion" in en["potion:fire"] and "7 damage" in en["potion:fire"]
    assert "+6 HP" in en["potion:healing"]
    assert "Giant Spider" in entries(new("rogue"), "en")["card:reward"] or "Apparition" in en["card:reward"]
    for key in en:
        assert key in ja and ja[key] != en[key]
        for text in (en[key], ja[key]):
            assert "{" not in text and "mr." not in text and "@" not in text
    assert "ネズミの大群" in ja["card:TRAP-3"] and "食料−1×階層" in ja["card:TRAP-3"]


def test_a_monster_card_gives_every_floor_and_marks_this_one() -> None:
    s = new("crusader", partner="mage")
    play(s, "card:MON-B")
    text = entries(s, "en")["card:MON-B"]
    assert "▶Floor 1: Giant Spider, 6 HP (12 with two players), 2 damage" in text
    assert " Floor 3: Undead Arbalist, 12 HP (24 with two players), 6 damage, icons: Poison" in text
    assert "foe" not in entries(s, "en")
    while phase(s) == "window":
        play(s, "pass")
    assert "Giant Spider" in entries(s, "en")["foe"] and "Now: 12 of 12 HP." in entries(s, "en")["foe"]


def test_the_boss_items_and_corrections_are_shown_as_in_force() -> None:
    s = G.new_state(seed=1, character="rogue", cards_data=check_text("[gear.battle_axe]\nfree_feats = 2\n", "f"))
    s.heroes[0].item = "cure_curse"
    play(s, "card:ITEM-1")
    en = entries(s, "en")
    assert "6: Battle Axe. Used up for a free feat (no XP or HP paid); it gives 2 free feats" in en["card:ITEM-1"]
    assert "5-6: stored curse cure. Cures Curse" in en["card:ITEM-2"] and "skill check" in en["card:ITEM-2"]
    s = new("rogue", area=2)
    play(s, "card:CAMP-1", "boss:ghoul")
    boss = entries(s, "en")["boss:ghoul"]
    assert "▶Floor 1: Ghoul, 16 HP (32 with two players), 1 damage, icons: Weaken, Ignore armor" in boss


# -- whose decision it is, what is drawn, the end in words ---------------------------------------


def test_every_state_says_who_decides_what_or_what_is_drawn_and_the_end_in_words() -> None:
    for seed, opts in ((1, {"character": "rogue"}), (2, {"character": "mage", "partner": "crusader"})):
        s = G.new_state(seed=seed, **opts)
        rng = random.Random(seed)
        while True:
            for lang in ("en", "ja"):
                last = G.render_text(s, lang).splitlines()[-1]
                assert "{" not in last and "mr." not in last and "@" not in last
                if s.is_terminal():
                    assert last.startswith(("Victory", "Defeat", "勝利", "敗北")) and "cause" not in last
                elif not s.is_chance() and len(s.heroes) == 2:
                    seat = s.to_move + 1
                    assert f"Player {seat} (" in last or f"プレイヤー{seat}（" in last
            if s.is_terminal():
                break
            s.apply(s.chance_table().sample(rng) if s.is_chance() else rng.choice(s.legal_actions()))
    assert "Defeat: player" in G.render_text(s, "en") and "was killed by" in G.render_text(s, "en")


def test_labels_name_what_a_choice_does() -> None:
    s = new("rogue")
    s.heroes[0].xp = 6
    play(s, "card:MON-A", "pass", "roll:35,1", "backstab")
    labels = {G.describe(s, a, "en") for a in s.legal_actions() if a.name == "confirm"}
    assert len(labels) == 2  # 'confirm:1' and 'confirm:2' no longer read the same
    s = new("rogue")
    s.heroes[0].poison = True
    play(s, "card:MON-A", "pass")
    label = G.describe(s, G.parse_action(s, "x 3 p"), "en")
    assert label == "White die ×, black die 3, poison die: its icon" and "p1" not in label  # one die
    one = G.parse_action(s, "x 3 p")
    two = type(one)(one.name, "x5", *one.args[1:])
    assert G.describe(s, two, "en").startswith("White dice ×, 5, black die 3")
    s = new("crusader")
    s.heroes[0].gold = 10
    play(s, "card:MERC-1", "pass")
    assert "Buy +4 HP for 3 gold" in {G.describe(s, a, "en") for a in s.legal_actions()}


# -- item 11: one glossary, full-width punctuation, English grammar ------------------------------

REJECTED = ["フロア", "技能チェック", "会心の一撃", "アーマー", "守備力", "ゴールド", "サイコロ", "ノーマル", "ハード",
            "最大HP", "食糧", "HP"]  # fmt: skip


def catalogues() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for package, name in (("solotable.games.minirogue", "messages.toml"),
                          ("solotable.games.minirogue", "messages_tui.toml")):  # fmt: skip
        out.update(tomllib.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8")))
    return out


FRAGMENTS = {"mr.ui.list", "mr.info.or", "mr.info.reward", "mr.err.roll_poison", "mr.err.roll_curse",
             "mr.phase.extra_p", "mr.phase.extra_c"}  # fmt: skip
"""Pieces joined inside a sentence (a list's separator, an optional clause): never a line's start."""


def test_japanese_by_the_glossary_with_full_width_punctuation() -> None:
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    for key, entry in catalogues().items():
        if key in FRAGMENTS:
            continue
        ja = re.sub(r"\{[^}]*\}", "", entry["ja"])
        for word in REJECTED:
            assert word not in ja, (key, word)
        for m in re.finditer(r"[(),:]", ja):  # ASCII punctuation next to Japanese
            near = ja[max(0, m.start() - 1) : m.end() + 1]
            assert not japanese.search(near), (key, entry["ja"])
        for line in entry["ja"].split("\\n"):
            assert not line.startswith(("。", "、", "）")) and not line.endswith("（"), key


def test_english_without_s_plurals_and_with_die_for_one() -> None:
    for key, entry in catalogues().items():
        assert "(s)" not in entry["en"], key
        assert not re.search(r"\b1 dice\b|\{dice\} dice|\{n\} dice", entry["en"]), key
    for seed in range(6):
        s = G.new_state(seed=seed, character="mage")
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(s.chance_table().sample(rng) if s.is_chance() else rng.choice(s.legal_actions()))
            for e in s.events:
                text = G.event_text(e, "en")
                assert "1 dice" not in text and "(s)" not in text and " x," not in text


# -- item 12: the help holds what a player needs, and points at nothing outside -------------------


def test_the_help_holds_what_a_player_needs_in_both_languages() -> None:
    for lang, words in (("en", ["MR-P11", "S1 the Japanese how-to", "`i`", "grade", "x 5 6 3 p"]),
                        ("ja", ["MR-P11", "S1 BGA版ミニローグの日本語解説", "`i`", "確度", "x 5 6 3 p"])):  # fmt: skip
        text = G.help_text(lang)
        for word in words:
            assert word in text, (lang, word)
    ja = G.help_text("ja")
    for word in REJECTED:
        assert word not in ja, word


def test_nothing_in_the_package_points_outside_the_repository() -> None:
    package = resources.files("solotable.games.minirogue")
    for name in ("cards.toml", "messages.toml", "rules_help_en.md", "rules_help_ja.md"):
        text = package.joinpath(name).read_text(encoding="utf-8")
        assert "shared/" not in text and "../" not in text, name
    assert "shared/" not in G.rules_listing("provisional", "en")


def test_the_last_checks_dice_are_not_shown_in_a_new_area() -> None:
    # issue 20, item 10: the dice of a skill check stayed on the board after the area was left
    from solotable.agents.registry import make_agent
    from solotable.core.session import Session

    seen_check = left_area = 0
    for seed in range(1, 7):
        session = Session("minirogue", seed=seed)
        bot = make_agent("heuristic", "minirogue")
        rng = random.Random(seed)
        checked_in: int | None = None
        steps = 0
        while not session.state.is_terminal() and steps < 400:
            obs = session.state.observation()
            if obs["check"] is not None:
                if checked_in is None:
                    checked_in = obs["area"]
                    seen_check += 1
                assert obs["area"] == checked_in, (seed, steps)  # never shown in another area
            elif checked_in is not None and obs["area"] != checked_in:
                left_area += 1
                checked_in = None
            if obs["check"] is None:
                checked_in = None
            session.play(bot.choose(session.state.clone(), rng))
            steps += 1
    assert seen_check and left_area
